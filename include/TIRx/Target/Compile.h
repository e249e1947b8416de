//===- Compile.h - Compile TIRx modules to PTX, LLVM IR, cubin --*- C++ -*-===//
//
// The in-process compiler entry point shared by tirx-translate, the Python
// bindings and the C API: runs tirx-to-ptx-pipeline on a module and returns
// the kernels as PTX, LLVM IR or a cubin (ptxas).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_TARGET_COMPILE_H
#define TIRX_TARGET_COMPILE_H

#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class ModuleOp;
namespace tirx {

enum class OutputFormat { PTX, LLVMIR, Cubin };

struct CompileOptions {
  /// Chip; empty means the module's #tirx.target, else sm_90a.
  std::string chip;
  /// PTX ISA version as "+ptxNN"; empty means the chip's minimum.
  std::string features;
  /// LLVM optimization level, 0 to 3.
  unsigned optLevel = 3;
  /// ptxas to run for cubin output; empty means findPtxas().
  std::string ptxas;
  /// Run tirx-check-sync (the static synchronization check).
  bool checkSync = true;
  /// `.file`/`.loc` line info in the PTX (and ptxas -lineinfo for cubins).
  bool lineInfo = false;
};

/// Lowers `module` in place and returns the text (or binary) of its kernels.
/// Failures are reported as diagnostics on the module's context.
FailureOr<std::string> compileModule(ModuleOp module, OutputFormat format,
                                     const CompileOptions &options);

/// The ptxas to use: $TIRX_PTXAS, PATH, $CUDA_HOME/$CUDA_PATH/$CUDA_ROOT,
/// /usr/local/cuda. Empty when none is found.
std::string findPtxas();

/// Runs `fn` so that an LLVM fatal error (report_fatal_error, e.g. the
/// NVPTX backend's "Cannot select" on an NVVM op the chip lacks that no
/// verifier caught) inside it returns false with `reason` set instead of
/// ending the process. The recovery covers the calling thread only: callers
/// run `fn` single-threaded, and must not reuse IR that `fn` was mutating.
bool runRecoveringFromLLVMFatalErrors(llvm::function_ref<void()> fn,
                                      std::string &reason);

/// Parses "ptx", "llvmir" or "cubin".
std::optional<OutputFormat> parseOutputFormat(StringRef name);

} // namespace tirx
} // namespace mlir

#endif // TIRX_TARGET_COMPILE_H
