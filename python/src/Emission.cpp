//===- Emission.cpp - GPU code emission (PTX / LLVM IR / cubin) -*- C++ -*-===//

#include "Emission.h"

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Pipelines/Pipelines.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "TIRx/Support/Nesting.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

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

namespace {
struct FatalErrorState {
  std::string reason;
  bool called = false;
};
} // namespace

static void onLLVMFatalError(void *user, const char *reason, bool) {
  auto *state = static_cast<FatalErrorState *>(user);
  state->called = true;
  state->reason = reason ? reason : "";
  // Leave through the recovery context rather than exit()/abort().
  if (auto *crc = llvm::CrashRecoveryContext::GetCurrent())
    crc->HandleExit(1);
}

/// Runs `fn` with LLVM's fatal errors and crash signals recovered, on this
/// thread.
static Recovery recoverHere(llvm::function_ref<void()> fn,
                            std::string &reason) {
  FatalErrorState state;
  bool ok;
  {
    llvm::ScopedFatalErrorHandler handler(onLLVMFatalError, &state);
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext crc;
    ok = crc.RunSafely(fn);
    llvm::CrashRecoveryContext::Disable();
  }
  if (ok)
    return Recovery::None;
  if (state.called) {
    reason = state.reason.empty() ? "LLVM fatal error" : state.reason;
    return Recovery::FatalError;
  }
  reason = "LLVM crashed";
  return Recovery::Crash;
}

namespace {
/// A thread stack this process maps itself (so it can keep it mapped).
struct OwnedStack {
  char *base = nullptr; // the guard page, then the stack
  size_t guard = 0, size = 0;

  bool map(size_t bytes) {
    guard = size_t(sysconf(_SC_PAGESIZE));
    size = bytes;
    void *p = mmap(nullptr, guard + size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1,
                   0);
    if (p == MAP_FAILED)
      return false;
    base = static_cast<char *>(p);
    mprotect(base, guard, PROT_NONE);
    return true;
  }
  void unmap() { munmap(base, guard + size); }
  /// Unmaps the part of the stack that was never touched (below the
  /// deepest frame) and keeps the rest mapped forever.
  void quarantine() {
    size_t pages = size / guard;
    std::vector<unsigned char> resident(pages);
    size_t firstUsed = pages;
    if (mincore(base + guard, size, resident.data()) == 0)
      for (size_t i = 0; i < pages; ++i)
        if (resident[i] & 1) {
          firstUsed = i;
          break;
        }
    if (firstUsed == pages) // nothing resident?: keep it all
      return;
    munmap(base, guard + firstUsed * guard);
  }
};
} // namespace

std::optional<Recovery> runRecoveringFromLLVMCrashes(
    llvm::function_ref<void()> fn, std::string &reason) {
  OwnedStack stack;
  if (!stack.map(mlir::tirx::kLargeStackBytes))
    return std::nullopt;
  struct Job {
    llvm::function_ref<void()> fn;
    std::string reason;
    Recovery recovery = Recovery::None;
  } job{fn, {}, Recovery::None};
  pthread_attr_t attr;
  bool started = pthread_attr_init(&attr) == 0;
  started = started &&
            pthread_attr_setstack(&attr, stack.base + stack.guard,
                                  stack.size) == 0;
  pthread_t thread;
  started = started && pthread_create(
                           &thread, &attr,
                           [](void *p) -> void * {
                             auto *j = static_cast<Job *>(p);
                             j->recovery = recoverHere(j->fn, j->reason);
                             return nullptr;
                           },
                           &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    stack.unmap();
    return std::nullopt;
  }
  pthread_join(thread, nullptr);
  if (job.recovery == Recovery::None) {
    stack.unmap();
  } else {
    stack.quarantine();
    reason = job.reason;
  }
  return job.recovery;
}

namespace {
/// Bounded: past this many distinct failing inputs, failures are no longer
/// remembered (and each repeat leaks again).
constexpr size_t kMaxRememberedFatalErrors = 4096;
llvm::DenseMap<uint64_t, std::string> &fatalInputs() {
  static llvm::DenseMap<uint64_t, std::string> inputs;
  return inputs;
}
} // namespace

uint64_t fingerprintInput(Operation *op, llvm::StringRef config) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << config << "\n";
  OpPrintingFlags flags;
  flags.printGenericOpForm();
  op->print(os, flags);
  return llvm::xxh3_64bits(text);
}

std::optional<std::string> knownFatalError(uint64_t fingerprint) {
  auto it = fatalInputs().find(fingerprint);
  if (it == fatalInputs().end())
    return std::nullopt;
  return it->second;
}

void rememberFatalError(uint64_t fingerprint, llvm::StringRef reason) {
  if (fatalInputs().size() < kMaxRememberedFatalErrors)
    fatalInputs()[fingerprint] = reason.str();
}

bool anyFatalErrors() { return !fatalInputs().empty(); }

void buildGPULoweringPipeline(OpPassManager &pm, const GPUEmitOptions &opts) {
  // The project's own pipeline: it validates the chip and PTX version
  // (tirx-attach-target) before anything can abort, lowers TIRx kernels,
  // and passes modules already in the gpu/nvvm/llvm dialects through.
  TIRxToPTXPipelineOptions options;
  options.chip = opts.chip;
  options.optLevel = opts.optLevel;
  options.format = formatName(opts.format).str();
  options.toolkit = opts.toolkitPath;
  options.checkSync = opts.checkSync;
  options.checkSyncWarnOnly = opts.checkSyncWarnOnly;
  options.lineInfo = opts.lineInfo;
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
  std::string config = opts.chip + " " + formatName(opts.format).str() +
                       " O" + std::to_string(opts.optLevel) + " " +
                       opts.toolkitPath + (opts.lineInfo ? " lineinfo" : "");
  std::optional<uint64_t> fingerprint;
  if (anyFatalErrors()) {
    fingerprint = fingerprintInput(module, config);
    if (std::optional<std::string> reason = knownFatalError(*fingerprint)) {
      emitError(loc) << "LLVM fatal error while compiling for " << opts.chip
                     << " (this input failed before; LLVM is not run on it "
                        "again): "
                     << *reason;
      return failure();
    }
  }

  OwningOpRef<ModuleOp> clone(cast<ModuleOp>(module->clone()));
  if (clone->getOps<gpu::GPUModuleOp>().empty() &&
      !clone->walk([](KernelOp) { return WalkResult::interrupt(); })
           .wasInterrupted()) {
    emitError(loc) << "the module contains no tirx.kernel and no gpu.module "
                      "to compile";
    return failure();
  }

  MLIRContext *ctx = module.getContext();
  auto pm = std::make_unique<PassManager>(ctx, ModuleOp::getOperationName());
  buildGPULoweringPipeline(*pm, opts);
  // The LLVM backend aborts on IR it cannot select (an NVVM op the chip
  // lacks that no verifier caught): recover, on this thread only.
  bool threads = ctx->isMultithreadingEnabled();
  if (threads)
    ctx->disableMultithreading();
  LogicalResult result = failure();
  std::string crash;
  std::optional<Recovery> recovered =
      runRecoveringFromLLVMCrashes([&] { result = pm->run(*clone); }, crash);
  if (threads)
    ctx->enableMultithreading(true);
  if (!recovered) {
    emitError(loc) << "cannot start a thread to compile on";
    return failure();
  }
  Recovery recovery = *recovered;
  if (recovery != Recovery::None) {
    // After a fatal error the half-lowered clone is well-formed IR: free it
    // (and the pass manager) as usual. After a crash signal leak both.
    if (recovery == Recovery::Crash) {
      (void)clone.release();
      (void)pm.release();
    }
    rememberFatalError(fingerprint ? *fingerprint
                                   : fingerprintInput(module, config),
                       crash);
    emitError(loc) << "LLVM "
                   << (recovery == Recovery::Crash ? "crashed" : "fatal error")
                   << " while compiling for " << opts.chip << ": " << crash;
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
