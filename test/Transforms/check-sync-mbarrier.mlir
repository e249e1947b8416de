// RUN: tirx-opt %s --split-input-file --tirx-check-sync --verify-diagnostics -o /dev/null

// tirx-check-sync on mbarriers: each rule's broken kernel (the finding at
// its op) next to a correct one (no finding).

// Correct: thread 0 initializes, a barrier orders the init before every
// thread's wait, thread 0 arrives.
func.func @init_then_barrier() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is0 {
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    }
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// An mbarrier nothing initializes.
func.func @never_initialized() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{uses an mbarrier in 'mbar', which no mbarrier.init in the kernel initializes}}
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
  }
  return
}

// -----

// Used before the init in program order.
func.func @use_before_init() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{uses the mbarrier in 'mbar' before it is initialized}}
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    // expected-note @+1 {{it is initialized here}}
    tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// Thread 0 initializes; the other threads wait with nothing in between.
func.func @init_unordered() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      // expected-note @+1 {{it is initialized here}}
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    }
    // expected-error @+1 {{uses the mbarrier in 'mbar' with no barrier between its initialization by thread 0 and this use by threads 1-63: they may see it uninitialized}}
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// Correct: a ring of two barriers initialized in a loop (one element per
// iteration), and a barrier re-initialized after mbarrier.inval.
func.func @init_ring_and_inval() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ring = tirx.alloc_buffer {name = "ring"} : !tirx.buffer<2xi64, shared>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.for %i = %c0 to %c2 step %c1 {
        %p = tirx.ptr_to %ring[%i] : !tirx.buffer<2xi64, shared>
        tirx.ptx.mbarrier.init %p, %one : !tirx.ptr<i64, shared>
      }
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.mbarrier.inval %bar : !tirx.ptr<i64, shared>
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
  }
  return
}

// -----

// Initialized again, in each iteration of a loop, with no inval.
func.func @reinit_in_loop() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.for %i = %c0 to %c4 step %c1 {
        // expected-error @+2 {{re-initializes mbarrier 0 of 'mbar' while it is still valid (no mbarrier.inval since its initialization)}}
        // expected-note @+1 {{an earlier iteration of the loop initialized it}}
        tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
        %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      }
    }
  }
  return
}

// -----

// Correct: 128 arrivals expected, every thread arrives once.
func.func @arrivals_match() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c128 = arith.constant 128 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %c128 : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// 128 arrivals expected, only warp 0 (32 threads) arrives: the first phase
// never completes.
func.func @arrivals_short() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c128 = arith.constant 128 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      // expected-error @+1 {{the mbarrier initialized here expects 128 arrivals per phase, but at most 32 arrive on it: its first phase never completes}}
      tirx.ptx.mbarrier.init %bar, %c128 : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %w0 = arith.cmpi ult, %tx, %c32 : i32
    tirx.if %w0 {
      // expected-note @+1 {{an arrival}}
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    }
    // expected-note @+1 {{this wait for it never returns}}
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// Correct: a bulk copy of 256 bytes and expect_tx of 256.
func.func @expect_tx_matches(%in: !tirx.ptr<f32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 256 : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64, name = "buf"} : !tirx.buffer<64xf32, shared>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %buf[%c0] : !tirx.buffer<64xf32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.g2s %dst, %in, %bar, %bytes : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %v = tirx.buffer_load %buf[%c0] : !tirx.buffer<64xf32, shared> -> f32
  }
  return
}

// -----

// expect_tx announces 512 bytes, the copy brings 256.
func.func @expect_tx_mismatch(%in: !tirx.ptr<f32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 256 : i32
    %twice = arith.constant 512 : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64, name = "buf"} : !tirx.buffer<64xf32, shared>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %buf[%c0] : !tirx.buffer<64xf32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      // expected-error @+1 {{expect_tx announces 512 transaction bytes on the mbarrier in 'mbar', but the copies completing on it in this phase bring at most 256: the phase never completes}}
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %twice : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{a copy completing on it}}
      tirx.ptx.cp.async.bulk.g2s %dst, %in, %bar, %bytes : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// A TMA box whose size the descriptor holds: expect_tx cannot exceed what
// the destination can take (4096 bytes here).
func.func @expect_tx_over_destination(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 8192 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<2048xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<2048xf16, shared.dyn>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      // expected-error @+1 {{expect_tx announces 8192 transaction bytes on the mbarrier in 'mbar', but the copies completing on it in this phase bring at most 4096 (what their destinations hold)}}
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{a copy completing on it}}
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

// Correct: a two-stage ring, the parity flipping each time the loop comes
// back to a stage (it = 0..7: stage it % 2, parity (it / 2) % 2).
func.func @ring_parity_flips() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    %ring = tirx.alloc_buffer {name = "full"} : !tirx.buffer<2xi64, shared>
    %is0 = arith.cmpi eq, %tx, %c0 : i32
    tirx.if %is0 {
      tirx.for %s = %c0 to %c2 step %c1 : i32 {
        %si = arith.index_cast %s : i32 to index
        %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
        tirx.ptx.mbarrier.init %p, %c1 : !tirx.ptr<i64, shared>
      }
    }
    tirx.ptx.barrier.sync aligned
    tirx.for %it = %c0 to %c8 step %c1 : i32 {
      %stage = arith.remui %it, %c2 : i32
      %round = arith.divui %it, %c2 : i32
      %parity = arith.remui %round, %c2 : i32
      %si = arith.index_cast %stage : i32 to index
      %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
      %w = tirx.ptx.mbarrier.try_wait.parity %p, %parity : !tirx.ptr<i64, shared>
    }
  }
  return
}

// -----

// The parity is the stage's own index: stage 0 is waited with parity 0 in
// rounds 0 and 1.
func.func @ring_parity_stuck() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    %ring = tirx.alloc_buffer {name = "full"} : !tirx.buffer<2xi64, shared>
    %is0 = arith.cmpi eq, %tx, %c0 : i32
    tirx.if %is0 {
      tirx.for %s = %c0 to %c2 step %c1 : i32 {
        %si = arith.index_cast %s : i32 to index
        %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
        tirx.ptx.mbarrier.init %p, %c1 : !tirx.ptr<i64, shared>
      }
    }
    tirx.ptx.barrier.sync aligned
    tirx.for %it = %c0 to %c8 step %c1 : i32 {
      %stage = arith.remui %it, %c2 : i32
      %si = arith.index_cast %stage : i32 to index
      %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
      // expected-error @+1 {{this wait on stage 0 of the ring of mbarriers 'full' waits for parity 0 again: the previous wait on that stage waited for the same parity}}
      %w = tirx.ptx.mbarrier.try_wait.parity %p, %stage : !tirx.ptr<i64, shared>
    }
  }
  return
}

// -----

// The ring starts at a stage the CTA's id gives (sampled): a warning.
func.func @ring_parity_sampled() {
  tirx.kernel {
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c8 = arith.constant 8 : i32
    %ring = tirx.alloc_buffer {name = "full"} : !tirx.buffer<2xi64, shared>
    %is0 = arith.cmpi eq, %tx, %c0 : i32
    tirx.if %is0 {
      tirx.for %s = %c0 to %c2 step %c1 : i32 {
        %si = arith.index_cast %s : i32 to index
        %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
        tirx.ptx.mbarrier.init %p, %c1 : !tirx.ptr<i64, shared>
      }
    }
    tirx.ptx.barrier.sync aligned
    %end = arith.addi %bx, %c8 : i32
    tirx.for %it = %bx to %end step %c1 : i32 {
      %stage = arith.remui %it, %c2 : i32
      %si = arith.index_cast %stage : i32 to index
      %p = tirx.ptr_to %ring[%si] : !tirx.buffer<2xi64, shared>
      // expected-warning @+1 {{waits for parity 0 again}}
      %w = tirx.ptx.mbarrier.try_wait.parity %p, %c0 : !tirx.ptr<i64, shared>
    }
  }
  return
}

// -----

// Correct: parity 0 for the first phase of the TMA's barrier.
func.func @first_wait_parity_0(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 4096 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<2048xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<2048xf16, shared.dyn>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is0 {
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %v = tirx.buffer_load %tile[%c0] : !tirx.buffer<2048xf16, shared.dyn> -> f16
  }
  return
}

// -----

// Parity 1 names the phase before the first: the wait passes at once and
// the read races with the copy.
func.func @first_wait_parity_1(%desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 4096 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<2048xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<2048xf16, shared.dyn>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %is0 {
      %s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{the asynchronous write}}
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    // expected-error @+1 {{wrong mbarrier parity: this wait on 'mbar' passes at once, because parity 1 names the phase before the mbarrier's first}}
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %one : !tirx.ptr<i64, shared>
    // expected-note @+1 {{the read}}
    %v = tirx.buffer_load %tile[%c0] : !tirx.buffer<2048xf16, shared.dyn> -> f16
  }
  return
}

// -----

// The same through a generic pointer to the barrier (PTX's mbarrier forms
// without a state space): the check follows the reinterpret to the
// allocation.
func.func @arrivals_short_generic() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %c128 = arith.constant 128 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %sbar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %bar = tirx.reinterpret %sbar : !tirx.ptr<i64, shared> to !tirx.ptr<i64, generic>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      // expected-error @+1 {{the mbarrier initialized here expects 128 arrivals per phase, but at most 32 arrive on it: its first phase never completes}}
      tirx.ptx.mbarrier.init %bar, %c128 : !tirx.ptr<i64, generic>
    }
    tirx.ptx.barrier.sync aligned
    %w0 = arith.cmpi ult, %tx, %c32 : i32
    tirx.if %w0 {
      // expected-note @+1 {{an arrival}}
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, generic> -> i64
    }
    // expected-note @+1 {{this wait for it never returns}}
    %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, generic>
  }
  return
}
