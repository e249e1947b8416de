//===- Pipelines.cpp - TIRx pass pipelines ----------------------*- C++ -*-===//

#include "TIRx/Pipelines/Pipelines.h"
#include "Serialize.h"
#include "TIRx/Conversion/Passes.h"
#include "TIRx/Host/Passes.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;
using namespace mlir::tirx;

namespace {
/// Replaces every call-site location by its callee's: line info then names
/// the line of the script helper an instruction comes from. MLIR 22's
/// DIScopeForLLVMFuncOp crashes (in Block::getParentOp) on some kernels
/// whose ops carry call-site locations (the example Hopper GEMM's inlined
/// script helpers), so none reach it.
struct CallSiteLocsToCalleePass
    : public PassWrapper<CallSiteLocsToCalleePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CallSiteLocsToCalleePass)
  StringRef getArgument() const final { return "tirx-callsite-locs-to-callee"; }
  void runOnOperation() override {
    AttrTypeReplacer replacer;
    replacer.addReplacement([](CallSiteLoc loc) -> std::optional<Attribute> {
      Location callee = loc.getCallee();
      while (auto inner = dyn_cast<CallSiteLoc>(callee))
        callee = inner.getCallee();
      return callee;
    });
    replacer.recursivelyReplaceElementsIn(getOperation(),
                                          /*replaceAttrs=*/false,
                                          /*replaceLocs=*/true);
  }
};
} // namespace

static AttachTargetPassOptions attachOptions(
    const TIRxToPTXPipelineOptions &options) {
  AttachTargetPassOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  attach.optLevel = options.optLevel;
  return attach;
}

void mlir::tirx::buildTIRxPrepareKernelsPipeline(
    OpPassManager &pm, const TIRxToPTXPipelineOptions &options) {
  AttachTargetPassOptions attach = attachOptions(options);
  // Validate the target before anything else can fail late on it.
  pm.addPass(createAttachTargetPass(attach));
  // Trace ranges and marks cost nothing unless the kernel was instrumented
  // (tirx-lower-profile{trace=1}, which tirx.profile runs first).
  pm.addPass(createLowerProfilePass());
  // Tile primitives become tirx/tirx.ptx code, then accesses through tile
  // layouts become flat offsets.
  pm.addPass(createDispatchTilePrimitivesPass());
  pm.addPass(createResolveLayoutsPass());
  pm.addPass(createInferLaunchShapePass());
  // Where each dynamic shared memory buffer lives, recorded once for the
  // lowering and the simulator.
  pm.addPass(createPlanSharedMemoryPass());
  // Synchronization is checked on the code the tile variants produced.
  if (options.checkSync) {
    CheckSyncPassOptions checkSync;
    checkSync.warnOnly = options.checkSyncWarnOnly;
    pm.addPass(createCheckSyncPass(checkSync));
  }
}

void mlir::tirx::buildTIRxToNVVMPipeline(
    OpPassManager &pm, const TIRxToPTXPipelineOptions &options) {
  AttachTargetPassOptions attach = attachOptions(options);
  buildTIRxPrepareKernelsPipeline(pm, options);
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
  // Tensormap parameters by value (__grid_constant__), which the upstream
  // conversion cannot express on gpu.func arguments.
  gpuModule.addPass(createMarkGridConstantsPass());
  gpuModule.addPass(createConvertNVVMToLLVMPass());
  gpuModule.addPass(createCanonicalizerPass());
  gpuModule.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Line info: a DISubprogram on every llvm.func, so the ops' source
  // locations become .loc directives (line tables only, no DWARF sections:
  // what `nvcc -lineinfo` emits).
  if (options.lineInfo) {
    pm.addPass(std::make_unique<CallSiteLocsToCalleePass>());
    LLVM::DIScopeForLLVMFuncOpPassOptions di;
    di.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(di));
  }
}

static bool hasLibdevice(StringRef root) {
  llvm::SmallString<256> p(root);
  llvm::sys::path::append(p, "nvvm", "libdevice", "libdevice.10.bc");
  return llvm::sys::fs::exists(p);
}

std::string mlir::tirx::findCUDAToolkit() {
  for (const char *var : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *dir = std::getenv(var); dir && hasLibdevice(dir))
      return dir;
  if (auto ptxas = llvm::sys::findProgramByName("ptxas")) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*ptxas, real)) {
      StringRef root = llvm::sys::path::parent_path(
          llvm::sys::path::parent_path(real));
      if (hasLibdevice(root))
        return root.str();
    }
  }
  if (hasLibdevice("/usr/local/cuda"))
    return "/usr/local/cuda";
  // The newest versioned toolkit under /usr/local.
  std::string best;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it("/usr/local", ec), end;
       !ec && it != end; it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    if (name.starts_with("cuda-") && hasLibdevice(it->path()) &&
        (best.empty() || name > llvm::sys::path::filename(best)))
      best = it->path();
  }
  if (!best.empty())
    return best;
  if (hasLibdevice("/usr/lib/cuda"))
    return "/usr/lib/cuda";
  return "";
}

namespace {
/// Math functions that convert-gpu-to-nvvm lowered to libdevice calls
/// (`__nv_expf`, ...) need libdevice at serialization; without a toolkit
/// they would reach ptxas as undefined functions. Report each at the op
/// that produced it instead.
struct CheckLibdevicePass
    : PassWrapper<CheckLibdevicePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckLibdevicePass)
  explicit CheckLibdevicePass(std::string toolkit)
      : toolkit(std::move(toolkit)) {}
  StringRef getArgument() const final { return "tirx-check-libdevice"; }
  void runOnOperation() override {
    if (!toolkit.empty() && hasLibdevice(toolkit))
      return;
    bool failedAny = false;
    getOperation().walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee || !callee->starts_with("__nv_"))
        return;
      call.emitError("'")
          << *callee << "' is a libdevice function, and no libdevice was "
          << "found: set CUDA_HOME to a CUDA toolkit with "
          << "nvvm/libdevice/libdevice.10.bc"
          << (toolkit.empty() ? std::string()
                              : " (the toolkit '" + toolkit + "' has none)");
      failedAny = true;
    });
    if (failedAny)
      signalPassFailure();
  }
  std::string toolkit;
};
} // namespace

void mlir::tirx::buildTIRxToPTXPipeline(
    OpPassManager &pm, const TIRxToPTXPipelineOptions &options) {
  buildTIRxToNVVMPipeline(pm, options);
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath =
      options.toolkit.empty() ? findCUDAToolkit() : options.toolkit.getValue();
  pm.addPass(std::make_unique<CheckLibdevicePass>(binary.toolkitPath));
  pm.addPass(createSerializeGPUModulesPass(binary, options.slpMaxOps));
}

void mlir::tirx::registerTIRxPipelines() {
  PassPipelineRegistration<TIRxToPTXPipelineOptions>(
      "tirx-prepare-kernels-pipeline",
      "The front half of tirx-to-ptx-pipeline, before the kernels are "
      "outlined: target, profiling, tile primitives, layouts, launch shapes "
      "and tirx-check-sync (check-sync=false skips it); the format and "
      "serializer options have no effect",
      buildTIRxPrepareKernelsPipeline);
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
