//===- Compile.cpp - Compile TIRx modules to PTX, LLVM IR, cubin -*- C++ -*-===//

#include "TIRx/Target/Compile.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tirx;

std::optional<OutputFormat> mlir::tirx::parseOutputFormat(StringRef name) {
  return llvm::StringSwitch<std::optional<OutputFormat>>(name)
      .Case("ptx", OutputFormat::PTX)
      .Case("llvmir", OutputFormat::LLVMIR)
      .Case("cubin", OutputFormat::Cubin)
      .Default(std::nullopt);
}

std::string mlir::tirx::findPtxas() {
  if (const char *env = std::getenv("TIRX_PTXAS"))
    if (llvm::sys::fs::can_execute(env))
      return env;
  if (auto path = llvm::sys::findProgramByName("ptxas"))
    return *path;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *dir = std::getenv(var)) {
      llvm::SmallString<256> p(dir);
      llvm::sys::path::append(p, "bin", "ptxas");
      if (llvm::sys::fs::can_execute(p))
        return std::string(p);
    }
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  return "";
}

/// The chip a compile is for: the option, else the module's #tirx.target,
/// else sm_90a (tirx-attach-target's default).
static std::string chipOf(ModuleOp module, const CompileOptions &options) {
  if (!options.chip.empty())
    return options.chip;
  if (auto target = module->getAttrOfType<TargetAttr>("tirx.target"))
    return target.getChip().str();
  return "sm_90a";
}

LogicalResult mlir::tirx::runCompilePipeline(ModuleOp module,
                                             StringRef format,
                                             const CompileOptions &options,
                                             Operation *original,
                                             Recovery *outcome) {
  if (outcome)
    *outcome = Recovery::None;
  std::string chip = chipOf(module, options);
  std::string config = (format.empty() ? "nvvm" : format.str()) + " " +
                       options.chip + " " + options.features + " O" +
                       std::to_string(options.optLevel) + " " +
                       options.toolkit + (options.lineInfo ? " lineinfo" : "") +
                       (options.checkSync ? " check-sync" : "") +
                       (options.checkSyncWarnOnly ? " warn-only" : "");
  Operation *input = original ? original : module.getOperation();
  std::optional<uint64_t> fingerprint;
  if (anyFatalErrors()) {
    fingerprint = fingerprintInput(input, config);
    if (std::optional<std::string> reason = knownFatalError(*fingerprint))
      return module.emitError("LLVM fatal error while compiling for ")
             << chip
             << " (this input failed before; LLVM is not run on it again): "
             << *reason;
  }

  MLIRContext *ctx = module.getContext();
  auto pm = std::make_unique<PassManager>(ctx, ModuleOp::getOperationName());
  TIRxToPTXPipelineOptions pipeline;
  pipeline.chip = options.chip;
  pipeline.features = options.features;
  pipeline.optLevel = options.optLevel;
  pipeline.toolkit = options.toolkit;
  pipeline.checkSync = options.checkSync;
  pipeline.checkSyncWarnOnly = options.checkSyncWarnOnly;
  pipeline.lineInfo = options.lineInfo;
  if (format.empty()) {
    buildTIRxToNVVMPipeline(*pm, pipeline);
  } else {
    pipeline.format = format.str();
    buildTIRxToPTXPipeline(*pm, pipeline);
  }
  // Single-threaded: the recovery covers the thread it runs on only.
  bool threads = ctx->isMultithreadingEnabled();
  if (threads)
    ctx->disableMultithreading();
  LogicalResult result = failure();
  std::string reason;
  std::optional<Recovery> recovered = runRecoveringFromLLVMCrashes(
      [&] { result = pm->run(module); }, reason);
  if (threads)
    ctx->enableMultithreading(true);
  if (!recovered)
    return module.emitError("cannot start a thread to compile on");
  if (outcome)
    *outcome = *recovered;
  if (*recovered == Recovery::None)
    return result;
  // After a crash signal the pass manager's state is unknown: leak it.
  if (*recovered == Recovery::Crash)
    (void)pm.release();
  if (fingerprint || original)
    rememberFatalError(fingerprint ? *fingerprint
                                   : fingerprintInput(original, config),
                       reason);
  return module.emitError("LLVM ")
         << (*recovered == Recovery::Crash ? "crashed" : "fatal error")
         << " while compiling for " << chip << ": " << reason;
}

static FailureOr<std::string> collectPTX(ModuleOp module) {
  std::string text;
  bool found = false;
  module.walk([&](gpu::BinaryOp binary) {
    for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>()) {
      text += object.getObject().getValue().str();
      found = true;
    }
  });
  if (!found)
    return module.emitError("the module has no kernels to compile (no "
                            "'tirx.kernel' and no 'gpu.module')");
  return text;
}

static FailureOr<std::string> collectLLVMIR(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool failedTranslation = false, found = false;
  module.walk([&](gpu::GPUModuleOp gpuModule) {
    found = true;
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(gpuModule, llvmContext, gpuModule.getName());
    if (!llvmModule) {
      failedTranslation = true;
      return WalkResult::interrupt();
    }
    llvmModule->print(os, nullptr);
    return WalkResult::advance();
  });
  if (failedTranslation)
    return failure();
  if (!found)
    return module.emitError("the module has no kernels to compile (no "
                            "'tirx.kernel' and no 'gpu.module')");
  return text;
}

static FailureOr<std::string> assemble(ModuleOp module, StringRef ptx,
                                       const CompileOptions &options) {
  std::string ptxas = options.ptxas.empty() ? findPtxas() : options.ptxas;
  if (ptxas.empty() || !llvm::sys::fs::can_execute(ptxas))
    return module.emitError("cubin output needs ptxas: set TIRX_PTXAS or "
                            "put the CUDA toolkit's bin directory on PATH");
  auto target = module->getAttrOfType<TargetAttr>("tirx.target");
  std::string chip = target ? target.getChip().str() : "sm_90a";
  llvm::SmallString<128> input, output, errors;
  if (llvm::sys::fs::createTemporaryFile("tirx", "ptx", input) ||
      llvm::sys::fs::createTemporaryFile("tirx", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("tirx", "log", errors))
    return module.emitError("cannot create temporary files for ptxas");
  llvm::scope_exit cleanup([&] {
    llvm::sys::fs::remove(input);
    llvm::sys::fs::remove(output);
    llvm::sys::fs::remove(errors);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    if (ec)
      return module.emitError("cannot write ") << input << ": "
                                               << ec.message();
    os << ptx;
  }
  std::string arch = "-arch=" + chip;
  SmallVector<StringRef> args = {ptxas, arch, "-O3", "-o", output, input};
  if (options.lineInfo)
    args.insert(args.begin() + 3, "-lineinfo");
  std::optional<StringRef> redirects[] = {std::nullopt, errors, errors};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0,
                                     0, &message);
  if (rc != 0) {
    std::string log;
    if (auto buffer = llvm::MemoryBuffer::getFile(errors))
      log = (*buffer)->getBuffer().str();
    return module.emitError("ptxas failed (") << ptxas << "): "
                                              << (log.empty() ? message : log);
  }
  auto buffer = llvm::MemoryBuffer::getFile(output, /*IsText=*/false);
  if (!buffer)
    return module.emitError("cannot read the cubin ptxas wrote");
  return (*buffer)->getBuffer().str();
}

FailureOr<std::string>
mlir::tirx::compileModule(ModuleOp module, OutputFormat format,
                          const CompileOptions &options, Operation *original,
                          Recovery *outcome) {
  // LLVM IR: the NVVM-dialect module translated (before LLVM's passes).
  StringRef pipelineFormat = format == OutputFormat::LLVMIR ? "" : "isa";
  if (failed(runCompilePipeline(module, pipelineFormat, options, original,
                                outcome)))
    return failure();
  if (format == OutputFormat::LLVMIR)
    return collectLLVMIR(module);
  FailureOr<std::string> ptx = collectPTX(module);
  if (failed(ptx) || format == OutputFormat::PTX)
    return ptx;
  return assemble(module, *ptx, options);
}
