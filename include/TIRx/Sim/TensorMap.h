//===- TensorMap.h - Tensor maps the simulator receives ---------*- C++ -*-===//
//
// A `!tirx.tensormap` kernel argument reaches the simulator as the host-side
// description of the descriptor: the runtime's TensorMapSpec (the
// parameters of cuTensorMapEncodeTiled, checked by the runtime's one
// validator). The kernel sees an opaque handle; the TMA ops look the spec up
// by it.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_SIM_TENSORMAP_H
#define TIRX_SIM_TENSORMAP_H

#include "tirx/runtime/TensorMap.h"

#include <string>

namespace mlir::tirx::sim {

using TensorMapSpec = ::tirx::runtime::TensorMapSpec;
using TensorMapSwizzle = ::tirx::runtime::TensorMapSwizzle;
using TensorMapInterleave = ::tirx::runtime::TensorMapInterleave;
using TensorMapOOBFill = ::tirx::runtime::TensorMapOOBFill;
using TensorMapL2Promotion = ::tirx::runtime::TensorMapL2Promotion;

/// Bytes of one element of a spec's dtype; 0 for unknown and sub-byte
/// (packed 4- and 6-bit) dtypes, which the simulator does not model.
inline unsigned tensorMapElementBytes(const std::string &dtype) {
  const ::tirx::runtime::TensorMapDTypeInfo *info =
      ::tirx::runtime::lookupTensorMapDType(dtype);
  if (!info || info->storageBits % 8 != 0)
    return 0;
  return info->storageBits / 8;
}

} // namespace mlir::tirx::sim

#endif // TIRX_SIM_TENSORMAP_H
