// RUN: tirx-opt %s -canonicalize -split-input-file | FileCheck %s

// Every TIRx canonicalization pattern and folder.

// CHECK-LABEL: func.func @bind_of_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @bind_of_constant() -> i32 {
  %c = arith.constant 7 : i32
  %b = tirx.bind %c as "n" : i32
  return %b : i32
}

// A bind of a non-constant keeps its name.
// CHECK-LABEL: func.func @bind_kept
// CHECK: %n = tirx.bind %{{.*}} as "n" : i32
func.func @bind_kept(%x: i32) -> i32 {
  %b = tirx.bind %x as "n" : i32
  return %b : i32
}

// -----

// ptr_to on a decl_buffer with constant offsets: the data pointer plus a
// constant byte offset, typed as the view's element.
// CHECK-LABEL: func.func @ptr_to_of_decl_buffer
// CHECK-SAME: (%[[POOL:.*]]: !tirx.ptr<ui8, shared.dyn>)
// CHECK: %[[OFF:.*]] = arith.constant 1284 : index
// CHECK: %[[P:.*]] = tirx.ptr_byte_offset %[[POOL]][%[[OFF]]] as f32 : !tirx.ptr<ui8, shared.dyn>
// CHECK: return %[[P]] : !tirx.ptr<f32, shared.dyn>
func.func @ptr_to_of_decl_buffer(%pool: !tirx.ptr<ui8, shared.dyn>) -> !tirx.ptr<f32, shared.dyn> {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 1024 : index
  %view = tirx.decl_buffer %pool byte_offset %c64 : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
  // 1024 + (1 * 64 + 1) * 4 = 1284
  %p = tirx.ptr_to %view[%c1, %c1] : !tirx.buffer<4x64xf32, shared.dyn>
  return %p : !tirx.ptr<f32, shared.dyn>
}

// Offset zero with the same pointer type folds to the pointer itself.
// CHECK-LABEL: func.func @ptr_to_of_decl_buffer_zero
// CHECK-SAME: (%[[P:.*]]: !tirx.ptr<ui64, shared>)
// CHECK-NEXT: return %[[P]] : !tirx.ptr<ui64, shared>
func.func @ptr_to_of_decl_buffer_zero(%p: !tirx.ptr<ui64, shared>) -> !tirx.ptr<ui64, shared> {
  %c0 = arith.constant 0 : index
  %b = tirx.decl_buffer %p : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
  %q = tirx.ptr_to %b[%c0] : !tirx.buffer<1xui64, shared>
  return %q : !tirx.ptr<ui64, shared>
}

// A static layout offset counts too.
// CHECK-LABEL: func.func @ptr_to_static_layout
// CHECK: arith.constant 144 : index
// CHECK: tirx.ptr_byte_offset %{{.*}}[%{{.*}}] as f16 : !tirx.ptr<f16, global>
func.func @ptr_to_static_layout(%g: !tirx.ptr<f16, global>) -> !tirx.ptr<f16, global> {
  %c1 = arith.constant 1 : index
  %b = tirx.decl_buffer %g : !tirx.ptr<f16, global> -> !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>>
  // (8 + 64 + 0) * 2 = 144
  %c0 = arith.constant 0 : index
  %q = tirx.ptr_to %b[%c1, %c0] : !tirx.buffer<16x16xf16, global, strided<[64, 1], offset: 8>>
  return %q : !tirx.ptr<f16, global>
}

// Dynamic indices stay.
// CHECK-LABEL: func.func @ptr_to_dynamic
// CHECK: tirx.ptr_to
func.func @ptr_to_dynamic(%p: !tirx.ptr<f32, shared>, %i: index) -> !tirx.ptr<f32, shared> {
  %b = tirx.decl_buffer %p : !tirx.ptr<f32, shared> -> !tirx.buffer<8xf32, shared>
  %q = tirx.ptr_to %b[%i] : !tirx.buffer<8xf32, shared>
  return %q : !tirx.ptr<f32, shared>
}

// -----

// Reinterpret round trips fold when they are exact.
// CHECK-LABEL: func.func @reinterpret_round_trips
// CHECK-SAME: (%[[A:.*]]: i64, %[[P:.*]]: !tirx.ptr<f32, shared>, %[[F:.*]]: f32)
// CHECK-NEXT: return %[[A]], %[[P]], %[[F]], %[[P]]
func.func @reinterpret_round_trips(%a: i64, %p: !tirx.ptr<f32, shared>, %f: f32)
    -> (i64, !tirx.ptr<f32, shared>, f32, !tirx.ptr<f32, shared>) {
  %0 = tirx.reinterpret %a : i64 to !tirx.ptr<ui64, shared>
  %1 = tirx.reinterpret %0 : !tirx.ptr<ui64, shared> to i64
  %2 = tirx.reinterpret %p : !tirx.ptr<f32, shared> to !tirx.ptr<ui8, generic>
  %3 = tirx.reinterpret %2 : !tirx.ptr<ui8, generic> to !tirx.ptr<f32, shared>
  %4 = tirx.reinterpret %f : f32 to i32
  %5 = tirx.reinterpret %4 : i32 to f32
  %6 = tirx.reinterpret %p : !tirx.ptr<f32, shared> to !tirx.ptr<f32, shared>
  return %1, %3, %5, %6 : i64, !tirx.ptr<f32, shared>, f32, !tirx.ptr<f32, shared>
}

// A pointer squeezed through a 32-bit integer is not a round trip.
// CHECK-LABEL: func.func @reinterpret_lossy
// CHECK: tirx.reinterpret %{{.*}} : !tirx.ptr<f32, global> to i32
// CHECK: tirx.reinterpret %{{.*}} : i32 to !tirx.ptr<f32, global>
func.func @reinterpret_lossy(%p: !tirx.ptr<f32, global>) -> !tirx.ptr<f32, global> {
  %0 = tirx.reinterpret %p : !tirx.ptr<f32, global> to i32
  %1 = tirx.reinterpret %0 : i32 to !tirx.ptr<f32, global>
  return %1 : !tirx.ptr<f32, global>
}

// buffer_data of a decl_buffer of the same pointer type is the pointer.
// CHECK-LABEL: func.func @buffer_data_of_decl
// CHECK-SAME: (%[[P:.*]]: !tirx.ptr<f32, shared>)
// CHECK-NEXT: return %[[P]]
func.func @buffer_data_of_decl(%p: !tirx.ptr<f32, shared>) -> !tirx.ptr<f32, shared> {
  %b = tirx.decl_buffer %p : !tirx.ptr<f32, shared> -> !tirx.buffer<8xf32, shared>
  %d = tirx.buffer_data %b : !tirx.buffer<8xf32, shared>
  return %d : !tirx.ptr<f32, shared>
}

// With an offset the data pointer is not the first element's address.
// CHECK-LABEL: func.func @buffer_data_of_offset_decl
// CHECK: tirx.buffer_data
func.func @buffer_data_of_offset_decl(%p: !tirx.ptr<f32, shared>, %o: index) -> !tirx.ptr<f32, shared> {
  %b = tirx.decl_buffer %p byte_offset %o : !tirx.ptr<f32, shared> -> !tirx.buffer<8xf32, shared>
  %d = tirx.buffer_data %b : !tirx.buffer<8xf32, shared>
  return %d : !tirx.ptr<f32, shared>
}

// -----

// Empty loops and loops that run zero times disappear.
// CHECK-LABEL: func.func @dead_loops
// CHECK-NOT: tirx.for
// CHECK: return
func.func @dead_loops(%n: index, %v: i32, %b: !tirx.buffer<1xi32, local>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  tirx.for %i = %c0 to %n step %c1 {
  }
  tirx.for %i = %c4 to %c0 step %c1 {
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  return
}

// A loop with work stays.
// CHECK-LABEL: func.func @live_loop
// CHECK: tirx.for
func.func @live_loop(%n: index, %v: i32, %b: !tirx.buffer<1xi32, local>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.for %i = %c0 to %n step %c1 {
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  return
}

// -----

// A constant condition selects a region.
// CHECK-LABEL: func.func @constant_if
// CHECK-NOT: tirx.if
// CHECK: tirx.buffer_store %[[ONE:.*]], %{{.*}}[%{{.*}}]
// CHECK-NOT: tirx.buffer_store
// CHECK: return
func.func @constant_if(%b: !tirx.buffer<1xi32, local>) {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  tirx.if %true {
    tirx.buffer_store %one, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  } else {
    tirx.buffer_store %two, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  tirx.if %false {
    tirx.buffer_store %two, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  return
}

// An if with empty regions disappears; an if that leaves a loop stays.
// CHECK-LABEL: func.func @if_kept_or_erased
// CHECK: tirx.for
// CHECK-NEXT: tirx.if %{{.*}} {
// CHECK-NEXT: tirx.break
// CHECK-NOT: tirx.if
func.func @if_kept_or_erased(%c: i1, %n: index) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.if %c {
  } else {
  }
  tirx.for %i = %c0 to %n step %c1 {
    tirx.if %true {
      tirx.break
    }
  }
  return
}
