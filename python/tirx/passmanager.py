"""Pass pipelines, as upstream MLIR's ``mlir.passmanager``.

Every upstream and TIRx pass and pipeline is registered::

    pm = PassManager.parse("builtin.module(canonicalize,cse)")
    pm.enable_ir_printing(print_after_all=True)
    pm.enable_timing()
    pm.run(module.operation)
"""

from ._tirx import PassManager  # noqa: F401

__all__ = ["PassManager"]
