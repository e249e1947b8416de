// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The scalar arithmetic ops are verified by their variant tables: a
// modifier the instruction type does not take, a register of the wrong
// type or width, a predicate combine without its predicate, and the chips.

func.func @add_type_mismatch(%x: f32) {
  // expected-error @+1 {{'tirx.ptx.add' op has no PTX variant with no ftz, no rnd, no sat, no srctype, type = s32, a : f32, b : f32, res : f32}}
  %0 = tirx.ptx.add s32 %x, %x : (f32, f32) -> f32
  return
}

// -----

func.func @sat_on_u32(%a: i32) {
  // expected-error @+1 {{has no PTX variant with no ftz, no rnd, sat, no srctype, type = u32}}
  %0 = tirx.ptx.add sat u32 %a, %a : (i32, i32) -> i32
  return
}

// -----

func.func @mad_f32_without_rounding(%x: f32) {
  // expected-error @+1 {{'tirx.ptx.mad' op has no PTX variant with no ftz, no mode, no rnd, no sat, type = f32}}
  %0 = tirx.ptx.mad f32 %x, %x, %x : (f32, f32, f32) -> f32
  return
}

// -----

func.func @mul_wide_narrow_result(%a: i32) {
  // expected-error @+1 {{has no PTX variant with no ftz, mode = wide, no rnd, no sat, type = s32, a : i32, b : i32, res : i32}}
  %0 = tirx.ptx.mul wide s32 %a, %a : (i32, i32) -> i32
  return
}

// -----

func.func @ftz_on_f64(%d: f64) {
  // expected-error @+1 {{'tirx.ptx.abs' op has no PTX variant with ftz, type = f64}}
  %0 = tirx.ptx.abs ftz f64 %d : f64
  return
}

// -----

func.func @setp_combine_without_predicate(%a: i32) {
  // expected-error @+1 {{'tirx.ptx.setp' op has no PTX variant with bool_op = and, cmp = lt, no ftz, type = s32, no c, a : i32, b : i32, res : i1; its nearest variants: `setp.lt.s32` (no bool_op, cmp = lt, no ftz, type = s32, no c, a : i32, b : i32, res : i1), `setp.lt.u32`}}
  %0 = tirx.ptx.setp lt and s32 %a, %a : i32
  return
}

// -----

func.func @setp_unsigned_compare_on_signed(%a: i32) {
  // expected-error @+1 {{has no PTX variant with no bool_op, cmp = lo, no ftz, type = s32}}
  %0 = tirx.ptx.setp lo s32 %a, %a : i32
  return
}

// -----

func.func @ex2_bf16_needs_ftz(%h: bf16) {
  // expected-error @+1 {{'tirx.ptx.ex2' op has no PTX variant with no ftz, type = bf16, a : bf16, res : bf16}}
  %0 = tirx.ptx.ex2 bf16 %h : bf16
  return
}

// -----

func.func @relu_on_u32(%a: i32) {
  // expected-error @+1 {{'tirx.ptx.min' op has no PTX variant with no abs, no ftz, no nan, relu, type = u32}}
  %0 = tirx.ptx.min relu u32 %a, %a : (i32, i32) -> i32
  return
}

// -----

func.func @selp_vector(%v: vector<2xf32>, %p: i1) {
  // expected-error @+1 {{operand #0 must be PTX register value}}
  %0 = "tirx.ptx.selp"(%v, %v, %p) {type = 17 : i32} : (vector<2xf32>, vector<2xf32>, i1) -> vector<2xf32>
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @f32x2_on_sm90(%w: i64) {
    // expected-error @+1 {{'tirx.ptx.add' op 'add.f32x2' requires sm_100 or newer, but the module targets sm_90a}}
    %0 = tirx.ptx.add f32x2 %w, %w : (i64, i64) -> i64
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @bf16_add_on_sm80(%h: bf16) {
    // expected-error @+1 {{'tirx.ptx.add' op 'add.bf16' requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.add bf16 %h, %h : (bf16, bf16) -> bf16
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @relu_on_sm80(%a: i32) {
    // expected-error @+1 {{'tirx.ptx.max' op 'max.relu.s32' requires sm_90 or newer}}
    %0 = tirx.ptx.max relu s32 %a, %a : (i32, i32) -> i32
    return
  }
}

// -----

func.func @set_bf16_result_with_ftz(%x: f32) {
  // expected-error @+1 {{'tirx.ptx.set' op has no PTX variant with no bool_op, cmp = lt, dtype = bf16, ftz, stype = f32}}
  %0 = tirx.ptx.set lt ftz bf16 from f32 %x, %x : f32 -> bf16
  return
}

// -----

func.func @set_half_unsigned_compare(%a: i32) {
  // expected-error @+1 {{'tirx.ptx.set' op has no PTX variant with no bool_op, cmp = lo, dtype = f16, no ftz, stype = u32}}
  %0 = tirx.ptx.set lo f16 from u32 %a, %a : i32 -> f16
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @set_bf16x2_on_sm80(%a: i32) {
    // expected-error @+1 {{'tirx.ptx.set' op 'set.eq.u32.bf16x2' requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.set eq u32 from bf16x2 %a, %a : i32 -> i32
    return
  }
}


// -----

func.func @setp_pq_bf16x2_ftz(%a: i32) {
  // .ftz is for f32, f16 and f16x2 sources only.
  // expected-error @+1 {{its nearest variants: `setp.lt.bf16x2`}}
  %p, %q = tirx.ptx.setp.pq lt ftz bf16x2 %a, %a : i32
  return
}

// -----

func.func @setp_pq_unsigned_on_signed(%a: i32) {
  // expected-error @+1 {{'tirx.ptx.setp.pq' op has no PTX variant with}}
  %p, %q = tirx.ptx.setp.pq lo s32 %a, %a : i32
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @setp_pq_bf16x2_on_sm80(%a: i32) {
    // expected-error @+1 {{'tirx.ptx.setp.pq' op 'setp.lt.bf16x2' requires sm_90 or newer, but the module targets sm_80}}
    %p, %q = tirx.ptx.setp.pq lt bf16x2 %a, %a : i32
    return
  }
}

// -----

func.func @mov_pack_width_mismatch(%v: vector<2xi16>) {
  // The lanes make the whole width: two 16-bit lanes are a b32.
  // expected-error @+1 {{'tirx.ptx.mov.pack' op has no PTX variant with type = b64, a : vector<2xi16>, res : i64; its variants: `mov.b32` (type = b32, a : vector<2xi16>, res : i32), `mov.b64` (type = b64, a : vector<2xi32>, res : i64), `mov.b64` (type = b64, a : vector<4xi16>, res : i64)}}
  %0 = tirx.ptx.mov.pack b64 %v : vector<2xi16> -> i64
  return
}
