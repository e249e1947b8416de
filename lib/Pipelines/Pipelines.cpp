//===- Pipelines.cpp - TIRx pass pipelines ----------------------*- C++ -*-===//

#include "TIRx/Pipelines/Pipelines.h"
#include "TIRx/Conversion/Passes.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tirx;

void mlir::tirx::buildTIRxToNVVMPipeline(
    OpPassManager &pm, const TIRxToPTXPipelineOptions &options) {
  AttachTargetPassOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  attach.optLevel = options.optLevel;
  // Validate the target before anything else can fail late on it.
  pm.addPass(createAttachTargetPass(attach));
  // Tile primitives become tirx/tirx.ptx code, then accesses through tile
  // layouts become flat offsets.
  pm.addPass(createDispatchTilePrimitivesPass());
  pm.addPass(createResolveLayoutsPass());
  pm.addPass(createInferLaunchShapePass());
  pm.addPass(createConvertTIRxToGPUPass());
  // The kernels are outlined; the target goes onto the new gpu.module.
  pm.addPass(createAttachTargetPass(attach));
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  OpPassManager &funcs = gpuModule.nestAny();
  funcs.addPass(createConvertTIRxToSCFPass());
  funcs.addPass(createSCFToControlFlowPass());
  funcs.addPass(createMem2Reg());
  funcs.addPass(createCanonicalizerPass());
  funcs.addPass(createConvertTIRxToNVVMPass());
  gpuModule.addPass(createConvertGpuOpsToNVVMOps());
  gpuModule.addPass(createConvertNVVMToLLVMPass());
  gpuModule.addPass(createCanonicalizerPass());
  gpuModule.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tirx::buildTIRxToPTXPipeline(
    OpPassManager &pm, const TIRxToPTXPipelineOptions &options) {
  buildTIRxToNVVMPipeline(pm, options);
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::tirx::registerTIRxPipelines() {
  PassPipelineRegistration<TIRxToPTXPipelineOptions>(
      "tirx-to-nvvm-pipeline",
      "Lower TIRx to GPU kernels in the LLVM/NVVM dialects with the NVVM "
      "target attached (no serialization)",
      buildTIRxToNVVMPipeline);
  PassPipelineRegistration<TIRxToPTXPipelineOptions>(
      "tirx-to-ptx-pipeline",
      "Lower TIRx to PTX in-process: kernels outlined, control flow and "
      "locals lowered, NVVM target attached, gpu.binary with PTX (or "
      "cubin/fatbin/bitcode) embedded",
      buildTIRxToPTXPipeline);
}
