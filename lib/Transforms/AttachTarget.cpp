//===- AttachTarget.cpp - Validate and attach the NVVM target ---*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_ATTACHTARGETPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {
struct AttachTargetPass : tirx::impl::AttachTargetPassBase<AttachTargetPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// Parses "+ptxNN"; returns 0 when malformed.
static unsigned parsePTXFeature(StringRef features) {
  unsigned version = 0;
  if (!features.consume_front("+ptx") || features.empty() ||
      features.getAsInteger(10, version))
    return 0;
  return version;
}

void AttachTargetPass::runOnOperation() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  auto existing = module->getAttrOfType<TargetAttr>(
      TIRxDialect::getTargetAttrName());
  std::string chipName = chip;
  if (chipName.empty())
    chipName = existing ? existing.getChip().str() : "sm_90a";
  if (!TargetAttr::isSupportedChip(chipName)) {
    auto diag = module.emitError() << "unknown chip '" << chipName
                                   << "'; supported chips are: ";
    llvm::interleaveComma(TargetAttr::getSupportedChips(), diag);
    return signalPassFailure();
  }
  if (existing && existing.getChip() != chipName) {
    module.emitError() << "the requested chip " << chipName
                       << " differs from the module's #tirx.target<\""
                       << existing.getChip() << "\">";
    return signalPassFailure();
  }
  auto target = TargetAttr::get(ctx, chipName);
  if (optLevel > 3) {
    module.emitError() << "optimization level must be 0 to 3, got "
                       << static_cast<unsigned>(optLevel);
    return signalPassFailure();
  }
  std::string featureString = features;
  unsigned minPTX = target.getMinPTXVersion();
  if (featureString.empty()) {
    featureString = "+ptx" + std::to_string(minPTX);
  } else {
    unsigned version = parsePTXFeature(featureString);
    if (version == 0) {
      module.emitError() << "malformed features '" << featureString
                         << "'; expected '+ptxNN', e.g. '+ptx"
                         << minPTX << "'";
      return signalPassFailure();
    }
    if (version < minPTX) {
      module.emitError() << "PTX ISA " << version / 10 << "." << version % 10
                         << " does not support " << chipName
                         << "; the minimum is " << minPTX / 10 << "."
                         << minPTX % 10 << " (+ptx" << minPTX << ")";
      return signalPassFailure();
    }
    if (version > TargetAttr::getMaxPTXVersion()) {
      unsigned max = TargetAttr::getMaxPTXVersion();
      module.emitError() << "PTX ISA " << version / 10 << "." << version % 10
                         << " is newer than this build can emit (up to "
                         << max / 10 << "." << max % 10 << ")";
      return signalPassFailure();
    }
  }
  if (!existing)
    module->setAttr(TIRxDialect::getTargetAttrName(), target);
  auto nvvmTarget = NVVM::NVVMTargetAttr::get(
      ctx, optLevel, "nvptx64-nvidia-cuda", chipName, featureString);
  module.walk([&](gpu::GPUModuleOp gpuModule) {
    gpuModule.setTargetsAttr(ArrayAttr::get(ctx, {nvvmTarget}));
  });
}
