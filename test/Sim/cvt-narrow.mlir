// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// tirx.ptx.cvt's narrow formats of sm_100 in the simulator, worked by hand
// from the formats' definitions: fp4 e2m1 (0, 0.5, 1, 1.5, 2, 3, 4, 6 and
// their negatives, `a` in the high nibble), fp6 e2m3 (steps of 0.125 below
// 1, largest 7.5) and e3m2 (largest 28), round to nearest even and
// .satfinite to the largest value; ue8m0 the power of two 2^(e-127),
// rounded toward zero or up; and back to halves exactly. (A NaN into a
// format without one stops the run: Sim/errors.mlir.)

// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [89, 127, 6, 1107343360, 7937, 7973, 1325446400, 33405]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @narrow(%out: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 2.6 : f32
    %f1 = arith.constant -0.7 : f32
    %f2 = arith.constant 100.0 : f32
    %f3 = arith.constant -7.0 : f32
    %f4 = arith.constant -3.0 : f32
    %f5 = arith.constant 5.0 : f32
    %f6 = arith.constant 7.3 : f32
    %f7 = arith.constant 0.1 : f32
    %f8 = arith.constant 30.0 : f32
    %f9 = arith.constant -0.3 : f32
    %f10 = arith.constant 10.0 : f32
    %f11 = arith.constant 0.3 : f32
    // (2.6 -> 3 = 0b0101, -0.7 -> -0.5 = 0b1001): 0x59
    %a = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f0, %f1 : (f32, f32) -> i8
    // (100 -> 6, -7 -> -6): 0x7F
    %b = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f2, %f3 : (f32, f32) -> i8
    // relu (-3 -> 0, 5 -> 4, the even neighbour): 0x06
    %c = tirx.ptx.cvt rn relu satfinite e2m1x2 from f32 %f4, %f5 : (f32, f32) -> i8
    // f16x2 of 0x59: (3.0 = 0x4200, -0.5 = 0xB800) = 0x4200B800
    %d = tirx.ptx.cvt rn f16x2 from e2m1x2 %a : (i8) -> i32
    // e2m3 (7.3 -> 7.5 = 0x1F, 0.1 -> 0.125 = 0x01): 0x1F01
    %e = tirx.ptx.cvt rn satfinite e2m3x2 from f32 %f6, %f7 : (f32, f32) -> i16
    // e3m2 (30 -> 28 = 0x1F, -0.3 -> -0.3125 = 0x25): 0x1F25
    %f = tirx.ptx.cvt rn satfinite e3m2x2 from f32 %f8, %f9 : (f32, f32) -> i16
    // f16x2 of 0x1F25: (28.0 = 0x4F00, -0.3125 = 0xB500) = 0x4F00B500
    %g = tirx.ptx.cvt rn f16x2 from e3m2x2 %f : (i16) -> i32
    // ue8m0 toward zero (10 -> 2^3 = 130, 0.3 -> 2^-2 = 125): 0x827D
    %h = tirx.ptx.cvt rz ue8m0x2 from f32 %f10, %f11 : (f32, f32) -> i16
    %a32 = arith.extui %a : i8 to i32
    %b32 = arith.extui %b : i8 to i32
    %c32 = arith.extui %c : i8 to i32
    %e32 = arith.extui %e : i16 to i32
    %f32 = arith.extui %f : i16 to i32
    %h32 = arith.extui %h : i16 to i32
    %v = vector.from_elements %a32, %b32, %c32, %d, %e32, %f32, %g, %h32 : vector<8xi32>
    tirx.buffer_store %v, %out[%c0] : vector<8xi32>, !tirx.buffer<8xi32, global>
  }
  return
}
}

// -----

// ue8m0 rounded up (10 -> 2^4 = 131, 0.25 -> 2^-2 = 125): 0x837D; of the
// bf16 pair (3.0, 1.0): (2^2, 2^0) = 0x817F; the bf16 pair of ue8m0
// (2^1, 2^-127): (2.0 = 0x4000, the subnormal 2^-127 = 0x0040); e4m3 of the
// f16 pair (1.0, -2.0): 0x38C0.

// CHECK-LABEL: arg0: int32[4]
// CHECK-NEXT: [33661, 33151, 1073741888, 14528]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @scales(%out: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %f10 = arith.constant 10.0 : f32
    %q = arith.constant 0.25 : f32
    %bf = arith.constant 1077952384 : i32   // 0x40403F80
    %sc = arith.constant -32768 : i16       // 0x8000
    %h2 = arith.constant 1006682112 : i32   // 0x3C00C000
    %a = tirx.ptx.cvt rp satfinite ue8m0x2 from f32 %f10, %q : (f32, f32) -> i16
    %b = tirx.ptx.cvt rp ue8m0x2 from bf16x2 %bf : (i32) -> i16
    %c = tirx.ptx.cvt rn bf16x2 from ue8m0x2 %sc : (i16) -> i32
    %d = tirx.ptx.cvt rn satfinite e4m3x2 from f16x2 %h2 : (i32) -> i16
    %a32 = arith.extui %a : i16 to i32
    %b32 = arith.extui %b : i16 to i32
    %d32 = arith.extui %d : i16 to i32
    %v = vector.from_elements %a32, %b32, %c, %d32 : vector<4xi32>
    tirx.buffer_store %v, %out[%c0] : vector<4xi32>, !tirx.buffer<4xi32, global>
  }
  return
}
}
