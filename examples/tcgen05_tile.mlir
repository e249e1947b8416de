// A Blackwell tensor-core tile (sm_100a): C = A * B for a 128x64 f16 A and
// a 64x64 f16 B (given transposed, as Bt), accumulated in f32 in tensor
// memory. Thread 0 loads A and Bt into shared memory with TMA (128-byte
// swizzle); warp 0 allocates 64 tensor-memory columns; thread 0 issues four
// tcgen05.mma (K = 64 in four steps of 16) and commits them to an mbarrier;
// every warp then reads its 32 lanes (rows) of the accumulator with
// tcgen05.ld and stores them to C, and warp 0 frees the tensor memory.
//
//   tirx-translate examples/tcgen05_tile.mlir --emit=ptx --chip=sm_100a
//   tirx-sim examples/tcgen05_tile.mlir --arg=tmap:float16:128x64:128x64:swizzle=128B \
//       --arg=tmap:float16:64x64:64x64:swizzle=128B --arg=zeros
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tcgen05_tile(%ta: !tirx.tensormap, %tb: !tirx.tensormap, %C: !tirx.buffer<128x64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ncols = arith.constant 64 : i32
    %bytes = arith.constant 24576 : i32
    %sa = tirx.alloc_buffer {alignment = 1024 : i64, name = "sa"} : !tirx.buffer<128x64xf16, shared.dyn>
    %sb = tirx.alloc_buffer {alignment = 1024 : i64, name = "sb"} : !tirx.buffer<64x64xf16, shared.dyn>
    %bars = tirx.alloc_buffer {name = "bars"} : !tirx.buffer<2xi64, shared>
    %slotbuf = tirx.alloc_buffer {name = "tmem_slot"} : !tirx.buffer<1xui32, shared>
    %c1i = arith.constant 1 : index
    %loaded = tirx.ptr_to %bars[%c0] : !tirx.buffer<2xi64, shared>
    %mmadone = tirx.ptr_to %bars[%c1i] : !tirx.buffer<2xi64, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %pa = tirx.ptr_to %sa[%c0, %c0] : !tirx.buffer<128x64xf16, shared.dyn>
    %pb = tirx.ptr_to %sb[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %loaded, %one : !tirx.ptr<i64, shared>
      tirx.ptx.mbarrier.init %mmadone, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.if %is_w0 {
      tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
      tirx.ptx.tcgen05.relinquish_alloc_permit
    }
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.fence after_thread_sync
    %tbits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %tword = tirx.reinterpret %tbits : ui32 to i32
    %tmem = tirx.reinterpret %tword : i32 to !tirx.ptr<f32, tmem>

    tirx.if %is_t0 {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %loaded, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %pa, %ta[%zero, %zero], %loaded : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %pb, %tb[%zero, %zero], %loaded : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
      tirx.while {
        %done = tirx.ptx.mbarrier.try_wait.parity %loaded, %zero : !tirx.ptr<i64, shared>
        %true = arith.constant true
        %pending = arith.xori %done, %true : i1
        tirx.condition %pending
      } do {
      }
      // Shared memory descriptors: start >> 4, LBO 16 B (unused for a
      // swizzled K-major operand), SBO 1024 B, version 1 (bit 46), 128-byte
      // swizzle (2 in bits 61-63). Instruction descriptor: f32 D (1 << 4),
      // f16 A and B, K-major, N = 64 (8 << 17), M = 128 (8 << 24).
      %mask = arith.constant 262143 : i64
      %c4_64 = arith.constant 4 : i64
      %fields = arith.constant 4611756662049538048 : i64
      %idesc = arith.constant 135266320 : i32
      %aa = tirx.reinterpret %pa : !tirx.ptr<f16, shared.dyn> to i64
      %ab = tirx.reinterpret %pb : !tirx.ptr<f16, shared.dyn> to i64
      %aam = arith.andi %aa, %mask : i64
      %abm = arith.andi %ab, %mask : i64
      %sa4 = arith.shrui %aam, %c4_64 : i64
      %sb4 = arith.shrui %abm, %c4_64 : i64
      %da = arith.ori %sa4, %fields : i64
      %db = arith.ori %sb4, %fields : i64
      %k1 = arith.constant 2 : i64
      %k2 = arith.constant 4 : i64
      %k3 = arith.constant 6 : i64
      %da1 = arith.addi %da, %k1 : i64
      %db1 = arith.addi %db, %k1 : i64
      %da2 = arith.addi %da, %k2 : i64
      %db2 = arith.addi %db, %k2 : i64
      %da3 = arith.addi %da, %k3 : i64
      %db3 = arith.addi %db, %k3 : i64
      %false = arith.constant false
      %true = arith.constant true
      tirx.ptx.tcgen05.mma f16 %tmem, %da, %db, %idesc, %false : !tirx.ptr<f32, tmem>, i64
      tirx.ptx.tcgen05.mma f16 %tmem, %da1, %db1, %idesc, %true : !tirx.ptr<f32, tmem>, i64
      tirx.ptx.tcgen05.mma f16 %tmem, %da2, %db2, %idesc, %true : !tirx.ptr<f32, tmem>, i64
      tirx.ptx.tcgen05.mma f16 %tmem, %da3, %db3, %idesc, %true : !tirx.ptr<f32, tmem>, i64
      tirx.ptx.tcgen05.commit %mmadone : !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %mmadone, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    tirx.ptx.tcgen05.fence after_thread_sync

    // Warp w reads rows 32w .. 32w + 31 (tensor memory lanes) of D.
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %lane0 = arith.muli %warp, %c32 : i32
    %laneoff = arith.shli %lane0, %c16 : i32
    %tw = tirx.reinterpret %tmem : !tirx.ptr<f32, tmem> to i32
    %mine = arith.addi %tw, %laneoff : i32
    %tw_ptr = tirx.reinterpret %mine : i32 to !tirx.ptr<f32, tmem>
    %row = tirx.ptx.tcgen05.ld shape_32x32b num = 64 %tw_ptr : !tirx.ptr<f32, tmem> -> vector<64xf32>
    tirx.ptx.tcgen05.wait ld
    %ti = arith.index_cast %tx : i32 to index
    tirx.buffer_store %row, %C[%ti, %c0] : vector<64xf32>, !tirx.buffer<128x64xf32, global>

    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.if %is_w0 {
      tirx.ptx.tcgen05.fence after_thread_sync
      tirx.ptx.tcgen05.dealloc %tmem, %ncols : !tirx.ptr<f32, tmem>
    }
  }
  return
}
}
