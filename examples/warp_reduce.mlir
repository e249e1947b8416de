// Block reductions with warp collectives: each of 4 CTAs of 256 threads
// sums its 256 f32 elements of %A (a shfl.sync butterfly within each warp,
// the 8 warp sums through shared memory, then a butterfly in warp 0) and
// takes the maximum of its 256 i32 elements of %B (redux.sync within each
// warp, then over the 8 warp maxima in warp 0).
//
//   tirx-translate examples/warp_reduce.mlir --emit=ptx
//   tirx-sim examples/warp_reduce.mlir
func.func @warp_reduce(%A: !tirx.buffer<1024xf32, global>, %B: !tirx.buffer<1024xi32, global>,
                       %sum: !tirx.buffer<4xf32, global>, %max: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [256] : i32
    %warp = tirx.warp_id [8] : i32
    %lane = tirx.lane_id [32] : i32
    %zero = arith.constant 0 : i32
    %full = arith.constant -1 : i32
    %clamp = arith.constant 31 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %fzero = arith.constant 0.0 : f32
    %imin = arith.constant -2147483648 : i32
    %c0i = arith.constant 0 : index

    %base = arith.muli %bx, %c256 : i32
    %g = arith.addi %base, %tx : i32
    %gi = arith.index_cast %g : i32 to index
    %a = tirx.buffer_load %A[%gi] : !tirx.buffer<1024xf32, global> -> f32
    %b = tirx.buffer_load %B[%gi] : !tirx.buffer<1024xi32, global> -> i32

    // Warp level: butterfly sum, redux.sync max.
    %s16 = tirx.ptx.shfl.sync bfly %full, %a, %c16, %clamp : f32
    %a16 = arith.addf %a, %s16 : f32
    %s8 = tirx.ptx.shfl.sync bfly %full, %a16, %c8, %clamp : f32
    %a8 = arith.addf %a16, %s8 : f32
    %s4 = tirx.ptx.shfl.sync bfly %full, %a8, %c4, %clamp : f32
    %a4 = arith.addf %a8, %s4 : f32
    %s2 = tirx.ptx.shfl.sync bfly %full, %a4, %c2, %clamp : f32
    %a2 = arith.addf %a4, %s2 : f32
    %s1 = tirx.ptx.shfl.sync bfly %full, %a2, %c1, %clamp : f32
    %wsum = arith.addf %a2, %s1 : f32
    %wmax = tirx.ptx.redux.sync max %b, %full : i32

    // The warp results meet in shared memory.
    %psum = tirx.alloc_buffer {name = "psum"} : !tirx.buffer<8xf32, shared>
    %pmax = tirx.alloc_buffer {name = "pmax"} : !tirx.buffer<8xi32, shared>
    %wi = arith.index_cast %warp : i32 to index
    %is_lane0 = arith.cmpi eq, %lane, %zero : i32
    tirx.if %is_lane0 {
      tirx.buffer_store %wsum, %psum[%wi] : f32, !tirx.buffer<8xf32, shared>
      tirx.buffer_store %wmax, %pmax[%wi] : i32, !tirx.buffer<8xi32, shared>
    }
    tirx.ptx.barrier.sync aligned

    // Warp 0 reduces the 8 partial results (lanes 8-31 contribute the
    // identity).
    %is_warp0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_warp0 {
      %has = arith.cmpi ult, %lane, %c8 : i32
      %li = arith.index_cast %lane : i32 to index
      %idx = arith.select %has, %li, %c0i : index
      %ps = tirx.buffer_load %psum[%idx] : !tirx.buffer<8xf32, shared> -> f32
      %pm = tirx.buffer_load %pmax[%idx] : !tirx.buffer<8xi32, shared> -> i32
      %v = arith.select %has, %ps, %fzero : f32
      %m = arith.select %has, %pm, %imin : i32
      %t4 = tirx.ptx.shfl.sync bfly %full, %v, %c4, %clamp : f32
      %v4 = arith.addf %v, %t4 : f32
      %t2 = tirx.ptx.shfl.sync bfly %full, %v4, %c2, %clamp : f32
      %v2 = arith.addf %v4, %t2 : f32
      %t1 = tirx.ptx.shfl.sync bfly %full, %v2, %c1, %clamp : f32
      %total = arith.addf %v2, %t1 : f32
      %mx = tirx.ptx.redux.sync max %m, %full : i32
      tirx.if %is_lane0 {
        %bi = arith.index_cast %bx : i32 to index
        tirx.buffer_store %total, %sum[%bi] : f32, !tirx.buffer<4xf32, global>
        tirx.buffer_store %mx, %max[%bi] : i32, !tirx.buffer<4xi32, global>
      }
    }
  }
  return
}
