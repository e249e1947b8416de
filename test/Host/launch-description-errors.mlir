// RUN: not tirx-translate %s --emit=launch 2>&1 | FileCheck %s

// A host part the launcher cannot run is a located error and exit code 1.
// CHECK: launch-description-errors.mlir:[[@LINE+4]]:8: error: 'tirx.buffer_load' op cannot run in the host part of 'f'
// CHECK-NOT: "format"
func.func @f(%A: !tirx.buffer<64xf32, global>) {
  %c0 = arith.constant 0 : index
  %x = tirx.buffer_load %A[%c0] : !tirx.buffer<64xf32, global> -> f32
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    tirx.buffer_store %x, %A[%c0] : f32, !tirx.buffer<64xf32, global>
  }
  return
}
