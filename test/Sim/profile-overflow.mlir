// RUN: tirx-opt %s --tirx-lower-profile="trace=1 capacity=4" -o %t.mlir
// RUN: tirx-sim %t.mlir --arg=zeros:24 --print=full | FileCheck %s
// RUN: not tirx-sim %t.mlir --arg=zeros:23 --print=none 2>&1 | FileCheck %s --check-prefix=SHORT

// The trace buffer's bounds, run on the lowered kernel (the code the GPU
// runs): two warps record 6 events each with room for 4. The header counts
// all 6, the 5th and 6th are not written, and a buffer of exactly the
// layout's size (2 warps x (4 + 2 x 4) = 24 words) is never overrun; with
// one word less the last record of warp 1 is out of bounds.

// Warp 0's region [0, 12) and warp 1's [12, 24): count 6, the start time,
// clock and SM, then four (time, kind << 32 | name) records: begin "tick"
// (1 << 32), mark "m" (3 << 32 | 1), end "tick" (2 << 32), begin "tick".
// CHECK: arg0: int64[24]
// CHECK-NEXT: [6, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, 4294967296, {{[0-9]+}}, 12884901889, {{[0-9]+}}, 8589934592, {{[0-9]+}}, 4294967296, 6, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}, 4294967296, {{[0-9]+}}, 12884901889, {{[0-9]+}}, 8589934592, {{[0-9]+}}, 4294967296]

// SHORT: error: out-of-bounds
func.func @ticks() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    tirx.for %i = %c0 to %c2 step %c1 : i32 {
      tirx.profile.range_begin "tick"
      tirx.profile.mark "m"
      tirx.profile.range_end "tick"
    }
  }
  return
}
