//===- Numeric.cpp - Narrow float formats -----------------------*- C++ -*-===//

#include "Numeric.h"

#include "TIRx/Sim/Simulator.h"

#include <algorithm>
#include <limits>

using namespace mlir::tirx;
using namespace mlir::tirx::sim;

double sim::decodeSmallFloat(uint32_t bits, unsigned expBits,
                             unsigned manBits, bool ieeeSpecials) {
  unsigned total = 1 + expBits + manBits;
  bool neg = (bits >> (total - 1)) & 1;
  uint32_t exp = (bits >> manBits) & ((1u << expBits) - 1);
  uint32_t man = bits & ((1u << manBits) - 1);
  int bias = (1 << (expBits - 1)) - 1;
  double v;
  if (ieeeSpecials && exp == (1u << expBits) - 1) {
    v = man ? std::numeric_limits<double>::quiet_NaN()
            : std::numeric_limits<double>::infinity();
  } else if (!ieeeSpecials && exp == (1u << expBits) - 1 &&
             man == (1u << manBits) - 1) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (exp == 0) {
    v = std::ldexp(static_cast<double>(man), 1 - bias - int(manBits));
  } else {
    v = std::ldexp(static_cast<double>(man | (1u << manBits)),
                   int(exp) - bias - int(manBits));
  }
  return neg ? -v : v;
}

uint32_t sim::encodeSmallFloat(double value, unsigned expBits,
                               unsigned manBits, bool ieeeSpecials) {
  unsigned total = 1 + expBits + manBits;
  uint32_t sign = std::signbit(value) ? (1u << (total - 1)) : 0;
  uint32_t expMax = (1u << expBits) - 1;
  uint32_t nan = ieeeSpecials
                     ? ((expMax << manBits) | (1u << (manBits - 1)))
                     : ((expMax << manBits) | ((1u << manBits) - 1));
  if (std::isnan(value))
    return sign | nan;
  double a = std::fabs(value);
  int bias = (1 << (expBits - 1)) - 1;
  // Largest finite value.
  uint32_t maxExpField = ieeeSpecials ? expMax - 1 : expMax;
  uint32_t maxMan = ieeeSpecials ? (1u << manBits) - 1 : (1u << manBits) - 2;
  double maxFinite = std::ldexp(static_cast<double>(maxMan | (1u << manBits)),
                                int(maxExpField) - bias - int(manBits));
  if (std::isinf(a))
    return ieeeSpecials ? (sign | (expMax << manBits)) : (sign | nan);
  if (a == 0.0)
    return sign;
  int e;
  std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
  int unbiased = e - 1;
  int minNormal = 1 - bias;
  int scaleExp = (unbiased < minNormal ? minNormal : unbiased) - int(manBits);
  // Significand in units of the last place, rounded to nearest even.
  double scaled = std::ldexp(a, -scaleExp);
  double rounded = std::nearbyint(scaled); // default mode: nearest even
  uint64_t sig = static_cast<uint64_t>(rounded);
  int exp = scaleExp + int(manBits); // exponent of the leading bit position
  if (sig >= (uint64_t(1) << (manBits + 1))) {
    sig >>= 1;
    ++exp;
  }
  double result = std::ldexp(static_cast<double>(sig), exp - int(manBits));
  if (result > maxFinite) {
    // Round-to-nearest overflow: inf where it exists, NaN for e4m3fn
    // (matching arith.truncf to f8E4M3FN).
    return ieeeSpecials ? (sign | (expMax << manBits)) : (sign | nan);
  }
  if (sig < (uint64_t(1) << manBits)) // subnormal
    return sign | static_cast<uint32_t>(sig);
  uint32_t expField = static_cast<uint32_t>(exp + bias);
  return sign | (expField << manBits) |
         static_cast<uint32_t>(sig & ((uint64_t(1) << manBits) - 1));
}

double sim::decodeFiniteFloat(uint32_t bits, unsigned expBits,
                              unsigned manBits) {
  bool neg = (bits >> (expBits + manBits)) & 1;
  uint32_t exp = (bits >> manBits) & ((1u << expBits) - 1);
  uint32_t man = bits & ((1u << manBits) - 1);
  int bias = (1 << (expBits - 1)) - 1;
  double v = exp == 0 ? std::ldexp(static_cast<double>(man),
                                   1 - bias - int(manBits))
                      : std::ldexp(static_cast<double>(man | (1u << manBits)),
                                   int(exp) - bias - int(manBits));
  return neg ? -v : v;
}

double sim::finiteFloatMax(unsigned expBits, unsigned manBits) {
  int bias = (1 << (expBits - 1)) - 1;
  int top = int((1u << expBits) - 1) - bias;
  return std::ldexp(static_cast<double>((2u << manBits) - 1),
                    top - int(manBits));
}

uint32_t sim::encodeFiniteFloat(double value, unsigned expBits,
                                unsigned manBits) {
  uint32_t sign = std::signbit(value) ? (1u << (expBits + manBits)) : 0;
  double a = std::fabs(value);
  if (a == 0.0)
    return sign;
  int bias = (1 << (expBits - 1)) - 1;
  int e;
  std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
  int minNormal = 1 - bias;
  int scaleExp = std::max(e - 1, minNormal) - int(manBits);
  // The significand in units of the last place, nearest even.
  uint64_t sig =
      static_cast<uint64_t>(std::nearbyint(std::ldexp(a, -scaleExp)));
  int exp = scaleExp + int(manBits);
  if (sig >= (uint64_t(1) << (manBits + 1))) {
    sig >>= 1;
    ++exp;
  }
  if (sig < (uint64_t(1) << manBits)) // subnormal (or zero)
    return sign | static_cast<uint32_t>(sig);
  return sign | (static_cast<uint32_t>(exp + bias) << manBits) |
         static_cast<uint32_t>(sig & ((uint64_t(1) << manBits) - 1));
}

uint16_t sim::floatToHalf(float f) {
  return static_cast<uint16_t>(encodeSmallFloat(f, 5, 10, true));
}

uint16_t sim::floatToBF16(float f) {
  uint32_t u = static_cast<uint32_t>(f32ToBits(f));
  if ((u & 0x7F800000u) == 0x7F800000u && (u & 0x007FFFFFu))
    return static_cast<uint16_t>((u >> 16) | 0x40); // quiet NaN
  uint32_t lsb = (u >> 16) & 1;
  u += 0x7FFFu + lsb;
  return static_cast<uint16_t>(u >> 16);
}

uint64_t sim::doubleToFloatBits(SK k, double v) {
  switch (k) {
  case SK::F16:
    return encodeSmallFloat(v, 5, 10, true);
  case SK::BF16:
    return encodeSmallFloat(v, 8, 7, true);
  case SK::F32:
    return f32ToBits(static_cast<float>(v));
  case SK::F64:
    return f64ToBits(v);
  case SK::E4M3:
    return encodeSmallFloat(v, 4, 3, false);
  case SK::E5M2:
    return encodeSmallFloat(v, 5, 2, true);
  default:
    return 0;
  }
}

static SK dtypeKind(const std::string &dtype) {
  if (dtype == "float16")
    return SK::F16;
  if (dtype == "bfloat16")
    return SK::BF16;
  if (dtype == "float32")
    return SK::F32;
  if (dtype == "float64")
    return SK::F64;
  if (dtype == "float8_e4m3fn")
    return SK::E4M3;
  if (dtype == "float8_e5m2")
    return SK::E5M2;
  return SK::None;
}

double sim::decodeFloat(const std::string &dtype, uint64_t bits) {
  SK k = dtypeKind(dtype);
  if (k == SK::None)
    return std::numeric_limits<double>::quiet_NaN();
  return floatBitsToDouble(k, bits);
}

uint64_t sim::encodeFloat(const std::string &dtype, double value) {
  SK k = dtypeKind(dtype);
  return k == SK::None ? 0 : doubleToFloatBits(k, value);
}
