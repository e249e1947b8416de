#!/usr/bin/env python3
"""Compile cost of the example kernels (examples/kernels): for each kernel
and chip, the time to parse the script, the script -> PTX time (median of
--repeat runs; wall and CPU seconds: on a loaded machine the wall time
includes waiting for a core), the PTX size and what ptxas reports: registers, spills,
stack; shared memory is the kernel's dynamic arena (its launch size).

    python3 bench/kernel_compile.py [--repeat 3]

The GEMM's goal is 0.2 s script -> PTX; the table prints it next to the
measurement.
"""

import argparse
import os
import statistics
import sys
import time

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(REPO, "examples"))
sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))

from kernels import (blackwell_gemm, bulk_copy, common, elementwise,  # noqa: E402
                     flash_attention, hopper_gemm)


def kernels():
    """(name, chip, make, launch smem) of each measured kernel."""
    g = hopper_gemm.config_for(8192, 8192, 8192)
    coop = dict(SCHEDULE="cooperative", CLUSTER_M=1, CLUSTER_N=2)
    small = hopper_gemm.config_for(128, 4096, 4096)
    fa = flash_attention.config_for(128)
    bw = blackwell_gemm.config_for(4096, 4096, 4096, CTA_GROUP=2)
    return [
        ("elementwise axpy", "sm_90a", lambda: elementwise.make_axpy(1 << 24), 0),
        ("TMA bulk copy", "sm_90a", lambda: bulk_copy.make_copy(1 << 28),
         bulk_copy.launch(1 << 28)["smem"]),
        ("Hopper GEMM 8192^3 (ping-pong, 2x1)", "sm_90a",
         lambda: hopper_gemm.make_gemm(8192, 8192, 8192), hopper_gemm.shared_bytes(g)),
        ("Hopper GEMM 8192^3 (cooperative, 1x2)", "sm_90a",
         lambda: hopper_gemm.make_gemm(8192, 8192, 8192, **coop),
         hopper_gemm.shared_bytes(hopper_gemm.config_for(8192, 8192, 8192, **coop))),
        ("Hopper GEMM 128x4096x4096 (split-K %d)" % small["SPLIT_K"], "sm_90a",
         lambda: hopper_gemm.make_gemm(128, 4096, 4096), hopper_gemm.shared_bytes(small)),
        ("Hopper GEMM fp8 8192^3", "sm_90a",
         lambda: hopper_gemm.make_gemm(8192, 8192, 8192, dtype="float8_e4m3fn"),
         hopper_gemm.shared_bytes(hopper_gemm.config_for(8192, 8192, 8192,
                                                         dtype="float8_e4m3fn"))),
        ("attention d128", "sm_90a", lambda: flash_attention.make_attention(64, 4096, 128),
         flash_attention.shared_bytes(128, fa)),
        ("attention d64 causal", "sm_90a",
         lambda: flash_attention.make_attention(64, 4096, 64, True),
         flash_attention.shared_bytes(64, flash_attention.config_for(64))),
        ("attention d256 causal", "sm_90a",
         lambda: flash_attention.make_attention(16, 4096, 256, True),
         flash_attention.shared_bytes(256, flash_attention.config_for(256))),
        ("Blackwell GEMM (cta_group::2)", "sm_100a",
         lambda: blackwell_gemm.make_gemm(4096, 4096, 4096, CTA_GROUP=2),
         blackwell_gemm.shared_bytes(bw)),
    ]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    fmt = "| %-40s | %-7s | %8s | %9s | %9s | %8s | %4s | %6s | %5s | %7s |"
    print(fmt % ("kernel", "chip", "parse s", "->PTX s", "->PTX cpu", "PTX KB", "regs",
                 "spills", "stack", "smem KB"))
    print("|" + "|".join("-" * (w + 2) for w in (40, 7, 8, 9, 9, 8, 4, 6, 5, 7)) + "|")
    for name, chip, make, smem in kernels():
        t = time.perf_counter()
        func = make()
        parse = time.perf_counter() - t
        times, cpu = [], []
        for _ in range(args.repeat):
            c0 = time.process_time()
            ptx, secs = common.compile_kernel(func, chip)
            cpu.append(time.process_time() - c0)
            times.append(secs)
        s = next(iter(common.ptxas_stats(ptx, chip).values()))
        print(fmt % (name, chip, "%.3f" % parse, "%.3f" % statistics.median(times),
                     "%.3f" % statistics.median(cpu),
                     "%.0f" % (len(ptx) / 1024), s["registers"],
                     s["spill_stores"] + s["spill_loads"], s["stack"],
                     "%.1f" % ((smem + s["smem"]) / 1024)))
    print("goal: Hopper GEMM script -> PTX <= 0.2 s")


if __name__ == "__main__":
    main()
