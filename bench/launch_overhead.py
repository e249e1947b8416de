#!/usr/bin/env python3
"""Host time per kernel call in the pure-Python launcher, without a GPU.

Runs the launcher against the fake CUDA driver (nothing executes on a
device) and times, per call: the argument checks (DLPack reads), the host
part (descriptor creation for the TMA copy), and the whole call. The
reference, measured in the same run, is the floor: one ctypes call of
tirxrt_launch with prepared arguments. Prints each phase and its ratio to
the reference.

    PYTHONPATH=build/python_packages python3 bench/launch_overhead.py
"""

import os
import sys
import tempfile
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path[:0] = [os.path.join(REPO, "build", "python_packages"),
                os.path.join(REPO, "test", "python")]
os.environ.setdefault("TIRX_CUDA_DRIVER",
                      os.path.join(REPO, "build", "lib", "libtirx-fake-cuda.so"))

from fake_dlpack import FakeCudaTensor  # noqa: E402
from tirx.runtime import compile_package, load  # noqa: E402


def per_call(fn, n):
    fn()
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t) / n)
    return best * 1e6


def main():
    n = int(os.environ.get("N", "2000"))
    tmp = tempfile.mkdtemp()
    cases = {
        "tma_tile_copy": ("tma_tile_copy.mlir",
                          lambda: (FakeCudaTensor((1000, 64), "float16"),
                                   FakeCudaTensor((1024, 64), "float16",
                                                  data=0x7F0000900000))),
        "axpy": ("elementwise.mlir",
                 lambda: (FakeCudaTensor((1024,), "float32"),
                          FakeCudaTensor((1024,), "float32", data=0x7F0000900000),
                          2.0, 1000)),
    }
    print("%-14s %-22s %10s %8s" % ("kernel", "phase", "us/call", "ratio"))
    for name, (src, make_args) in cases.items():
        with open(os.path.join(REPO, "examples", src)) as f:
            path = compile_package(f.read(), os.path.join(tmp, name),
                                   assemble=False)
        k = getattr(load(path), name)
        args = make_args()
        k(*args)
        rt = k.package.runtime()
        params, device = k.check_arguments(*args)
        # The reference: tirxrt_launch alone, the arguments prepared once
        # (Kernel.prepare: the same argument values and sizes a call passes).
        ref = per_call(k.prepare(*args), n)
        phases = [("tirxrt_launch (ref)", ref),
                  ("argument checks", per_call(lambda: k.check_arguments(*args), n)),
                  ("host part", per_call(lambda: k.evaluate(params, rt), n)),
                  ("whole call", per_call(lambda: k(*args), n))]
        for phase, us in phases:
            print("%-14s %-22s %10.1f %7.1fx" % (name, phase, us, us / ref))


if __name__ == "__main__":
    main()
