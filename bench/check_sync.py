#!/usr/bin/env python3
"""Cost of tirx-check-sync, the static synchronization check that
tirx-to-ptx-pipeline runs by default.

For each example kernel: the script -> PTX compile time with the check and
without it (check_sync=False), median of --repeat runs of each, interleaved,
in processor seconds (what a loaded machine inflates least), their ratio;
and the pass alone: tirx-check-sync run by a PassManager over the kernel
after tile dispatch, against the dispatch passes it follows (a reference
measured in the same run).

    python3 bench/check_sync.py [--repeat 5]
"""

import argparse
import os
import statistics
import sys
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(REPO, "examples"))
sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))

import tirx  # noqa: E402
from tirx.passmanager import PassManager  # noqa: E402

from kernels import (blackwell_gemm, bulk_copy, elementwise,  # noqa: E402
                     flash_attention, hopper_gemm)

KERNELS = [
    ("Hopper GEMM 8192^3 (BN 256, cluster 2)", "sm_90a",
     lambda: hopper_gemm.make_gemm(8192, 8192, 8192)),
    ("Hopper GEMM 128x4096x4096 (BN 128)", "sm_90a",
     lambda: hopper_gemm.make_gemm(128, 4096, 4096)),
    ("attention D=128", "sm_90a",
     lambda: flash_attention.make_attention(8, 4096, 128, False)),
    ("Blackwell GEMM 4096^3", "sm_100a",
     lambda: blackwell_gemm.make_gemm(4096, 4096, 4096)),
    ("TMA bulk copy", "sm_90a", lambda: bulk_copy.make_copy(1 << 28)),
    ("elementwise axpy", "sm_90a", lambda: elementwise.make_axpy(1 << 24)),
]

PREFIX = ("tirx-attach-target{chip=%s},tirx-dispatch-tile-primitives,"
          "tirx-resolve-layouts,tirx-infer-launch-shape")


def cpu(fn):
    t = time.process_time()
    fn()
    return time.process_time() - t


def pass_times(func, chip, repeat):
    """(dispatch passes, tirx-check-sync) processor seconds, medians."""
    prefix, check = [], []
    for _ in range(repeat):
        m = func.module.operation.clone()
        m.attributes["tirx.target"] = tirx.ir.TargetAttr.get(chip, m.context)
        prefix.append(cpu(lambda: PassManager.parse(
            "builtin.module(%s)" % (PREFIX % chip), context=m.context).run(m)))
        check.append(cpu(lambda: PassManager.parse(
            "builtin.module(tirx-check-sync)", context=m.context).run(m)))
    return statistics.median(prefix), statistics.median(check)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(f"{'kernel':42} {'with':>8} {'without':>8} {'ratio':>6} "
          f"{'dispatch':>9} {'check':>8} {'check/dispatch':>14}")
    for name, chip, make in KERNELS:
        func = make()
        tirx.compile(func, target=chip)  # warm up
        on, off = [], []
        for _ in range(args.repeat):
            on.append(cpu(lambda: tirx.compile(func, target=chip)))
            off.append(cpu(lambda: tirx.compile(func, target=chip, check_sync=False)))
        w, wo = statistics.median(on), statistics.median(off)
        pre, chk = pass_times(func, chip, args.repeat)
        print(f"{name:42} {w:8.3f} {wo:8.3f} {w / wo:6.3f} {pre * 1e3:7.2f}ms "
              f"{chk * 1e3:6.2f}ms {chk / pre:14.3f}")
    print("(compile seconds of processor time, script -> PTX, median of "
          f"{args.repeat}; dispatch = attach-target, tile dispatch, layouts, "
          "launch shape)")


if __name__ == "__main__":
    main()
