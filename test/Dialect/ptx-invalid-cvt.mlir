// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// tirx.ptx.cvt's narrow-float lines are verified by the variant table: the
// register width of each format (fp4 e2m1x2 an i8), the modifiers a line
// requires (.satfinite) or lacks (ue8m0 has no .rn), the operands (.rs
// needs its random bits), the lines ptxas 13.0 does not assemble (fp6 from
// bf16x2, PTX ISA 9.1), and the chips.

func.func @fp4_in_i16(%f: f32) {
  // expected-error @+1 {{'tirx.ptx.cvt' op has no PTX variant with atype = f32, dtype = e2m1x2, no ftz, no pack, no relu, rnd = rn, no sat, satfinite, b, no c, a : f32, b : f32, res : i16; its nearest variants: }}
  %0 = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f, %f : (f32, f32) -> i16
  return
}

// -----

func.func @fp4_without_satfinite(%f: f32) {
  // expected-error @+1 {{its nearest variants: `cvt.rn.satfinite.e2m1x2.f32` (atype = f32, dtype = e2m1x2, no ftz, no pack, no relu, rnd = rn, no sat, satfinite, b, no c, a : f32, b : f32, res : i8)}}
  %0 = tirx.ptx.cvt rn e2m1x2 from f32 %f, %f : (f32, f32) -> i8
  return
}

// -----

func.func @rs_without_random_bits(%f: f32) {
  // expected-error @+1 {{has no PTX variant with atype = f32, dtype = f16x2, no ftz, no pack, no relu, rnd = rs, no sat, no satfinite, b, no c,}}
  %0 = tirx.ptx.cvt rs f16x2 from f32 %f, %f : (f32, f32) -> i32
  return
}

// -----

func.func @ue8m0_rounds_toward_zero_or_up(%f: f32) {
  // expected-error @+1 {{its nearest variants: `cvt.rz.ue8m0x2.f32` (atype = f32, dtype = ue8m0x2, no ftz, no pack, no relu, rnd = rz, no sat, no satfinite, b, no c, a : f32, b : f32, res : i16), `cvt.rp.ue8m0x2.f32`}}
  %0 = tirx.ptx.cvt rn ue8m0x2 from f32 %f, %f : (f32, f32) -> i16
  return
}

// -----

func.func @fp6_from_bf16x2(%h: i32) {
  // expected-error @+1 {{has no PTX variant with atype = bf16x2, dtype = e2m3x2}}
  %0 = tirx.ptx.cvt rn satfinite e2m3x2 from bf16x2 %h : (i32) -> i16
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @fp4_on_sm90a(%f: f32) {
    // expected-error @+1 {{'tirx.ptx.cvt' op 'cvt.rn.satfinite.e2m1x2.f32' requires sm_100a or newer in its family, or sm_110a, sm_120a or newer in theirs, but the module targets sm_90a}}
    %0 = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f, %f : (f32, f32) -> i8
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100">} {
  func.func @fp4_on_plain_sm100(%f: f32) {
    // expected-error @+1 {{'cvt.rn.satfinite.e2m1x2.f32' requires sm_100a or newer in its family, or sm_110a, sm_120a or newer in theirs, but the module targets sm_100}}
    %0 = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f, %f : (f32, f32) -> i8
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_120a">} {
  func.func @rs_on_sm120a(%f: f32, %r: i32) {
    // expected-error @+1 {{'tirx.ptx.cvt' op 'cvt.rs.bf16x2.f32' requires sm_100a or sm_103a, but the module targets sm_120a}}
    %0 = tirx.ptx.cvt rs bf16x2 from f32 %f, %f, %r : (f32, f32, i32) -> i32
    return
  }
}

// -----

func.func @rs_x4_without_satfinite(%v: vector<4xf32>, %bits: i32) {
  // expected-error @+1 {{its nearest variants: `cvt.rs.satfinite.e4m3x4.f32`}}
  %0 = tirx.ptx.cvt rs e4m3x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i32
  return
}

// -----

func.func @rs_x4_fp4_in_i32(%v: vector<4xf32>, %bits: i32) {
  // Four fp4 values are 16 bits.
  // expected-error @+1 {{'tirx.ptx.cvt' op has no PTX variant with}}
  %0 = tirx.ptx.cvt rs satfinite e2m1x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i32
  return
}
