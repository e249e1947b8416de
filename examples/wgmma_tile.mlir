// A warpgroup tensor-core tile (sm_90a): C = A * B for 64x64 f16 tiles, with
// f32 accumulation. Thread 0 loads A and B (given transposed, as Bt) into
// shared memory with two TMA copies in the 128-byte swizzled layout and
// waits on an mbarrier with everyone; the warpgroup then issues four
// wgmma.mma_async m64n64k16 (K = 64 in four steps of 16, each descriptor
// advanced by 32 bytes along the swizzled rows) and stores its accumulator
// fragments to C.
//
//   tirx-translate examples/wgmma_tile.mlir --emit=ptx --chip=sm_90a
//   tirx-sim examples/wgmma_tile.mlir --arg=tmap:float16:64x64:64x64:swizzle=128B \
//       --arg=tmap:float16:64x64:64x64:swizzle=128B --arg=zeros
module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @wgmma_tile(%ta: !tirx.tensormap, %tb: !tirx.tensormap, %C: !tirx.buffer<64x64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 16384 : i32
    %sa = tirx.alloc_buffer {alignment = 1024 : i64, name = "sa"} : !tirx.buffer<64x64xf16, shared.dyn>
    %sb = tirx.alloc_buffer {alignment = 1024 : i64, name = "sb"} : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %pa = tirx.ptr_to %sa[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %pb = tirx.ptr_to %sb[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %pa, %ta[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %pb, %tb[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }

    // K-major, 128-byte swizzle descriptors: start >> 4, LBO 16 B (unused),
    // SBO 1024 B (8 rows of 128 B), layout 1 (128B) in bits 62-63.
    %mask = arith.constant 262143 : i64
    %c4_64 = arith.constant 4 : i64
    %fields = arith.constant 4611686293305360384 : i64
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
    %acc0 = arith.constant dense<0.0> : vector<32xf32>
    %false = arith.constant false
    %true = arith.constant true
    tirx.ptx.wgmma.fence
    %r0 = tirx.ptx.wgmma.mma_async %da, %db, %acc0, %false shape = [64, 64, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
    %r1 = tirx.ptx.wgmma.mma_async %da1, %db1, %r0, %true shape = [64, 64, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
    %r2 = tirx.ptx.wgmma.mma_async %da2, %db2, %r1, %true shape = [64, 64, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
    %r3 = tirx.ptx.wgmma.mma_async %da3, %db3, %r2, %true shape = [64, 64, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0

    // Accumulator element i of thread t (warp w, lane l):
    // row 16w + l/4 + 8 ((i/2) % 2), column 8 (i/4) + 2 (l%4) + i%2.
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %w = arith.divui %tx, %c32 : i32
    %lane = arith.remui %tx, %c32 : i32
    %g = arith.divui %lane, %c4 : i32
    %t4 = arith.remui %lane, %c4 : i32
    %w16 = arith.muli %w, %c16 : i32
    %row0 = arith.addi %w16, %g : i32
    %col0 = arith.muli %t4, %c2 : i32
    %c1i = arith.constant 1 : index
    %c2i = arith.constant 2 : index
    %c32i = arith.constant 32 : index
    tirx.for %i = %c0 to %c32i step %c2i unroll {
      %ii = arith.index_cast %i : index to i32
      %q = arith.divui %ii, %c4 : i32
      %hbit = arith.divui %ii, %c2 : i32
      %h = arith.remui %hbit, %c2 : i32
      %h8 = arith.muli %h, %c8 : i32
      %row = arith.addi %row0, %h8 : i32
      %q8 = arith.muli %q, %c8 : i32
      %col = arith.addi %q8, %col0 : i32
      %i1 = arith.addi %i, %c1i : index
      %e0 = vector.extract %r3[%i] : f32 from vector<32xf32>
      %e1 = vector.extract %r3[%i1] : f32 from vector<32xf32>
      %pair = vector.from_elements %e0, %e1 : vector<2xf32>
      %ri = arith.index_cast %row : i32 to index
      %ci = arith.index_cast %col : i32 to index
      tirx.buffer_store %pair, %C[%ri, %ci] : vector<2xf32>, !tirx.buffer<64x64xf32, global>
    }
  }
  return
}
}
