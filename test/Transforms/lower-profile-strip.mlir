// RUN: tirx-opt %s --split-input-file --tirx-lower-profile | FileCheck %s
// RUN: tirx-opt %s --split-input-file --tirx-lower-profile="trace=0" | FileCheck %s

// Without tracing every trace op is erased (also in an outlined gpu.func),
// and nothing else changes: no parameter, no attribute, no timer read.

// CHECK-LABEL: func.func @ranges(%{{.*}}: !tirx.buffer<256xf32, global>) {
// CHECK-NOT: tirx.profile
// CHECK-NOT: globaltimer
// CHECK: tirx.buffer_store
// CHECK-NOT: tirx.profile
// CHECK: return
func.func @ranges(%A: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    %c0 = arith.constant 0 : i32
    %lead = arith.cmpi eq, %tx, %c0 : i32
    tirx.profile.range_begin "scale"
    %i = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %A[%i] : !tirx.buffer<256xf32, global> -> f32
    %w = arith.addf %v, %v : f32
    tirx.buffer_store %w, %A[%i] : f32, !tirx.buffer<256xf32, global>
    tirx.profile.mark "stored" leader(%lead)
    tirx.profile.range_end "scale"
  }
  return
}

// -----

// CHECK-LABEL: gpu.func @outlined
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @outlined() kernel {
      tirx.profile.mark "in gpu.func"
      gpu.return
    }
  }
}
