// RUN: tirx-opt %s | tirx-opt | FileCheck %s

// The original TIRx's composite primitives and select print and parse back.

!f = !tirx.buffer<8x16xf32, local>
!r = !tirx.buffer<8xf32, local>
// CHECK-LABEL: func.func @ops
func.func @ops(%x: f32) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !f
    %b = tirx.alloc_buffer : !f
    %s = tirx.alloc_buffer : !r
    // CHECK: tirx.tile.binary_reduce mul sum thread %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>
    tirx.tile.binary_reduce mul sum thread %a, %s, %a, %b axes = [1] : !f, !r, !f, !f
    // CHECK: tirx.tile.unary_reduce exp max thread %{{.*}}, %{{.*}}, %{{.*}} bias %{{.*}} : f32 scale %{{.*}} : f32 axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>
    tirx.tile.unary_reduce exp max thread %b, %s, %a bias %x : f32 scale %x : f32 axes = [1] : !f, !r, !f
    // CHECK: tirx.tile.binary_chain mul add thread %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} reverse1 : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>, f32, f32
    tirx.tile.binary_chain mul add thread %b, %a, %x, %x reverse1 : !f, !f, f32, f32
    // CHECK: tirx.tile.reduce_negate max thread %{{.*}}, %{{.*}} axes = [1] accumulate : !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>
    tirx.tile.reduce_negate max thread %s, %a axes = [1] accumulate : !r, !f
    // CHECK: tirx.tile.select thread %{{.*}}, %{{.*}}, %{{.*}} : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>, f32 {
    // CHECK: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
    // CHECK:   %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
    // CHECK:   %[[J32:.*]] = arith.index_cast %[[J]] : index to i32
    // CHECK:   %[[LE:.*]] = arith.cmpi sle, %[[J32]], %[[I32]] : i32
    // CHECK:   tirx.tile.yield %[[LE]]
    tirx.tile.select thread %a, %a, %x : !f, !f, f32 {
    ^bb0(%i: index, %j: index):
      %i32 = arith.index_cast %i : index to i32
      %j32 = arith.index_cast %j : index to i32
      %le = arith.cmpi sle, %j32, %i32 : i32
      tirx.tile.yield %le
    }
    // CHECK: tirx.tile.compose thread dispatch "sequential" {
    // CHECK:   tirx.tile.unary exp thread
    // CHECK:   tirx.tile.reduce sum thread
    tirx.tile.compose thread dispatch "sequential" {
      tirx.tile.unary exp thread %a, %a : !f, !f
      tirx.tile.reduce sum thread %s, %a axes = [1] : !r, !f
    }
  }
  return
}
