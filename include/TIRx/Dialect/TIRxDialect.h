//===- TIRxDialect.h - TIRx dialect -----------------------------*- C++ -*-===//

#ifndef TIRX_DIALECT_TIRXDIALECT_H
#define TIRX_DIALECT_TIRXDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dialect.h"

#include "TIRx/Dialect/TIRxOpsDialect.h.inc"

#endif // TIRX_DIALECT_TIRXDIALECT_H
