// RUN: tirx-opt %s -canonicalize | FileCheck %s

// The ptr_to(decl_buffer) canonicalization computed the constant byte
// offset (index * stride, times the element size, plus byte_offset) with
// signed overflow. Offsets that do not fit in int64_t are left alone.

// CHECK-LABEL: func.func @huge_index
// CHECK: tirx.ptr_to
func.func @huge_index(%p: !tirx.ptr<f32, global>) -> !tirx.ptr<f32, global> {
  %big = arith.constant 4611686018427387904 : index
  %b = tirx.decl_buffer %p : !tirx.ptr<f32, global> -> !tirx.buffer<8xf32, global>
  %q = tirx.ptr_to %b[%big] : !tirx.buffer<8xf32, global>
  return %q : !tirx.ptr<f32, global>
}

// CHECK-LABEL: func.func @huge_stride
// CHECK: tirx.ptr_to
func.func @huge_stride(%p: !tirx.ptr<f32, global>) -> !tirx.ptr<f32, global> {
  %c3 = arith.constant 3 : index
  %c0 = arith.constant 0 : index
  %b = tirx.decl_buffer %p : !tirx.ptr<f32, global> -> !tirx.buffer<8x8xf32, global, strided<[4611686018427387904, 1]>>
  %q = tirx.ptr_to %b[%c3, %c0] : !tirx.buffer<8x8xf32, global, strided<[4611686018427387904, 1]>>
  return %q : !tirx.ptr<f32, global>
}

// CHECK-LABEL: func.func @huge_byte_offset
// CHECK: tirx.ptr_to
func.func @huge_byte_offset(%p: !tirx.ptr<f32, global>) -> !tirx.ptr<f32, global> {
  %c1 = arith.constant 1 : index
  %big = arith.constant 9223372036854775807 : index
  %b = tirx.decl_buffer %p byte_offset %big : !tirx.ptr<f32, global> -> !tirx.buffer<8xf32, global>
  %q = tirx.ptr_to %b[%c1] : !tirx.buffer<8xf32, global>
  return %q : !tirx.ptr<f32, global>
}

// In range: still folded.
// CHECK-LABEL: func.func @in_range
// CHECK: arith.constant 12 : index
// CHECK: tirx.ptr_byte_offset
func.func @in_range(%p: !tirx.ptr<f32, global>) -> !tirx.ptr<f32, global> {
  %c3 = arith.constant 3 : index
  %b = tirx.decl_buffer %p : !tirx.ptr<f32, global> -> !tirx.buffer<8xf32, global>
  %q = tirx.ptr_to %b[%c3] : !tirx.buffer<8xf32, global>
  return %q : !tirx.ptr<f32, global>
}
