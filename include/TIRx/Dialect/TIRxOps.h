//===- TIRxOps.h - TIRx core ops --------------------------------*- C++ -*-===//

#ifndef TIRX_DIALECT_TIRXOPS_H
#define TIRX_DIALECT_TIRXOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/MemorySlotInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

namespace mlir::tirx {
/// A kernel's launch shape: three extents each (x, y, z). With a grid
/// computed on the host (the kernel's `grid(...)` operands), the grid
/// extents the operands give are ShapedType::kDynamic.
struct LaunchShape {
  int64_t grid[3] = {1, 1, 1};
  int64_t cluster[3] = {1, 1, 1};
  int64_t block[3] = {1, 1, 1};
  bool hasCluster = false;
  bool hasDynamicGrid = false;
  int64_t numThreads() const { return block[0] * block[1] * block[2]; }
};
} // namespace mlir::tirx

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxOps.h.inc"

#endif // TIRX_DIALECT_TIRXOPS_H
