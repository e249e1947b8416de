#!/usr/bin/env python3
"""Script-frontend benchmark: parse and compile a kernel of about 1,000 ops.

Generates a TIRx script kernel (straight-line loads, arithmetic and stores),
parses it with tirx.script, compiles it to PTX in-process, and prints the
time of each step (median of --repeat runs after a warm-up). With
--tvm-python (a Python where PyPI's apache-tvm is installed) or when `tvm`
imports here, the same kernel text is parsed and compiled by the original
TIRx (tvm.compile(..., target="cuda", tir_pipeline="tirx"), which stops at
CUDA C++ source when no CUDA toolkit is installed) in the same run, and the
ratio is printed.

    python3 bench/script_compile.py [--build build] [--ops 1000] [--repeat 5]
        [--tvm-python /tmp/venv/bin/python]
"""
import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HEADER_OURS = "from tirx.script import tirx as T\n"
HEADER_TVM = "from tvm.script import tirx as T\n"


def kernel_source(num_ops):
    """A kernel of about `num_ops` ops: each statement is 8 ops (three index
    constants, two loads, a multiply, an add and a store)."""
    n = max(1, num_ops // 6)
    size = n + 2
    lines = [
        "",
        "@T.prim_func",
        f"def bench(A: T.Buffer(({size},), \"float32\"), "
        f"B: T.Buffer(({size},), \"float32\"), s: T.float32):",
        "    T.device_entry()",
        "    T.cta_id([1])",
        "    T.thread_id([128])",
    ]
    for i in range(n):
        lines.append(f"    B[{i}] = A[{i}] * s + A[{i + 1}]")
    return "\n".join(lines) + "\n"


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def run_ours(text, repeat):
    import tirx
    parse, compile_, ops = [], [], 0
    with tempfile.TemporaryDirectory() as d:
        for r in range(repeat + 1):
            path = os.path.join(d, f"k{r}.py")
            with open(path, "w") as f:
                f.write(HEADER_OURS + text)
            t0 = time.perf_counter()
            mod = load(path, f"bench_ours_{r}")
            t1 = time.perf_counter()
            ptx = tirx.compile(mod.bench, target="sm_90a", emit="ptx")
            t2 = time.perf_counter()
            assert ".entry bench" in ptx
            if r == 0:
                count = [0]
                mod.bench.module.operation.walk(lambda op: count.__setitem__(0, count[0] + 1))
                ops = count[0]
                continue  # warm-up
            parse.append(t1 - t0)
            compile_.append(t2 - t1)
    return statistics.median(parse), statistics.median(compile_), ops


TVM_RUNNER = r'''
import importlib.util, json, os, statistics, sys, tempfile, time, warnings
warnings.filterwarnings("ignore")
import tvm
text, repeat = open(sys.argv[1]).read(), int(sys.argv[2])
parse, comp = [], []
with tempfile.TemporaryDirectory() as d:
    for r in range(repeat + 1):
        path = os.path.join(d, f"k{r}.py")
        open(path, "w").write(text)
        spec = importlib.util.spec_from_file_location(f"k{r}", path)
        mod = importlib.util.module_from_spec(spec)
        t0 = time.perf_counter()
        spec.loader.exec_module(mod)
        t1 = time.perf_counter()
        exe = tvm.compile(tvm.IRModule({"main": mod.bench}), target="cuda",
                          tir_pipeline="tirx")
        t2 = time.perf_counter()
        if r:
            parse.append(t1 - t0)
            comp.append(t2 - t1)
src = exe.mod.imports[0].inspect_source()
print(json.dumps({"parse": statistics.median(parse), "compile": statistics.median(comp),
                  "version": tvm.__version__, "cuda_lines": src.count("\n")}))
'''


def run_tvm(python, text, repeat):
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "kernel.py")
        with open(src, "w") as f:
            f.write(HEADER_TVM + text)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        r = subprocess.run([python, "-c", TVM_RUNNER, src, str(repeat)],
                           capture_output=True, text=True, env=env, timeout=1200)
    if r.returncode != 0:
        return None, (r.stderr or r.stdout).strip().splitlines()[-1:]
    return json.loads(r.stdout.strip().splitlines()[-1]), None


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.environ.get("TIRX_BUILD", "build"))
    ap.add_argument("--ops", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--tvm-python", default=None,
                    help="a Python with apache-tvm installed (default: this one if "
                         "`import tvm` works)")
    args = ap.parse_args()
    pkg = os.path.join(args.build, "python_packages")
    if os.path.isdir(pkg):
        sys.path.insert(0, os.path.abspath(pkg))
    text = kernel_source(args.ops)
    parse, comp, ops = run_ours(text, args.repeat)
    total = parse + comp
    print(f"kernel: {ops} ops in the parsed IR ({args.ops} requested), "
          f"median of {args.repeat} runs")
    print(f"tirx.script  parse {parse * 1e3:7.1f} ms   compile to PTX {comp * 1e3:7.1f} ms   "
          f"total {total * 1e3:7.1f} ms   (parser {parse / total:.0%} of the total)")
    tvm_python = args.tvm_python
    if tvm_python is None:
        try:
            import tvm  # noqa: F401 - only whether it imports
            tvm_python = sys.executable
        except ImportError:
            print("apache-tvm: not importable here (pass --tvm-python); no side-by-side")
            return 0
    res, err = run_tvm(tvm_python, text, args.repeat)
    if res is None:
        print(f"apache-tvm: failed: {err}")
        return 0
    ttotal = res["parse"] + res["compile"]
    print(f"apache-tvm {res['version']}  parse {res['parse'] * 1e3:7.1f} ms   compile to CUDA C++ "
          f"{res['compile'] * 1e3:7.1f} ms   total {ttotal * 1e3:7.1f} ms   "
          f"(no nvcc/NVRTC step: PTX not produced)")
    print(f"ratio tvm/tirx: parse {res['parse'] / parse:.2f}x   total {ttotal / total:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
