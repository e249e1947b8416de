// RUN: tirx-opt %s -split-input-file -verify-diagnostics --tirx-lower-profile="trace=1"
// RUN: not tirx-opt %s --split-input-file --tirx-lower-profile="trace=1 capacity=0" 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not tirx-opt %s --split-input-file --tirx-lower-profile="trace=1 timer=cycles" 2>&1 | FileCheck %s --check-prefix=TIMER

// CAP: error: tirx-lower-profile: 'capacity' must be in [1, 16777216], got 0
// TIMER: error: tirx-lower-profile: 'timer' must be 'globaltimer' or 'clock64', got 'cycles'

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @outlined() kernel {
      // expected-error @+1 {{'tirx.profile.mark' op is outside a 'tirx.kernel': run tirx-lower-profile before the kernel is outlined}}
      tirx.profile.mark "late"
      gpu.return
    }
  }
}

// -----

// expected-error @+1 {{'func.func' op is called from other functions; tracing adds a parameter to it}}
func.func @callee() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    tirx.profile.mark "m"
  }
  return
}
func.func @caller() {
  func.call @callee() : () -> ()
  return
}

// -----

// expected-error @+1 {{'func.func' op is already instrumented for tracing ('tirx.profile_trace')}}
func.func @again(%t: !tirx.buffer<?xi64, global>) attributes {tirx.profile_trace = {version = 1, param = 0, capacity = 4, warps_per_cta = 1, header_words = 4, record_words = 2, timer = "globaltimer", names = []}} {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    tirx.profile.mark "m"
  }
  return
}
