//===- PTX.h - The simulator's PTX front end ---------------------*- C++ -*-===//
//
// The simulator runs a kernel at two levels. The IR level (Simulator.h)
// interprets the TIRx IR before conversion to GPU/NVVM. The PTX level,
// declared here, runs the PTX the compiler emitted -- LLVM's NVPTX output
// with the inline-PTX templates of the tirx.ptx ops -- on the same engine:
// threads, warps, CTAs and clusters, memory, mbarriers, asynchronous copies,
// TMA, wgmma and tcgen05, with the same race, deadlock, bounds and
// uninitialized-read checks. What lies between the two levels (the
// convert-tirx-to-* patterns, the tile-primitive variants' code, the
// inline-PTX templates, upstream's NVVM lowering and the NVPTX back end)
// is what the PTX level checks beyond the IR level.
//
// Kernel parameters are passed as the runtime passes them: one value per
// PTX parameter, of the ABI the launch description names (a pointer, an
// integer or float of its width, a by-value 128-byte tensormap), checked
// against the kernel's `.param` declarations.
//
// A problem found at an instruction is reported at the source line its
// `.loc` line info names (the user's Python line for a script), with the
// PTX line as a note; without line info, at the PTX line. An instruction
// the PTX level does not model is an error naming it, never a skip.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_SIM_PTX_H
#define TIRX_SIM_PTX_H

#include "TIRx/Sim/Simulator.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <string>
#include <vector>

namespace mlir::tirx::sim {

/// Which kernel of a PTX module runs, with what shape, and how each
/// parameter is passed.
struct PTXLaunch {
  /// The `.entry` to run; empty: the module's only one.
  std::string kernel;
  int64_t grid[3] = {1, 1, 1};
  /// Threads per CTA; 0: the kernel's `.reqntid`, else its `.maxntid`.
  int64_t block[3] = {0, 0, 0};
  /// CTAs per cluster; 0: the kernel's `.reqnctapercluster`, else 1.
  int64_t cluster[3] = {0, 0, 0};
  /// Bytes of dynamic shared memory (the launch's sharedMemBytes).
  uint64_t dynamicSharedBytes = 0;
  /// One ABI name per parameter, as the launch description spells them:
  /// "pointer", "i1", "i8", "i16", "i32", "i64", "index", "f16", "bf16",
  /// "f32", "f64", "tensormap". Empty: inferred from the declarations
  /// (`.u64 .ptr` a pointer, `.align 64 .b8 p[128]` a tensormap, other
  /// scalars an integer or float of their type).
  std::vector<std::string> abi;
};

/// Parses PTX `text` (named `bufferName` in locations, e.g. the .ptx file)
/// and decodes the kernel `launch.kernel` for `launch`. The program's
/// parameters (sim::getParams) are the kernel's PTX parameters: Pointer,
/// Int, Float or TensorMap by their ABI. Errors (syntax, an instruction not
/// modeled, an ABI mismatch) are diagnostics at the PTX line.
FailureOr<std::shared_ptr<Program>>
compilePTX(MLIRContext *ctx, llvm::StringRef text, llvm::StringRef bufferName,
           const PTXLaunch &launch);

/// The kernel function `func` with its host part decoded from the IR (as
/// the IR level does) and its kernel from PTX `text`: kernel parameter i
/// receives `kernelArgs[i]` (a parameter of `func`, the result of a host
/// op, or a constant) with ABI `launch.abi[i]`. The launch shape is the
/// IR kernel's (a host-computed grid included); the program takes `func`'s
/// arguments, so a run is directly comparable with the IR level's.
/// What a kernel parameter receives: a host value, or a constant the
/// lowering folded into the launch (its bits, zero-extended).
struct PTXKernelArg {
  Value value;
  bool isConstant = false;
  uint64_t bits = 0;
};
FailureOr<std::shared_ptr<Program>>
compileHostWithPTXKernel(FunctionOpInterface func, llvm::StringRef text,
                         llvm::StringRef bufferName, const PTXLaunch &launch,
                         llvm::ArrayRef<PTXKernelArg> kernelArgs);

/// While alive, rewrites the diagnostics of PTX instructions (whose
/// location pairs the `.loc` source location with the PTX line) to the
/// source location with a note at the PTX line. compilePTX,
/// compileHostWithPTXKernel and runPTX install one.
class PTXDiagnosticRewriter {
public:
  explicit PTXDiagnosticRewriter(MLIRContext *ctx);
  ~PTXDiagnosticRewriter();
  PTXDiagnosticRewriter(const PTXDiagnosticRewriter &) = delete;
  PTXDiagnosticRewriter &operator=(const PTXDiagnosticRewriter &) = delete;

private:
  MLIRContext *ctx;
  DiagnosticEngine::HandlerID id;
};

/// sim::run for a PTX-level program, with its diagnostics rewritten.
LogicalResult runPTX(const Program &program, ArrayRef<MemoryBlock> memory,
                     ArrayRef<Argument> args, const Options &options,
                     Stats *stats = nullptr);

/// Parses PTX `text` and decodes every `.entry` of it, each for a launch of
/// its `.reqntid` (else one thread) with the ABI inferred from its
/// parameters, without running it: the check that the front end models
/// every instruction of a module (the PTX sweep's --sim-decode). Errors are
/// diagnostics at the PTX lines; the names of the kernels that failed go to
/// `failedKernels`.
LogicalResult decodePTXKernels(MLIRContext *ctx, llvm::StringRef text,
                               llvm::StringRef bufferName,
                               std::vector<std::string> *failedKernels);

} // namespace mlir::tirx::sim

#endif // TIRX_SIM_PTX_H
