// RUN: tirx-opt %s --convert-tirx-to-nvvm -split-input-file -verify-diagnostics

// tirx.ptx forms that cannot be lowered give a located error at the op.

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
  gpu.func @acquire_fence_on_ptx80() {
    // expected-error @+2 {{'tirx.ptx.fence' op cannot be lowered: fence.acquire needs PTX ISA 8.6}}
    // expected-error @+1 {{failed to legalize operation 'tirx.ptx.fence'}}
    tirx.ptx.fence acquire cluster
    gpu.return
  }
}
