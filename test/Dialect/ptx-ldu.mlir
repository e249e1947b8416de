// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// ldu from a global and a generic pointer, scalar and vector results.
// CHECK-LABEL: func.func @forms
// CHECK: tirx.ptx.ldu f32 %{{.*}} : !tirx.ptr<f32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.ptx.ldu u8 %{{.*}} : !tirx.ptr<i8, generic> -> i8
// CHECK-NEXT: tirx.ptx.ldu s64 %{{.*}} : !tirx.ptr<i64, global> -> vector<2xi64>
func.func @forms(%g: !tirx.ptr<f32, global>, %p: !tirx.ptr<i8, generic>,
                 %q: !tirx.ptr<i64, global>) {
  %0 = tirx.ptx.ldu f32 %g : !tirx.ptr<f32, global> -> vector<4xf32>
  %1 = tirx.ptx.ldu u8 %p : !tirx.ptr<i8, generic> -> i8
  %2 = tirx.ptx.ldu s64 %q : !tirx.ptr<i64, global> -> vector<2xi64>
  return
}
