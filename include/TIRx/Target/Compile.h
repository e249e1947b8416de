//===- Compile.h - Compile TIRx modules to PTX, LLVM IR, cubin --*- C++ -*-===//
//
// The in-process compile drivers, shared by tirx-translate, the simulator's
// PTX level and the Python bindings: each runs tirx-to-ptx-pipeline through
// runCompilePipeline and returns the kernels as PTX, LLVM IR or a cubin.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_TARGET_COMPILE_H
#define TIRX_TARGET_COMPILE_H

#include "TIRx/Target/Recovery.h"

#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <vector>

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
  /// ptxas to run for compileModule's cubin output; empty means findPtxas().
  std::string ptxas;
  /// CUDA toolkit root (with bin/ptxas) for the serializer's cubins
  /// (emitGPUObjects); empty: PATH / CUDA_HOME.
  std::string toolkit;
  /// Run tirx-check-sync (the static synchronization check).
  bool checkSync = true;
  /// Its findings are all warnings (the compile goes on).
  bool checkSyncWarnOnly = false;
  /// `.file`/`.loc` line info in the PTX (and ptxas -lineinfo for cubins).
  bool lineInfo = false;
};

/// The one runner of the compile drivers below (and of nothing else): runs
/// tirx-to-ptx-pipeline with the serializer format `format` ("isa", "llvm"
/// or "bin"), or tirx-to-nvvm-pipeline when `format` is empty, on `module`
/// in place. Single-threaded, on a thread with a large stack
/// (kLargeStackBytes), with LLVM's fatal errors and crash signals turned
/// into an error at the module (runRecoveringFromLLVMCrashes). An input
/// that failed fatally is remembered by its fingerprint and refused from
/// then on without running LLVM: `original` is the unlowered op `module` is
/// a copy of (fingerprinted after a failure), or null for `module` itself,
/// which is then fingerprinted only when some input failed before. After a
/// crash signal nothing the run touched can be trusted: `*outcome` says so,
/// and the caller must not free `module`.
LogicalResult runCompilePipeline(ModuleOp module, StringRef format,
                                 const CompileOptions &options,
                                 Operation *original = nullptr,
                                 Recovery *outcome = nullptr);

/// Lowers `module` in place and returns the text (or binary) of its kernels
/// (tirx-translate, the simulator's PTX level). Failures are reported as
/// diagnostics on the module's context. `original` and `outcome` as for
/// runCompilePipeline.
FailureOr<std::string> compileModule(ModuleOp module, OutputFormat format,
                                     const CompileOptions &options,
                                     Operation *original = nullptr,
                                     Recovery *outcome = nullptr);

/// One gpu.module's object, as emitGPUObjects returns it.
struct GPUObject {
  std::string gpuModule; // symbol name of the gpu.module
  std::string chip;
  std::string data; // PTX text, LLVM IR text, or cubin bytes
};

/// Lowers a clone of `module` (which is left unchanged) for `options.chip`
/// (required) and returns one object per gpu.module: PTX, the LLVM IR the
/// serializer produced (as text), or a cubin the serializer assembled
/// (tirx.compile, the Python bindings). Problems (bad chip, no kernel, a
/// failing pass, ptxas missing) are diagnostics at the module; nothing
/// aborts.
FailureOr<std::vector<GPUObject>> emitGPUObjects(ModuleOp module,
                                                 OutputFormat format,
                                                 const CompileOptions &options);

/// The ptxas to use: $TIRX_PTXAS, PATH, $CUDA_HOME/$CUDA_PATH/$CUDA_ROOT,
/// /usr/local/cuda. Empty when none is found.
std::string findPtxas();

/// Parses "ptx", "llvmir" or "cubin".
std::optional<OutputFormat> parseOutputFormat(StringRef name);

} // namespace tirx
} // namespace mlir

#endif // TIRX_TARGET_COMPILE_H
