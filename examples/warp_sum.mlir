// A warp reduction: each of the 128 warps (8 CTAs of 16 warps) sums 256
// consecutive floats of X into Y[warp]. Every lane adds 8 elements
// (strided by 32, so each load is coalesced across the warp), then five
// butterfly shuffles (shfl.sync.bfly 16, 8, 4, 2, 1) leave the warp's sum in
// every lane; lane 0 stores it.
//
//   tirx-translate examples/warp_sum.mlir --emit=ptx
func.func @warp_sum(%X: !tirx.buffer<32768xf32, global>,
                    %Y: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %warp = tirx.warp_id [16] : i32
    %lane = tirx.lane_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c16i = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %zero = arith.constant 0 : i32
    %full = arith.constant -1 : i32
    %clamp = arith.constant 31 : i32
    %fzero = arith.constant 0.0 : f32
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<1xf32, local>
    tirx.buffer_store %fzero, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    // Global warp index and the first element this lane reads.
    %bw = arith.muli %bx, %c16i : i32
    %gw = arith.addi %bw, %warp : i32
    %base = arith.muli %gw, %c256 : i32
    %first = arith.addi %base, %lane : i32
    %firsti = arith.index_cast %first : i32 to index
    tirx.for %k = %c0 to %c8 step %c1 unroll {
      %off = arith.muli %k, %c32 : index
      %i = arith.addi %firsti, %off : index
      %x = tirx.buffer_load %X[%i] : !tirx.buffer<32768xf32, global> -> f32
      %s = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
      %t = arith.addf %s, %x : f32
      tirx.buffer_store %t, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    }
    %v0 = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
    %o16 = arith.constant 16 : i32
    %o8 = arith.constant 8 : i32
    %o4 = arith.constant 4 : i32
    %o2 = arith.constant 2 : i32
    %o1 = arith.constant 1 : i32
    %p16 = tirx.ptx.shfl.sync bfly %full, %v0, %o16, %clamp : f32
    %v1 = arith.addf %v0, %p16 : f32
    %p8 = tirx.ptx.shfl.sync bfly %full, %v1, %o8, %clamp : f32
    %v2 = arith.addf %v1, %p8 : f32
    %p4 = tirx.ptx.shfl.sync bfly %full, %v2, %o4, %clamp : f32
    %v3 = arith.addf %v2, %p4 : f32
    %p2 = tirx.ptx.shfl.sync bfly %full, %v3, %o2, %clamp : f32
    %v4 = arith.addf %v3, %p2 : f32
    %p1 = tirx.ptx.shfl.sync bfly %full, %v4, %o1, %clamp : f32
    %v5 = arith.addf %v4, %p1 : f32
    %is_l0 = arith.cmpi eq, %lane, %zero : i32
    tirx.if %is_l0 {
      %gwi = arith.index_cast %gw : i32 to index
      tirx.buffer_store %v5, %Y[%gwi] : f32, !tirx.buffer<128xf32, global>
    }
  }
  return
}
