// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The verifier of a table-generated op is its variant table: a width the
// table lacks is an error that lists the variants.

func.func @popc_i16(%a: i16) {
  // expected-error @+1 {{'tirx.ptx.popc' op has no PTX variant with a : i16, res : i32; its variants: `popc.b32` (a : i32, res : i32), `popc.b64` (a : i64, res : i32)}}
  %0 = tirx.ptx.popc %a : i16
  return
}

// -----

func.func @bfind_i8(%a: i8) {
  // expected-error @+1 {{has no PTX variant with no shiftamt, sign = s, a : i8, res : i32; its variants: `bfind.u32`}}
  %0 = tirx.ptx.bfind s %a : i8
  return
}

// -----

func.func @bfe_i16(%a: i16, %p: i32) {
  // expected-error @+1 {{has no PTX variant with sign = u, a : i16, pos : i32, len : i32, res : i16}}
  %0 = tirx.ptx.bfe u %a, %p, %p : i16
  return
}

// -----

func.func @brev_mixed(%a: i32) {
  // expected-error @+1 {{all of {a, res} have same type}}
  %0 = "tirx.ptx.brev"(%a) : (i32) -> i64
  return
}

// -----

func.func @lop3_table_range(%a: i32) {
  // expected-error @+1 {{attribute 'lut' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 255}}
  %0 = tirx.ptx.lop3 %a, %a, %a, 256
  return
}

// -----

// An unknown mode is not a mode: the optional keyword is absent and the
// parser wants the first operand there.
func.func @prmt_bad_mode(%a: i32) {
  // expected-error @+1 {{expected SSA operand}}
  %0 = tirx.ptx.prmt fwd %a, %a, %a
  return
}

// -----

// `.sat` is mad24's only with `.hi.s32`.
func.func @mad24_sat_lo(%a: i32) {
  // expected-error @+1 {{'tirx.ptx.mad24' op has no PTX variant with half = lo, sat, sign = s}}
  %0 = tirx.ptx.mad24 lo sat s %a, %a, %a
  return
}
