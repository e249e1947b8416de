//===- Emission.cpp - GPU code emission (PTX / LLVM IR / cubin) -*- C++ -*-===//

#include "Emission.h"

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Pipelines/Pipelines.h"
#include "TIRx/Target/Compile.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace mlir::tirx::python {

static StringRef formatName(GPUObjectFormat f) {
  switch (f) {
  case GPUObjectFormat::PTX:
    return "isa";
  case GPUObjectFormat::LLVMIR:
    return "llvm";
  case GPUObjectFormat::Cubin:
    return "bin";
  }
  return "isa";
}

bool runRecoveringFromLLVMCrashes(llvm::function_ref<void()> fn,
                                  std::string &reason) {
  return runRecoveringFromLLVMFatalErrors(fn, reason);
}

void buildGPULoweringPipeline(OpPassManager &pm, const GPUEmitOptions &opts) {
  // The project's own pipeline: it validates the chip and PTX version
  // (tirx-attach-target) before anything can abort, lowers TIRx kernels,
  // and passes modules already in the gpu/nvvm/llvm dialects through.
  TIRxToPTXPipelineOptions options;
  options.chip = opts.chip;
  options.optLevel = opts.optLevel;
  options.format = formatName(opts.format).str();
  options.toolkit = opts.toolkitPath;
  buildTIRxToPTXPipeline(pm, options);
}

FailureOr<std::vector<GPUObject>> emitGPUObjects(ModuleOp module,
                                                 const GPUEmitOptions &opts) {
  Location loc = module.getLoc();
  if (!TargetAttr::isSupportedChip(opts.chip)) {
    emitError(loc) << "unsupported chip '" << opts.chip
                   << "'; expected one of: "
                   << llvm::join(TargetAttr::getSupportedChips(), ", ");
    return failure();
  }
  if (opts.optLevel > 3) {
    emitError(loc) << "optimization level must be 0-3, got " << opts.optLevel;
    return failure();
  }
  if (failed(verify(module)))
    return failure();

  OwningOpRef<ModuleOp> clone(cast<ModuleOp>(module->clone()));
  if (clone->getOps<gpu::GPUModuleOp>().empty() &&
      !clone->walk([](KernelOp) { return WalkResult::interrupt(); })
           .wasInterrupted()) {
    emitError(loc) << "the module contains no tirx.kernel and no gpu.module "
                      "to compile";
    return failure();
  }

  MLIRContext *ctx = module.getContext();
  PassManager pm(ctx, ModuleOp::getOperationName());
  buildGPULoweringPipeline(pm, opts);
  // The LLVM backend aborts on IR it cannot select (an NVVM op the chip
  // lacks that no verifier caught): recover, on this thread only.
  bool threads = ctx->isMultithreadingEnabled();
  if (threads)
    ctx->disableMultithreading();
  LogicalResult result = failure();
  std::string crash;
  bool recovered =
      runRecoveringFromLLVMCrashes([&] { result = pm.run(*clone); }, crash);
  if (threads)
    ctx->enableMultithreading(true);
  if (!recovered) {
    (void)clone.release(); // possibly half-lowered: leak rather than free
    emitError(loc) << "LLVM fatal error while compiling for " << opts.chip
                   << ": " << crash;
    return failure();
  }
  if (failed(result))
    return failure();

  std::vector<GPUObject> out;
  bool ok = true;
  clone->walk([&](gpu::BinaryOp binary) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object)
        continue;
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || target.getChip() != opts.chip)
        continue; // a target the input module already carried
      GPUObject o{binary.getSymName().str(), opts.chip,
                  object.getObject().getValue().str()};
      if (opts.format == GPUObjectFormat::LLVMIR) {
        llvm::LLVMContext llvmCtx;
        auto buffer = llvm::MemoryBuffer::getMemBuffer(
            o.data, o.gpuModule, /*RequiresNullTerminator=*/false);
        auto llvmModule =
            llvm::parseBitcodeFile(buffer->getMemBufferRef(), llvmCtx);
        if (!llvmModule) {
          emitError(binary.getLoc())
              << "cannot read the LLVM bitcode of '" << o.gpuModule
              << "': " << llvm::toString(llvmModule.takeError());
          ok = false;
          return;
        }
        o.data.clear();
        llvm::raw_string_ostream os(o.data);
        (*llvmModule)->print(os, nullptr);
      }
      out.push_back(std::move(o));
    }
  });
  if (!ok)
    return failure();
  return out;
}

} // namespace mlir::tirx::python
