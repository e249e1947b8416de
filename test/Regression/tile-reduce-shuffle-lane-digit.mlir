// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --print=full | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --diff-ptx --print=none | FileCheck %s --check-prefix=DIFF

// The warp_shuffle variant of tirx.tile.reduce over a lane digit that runs
// along the reduced dimension for its first two steps and then into the
// next row (S[32:1@laneid] over 8x4): the butterfly takes only the lane
// bits that stay in a row (1, 2), so each row sums its 4 elements. It used
// to take every step of the digit and add all rows (496 on every lane).
// CHECK: arg1: float32[32]
// CHECK-NEXT: [6, 6, 6, 6, 22, 22, 22, 22, 38, 38, 38, 38, 54, 54, 54, 54, 70, 70, 70, 70, 86, 86, 86, 86, 102, 102, 102, 102, 118, 118, 118, 118]
// DIFF: PTX level matches the IR level

!src = !tirx.buffer<8x4xf32, local, #tirx.layout<S[32:1@laneid]>>
!dst = !tirx.buffer<8xf32, local, #tirx.layout<S[8:4@laneid] + R[4:1@laneid]>>
func.func @row_sum(%in: !tirx.buffer<8x4xf32, global>, %out: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %x = tirx.alloc_buffer : !src
    %s = tirx.alloc_buffer : !dst
    tirx.tile.copy warp %x, %in : !src, !tirx.buffer<8x4xf32, global>
    tirx.tile.reduce sum warp %s, %x axes = [1] : !dst, !src
    %c0 = arith.constant 0 : index
    %v = tirx.buffer_load %s[%c0] : !dst -> f32
    %i = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %out[%i] : f32, !tirx.buffer<32xf32, global>
  }
  return
}
