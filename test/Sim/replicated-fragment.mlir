// RUN: tirx-opt %s --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --arg=iota --arg=zeros --print=full | FileCheck %s
// RUN: tirx-opt %s --tirx-dispatch-tile-primitives --tirx-resolve-layouts | tirx-sim - --seed=4 --arg=iota --arg=zeros --print=none

// A warp's row maximum lands in a fragment that replicates each row over 4
// lanes; storing it, only the first replica writes, so the simulator sees
// one store per address (several lanes storing one address would be a
// race, whatever the values).
// CHECK: arg1: float32[16]
// CHECK-NEXT: [7, 15, 23, 31, 39, 47, 55, 63, 71, 79, 87, 95, 103, 111, 119, 127]
!acc = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
!rowv = !tirx.buffer<16xf32, local, #tirx.layout<S[(2, 8):(1, 4@laneid)] + R[4:1@laneid]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @rowmax(%in: !tirx.buffer<16x8xf32, global>, %rmax: !tirx.buffer<16xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %x = tirx.alloc_buffer : !acc
      %m = tirx.alloc_buffer : !rowv
      tirx.tile.copy warp %x, %in : !acc, !tirx.buffer<16x8xf32, global>
      tirx.tile.reduce max warp %m, %x axes = [1] : !rowv, !acc
      tirx.tile.copy warp %rmax, %m : !tirx.buffer<16xf32, global>, !rowv
    }
    return
  }
}
