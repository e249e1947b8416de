#!/usr/bin/env python3
"""Host time per kernel call through the launcher, without a GPU.

Runs the launcher against the fake CUDA driver (nothing executes on a
device) and times, per call, against the floor measured in the same run:
one ctypes call of tirxrt_launch with prepared arguments (Kernel.prepare).

- "call (plan)": a call through tirx.build's launcher as users make it,
  on the path a repeated signature takes: the signature read from the
  tensors (PyTorch: dtype, shape, strides, device, data_ptr), the launch
  plan of that signature found, one tirxrt_plan_launch (the runtime
  library fills the addresses, re-encodes the tensormaps whose address
  changed, launches);
- "call (DLPack)": the same with tensors the launcher reads through DLPack
  only (the capsule parsed in C, tirxrt_dlpack_read), checked every call;
- "call (Python)": the portable pure-Python launcher (TIRX_LAUNCHER=python,
  or a runtime library without plans): checks, host part, packing in
  Python every call;
- the argument checks and the host part alone (the pure-Python phases).

Tensors: the device check's PyTorch stand-in (bench/gpu/dry_torch.py, as
`torch`) and a bare DLPack producer (test/python/fake_dlpack.py). Each call
alternates between two sets of tensors at different addresses; the plan
keeps the tensormaps of the last four addresses of each parameter, so these
calls encode nothing after the first two. "call (plan, 8 sets)" cycles
through eight sets instead, so every call re-encodes every tensormap (the
plan path's worst case).

    PYTHONPATH=build/python_packages python3 bench/launch_overhead.py
"""

import os
import sys
import tempfile
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path[:0] = [os.path.join(REPO, "build", "python_packages"),
                os.path.join(REPO, "test", "python"),
                os.path.join(REPO, "bench", "gpu"), os.path.join(REPO, "examples")]
os.environ.setdefault("TIRX_CUDA_DRIVER",
                      os.path.join(REPO, "build", "lib", "libtirx-fake-cuda.so"))

import dry_torch  # noqa: E402
sys.modules.setdefault("torch", dry_torch)

from fake_dlpack import FakeCudaTensor  # noqa: E402
from tirx.runtime import compile_package, load  # noqa: E402
from tirx.runtime import launcher as L  # noqa: E402


def per_call(fns, n, rounds=5):
    """µs per call of each function: the best of `rounds` rounds of n
    calls, the functions taking turns within each round (a change of the
    machine's load meets the floor and the calls alike)."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            for _ in range(n):
                fn()
            best[i] = min(best[i], (time.perf_counter() - t) / n)
    return [b * 1e6 for b in best]


def _cycle(make, count):
    """`count` argument lists at different addresses; calls take them in
    turn."""
    sets = [make(i) for i in range(count)]
    turn = [0]

    def args():
        turn[0] = (turn[0] + 1) % count
        return sets[turn[0]]
    return sets[0], args


def main():
    n = int(os.environ.get("N", "2000"))
    tmp = tempfile.mkdtemp()
    base = 0x7F0000100000

    def fake(shape, dtype, i, j):
        return FakeCudaTensor(shape, dtype, data=base + (i * 8 + j) * (1 << 24))

    def torchlike(shape, dtype, i, j):
        return dry_torch.Tensor(shape, getattr(dry_torch, dtype),
                                address=base + (i * 8 + j + 4) * (1 << 24))

    sources = {
        "tma_tile_copy": ("examples/tma_tile_copy.mlir", None,
                          [((1000, 64), "float16"), ((1024, 64), "float16")]),
        "axpy": ("examples/elementwise.mlir", None,
                 [((1024,), "float32"), ((1024,), "float32"), 2.0, 1000]),
        "gemm": (None, ("hopper_gemm", "make_gemm", (1024, 1024, 1024)),
                 [((1024, 1024), "bfloat16")] * 3),
    }
    print("%-14s %-10s %-22s %10s %8s" % ("kernel", "tensors", "phase", "us/call", "ratio"))
    for name, (src, maker, spec) in sources.items():
        if src is not None:
            with open(os.path.join(REPO, src)) as f:
                text = f.read()
        else:
            import importlib
            mod = importlib.import_module("kernels." + maker[0])
            from tirx.runtime.cached_build import _module_text
            text = _module_text(getattr(mod, maker[1])(*maker[2]))
        path = compile_package(text, os.path.join(tmp, name), assemble=False)
        k = next(iter(load(path).kernels.values()))
        rt = k.package.runtime()
        for kind, make_tensor in (("torch", torchlike), ("DLPack", fake)):
            def make(i):
                return [make_tensor(s[0], s[1], i, j) if isinstance(s, tuple) else s
                        for j, s in enumerate(spec)]
            args, alternate = _cycle(make, 2)
            k(*args)
            params, _device = k.check_arguments(*args)
            # the floor and the plan path, measured in turns
            phases = [("tirxrt_launch (ref)", k.prepare(*args)),
                      ("call (plan)" if kind == "torch" else "call (DLPack)",
                       lambda: k(*alternate()))]
            if kind == "torch":
                _first, rotate = _cycle(make, 8)
                phases.append(("call (plan, 8 sets)", lambda: k(*rotate())))
            times = per_call([fn for _, fn in phases], n)
            ref = times[0]
            rows = [(name, us) for (name, _), us in zip(phases, times)]
            plans, reader = rt.has_plans, L._dlpack_reader
            rt.has_plans, L._dlpack_reader = False, None
            k._plans.clear()
            slow = [("call (Python)", lambda: k(*alternate())),
                    ("  argument checks", lambda: k.check_arguments(*args)),
                    ("  host part", lambda: k.evaluate(params, rt))]
            rows += zip([name for name, _ in slow],
                        per_call([fn for _, fn in slow], max(1, n // 10)))
            rt.has_plans, L._dlpack_reader = plans, reader
            for phase, us in rows:
                print("%-14s %-10s %-22s %10.1f %7.1fx" % (name, kind, phase, us, us / ref))


if __name__ == "__main__":
    main()
