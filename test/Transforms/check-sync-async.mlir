// RUN: tirx-opt %s --split-input-file --tirx-check-sync --verify-diagnostics -o /dev/null

// tirx-check-sync on the async proxy: generic-proxy writes read by a TMA
// store without fence.proxy.async (of the right state space), and reads of
// what a TMA load writes with no wait on its mbarrier.

// Correct: write, fence.proxy.async shared.cta, barrier, TMA store.
func.func @fenced_store(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<32xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f16
    tirx.buffer_store %f, %tile[%t] : f16, !tirx.buffer<32xf16, shared.dyn>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<32xf16, shared.dyn>
      tirx.ptx.cp.async.bulk.tensor.store tile rank 1 %desc[%zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}

// -----

// No fence between the writes and the TMA store.
func.func @unfenced_store(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<32xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f16
    // expected-note @+1 {{the generic-proxy write}}
    tirx.buffer_store %f, %tile[%t] : f16, !tirx.buffer<32xf16, shared.dyn>
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<32xf16, shared.dyn>
      // expected-error @+1 {{the TMA store (async proxy) reads 'tile', which threads write through the generic proxy, with no fence.proxy.async shared.cta (or one without a state space) between the write and the read}}
      tirx.ptx.cp.async.bulk.tensor.store tile rank 1 %desc[%zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}

// -----

// A fence of the global state space orders no shared memory.
func.func @fence_of_wrong_space(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<32xf16, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f16
    // expected-note @+1 {{the generic-proxy write}}
    tirx.buffer_store %f, %tile[%t] : f16, !tirx.buffer<32xf16, shared.dyn>
    // expected-note @+1 {{this fence.proxy.async orders global memory only}}
    tirx.ptx.fence.proxy.async global
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %tile[%c0] : !tirx.buffer<32xf16, shared.dyn>
      // expected-error @+1 {{the TMA store (async proxy) reads 'tile'}}
      tirx.ptx.cp.async.bulk.tensor.store tile rank 1 %desc[%zero], %src : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
    }
  }
  return
}

// -----

// Correct: thread 0 waits on the TMA's barrier, a CTA barrier hands the
// tile to the others.
func.func @read_after_wait(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<1024xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<1024xf16, shared.dyn>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
      %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %t = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %tile[%t] : !tirx.buffer<1024xf16, shared.dyn> -> f16
  }
  return
}

// -----

// The CTA barrier alone does not wait for the copy to land.
func.func @read_without_wait(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 2048 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<1024xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<1024xf16, shared.dyn>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{the asynchronous write}}
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %t = arith.index_cast %tx : i32 to index
    // expected-error @+1 {{this read of 'tile' comes after the TMA load that writes it with no wait on its mbarrier ('mbar') in between: it may read the memory before the copy lands}}
    %v = tirx.buffer_load %tile[%t] : !tirx.buffer<1024xf16, shared.dyn> -> f16
  }
  return
}
