// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// Named barriers with thread counts: warps 0-1 produce into shared memory
// and arrive at barrier 1 (barrier.arrive), warps 2-3 wait there
// (barrier.sync for 128 threads) and consume; barrier.red counts, ands and
// ors a predicate over the CTA.
// CHECK-LABEL: arg0: int32[68]
// CHECK-NEXT: [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126, 64, 0, 1, 0]
func.func @named_barriers(%out: !tirx.buffer<68xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<64xi32, shared>
    %producer = arith.cmpi ult, %tx, %c64 : i32
    tirx.if %producer {
      %t = arith.index_cast %tx : i32 to index
      %v = arith.muli %tx, %c2 : i32
      tirx.buffer_store %v, %buf[%t] : i32, !tirx.buffer<64xi32, shared>
      tirx.ptx.barrier.arrive %c1, %c128
    } else {
      tirx.ptx.barrier.sync id %c1 count %c128
      %k = arith.subi %tx, %c64 : i32
      %ki = arith.index_cast %k : i32 to index
      %v = tirx.buffer_load %buf[%ki] : !tirx.buffer<64xi32, shared> -> i32
      tirx.buffer_store %v, %out[%ki] : i32, !tirx.buffer<68xi32, global>
    }
    %odd = arith.andi %tx, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c1 : i32
    %n = tirx.ptx.barrier.red popc %isodd : i32
    %all = tirx.ptx.barrier.red and %isodd : i1
    %big = arith.cmpi ugt, %tx, %c64 : i32
    %any = tirx.ptx.barrier.red or %big : i1
    %none = arith.cmpi ugt, %tx, %c128 : i32
    %anynone = tirx.ptx.barrier.red or %none : i1
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      %i64 = arith.constant 64 : index
      %i65 = arith.constant 65 : index
      %i66 = arith.constant 66 : index
      %i67 = arith.constant 67 : index
      %alli = arith.extui %all : i1 to i32
      %anyi = arith.extui %any : i1 to i32
      %nonei = arith.extui %anynone : i1 to i32
      tirx.buffer_store %n, %out[%i64] : i32, !tirx.buffer<68xi32, global>
      tirx.buffer_store %alli, %out[%i65] : i32, !tirx.buffer<68xi32, global>
      tirx.buffer_store %anyi, %out[%i66] : i32, !tirx.buffer<68xi32, global>
      tirx.buffer_store %nonei, %out[%i67] : i32, !tirx.buffer<68xi32, global>
    }
  }
  return
}

// -----

// An mbarrier reused over four phases (the waited parity flips each
// round); arrive returns a state that test_wait uses, pending_count reads
// it; arrive_drop lowers the expected count for later phases; expect_tx
// and complete_tx balance without any copy.
// CHECK-LABEL: arg0: int32[6]
// CHECK-NEXT: [64, 64, 64, 64, 31, 1]
func.func @mbarrier_phases(%out: !tirx.buffer<6xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %c1i = arith.constant 1 : index
    %c4i = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<2xi64, shared>
    %bar2 = tirx.ptr_to %mbar[%c1i] : !tirx.buffer<2xi64, shared>
    %count = tirx.alloc_buffer : !tirx.buffer<4xi32, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %c64 : !tirx.ptr<i64, shared>
      tirx.ptx.mbarrier.init %bar2, %c64 : !tirx.ptr<i64, shared>
      tirx.for %i = %c0 to %c4i step %c1i {
        tirx.buffer_store %zero, %count[%i] : i32, !tirx.buffer<4xi32, shared>
      }
    }
    tirx.ptx.barrier.sync aligned
    // Four rounds: everyone arrives, waits on the round's parity, then
    // thread 0 counts the round (ordered after all arrivals).
    tirx.for %i = %c0 to %c4i step %c1i {
      %ii = arith.index_cast %i : index to i32
      %parity = arith.andi %ii, %one : i32
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      tirx.while {
        %done = tirx.ptx.mbarrier.test_wait %bar, %s : !tirx.ptr<i64, shared>
        %t = arith.constant true
        %p = arith.xori %done, %t : i1
        tirx.condition %p
      } do {
      }
      %done2 = tirx.ptx.mbarrier.try_wait.parity %bar, %parity : !tirx.ptr<i64, shared>
      tirx.if %first {
        tirx.buffer_store %c64, %count[%i] : i32, !tirx.buffer<4xi32, shared>
      }
      tirx.ptx.barrier.sync aligned
    }
    tirx.if %first {
      tirx.for %i = %c0 to %c4i step %c1i {
        %v = tirx.buffer_load %count[%i] : !tirx.buffer<4xi32, shared> -> i32
        tirx.buffer_store %v, %out[%i] : i32, !tirx.buffer<6xi32, global>
      }
    }
    // The second barrier: thread 0 arrives first (31 of 32 later ...).
    %c31 = arith.constant 31 : i32
    %c32 = arith.constant 32 : i32
    %low = arith.cmpi ult, %tx, %c32 : i32
    tirx.if %low {
      %s = tirx.ptx.mbarrier.arrive_drop %bar2, %one : !tirx.ptr<i64, shared> -> i64
    }
    %high = arith.cmpi uge, %tx, %c32 : i32
    tirx.if %high {
      %s = tirx.ptx.mbarrier.arrive %bar2 : !tirx.ptr<i64, shared> -> i64
    }
    %bytes = arith.constant 256 : i32
    tirx.if %first {
      tirx.ptx.mbarrier.expect_tx %bar2, %bytes : !tirx.ptr<i64, shared>
      tirx.ptx.mbarrier.complete_tx %bar2, %bytes : !tirx.ptr<i64, shared>
    }
    %w = tirx.ptx.mbarrier.try_wait.parity %bar2, %zero : !tirx.ptr<i64, shared>
    // Phase 1 now expects 32 arrivals (64 minus the 32 drops).
    %c63 = arith.constant 63 : i32
    %last = arith.cmpi eq, %tx, %c63 : i32
    tirx.if %last {
      %s = tirx.ptx.mbarrier.arrive %bar2 : !tirx.ptr<i64, shared> -> i64
      %pending = tirx.ptx.mbarrier.pending_count %s
      %c4 = arith.constant 4 : index
      tirx.buffer_store %pending, %out[%c4] : i32, !tirx.buffer<6xi32, global>
    }
    tirx.if %first {
      %c5 = arith.constant 5 : index
      tirx.buffer_store %one, %out[%c5] : i32, !tirx.buffer<6xi32, global>
    }
  }
  return
}

// -----

// A cluster of four CTAs: each writes its rank into shared memory, a
// cluster barrier publishes it, and each reads the next CTA's value
// through mapa; getctarank recovers the owner; a final cluster barrier
// keeps the CTAs alive while their peers read.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [1, 1, 2, 2, 3, 3, 0, 0]
func.func @cluster_exchange(%out: !tirx.buffer<8xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [4]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [4] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %v = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.buffer_store %rank, %v[%c0] : i32, !tirx.buffer<1xi32, shared>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    tirx.if %first {
      %n1 = arith.addi %rank, %one : i32
      %next = arith.andi %n1, %three : i32
      %p = tirx.ptr_to %v[%c0] : !tirx.buffer<1xi32, shared>
      %q = tirx.ptx.mapa %p, %next : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %qb = tirx.decl_buffer %q : !tirx.ptr<i32, shared.cluster> -> !tirx.buffer<1xi32, shared.cluster>
      %x = tirx.buffer_load %qb[%c0] : !tirx.buffer<1xi32, shared.cluster> -> i32
      %owner = tirx.ptx.getctarank %q : !tirx.ptr<i32, shared.cluster>
      %r2 = arith.muli %rank, %two : i32
      %r2i = arith.index_cast %r2 : i32 to index
      %r2p = arith.addi %r2, %one : i32
      %r2pi = arith.index_cast %r2p : i32 to index
      tirx.buffer_store %x, %out[%r2i] : i32, !tirx.buffer<8xi32, global>
      tirx.buffer_store %owner, %out[%r2pi] : i32, !tirx.buffer<8xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}
