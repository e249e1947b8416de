//===- TIRxPTXOps.h - TIRx PTX-level ops ------------------------*- C++ -*-===//

#ifndef TIRX_DIALECT_TIRXPTXOPS_H
#define TIRX_DIALECT_TIRXPTXOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxPTXOps.h.inc"

#endif // TIRX_DIALECT_TIRXPTXOPS_H
