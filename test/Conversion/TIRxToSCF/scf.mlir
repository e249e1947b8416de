// RUN: tirx-opt %s --convert-tirx-to-scf --split-input-file | FileCheck %s

// Regular control flow becomes scf.

// CHECK-LABEL: func.func @regular
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: tirx.buffer_store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK: scf.if %{{.*}} {
// CHECK: } else {
// CHECK: scf.while : () -> () {
// CHECK: scf.condition(%{{.*}})
// CHECK: } do {
// CHECK: scf.yield
// CHECK-NOT: tirx.for
// CHECK-NOT: tirx.if
// CHECK-NOT: tirx.while
func.func @regular(%n: index, %c: i1, %b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.for %i = %c0 to %n step %c1 {
    tirx.buffer_store %v, %b[%i] : i32, !tirx.buffer<16xi32, local>
  }
  tirx.if %c {
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<16xi32, local>
  } else {
    tirx.buffer_store %v, %b[%c1] : i32, !tirx.buffer<16xi32, local>
  }
  tirx.while {
    %x = tirx.buffer_load %b[%c0] : !tirx.buffer<16xi32, local> -> i32
    %lt = arith.cmpi slt, %x, %v : i32
    tirx.condition %lt
  } do {
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<16xi32, local>
  }
  return
}

// -----

// unroll and vectorized loops with constant trip counts are unrolled.
// CHECK-LABEL: func.func @unrolled
// CHECK-NOT: scf.for
// CHECK-COUNT-4: tirx.buffer_store
// CHECK-COUNT-2: tirx.buffer_store
// CHECK-NOT: tirx.buffer_store
func.func @unrolled(%b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  tirx.for %i = %c0 to %c4 step %c1 unroll {
    tirx.buffer_store %v, %b[%i] : i32, !tirx.buffer<16xi32, local>
  }
  tirx.for %j = %i0 to %i2 step %i1 vectorized : i32 {
    %k = arith.index_cast %j : i32 to index
    tirx.buffer_store %j, %b[%k] : i32, !tirx.buffer<16xi32, local>
  }
  return
}

// -----

// A loop to unroll with a dynamic trip count stays, with a warning.
func.func @dynamic_unroll(%n: index, %b: !tirx.buffer<16xi32, local>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  tirx.for %i = %c0 to %n step %c1 unroll {
    tirx.buffer_store %v, %b[%i] : i32, !tirx.buffer<16xi32, local>
  }
  return
}
