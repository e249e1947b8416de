// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the multimem family: the integer lines (an op and a
// type), the floating lines whose `.vec` is the vector type of the value
// (an f16x2/bf16x2 element an i32), `.weak` without a scope, and the
// global or generic address.

// CHECK-LABEL: func.func @ld_reduce(
// CHECK: tirx.ptx.multimem.ld_reduce relaxed gpu add u32 %{{.*}} : !tirx.ptr<i32, global> -> i32
// CHECK-NEXT: tirx.ptx.multimem.ld_reduce weak max s64 %{{.*}} : !tirx.ptr<i64, generic> -> i64
// CHECK-NEXT: tirx.ptx.multimem.ld_reduce acquire sys add acc_f32 bf16x2 %{{.*}} : !tirx.ptr<i8, global> -> vector<4xi32>
// CHECK-NEXT: tirx.ptx.multimem.ld_reduce min f16 %{{.*}} : !tirx.ptr<f16, global> -> vector<8xf16>
func.func @ld_reduce(%g: !tirx.ptr<i32, global>, %p: !tirx.ptr<i64, generic>,
                     %b: !tirx.ptr<i8, global>, %h: !tirx.ptr<f16, global>) {
  %0 = tirx.ptx.multimem.ld_reduce relaxed gpu add u32 %g : !tirx.ptr<i32, global> -> i32
  %1 = tirx.ptx.multimem.ld_reduce weak max s64 %p : !tirx.ptr<i64, generic> -> i64
  %2 = tirx.ptx.multimem.ld_reduce acquire sys add acc_f32 bf16x2 %b : !tirx.ptr<i8, global> -> vector<4xi32>
  %3 = tirx.ptx.multimem.ld_reduce min f16 %h : !tirx.ptr<f16, global> -> vector<8xf16>
  return
}

// CHECK-LABEL: func.func @st_and_red(
// CHECK: tirx.ptx.multimem.st release sys b32 %{{.*}}, %{{.*}} : !tirx.ptr<i32, global>, i32
// CHECK-NEXT: tirx.ptx.multimem.st f32 %{{.*}}, %{{.*}} : !tirx.ptr<f32, global>, vector<4xf32>
// CHECK-NEXT: tirx.ptx.multimem.red relaxed cluster xor b64 %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>, i64
// CHECK-NEXT: tirx.ptx.multimem.red add f32 %{{.*}}, %{{.*}} : !tirx.ptr<f32, global>, vector<2xf32>
func.func @st_and_red(%g: !tirx.ptr<i32, global>, %f: !tirx.ptr<f32, global>,
                      %p: !tirx.ptr<i64, generic>, %x: i32, %v4: vector<4xf32>,
                      %w: i64, %v2: vector<2xf32>) {
  tirx.ptx.multimem.st release sys b32 %g, %x : !tirx.ptr<i32, global>, i32
  tirx.ptx.multimem.st f32 %f, %v4 : !tirx.ptr<f32, global>, vector<4xf32>
  tirx.ptx.multimem.red relaxed cluster xor b64 %p, %w : !tirx.ptr<i64, generic>, i64
  tirx.ptx.multimem.red add f32 %f, %v2 : !tirx.ptr<f32, global>, vector<2xf32>
  return
}
