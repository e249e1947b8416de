// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The target gate of the PTX ops: an op whose minimum target is above the
// module's #tirx.target is diagnosed at the op, naming both. Plain features
// carry forward; arch-specific (`a`) ones do not; family-specific ones carry
// to later chips of the same family.

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tcgen05_on_sm90a(%slot: !tirx.ptr<i32, shared>, %n: i32) {
    // expected-error @+1 {{'tirx.ptx.tcgen05.alloc' op requires sm_100a or sm_101a, but the module targets sm_90a}}
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<i32, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100">} {
  func.func @tcgen05_on_plain_sm100() {
    // expected-error @+1 {{'tirx.ptx.tcgen05.fence' op requires sm_100a or sm_101a, but the module targets sm_100}}
    tirx.ptx.tcgen05.fence after_thread_sync
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_120a">} {
  func.func @tcgen05_on_sm120a() {
    // expected-error @+1 {{'tirx.ptx.tcgen05.wait' op requires sm_100a or sm_101a, but the module targets sm_120a}}
    tirx.ptx.tcgen05.wait ld
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @mapa_on_sm80(%p: !tirx.ptr<i64, shared>, %r: i32) {
    // expected-error @+1 {{'tirx.ptx.mapa' op requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mapa %p, %r : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @wgmma_on_sm100a() {
    // expected-error @+1 {{'tirx.ptx.wgmma.fence' op requires sm_90a, but the module targets sm_100a}}
    tirx.ptx.wgmma.fence
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90">} {
  func.func @wgmma_on_plain_sm90(%a: i64, %c: vector<4xf32>, %s: i1) {
    // expected-error @+1 {{'tirx.ptx.wgmma.mma_async' op requires sm_90a, but the module targets sm_90}}
    %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 8, 16] d = f32 a = f16 b = f16 : i64, vector<4xf32>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90">} {
  func.func @setmaxnreg_on_plain_sm90() {
    // expected-error @+1 {{'tirx.ptx.setmaxnreg' op requires sm_90a or newer in its family, or sm_100a, sm_110a, sm_120a or newer in theirs, but the module targets sm_90}}
    tirx.ptx.setmaxnreg inc 232
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @elect_on_sm80() {
    // expected-error @+1 {{'tirx.ptx.elect.sync' op requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.elect.sync
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_89">} {
  func.func @tma_on_sm89(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
    // expected-error @+1 {{'tirx.ptx.cp.async.bulk.tensor.load' op requires sm_90 or newer, but the module targets sm_89}}
    tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90">} {
  func.func @clc_on_sm90(%r: i128) {
    // expected-error @+1 {{'tirx.ptx.clusterlaunchcontrol.query_cancel' op requires sm_100 or newer, but the module targets sm_90}}
    %0 = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %r : i1
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @cluster_rank_on_sm80() {
    // expected-error @+1 {{'tirx.ptx.sreg.cluster_ctarank' op requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.sreg.cluster_ctarank
    return
  }
}

// -----

// Modifiers that need a newer chip than the op's base form.

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @arrive_release_on_sm80(%b: !tirx.ptr<i64, shared>) {
    // expected-error @+1 {{'tirx.ptx.mbarrier.arrive' op 'release' semantics requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mbarrier.arrive release %b : !tirx.ptr<i64, shared> -> i64
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @arrive_scope_on_sm80(%b: !tirx.ptr<i64, shared>) {
    // expected-error @+1 {{'tirx.ptx.mbarrier.arrive_drop' op 'release' semantics requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mbarrier.arrive_drop release cluster %b : !tirx.ptr<i64, shared> -> i64
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @remote_arrive_on_sm80(%b: !tirx.ptr<i64, shared.cluster>) {
    // expected-error @+1 {{'tirx.ptx.mbarrier.arrive' op an arrive without a state result requires sm_90 or newer, but the module targets sm_80}}
    tirx.ptx.mbarrier.arrive %b : !tirx.ptr<i64, shared.cluster>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @wait_acquire_on_sm80(%b: !tirx.ptr<i64, shared>, %s: i64) {
    // expected-error @+1 {{'tirx.ptx.mbarrier.test_wait' op 'acquire' semantics requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mbarrier.test_wait acquire %b, %s : !tirx.ptr<i64, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @wait_scope_on_sm80(%b: !tirx.ptr<i64, shared>, %p: i32) {
    // expected-error @+1 {{'tirx.ptx.mbarrier.test_wait.parity' op 'cta' scope requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mbarrier.test_wait.parity cta %b, %p : !tirx.ptr<i64, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @fence_cluster_on_sm80() {
    // expected-error @+1 {{'tirx.ptx.fence' op 'cluster' scope requires sm_90 or newer, but the module targets sm_80}}
    tirx.ptx.fence sc cluster
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @fence_acquire_on_sm80() {
    // expected-error @+1 {{'tirx.ptx.fence' op 'acquire' semantics requires sm_90 or newer, but the module targets sm_80}}
    tirx.ptx.fence acquire gpu
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @redux_fmin_on_sm90a(%x: f32, %m: i32) {
    // expected-error @+1 {{'tirx.ptx.redux.sync' op 'fmin' reduction requires sm_100a or newer in its family, or sm_110a or newer in theirs, but the module targets sm_90a}}
    %0 = tirx.ptx.redux.sync fmin %x, %m : f32
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @s2g_byte_mask_on_sm90a(%g: !tirx.ptr<f32, global>, %s: !tirx.ptr<f32, shared>, %n: i32, %m: i16) {
    // expected-error @+1 {{'tirx.ptx.cp.async.bulk.s2g' op byte_mask requires sm_100 or newer, but the module targets sm_90a}}
    tirx.ptx.cp.async.bulk.s2g %g, %s, %n byte_mask %m : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tma_cta_group_on_sm90a(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
    // expected-error @+1 {{'tirx.ptx.cp.async.bulk.tensor.load' op cta_group requires sm_100a or newer in its family, or sm_110a or newer in theirs, but the module targets sm_90a}}
    tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %b cta_2 : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @tma_gather4_on_sm90a(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
    // expected-error @+1 {{'tirx.ptx.cp.async.bulk.tensor.load' op 'tile.gather4' mode requires sm_100a or newer in its family, or sm_110a or newer in theirs, but the module targets sm_90a}}
    tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %d, %t[%x, %x, %x, %x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @mma_fp8_on_sm80(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>) {
    // expected-error @+1 {{'tirx.ptx.mma.sync' op e4m3/e5m2 input requires sm_89 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 32] d = f32 a = e4m3 b = e5m2 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @ldmatrix_m16n16_on_sm90a(%p: !tirx.ptr<i8, shared>) {
    // expected-error @+1 {{'tirx.ptx.ldmatrix' op shape m16n16 requires sm_100a or newer in its family, or sm_110a or newer in theirs, but the module targets sm_90a}}
    %0 = tirx.ptx.ldmatrix %p m16n16 x1 b8 trans : !tirx.ptr<i8, shared> -> vector<2xi32>
    return
  }
}
