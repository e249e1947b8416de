// RUN: tirx-opt %s --convert-tirx-to-nvvm -split-input-file -verify-diagnostics

// tirx.ptx forms that cannot be lowered give a located error at the op.

// A remote arrive (on a peer CTA's barrier obtained through the raw mapa)
// has no state to return.
gpu.module @m {
  gpu.func @remote_arrive_with_state(%bar: !tirx.ptr<i64, shared>, %rank: i32) {
    %a = tirx.reinterpret %bar : !tirx.ptr<i64, shared> to i64
    %m = tirx.ptx.mapa %a, %rank : i64 -> i64
    %p = tirx.reinterpret %m : i64 to !tirx.ptr<i64, shared>
    // expected-error @+2 {{'tirx.ptx.mbarrier.arrive' op cannot be lowered: a remote arrive (on a peer CTA's mbarrier obtained through mapa) returns no state}}
    // expected-error @+1 {{failed to legalize operation 'tirx.ptx.mbarrier.arrive'}}
    %s = tirx.ptx.mbarrier.arrive %p : !tirx.ptr<i64, shared> -> i64
    gpu.return
  }
}

// -----

// Forms newer than the PTX ISA version of the gpu.module's target would
// make the NVPTX backend abort; they are diagnosed instead.
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @tensormap_fence_on_ptx80() {
    // expected-error @+2 {{'tirx.ptx.fence.proxy.tensormap' op cannot be lowered: the tensormap proxy fence needs PTX ISA 8.3, but the target compiles for PTX ISA 8.0; raise it with features=+ptx83}}
    // expected-error @+1 {{failed to legalize operation 'tirx.ptx.fence.proxy.tensormap'}}
    tirx.ptx.fence.proxy.tensormap release gpu
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @relaxed_arrive_on_ptx80(%bar: !tirx.ptr<i64, shared>) {
    // expected-error @+2 {{'tirx.ptx.mbarrier.arrive' op cannot be lowered: 'relaxed' semantics needs PTX ISA 8.6, but the target compiles for PTX ISA 8.0; raise it with features=+ptx86}}
    // expected-error @+1 {{failed to legalize operation 'tirx.ptx.mbarrier.arrive'}}
    %s = tirx.ptx.mbarrier.arrive relaxed cta %bar : !tirx.ptr<i64, shared> -> i64
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @acquire_fence_on_ptx80() {
    // expected-error @+2 {{'tirx.ptx.fence' op cannot be lowered: fence.acquire needs PTX ISA 8.6}}
    // expected-error @+1 {{failed to legalize operation 'tirx.ptx.fence'}}
    tirx.ptx.fence acquire cluster
    gpu.return
  }
}
