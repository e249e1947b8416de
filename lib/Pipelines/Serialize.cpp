//===- Serialize.cpp - gpu-module-to-binary with TIRx's LLVM settings -----===//
//
// MLIR's NVVM serializer optimizes with makeOptimizingTransformer, which
// enables LLVM's SLP vectorizer unconditionally. On NVPTX (32-bit vector
// registers) SLP packs 16-bit pairs (f16x2, bf16x2), and its store-chain
// search grows superlinearly with the stores of a basic block: in
// bench/compile_time.py's 100k-op kernel it is 60% of the LLVM -O3 time
// (95x the time for 10x the stores). The SLP pass reads LLVM's
// `-vectorize-slp` option when it runs, so for a module of more than
// `slpMaxOps` ops this pass turns the option off around the nested
// gpu-module-to-binary and restores it afterwards. The option is
// process-global: a process that set `-vectorize-slp` itself (on a tool's
// command line) keeps its choice.
//
//===----------------------------------------------------------------------===//

#include "Serialize.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {
struct SerializeGPUModulesPass
    : PassWrapper<SerializeGPUModulesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SerializeGPUModulesPass)

  SerializeGPUModulesPass(const GpuModuleToBinaryPassOptions &options,
                          unsigned slpMaxOps)
      : slpMaxOps(slpMaxOps) {
    inner.addPass(createGpuModuleToBinaryPass(options));
  }
  SerializeGPUModulesPass(const SerializeGPUModulesPass &other)
      : PassWrapper(other), inner(other.inner),
        slpMaxOps(other.slpMaxOps) {}

  StringRef getArgument() const final { return "tirx-serialize-gpu-modules"; }
  StringRef getDescription() const final {
    return "gpu-module-to-binary, with LLVM's SLP vectorizer off for large "
           "modules";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  void runOnOperation() override {
    auto *slp = static_cast<llvm::cl::opt<bool> *>(
        llvm::cl::getRegisteredOptions().lookup("vectorize-slp"));
    bool large = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
      uint64_t ops = 0;
      module.walk([&](Operation *) { ++ops; });
      large |= ops > slpMaxOps;
    });
    bool override = slp && large && slp->getNumOccurrences() == 0;
    bool saved = override ? slp->getValue() : false;
    if (override)
      slp->setValue(false);
    LogicalResult result = runPipeline(inner, getOperation());
    if (override)
      slp->setValue(saved);
    if (failed(result))
      signalPassFailure();
  }

  OpPassManager inner{ModuleOp::getOperationName()};
  unsigned slpMaxOps;
};
} // namespace

std::unique_ptr<Pass> mlir::tirx::createSerializeGPUModulesPass(
    const GpuModuleToBinaryPassOptions &options, unsigned slpMaxOps) {
  return std::make_unique<SerializeGPUModulesPass>(options, slpMaxOps);
}
