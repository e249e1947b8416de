// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// ldu: global or generic addressing only, up to 128 bits, a result of the
// type's width.

func.func @shared_pointer(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in generic or global memory}}
  %0 = tirx.ptx.ldu f32 %p : !tirx.ptr<f32, shared> -> f32
  return
}

// -----

func.func @too_wide(%p: !tirx.ptr<i64, global>) {
  // expected-error @+1 {{has no PTX variant with type = b64, ptr in global, res : vector<4xi64>; its nearest variants: `ldu.global.b64`}}
  %0 = tirx.ptx.ldu b64 %p : !tirx.ptr<i64, global> -> vector<4xi64>
  return
}

// -----

func.func @wrong_width(%p: !tirx.ptr<i32, global>) {
  // expected-error @+1 {{has no PTX variant with type = b32, ptr in global, res : i16}}
  %0 = tirx.ptx.ldu b32 %p : !tirx.ptr<i32, global> -> i16
  return
}
