#!/usr/bin/env python3
"""Cost of the simulator's exhaustive mode (sim.run(..., explore="all")):
schedules explored and seconds against kernel size, next to one seeded run
of the same kernel measured in the same run (the ratio is what the
exploration costs over a plain check).

Three families:

* atomics  -- N threads each take a ticket with atom.add on one counter:
              every order of the N atomics is a different outcome, so the
              exhaustive mode runs N! schedules (the worst case: nothing
              commutes);
* barrier  -- a CTA of T threads writes shared memory, barrier.syncs, reads
              a neighbour's element, K rounds: arrivals commute, one
              schedule covers every order;
* gemm     -- the Hopper GEMM example (TMA ring, warp specialization,
              2-CTA cluster with multicast) at growing K: its pipeline's
              orders commute too.

Times are processor seconds (the simulator is single-threaded).

    python3 bench/sim_explore.py [--max-schedules 5000]
"""

import argparse
import os
import sys
import time

import numpy as np

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(REPO, "examples"))
sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))

from tirx import sim  # noqa: E402
from tirx.script import tirx as T  # noqa: E402

from kernels import hopper_gemm  # noqa: E402


def tickets(n):
    @T.prim_func
    def kernel(out: T.Buffer((32 * n,), "int32")):
        T.device_entry()
        tx = T.thread_id([32 * n])
        counter = T.alloc_buffer([1], "int32", scope="shared")
        if tx == 0:
            counter[0] = 0
        T.ptx.barrier.sync()
        if tx % 32 == 0:
            old = T.ptx.atom(counter.ptr_to([0]), value=T.int32(1), op="add",
                             type="u32", sem="relaxed", scope="cta",
                             space="shared.cta", result_type="i32")
            out[old] = tx
    return kernel, [np.zeros(32 * n, np.int32)]


def rounds(threads, k):
    @T.prim_func
    def kernel(A: T.Buffer((threads,), "float32"), B: T.Buffer((threads,), "float32")):
        T.device_entry()
        tx = T.thread_id([threads])
        smem = T.alloc_buffer([threads], "float32", scope="shared")
        B[tx] = A[tx]
        for _ in range(k):
            smem[tx] = B[tx]
            T.ptx.barrier.sync()
            B[tx] = smem[(tx + 1) % threads]
            T.ptx.barrier.sync()
    a = np.arange(threads, dtype=np.float32)
    return kernel, [a, np.zeros(threads, np.float32)]


def gemm(k):
    m = n = 256
    cfg = dict(BN=128, STAGES=2, CLUSTER_M=2, CLUSTER_N=1, SMS=2)
    kern = hopper_gemm.make_gemm(m, n, k, **cfg)
    rng = np.random.default_rng(0)
    a = rng.integers(0, 1 << 14, (m, k)).astype(np.uint16)
    bt = rng.integers(0, 1 << 14, (n, k)).astype(np.uint16)
    c = np.zeros((m, n), dtype=np.uint16)
    # The kernel's host part encodes the tensor maps from the matrices.
    args = [a, bt, c]
    return kern, args


def measure(name, size, make, bound):
    kern, args = make()
    k = sim.Kernel(kern)
    t = time.process_time()
    k(*args, seed=0)
    seeded = time.process_time() - t
    t = time.process_time()
    s = k(*args, seed=0, explore="all", max_schedules=bound)
    explored = time.process_time() - t
    print(f"{name:9} {size:>22} {s.schedules:>10} {'yes' if s.exhaustive else 'no':>10} "
          f"{explored:10.3f} {seeded:9.4f} {explored / max(seeded, 1e-6):9.1f}")
    sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-schedules", type=int, default=5000)
    args = ap.parse_args()
    print(f"{'family':9} {'size':>22} {'schedules':>10} {'exhaustive':>10} "
          f"{'explore s':>10} {'seeded s':>9} {'ratio':>9}")
    for n in (2, 3, 4, 5, 6):
        measure("atomics", f"{n} warps", lambda: tickets(n), args.max_schedules)
    for threads, k in ((128, 4), (256, 4), (512, 4), (1024, 4), (256, 16)):
        measure("barrier", f"{threads} thr x {k} rounds",
                lambda: rounds(threads, k), args.max_schedules)
    for k in (128, 256, 512):
        measure("gemm", f"256x256x{k}", lambda: gemm(k), args.max_schedules)
    print("(processor seconds; ratio = exploration over one seeded run)")


if __name__ == "__main__":
    main()
