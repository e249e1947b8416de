// A CTA reduction: CTA r sums row r of a 64x1024 matrix into Y[r]. Each of
// its 256 threads adds 4 elements, each warp reduces with butterfly
// shuffles, the 8 warp sums meet in shared memory after a barrier, and warp
// 0 reduces them with shuffles again; thread 0 stores the row sum.
//
//   tirx-translate examples/cta_sum.mlir --emit=ptx
func.func @cta_sum(%X: !tirx.buffer<64x1024xf32, global>,
                   %Y: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %row = tirx.cta_id [64] : i32
    %tx = tirx.thread_id [256] : i32
    %warp = tirx.warp_id [8] : i32
    %lane = tirx.lane_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    %eight = arith.constant 8 : i32
    %full = arith.constant -1 : i32
    %clamp = arith.constant 31 : i32
    %fzero = arith.constant 0.0 : f32
    %o16 = arith.constant 16 : i32
    %o8 = arith.constant 8 : i32
    %o4 = arith.constant 4 : i32
    %o2 = arith.constant 2 : i32
    %o1 = arith.constant 1 : i32
    %partial = tirx.alloc_buffer {name = "partial"} : !tirx.buffer<8xf32, shared>
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<1xf32, local>
    tirx.buffer_store %fzero, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    %ri = arith.index_cast %row : i32 to index
    %txi = arith.index_cast %tx : i32 to index
    tirx.for %k = %c0 to %c4 step %c1 unroll {
      %off = arith.muli %k, %c256 : index
      %col = arith.addi %txi, %off : index
      %x = tirx.buffer_load %X[%ri, %col] : !tirx.buffer<64x1024xf32, global> -> f32
      %s = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
      %t = arith.addf %s, %x : f32
      tirx.buffer_store %t, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    }
    %v0 = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
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
      %wi = arith.index_cast %warp : i32 to index
      tirx.buffer_store %v5, %partial[%wi] : f32, !tirx.buffer<8xf32, shared>
    }
    tirx.ptx.barrier.sync aligned
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      // Lanes 0-7 hold the warp sums, the other lanes zero.
      %has = arith.cmpi ult, %lane, %eight : i32
      %seven = arith.constant 7 : i32
      %lm = arith.andi %lane, %seven : i32
      %li = arith.index_cast %lm : i32 to index
      %p = tirx.buffer_load %partial[%li] : !tirx.buffer<8xf32, shared> -> f32
      %w = arith.select %has, %p, %fzero : f32
      %q4 = tirx.ptx.shfl.sync bfly %full, %w, %o4, %clamp : f32
      %w1 = arith.addf %w, %q4 : f32
      %q2 = tirx.ptx.shfl.sync bfly %full, %w1, %o2, %clamp : f32
      %w2 = arith.addf %w1, %q2 : f32
      %q1 = tirx.ptx.shfl.sync bfly %full, %w2, %o1, %clamp : f32
      %w3 = arith.addf %w2, %q1 : f32
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      tirx.if %is_t0 {
        tirx.buffer_store %w3, %Y[%ri] : f32, !tirx.buffer<64xf32, global>
      }
    }
  }
  return
}
