// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=0 --print=none
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=1 --print=none
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=7 --print=none
// RUN: not tirx-sim %s --split-input-file --explore --print=none 2>/dev/null | FileCheck %s --check-prefix=EXPLORE-OUT
// RUN: not tirx-sim %s --split-input-file --explore --print=none 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLORE
// RUN: sed 's/expected-/seen-/' %s | tirx-opt - --split-input-file --tirx-attach-target --tirx-dispatch-tile-primitives --tirx-resolve-layouts --tirx-infer-launch-shape --tirx-check-sync -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC --allow-empty
//
// The exhaustive mode proves the correct kernel (every schedule that
// can change its outcome) and finds the bug; tirx-check-sync stays silent too.
// EXPLORE-OUT: explore: explored {{[0-9]+}} schedule{{s?}}: no race, no deadlock and no other error in any; they are every order
// EXPLORE: error: data race on shared memory
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:

// Each thread writes its element of a shared tile and reads its neighbour's.
// With the barrier between the two, the kernel is clean.
func.func @rotate(%out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %c1 = arith.constant 1 : i32
    %c127 = arith.constant 127 : i32
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<128xf32, shared>
    tirx.ptx.barrier.sync aligned
    %n = arith.addi %tx, %c1 : i32
    %m = arith.andi %n, %c127 : i32
    %mi = arith.index_cast %m : i32 to index
    %v = tirx.buffer_load %buf[%mi] : !tirx.buffer<128xf32, shared> -> f32
    tirx.buffer_store %v, %out[%t] : f32, !tirx.buffer<128xf32, global>
  }
  return
}

// -----

// The bug: no barrier.sync between the writes and the reads. Whichever of a
// read and the neighbour's write runs first, the race is reported at the
// read.
func.func @rotate_missing_barrier(%out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %c1 = arith.constant 1 : i32
    %c127 = arith.constant 127 : i32
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    // expected-note @+1 {{the conflicting write is here}}
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<128xf32, shared>
    %n = arith.addi %tx, %c1 : i32
    %m = arith.andi %n, %c127 : i32
    %mi = arith.index_cast %m : i32 to index
    // expected-error @+1 {{data race on shared memory}}
    %v = tirx.buffer_load %buf[%mi] : !tirx.buffer<128xf32, shared> -> f32
    tirx.buffer_store %v, %out[%t] : f32, !tirx.buffer<128xf32, global>
  }
  return
}
