// RUN: tirx-opt %s --split-input-file --tirx-check-sync="warn-only=true" --verify-diagnostics | FileCheck %s

// warn-only: a finding the check shows for certain is a warning at its op,
// and the pass succeeds, leaving the kernel as written.

// CHECK-LABEL: func.func @never_initialized
// CHECK: tirx.ptx.mbarrier.arrive
func.func @never_initialized() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-warning @+1 {{uses an mbarrier in 'mbar', which no mbarrier.init in the kernel initializes}}
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
  }
  return
}
