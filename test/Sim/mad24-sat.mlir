// RUN: tirx-sim %s --print=full | FileCheck %s
// RUN: tirx-sim %s --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// mad24.hi.sat.s32: the high 32 bits of the 48-bit signed product plus c,
// clamped to the signed 32-bit range; without .sat the same sum wraps. The
// values are the ISA's definition worked by hand: (2^23-1)^2 >> 16 plus
// INT32_MAX saturates high, -2^23 * (2^23-1) >> 16 plus INT32_MIN low, and
// a small sum is the same with and without .sat. Both levels of the
// simulator agree (the PTX level runs the emitted mad24.hi.sat.s32).
// CHECK-LABEL: arg0: int32[6]
// CHECK-NEXT: [2147483647, -1073742081, -2147483648, 1073741952, 245767, 245767]
// PTX: PTX level matches the IR level
// ASM-LABEL: .entry mad24_sat(
// ASM: mad24.hi.sat.s32
// ASM: mad24.hi.s32
func.func @mad24_sat(%out: !tirx.buffer<6xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %max24 = arith.constant 8388607 : i32     // 2^23 - 1
    %min24 = arith.constant 8388608 : i32     // 0x800000: -2^23 as 24 bits
    %imax = arith.constant 2147483647 : i32
    %imin = arith.constant -2147483648 : i32
    %a = arith.constant 3145728 : i32         // 3 << 20
    %b = arith.constant 5120 : i32            // 5 << 10
    %seven = arith.constant 7 : i32
    %s0 = tirx.ptx.mad24 hi sat s %max24, %max24, %imax
    %w0 = tirx.ptx.mad24 hi s %max24, %max24, %imax
    %s1 = tirx.ptx.mad24 hi sat s %min24, %max24, %imin
    %w1 = tirx.ptx.mad24 hi s %min24, %max24, %imin
    %s2 = tirx.ptx.mad24 hi sat s %a, %b, %seven
    %w2 = tirx.ptx.mad24 hi s %a, %b, %seven
    %v = vector.from_elements %s0, %w0, %s1, %w1, %s2, %w2 : vector<6xi32>
    tirx.buffer_store %v, %out[%c0] : vector<6xi32>, !tirx.buffer<6xi32, global>
  }
  return
}
