// RUN: tirx-opt %s --split-input-file --tirx-check-sync --verify-diagnostics -o /dev/null

// tirx-check-sync on named barriers: ids, thread counts, .aligned under
// divergent control flow, barrier.red mixed with barrier.sync.

// Correct: ids below 16, counts that are multiples of 32, .aligned
// barriers under warp-uniform conditions, barrier.red and barrier.sync on
// one barrier one after the other.
func.func @barriers_ok() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c1 = arith.constant 1 : i32
    %c15 = arith.constant 15 : i32
    %c64 = arith.constant 64 : i32
    %low = arith.cmpi ult, %tx, %c64 : i32
    tirx.if %low {
      tirx.ptx.barrier.sync aligned id %c1 count %c64
    } else {
      tirx.ptx.barrier.sync aligned id %c15 count %c64
    }
    %p = arith.cmpi eq, %tx, %c1 : i32
    %n = tirx.ptx.barrier.red popc aligned %p : i32
    tirx.ptx.barrier.sync aligned
  }
  return
}

// -----

// Barrier 16 does not exist (ptxas would reject it late).
func.func @barrier_id_16() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c16 = arith.constant 16 : i32
    // expected-error @+1 {{barrier id 16 (for thread 0): a CTA has barriers 0-15}}
    tirx.ptx.barrier.sync aligned id %c16
  }
  return
}

// -----

// A thread count (computed: 3 warps) above the CTA's 64 threads; the
// barrier would never complete.
func.func @barrier_count() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %c32 = arith.constant 32 : i32
    %n = arith.muli %c3, %c32 : i32
    // expected-error @+1 {{barrier thread count 96: it must be a positive multiple of 32 of at most 64 (the CTA's threads)}}
    tirx.ptx.barrier.sync aligned id %c1 count %n
  }
  return
}

// -----

// An .aligned barrier that only lanes 0-15 of each warp reach.
func.func @aligned_divergent() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c16 = arith.constant 16 : i32
    %c32 = arith.constant 32 : i32
    %lane = arith.remui %tx, %c32 : i32
    %half = arith.cmpi ult, %lane, %c16 : i32
    tirx.if %half {
      // expected-error @+1 {{divergent .aligned barrier: only threads 0-15 of warp 0 execute this .aligned barrier; all lanes of a warp must execute it together}}
      tirx.ptx.barrier.sync aligned
    }
  }
  return
}

// -----

// barrier.red in one branch, barrier.sync in the other, on barrier 0:
// threads of one CTA mix them in one phase.
func.func @red_mixed_with_sync() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %w0 = arith.cmpi ult, %tx, %c32 : i32
    %p = arith.cmpi eq, %tx, %c1 : i32
    tirx.if %w0 {
      // expected-error @+1 {{barrier.red on barrier 0 while other threads of the CTA arrive at it with barrier.sync in the other branch}}
      %n = tirx.ptx.barrier.red popc aligned %p : i32
    } else {
      // expected-note @+1 {{the other arrival}}
      tirx.ptx.barrier.sync aligned
    }
  }
  return
}
