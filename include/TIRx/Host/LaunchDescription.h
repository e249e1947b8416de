//===- LaunchDescription.h - the host part, as the launcher sees it -*- C++ -*-===//
//
// After tirx-split-host-device, the host part of a kernel function is a
// straight-line program over its parameters: scalar arithmetic, buffer
// extents, tensormap creation, ending in one gpu.launch_func. The launch
// description is that program serialized as JSON (docs/Runtime.md gives the
// format); the pure-Python launcher evaluates it before each launch.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_HOST_LAUNCHDESCRIPTION_H
#define TIRX_HOST_LAUNCHDESCRIPTION_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class ModuleOp;
class Operation;
class Type;
namespace tirx {

/// The format tag of launch descriptions this build writes.
inline constexpr llvm::StringLiteral kLaunchDescriptionFormat =
    "tirx-launch/1";

/// The description's name for an op the launcher evaluates ("arith.addi",
/// "tirx.buffer_dim", ...), or an empty string if it cannot run there.
StringRef getHostOpName(Operation *op);

/// How a value of `type` is described ("index", "i32", "f16", "buffer",
/// "pointer", "tensormap"), or empty if the launcher cannot hold it.
StringRef getHostValueType(Type type);

/// The launch descriptions of every host function of `module` (a function
/// whose body launches a `tirx_kernels` kernel), as JSON text:
///   {"format": "tirx-launch/1", "target": "sm_90a", "functions": [...],
///    "pyfuncs": [{"name": ..., "source": ...}]}.
/// Emits a diagnostic and fails on host code the launcher cannot run
/// (tirx-split-host-device reports those first).
FailureOr<std::string> exportLaunchDescription(ModuleOp module);

} // namespace tirx
} // namespace mlir

#endif // TIRX_HOST_LAUNCHDESCRIPTION_H
