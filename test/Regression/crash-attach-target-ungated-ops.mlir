// RUN: not tirx-opt %s --tirx-attach-target 2>&1 | FileCheck %s
// RUN: not tirx-opt %s -pass-pipeline='builtin.module(tirx-to-ptx-pipeline)' 2>&1 | FileCheck %s
// RUN: tirx-opt %s --tirx-attach-target=chip=sm_100a | FileCheck %s --check-prefix=OK

// Ops in a module without #tirx.target are not gated. tirx-attach-target
// then attached the default sm_90a and succeeded, leaving IR that no longer
// verified (tirx-fuzz's oracle: a pass that succeeds must leave valid IR).
// The pass now reports the op the new target cannot run.

// CHECK: error: 'tirx.ptx.tcgen05.fence' op requires sm_100a or sm_101a
// OK: module attributes {tirx.target = #tirx.target<"sm_100a">}
func.func @no_target() {
  tirx.ptx.tcgen05.fence before_thread_sync
  return
}
