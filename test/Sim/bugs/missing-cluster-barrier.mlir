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
// EXPLORE: error: the shared memory of CTA
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:
// STATIC: error: accesses the shared memory of a peer CTA ({{.*}}) with no cluster barrier after it
// STATIC-NOT: {{error|warning}}:

// Two CTAs of a cluster exchange a tile through distributed shared memory:
// each writes its own, a cluster barrier makes the writes visible, each
// reads its peer's, and a final cluster barrier keeps both CTAs (and their
// shared memory) alive until both finished reading.
func.func @exchange(%out: !tirx.buffer<256xf32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %one = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %buf = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %t = arith.index_cast %tx : i32 to index
    %r128 = arith.muli %rank, %c128 : i32
    %val = arith.addi %r128, %tx : i32
    %fv = arith.sitofp %val : i32 to f32
    tirx.buffer_store %fv, %buf[%t] : f32, !tirx.buffer<128xf32, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    // Read the peer CTA's element through distributed shared memory.
    %peer = arith.xori %rank, %one : i32
    %mine = tirx.ptr_to %buf[%t] : !tirx.buffer<128xf32, shared>
    %theirs = tirx.ptx.mapa %mine, %peer : !tirx.ptr<f32, shared> -> !tirx.ptr<f32, shared.cluster>
    %remote = tirx.decl_buffer %theirs : !tirx.ptr<f32, shared.cluster> -> !tirx.buffer<1xf32, shared.cluster>
    %v = tirx.buffer_load %remote[%c0] : !tirx.buffer<1xf32, shared.cluster> -> f32
    %o = arith.addi %r128, %tx : i32
    %oi = arith.index_cast %o : i32 to index
    tirx.buffer_store %v, %out[%oi] : f32, !tirx.buffer<256xf32, global>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// The bug: no cluster barrier before exit. A CTA may exit (and its shared
// memory go away) while its peer still reads it; reported at the remote
// read whichever CTA finishes first.
func.func @exchange_missing_cluster_barrier(%out: !tirx.buffer<256xf32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %one = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %c0 = arith.constant 0 : index
    %buf = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %t = arith.index_cast %tx : i32 to index
    %r128 = arith.muli %rank, %c128 : i32
    %val = arith.addi %r128, %tx : i32
    %fv = arith.sitofp %val : i32 to f32
    tirx.buffer_store %fv, %buf[%t] : f32, !tirx.buffer<128xf32, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    // Read the peer CTA's element through distributed shared memory.
    %peer = arith.xori %rank, %one : i32
    %mine = tirx.ptr_to %buf[%t] : !tirx.buffer<128xf32, shared>
    %theirs = tirx.ptx.mapa %mine, %peer : !tirx.ptr<f32, shared> -> !tirx.ptr<f32, shared.cluster>
    %remote = tirx.decl_buffer %theirs : !tirx.ptr<f32, shared.cluster> -> !tirx.buffer<1xf32, shared.cluster>
    // expected-error @+1 {{may be accessed after that CTA exits}}
    %v = tirx.buffer_load %remote[%c0] : !tirx.buffer<1xf32, shared.cluster> -> f32
    %o = arith.addi %r128, %tx : i32
    %oi = arith.index_cast %o : i32 to index
    tirx.buffer_store %v, %out[%oi] : f32, !tirx.buffer<256xf32, global>
  }
  return
}
