#!/usr/bin/env python3
"""Compile-time benchmark of tirx-to-ptx-pipeline.

Generates elementwise kernels of growing size (about 1k, 10k and 100k ops),
compiles each to PTX in-process with tirx-translate, and prints the time,
the time per op and the growth of the time per op against the smallest kernel
measured in the same run (a ratio near 1.0 means linear scaling).

Times are CPU seconds of the child process (user + system), which stay
meaningful on a loaded machine where wall time does not. The total is split
into the MLIR stage (tirx-opt --tirx-to-nvvm-pipeline: everything up to the
LLVM dialect) and the LLVM stage (the rest: translation to LLVM IR, the LLVM
-O3 pipeline and NVPTX code generation inside gpu-module-to-binary).

    python3 bench/compile_time.py [--build build] [--sizes 1000,10000,100000]
    python3 bench/compile_time.py --instructions [--sizes 10000,30000]

CPU time per op also grows when a kernel's working set outgrows the
caches (2 MiB L2 per core, 32 MiB L3 on the CI machine), which no
algorithm causes. --instructions counts the instructions each stage
executes instead (valgrind's cachegrind, --cache-sim=no; about 30x slower,
so smaller default sizes): a stage whose instructions per op grow is doing
superlinear work; one whose count is linear while its CPU time per op grows
is paying for memory (docs/Design-notes.md, "Compile time of large
kernels").
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time


def make_kernel(num_ops: int) -> str:
    """A kernel with `num_ops` TIRx/arith ops in straight-line code.

    Each group of 8 ops loads two elements, combines them and stores the
    result; indices are constants so the ops do not fold away.
    """
    groups = max(1, num_ops // 8)
    size = groups + 2
    lines = [
        f"func.func @bench(%A: !tirx.buffer<{size}xf32, global>, "
        f"%B: !tirx.buffer<{size}xf32, global>, %s: f32) {{",
        "  tirx.kernel {",
        "    %t = tirx.thread_id [128] : i32",
    ]
    for g in range(groups):
        lines += [
            f"    %i{g} = arith.constant {g} : index",
            f"    %j{g} = arith.constant {g + 1} : index",
            f"    %a{g} = tirx.buffer_load %A[%i{g}] : !tirx.buffer<{size}xf32, global> -> f32",
            f"    %b{g} = tirx.buffer_load %A[%j{g}] : !tirx.buffer<{size}xf32, global> -> f32",
            f"    %m{g} = arith.mulf %a{g}, %s : f32",
            f"    %n{g} = arith.addf %m{g}, %b{g} : f32",
            f"    %o{g} = arith.maximumf %n{g}, %a{g} : f32",
            f"    tirx.buffer_store %o{g}, %B[%i{g}] : f32, !tirx.buffer<{size}xf32, global>",
        ]
    lines += ["  }", "  return", "}"]
    return "\n".join(lines) + "\n", groups * 8 + 1


def cpu_run(cmd):
    """Run `cmd`; return (CompletedProcess, CPU seconds it used)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return proc, cpu


def instructions(cmd):
    """Instructions `cmd` executes (cachegrind's I refs)."""
    import re
    import shutil
    vg = shutil.which("valgrind")
    if vg is None:
        sys.exit("error: --instructions needs valgrind (apt-get install valgrind)")
    proc = subprocess.run([vg, "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=" + os.devnull] + cmd,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)} failed under valgrind:\n{proc.stderr[-2000:]}")
    m = re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if not m:
        sys.exit("error: no instruction count in valgrind's output")
    return int(m.group(1).replace(",", ""))


def kernel_files(tmp, sizes):
    """(ops, path) of each size's kernel, written under tmp."""
    for n in sizes:
        text, ops = make_kernel(n)
        path = os.path.join(tmp, f"k{n}.mlir")
        with open(path, "w") as f:
            f.write(text)
        yield ops, path


def count_instructions(tool, opt, sizes, opt_level):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for ops, path in kernel_files(tmp, sizes):
            total = instructions([tool, path, "-O", opt_level, "-o", os.devnull])
            mlir = instructions([opt, path, "--tirx-to-nvvm-pipeline", "-o", os.devnull])
            rows.append((ops, total, mlir))
    ops0, t0, m0 = rows[0]
    print(f"{'ops':>8} {'Ginstr':>8} {'instr/op':>9} {'growth':>7} {'MLIR i/op':>10} "
          f"{'growth':>7} {'LLVM i/op':>10} {'growth':>7}")
    for ops, t, m in rows:
        l = t - m
        print(f"{ops:>8} {t / 1e9:>8.2f} {t / ops:>9.0f} {t / ops / (t0 / ops0):>7.2f} "
              f"{m / ops:>10.0f} {m / ops / (m0 / ops0):>7.2f} {l / ops:>10.0f} "
              f"{l / ops / ((t0 - m0) / ops0):>7.2f}")
    print("growth: instructions per op against the smallest kernel (1.00 = linear)")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.environ.get("TIRX_BUILD", "build"))
    parser.add_argument("--sizes", default=None)
    parser.add_argument("--opt-level", default="3")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--instructions", action="store_true",
                        help="count executed instructions (valgrind) instead of CPU time")
    args = parser.parse_args()
    if args.sizes is None:
        args.sizes = "10000,30000" if args.instructions else "1000,10000,100000"
    tool = os.path.join(args.build, "bin", "tirx-translate")
    opt = os.path.join(args.build, "bin", "tirx-opt")
    for t in (tool, opt):
        if not os.path.exists(t):
            sys.exit(f"error: {t} not found; build first (make build)")
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.instructions:
        count_instructions(tool, opt, sizes, args.opt_level)
        return
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for ops, path in kernel_files(tmp, sizes):
            best, best_mlir = None, None
            for _ in range(args.repeat):
                proc, total = cpu_run([tool, path, "-O", args.opt_level,
                                       "-o", os.path.join(tmp, "out.ptx")])
                if proc.returncode != 0:
                    sys.exit(f"error: compiling {ops} ops failed:\n{proc.stderr}")
                proc, mlir = cpu_run([opt, path, "--tirx-to-nvvm-pipeline",
                                      "-o", os.devnull])
                if proc.returncode != 0:
                    sys.exit(f"error: lowering {ops} ops failed:\n{proc.stderr}")
                best = total if best is None else min(best, total)
                best_mlir = mlir if best_mlir is None else min(best_mlir, mlir)
            ptx_lines = sum(1 for _ in open(os.path.join(tmp, "out.ptx")))
            rows.append((ops, best, best_mlir, ptx_lines))
    first_ops, first_total, first_mlir, _ = rows[0]
    base = first_total / first_ops
    base_mlir = first_mlir / first_ops
    base_llvm = max(first_total - first_mlir, 1e-9) / first_ops
    print(f"{'ops':>8} {'CPU s':>8} {'us/op':>8} {'PTX lines':>10} "
          f"{'growth':>7} {'MLIR us/op':>11} {'growth':>7} "
          f"{'LLVM us/op':>11} {'growth':>7}")
    for ops, t, mlir, ptx in rows:
        llvm = max(t - mlir, 0.0)
        print(f"{ops:>8} {t:>8.2f} {t / ops * 1e6:>8.1f} {ptx:>10} "
              f"{t / ops / base:>7.2f} {mlir / ops * 1e6:>11.1f} "
              f"{mlir / ops / base_mlir:>7.2f} {llvm / ops * 1e6:>11.1f} "
              f"{llvm / ops / base_llvm:>7.2f}")
    print("growth: time per op against the smallest kernel (1.00 = linear)")


if __name__ == "__main__":
    main()
