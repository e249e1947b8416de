// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the integer bit-manipulation ops (TIRxPTXIntOps.td).

// CHECK-LABEL: func.func @counts(
// CHECK: tirx.ptx.brev %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.brev %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.popc %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.clz %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.bfind u %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.bfind shiftamt s %{{.*}} : i64
func.func @counts(%a: i32, %w: i64) {
  %0 = tirx.ptx.brev %a : i32
  %1 = tirx.ptx.brev %w : i64
  %2 = tirx.ptx.popc %w : i64
  %3 = tirx.ptx.clz %a : i32
  %4 = tirx.ptx.bfind u %a : i32
  %5 = tirx.ptx.bfind shiftamt s %w : i64
  return
}

// CHECK-LABEL: func.func @fields(
// CHECK: tirx.ptx.bfe s %{{.*}}, %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.bfi %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.prmt %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.prmt ecr %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.lop3 %{{.*}}, %{{.*}}, %{{.*}}, 232{{$}}
// CHECK-NEXT: tirx.ptx.shf r clamp %{{.*}}, %{{.*}}, %{{.*}}{{$}}
func.func @fields(%a: i32, %b: i32, %w: i64) {
  %0 = tirx.ptx.bfe s %w, %a, %b : i64
  %1 = tirx.ptx.bfi %a, %b, %a, %b : i32
  %2 = tirx.ptx.prmt %a, %b, %a
  %3 = tirx.ptx.prmt ecr %a, %b, %a
  %4 = tirx.ptx.lop3 %a, %b, %a, 232
  %5 = tirx.ptx.shf r clamp %a, %b, %a
  return
}

// CHECK-LABEL: func.func @arith(
// CHECK: tirx.ptx.mul24 hi s %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.mad24 lo u %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.mad24 hi sat s %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.sad s %{{.*}}, %{{.*}}, %{{.*}} : i16
// CHECK-NEXT: tirx.ptx.cnot %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.dp4a u s %{{.*}}, %{{.*}}, %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.dp2a hi s u %{{.*}}, %{{.*}}, %{{.*}}{{$}}
func.func @arith(%a: i32, %h: i16, %w: i64) {
  %0 = tirx.ptx.mul24 hi s %a, %a
  %1 = tirx.ptx.mad24 lo u %a, %a, %a
  %6 = tirx.ptx.mad24 hi sat s %a, %a, %a
  %2 = tirx.ptx.sad s %h, %h, %h : i16
  %3 = tirx.ptx.cnot %w : i64
  %4 = tirx.ptx.dp4a u s %a, %a, %a
  %5 = tirx.ptx.dp2a hi s u %a, %a, %a
  return
}
