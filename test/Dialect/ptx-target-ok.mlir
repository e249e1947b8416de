// RUN: tirx-opt %s -split-input-file | FileCheck %s

// Targets that satisfy the PTX ops' requirements verify cleanly: plain
// features carry forward to every later chip, family features to the `a`
// and `f` chips of the family, and modules without a target are not gated.

// CHECK-LABEL: func.func @no_target
// CHECK: tirx.ptx.wgmma.fence
// CHECK: tirx.ptx.tcgen05.fence
func.func @no_target() {
  tirx.ptx.wgmma.fence
  tirx.ptx.tcgen05.fence before_thread_sync
  return
}

// -----

// CHECK-LABEL: func.func @hopper
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @hopper(%p: !tirx.ptr<i64, shared>, %r: i32, %b: !tirx.ptr<i64, shared.cluster>) {
    tirx.ptx.wgmma.fence
    tirx.ptx.setmaxnreg dec 40
    %0 = tirx.ptx.mapa %p, %r : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    tirx.ptx.mbarrier.arrive release cluster %b : !tirx.ptr<i64, shared.cluster>
    tirx.ptx.fence acquire cluster
    return
  }
}

// -----

// CHECK-LABEL: func.func @plain_sm90_carries_forward
module attributes {tirx.target = #tirx.target<"sm_120">} {
  func.func @plain_sm90_carries_forward(%p: !tirx.ptr<i64, shared>, %r: i32) {
    %0 = tirx.ptx.mapa %p, %r : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    %1 = tirx.ptx.elect.sync
    tirx.ptx.griddepcontrol wait
    return
  }
}

// -----

// CHECK-LABEL: func.func @blackwell_a
module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @blackwell_a(%slot: !tirx.ptr<i32, shared>, %n: i32, %x: f32, %m: i32) {
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<i32, shared>
    tirx.ptx.setmaxnreg inc 232
    %0 = tirx.ptx.redux.sync fmin %x, %m : f32
    return
  }
}

// -----

// tcgen05.shift is the one tcgen05 op LLVM 22 emits for sm_103a.
// CHECK-LABEL: func.func @blackwell_103a
module attributes {tirx.target = #tirx.target<"sm_103a">} {
  func.func @blackwell_103a(%t: !tirx.ptr<f32, tmem>) {
    tirx.ptx.tcgen05.shift %t : !tirx.ptr<f32, tmem>
    return
  }
}

// -----

// CHECK-LABEL: func.func @blackwell_101a
module attributes {tirx.target = #tirx.target<"sm_101a">} {
  func.func @blackwell_101a() {
    tirx.ptx.tcgen05.relinquish_alloc_permit
    return
  }
}

// -----

// The tcgen05 MMAs also run on sm_110a.
// CHECK-LABEL: func.func @thor
module attributes {tirx.target = #tirx.target<"sm_110a">} {
  func.func @thor(%t: !tirx.ptr<f32, tmem>, %d: i64, %i: i32, %p: i1) {
    tirx.ptx.tcgen05.mma f16 %t, %d, %d, %i, %p : !tirx.ptr<f32, tmem>, i64
    return
  }
}

// -----

// CHECK-LABEL: func.func @consumer_blackwell
module attributes {tirx.target = #tirx.target<"sm_121a">} {
  func.func @consumer_blackwell() {
    tirx.ptx.setmaxnreg inc 240
    %0 = tirx.ptx.sreg.cluster_nctarank
    return
  }
}
