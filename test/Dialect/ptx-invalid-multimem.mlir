// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The multimem family is verified by its variant table: the op x type
// pairs of the integer lines, the widths of the floating `.vec` lines,
// the semantics/scope pairing, and `.acc::f32` on halves only. The
// address is a generic or global pointer.

func.func @add_s64(%p: !tirx.ptr<i64, global>) {
  // expected-error @+1 {{'tirx.ptx.multimem.ld_reduce' op has no PTX variant with}}
  %0 = tirx.ptx.multimem.ld_reduce add s64 %p : !tirx.ptr<i64, global> -> i64
  return
}

// -----

func.func @lone_half(%p: !tirx.ptr<f16, global>) {
  // A lone f16 is 16 bits: an f16 value is a .v2/.v4/.v8 vector.
  // expected-error @+1 {{its nearest variants: `multimem.ld_reduce.global.add.v2.f16` (no acc_f32, op = add, no scope, no sem, type = f16, addr in global, d : vector<2xf16>)}}
  %0 = tirx.ptx.multimem.ld_reduce add f16 %p : !tirx.ptr<f16, global> -> f16
  return
}

// -----

func.func @relaxed_without_scope(%p: !tirx.ptr<i32, global>, %x: i32) {
  // expected-error @+1 {{'tirx.ptx.multimem.st' op has no PTX variant with}}
  tirx.ptx.multimem.st relaxed b32 %p, %x : !tirx.ptr<i32, global>, i32
  return
}

// -----

func.func @weak_with_scope(%p: !tirx.ptr<i32, global>) {
  // expected-error @+1 {{'tirx.ptx.multimem.ld_reduce' op has no PTX variant with}}
  %0 = tirx.ptx.multimem.ld_reduce weak gpu add u32 %p : !tirx.ptr<i32, global> -> i32
  return
}

// -----

func.func @acc_on_f32(%p: !tirx.ptr<f32, global>) {
  // expected-error @+1 {{'tirx.ptx.multimem.ld_reduce' op has no PTX variant with}}
  %0 = tirx.ptx.multimem.ld_reduce add acc_f32 f32 %p : !tirx.ptr<f32, global> -> vector<2xf32>
  return
}

// -----

func.func @red_min_float(%p: !tirx.ptr<f32, global>, %v: vector<2xf32>) {
  // The floating red line takes add only.
  // expected-error @+1 {{'tirx.ptx.multimem.red' op has no PTX variant with}}
  tirx.ptx.multimem.red min f32 %p, %v : !tirx.ptr<f32, global>, vector<2xf32>
  return
}

// -----

func.func @shared_address(%p: !tirx.ptr<i32, shared>, %x: i32) {
  // expected-error @+1 {{multimem address (generic or global pointer)}}
  tirx.ptx.multimem.st b32 %p, %x : !tirx.ptr<i32, shared>, i32
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @on_sm80(%p: !tirx.ptr<i32, global>, %x: i32) {
    // expected-error @+1 {{'tirx.ptx.multimem.st' op requires sm_90 or newer, but the module targets sm_80}}
    tirx.ptx.multimem.st b32 %p, %x : !tirx.ptr<i32, global>, i32
    return
  }
}
