//===- Objects.cpp - One object per gpu.module (tirx.compile) --*- C++ -*-===//
//
// emitGPUObjects: lowers a clone of a module with runCompilePipeline and
// returns the serializer's object of each gpu.module (PTX, LLVM IR, cubin).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Target/Compile.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tirx;

/// The serializer format (gpu-module-to-binary's) of an output format.
static StringRef serializerFormat(OutputFormat f) {
  switch (f) {
  case OutputFormat::PTX:
    return "isa";
  case OutputFormat::LLVMIR:
    return "llvm";
  case OutputFormat::Cubin:
    return "bin";
  }
  return "isa";
}

FailureOr<std::vector<GPUObject>>
mlir::tirx::emitGPUObjects(ModuleOp module, OutputFormat format,
                           const CompileOptions &options) {
  Location loc = module.getLoc();
  if (!TargetAttr::isSupportedChip(options.chip)) {
    emitError(loc) << "unsupported chip '" << options.chip
                   << "'; expected one of: "
                   << llvm::join(TargetAttr::getSupportedChips(), ", ");
    return failure();
  }
  if (options.optLevel > 3) {
    emitError(loc) << "optimization level must be 0-3, got "
                   << options.optLevel;
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
  Recovery outcome = Recovery::None;
  LogicalResult lowered = runCompilePipeline(
      *clone, serializerFormat(format), options, module, &outcome);
  // After a crash signal nothing the run touched can be trusted: leak the
  // clone rather than free it.
  if (outcome == Recovery::Crash)
    (void)clone.release();
  if (failed(lowered))
    return failure();

  std::vector<GPUObject> out;
  bool ok = true;
  clone->walk([&](gpu::BinaryOp binary) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object)
        continue;
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || target.getChip() != options.chip)
        continue; // a target the input module already carried
      GPUObject o{binary.getSymName().str(), options.chip,
                  object.getObject().getValue().str()};
      if (format == OutputFormat::LLVMIR) {
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
