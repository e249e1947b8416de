// A TMA tile load into shared memory with an mbarrier wait: thread 0 arms
// the CTA's mbarrier with the tile's byte count and issues a 2-D
// cp.async.bulk.tensor load of a 64x64 f16 tile (described by the TMA
// descriptor %desc) into dynamic shared memory; every thread waits on the
// barrier's phase, then copies its part of the tile to global memory:
// CTA b loads rows 64b..64b+63 of a 1024x64 tensor and writes them to
// out[4096b .. 4096b + 4095].
//
//   tirx-translate examples/tma_tile_load.mlir --emit=ptx
func.func @tma_tile_load(%desc: !tirx.tensormap, %out: !tirx.buffer<65536xf16, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [16] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %bytes = arith.constant 8192 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.prefetch.tensormap %desc : !tirx.tensormap
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      %row = arith.muli %bx, %c64 : i32
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %row], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    // Thread t copies row t / 2, half t % 2 (32 elements, in four 8-element
    // vectors) of the tile into this CTA's 64x64 part of the output.
    %c2 = arith.constant 2 : i32
    %c32 = arith.constant 32 : i32
    %r = arith.divui %tx, %c2 : i32
    %h = arith.remui %tx, %c2 : i32
    %col0 = arith.muli %h, %c32 : i32
    %ri = arith.index_cast %r : i32 to index
    %c1i = arith.constant 1 : index
    %ci = arith.index_cast %col0 : i32 to index
    %c4096 = arith.constant 4096 : i32
    %base = arith.muli %bx, %c4096 : i32
    %flat = arith.muli %r, %c64 : i32
    %rowStart = arith.addi %base, %flat : i32
    %o = arith.addi %rowStart, %col0 : i32
    %c8 = arith.constant 8 : index
    %c0i = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    tirx.for %j = %c0i to %c4 step %c1i {
      %jo = arith.muli %j, %c8 : index
      %cj = arith.addi %ci, %jo : index
      %v = tirx.buffer_load %tile[%ri, %cj] : !tirx.buffer<64x64xf16, shared.dyn> -> vector<8xf16>
      %oi0 = arith.index_cast %o : i32 to index
      %oi = arith.addi %oi0, %jo : index
      tirx.buffer_store %v, %out[%oi] : vector<8xf16>, !tirx.buffer<65536xf16, global>
    }
  }
  return
}
