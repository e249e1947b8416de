#!/usr/bin/env python3
"""Device check: every example kernel through its package, on a real GPU.

Two steps, on two machines:

  build (here, with the compiler):
      python3 bench/gpu/device_check.py build [OUT] [--dry-run]
    compiles every case into OUT (default build/device-check): one kernel
    package per case (PTX + sm_90a cubin + launch description), the runtime
    library, the launcher (tirx_launcher.py), this script and plan.json.
    With --dry-run it also evaluates each kernel's host part on synthetic
    arguments (no GPU needed) and prints the plan.

  run (on the GPU machine; needs only OUT, Python 3.8+ and PyTorch):
      python3 OUT/device_check.py run OUT
    loads each package with the launcher, runs it on PyTorch tensors,
    compares with a PyTorch reference and prints a table (kernel, max error,
    kernel time, launch overhead) and the GPU model. Exits 1 if any case
    fails. It takes a few seconds; nothing is compiled there.
"""

import argparse
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

# Each case: the example it compiles, the kernel function, its arguments
# (tensors: shape, dtype, how to fill them) and the reference. Shapes are
# the examples' own.
CASES = [
    {"name": "dsmem_remote_arrive", "source": "examples/dsmem_remote_arrive.mlir",
     "what": "cluster of 2 CTAs, remote mbarrier arrive through DSMEM (the spec's example)",
     "args": [{"tensor": [2], "dtype": "int32", "fill": "zeros"}],
     "check": "dsmem"},
    {"name": "tma_tile_copy", "source": "examples/tma_tile_copy.mlir",
     "what": "TMA tile copy, descriptor built on the host, passed as __grid_constant__",
     "args": [{"tensor": [1000, 64], "dtype": "float16", "fill": "randn"},
              {"tensor": [1024, 64], "dtype": "float16", "fill": "ones"}],
     "check": "tma_copy"},
    {"name": "axpy", "source": "examples/elementwise.mlir",
     "what": "elementwise B = A * alpha + B with a bounds check",
     "args": [{"tensor": [1024], "dtype": "float32", "fill": "randn"},
              {"tensor": [1024], "dtype": "float32", "fill": "randn"},
              {"scalar": 2.5}, {"scalar": 1000}],
     "check": "axpy"},
    {"name": "axpy_dynamic", "source": "examples/axpy_dynamic.mlir",
     "what": "axpy over any length: grid and length computed by the host part",
     "args": [{"tensor": [100000], "dtype": "float32", "fill": "randn"},
              {"tensor": [100000], "dtype": "float32", "fill": "randn"},
              {"scalar": 0.5}],
     "check": "axpy_all"},
    {"name": "warp_sum", "source": "examples/warp_sum.mlir",
     "what": "warp reduction with butterfly shuffles (128 warps x 256 floats)",
     "args": [{"tensor": [32768], "dtype": "float32", "fill": "randn"},
              {"tensor": [128], "dtype": "float32", "fill": "zeros"}],
     "check": "warp_sum"},
    {"name": "cta_sum", "source": "examples/cta_sum.mlir",
     "what": "CTA reduction: shuffles, shared memory, barrier (64 rows x 1024)",
     "args": [{"tensor": [64, 1024], "dtype": "float32", "fill": "randn"},
              {"tensor": [64], "dtype": "float32", "fill": "zeros"}],
     "check": "cta_sum"},
    {"name": "py_func", "script": "bench/gpu/pyfunc_module.py:AxpyTwice",
     "call": "twice",
     "what": "an @I.ir_module whose @I.pyfunc launches its kernel twice",
     "args": [{"tensor": [1024], "dtype": "float32", "fill": "randn"},
              {"tensor": [1024], "dtype": "float32", "fill": "randn"},
              {"scalar": 1.5}, {"scalar": 1000}],
     "check": "axpy_twice"},
    {"name": "byte_pool_view", "source": "examples/byte_pool_view.mlir",
     "what": "typed f32 view over a byte pool in dynamic shared memory",
     "args": [{"tensor": [256], "dtype": "float32", "fill": "randn"},
              {"tensor": [256], "dtype": "float32", "fill": "zeros"}],
     "check": "copy"},
]

# Cases the plan lists but cannot build yet, with the reason.
NOT_BUILT = []


# ---------------------------------------------------------------------------
# build (with the compiler)
# ---------------------------------------------------------------------------

def build(out, dry_run=False, target="sm_90a"):
    sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))
    from tirx.runtime import compile_package, launcher
    from tirx.runtime.cached_build import _module_text

    os.makedirs(out, exist_ok=True)
    plan = {"target": target, "cases": [], "not_built": NOT_BUILT}
    t0 = time.perf_counter()
    for case in CASES:
        if "script" in case:  # a scripted module: "file.py:Name"
            import importlib.util
            file, obj = case["script"].split(":")
            src = os.path.join(REPO, file)
            spec = importlib.util.spec_from_file_location("case_" + case["name"], src)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = mod  # inspect reads classes' source through it
            spec.loader.exec_module(mod)
            text = _module_text(getattr(mod, obj))
        else:
            src = os.path.join(REPO, case["source"])
            with open(src) as f:
                text = f.read()
        pkg_dir = os.path.join(out, case["name"] + ".tirxpkg")
        compile_package(text, pkg_dir, target=target, source_name=src,
                        include_launcher=False, include_runtime=False)
        entry = dict(case, package=os.path.basename(pkg_dir))
        plan["cases"].append(entry)
    build_s = time.perf_counter() - t0
    # What travels: the packages, the runtime, the launcher, this script.
    shutil.copy(launcher.__file__, os.path.join(out, "tirx_launcher.py"))
    shutil.copy(launcher.find_runtime_library(),
                os.path.join(out, launcher.RUNTIME_LIBRARY))
    shutil.copy(os.path.abspath(__file__), os.path.join(out, "device_check.py"))
    with open(os.path.join(out, "plan.json"), "w") as f:
        json.dump(plan, f, indent=2)
    print("built %d packages for %s in %.1f s into %s"
          % (len(plan["cases"]), target, build_s, out))
    if dry_run:
        print_plan(out, plan, launcher)
    return plan


def print_plan(out, plan, launcher):
    """Loads every package and evaluates its host part on synthetic
    arguments (addresses are made up; nothing runs)."""
    print("\nplan (dry run: host parts evaluated, no GPU):")
    fmt = "%-20s %-10s %-12s %-10s %-8s %-7s %s"
    print(fmt % ("kernel", "grid", "block", "cluster", "smem", "images", "arguments"))
    address = 0x7F0000000000
    for case in plan["cases"]:
        pkg = launcher.load(os.path.join(out, case["package"]))
        kernel = next(iter(pkg.kernels.values()))
        via = "<-" + case["call"] if case.get("call") else ""
        params = []
        for spec in case["args"]:
            if "tensor" in spec:
                info = launcher.TensorInfo()
                info.data, address = address, address + (1 << 24)
                info.device_type, info.device_id = 2, 0
                info.dtype, info.lanes = spec["dtype"], 1
                info.shape = tuple(spec["tensor"])
                info.strides = launcher._row_major(info.shape)
                info.framework, info.source = "dry-run", None
                params.append(info)
            else:
                params.append(spec["scalar"])
        cfg = kernel.evaluate(params, None)
        args = ", ".join(
            "%s(%s)" % (abi, v[1]["dtype"]) if abi == "tensormap" else abi
            for abi, v in cfg["args"])
        images = "+".join(i["kind"] for i in pkg.manifest["images"])
        print(fmt % (kernel.name + via, "x".join(map(str, cfg["grid"])),
                     "x".join(map(str, cfg["block"])),
                     "x".join(map(str, cfg["cluster"])) if cfg["cluster"] else "-",
                     cfg["shared_memory"], images, args))
    for nb in plan["not_built"]:
        print("%-20s not built: %s" % (nb["name"], nb["reason"]))
    print("(a name a<-f: kernel a launched by the module's Python function f)")


# ---------------------------------------------------------------------------
# run (on the GPU machine: the bundle and PyTorch only)
# ---------------------------------------------------------------------------

def _make(torch, spec, gen):
    shape, dtype = spec["tensor"], getattr(torch, spec["dtype"])
    if spec["fill"] == "zeros":
        return torch.zeros(shape, dtype=dtype, device="cuda")
    if spec["fill"] == "ones":
        return torch.ones(shape, dtype=dtype, device="cuda")
    return torch.randn(shape, generator=gen, device="cuda").to(dtype)


def _reference(torch, check, args):
    """(expected, produced) tensors for a case, from its inputs (cloned
    before the launch) and outputs."""
    before, after = args
    if check == "dsmem":
        return torch.tensor([1, 0], dtype=torch.int32, device="cuda"), after[0]
    if check == "tma_copy":
        a, _ = before
        want = torch.zeros((1024, 64), dtype=torch.float16, device="cuda")
        want[:a.shape[0]] = a
        return want, after[1]
    if check == "axpy":
        a, b, alpha, n = before
        want = b.double()
        want[:n] = a[:n].double() * alpha + b[:n].double()
        return want, after[1]
    if check == "axpy_all":
        a, b, alpha = before
        return a.double() * alpha + b.double(), after[1]
    if check == "axpy_twice":
        a, b, alpha, n = before
        want = b.double()
        for _ in range(2):
            want[:n] = a[:n].double() * alpha + want[:n]
        return want, after[1]
    if check == "warp_sum":
        return before[0].double().view(128, 256).sum(1), after[1]
    if check == "cta_sum":
        return before[0].double().sum(1), after[1]
    if check == "copy":
        return before[0], after[1]
    raise ValueError(check)


def run(bundle, iters=20):
    sys.path.insert(0, bundle)
    import tirx_launcher
    import torch

    with open(os.path.join(bundle, "plan.json")) as f:
        plan = json.load(f)
    rt = tirx_launcher.RuntimeLibrary.get(
        tirx_launcher.find_runtime_library(bundle))
    rt.init(0)
    info = rt.device_info(0)
    driver = rt.driver_version()
    print("GPU: %s (sm_%d%d, %d SMs), CUDA driver %d.%d, torch %s, python %s"
          % (info["name"], info["compute_capability"][0],
             info["compute_capability"][1], info["multiprocessors"],
             driver // 1000, driver % 1000 // 10, torch.__version__,
             sys.version.split()[0]))
    gen = torch.Generator(device="cuda")
    gen.manual_seed(0)
    rows, failed = [], 0
    for case in plan["cases"]:
        name = case["name"]
        try:
            pkg = tirx_launcher.load(os.path.join(bundle, case["package"]))
            kernel = (getattr(pkg, case["call"]) if case.get("call")
                      else next(iter(pkg.kernels.values())))
            args = [_make(torch, s, gen) if "tensor" in s else s["scalar"]
                    for s in case["args"]]
            before = [a.clone() if hasattr(a, "clone") else a for a in args]
            kernel(*args)
            torch.cuda.synchronize()
            want, got = _reference(torch, case["check"], (before, args))
            err = (got.double() - want.double()).abs().max().item()
            # Sums accumulate in float32 in another order than the float64
            # reference; axpy's fma rounds once where torch rounds twice.
            tol = {"warp_sum": 1e-3, "cta_sum": 1e-3, "axpy": 1e-5,
                   "axpy_twice": 1e-5, "axpy_all": 1e-5}.get(
                case["check"], 0.0)
            ok = err <= tol
            # Timing: kernel time from CUDA events over `iters` launches
            # (outputs are overwritten, inputs unchanged), and the launcher's
            # host time per call.
            start, end = (torch.cuda.Event(enable_timing=True),
                          torch.cuda.Event(enable_timing=True))
            kernel(*args)
            torch.cuda.synchronize()
            host = time.perf_counter()
            start.record()
            for _ in range(iters):
                kernel(*args)
            end.record()
            host = (time.perf_counter() - host) / iters
            torch.cuda.synchronize()
            gpu = start.elapsed_time(end) / iters
            rows.append((name, "%.3g" % err, "%.1f" % (gpu * 1e3),
                         "%.1f" % (host * 1e6), "ok" if ok else "WRONG"))
            failed += not ok
        except Exception as e:  # report every case, then fail
            rows.append((name, "-", "-", "-", "ERROR: %s: %s"
                         % (type(e).__name__, str(e).splitlines()[0])))
            failed += 1
    # Reference for the launch overhead, measured in the same run: the host
    # time of a PyTorch in-place add on a 1024-element tensor.
    x = torch.zeros(1024, device="cuda")
    x.add_(1.0)
    torch.cuda.synchronize()
    host = time.perf_counter()
    for _ in range(iters):
        x.add_(1.0)
    torch_host = (time.perf_counter() - host) / iters
    torch.cuda.synchronize()
    rows.append(("(torch add_)", "-", "-", "%.1f" % (torch_host * 1e6),
                 "reference for the launch overhead"))
    for nb in plan.get("not_built", []):
        rows.append((nb["name"], "-", "-", "-", "not built: " + nb["reason"]))
    fmt = "%-20s %-10s %-14s %-16s %s"
    print(fmt % ("kernel", "max error", "kernel us/iter", "launch us/call",
                 "status"))
    for r in rows:
        print(fmt % r)
    print("%d of %d cases passed" % (len(plan["cases"]) - failed,
                                     len(plan["cases"])))
    return 1 if failed else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    b = sub.add_parser("build", help="compile the packages (needs tirx)")
    b.add_argument("out", nargs="?", default=os.path.join(REPO, "build",
                                                          "device-check"))
    b.add_argument("--dry-run", action="store_true",
                   help="also evaluate every host part and print the plan")
    b.add_argument("--target", default="sm_90a")
    r = sub.add_parser("run", help="run the packages on the GPU (needs torch)")
    r.add_argument("bundle", nargs="?", default=HERE)
    r.add_argument("--iters", type=int, default=20)
    args = ap.parse_args(argv)
    if args.mode == "build":
        build(args.out, args.dry_run, args.target)
        return 0
    return run(args.bundle, args.iters)


if __name__ == "__main__":
    sys.exit(main())
