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
// EXPLORE: error: missing fence.proxy.async
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:
// STATIC: error: the TMA store (async proxy) reads the buffer allocated on line {{[0-9]+}}, which threads write through the generic proxy, with no fence.proxy.async
// STATIC-NOT: {{error|warning}}:

// Threads write a tile of shared memory through the generic proxy; after a
// fence.proxy.async and a barrier, thread 0 stores it with TMA (the async
// proxy).
func.func @tma_store(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %base = arith.muli %t, %c32 : index
    %f = arith.sitofp %tx : i32 to f16
    tirx.for %j = %c0 to %c32 step %c1 {
      %o = arith.addi %base, %j : index
      tirx.buffer_store %f, %tile[%o] : f16, !tirx.buffer<4096xf16, shared.dyn>
    }
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<4096xf16, shared.dyn>
      tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %desc[%zero, %zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}

// -----

// The bug: no fence.proxy.async between the generic-proxy writes and the
// TMA store that reads them.
func.func @tma_store_missing_fence(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %base = arith.muli %t, %c32 : index
    %f = arith.sitofp %tx : i32 to f16
    tirx.for %j = %c0 to %c32 step %c1 {
      %o = arith.addi %base, %j : index
      // expected-note @+1 {{the generic-proxy write is here}}
      tirx.buffer_store %f, %tile[%o] : f16, !tirx.buffer<4096xf16, shared.dyn>
    }
    tirx.ptx.barrier.sync aligned
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<4096xf16, shared.dyn>
      // expected-error @+1 {{missing fence.proxy.async: the TMA store issued by thread 0 of CTA (0, 0, 0) (async proxy) accesses shared memory at 0x0 that thread 0 of CTA (0, 0, 0) wrote through the generic proxy, with no fence.proxy.async between the write and the asynchronous operation}}
      tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %desc[%zero, %zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}
