#!/usr/bin/env python3
"""Throughput benchmark of the TIRx simulator (tirx-sim).

Runs three kernels of simple dynamic ops in tirx-sim and prints the dynamic
ops per second each reaches, with and without race checking, and the ratio
to the goal of 10 million simple ops per second on one core:

* alu     -- per-thread scf.for loops of integer arithmetic (no memory);
* memory  -- loops of shared-memory loads and stores (race checking tracks
             every access) with a barrier.sync per iteration;
* global  -- loops of global loads, arithmetic and stores, one element per
             thread.

Rates are per second of processor time (the simulator is single-threaded),
so a loaded machine inflates them less than wall time would.

Each kernel also runs at the PTX level (tirx-sim --ptx: compiled to PTX,
the PTX simulated; compile time not counted): the dynamic ops differ (the
PTX's instructions, not the IR's ops), so the comparison is the time to
simulate the same kernel on the same inputs, PTX level over IR level
(column "time/IR"; the goal is at most 3x).

As a reference measured in the same run, it also times a CPython loop doing
the same number of integer additions (a calibration of the machine: the
simulator's rate divided by it shows how many times faster than a plain
Python interpreter loop the simulator runs).

    python3 bench/sim_throughput.py [--build build] [--iters 5000] [--repeat 3]
                                    [--levels ir,ptx]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

GOAL = 10e6
PTX_GOAL = 3.0  # PTX-level time over IR-level time, at most

ALU = """
func.func @alu(%out: !tirx.buffer<512xi32, global>, %n: i32) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c128 = arith.constant 128 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %tx) -> (i32) : i32 {
      %a = arith.muli %acc, %c3 : i32
      %b = arith.addi %a, %i : i32
      %c = arith.xori %b, %tx : i32
      %d = arith.shrui %c, %c1 : i32
      scf.yield %d : i32
    }
    %base = arith.muli %bx, %c128 : i32
    %g = arith.addi %base, %tx : i32
    %gi = arith.index_cast %g : i32 to index
    tirx.buffer_store %r, %out[%gi] : i32, !tirx.buffer<512xi32, global>
  }
  return
}
"""

MEMORY = """
func.func @memory(%out: !tirx.buffer<128xi32, global>, %n: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c127 = arith.constant 127 : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<128xi32, shared>
    %t = arith.index_cast %tx : i32 to index
    tirx.buffer_store %tx, %buf[%t] : i32, !tirx.buffer<128xi32, shared>
    tirx.ptx.barrier.sync
    tirx.for %i = %c0 to %n step %c1 : i32 {
      %nb = arith.addi %tx, %i : i32
      %nm = arith.andi %nb, %c127 : i32
      %ni = arith.index_cast %nm : i32 to index
      %v = tirx.buffer_load %buf[%ni] : !tirx.buffer<128xi32, shared> -> i32
      %w = arith.addi %v, %c1 : i32
      tirx.ptx.barrier.sync
      tirx.buffer_store %w, %buf[%t] : i32, !tirx.buffer<128xi32, shared>
      tirx.ptx.barrier.sync
    }
    %r = tirx.buffer_load %buf[%t] : !tirx.buffer<128xi32, shared> -> i32
    tirx.buffer_store %r, %out[%t] : i32, !tirx.buffer<128xi32, global>
  }
  return
}
"""

GLOBAL = """
func.func @global(%a: !tirx.buffer<512xf32, global>, %b: !tirx.buffer<512xf32, global>, %n: i32) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %base = arith.muli %bx, %c128 : i32
    %g = arith.addi %base, %tx : i32
    %gi = arith.index_cast %g : i32 to index
    tirx.for %i = %c0 to %n step %c1 : i32 {
      %x = tirx.buffer_load %a[%gi] : !tirx.buffer<512xf32, global> -> f32
      %y = tirx.buffer_load %b[%gi] : !tirx.buffer<512xf32, global> -> f32
      %z = math.fma %x, %y, %y : f32
      tirx.buffer_store %z, %b[%gi] : f32, !tirx.buffer<512xf32, global>
    }
  }
  return
}
"""

TILE = """
!frag = !tirx.buffer<32x16xf32, local, #tirx.layout<S[(2, 16, 16):(16@laneid, 1@laneid, 1)]>>
!rows = !tirx.buffer<32xf32, local, #tirx.layout<S[(2, 16):(16@laneid, 1@laneid)]>>
func.func @tile(%in: !tirx.buffer<128x16xf32, global>, %out: !tirx.buffer<128xf32, global>, %n: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %r0 = arith.muli %warp, %c32 : i32
    %r = arith.index_castui %r0 : i32 to index
    %x = tirx.alloc_buffer : !frag
    %s = tirx.alloc_buffer : !rows
    tirx.for %i = %c0 to %n step %c1 : i32 {
      tirx.tile.copy warp %x, %in[%r, 0] [32, 16] : !frag, !tirx.buffer<128x16xf32, global>
      tirx.tile.unary abs warp %x, %x : !frag, !frag
      tirx.tile.binary mul warp %x, %x, %x : !frag, !frag, !frag
      tirx.tile.reduce sum warp %s, %x axes = [1] : !rows, !frag
      tirx.tile.copy warp %out[%r] [32], %s : !tirx.buffer<128xf32, global>, !rows
    }
  }
  return
}
"""

KERNELS = [
    # name, source, args (the last one is the iteration count), divisor of
    # n, whether tile primitives are dispatched first (tirx-opt)
    ("alu", ALU, ["zeros"], 1, False),
    ("memory", MEMORY, ["zeros"], 1, False),
    ("global", GLOBAL, ["rand", "zeros"], 1, False),
    # Tile primitives (shuffle reductions, register fragments): the
    # lowering's output is what the PTX level runs.
    ("tile", TILE, ["rand", "zeros"], 40, True),
]

STATS = re.compile(r"stats: (\d+) ops, (\d+) threads, .* races "
                   r"(checked|not checked), [0-9.]+ s \(([0-9.]+) s cpu\)")


def run_sim(tool, path, args, n, races, level="ir"):
    cmd = [tool, path, "--print=none", "--report-stats"]
    if level == "ptx":
        cmd.append("--ptx")
    cmd += [f"--arg={a}" for a in args] + [f"--arg={n}"]
    if not races:
        cmd.append("--no-race-check")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"error: {' '.join(cmd)} failed:\n{out.stderr}")
    m = STATS.search(out.stdout)
    if not m:
        sys.exit(f"error: no stats line in tirx-sim output:\n{out.stdout}")
    return int(m.group(1)), float(m.group(4)), m.group(3) == "checked"


def python_reference(ops):
    """Seconds CPython takes for `ops` integer additions in a loop."""
    t0 = time.process_time()
    acc = 0
    for i in range(ops):
        acc += i
    return time.process_time() - t0


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build",
                        default=os.environ.get("TIRX_BUILD", "build"))
    parser.add_argument("--iters", type=int, default=5000,
                        help="loop iterations per thread")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per row (the fastest is reported)")
    parser.add_argument("--levels", default="ir,ptx",
                        help="simulator levels to run: ir, ptx or both")
    args = parser.parse_args()
    levels = [l.strip() for l in args.levels.split(",") if l.strip()]
    tool = os.path.join(args.build, "bin", "tirx-sim")
    if not os.path.exists(tool):
        sys.exit(f"error: {tool} not found; build first (make build)")

    ref_ops = 5_000_000
    ref_rate = ref_ops / min(python_reference(ref_ops)
                             for _ in range(args.repeat))
    print(f"reference: CPython integer-add loop {ref_rate / 1e6:.1f} M ops/s")
    print(f"goal: {GOAL / 1e6:.0f} M simple dynamic ops/s on one core\n")
    header = (f"{'kernel':<8} {'races':<6} {'level':<5} {'dyn ops':>12} "
              f"{'cpu s':>8} {'M ops/s':>8} {'/goal':>6} {'/python':>8} "
              f"{'time/IR':>8}")
    print(header)
    print("-" * len(header))
    worst = None
    worst_ratio = None
    with tempfile.TemporaryDirectory() as tmp:
        for name, src, kargs, div, dispatch in KERNELS:
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(src)
            if dispatch:
                opt = os.path.join(args.build, "bin", "tirx-opt")
                subprocess.run([opt, path, "--tirx-attach-target=chip=sm_90a",
                                "--tirx-dispatch-tile-primitives",
                                "--tirx-resolve-layouts", "-o", path],
                               check=True)
            # The memory kernel has one CTA, the others four: comparable
            # op counts.
            n = args.iters * (4 if name == "memory" else 1) // div
            for races in (True, False):
                ir_secs = None
                for level in levels:
                    best = None
                    for _ in range(args.repeat):
                        ops, secs, checked = run_sim(tool, path, kargs, n,
                                                     races, level)
                        if best is None or secs < best[1]:
                            best = (ops, secs, checked)
                    ops, secs, checked = best
                    rate = ops / secs if secs > 0 else float("inf")
                    label = "on" if checked else "off"
                    ratio = ""
                    if level == "ir":
                        ir_secs = secs
                    elif ir_secs:
                        r = secs / ir_secs
                        ratio = f"{r:.2f}"
                        worst_ratio = r if worst_ratio is None else max(
                            worst_ratio, r)
                    print(f"{name:<8} {label:<6} {level:<5} {ops:>12} "
                          f"{secs:>8.3f} {rate / 1e6:>8.1f} "
                          f"{rate / GOAL:>6.2f} {rate / ref_rate:>8.1f} "
                          f"{ratio:>8}")
                    if name == "alu" and level == "ir":
                        worst = rate if worst is None else min(worst, rate)
    if worst is not None:
        print(f"\nsimple-op throughput (alu, slowest setting): "
              f"{worst / 1e6:.1f} M ops/s = {worst / GOAL:.2f}x the goal")
    if worst_ratio is not None:
        print(f"PTX level: at most {worst_ratio:.2f}x the IR level's time "
              f"(goal: within {PTX_GOAL:.0f}x)")


if __name__ == "__main__":
    main()
