// RUN: tirx-sim %s --split-input-file --print=full | FileCheck %s

// The table-generated integer ops (TIRxPTXIntOps.td) in the simulator. The
// expected values are the PTX ISA's definitions worked by hand: brev, popc,
// clz, bfind (plain, shiftamt, signed, zero), bfe (zero- and sign-extended),
// bfi, prmt in the default mode and in each of the six modes (the ISA's
// selector table), lop3 (a ^ b ^ c) and shf in both directions and modes.
// CHECK-LABEL: arg0: int32[24]
// CHECK-NEXT: [510274632, 13, 15, 32, 16, 15, -1, 0, -1, 86, -1, 305422200, 2002072337, 1144201745, 1719074833, 572662306, 857870609, 572657920, 857879330, -1768515946, 305419896, -1985229329, 2023406814, 19088743]
func.func @bits32(%out: !tirx.buffer<24xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %x = arith.constant 305419896 : i32      // 0x12345678
    %bit16 = arith.constant 65536 : i32
    %zero = arith.constant 0 : i32
    %m1 = arith.constant -1 : i32
    %m2 = arith.constant -2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c15 = arith.constant 15 : i32
    %f0 = arith.constant 240 : i32
    %brev = tirx.ptx.brev %x : i32
    %popc = tirx.ptx.popc %x : i32
    %clz = tirx.ptx.clz %bit16 : i32
    %clz0 = tirx.ptx.clz %zero : i32
    %bf = tirx.ptx.bfind u %bit16 : i32
    %bfs = tirx.ptx.bfind shiftamt u %bit16 : i32
    %bfm1 = tirx.ptx.bfind s %m1 : i32
    %bfm2 = tirx.ptx.bfind s %m2 : i32
    %bf0 = tirx.ptx.bfind u %zero : i32
    %bfe = tirx.ptx.bfe u %x, %c8, %c8 : i32
    %bfes = tirx.ptx.bfe s %f0, %c4, %c4 : i32
    %bfi = tirx.ptx.bfi %c15, %x, %c8, %c4 : i32
    %lo = arith.constant 857870592 : i32     // 0x33221100
    %hi = arith.constant 2003195204 : i32    // 0x77665544
    %sel = arith.constant 30001 : i32        // 0x7531
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %p = tirx.ptx.prmt %lo, %hi, %sel
    %f4e = tirx.ptx.prmt f4e %lo, %hi, %one
    %b4e = tirx.ptx.prmt b4e %lo, %hi, %one
    %rc8 = tirx.ptx.prmt rc8 %lo, %hi, %two
    %ecl = tirx.ptx.prmt ecl %lo, %hi, %one
    %ecr = tirx.ptx.prmt ecr %lo, %hi, %two
    %rc16 = tirx.ptx.prmt rc16 %lo, %hi, %one
    %la = arith.constant -252645136 : i32    // 0xF0F0F0F0
    %lb = arith.constant -858993460 : i32    // 0xCCCCCCCC
    %lc = arith.constant -1431655766 : i32   // 0xAAAAAAAA
    %lop = tirx.ptx.lop3 %la, %lb, %lc, 150
    %sa = arith.constant -1985229329 : i32   // 0x89ABCDEF
    %sb = arith.constant 19088743 : i32      // 0x01234567
    %c36 = arith.constant 36 : i32
    %c40 = arith.constant 40 : i32
    %shlw = tirx.ptx.shf l wrap %sa, %sb, %c36
    %shlc = tirx.ptx.shf l clamp %sa, %sb, %c36
    %shrw = tirx.ptx.shf r wrap %sa, %sb, %c4
    %shrc = tirx.ptx.shf r clamp %sa, %sb, %c40
    %v = vector.from_elements %brev, %popc, %clz, %clz0, %bf, %bfs, %bfm1, %bfm2, %bf0, %bfe, %bfes, %bfi, %p, %f4e, %b4e, %rc8, %ecl, %ecr, %rc16, %lop, %shlw, %shlc, %shrw, %shrc : vector<24xi32>
    tirx.buffer_store %v, %out[%c0] : vector<24xi32>, !tirx.buffer<24xi32, global>
  }
  return
}

// -----

// The 64-bit forms: brev, bfind, bfe and bfi on i64 (read back as 32-bit
// halves); popc and clz of an i64 give an i32.
// CHECK-LABEL: arg0: int32[7]
// CHECK-NEXT: [-2147483648, 40, 22136, -1698898177, 305419896, 33, 63]
func.func @bits64(%out: !tirx.buffer<7xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i64
    %b40 = arith.constant 1099511627776 : i64          // 1 << 40
    %x = arith.constant 1311768467463790320 : i64      // 0x123456789ABCDEF0
    %m = arith.constant -4294967295 : i64              // 0xFFFFFFFF00000001
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %c0i = arith.constant 0 : i32
    %c8 = arith.constant 8 : i32
    %ff = arith.constant 255 : i64
    %s32 = arith.constant 32 : i64
    %brev = tirx.ptx.brev %one : i64
    %brevhi64 = arith.shrui %brev, %s32 : i64
    %brevhi = arith.trunci %brevhi64 : i64 to i32
    %bf = tirx.ptx.bfind u %b40 : i64
    %bfe64 = tirx.ptx.bfe u %x, %c32, %c16 : i64
    %bfe = arith.trunci %bfe64 : i64 to i32
    %bfi = tirx.ptx.bfi %ff, %x, %c0i, %c8 : i64
    %bfilo = arith.trunci %bfi : i64 to i32
    %bfihi64 = arith.shrui %bfi, %s32 : i64
    %bfihi = arith.trunci %bfihi64 : i64 to i32
    %popc = tirx.ptx.popc %m : i64
    %clz = tirx.ptx.clz %one : i64
    %v = vector.from_elements %brevhi, %bf, %bfe, %bfilo, %bfihi, %popc, %clz : vector<7xi32>
    tirx.buffer_store %v, %out[%c0] : vector<7xi32>, !tirx.buffer<7xi32, global>
  }
  return
}

// -----

// mul24 (lo, hi, signed), mad24, sad (unsigned, signed, 16-bit), cnot,
// dp4a (unsigned, signed) and dp2a (lo and hi bytes), worked by hand.
// CHECK-LABEL: arg0: int32[13]
// CHECK-NEXT: [15, 256, 115, 8, 7, 65534, 1, 0, 20, -2, 22, 22, -1]
func.func @arith24(%out: !tirx.buffer<13xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %a = arith.constant 16777219 : i32        // 0x01000003: low 24 bits 3
    %five = arith.constant 5 : i32
    %m2 = arith.constant -2 : i32
    %b23 = arith.constant 8388608 : i32       // 0x800000: -2^23 as 24 bits
    %c100 = arith.constant 100 : i32
    %lo = tirx.ptx.mul24 lo u %a, %five
    %hi = tirx.ptx.mul24 hi s %m2, %b23
    %mad = tirx.ptx.mad24 lo u %a, %five, %c100
    %three = arith.constant 3 : i32
    %ten = arith.constant 10 : i32
    %one = arith.constant 1 : i32
    %m3 = arith.constant -3 : i32
    %four = arith.constant 4 : i32
    %zero = arith.constant 0 : i32
    %sadu = tirx.ptx.sad u %three, %ten, %one : i32
    %sads = tirx.ptx.sad s %m3, %four, %zero : i32
    %h1 = arith.constant -1 : i16
    %h2 = arith.constant 1 : i16
    %h0 = arith.constant 0 : i16
    %sad16 = tirx.ptx.sad u %h1, %h2, %h0 : i16
    %sad16w = arith.extui %sad16 : i16 to i32
    %cn0 = tirx.ptx.cnot %zero : i32
    %cn5 = tirx.ptx.cnot %five : i32
    %pa = arith.constant 16909060 : i32       // 0x01020304
    %pb = arith.constant 16843009 : i32       // 0x01010101
    %dpu = tirx.ptx.dp4a u u %pa, %pb, %ten
    %ff = arith.constant 255 : i32
    %two = arith.constant 2 : i32
    %dps = tirx.ptx.dp4a s s %ff, %two, %zero
    %ha = arith.constant 131075 : i32         // halves 3, 2
    %lob = arith.constant 1284 : i32          // bytes 4, 5 at 0, 1
    %hib = arith.constant 84148224 : i32      // bytes 4, 5 at 2, 3
    %d2lo = tirx.ptx.dp2a lo u u %ha, %lob, %zero
    %d2hi = tirx.ptx.dp2a hi u u %ha, %hib, %zero
    // dp2a reads a's halves signed here: 0xFFFF is -1, times byte 1.
    %neg = arith.constant 65535 : i32
    %d2s = tirx.ptx.dp2a lo s u %neg, %one, %zero
    %v = vector.from_elements %lo, %hi, %mad, %sadu, %sads, %sad16w, %cn0, %cn5, %dpu, %dps, %d2lo, %d2hi, %d2s : vector<13xi32>
    tirx.buffer_store %v, %out[%c0] : vector<13xi32>, !tirx.buffer<13xi32, global>
  }
  return
}
