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
// EXPLORE: error: out-of-bounds index
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:

// Forward differences out[i] = in[i + 1] - in[i] for i < 1023.
func.func @diff(%in: !tirx.buffer<1024xf32, global>, %out: !tirx.buffer<1024xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %c1 = arith.constant 1 : i32
    %last = arith.constant 1023 : i32
    %b = arith.muli %bx, %c128 : i32
    %i = arith.addi %b, %tx : i32
    %ok = arith.cmpi slt, %i, %last : i32
    tirx.if %ok {
      %ii = arith.index_cast %i : i32 to index
      %j = arith.addi %i, %c1 : i32
      %ji = arith.index_cast %j : i32 to index
      %x = tirx.buffer_load %in[%ii] : !tirx.buffer<1024xf32, global> -> f32
      %y = tirx.buffer_load %in[%ji] : !tirx.buffer<1024xf32, global> -> f32
      %d = arith.subf %y, %x : f32
      tirx.buffer_store %d, %out[%ii] : f32, !tirx.buffer<1024xf32, global>
    }
  }
  return
}

// -----

// The bug: the bound is the element count, so the last thread reads one past
// the end.
func.func @diff_off_by_one(%in: !tirx.buffer<1024xf32, global>, %out: !tirx.buffer<1024xf32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %c1 = arith.constant 1 : i32
    %n = arith.constant 1024 : i32
    %b = arith.muli %bx, %c128 : i32
    %i = arith.addi %b, %tx : i32
    %ok = arith.cmpi slt, %i, %n : i32
    tirx.if %ok {
      %ii = arith.index_cast %i : i32 to index
      %j = arith.addi %i, %c1 : i32
      %ji = arith.index_cast %j : i32 to index
      %x = tirx.buffer_load %in[%ii] : !tirx.buffer<1024xf32, global> -> f32
      // expected-error @+1 {{out-of-bounds index: thread 127 of CTA (7, 0, 0) uses index 1024 in dimension 0 of a buffer of extent 1024}}
      %y = tirx.buffer_load %in[%ji] : !tirx.buffer<1024xf32, global> -> f32
      %d = arith.subf %y, %x : f32
      tirx.buffer_store %d, %out[%ii] : f32, !tirx.buffer<1024xf32, global>
    }
  }
  return
}
