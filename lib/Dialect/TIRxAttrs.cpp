//===- TIRxAttrs.cpp - TIRx attributes --------------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

#define GET_ATTRDEF_CLASSES
#include "TIRx/Dialect/TIRxAttrs.cpp.inc"

void TIRxDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TIRx/Dialect/TIRxAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kSupportedChips[] = {
    "sm_80",   "sm_86",   "sm_87",   "sm_89",   "sm_90",   "sm_90a",
    "sm_100",  "sm_100a", "sm_100f", "sm_101a", "sm_103",  "sm_103a",
    "sm_103f", "sm_110a", "sm_120",  "sm_120a", "sm_121a"};

ArrayRef<StringRef> TargetAttr::getSupportedChips() {
  static const SmallVector<StringRef> chips(std::begin(kSupportedChips),
                                            std::end(kSupportedChips));
  return chips;
}

bool TargetAttr::isSupportedChip(StringRef chip) {
  return llvm::is_contained(kSupportedChips, chip);
}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef chip) {
  if (isSupportedChip(chip))
    return success();
  auto diag = emitError() << "unknown chip '" << chip
                          << "'; supported chips are: ";
  llvm::interleaveComma(kSupportedChips, diag);
  return diag;
}

unsigned TargetAttr::getSMVersion() const {
  StringRef digits = getChip().drop_front(3).take_while(llvm::isDigit);
  unsigned version = 0;
  (void)digits.getAsInteger(10, version);
  return version;
}

unsigned TargetAttr::getMinPTXVersion() const {
  return llvm::StringSwitch<unsigned>(getChip())
      .Case("sm_80", 70)
      .Case("sm_86", 71)
      .Case("sm_87", 74)
      .Cases({"sm_89", "sm_90"}, 78)
      .Case("sm_90a", 80)
      .Cases({"sm_100", "sm_100a", "sm_101a"}, 86)
      .Cases({"sm_120", "sm_120a"}, 87)
      .Cases({"sm_100f", "sm_103", "sm_103a", "sm_103f", "sm_121a"}, 88)
      .Case("sm_110a", 90)
      .Default(getMaxPTXVersion());
}

bool TargetAttr::isArchSpecific() const { return getChip().ends_with("a"); }
bool TargetAttr::isFamilySpecific() const { return getChip().ends_with("f"); }

//===----------------------------------------------------------------------===//
// LaunchAttr
//===----------------------------------------------------------------------===//

LogicalResult LaunchAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 std::optional<int64_t> maxRegisters,
                                 std::optional<int64_t> minBlocksPerSm,
                                 ArrayRef<int64_t> clusterDims) {
  if (maxRegisters && (*maxRegisters < 24 || *maxRegisters > 255))
    return emitError() << "max_registers must be in [24, 255], got "
                       << *maxRegisters;
  if (minBlocksPerSm && *minBlocksPerSm < 1)
    return emitError() << "min_blocks_per_sm must be positive, got "
                       << *minBlocksPerSm;
  if (clusterDims.size() > 3)
    return emitError() << "cluster_dims has at most 3 extents, got "
                       << clusterDims.size();
  int64_t product = 1;
  for (int64_t d : clusterDims) {
    if (d < 1)
      return emitError() << "cluster_dims extents must be positive, got " << d;
    if (llvm::MulOverflow(product, d, product))
      product = INT64_MAX;
  }
  if (product > 16)
    return emitError() << "a cluster holds at most 16 CTAs, got " << product;
  return success();
}
