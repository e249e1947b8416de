//===- Arith.h - Scalar semantics of arith and math -------------*- C++ -*-===//
//
// The value of each arith/math operation on register-slot bits, shared by
// the interpreter's scalar instructions and the element-wise vector ones.
// Integers are zero-extended from their width; results are masked back to
// it. Floats narrower than f32 compute in f32 and round once (exact for
// + - * / and sqrt, which f32 holds with more than 2p+2 bits).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_ARITH_H
#define TIRX_LIB_SIM_ARITH_H

#include "Numeric.h"
#include "Program.h"

#include "llvm/ADT/bit.h"
#include <cmath>
#include <limits>

namespace mlir::tirx::sim {

/// Integer unary sub-ops share IntBin's encoding after the binary ones.
inline constexpr uint8_t kIntUnaryBase = static_cast<uint8_t>(IB::MulHiU) + 1;

/// Returns false on division by zero (the caller reports it).
inline bool evalIntBin(uint8_t f, SK k, uint64_t a, uint64_t b,
                       uint64_t &out) {
  unsigned w = skBits(k);
  uint64_t mask = widthMask(w);
  int64_t sa = signExtend(a, w), sb = signExtend(b, w);
  uint64_t r = 0;
  if (f >= kIntUnaryBase) {
    switch (f - kIntUnaryBase) {
    case 0: // absi
      r = static_cast<uint64_t>(sa < 0 ? -sa : sa);
      break;
    case 1: // ctpop
      r = static_cast<uint64_t>(llvm::popcount(a & mask));
      break;
    case 2: { // ctlz
      uint64_t v = a & mask;
      r = v ? static_cast<uint64_t>(llvm::countl_zero(v) - (64 - int(w))) : w;
      break;
    }
    default: { // cttz
      uint64_t v = a & mask;
      r = v ? static_cast<uint64_t>(llvm::countr_zero(v)) : w;
      break;
    }
    }
    out = r & mask;
    return true;
  }
  switch (static_cast<IB>(f)) {
  case IB::Add:
    r = a + b;
    break;
  case IB::Sub:
    r = a - b;
    break;
  case IB::Mul:
    r = a * b;
    break;
  case IB::DivS:
  case IB::RemS:
  case IB::CeilDivS:
  case IB::FloorDivS: {
    if (sb == 0)
      return false;
    if (sa == std::numeric_limits<int64_t>::min() && sb == -1) {
      r = static_cast<IB>(f) == IB::RemS ? 0 : a;
      break;
    }
    // Narrow widths: sa/sb are exact; INT_MIN/-1 of a narrow width wraps.
    int64_t q = sa / sb, rem = sa % sb;
    switch (static_cast<IB>(f)) {
    case IB::DivS:
      r = static_cast<uint64_t>(q);
      break;
    case IB::RemS:
      r = static_cast<uint64_t>(rem);
      break;
    case IB::CeilDivS:
      r = static_cast<uint64_t>(q + ((rem != 0) && ((rem > 0) == (sb > 0))));
      break;
    default:
      r = static_cast<uint64_t>(q - ((rem != 0) && ((rem < 0) != (sb < 0))));
      break;
    }
    break;
  }
  case IB::DivU:
  case IB::RemU:
  case IB::CeilDivU: {
    uint64_t ua = a & mask, ub = b & mask;
    if (ub == 0)
      return false;
    if (static_cast<IB>(f) == IB::DivU)
      r = ua / ub;
    else if (static_cast<IB>(f) == IB::RemU)
      r = ua % ub;
    else
      r = ua / ub + (ua % ub != 0);
    break;
  }
  case IB::And:
    r = a & b;
    break;
  case IB::Or:
    r = a | b;
    break;
  case IB::Xor:
    r = a ^ b;
    break;
  case IB::Shl:
    r = (b & mask) >= w ? 0 : a << (b & mask);
    break;
  case IB::ShrS:
    r = (b & mask) >= w ? static_cast<uint64_t>(sa < 0 ? -1 : 0)
                        : static_cast<uint64_t>(sa >> (b & mask));
    break;
  case IB::ShrU:
    r = (b & mask) >= w ? 0 : (a & mask) >> (b & mask);
    break;
  case IB::MinS:
    r = static_cast<uint64_t>(sa < sb ? sa : sb);
    break;
  case IB::MaxS:
    r = static_cast<uint64_t>(sa > sb ? sa : sb);
    break;
  case IB::MinU:
    r = (a & mask) < (b & mask) ? a : b;
    break;
  case IB::MaxU:
    r = (a & mask) > (b & mask) ? a : b;
    break;
  case IB::MulHiS:
    r = static_cast<uint64_t>(
        (static_cast<__int128>(sa) * static_cast<__int128>(sb)) >> w);
    break;
  case IB::MulHiU:
    r = static_cast<uint64_t>((static_cast<unsigned __int128>(a & mask) *
                               static_cast<unsigned __int128>(b & mask)) >>
                              w);
    break;
  }
  out = r & mask;
  return true;
}

inline double toDouble(SK k, uint64_t bits) {
  return floatBitsToDouble(k, bits);
}

inline bool evalCmp(uint8_t p, SK k, uint64_t a, uint64_t b) {
  CP pred = static_cast<CP>(p);
  if (pred < CP::FFalse) {
    unsigned w = skBits(k);
    uint64_t mask = widthMask(w);
    int64_t sa = signExtend(a, w), sb = signExtend(b, w);
    uint64_t ua = a & mask, ub = b & mask;
    switch (pred) {
    case CP::Eq:
      return ua == ub;
    case CP::Ne:
      return ua != ub;
    case CP::Slt:
      return sa < sb;
    case CP::Sle:
      return sa <= sb;
    case CP::Sgt:
      return sa > sb;
    case CP::Sge:
      return sa >= sb;
    case CP::Ult:
      return ua < ub;
    case CP::Ule:
      return ua <= ub;
    case CP::Ugt:
      return ua > ub;
    default:
      return ua >= ub;
    }
  }
  double x = toDouble(k, a), y = toDouble(k, b);
  bool unordered = std::isnan(x) || std::isnan(y);
  switch (pred) {
  case CP::FFalse:
    return false;
  case CP::FOeq:
    return !unordered && x == y;
  case CP::FOgt:
    return !unordered && x > y;
  case CP::FOge:
    return !unordered && x >= y;
  case CP::FOlt:
    return !unordered && x < y;
  case CP::FOle:
    return !unordered && x <= y;
  case CP::FOne:
    return !unordered && x != y;
  case CP::FOrd:
    return !unordered;
  case CP::FUeq:
    return unordered || x == y;
  case CP::FUgt:
    return unordered || x > y;
  case CP::FUge:
    return unordered || x >= y;
  case CP::FUlt:
    return unordered || x < y;
  case CP::FUle:
    return unordered || x <= y;
  case CP::FUne:
    return unordered || x != y;
  case CP::FUno:
    return unordered;
  default:
    return true;
  }
}

template <typename T>
inline T fltBin(uint8_t f, T x, T y) {
  switch (static_cast<FB>(f)) {
  case FB::Add:
    return x + y;
  case FB::Sub:
    return x - y;
  case FB::Mul:
    return x * y;
  case FB::Div:
    return x / y;
  case FB::Rem:
    return std::fmod(x, y);
  case FB::Minimum:
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<T>::quiet_NaN();
    if (x == y)
      return std::signbit(x) ? x : y;
    return x < y ? x : y;
  case FB::Maximum:
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<T>::quiet_NaN();
    if (x == y)
      return std::signbit(x) ? y : x;
    return x > y ? x : y;
  case FB::MinNum:
    return std::fmin(x, y);
  case FB::MaxNum:
    return std::fmax(x, y);
  case FB::Pow:
    return std::pow(x, y);
  case FB::Atan2:
    return std::atan2(x, y);
  case FB::CopySign:
    return std::copysign(x, y);
  }
  return x;
}

inline uint64_t evalFltBin(uint8_t f, SK k, uint64_t a, uint64_t b) {
  switch (k) {
  case SK::F32:
    return f32ToBits(fltBin<float>(f, bitsToF32(a), bitsToF32(b)));
  case SK::F64:
    return f64ToBits(fltBin<double>(f, bitsToF64(a), bitsToF64(b)));
  case SK::F16:
  case SK::BF16: {
    float x = static_cast<float>(toDouble(k, a));
    float y = static_cast<float>(toDouble(k, b));
    return floatToKindBits(k, fltBin<float>(f, x, y));
  }
  default:
    return doubleToFloatBits(
        k, fltBin<double>(f, toDouble(k, a), toDouble(k, b)));
  }
}

template <typename T>
inline T fltUn(uint8_t f, T x) {
  switch (static_cast<FU>(f)) {
  case FU::Neg:
    return -x;
  case FU::Abs:
    return std::fabs(x);
  case FU::Sqrt:
    return std::sqrt(x);
  case FU::Rsqrt:
    return T(1) / std::sqrt(x);
  case FU::Exp:
    return std::exp(x);
  case FU::Exp2:
    return std::exp2(x);
  case FU::Expm1:
    return std::expm1(x);
  case FU::Log:
    return std::log(x);
  case FU::Log2:
    return std::log2(x);
  case FU::Log10:
    return std::log10(x);
  case FU::Log1p:
    return std::log1p(x);
  case FU::Sin:
    return std::sin(x);
  case FU::Cos:
    return std::cos(x);
  case FU::Tan:
    return std::tan(x);
  case FU::Tanh:
    return std::tanh(x);
  case FU::Atan:
    return std::atan(x);
  case FU::Asin:
    return std::asin(x);
  case FU::Acos:
    return std::acos(x);
  case FU::Sinh:
    return std::sinh(x);
  case FU::Cosh:
    return std::cosh(x);
  case FU::Asinh:
    return std::asinh(x);
  case FU::Acosh:
    return std::acosh(x);
  case FU::Atanh:
    return std::atanh(x);
  case FU::Erf:
    return std::erf(x);
  case FU::Erfc:
    return std::erfc(x);
  case FU::Floor:
    return std::floor(x);
  case FU::Ceil:
    return std::ceil(x);
  case FU::Trunc:
    return std::trunc(x);
  case FU::Round:
    return std::round(x);
  case FU::RoundEven:
    return std::nearbyint(x);
  case FU::Cbrt:
    return std::cbrt(x);
  default:
    return x;
  }
}

inline uint64_t evalFltUn(uint8_t f, SK k, uint64_t a) {
  FU op = static_cast<FU>(f);
  if (op == FU::IsNaN || op == FU::IsInf || op == FU::IsFinite) {
    double x = toDouble(k, a);
    return op == FU::IsNaN ? std::isnan(x)
           : op == FU::IsInf ? std::isinf(x)
                             : std::isfinite(x);
  }
  if (op == FU::Neg) // flip the sign bit (exact, also for NaN)
    return a ^ (uint64_t(1) << (skBits(k) - 1));
  if (op == FU::Abs)
    return a & ~(uint64_t(1) << (skBits(k) - 1));
  switch (k) {
  case SK::F32:
    return f32ToBits(fltUn<float>(f, bitsToF32(a)));
  case SK::F64:
    return f64ToBits(fltUn<double>(f, bitsToF64(a)));
  default:
    return doubleToFloatBits(k, fltUn<double>(f, toDouble(k, a)));
  }
}

inline uint64_t evalFma(SK k, uint64_t a, uint64_t b, uint64_t c) {
  switch (k) {
  case SK::F32:
    return f32ToBits(std::fma(bitsToF32(a), bitsToF32(b), bitsToF32(c)));
  case SK::F64:
    return f64ToBits(std::fma(bitsToF64(a), bitsToF64(b), bitsToF64(c)));
  default:
    return doubleToFloatBits(
        k, std::fma(toDouble(k, a), toDouble(k, b), toDouble(k, c)));
  }
}

/// fptosi/fptoui as cvt.rzi does: truncate, saturate, NaN -> 0.
inline uint64_t floatToInt(double x, unsigned w, bool isSigned) {
  if (std::isnan(x))
    return 0;
  x = std::trunc(x);
  if (isSigned) {
    double lo = -std::ldexp(1.0, int(w) - 1);
    double hi = std::ldexp(1.0, int(w) - 1) - 1;
    if (x <= lo)
      return static_cast<uint64_t>(static_cast<int64_t>(lo)) & widthMask(w);
    if (x >= hi)
      return (w >= 64 ? uint64_t(std::numeric_limits<int64_t>::max())
                      : static_cast<uint64_t>(static_cast<int64_t>(hi))) &
             widthMask(w);
    return static_cast<uint64_t>(static_cast<int64_t>(x)) & widthMask(w);
  }
  if (x <= 0)
    return 0;
  double hi = std::ldexp(1.0, int(w));
  if (x >= hi)
    return widthMask(w);
  return static_cast<uint64_t>(x);
}

/// Cvt: k = destination kind, src = source kind.
inline uint64_t evalCvt(CV cv, SK dst, SK src, uint64_t a) {
  switch (cv) {
  case CV::SIToFP: {
    int64_t v = signExtend(a, skBits(src));
    if (dst == SK::F32)
      return f32ToBits(static_cast<float>(v));
    return doubleToFloatBits(dst, static_cast<double>(v));
  }
  case CV::UIToFP: {
    uint64_t v = a & widthMask(skBits(src));
    if (dst == SK::F32)
      return f32ToBits(static_cast<float>(v));
    return doubleToFloatBits(dst, static_cast<double>(v));
  }
  case CV::FPToSI:
    return floatToInt(toDouble(src, a), skBits(dst), true);
  case CV::FPToUI:
    return floatToInt(toDouble(src, a), skBits(dst), false);
  case CV::FToF:
    return doubleToFloatBits(dst, toDouble(src, a));
  case CV::IntToInt:
    return a & widthMask(skBits(dst));
  }
  return 0;
}

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_ARITH_H
