// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// The scalar arithmetic ops (TIRxPTXArithOps.td) in the simulator, which
// runs each at the IR level with the PTX level's semantics of its
// instruction. The expected values are the PTX ISA's definitions worked by
// hand: saturation at the s32 bounds, the high half of signed and unsigned
// products, mad.hi.sat, division and remainder truncating toward zero,
// relu, shifts of the width or more, a setp combined with a predicate.

// CHECK-LABEL: arg0: int32[22]
// CHECK-NEXT: [2147483647, -2147483648, -2147483648, 2, -1, 65536, 17, 2147483647, -3, -1, 3, 5, -5, -3, -3, 0, 240, 65520, 65280, -1, -2147483648, 0]
func.func @ints(%out: !tirx.buffer<22xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %max = arith.constant 2147483647 : i32
    %min = arith.constant -2147483648 : i32
    %one = arith.constant 1 : i32
    %m2 = arith.constant -2 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %m3 = arith.constant -3 : i32
    %m5 = arith.constant -5 : i32
    %m7 = arith.constant -7 : i32
    %c7 = arith.constant 7 : i32
    %q = arith.constant 1073741824 : i32      // 2^30
    %k = arith.constant 65536 : i32
    %k1 = arith.constant 65537 : i32
    %a0 = tirx.ptx.add sat s32 %max, %one : (i32, i32) -> i32
    %a1 = tirx.ptx.add s32 %max, %one : (i32, i32) -> i32
    %a2 = tirx.ptx.sub sat s32 %min, %one : (i32, i32) -> i32
    %a3 = tirx.ptx.mul hi u32 %min, %c4 : (i32, i32) -> i32
    %a4 = tirx.ptx.mul hi s32 %m2, %q : (i32, i32) -> i32
    %a5 = tirx.ptx.mul lo s32 %k, %k1 : (i32, i32) -> i32
    %a6 = tirx.ptx.mad lo u32 %c3, %c4, %c5 : (i32, i32, i32) -> i32
    %a7 = tirx.ptx.mad hi sat s32 %max, %max, %max : (i32, i32, i32) -> i32
    %a8 = tirx.ptx.div s32 %m7, %c2 : i32
    %a9 = tirx.ptx.rem s32 %m7, %c2 : i32
    %a10 = tirx.ptx.div u32 %c7, %c2 : i32
    %a11 = tirx.ptx.abs s32 %m5 : i32
    %a12 = tirx.ptx.neg s32 %c5 : i32
    %a13 = tirx.ptx.min s32 %m3, %c2 : (i32, i32) -> i32
    %a14 = tirx.ptx.max u32 %m3, %c2 : (i32, i32) -> i32
    %a15 = tirx.ptx.min relu s32 %m3, %m2 : (i32, i32) -> i32
    %x = arith.constant 61680 : i32           // 0xF0F0
    %y = arith.constant 4080 : i32            // 0x0FF0
    %zero = arith.constant 0 : i32
    %a16 = tirx.ptx.and b32 %x, %y : i32
    %a17 = tirx.ptx.or b32 %x, %y : i32
    %a18 = tirx.ptx.xor b32 %x, %y : i32
    %a19 = tirx.ptx.not b32 %zero : i32
    %c31 = arith.constant 31 : i32
    %c33 = arith.constant 33 : i32
    %a20 = tirx.ptx.shl b32 %one, %c31 : i32
    %a21 = tirx.ptx.shl b32 %one, %c33 : i32
    %v = vector.from_elements %a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15, %a16, %a17, %a18, %a19, %a20, %a21 : vector<22xi32>
    tirx.buffer_store %v, %out[%c0] : vector<22xi32>, !tirx.buffer<22xi32, global>
  }
  return
}

// -----

// Shifts right (arithmetic for s, logical for u, a shift of 40 fills),
// setp in each signedness, setp combined with a predicate, selp, slct, and
// the predicate logic ops.
// CHECK-LABEL: arg0: int32[10]
// CHECK-NEXT: [-4, 1, -1, 7, 9, 9, 7, 9, 7, 9]
func.func @compare(%out: !tirx.buffer<10xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %m8 = arith.constant -8 : i32
    %min = arith.constant -2147483648 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %c31 = arith.constant 31 : i32
    %c40 = arith.constant 40 : i32
    %m1 = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %seven = arith.constant 7 : i32
    %nine = arith.constant 9 : i32
    %false = arith.constant false
    %s0 = tirx.ptx.shr s32 %m8, %one : i32
    %s1 = tirx.ptx.shr u32 %min, %c31 : i32
    %s2 = tirx.ptx.shr s32 %m8, %c40 : i32
    %p0 = tirx.ptx.setp lt s32 %m1, %zero : i32
    %p1 = tirx.ptx.setp lo u32 %m1, %zero : i32
    %p2 = tirx.ptx.setp lt and s32 %one, %two, %false : i32
    %p3 = tirx.ptx.setp lt or s32 %two, %one, %p0 : i32
    %p4 = tirx.ptx.xor pred %p0, %p3 : i1
    %r0 = tirx.ptx.selp b32 %seven, %nine, %p0 : i32
    %r1 = tirx.ptx.selp b32 %seven, %nine, %p1 : i32
    %r2 = tirx.ptx.selp b32 %seven, %nine, %p2 : i32
    %r3 = tirx.ptx.selp b32 %seven, %nine, %p3 : i32
    %r4 = tirx.ptx.selp b32 %seven, %nine, %p4 : i32
    %r5 = tirx.ptx.slct s32 %seven, %nine, %zero : i32, i32
    %r6 = tirx.ptx.slct s32 %seven, %nine, %m1 : i32, i32
    %v = vector.from_elements %s0, %s1, %s2, %r0, %r1, %r2, %r3, %r4, %r5, %r6 : vector<10xi32>
    tirx.buffer_store %v, %out[%c0] : vector<10xi32>, !tirx.buffer<10xi32, global>
  }
  return
}

// -----

// Floats: saturation to [0, 1], fma, IEEE division and square root, the
// approximations on exact points, NaN-ignoring and NaN-propagating max,
// copysign, testp.
// CHECK-LABEL: arg0: float32[15]
// CHECK-NEXT: [3.75, 1, 7, 0.25, 0.25, 4, 0.5, 8, 3, 2.5, -2.5, 1, nan, -3, 1]
func.func @floats(%out: !tirx.buffer<15xf32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %f1_5 = arith.constant 1.5 : f32
    %f2_25 = arith.constant 2.25 : f32
    %f0_75 = arith.constant 0.75 : f32
    %f0_5 = arith.constant 0.5 : f32
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %f3 = arith.constant 3.0 : f32
    %f4 = arith.constant 4.0 : f32
    %f8 = arith.constant 8.0 : f32
    %f16 = arith.constant 16.0 : f32
    %fm1 = arith.constant -1.0 : f32
    %fm2_5 = arith.constant -2.5 : f32
    %f0 = arith.constant 0.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %r0 = tirx.ptx.add f32 %f1_5, %f2_25 : (f32, f32) -> f32
    %r1 = tirx.ptx.add sat f32 %f0_75, %f0_5 : (f32, f32) -> f32
    %r2 = tirx.ptx.fma rn f32 %f2, %f3, %f1 : (f32, f32, f32) -> f32
    %r3 = tirx.ptx.div rn f32 %f1, %f4 : f32
    %r4 = tirx.ptx.rcp rn f32 %f4 : f32
    %r5 = tirx.ptx.sqrt rn f32 %f16 : f32
    %r6 = tirx.ptx.rsqrt f32 %f4 : f32
    %r7 = tirx.ptx.ex2 f32 %f3 : f32
    %r8 = tirx.ptx.lg2 %f8
    %r9 = tirx.ptx.abs f32 %fm2_5 : f32
    %r10 = tirx.ptx.neg f32 %r9 : f32
    %r11 = tirx.ptx.max f32 %f1, %nan : (f32, f32) -> f32
    %r12 = tirx.ptx.max nan f32 %f1, %nan : (f32, f32) -> f32
    %r13 = tirx.ptx.copysign f32 %fm1, %f3 : f32
    %isnan = tirx.ptx.testp notanumber f32 %nan : f32
    %r14 = tirx.ptx.selp f32 %f1, %f0, %isnan : f32
    %v = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14 : vector<15xf32>
    tirx.buffer_store %v, %out[%c0] : vector<15xf32>, !tirx.buffer<15xf32, global>
  }
  return
}

// -----

// The three-input f32 min and max of sm_100: NaN ignored, NaN propagated
// (the canonical NaN), and `abs` taking the magnitudes first.
// CHECK-LABEL: arg0: float32[4]
// CHECK-NEXT: [1, 3, nan, 0.5]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @three_inputs(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %f3 = arith.constant 3.0 : f32
    %fm3 = arith.constant -3.0 : f32
    %fm05 = arith.constant -0.5 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %r0 = tirx.ptx.min f32 %f3, %f1, %f2 : (f32, f32, f32) -> f32
    %r1 = tirx.ptx.max f32 %f1, %nan, %f3 : (f32, f32, f32) -> f32
    %r2 = tirx.ptx.max nan f32 %f1, %nan, %f3 : (f32, f32, f32) -> f32
    %r3 = tirx.ptx.min abs f32 %fm3, %fm05, %f2 : (f32, f32, f32) -> f32
    %v = vector.from_elements %r0, %r1, %r2, %r3 : vector<4xf32>
    tirx.buffer_store %v, %out[%c0] : vector<4xf32>, !tirx.buffer<4xf32, global>
  }
  return
}
}

// -----

// The wide products (a 64-bit result of 32-bit operands), f16x2 lanes in
// one 32-bit register (0x40003C00 is {1.0, 2.0}; doubled, {2.0, 4.0} is
// 0x44004000) and f32x2 lanes in one 64-bit register ({1.0f, 2.0f} is
// 0x400000003F800000; doubled, {2.0f, 4.0f} is 0x4080000040000000).
// CHECK-LABEL: arg0: int64[4]
// CHECK-NEXT: [-6, 4294836225, 1140867072, 4647714816520093696]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @wide_and_packed(%out: !tirx.buffer<4xi64, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %m2 = arith.constant -2 : i32
    %c3 = arith.constant 3 : i32
    %w0 = tirx.ptx.mul wide s32 %m2, %c3 : (i32, i32) -> i64
    %u = arith.constant 65535 : i32
    %w1 = tirx.ptx.mul wide u32 %u, %u : (i32, i32) -> i64
    %h2 = arith.constant 1073757184 : i32
    %hsum = tirx.ptx.add f16x2 %h2, %h2 : (i32, i32) -> i32
    %w2 = arith.extui %hsum : i32 to i64
    %f2 = arith.constant 4611686019492741120 : i64
    %w3 = tirx.ptx.add f32x2 %f2, %f2 : (i64, i64) -> i64
    %v = vector.from_elements %w0, %w1, %w2, %w3 : vector<4xi64>
    tirx.buffer_store %v, %out[%c0] : vector<4xi64>, !tirx.buffer<4xi64, global>
  }
  return
}
}

// -----

// 16-bit registers: unsigned and signed comparisons of 0xFFFF, a logical
// shift of 0x8000, the wide product 65535 * 65535 (4294836225, -131071 as
// an i32) and an add that wraps to 0.
// CHECK-LABEL: arg0: int32[5]
// CHECK-NEXT: [0, 1, -131071, 0, 1]
func.func @sixteen_bits(%out: !tirx.buffer<5xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %m1 = arith.constant -1 : i16
    %one = arith.constant 1 : i16
    %min = arith.constant -32768 : i16
    %c15 = arith.constant 15 : i32
    %z = arith.constant 0 : i32
    %o = arith.constant 1 : i32
    %p = tirx.ptx.setp lt u16 %m1, %one : i16
    %r0 = tirx.ptx.selp b32 %o, %z, %p : i32
    %s = tirx.ptx.shr u16 %min, %c15 : i16
    %r1 = arith.extui %s : i16 to i32
    %r2 = tirx.ptx.mul wide u16 %m1, %m1 : (i16, i16) -> i32
    %a = tirx.ptx.add u16 %m1, %one : (i16, i16) -> i16
    %r3 = arith.extui %a : i16 to i32
    %q = tirx.ptx.setp lt s16 %m1, %one : i16
    %r4 = tirx.ptx.selp b32 %o, %z, %q : i32
    %v = vector.from_elements %r0, %r1, %r2, %r3, %r4 : vector<5xi32>
    tirx.buffer_store %v, %out[%c0] : vector<5xi32>, !tirx.buffer<5xi32, global>
  }
  return
}

// -----

// setp and set with .ftz: the smallest subnormal (0x00000001) compares as
// zero with .ftz (not less than 0, equal to it) and as itself without;
// set writes 1.0 or all ones.
// CHECK-LABEL: arg0: int32[5]
// CHECK-NEXT: [0, 1, 1, 0, -1]
func.func @ftz_compare(%out: !tirx.buffer<5xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %sub = arith.constant 0x00000001 : f32
    %zero = arith.constant 0.0 : f32
    %z = arith.constant 0 : i32
    %o = arith.constant 1 : i32
    %p0 = tirx.ptx.setp gt ftz f32 %sub, %zero : f32
    %r0 = tirx.ptx.selp b32 %o, %z, %p0 : i32
    %p1 = tirx.ptx.setp gt f32 %sub, %zero : f32
    %r1 = tirx.ptx.selp b32 %o, %z, %p1 : i32
    %p2 = tirx.ptx.setp eq ftz f32 %sub, %zero : f32
    %r2 = tirx.ptx.selp b32 %o, %z, %p2 : i32
    %f = tirx.ptx.set ne ftz f32 from f32 %sub, %zero : f32 -> f32
    %r3 = arith.bitcast %f : f32 to i32
    %r4 = tirx.ptx.set eq ftz u32 from f32 %sub, %zero : f32 -> i32
    %v = vector.from_elements %r0, %r1, %r2, %r3, %r4 : vector<5xi32>
    tirx.buffer_store %v, %out[%c0] : vector<5xi32>, !tirx.buffer<5xi32, global>
  }
  return
}

// -----

// set on halves (PTX ISA, half precision comparison): an f16 or bf16
// result is 1.0 (0x3C00, 0x3F80) or 0.0, a u16 one 0xFFFF; a packed source
// compares its halves apart, the low half's result in the low half:
// (1.0, 3.0) < (2.0, 2.0) is (true, false), so 0x00003C00; NaN in the
// low half makes `nan` true there only (0x0000FFFF) and `equ` true in both
// (-1); `ge or` with a true predicate is true in both (0x3F803F80).
// CHECK-LABEL: arg0: int32[7]
// CHECK-NEXT: [15360, 0, 65535, 15360, 65535, 1065369472, -1]
module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @set_halves(%out: !tirx.buffer<7xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %m1 = arith.constant -1 : i32
    %z = arith.constant 0 : i32
    %h1 = arith.constant 1.0 : f16
    %t = arith.constant true
    %a2 = arith.constant 1107311616 : i32      // f16 (1.0, 3.0): 0x42003C00
    %b2 = arith.constant 1073758208 : i32      // f16 (2.0, 2.0): 0x40004000
    %n2 = arith.constant 1006665216 : i32      // f16 (NaN, 1.0): 0x3C007E00
    %o2 = arith.constant 1006648320 : i32      // f16 (1.0, 1.0): 0x3C003C00
    %bn = arith.constant 1073774528 : i32      // bf16 (NaN, 2.0): 0x40007FC0
    %bo = arith.constant 1073758080 : i32      // bf16 (1.0, 2.0): 0x40003F80
    %r0 = tirx.ptx.set lt f16 from f32 %one, %two : f32 -> f16
    %r1 = tirx.ptx.set gt bf16 from s32 %m1, %z : i32 -> bf16
    %r2 = tirx.ptx.set eq u16 from f16 %h1, %h1 : f16 -> i16
    %r3 = tirx.ptx.set lt f16x2 from f16x2 %a2, %b2 : i32 -> i32
    %r4 = tirx.ptx.set nan u32 from f16x2 %n2, %o2 : i32 -> i32
    %r5 = tirx.ptx.set ge or bf16x2 from bf16x2 %bo, %bn, %t : i32 -> i32
    %r6 = tirx.ptx.set equ s32 from bf16x2 %bn, %bo : i32 -> i32
    %i0 = arith.bitcast %r0 : f16 to i16
    %i1 = arith.bitcast %r1 : bf16 to i16
    %e0 = arith.extui %i0 : i16 to i32
    %e1 = arith.extui %i1 : i16 to i32
    %e2 = arith.extui %r2 : i16 to i32
    %v = vector.from_elements %e0, %e1, %e2, %r3, %r4, %r5, %r6 : vector<7xi32>
    tirx.buffer_store %v, %out[%c0] : vector<7xi32>, !tirx.buffer<7xi32, global>
  }
  return
}
}


// -----

// setp's p|q form (tirx.ptx.setp.pq): on a scalar type q is the
// complement compare, each combined with c (lt xor with c = 1: p = 0 xor
// 1, q = 1 xor 1); on a packed pair p is the low half's compare and q the
// high half's: f16x2 (1.0, 3.0) < (2.0, 2.0) is (1, 0); bf16x2
// (NaN, 1.0) >= (0, 0) is (0, 1), and with `and` c = 1 the same.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [1, 0, 1, 0, 1, 0, 0, 1]
func.func @setp_pq(%out: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %m1 = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %true = arith.constant true
    %a2 = arith.constant 1107311616 : i32   // f16x2 (lo 1.0, hi 3.0)
    %b2 = arith.constant 1073758208 : i32   // f16x2 (2.0, 2.0)
    %bn = arith.constant 1065385920 : i32   // bf16x2 (lo NaN, hi 1.0)
    %p0, %q0 = tirx.ptx.setp.pq lt s32 %m1, %zero : i32
    %p1, %q1 = tirx.ptx.setp.pq lt xor s32 %two, %one, %true : i32
    %p2, %q2 = tirx.ptx.setp.pq lt f16x2 %a2, %b2 : i32
    %p3, %q3 = tirx.ptx.setp.pq ge and bf16x2 %bn, %zero, %true : i32
    %r0 = tirx.ptx.selp b32 %one, %zero, %p0 : i32
    %r1 = tirx.ptx.selp b32 %one, %zero, %q0 : i32
    %r2 = tirx.ptx.selp b32 %one, %zero, %p1 : i32
    %r3 = tirx.ptx.selp b32 %one, %zero, %q1 : i32
    %r4 = tirx.ptx.selp b32 %one, %zero, %p2 : i32
    %r5 = tirx.ptx.selp b32 %one, %zero, %q2 : i32
    %r6 = tirx.ptx.selp b32 %one, %zero, %p3 : i32
    %r7 = tirx.ptx.selp b32 %one, %zero, %q3 : i32
    %v = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : vector<8xi32>
    tirx.buffer_store %v, %out[%c0] : vector<8xi32>, !tirx.buffer<8xi32, global>
  }
  return
}

// -----

// mov.pack and mov.unpack: element 0 in the lowest bits. (0x1234, 0x5678)
// packs to 0x56781234 = 1450709556; 0x0004000300020001 unpacks to
// (1, 2, 3, 4) and packs back.
// CHECK-LABEL: arg0: int64[6]
// CHECK-NEXT: [1450709556, 1, 2, 3, 4, 1125912791875585]
func.func @mov_pack_unpack(%out: !tirx.buffer<6xi64, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %h = arith.constant dense<[4660, 22136]> : vector<2xi16>
    %w = arith.constant 1125912791875585 : i64   // 0x0004000300020001
    %p = tirx.ptx.mov.pack b32 %h : vector<2xi16> -> i32
    %u = tirx.ptx.mov.unpack b64 %w : i64 -> vector<4xi16>
    %back = tirx.ptx.mov.pack b64 %u : vector<4xi16> -> i64
    %p64 = arith.extui %p : i32 to i64
    %u0 = vector.extract %u[0] : i16 from vector<4xi16>
    %u1 = vector.extract %u[1] : i16 from vector<4xi16>
    %u2 = vector.extract %u[2] : i16 from vector<4xi16>
    %u3 = vector.extract %u[3] : i16 from vector<4xi16>
    %e0 = arith.extui %u0 : i16 to i64
    %e1 = arith.extui %u1 : i16 to i64
    %e2 = arith.extui %u2 : i16 to i64
    %e3 = arith.extui %u3 : i16 to i64
    %v = vector.from_elements %p64, %e0, %e1, %e2, %e3, %back : vector<6xi64>
    tirx.buffer_store %v, %out[%c0] : vector<6xi64>, !tirx.buffer<6xi64, global>
  }
  return
}
