//===- AttachTarget.cpp - Validate and attach the NVVM target ---*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

static std::string ptxText(unsigned version) {
  return "PTX ISA " + std::to_string(version / 10) + "." +
         std::to_string(version % 10);
}

/// The PTX ISA version the PTX ops of `module` need, raised to `floor`;
/// reports an op that needs more than `pinned` (when set) or than this
/// build can emit.
static FailureOr<unsigned> requiredPTXVersion(ModuleOp module, unsigned floor,
                                              unsigned pinned) {
  unsigned version = floor;
  bool ok = true;
  module.walk([&](PTXOpInterface op) {
    std::string what;
    unsigned need = getMinPTXVersion(op, &what);
    std::string subject = what.empty() ? "" : what + " ";
    if (need > TargetAttr::getMaxPTXVersion()) {
      op->emitOpError() << subject << "needs " << ptxText(need)
                        << ", newer than this build can emit (up to "
                        << ptxText(TargetAttr::getMaxPTXVersion()) << ")";
      ok = false;
    } else if (pinned && need > pinned) {
      op->emitOpError() << subject << "needs " << ptxText(need)
                        << ", but the target pins " << ptxText(pinned)
                        << " (+ptx" << pinned << "); raise it to +ptx"
                        << need << " or more";
      ok = false;
    }
    version = std::max(version, need);
  });
  if (!ok)
    return failure();
  return version;
}

/// The CTA group of a tcgen05 op (cta_1 when absent), or none for tcgen05
/// ops that do not name one.
static std::optional<ptx::CTAGroup> tcgen05Group(Operation *op) {
  if (isa<PTXTcgen05MmaWsOp>(op))
    return ptx::CTAGroup::CTA1;
  if (!isa<PTXTcgen05AllocOp, PTXTcgen05DeallocOp, PTXTcgen05RelinquishOp,
           PTXTcgen05MmaOp, PTXTcgen05MmaBlockScaleOp, PTXTcgen05CpOp,
           PTXTcgen05ShiftOp, PTXTcgen05CommitOp>(op))
    return std::nullopt;
  if (std::optional<Attribute> attr = op->getInherentAttr("cta_group"))
    if (auto value = dyn_cast_or_null<IntegerAttr>(*attr))
      return static_cast<ptx::CTAGroup>(value.getInt());
  return ptx::CTAGroup::CTA1;
}

/// PTX: all tcgen05 instructions of a kernel use the same `.cta_group`.
static LogicalResult verifyOneCTAGroup(ModuleOp module) {
  bool ok = true;
  module.walk([&](FunctionOpInterface func) {
    Operation *first = nullptr;
    ptx::CTAGroup group = ptx::CTAGroup::CTA1;
    func.walk([&](Operation *op) {
      std::optional<ptx::CTAGroup> g = tcgen05Group(op);
      if (!g)
        return;
      if (!first) {
        first = op;
        group = *g;
        return;
      }
      if (*g == group)
        return;
      auto name = [](ptx::CTAGroup c) {
        return c == ptx::CTAGroup::CTA2 ? "cta_group::2" : "cta_group::1";
      };
      InFlightDiagnostic diag =
          op->emitOpError() << "uses " << name(*g)
                            << ", but the kernel's first tcgen05 op uses "
                            << name(group)
                            << "; all tcgen05 ops of a kernel use the same "
                               "CTA group (an op without one uses "
                               "cta_group::1)";
      diag.attachNote(first->getLoc())
          << "the kernel's first tcgen05 op (" << first->getName() << ")";
      ok = false;
    });
  });
  return success(ok);
}

/// ptxas honours setmaxnreg only when it knows the kernel's register count
/// at entry (warning C7508 otherwise): the kernel must set a register
/// budget (`.maxnreg`) or a minimum of resident CTAs (`.minnctapersm`).
static LogicalResult verifySetMaxNRegBudget(ModuleOp module) {
  bool ok = true;
  module.walk([&](PTXSetMaxNRegOp op) {
    auto func = op->getParentOfType<FunctionOpInterface>();
    if (!func)
      return;
    Operation *f = func.getOperation();
    if (auto launch = f->getAttrOfType<LaunchAttr>("tirx.launch")) {
      // ptxas (C7406): a decrease cannot target more registers than the
      // kernel's budget.
      std::optional<int64_t> max = launch.getMaxRegisters();
      if (max && op.getAction() == ptx::RegAction::Dec &&
          static_cast<int64_t>(op.getCount()) > *max) {
        op.emitOpError() << "decreases to " << op.getCount()
                         << " registers, more than the kernel's budget of "
                         << *max << " (#tirx.launch max_registers)";
        ok = false;
        return;
      }
      if (max || launch.getMinBlocksPerSm())
        return;
    }
    if (f->hasAttr(NVVM::NVVMDialect::getMaxnregAttrName()) ||
        f->hasAttr(NVVM::NVVMDialect::getMinctasmAttrName()))
      return;
    op.emitOpError("takes effect only when the kernel's register count at "
                   "entry is known: give the function #tirx.launch<"
                   "max_registers = N> or <min_blocks_per_sm = N> (ptxas "
                   "ignores setmaxnreg otherwise)");
    ok = false;
  });
  return success(ok);
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
  // A nested module's own target: its ops were verified against it, so
  // compiling it for another chip would not mean what its IR says.
  bool nestedOk = true;
  module.walk([&](ModuleOp nested) {
    if (nested == module)
      return;
    auto own = nested->getAttrOfType<TargetAttr>(
        TIRxDialect::getTargetAttrName());
    if (own && own.getChip() != chipName) {
      nested.emitError() << "this module's #tirx.target<\"" << own.getChip()
                         << "\"> differs from the chip it is compiled for ("
                         << chipName << ")";
      nestedOk = false;
    }
  });
  if (!nestedOk)
    return signalPassFailure();
  if (optLevel > 3) {
    module.emitError() << "optimization level must be 0 to 3, got "
                       << static_cast<unsigned>(optLevel);
    return signalPassFailure();
  }
  std::string featureString = features;
  unsigned minPTX = target.getMinPTXVersion();
  unsigned pinned = 0;
  if (!featureString.empty()) {
    pinned = parsePTXFeature(featureString);
    if (pinned == 0) {
      module.emitError() << "malformed features '" << featureString
                         << "'; expected '+ptxNN', e.g. '+ptx"
                         << minPTX << "'";
      return signalPassFailure();
    }
    if (pinned < minPTX) {
      module.emitError() << ptxText(pinned) << " does not support "
                         << chipName << "; the minimum is " << ptxText(minPTX)
                         << " (+ptx" << minPTX << ")";
      return signalPassFailure();
    }
    if (pinned > TargetAttr::getMaxPTXVersion()) {
      unsigned max = TargetAttr::getMaxPTXVersion();
      module.emitError() << ptxText(pinned)
                         << " is newer than this build can emit (up to "
                         << ptxText(max) << ")";
      return signalPassFailure();
    }
  }
  if (!existing) {
    module->setAttr(TIRxDialect::getTargetAttrName(), target);
    // Ops gated on the target were not checked while the module had none:
    // an op the new target lacks is an error here, not invalid IR later.
    if (failed(verify(module)))
      return signalPassFailure();
  }
  // The PTX ISA version: the chip's minimum raised to what the ops need
  // (each op declares its own), or the pinned one if it covers them.
  FailureOr<unsigned> required = requiredPTXVersion(module, minPTX, pinned);
  if (failed(required) || failed(verifyOneCTAGroup(module)) ||
      failed(verifySetMaxNRegBudget(module)))
    return signalPassFailure();
  if (!pinned)
    featureString = "+ptx" + std::to_string(*required);
  auto nvvmTarget = NVVM::NVVMTargetAttr::get(
      ctx, optLevel, "nvptx64-nvidia-cuda", chipName, featureString);
  // A gpu.module that already names a target keeps meaning it: an NVVM
  // target for this chip is updated (the PTX version may rise once tile
  // primitives are dispatched), any other target is an error, not silently
  // replaced.
  WalkResult walk = module.walk([&](gpu::GPUModuleOp gpuModule) {
    if (ArrayAttr targets = gpuModule.getTargetsAttr()) {
      for (Attribute t : targets) {
        auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
        if (nvvm && nvvm.getChip() == chipName)
          continue;
        gpuModule.emitError()
            << "already targets " << t << "; tirx-attach-target compiles it "
            << "for " << chipName << " (remove the target or compile for "
            << "its chip)";
        return WalkResult::interrupt();
      }
    }
    gpuModule.setTargetsAttr(ArrayAttr::get(ctx, {nvvmTarget}));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    signalPassFailure();
}
