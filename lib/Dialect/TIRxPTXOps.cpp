//===- TIRxPTXOps.cpp - TIRx PTX-level ops ----------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tirx;

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"

void TIRxDialect::registerPTXOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"
      >();
}
