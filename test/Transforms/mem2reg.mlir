// RUN: tirx-opt %s --mem2reg --split-input-file | FileCheck %s

// Mutable numeric locals (one-element local buffers) are promoted to SSA
// values by upstream mem2reg through TIRx's memory-slot interfaces.

// CHECK-LABEL: func.func @straight_line
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NOT: tirx.alloc_buffer
// CHECK-NOT: tirx.buffer_
// CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK: return %[[S]] : i32
func.func @straight_line(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %x = tirx.alloc_buffer {name = "x"} : !tirx.buffer<1xi32, local>
  tirx.buffer_store %a, %x[%c0] : i32, !tirx.buffer<1xi32, local>
  %0 = tirx.buffer_load %x[%c0] : !tirx.buffer<1xi32, local> -> i32
  %1 = arith.addi %0, %b : i32
  tirx.buffer_store %1, %x[%c0] : i32, !tirx.buffer<1xi32, local>
  %2 = tirx.buffer_load %x[%c0] : !tirx.buffer<1xi32, local> -> i32
  return %2 : i32
}

// -----

// Rank-0 locals and control flow through blocks (phis become block args).
// CHECK-LABEL: func.func @branches
// CHECK-NOT: tirx.alloc_buffer
// CHECK: cf.cond_br %{{.*}}, ^[[T:.*]], ^[[F:.*]]
// CHECK: ^[[T]]:
// CHECK: cf.br ^[[J:.*]](%{{.*}} : f32)
// CHECK: ^[[F]]:
// CHECK: cf.br ^[[J]](%{{.*}} : f32)
// CHECK: ^[[J]](%[[V:.*]]: f32):
// CHECK: return %[[V]] : f32
func.func @branches(%c: i1, %x: f32, %y: f32) -> f32 {
  %acc = tirx.alloc_buffer : !tirx.buffer<f32, local>
  cf.cond_br %c, ^t, ^f
^t:
  tirx.buffer_store %x, %acc[] : f32, !tirx.buffer<f32, local>
  cf.br ^j
^f:
  tirx.buffer_store %y, %acc[] : f32, !tirx.buffer<f32, local>
  cf.br ^j
^j:
  %v = tirx.buffer_load %acc[] : !tirx.buffer<f32, local> -> f32
  return %v : f32
}

// -----

// A read before any write gives poison.
// CHECK-LABEL: func.func @uninitialized
// CHECK: %[[P:.*]] = ub.poison : i32
// CHECK: return %[[P]]
func.func @uninitialized() -> i32 {
  %c0 = arith.constant 0 : index
  %x = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
  %0 = tirx.buffer_load %x[%c0] : !tirx.buffer<1xi32, local> -> i32
  return %0 : i32
}

// -----

// Not promoted: shared scope, more than one element, an escaping address,
// or a vector access.
// CHECK-LABEL: func.func @not_promoted
// CHECK-COUNT-4: tirx.alloc_buffer
func.func @not_promoted(%a: i32, %v: vector<1xi32>) -> !tirx.ptr<i32, local> {
  %c0 = arith.constant 0 : index
  %s = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
  tirx.buffer_store %a, %s[%c0] : i32, !tirx.buffer<1xi32, shared>
  %l = tirx.alloc_buffer : !tirx.buffer<2xi32, local>
  tirx.buffer_store %a, %l[%c0] : i32, !tirx.buffer<2xi32, local>
  %e = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
  tirx.buffer_store %a, %e[%c0] : i32, !tirx.buffer<1xi32, local>
  %p = tirx.ptr_to %e[%c0] : !tirx.buffer<1xi32, local>
  %w = tirx.alloc_buffer : !tirx.buffer<1xi32, local>
  tirx.buffer_store %v, %w[%c0] : vector<1xi32>, !tirx.buffer<1xi32, local>
  return %p : !tirx.ptr<i32, local>
}
