// RUN: tirx-sim %s --split-input-file --arg=iota --arg=zeros --print=full | FileCheck %s

// cp.async: each of 32 threads copies 16 bytes (4 floats) of %in into
// shared memory; odd threads read only 8 bytes (src_size), the rest is
// zero-filled. After wait_group and a barrier, thread t writes element t.
// The L2 prefetch size is a hint: the copy is the same, at both simulator
// levels (the PTX level decodes `.L2::128B`).
// CHECK-LABEL: arg1: float32[128]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 0, 0, 8, 9, 10, 11, 12, 13, 0, 0,
func.func @cp_async(%in: !tirx.buffer<128xf32, global>, %out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %buf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<128xf32, shared>
    %e = arith.muli %tx, %c4 : i32
    %ei = arith.index_cast %e : i32 to index
    %dst = tirx.ptr_to %buf[%ei] : !tirx.buffer<128xf32, shared>
    %src = tirx.ptr_to %in[%ei] : !tirx.buffer<128xf32, global>
    %odd = arith.andi %tx, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c1 : i32
    %n = arith.select %isodd, %c16, %c8 : i32
    tirx.ptx.cp.async cg %dst, %src, 16 src_size %n prefetch L2_128B : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>
    tirx.ptx.cp.async.commit_group
    tirx.ptx.cp.async.wait_group 0
    tirx.ptx.barrier.sync aligned
    %c0 = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %c4i = arith.constant 4 : index
    tirx.for %j = %c0 to %c4i step %c1i {
      %k = arith.addi %ei, %j : index
      %v = tirx.buffer_load %buf[%k] : !tirx.buffer<128xf32, shared> -> f32
      tirx.buffer_store %v, %out[%k] : f32, !tirx.buffer<128xf32, global>
    }
  }
  return
}

// -----

// Bulk copies: thread 0 moves 512 bytes global -> shared completing on an
// mbarrier, every thread doubles its element, and after a proxy fence and
// a barrier thread 0 moves them shared -> global in a bulk group.
// CHECK-LABEL: arg1: float32[128]
// CHECK-NEXT: [0, 2, 4, 6, 8, 10,
// CHECK-SAME: 254]
func.func @bulk(%in: !tirx.buffer<128xf32, global>, %out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 512 : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128xf32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      %d = tirx.ptr_to %buf[%c0] : !tirx.buffer<128xf32, shared>
      %s = tirx.ptr_to %in[%c0] : !tirx.buffer<128xf32, global>
      tirx.ptx.cp.async.bulk.g2s %d, %s, %bar, %bytes : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %t = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %buf[%t] : !tirx.buffer<128xf32, shared> -> f32
    %v2 = arith.addf %v, %v : f32
    tirx.buffer_store %v2, %buf[%t] : f32, !tirx.buffer<128xf32, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %d = tirx.ptr_to %out[%c0] : !tirx.buffer<128xf32, global>
      %s = tirx.ptr_to %buf[%c0] : !tirx.buffer<128xf32, shared>
      tirx.ptx.cp.async.bulk.s2g %d, %s, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
    }
  }
  return
}
