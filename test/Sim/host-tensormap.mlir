// RUN: tirx-sim %s --arg=ones:1000x64 --arg=zeros 2>&1 | FileCheck %s

// tirx.tensormap_encode_tiled in the host part builds a descriptor over the
// argument's memory, with the extent tirx.buffer_dim read; the kernel's TMA
// loads use it. 1000 rows of ones: the last tile's rows past the end
// arrive as zeros, so the output sums to 1000 x 64.
// CHECK: arg1: float16[1024x64] sum=64000 min=0 max=1
func.func @tma_tile_copy(%A: !tirx.buffer<?x64xf16, global>,
                         %B: !tirx.buffer<1024x64xf16, global>) {
  %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
  %desc = tirx.tensormap_encode_tiled %A, "float16"
      global_dims [64, %rows] global_strides [128] box [64, 64]
      : !tirx.buffer<?x64xf16, global>
  tirx.kernel {
    %bx = tirx.cta_id [16] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %bytes = arith.constant 8192 : i32
    %tile = tirx.alloc_buffer {alignment = 128 : i64, name = "tile"} : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    %row0 = arith.muli %bx, %c64 : i32
    tirx.if %is_t0 {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %row0], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    // Thread t copies row t / 2, columns 32 * (t % 2) to 32 * (t % 2) + 31,
    // as four 8-element vectors.
    %r = arith.divui %tx, %c2 : i32
    %h = arith.remui %tx, %c2 : i32
    %col0 = arith.muli %h, %c32 : i32
    %ri = arith.index_cast %r : i32 to index
    %ci0 = arith.index_cast %col0 : i32 to index
    %grow = arith.addi %row0, %r : i32
    %gi = arith.index_cast %grow : i32 to index
    tirx.for %k = %c0 to %c4 step %c1 unroll {
      %off = arith.muli %k, %c8 : index
      %ci = arith.addi %ci0, %off : index
      %v = tirx.buffer_load %tile[%ri, %ci] : !tirx.buffer<64x64xf16, shared.dyn> -> vector<8xf16>
      tirx.buffer_store %v, %B[%gi, %ci] : vector<8xf16>, !tirx.buffer<1024x64xf16, global>
    }
  }
  return
}
