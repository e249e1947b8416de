#!/usr/bin/env python3
"""Compile-time benchmark of tirx-to-ptx-pipeline.

Generates elementwise kernels of growing size (about 1k, 10k and 100k ops),
compiles each to PTX in-process with tirx-translate, and prints the wall time,
the time per op and the growth of the time per op against the smallest kernel
measured in the same run (a ratio near 1.0 means linear scaling).

    python3 bench/compile_time.py [--build build] [--sizes 1000,10000,100000]
"""
import argparse
import os
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


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.environ.get("TIRX_BUILD", "build"))
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--opt-level", default="3")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "tirx-translate")
    if not os.path.exists(tool):
        sys.exit(f"error: {tool} not found; build first (make build)")
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            text, ops = make_kernel(n)
            path = os.path.join(tmp, f"k{n}.mlir")
            with open(path, "w") as f:
                f.write(text)
            best = None
            for _ in range(args.repeat):
                start = time.perf_counter()
                proc = subprocess.run([tool, path, "-O", args.opt_level,
                                       "-o", os.path.join(tmp, "out.ptx")],
                                      capture_output=True, text=True)
                elapsed = time.perf_counter() - start
                if proc.returncode != 0:
                    sys.exit(f"error: compiling {ops} ops failed:\n{proc.stderr}")
                best = elapsed if best is None else min(best, elapsed)
            ptx_lines = sum(1 for _ in open(os.path.join(tmp, "out.ptx")))
            rows.append((ops, best, ptx_lines))
    base = rows[0][1] / rows[0][0]
    print(f"{'ops':>8} {'wall s':>9} {'us/op':>9} {'PTX lines':>10} {'per-op vs smallest':>19}")
    for ops, t, ptx in rows:
        per_op = t / ops
        print(f"{ops:>8} {t:>9.3f} {per_op * 1e6:>9.2f} {ptx:>10} {per_op / base:>19.2f}")


if __name__ == "__main__":
    main()
