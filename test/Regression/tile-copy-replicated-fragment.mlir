// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --arg=zeros --print=full | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --arg=zeros --diff-ptx --print=none | FileCheck %s --check-prefix=DIFF

// tile.copy and tile.permute_layout from a replicated register fragment
// (each of 8 values held by a quad of lanes, R[4:1@laneid]): one replica of
// each quad stores, the others hold the same bytes. Every replica used to
// store to the same address, which the simulator reports as a data race.
// %out: the copy; %t: permute_layout into one value per lane (lanes 8..31
// hold the 8 values again, lane l holds value l % 8), stored by lane.
// CHECK: arg1: float32[8]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK: arg2: float32[32]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]
// DIFF: PTX level matches the IR level

!rowv = !tirx.buffer<8xf32, local, #tirx.layout<S[8:4@laneid] + R[4:1@laneid]>>
!lane = !tirx.buffer<8xf32, local, #tirx.layout<S[8:1@laneid] + R[4:8@laneid]>>
func.func @replica_copy(%in: !tirx.buffer<8xf32, global>, %out: !tirx.buffer<8xf32, global>,
                        %t: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %r = tirx.alloc_buffer : !rowv
    %l = tirx.alloc_buffer : !lane
    %ws = tirx.alloc_buffer : !tirx.buffer<32xf32, shared>
    tirx.tile.copy warp %r, %in : !rowv, !tirx.buffer<8xf32, global>
    tirx.tile.copy warp %out, %r : !tirx.buffer<8xf32, global>, !rowv
    tirx.tile.permute_layout warp %l, %r workspace %ws : !tirx.buffer<32xf32, shared> : !lane, !rowv
    %c0 = arith.constant 0 : index
    %v = tirx.buffer_load %l[%c0] : !lane -> f32
    %i = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %t[%i] : f32, !tirx.buffer<32xf32, global>
  }
  return
}
