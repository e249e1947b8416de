// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=0 --print=none
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=1 --print=none
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=7 --print=none
// RUN: not tirx-sim %s --split-input-file --explore --print=none 2>/dev/null | FileCheck %s --check-prefix=EXPLORE-OUT
// RUN: not tirx-sim %s --split-input-file --explore --print=none 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLORE
// RUN: sed 's/expected-/seen-/' %s | not tirx-opt - --split-input-file --tirx-attach-target --tirx-dispatch-tile-primitives --tirx-resolve-layouts --tirx-infer-launch-shape --tirx-check-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC
//
// The exhaustive mode proves the correct kernel (every schedule that
// can change its outcome) and finds the bug; tirx-check-sync finds it too.
// EXPLORE-OUT: explore: explored {{[0-9]+}} schedule{{s?}}: no race, no deadlock and no other error in any; they are every order
// EXPLORE: error: deadlock: all 128 live threads of the cluster are blocked
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:
// STATIC: error: the mbarrier initialized here expects 128 arrivals per phase, but at most 32 arrive on it
// STATIC-NOT: {{error|warning}}:

// Warp 0 produces a value and arrives on an mbarrier that counts one
// arrival per producer thread; all threads wait for the phase.
func.func @handoff(%out: !tirx.buffer<128xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %val = tirx.alloc_buffer : !tirx.buffer<32xi32, shared>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %c32 : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      %t = arith.index_cast %tx : i32 to index
      tirx.buffer_store %tx, %val[%t] : i32, !tirx.buffer<32xi32, shared>
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    %lane = arith.remui %tx, %c32 : i32
    %li = arith.index_cast %lane : i32 to index
    %v = tirx.buffer_load %val[%li] : !tirx.buffer<32xi32, shared> -> i32
    %ti = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %out[%ti] : i32, !tirx.buffer<128xi32, global>
  }
  return
}

// -----

// The bug: the mbarrier expects an arrival from every thread of the CTA,
// but only warp 0 arrives. Every thread ends up waiting on phase 0.
func.func @handoff_count_mismatch(%out: !tirx.buffer<128xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c128 = arith.constant 128 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %val = tirx.alloc_buffer : !tirx.buffer<32xi32, shared>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      // expected-note @+1 {{the mbarrier was initialized here for 128 arrivals per phase}}
      tirx.ptx.mbarrier.init %bar, %c128 : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      %t = arith.index_cast %tx : i32 to index
      tirx.buffer_store %tx, %val[%t] : i32, !tirx.buffer<32xi32, shared>
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    }
    tirx.while {
      // expected-error @+1 {{deadlock: all 128 live threads of the cluster are blocked; thread 0 of CTA (0, 0, 0) waits for the phase of parity 0 of the mbarrier at shared offset 0x0 of CTA (0, 0, 0) (phase 0: 96 of 128 arrivals and 0 transaction bytes missing)}}
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    %lane = arith.remui %tx, %c32 : i32
    %li = arith.index_cast %lane : i32 to index
    %v = tirx.buffer_load %val[%li] : !tirx.buffer<32xi32, shared> -> i32
    %ti = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %out[%ti] : i32, !tirx.buffer<128xi32, global>
  }
  return
}
