//===- TIRxPTXCommon.h - Shared helpers of the PTX-op verifiers -*- C++ -*-===//
//
// Private to lib/Dialect: the target requirements that modifiers add on top
// of an op's base requirement, and small diagnostics helpers.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_DIALECT_TIRXPTXCOMMON_H
#define TIRX_LIB_DIALECT_TIRXPTXCOMMON_H

#include "TIRx/Dialect/TIRxPTXOps.h"

namespace mlir::tirx::ptx_detail {

// Requirements that modifiers add; checked with verifyPTXRequirement().
inline constexpr unsigned kFamily100Also[] = {110};
inline const PTXRequirement kSM89 = {PTXTargetKind::Plain, 89, 84, {}};
inline const PTXRequirement kSM90 = {PTXTargetKind::Plain, 90, 78, {}};
inline const PTXRequirement kSM90PTX86 = {PTXTargetKind::Plain, 90, 86, {}};
inline const PTXRequirement kSM100 = {PTXTargetKind::Plain, 100, 86, {}};
inline const PTXRequirement kSM100f = {PTXTargetKind::Family, 100, 86,
                                       kFamily100Also};

/// `'<keyword>'` for a modifier, e.g. `'cluster' scope`.
template <typename EnumT>
std::string quoted(EnumT value, llvm::StringRef what) {
  return ("'" + ptx::stringifyEnum(value) + "' " + what).str();
}

} // namespace mlir::tirx::ptx_detail

#endif // TIRX_LIB_DIALECT_TIRXPTXCOMMON_H
