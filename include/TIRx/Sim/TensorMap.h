//===- TensorMap.h - Host-side TMA descriptor description -------*- C++ -*-===//
//
// The parameters of cuTensorMapEncodeTiled, as the simulator receives a
// `!tirx.tensormap` kernel argument: the kernel sees an opaque handle, the
// TMA ops look the description up by it. Plain C++ (no MLIR), so drivers and
// bindings fill it without the IR.
//
// This is the simulator's own minimal copy of the description; when the
// runtime's shared TensorMapSpec library lands, this header becomes an alias
// of it (the field names and enum values already follow the CUDA API).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_SIM_TENSORMAP_H
#define TIRX_SIM_TENSORMAP_H

#include <cstdint>
#include <string>

namespace mlir::tirx::sim {

/// CUtensorMapSwizzle.
enum class TensorMapSwizzle : uint32_t {
  None = 0,
  B32 = 1,
  B64 = 2,
  B128 = 3,
  B128Atom32B = 4,
  B128Atom32BFlip8B = 5,
  B128Atom64B = 6,
};

/// CUtensorMapInterleave.
enum class TensorMapInterleave : uint32_t { None = 0, B16 = 1, B32 = 2 };

/// CUtensorMapFloatOOBfill.
enum class TensorMapOOBFill : uint32_t { None = 0, NaNRequestZeroFMA = 1 };

/// A tiled TMA descriptor: every dimension array is innermost first, as in
/// cuTensorMapEncodeTiled. `globalStrides[i]` is the byte stride of
/// dimension i + 1 (rank - 1 entries).
struct TensorMapSpec {
  /// Element type: "float16", "bfloat16", "float32", "float64", "int8",
  /// "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
  /// "float8_e4m3", "float8_e5m2", "tfloat32".
  std::string dtype;
  unsigned rank = 0;
  uint64_t globalAddress = 0;
  uint64_t globalDim[5] = {0, 0, 0, 0, 0};
  uint64_t globalStrides[4] = {0, 0, 0, 0};
  uint32_t boxDim[5] = {0, 0, 0, 0, 0};
  uint32_t elementStrides[5] = {1, 1, 1, 1, 1};
  TensorMapInterleave interleave = TensorMapInterleave::None;
  TensorMapSwizzle swizzle = TensorMapSwizzle::None;
  uint32_t l2Promotion = 0;
  TensorMapOOBFill oobFill = TensorMapOOBFill::None;
};

/// Size in bytes of a TensorMapSpec dtype, 0 if unknown.
unsigned tensorMapElementBytes(const std::string &dtype);

/// Checks the documented cuTensorMapEncodeTiled rules (rank, alignment of
/// the address and strides, dims, box and element strides, swizzle span).
/// Returns an empty string when valid, else what is wrong.
std::string validateTensorMap(const TensorMapSpec &spec);

/// Swizzle span in bytes (32, 64, 128), 0 for none.
unsigned tensorMapSwizzleBytes(TensorMapSwizzle swizzle);

} // namespace mlir::tirx::sim

#endif // TIRX_SIM_TENSORMAP_H
