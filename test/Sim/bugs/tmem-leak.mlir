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
// EXPLORE: error: tensor memory leak
// EXPLORE: note: found in schedule
// STATIC-NOT: {{error|warning}}:
// STATIC: error: tensor memory allocated here is never deallocated
// STATIC: warning: the kernel allocates tensor memory but never relinquishes
// STATIC-NOT: {{error|warning}}:

// Warp 0 allocates 32 columns of tensor memory (and gives up the permit to
// allocate more), every warp stores and loads its lanes, and warp 0 frees
// the columns before the CTA exits.
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tmem_roundtrip(%out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %ncols = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
      tirx.ptx.tcgen05.relinquish_alloc_permit
    }
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.fence after_thread_sync
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    // Each warp writes and reads back its 32 lanes (rows) of column 0.
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %lane0 = arith.muli %warp, %c32 : i32
    %laneoff = arith.shli %lane0, %c16 : i32
    %mine = arith.addi %word, %laneoff : i32
    %taddr = tirx.reinterpret %mine : i32 to !tirx.ptr<f32, tmem>
    %f = arith.sitofp %tx : i32 to f32
    %v1 = vector.from_elements %f : vector<1xf32>
    tirx.ptx.tcgen05.st shape_32x32b num = 1 %taddr, %v1 : !tirx.ptr<f32, tmem>, vector<1xf32>
    tirx.ptx.tcgen05.wait st
    %r = tirx.ptx.tcgen05.ld shape_32x32b num = 1 %taddr : !tirx.ptr<f32, tmem> -> vector<1xf32>
    tirx.ptx.tcgen05.wait ld
    %e = vector.extract %r[0] : f32 from vector<1xf32>
    %t = arith.index_cast %tx : i32 to index
    tirx.buffer_store %e, %out[%t] : f32, !tirx.buffer<128xf32, global>
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.if %is_w0 {
      tirx.ptx.tcgen05.fence after_thread_sync
      %t0 = tirx.reinterpret %word : i32 to !tirx.ptr<f32, tmem>
      tirx.ptx.tcgen05.dealloc %t0, %ncols : !tirx.ptr<f32, tmem>
    }
  }
  return
}
}

// -----

// The bug: the tensor memory is never deallocated.
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tmem_leak(%out: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %ncols = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      // expected-error @+1 {{tensor memory leak: 32 columns allocated here (from column 0) are not deallocated before CTA (0, 0, 0) exits}}
      tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
    }
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
    tirx.ptx.tcgen05.fence after_thread_sync
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    // Each warp writes and reads back its 32 lanes (rows) of column 0.
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %lane0 = arith.muli %warp, %c32 : i32
    %laneoff = arith.shli %lane0, %c16 : i32
    %mine = arith.addi %word, %laneoff : i32
    %taddr = tirx.reinterpret %mine : i32 to !tirx.ptr<f32, tmem>
    %f = arith.sitofp %tx : i32 to f32
    %v1 = vector.from_elements %f : vector<1xf32>
    tirx.ptx.tcgen05.st shape_32x32b num = 1 %taddr, %v1 : !tirx.ptr<f32, tmem>, vector<1xf32>
    tirx.ptx.tcgen05.wait st
    %r = tirx.ptx.tcgen05.ld shape_32x32b num = 1 %taddr : !tirx.ptr<f32, tmem> -> vector<1xf32>
    tirx.ptx.tcgen05.wait ld
    %e = vector.extract %r[0] : f32 from vector<1xf32>
    %t = arith.index_cast %tx : i32 to index
    tirx.buffer_store %e, %out[%t] : f32, !tirx.buffer<128xf32, global>
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.barrier.sync aligned
  }
  return
}
}
