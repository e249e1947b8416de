// RUN: tirx-sim %s --split-input-file --arg=zeros --print=full | FileCheck %s

// atom/red from every thread of 4 CTAs into global counters: add (the old
// values returned are 0..511 in some order, summing to 130816), max, min,
// inc with wrap-around at 99, an f32 red.add, exch and a cas that only the
// first thread wins (out[4] holds the bits of 512.0f).
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [512, 130816, 511, -511, 1140850688, 12, 1, 128]
func.func @atomics(%out: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %b = arith.muli %bx, %c128 : i32
    %g = arith.addi %b, %tx : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %p0 = tirx.ptr_to %out[%c0] : !tirx.buffer<8xi32, global>
    %old = tirx.ptx.atom relaxed gpu global add u32 %p0, %one : !tirx.ptr<i32, global>, i32
    %p1 = tirx.ptr_to %out[%c1] : !tirx.buffer<8xi32, global>
    tirx.ptx.red relaxed gpu global add u32 %p1, %old : !tirx.ptr<i32, global>, i32
    %p2 = tirx.ptr_to %out[%c2] : !tirx.buffer<8xi32, global>
    %x = tirx.ptx.atom global max s32 %p2, %g : !tirx.ptr<i32, global>, i32
    %p3 = tirx.ptr_to %out[%c3] : !tirx.buffer<8xi32, global>
    %neg = arith.subi %zero, %g : i32
    tirx.ptx.red global min s32 %p3, %neg : !tirx.ptr<i32, global>, i32
    %p5 = tirx.ptr_to %out[%c5] : !tirx.buffer<8xi32, global>
    %c99 = arith.constant 99 : i32
    %y = tirx.ptx.atom global inc u32 %p5, %c99 : !tirx.ptr<i32, global>, i32
    %p4 = tirx.ptr_to %out[%c4] : !tirx.buffer<8xi32, global>
    %pf = tirx.reinterpret %p4 : !tirx.ptr<i32, global> to !tirx.ptr<f32, global>
    %onef = arith.constant 1.0 : f32
    tirx.ptx.red global add f32 %pf, %onef : !tirx.ptr<f32, global>, f32
    %p6 = tirx.ptr_to %out[%c6] : !tirx.buffer<8xi32, global>
    %won = tirx.ptx.atom cas b32 %p6, cmp %zero, %one : !tirx.ptr<i32, global>, i32
    %p7 = tirx.ptr_to %out[%c7] : !tirx.buffer<8xi32, global>
    %first = arith.cmpi eq, %g, %zero : i32
    tirx.if %first {
      %e = tirx.ptx.atom exch b32 %p7, %c128 : !tirx.ptr<i32, global>, i32
    }
  }
  return
}

// -----

// Release/acquire through a flag: thread 0 writes data with plain stores,
// then the flag with st.release; thread 32 spins on ld.acquire of the flag
// and reads the data: ordered, so no race.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [42, 43, 0, 0, 0, 0, 0, 1]
func.func @flag_handoff(%out: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %data = tirx.alloc_buffer : !tirx.buffer<2xi32, shared>
    %flagbuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %flag = tirx.ptr_to %flagbuf[%c0] : !tirx.buffer<1xi32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    %is32 = arith.cmpi eq, %tx, %c32 : i32
    tirx.if %is0 {
      tirx.ptx.st relaxed cta shared.cta b32 %flag, %zero : !tirx.ptr<i32, shared>, i32
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is0 {
      %a = arith.constant 42 : i32
      %b = arith.constant 43 : i32
      tirx.buffer_store %a, %data[%c0] : i32, !tirx.buffer<2xi32, shared>
      tirx.buffer_store %b, %data[%c1] : i32, !tirx.buffer<2xi32, shared>
      tirx.ptx.st release cta shared.cta b32 %flag, %one : !tirx.ptr<i32, shared>, i32
    }
    tirx.if %is32 {
      tirx.while {
        %f = tirx.ptx.ld acquire cta shared.cta b32 %flag : !tirx.ptr<i32, shared> -> i32
        %wait = arith.cmpi eq, %f, %zero : i32
        tirx.condition %wait
      } do {
      }
      %a = tirx.buffer_load %data[%c0] : !tirx.buffer<2xi32, shared> -> i32
      %b = tirx.buffer_load %data[%c1] : !tirx.buffer<2xi32, shared> -> i32
      tirx.buffer_store %a, %out[%c0] : i32, !tirx.buffer<8xi32, global>
      tirx.buffer_store %b, %out[%c1] : i32, !tirx.buffer<8xi32, global>
      tirx.buffer_store %one, %out[%c7] : i32, !tirx.buffer<8xi32, global>
    }
  }
  return
}

// -----

// st.async and red.async into the peer CTA of a cluster: each CTA stores
// its rank into its peer's shared memory and adds 10 to a peer counter,
// completing 8 transaction bytes on the peer's mbarrier; each CTA waits on
// its own and reports what arrived.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [1, 10, 0, 0, 0, 10, 0, 0]
func.func @remote_async(%out: !tirx.buffer<8xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ten = arith.constant 10 : i32
    %eight = arith.constant 8 : i32
    %four = arith.constant 4 : i32
    %box = tirx.alloc_buffer : !tirx.buffer<2xi32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.buffer_store %zero, %box[%c1] : i32, !tirx.buffer<2xi32, shared>
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %eight : !tirx.ptr<i64, shared> -> i64
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    tirx.if %is0 {
      %peer = arith.xori %rank, %one : i32
      %p0 = tirx.ptr_to %box[%c0] : !tirx.buffer<2xi32, shared>
      %p1 = tirx.ptr_to %box[%c1] : !tirx.buffer<2xi32, shared>
      %r0 = tirx.ptx.mapa %p0, %peer : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %r1 = tirx.ptx.mapa %p1, %peer : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rb = tirx.ptx.mapa %bar, %peer : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      tirx.ptx.st.async b32 %r0, %rank, %rb : !tirx.ptr<i32, shared.cluster>, i32, !tirx.ptr<i64, shared.cluster>
      tirx.ptx.red.async add u32 %r1, %ten, %rb : !tirx.ptr<i32, shared.cluster>, i32, !tirx.ptr<i64, shared.cluster>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    tirx.if %is0 {
      %v0 = tirx.buffer_load %box[%c0] : !tirx.buffer<2xi32, shared> -> i32
      %v1 = tirx.buffer_load %box[%c1] : !tirx.buffer<2xi32, shared> -> i32
      %r4 = arith.muli %rank, %four : i32
      %i0 = arith.index_cast %r4 : i32 to index
      %i1 = arith.addi %i0, %c1 : index
      tirx.buffer_store %v0, %out[%i0] : i32, !tirx.buffer<8xi32, global>
      tirx.buffer_store %v1, %out[%i1] : i32, !tirx.buffer<8xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}
