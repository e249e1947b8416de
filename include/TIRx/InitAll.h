//===- InitAll.h - Register everything TIRx provides ------------*- C++ -*-===//
//
// Entry points for tools that embed TIRx: a consumer's own `*-opt` gains the
// dialect, its interfaces, passes and pipelines with
//
//   mlir::tirx::registerTIRxDialects(registry);
//   mlir::tirx::registerTIRxPasses();
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_INITALL_H
#define TIRX_INITALL_H

namespace mlir {
class DialectRegistry;
namespace tirx {

/// Inserts the TIRx dialect and the external interface models TIRx needs
/// into `registry`: its ConvertToLLVMPatternInterface, the NVVM target and
/// the LLVM IR translations that in-process PTX emission uses.
void registerTIRxDialects(DialectRegistry &registry);

/// Registers every TIRx pass, conversion and pipeline with the global
/// registry. Safe to call more than once.
void registerTIRxPasses();

/// The TIRx version, e.g. "0.1.0".
const char *getTIRxVersion();

} // namespace tirx
} // namespace mlir

#endif // TIRX_INITALL_H
