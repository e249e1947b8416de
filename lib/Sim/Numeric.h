//===- Numeric.h - Scalar kinds and number formats --------------*- C++ -*-===//
//
// The simulator keeps every scalar in a 64-bit register slot: integers
// zero-extended from their width, floats as their bit pattern (f16, bf16 and
// the f8 formats in the low bits). This header names the kinds and converts
// between the narrow float formats and float/double with round-to-nearest-
// even, as the GPU's cvt.rn does.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_NUMERIC_H
#define TIRX_LIB_SIM_NUMERIC_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace mlir::tirx::sim {

/// Scalar kinds of register slots and memory elements.
enum class SK : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64, // also index and pointers
  F16,
  BF16,
  F32,
  F64,
  E4M3, // f8E4M3FN
  E5M2, // f8E5M2
  None,
};

inline unsigned skBits(SK k) {
  static constexpr unsigned bits[] = {1, 8, 16, 32, 64, 16, 16, 32, 64, 8, 8, 0};
  return bits[static_cast<unsigned>(k)];
}
/// Bytes an element of kind `k` takes in memory and in vectors.
inline unsigned skBytes(SK k) {
  static constexpr unsigned bytes[] = {1, 1, 2, 4, 8, 2, 2, 4, 8, 1, 1, 0};
  return bytes[static_cast<unsigned>(k)];
}
/// The integer kind of `bits` bits (1, 8, 16, 32, 64); SK::None otherwise.
inline SK skOfIntBits(unsigned bits) {
  switch (bits) {
  case 1:
    return SK::I1;
  case 8:
    return SK::I8;
  case 16:
    return SK::I16;
  case 32:
    return SK::I32;
  case 64:
    return SK::I64;
  default:
    return SK::None;
  }
}
inline bool skIsFloat(SK k) { return k >= SK::F16 && k <= SK::E5M2; }
inline bool skIsInt(SK k) { return k <= SK::I64; }

inline uint64_t widthMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : ((uint64_t(1) << bits) - 1);
}
inline int64_t signExtend(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return static_cast<int64_t>(v);
  unsigned shift = 64 - bits;
  return static_cast<int64_t>(v << shift) >> shift;
}

inline float bitsToF32(uint64_t b) {
  uint32_t u = static_cast<uint32_t>(b);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t f32ToBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline double bitsToF64(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
inline uint64_t f64ToBits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

/// A binary float format with `expBits` exponent and `manBits` mantissa
/// bits. `ieeeSpecials`: an all-ones exponent encodes inf/NaN (f16, bf16,
/// e5m2); otherwise only the all-ones pattern is NaN and there is no inf
/// (e4m3fn: overflow gives NaN).
double decodeSmallFloat(uint32_t bits, unsigned expBits, unsigned manBits,
                        bool ieeeSpecials);
uint32_t encodeSmallFloat(double value, unsigned expBits, unsigned manBits,
                          bool ieeeSpecials);

/// A float format of `expBits` exponent and `manBits` mantissa bits whose
/// every code is finite (no inf, no NaN: fp4 e2m1, fp6 e2m3 and e3m2).
/// `encodeFiniteFloat` rounds to nearest even and needs |value| at most the
/// format's largest value (`finiteFloatMax`), which the caller saturates to.
double decodeFiniteFloat(uint32_t bits, unsigned expBits, unsigned manBits);
uint32_t encodeFiniteFloat(double value, unsigned expBits, unsigned manBits);
double finiteFloatMax(unsigned expBits, unsigned manBits);

inline float halfToFloat(uint16_t h) {
  return static_cast<float>(decodeSmallFloat(h, 5, 10, true));
}
uint16_t floatToHalf(float f);
inline float bf16ToFloat(uint16_t h) { return bitsToF32(uint32_t(h) << 16); }
uint16_t floatToBF16(float f);

/// Any float kind's bits to double (exact for every kind).
inline double floatBitsToDouble(SK k, uint64_t b) {
  switch (k) {
  case SK::F16:
    return halfToFloat(static_cast<uint16_t>(b));
  case SK::BF16:
    return bf16ToFloat(static_cast<uint16_t>(b));
  case SK::F32:
    return bitsToF32(b);
  case SK::F64:
    return bitsToF64(b);
  case SK::E4M3:
    return decodeSmallFloat(static_cast<uint32_t>(b), 4, 3, false);
  case SK::E5M2:
    return decodeSmallFloat(static_cast<uint32_t>(b), 5, 2, true);
  default:
    return 0.0;
  }
}

/// Rounds `v` to kind `k` (nearest even) and returns its bits. f32 rounds
/// directly from double (one rounding); narrower kinds go through the exact
/// double value.
uint64_t doubleToFloatBits(SK k, double v);

/// Float bits of kind `k` for a value computed in float (used by the f32
/// fast paths and the f16/bf16 arithmetic, which rounds once from f32:
/// exact for +, -, *, / since f32 has more than 2p+2 bits).
inline uint64_t floatToKindBits(SK k, float f) {
  switch (k) {
  case SK::F16:
    return floatToHalf(f);
  case SK::BF16:
    return floatToBF16(f);
  case SK::F32:
    return f32ToBits(f);
  default:
    return doubleToFloatBits(k, f);
  }
}

/// TF32 as the tensor cores read an f32: the low 13 mantissa bits dropped.
inline float toTF32(float f) {
  return bitsToF32(f32ToBits(f) & 0xFFFFE000u);
}

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_NUMERIC_H
