//===- MMACommon.h - Operand formats shared by the MMA families -*- C++ -*-===//
//
// Element types of MMA operands and accumulators, and the shared-memory
// matrix layouts that wgmma and tcgen05.mma read through 64-bit matrix
// descriptors: a K-major or MN-major operand made of swizzle atoms (8 rows
// of the swizzle width, or 8x16-byte core matrices without swizzle), with
// the leading- and stride-dimension byte offsets of the descriptor, and the
// 16-byte chunks XORed with the 128-byte row index of the address.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_MMACOMMON_H
#define TIRX_LIB_SIM_MMACOMMON_H

#include "Numeric.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include <cstdint>
#include <cstring>

namespace mlir::tirx::sim {

/// Bytes of one element of an MMA input type (0: sub-byte, unmodeled).
inline unsigned mmaInputBytes(ptx::MMAType t) {
  switch (t) {
  case ptx::MMAType::F16:
  case ptx::MMAType::BF16:
    return 2;
  case ptx::MMAType::TF32:
  case ptx::MMAType::F32:
  case ptx::MMAType::S32:
    return 4;
  case ptx::MMAType::F64:
    return 8;
  case ptx::MMAType::E4M3:
  case ptx::MMAType::E5M2:
  case ptx::MMAType::S8:
  case ptx::MMAType::U8:
    return 1;
  default:
    return 0;
  }
}

inline bool mmaIsInteger(ptx::MMAType t) {
  return t == ptx::MMAType::S8 || t == ptx::MMAType::U8 ||
         t == ptx::MMAType::S32;
}

/// The value of an element's bits (tf32 drops the low mantissa bits, as the
/// tensor cores read it).
inline double mmaValue(ptx::MMAType t, uint64_t bits) {
  switch (t) {
  case ptx::MMAType::F16:
    return floatBitsToDouble(SK::F16, bits);
  case ptx::MMAType::BF16:
    return floatBitsToDouble(SK::BF16, bits);
  case ptx::MMAType::TF32:
    return toTF32(bitsToF32(bits));
  case ptx::MMAType::F32:
    return bitsToF32(bits);
  case ptx::MMAType::F64:
    return bitsToF64(bits);
  case ptx::MMAType::E4M3:
    return floatBitsToDouble(SK::E4M3, bits);
  case ptx::MMAType::E5M2:
    return floatBitsToDouble(SK::E5M2, bits);
  case ptx::MMAType::S8:
    return static_cast<double>(static_cast<int8_t>(bits));
  case ptx::MMAType::U8:
    return static_cast<double>(static_cast<uint8_t>(bits));
  case ptx::MMAType::S32:
    return static_cast<double>(static_cast<int32_t>(bits));
  default:
    return 0;
  }
}

/// Bits of an accumulator element from its exact value.
inline uint64_t mmaAccBits(ptx::MMAType t, double v, bool satfinite) {
  switch (t) {
  case ptx::MMAType::F16:
    return doubleToFloatBits(SK::F16, v);
  case ptx::MMAType::F64:
    return f64ToBits(v);
  case ptx::MMAType::S32: {
    if (satfinite) {
      if (v > 2147483647.0)
        return 0x7FFFFFFFu;
      if (v < -2147483648.0)
        return 0x80000000u;
    }
    // Wrap-around of the exact integer.
    int64_t i = static_cast<int64_t>(v);
    return static_cast<uint32_t>(i);
  }
  default:
    return f32ToBits(static_cast<float>(v));
  }
}

inline uint64_t loadBits(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

/// A shared-memory matrix descriptor, decoded (wgmma or tcgen05 format).
struct SmemDesc {
  uint64_t start = 0, lbo = 0, sbo = 0;
  /// Swizzle width in bytes (0: none).
  unsigned swizzle = 0;
};

/// wgmma: bits 0-13 start >> 4, 16-29 LBO >> 4, 32-45 SBO >> 4, 62-63 the
/// layout (0 none, 1 128B, 2 64B, 3 32B).
inline SmemDesc decodeWgmmaDesc(uint64_t d) {
  SmemDesc s;
  s.start = (d & 0x3FFF) << 4;
  s.lbo = ((d >> 16) & 0x3FFF) << 4;
  s.sbo = ((d >> 32) & 0x3FFF) << 4;
  static constexpr unsigned widths[] = {0, 128, 64, 32};
  s.swizzle = widths[(d >> 62) & 3];
  return s;
}

/// tcgen05: the same fields, bits 46-48 must be 0b001, bit 52 the LBO
/// mode, bits 61-63 the swizzle (0 none, 2 128B, 4 64B, 6 32B; 1, the
/// 32-byte-atom 128B mode, is not modeled). Returns false with `error`.
inline bool decodeTcgen05Desc(uint64_t d, SmemDesc &s, const char *&error) {
  s.start = (d & 0x3FFF) << 4;
  s.lbo = ((d >> 16) & 0x3FFF) << 4;
  s.sbo = ((d >> 32) & 0x3FFF) << 4;
  if (((d >> 46) & 7) != 1) {
    error = "bits 46-48 of a tcgen05 shared memory descriptor must be 0b001";
    return false;
  }
  if ((d >> 52) & 1) {
    error = "the absolute leading-dimension address mode (bit 52) is not "
            "modeled";
    return false;
  }
  switch ((d >> 61) & 7) {
  case 0:
    s.swizzle = 0;
    return true;
  case 2:
    s.swizzle = 128;
    return true;
  case 4:
    s.swizzle = 64;
    return true;
  case 6:
    s.swizzle = 32;
    return true;
  default:
    error = "the descriptor's swizzle mode is not modeled (128B with 32B "
            "atoms, or a reserved value)";
    return false;
  }
}

/// Shared-memory byte offset of element (mn, k) of an operand whose rows
/// (M of A, N of B) are `mn` and whose reduction index is `k`.
inline uint64_t smemElementOffset(const SmemDesc &d, bool kMajor,
                                  unsigned eltBytes, uint64_t mn,
                                  uint64_t k) {
  uint64_t T = 16 / eltBytes; // elements per 16 bytes
  uint64_t off;
  if (kMajor) {
    uint64_t i0 = mn % 8, i1 = mn / 8, k0 = k % T, k1 = k / T;
    if (!d.swizzle)
      off = i0 * 16 + i1 * d.sbo + k0 * eltBytes + k1 * d.lbo;
    else
      off = i0 * d.swizzle + i1 * d.sbo + k0 * eltBytes + k1 * 16;
  } else {
    uint64_t k0 = k % 8, k1 = k / 8;
    if (!d.swizzle) {
      uint64_t i0 = mn % T, i2 = mn / T;
      off = i0 * eltBytes + i2 * d.sbo + k0 * 16 + k1 * d.lbo;
    } else {
      uint64_t chunks = d.swizzle / 16;
      uint64_t i0 = mn % T, i1 = (mn / T) % chunks, i2 = mn / (T * chunks);
      off = i0 * eltBytes + i1 * 16 + i2 * d.lbo + k0 * d.swizzle +
            k1 * d.sbo;
    }
  }
  uint64_t addr = d.start + off;
  if (d.swizzle) {
    uint64_t mask = d.swizzle / 16 - 1; // 7, 3 or 1
    addr ^= ((addr >> 7) & mask) << 4;
  }
  return addr;
}

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_MMACOMMON_H
