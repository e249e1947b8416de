//===- InitAll.cpp - Register everything TIRx provides ----------*- C++ -*-===//

#include "TIRx/InitAll.h"
#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Conversion/Passes.h"
#include "TIRx/Host/Passes.h"
#include "TIRx/Pipelines/Pipelines.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"

#include <mutex>

void mlir::tirx::registerTIRxDialects(DialectRegistry &registry) {
  registry.insert<TIRxDialect>();
  registerConvertTIRxToNVVMInterface(registry);
  // What tirx-to-ptx-pipeline needs to serialize kernels in-process: the
  // NVVM target and the translations of the dialects kernels end in.
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::tirx::registerTIRxPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerTIRxTransformsPasses();
    registerTIRxConversionPasses();
    registerTIRxHostPasses();
    registerTIRxPipelines();
  });
}

const char *mlir::tirx::getTIRxVersion() { return TIRX_VERSION_STRING; }
