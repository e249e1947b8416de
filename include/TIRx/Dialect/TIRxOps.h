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

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxOps.h.inc"

#endif // TIRX_DIALECT_TIRXOPS_H
