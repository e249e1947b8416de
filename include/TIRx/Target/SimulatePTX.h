//===- SimulatePTX.h - Kernel functions at the simulator's PTX level -*- C++ -*-===//
//
// Compiles a kernel function's module (a copy) to PTX with line info, as
// the GPU path does, and decodes it for the simulator's PTX level: the host
// part from the IR, the kernel from the PTX, each kernel parameter bound to
// the host value (or folded constant) the launch passes to it. A run then
// takes the same arguments as the IR level's, so the two are compared
// directly (tirx-sim --diff-ptx, tirx.sim.check_ptx).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_TARGET_SIMULATEPTX_H
#define TIRX_TARGET_SIMULATEPTX_H

#include "TIRx/Sim/PTX.h"
#include "TIRx/Target/Compile.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::tirx {

struct PTXLevelProgram {
  std::shared_ptr<sim::Program> program;
  /// The PTX the program runs (its locations name it `bufferName`).
  std::string ptx;
  std::string bufferName;
  std::string kernel;
};

/// The kernel function a simulator run takes from `root`: `root` itself when
/// it is a function (then `name`, if given, must be its name), else the
/// function named `name`, else the only function holding a `tirx.kernel`.
/// On failure returns null and says why in `error`; `chooser` is how the
/// caller picks a function ("--func", "func=").
FunctionOpInterface findKernelFunction(Operation *root,
                                       std::optional<llvm::StringRef> name,
                                       llvm::StringRef chooser,
                                       std::string &error);

/// `func` (a kernel function) at the PTX level. `options.lineInfo` is
/// forced on: problems found in the PTX are reported at the source lines;
/// `options.checkSync` off: the simulator checks synchronization as it runs.
/// `ptxText`, when given, receives the PTX as soon as it is compiled (also
/// when decoding it then fails, e.g. on an unmodeled instruction).
FailureOr<PTXLevelProgram> compileForPTXLevel(FunctionOpInterface func,
                                              CompileOptions options,
                                              std::string *ptxText = nullptr);

} // namespace mlir::tirx

#endif // TIRX_TARGET_SIMULATEPTX_H
