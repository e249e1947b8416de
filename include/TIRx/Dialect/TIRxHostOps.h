//===- TIRxHostOps.h - TIRx host-side ops -----------------------*- C++ -*-===//
//
// Ops of the host part of a kernel function (shape reads, TMA descriptor
// creation) and the dtype names the runtime uses for IR element types.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXHOSTOPS_H
#define TIRX_DIALECT_TIRXHOSTOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include <optional>

namespace mlir::tirx {

/// The runtime's name of a scalar element type ("float16", "bfloat16",
/// "int32", "uint8", "float8_e4m3fn", "bool", ...), as the launcher and the
/// tensormap spec spell it. Signless integers are signed ("int32"); `index`
/// is "int64". None for types the runtime has no name for (vectors, ...).
std::optional<llvm::StringRef> getDTypeName(Type type);

/// A global buffer, or a global or generic pointer: what a tensormap can
/// describe.
bool isTensorMapSource(Type type);

} // namespace mlir::tirx

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxHostOps.h.inc"

#endif // TIRX_DIALECT_TIRXHOSTOPS_H
