// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=0 --print=none --arg=tmap:float16:64x64:64x64
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=1 --print=none --arg=tmap:float16:64x64:64x64
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=7 --print=none --arg=tmap:float16:64x64:64x64
// RUN: not tirx-sim %s --split-input-file --explore --print=none --arg=tmap:float16:64x64:64x64 2>/dev/null | FileCheck %s --check-prefix=EXPLORE-OUT
// RUN: not tirx-sim %s --split-input-file --explore --print=none --arg=tmap:float16:64x64:64x64 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLORE
// RUN: sed 's/expected-/seen-/' %s | not tirx-opt - --split-input-file --tirx-attach-target --tirx-dispatch-tile-primitives --tirx-resolve-layouts --tirx-infer-launch-shape --tirx-check-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC
//
// The exhaustive mode proves the correct kernel (every schedule that
// can change its outcome) and finds the bug; tirx-check-sync finds it too.
// EXPLORE-OUT: explore: explored {{[0-9]+}} schedule{{s?}}: no race, no deadlock and no other error in any; they are every order
// EXPLORE: error: mbarrier transaction count underflow
// EXPLORE: note: found in schedule
// EXPLORE: error: mbarrier phase 0 at shared offset 0x0 of CTA (0, 0, 0) can never complete
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:
// STATIC: error: expect_tx announces 16384 transaction bytes on the mbarrier in the buffer allocated on line {{[0-9]+}}, but the copies completing on it in this phase bring at most 8192
// STATIC-NOT: {{error|warning}}:

// The tile is 8192 bytes; arrive.expect_tx announces exactly that.
func.func @tma_expect_tx(%desc: !tirx.tensormap, %out: !tirx.buffer<4096xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %parity = arith.constant 0 : i32
    %bytes = arith.constant 8192 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<4096xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %parity : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    %c32 = arith.constant 32 : index
    %t = arith.index_cast %tx : i32 to index
    %base = arith.muli %t, %c32 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    tirx.for %j = %c0 to %c4 step %c1 {
      %o8 = arith.muli %j, %c8 : index
      %o = arith.addi %base, %o8 : index
      %v = tirx.buffer_load %tile[%o] : !tirx.buffer<4096xf16, shared.dyn> -> vector<8xf16>
      tirx.buffer_store %v, %out[%o] : vector<8xf16>, !tirx.buffer<4096xf16, global>
    }
  }
  return
}

// -----

// The bug: expect_tx announces half the tile. The copy completes 4096 bytes
// more than expected: a transaction-count underflow, reported at the
// expect_tx.
func.func @tma_expect_too_few(%desc: !tirx.tensormap, %out: !tirx.buffer<4096xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %parity = arith.constant 0 : i32
    %bytes = arith.constant 4096 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<4096xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      // expected-error @+1 {{mbarrier transaction count underflow: the copies completing on the mbarrier at shared offset 0x0 of CTA (0, 0, 0) brought 4096 more bytes than expect_tx announced in phase 0}}
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{the copy that completed last}}
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %parity : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    %c32 = arith.constant 32 : index
    %t = arith.index_cast %tx : i32 to index
    %base = arith.muli %t, %c32 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    tirx.for %j = %c0 to %c4 step %c1 {
      %o8 = arith.muli %j, %c8 : index
      %o = arith.addi %base, %o8 : index
      %v = tirx.buffer_load %tile[%o] : !tirx.buffer<4096xf16, shared.dyn> -> vector<8xf16>
      tirx.buffer_store %v, %out[%o] : vector<8xf16>, !tirx.buffer<4096xf16, global>
    }
  }
  return
}

// -----

// The bug: expect_tx announces twice the tile. The phase waits for 8192
// bytes no copy will bring: reported at the expect_tx when everything else
// is blocked.
func.func @tma_expect_too_many(%desc: !tirx.tensormap, %out: !tirx.buffer<4096xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %parity = arith.constant 0 : i32
    %bytes = arith.constant 16384 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<4096xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      // expected-error @+1 {{mbarrier phase 0 at shared offset 0x0 of CTA (0, 0, 0) can never complete: it still expects 8192 transaction bytes (expect_tx) that no issued copy completes; 128 threads wait on it}}
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      // expected-note @+1 {{thread 0 of CTA (0, 0, 0) waits here}}
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %parity : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    %c32 = arith.constant 32 : index
    %t = arith.index_cast %tx : i32 to index
    %base = arith.muli %t, %c32 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    tirx.for %j = %c0 to %c4 step %c1 {
      %o8 = arith.muli %j, %c8 : index
      %o = arith.addi %base, %o8 : index
      %v = tirx.buffer_load %tile[%o] : !tirx.buffer<4096xf16, shared.dyn> -> vector<8xf16>
      tirx.buffer_store %v, %out[%o] : vector<8xf16>, !tirx.buffer<4096xf16, global>
    }
  }
  return
}
