//===- TensorMap.cpp - TMA descriptor rules ---------------------*- C++ -*-===//

#include "TIRx/Sim/TensorMap.h"

#include <sstream>

using namespace mlir::tirx;
using namespace mlir::tirx::sim;

unsigned sim::tensorMapElementBytes(const std::string &dtype) {
  if (dtype == "int8" || dtype == "uint8" || dtype == "float8_e4m3" ||
      dtype == "float8_e5m2")
    return 1;
  if (dtype == "float16" || dtype == "bfloat16" || dtype == "int16" ||
      dtype == "uint16")
    return 2;
  if (dtype == "float32" || dtype == "int32" || dtype == "uint32" ||
      dtype == "tfloat32")
    return 4;
  if (dtype == "float64" || dtype == "int64" || dtype == "uint64")
    return 8;
  return 0;
}

unsigned sim::tensorMapSwizzleBytes(TensorMapSwizzle swizzle) {
  switch (swizzle) {
  case TensorMapSwizzle::None:
    return 0;
  case TensorMapSwizzle::B32:
    return 32;
  case TensorMapSwizzle::B64:
    return 64;
  default:
    return 128;
  }
}

std::string sim::validateTensorMap(const TensorMapSpec &spec) {
  std::ostringstream os;
  unsigned esz = tensorMapElementBytes(spec.dtype);
  if (!esz) {
    os << "unknown dtype '" << spec.dtype << "'";
    return os.str();
  }
  bool interleaved = spec.interleave != TensorMapInterleave::None;
  if (spec.rank < (interleaved ? 3u : 1u) || spec.rank > 5) {
    os << "rank must be " << (interleaved ? "3" : "1") << " to 5, got "
       << spec.rank;
    return os.str();
  }
  unsigned addrAlign =
      spec.interleave == TensorMapInterleave::B32 ? 32 : 16;
  if (spec.globalAddress % addrAlign) {
    os << "the global address must be " << addrAlign << "-byte aligned";
    return os.str();
  }
  for (unsigned i = 0; i < spec.rank; ++i) {
    if (spec.globalDim[i] == 0 || spec.globalDim[i] > (uint64_t(1) << 32)) {
      os << "globalDim[" << i << "] must be in [1, 2^32], got "
         << spec.globalDim[i];
      return os.str();
    }
    if (spec.boxDim[i] == 0 || spec.boxDim[i] > 256) {
      os << "boxDim[" << i << "] must be in [1, 256], got " << spec.boxDim[i];
      return os.str();
    }
    if (spec.elementStrides[i] == 0 || spec.elementStrides[i] > 8) {
      os << "elementStrides[" << i << "] must be in [1, 8], got "
         << spec.elementStrides[i];
      return os.str();
    }
  }
  uint64_t extent = spec.globalDim[0] * esz;
  for (unsigned i = 0; i + 1 < spec.rank; ++i) {
    uint64_t s = spec.globalStrides[i];
    if (s % addrAlign || s >= (uint64_t(1) << 40)) {
      os << "globalStrides[" << i << "] must be a multiple of " << addrAlign
         << " below 2^40, got " << s;
      return os.str();
    }
    if (s < extent) {
      os << "globalStrides[" << i << "] (" << s
         << " bytes) is smaller than the extent of the dimensions inside it ("
         << extent << " bytes)";
      return os.str();
    }
    extent = s * spec.globalDim[i + 1];
  }
  if (!interleaved && (uint64_t(spec.boxDim[0]) * esz) % 16) {
    os << "the inner box dimension must span a multiple of 16 bytes, got "
       << spec.boxDim[0] * esz;
    return os.str();
  }
  unsigned span = tensorMapSwizzleBytes(spec.swizzle);
  if (span && !interleaved && uint64_t(spec.boxDim[0]) * esz > span) {
    os << "the inner box dimension (" << spec.boxDim[0] * esz
       << " bytes) exceeds the swizzle span of " << span << " bytes";
    return os.str();
  }
  if (spec.l2Promotion > 3) {
    os << "l2Promotion must be 0-3, got " << spec.l2Promotion;
    return os.str();
  }
  return "";
}
