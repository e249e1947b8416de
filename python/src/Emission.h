//===- Emission.h - GPU code emission (PTX / LLVM IR / cubin) ---*- C++ -*-===//
//
// Turns the gpu.module ops of a module into PTX, LLVM IR or cubin, in
// process. Plain C++ over MLIR (no Python): the Python binding only calls
// emitGPUObjects. The lowering is `tirx-to-ptx-pipeline` (TIRx kernels are
// outlined and lowered; gpu.modules already in the gpu/nvvm/llvm dialects
// pass through to gpu-module-to-binary).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_PYTHON_EMISSION_H
#define TIRX_PYTHON_EMISSION_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tirx::python {

enum class GPUObjectFormat { PTX, LLVMIR, Cubin };

struct GPUEmitOptions {
  /// A chip TargetAttr::isSupportedChip accepts, e.g. "sm_90a".
  std::string chip = "sm_90a";
  GPUObjectFormat format = GPUObjectFormat::PTX;
  /// LLVM optimization level, 0-3.
  unsigned optLevel = 3;
  /// CUDA toolkit root (with bin/ptxas) for cubin; empty: PATH / CUDA_HOME.
  std::string toolkitPath;
  /// Run tirx-check-sync (the static synchronization check).
  bool checkSync = true;
  /// Its findings are all warnings (the compile goes on).
  bool checkSyncWarnOnly = false;
  /// `.file`/`.loc` line info in the PTX (nvcc -lineinfo).
  bool lineInfo = false;
};

struct GPUObject {
  std::string gpuModule; // symbol name of the gpu.module
  std::string chip;
  std::string data; // PTX text, LLVM IR text, or cubin bytes
};

/// How runRecoveringFromLLVMCrashes ended.
enum class Recovery {
  None,       // `fn` returned
  FatalError, // LLVM called report_fatal_error (MLIR IR is well-formed)
  Crash,      // a crash signal: nothing `fn` touched can be trusted
};

/// Runs `fn` so that an LLVM fatal error (report_fatal_error, e.g. the
/// NVPTX backend's "Cannot select") or a crash signal inside it returns,
/// with `reason` set, instead of ending the process. What `fn`'s abandoned
/// stack frames owned is lost.
///
/// `fn` runs on a thread of its own, on a stack of
/// mlir::tirx::kLargeStackBytes that this function maps. LLVM keeps
/// pointers into the frames a recovery abandons -- MLIR's serializer links
/// a stack-local llvm::Timer into LLVM's global "misc" timer group, which
/// the next compilation then writes through -- so after a recovery that
/// stack is never unmapped (its untouched part is), and those writes land in
/// memory no one else uses. Never run `fn` on a thread that goes on to do
/// other work. Returns nullopt if no thread could be started.
std::optional<Recovery> runRecoveringFromLLVMCrashes(
    llvm::function_ref<void()> fn, std::string &reason);

/// Inputs on which LLVM failed fatally. Each recovered failure loses that
/// run's LLVM state (its target machine and code generator live in the
/// stack frames the recovery abandons, about 1 MB), so an input that failed
/// is not run again: its failure is reported from here instead.
/// `fingerprint` hashes the generic form of `op` (no locations) and
/// `config` (pipeline, chip, options).
uint64_t fingerprintInput(Operation *op, llvm::StringRef config);
/// The reason `fingerprint` failed before, if it did.
std::optional<std::string> knownFatalError(uint64_t fingerprint);
void rememberFatalError(uint64_t fingerprint, llvm::StringRef reason);
/// Whether any input failed fatally so far (fingerprints cost a print).
bool anyFatalErrors();

/// Adds the lowering from gpu/nvvm/llvm dialects to gpu.binary to `pm`
/// (anchored on builtin.module).
void buildGPULoweringPipeline(OpPassManager &pm, const GPUEmitOptions &opts);

/// Lowers a clone of `module` (which is left unchanged) and returns one
/// object per gpu.module. Problems (bad chip, no gpu.module, a failing pass,
/// ptxas missing) are reported as MLIR diagnostics in the module's context
/// and yield failure(); nothing aborts.
FailureOr<std::vector<GPUObject>> emitGPUObjects(ModuleOp module,
                                                 const GPUEmitOptions &opts);

} // namespace mlir::tirx::python

#endif // TIRX_PYTHON_EMISSION_H
