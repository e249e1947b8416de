// RUN: tirx-opt %s --split-input-file | FileCheck %s
// RUN: tirx-opt %s --split-input-file | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --split-input-file --mlir-print-op-generic | tirx-opt | FileCheck %s

// The trace ops print back as they are written, with and without a name on
// range_end and with a leader predicate.

// CHECK-LABEL: func.func @ranges
// CHECK: tirx.profile.range_begin "mma"
// CHECK-NEXT: tirx.profile.mark "tma_issued"
// CHECK-NEXT: tirx.profile.range_end "mma"
// CHECK-NEXT: tirx.profile.range_begin "outer" leader(%{{.*}})
// CHECK-NEXT: tirx.profile.mark "m" leader(%{{.*}})
// CHECK-NEXT: tirx.profile.range_end leader(%{{.*}})
// CHECK-NEXT: tirx.profile.range_end{{$}}
func.func @ranges() {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : i32
    %lead = arith.cmpi eq, %tx, %c0 : i32
    tirx.profile.range_begin "mma"
    tirx.profile.mark "tma_issued"
    tirx.profile.range_end "mma"
    tirx.profile.range_begin "outer" leader(%lead)
    tirx.profile.mark "m" leader(%lead)
    tirx.profile.range_end leader(%lead)
    tirx.profile.range_end
  }
  return
}

// -----

// After the kernel is outlined the ops are still valid in the gpu.func.
// CHECK-LABEL: gpu.func @outlined
// CHECK: tirx.profile.mark "in gpu.func"
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @outlined() kernel {
      tirx.profile.mark "in gpu.func"
      gpu.return
    }
  }
}
