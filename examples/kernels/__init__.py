"""Kernels written in TIRx script (see docs/Kernels.md).

Each module has a `make_*` function that returns a `@T.prim_func` for a
problem size and a configuration, and says how to launch it. `common`
compiles a kernel and reads ptxas's resource report.
"""
