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

// Requirements that modifiers add (TIRxPTXBase.td names the same ones);
// ops report them from collectModifierRequirements().
inline constexpr unsigned kFamily100Also[] = {110};
inline const PTXRequirement kPTX80 = {PTXTargetKind::Plain, 70, 80, {}};
inline const PTXRequirement kPTX87 = {PTXTargetKind::Plain, 70, 87, {}};
inline const PTXRequirement kPTX88 = {PTXTargetKind::Plain, 70, 88, {}};
inline const PTXRequirement kSM70PTX63 = {PTXTargetKind::Plain, 70, 63, {}};
inline const PTXRequirement kSM70PTX74 = {PTXTargetKind::Plain, 70, 74, {}};
inline const PTXRequirement kSM70PTX83 = {PTXTargetKind::Plain, 70, 83, {}};
inline const PTXRequirement kSM75PTX74 = {PTXTargetKind::Plain, 75, 74, {}};
inline const PTXRequirement kSM80PTX74 = {PTXTargetKind::Plain, 80, 74, {}};
inline const PTXRequirement kSM89PTX84 = {PTXTargetKind::Plain, 89, 84, {}};
inline const PTXRequirement kSM90 = {PTXTargetKind::Plain, 90, 78, {}};
inline const PTXRequirement kSM90PTX80 = {PTXTargetKind::Plain, 90, 80, {}};
inline const PTXRequirement kSM90PTX81 = {PTXTargetKind::Plain, 90, 81, {}};
inline const PTXRequirement kSM90PTX83 = {PTXTargetKind::Plain, 90, 83, {}};
inline const PTXRequirement kSM90PTX86 = {PTXTargetKind::Plain, 90, 86, {}};
inline const PTXRequirement kSM100 = {PTXTargetKind::Plain, 100, 86, {}};
inline const PTXRequirement kSM100PTX88 = {PTXTargetKind::Plain, 100, 88, {}};
inline const PTXRequirement kSM90aPTX84 = {PTXTargetKind::Arch, 90, 84, {}};
inline const PTXRequirement kSM100f = {PTXTargetKind::Family, 100, 86,
                                       kFamily100Also};

/// `'<keyword>'` for a modifier, e.g. `'cluster' scope`.
template <typename EnumT>
std::string quoted(EnumT value, llvm::StringRef what) {
  return ("'" + ptx::stringifyEnum(value) + "' " + what).str();
}

} // namespace mlir::tirx::ptx_detail

#endif // TIRX_LIB_DIALECT_TIRXPTXCOMMON_H
