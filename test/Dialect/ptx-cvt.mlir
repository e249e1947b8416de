// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of tirx.ptx.cvt's lines: the scalar line, the packed halves
// and fp8, and the narrow formats of sm_100 (fp4 e2m1 in an i8, fp6
// e2m3/e3m2 and the ue8m0 scale in an i16, stochastic rounding with its
// random bits).

// CHECK-LABEL: func.func @scalar_and_packed(
// CHECK: tirx.ptx.cvt rzi s32 from f32 %{{.*}} : (f32) -> i32
// CHECK-NEXT: tirx.ptx.cvt rn relu satfinite bf16x2 from f32 %{{.*}}, %{{.*}} : (f32, f32) -> i32
// CHECK-NEXT: tirx.ptx.cvt rn satfinite e4m3x2 from f16x2 %{{.*}} : (i32) -> i16
// CHECK-NEXT: tirx.ptx.cvt rn relu f16x2 from e5m2x2 %{{.*}} : (i16) -> i32
func.func @scalar_and_packed(%f: f32, %g: f32, %h2: i32, %q: i16) {
  %0 = tirx.ptx.cvt rzi s32 from f32 %f : (f32) -> i32
  %1 = tirx.ptx.cvt rn relu satfinite bf16x2 from f32 %f, %g : (f32, f32) -> i32
  %2 = tirx.ptx.cvt rn satfinite e4m3x2 from f16x2 %h2 : (i32) -> i16
  %3 = tirx.ptx.cvt rn relu f16x2 from e5m2x2 %q : (i16) -> i32
  return
}

// CHECK-LABEL: func.func @narrow(
// CHECK: tirx.ptx.cvt rn satfinite e2m1x2 from f32 %{{.*}}, %{{.*}} : (f32, f32) -> i8
// CHECK-NEXT: tirx.ptx.cvt rn relu satfinite e2m1x2 from f16x2 %{{.*}} : (i32) -> i8
// CHECK-NEXT: tirx.ptx.cvt rn satfinite e3m2x2 from f32 %{{.*}}, %{{.*}} : (f32, f32) -> i16
// CHECK-NEXT: tirx.ptx.cvt rn f16x2 from e2m1x2 %{{.*}} : (i8) -> i32
// CHECK-NEXT: tirx.ptx.cvt rn relu f16x2 from e2m3x2 %{{.*}} : (i16) -> i32
// CHECK-NEXT: tirx.ptx.cvt rp satfinite ue8m0x2 from f32 %{{.*}}, %{{.*}} : (f32, f32) -> i16
// CHECK-NEXT: tirx.ptx.cvt rz ue8m0x2 from bf16x2 %{{.*}} : (i32) -> i16
// CHECK-NEXT: tirx.ptx.cvt rn bf16x2 from ue8m0x2 %{{.*}} : (i16) -> i32
// CHECK-NEXT: tirx.ptx.cvt rs relu satfinite f16x2 from f32 %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, i32) -> i32
func.func @narrow(%f: f32, %g: f32, %h2: i32, %b: i8, %q: i16, %bits: i32) {
  %0 = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f, %g : (f32, f32) -> i8
  %1 = tirx.ptx.cvt rn relu satfinite e2m1x2 from f16x2 %h2 : (i32) -> i8
  %2 = tirx.ptx.cvt rn satfinite e3m2x2 from f32 %f, %g : (f32, f32) -> i16
  %3 = tirx.ptx.cvt rn f16x2 from e2m1x2 %b : (i8) -> i32
  %4 = tirx.ptx.cvt rn relu f16x2 from e2m3x2 %q : (i16) -> i32
  %5 = tirx.ptx.cvt rp satfinite ue8m0x2 from f32 %f, %g : (f32, f32) -> i16
  %6 = tirx.ptx.cvt rz ue8m0x2 from bf16x2 %h2 : (i32) -> i16
  %7 = tirx.ptx.cvt rn bf16x2 from ue8m0x2 %q : (i16) -> i32
  %8 = tirx.ptx.cvt rs relu satfinite f16x2 from f32 %f, %g, %bits : (f32, f32, i32) -> i32
  return
}

// The .rs x4 lines take their four f32 as one vector<4xf32> (a braced
// group in PTX) and the random bits as the second operand.
// CHECK-LABEL: func.func @rs_x4(
// CHECK: tirx.ptx.cvt rs satfinite e4m3x4 from f32 %{{.*}}, %{{.*}} : (vector<4xf32>, i32) -> i32
// CHECK-NEXT: tirx.ptx.cvt rs relu satfinite e2m1x4 from f32 %{{.*}}, %{{.*}} : (vector<4xf32>, i32) -> i16
func.func @rs_x4(%v: vector<4xf32>, %bits: i32) {
  %0 = tirx.ptx.cvt rs satfinite e4m3x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i32
  %1 = tirx.ptx.cvt rs relu satfinite e2m1x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i16
  return
}
