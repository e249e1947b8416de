// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// Integer arithmetic on i32 (wrap-around), signed and unsigned division
// and remainders (ceil and floor too), shifts, min/max, and the i8 and i64
// widths.
// CHECK-LABEL: arg0: int32[16]
// CHECK-NEXT: [-2147483648, 3, -3, 1431655763, -1, -3, -4, 1073741822, -2, 2147483647, 7, -7, 3, 127, -128, 1]
func.func @integers(%out: !tirx.buffer<16xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %max = arith.constant 2147483647 : i32
    %one = arith.constant 1 : i32
    %m7 = arith.constant -7 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %wrap = arith.addi %max, %one : i32
    %q = arith.divui %m7, %c3 : i32
    %d = arith.divsi %m7, %c2 : i32
    %r = arith.remsi %m7, %c2 : i32
    %cd = arith.ceildivsi %m7, %c2 : i32
    %fd = arith.floordivsi %m7, %c2 : i32
    %sr = arith.shrsi %m7, %c2 : i32
    %su = arith.shrui %m7, %c2 : i32
    %mn = arith.minsi %m7, %c3 : i32
    %mu = arith.minui %m7, %c3 : i32
    %x8 = arith.constant 127 : i8
    %one8 = arith.constant 1 : i8
    %w8 = arith.addi %x8, %one8 : i8
    %e8 = arith.extsi %w8 : i8 to i32
    %z8 = arith.extui %x8 : i8 to i32
    %big = arith.constant 4294967297 : i64
    %t = arith.trunci %big : i64 to i32
    %vals = vector.from_elements %wrap, %c3, %d, %q, %r, %cd, %fd, %su, %sr, %max, %c3, %mn, %mu, %z8, %e8, %t : vector<16xi32>
    %u = arith.constant 7 : i32
    %v2 = vector.insert %u, %vals[10] : i32 into vector<16xi32>
    tirx.buffer_store %v2, %out[%c0] : vector<16xi32>, !tirx.buffer<16xi32, global>
  }
  return
}

// -----

// Floats: f32, f16 and bf16 rounding, f8 formats, conversions that
// saturate, min/max with NaN, and math functions.
// CHECK-LABEL: arg0: float32[12]
// CHECK-NEXT: [0.333333, 2050, 1.00781, 448, nan, 2.14748e+09, -1, 3, nan, 1, 0.5, 4]
func.func @floats(%out: !tirx.buffer<12xf32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %three = arith.constant 3.0 : f32
    %third = arith.divf %one, %three : f32
    // f16 has a spacing of 2 at 2048: 2049.5 rounds to 2050.
    %h = arith.constant 2049.5 : f32
    %hh = arith.truncf %h : f32 to f16
    %he = arith.extf %hh : f16 to f32
    %b = arith.constant 1.0078125 : f32
    %bb = arith.truncf %b : f32 to bf16
    %be = arith.extf %bb : bf16 to f32
    %e4 = arith.constant 448.0 : f32
    %e4t = arith.truncf %e4 : f32 to f8E4M3FN
    %e4e = arith.extf %e4t : f8E4M3FN to f32
    %big = arith.constant 1000.0 : f32
    %over = arith.truncf %big : f32 to f8E4M3FN
    %overe = arith.extf %over : f8E4M3FN to f32
    %huge = arith.constant 1.0e30 : f32
    %sat = arith.fptosi %huge : f32 to i32
    %satf = arith.sitofp %sat : i32 to f32
    %m15 = arith.constant -1.5 : f32
    %tr = arith.fptosi %m15 : f32 to i32
    %trf = arith.sitofp %tr : i32 to f32
    %nine = arith.constant 9.0 : f32
    %sq = math.sqrt %nine : f32
    %zero = arith.constant 0.0 : f32
    %nan = arith.divf %zero, %zero : f32
    %mx = arith.maximumf %nan, %one : f32
    %mn = arith.maxnumf %nan, %one : f32
    %half = arith.constant 0.5 : f32
    %ex = math.exp2 %half : f32
    %lg = math.log2 %ex : f32
    %sixteen = arith.constant 16.0 : f32
    %rs = math.rsqrt %sixteen : f32
    %r4 = arith.divf %one, %rs : f32
    %v = vector.from_elements %third, %he, %be, %e4e, %overe, %satf, %trf, %sq, %mx, %mn, %lg, %r4 : vector<12xf32>
    tirx.buffer_store %v, %out[%c0] : vector<12xf32>, !tirx.buffer<12xf32, global>
  }
  return
}

// -----

// Element-wise vector arithmetic, comparisons and selects, reductions,
// broadcasts and bitcasts.
// CHECK-LABEL: arg0: int32[8]
// CHECK-NEXT: [11, 22, 33, 44, 1, 0, 110, 1073757184]
func.func @vectors(%out: !tirx.buffer<8xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
    %ten = arith.constant 10 : i32
    %b = vector.broadcast %ten : i32 to vector<4xi32>
    %m = arith.muli %a, %b : vector<4xi32>
    %s = arith.addi %m, %a : vector<4xi32>
    %cmp = arith.cmpi sgt, %s, %b : vector<4xi32>
    %sel = arith.select %cmp, %s, %a : vector<4xi1>, vector<4xi32>
    %sum = vector.reduction <add>, %sel : vector<4xi32> into i32
    %c2 = arith.constant 2 : i32
    %e0 = vector.extract %cmp[0] : i1 from vector<4xi1>
    %e0i = arith.extui %e0 : i1 to i32
    %lt = arith.cmpi slt, %s, %b : vector<4xi32>
    %l0 = vector.extract %lt[0] : i1 from vector<4xi1>
    %l0i = arith.extui %l0 : i1 to i32
    %h = arith.constant dense<[1.0, 2.0]> : vector<2xf16>
    %bits = vector.bitcast %h : vector<2xf16> to vector<1xi32>
    %bi = vector.extract %bits[0] : i32 from vector<1xi32>
    %x0 = vector.extract %sel[0] : i32 from vector<4xi32>
    %x1 = vector.extract %sel[1] : i32 from vector<4xi32>
    %x2 = vector.extract %sel[2] : i32 from vector<4xi32>
    %x3 = vector.extract %sel[3] : i32 from vector<4xi32>
    %v = vector.from_elements %x0, %x1, %x2, %x3, %e0i, %l0i, %sum, %bi : vector<8xi32>
    tirx.buffer_store %v, %out[%c0] : vector<8xi32>, !tirx.buffer<8xi32, global>
  }
  return
}
