// RUN: tirx-sim %s --split-input-file --arg=iota --print=full | FileCheck %s
// RUN: tirx-sim %s --split-input-file --arg=iota --print=full --seed=5 | FileCheck %s
// RUN: tirx-sim %s --split-input-file --arg=iota --print=full --ptx | FileCheck %s

// cp.reduce.async.bulk (non-tensor), at the IR level and on the emitted
// PTX. Global buffers start as iota.

// Four CTAs add their shared row of (rank + 1) into the same 8 floats of
// global memory at once: each element's reduction is atomic, so the four
// do not race, and every element gains 1 + 2 + 3 + 4.
// CHECK-LABEL: arg0: float32[8]
// CHECK-NEXT: [10, 11, 12, 13, 14, 15, 16, 17]
func.func @add_f32_four_ctas(%out: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %eight = arith.constant 8 : i32
    %bytes = arith.constant 32 : i32
    %buf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<8xf32, shared>
    %lt8 = arith.cmpi ult, %tx, %eight : i32
    tirx.if %lt8 {
      %r1 = arith.addi %bx, %one : i32
      %v = arith.sitofp %r1 : i32 to f32
      %t = arith.index_cast %tx : i32 to index
      tirx.buffer_store %v, %buf[%t] : f32, !tirx.buffer<8xf32, shared>
    }
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      %d = tirx.ptr_to %out[%c0] : !tirx.buffer<8xf32, global>
      %s = tirx.ptr_to %buf[%c0] : !tirx.buffer<8xf32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2g add f32 %d, %s, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
    }
  }
  return
}

// -----

// Into the peer CTA of a cluster: each CTA adds (rank + 1) to its peer's
// four counters (which start at 100 * rank + i), completing 16 bytes on the
// peer's mbarrier; each waits on its own and writes what it holds.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [2, 3, 4, 5, 101, 102, 103, 104]
func.func @s2s_add(%out: !tirx.buffer<8xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 16 : i32
    %c100 = arith.constant 100 : i32
    %box = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<4xi32, shared>
    %src = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<4xi32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %base = arith.muli %rank, %c100 : i32
      %b1 = arith.addi %base, %one : i32
      %two = arith.constant 2 : i32
      %three = arith.constant 3 : i32
      %b2 = arith.addi %base, %two : i32
      %b3 = arith.addi %base, %three : i32
      %init = vector.from_elements %base, %b1, %b2, %b3 : vector<4xi32>
      tirx.buffer_store %init, %box[%c0] : vector<4xi32>, !tirx.buffer<4xi32, shared>
      %r1 = arith.addi %rank, %one : i32
      %vs = vector.broadcast %r1 : i32 to vector<4xi32>
      tirx.buffer_store %vs, %src[%c0] : vector<4xi32>, !tirx.buffer<4xi32, shared>
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    tirx.if %is0 {
      %peer = arith.xori %rank, %one : i32
      %p = tirx.ptr_to %box[%c0] : !tirx.buffer<4xi32, shared>
      %rp = tirx.ptx.mapa %p, %peer : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rb = tirx.ptx.mapa %bar, %peer : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      %s = tirx.ptr_to %src[%c0] : !tirx.buffer<4xi32, shared>
      tirx.ptx.cp.reduce.async.bulk.s2s add u32 %rp, %s, %rb, %bytes : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    tirx.if %is0 {
      %v = tirx.buffer_load %box[%c0] : !tirx.buffer<4xi32, shared> -> vector<4xi32>
      %r4 = arith.constant 4 : i32
      %o = arith.muli %rank, %r4 : i32
      %oi = arith.index_cast %o : i32 to index
      tirx.buffer_store %v, %out[%oi] : vector<4xi32>, !tirx.buffer<8xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}
