// RUN: tirx-sim %s --arg=tmap:float32:8x32:8x32:swizzle=128B:data=iota --arg=zeros --print=full | FileCheck %s

// A TMA load of an 8x32 f32 box (128-byte rows) with the 128-byte swizzle:
// in shared memory, 16-byte chunk c of row r sits at chunk c ^ (r % 8).
// Thread t copies shared word t, in memory order, to %raw. The tile then
// goes back with a TMA store (the tensor is unchanged) and a TMA add
// reduction (the tensor doubles).
// CHECK-LABEL: arg0 (tensor): float32[8x32]
// CHECK-NEXT: [0, 2, 4, 6,
// CHECK-SAME: 508, 510]
// CHECK-LABEL: arg1: float32[256]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7,
// CHECK-SAME: 36, 37, 38, 39, 32, 33, 34, 35, 44, 45, 46, 47, 40, 41, 42, 43,
// CHECK-SAME: 252, 253, 254, 255, 248, 249, 250, 251, 244, 245, 246, 247, 240, 241, 242, 243, 236, 237, 238, 239, 232, 233, 234, 235, 228, 229, 230, 231, 224, 225, 226, 227]
func.func @tma_swizzle(%desc: !tirx.tensormap, %raw: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 1024 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<256xf32, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %p = tirx.ptr_to %tile[%c0] : !tirx.buffer<256xf32, shared.dyn>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %p, %desc[%zero, %zero], %bar : !tirx.ptr<f32, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %t = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %tile[%t] : !tirx.buffer<256xf32, shared.dyn> -> f32
    tirx.buffer_store %v, %raw[%t] : f32, !tirx.buffer<256xf32, global>
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %desc[%zero, %zero], %p : !tirx.tensormap, !tirx.ptr<f32, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
      tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 2 %desc[%zero, %zero], %p : !tirx.tensormap, !tirx.ptr<f32, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
    }
  }
  return
}
