//===- TIRxOps.cpp - TIRx core ops ------------------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tirx;

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxOps.cpp.inc"

void TIRxDialect::registerCoreOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxOps.cpp.inc"
      >();
}
