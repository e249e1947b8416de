//===- TIRxTypes.h - TIRx types and attributes ------------------*- C++ -*-===//

#ifndef TIRX_DIALECT_TIRXTYPES_H
#define TIRX_DIALECT_TIRXTYPES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include "TIRx/Dialect/TIRxEnums.h.inc"
#include "TIRx/Dialect/LayoutTypes.h"

#include <array>

#define GET_ATTRDEF_CLASSES
#include "TIRx/Dialect/TIRxAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TIRx/Dialect/TIRxOpsTypes.h.inc"

namespace mlir::tirx {

/// True for types a TIRx pointer or buffer may hold as elements: builtin
/// integers (any signedness, not `index`), floats, and vectors of those.
bool isValidElementType(Type type);

/// The NVPTX address space a storage scope lowers to.
unsigned getNVPTXAddressSpace(MemorySpace space);

/// True for the scopes that live in CTA shared memory (shared, shared.dyn).
inline bool isSharedScope(MemorySpace space) {
  return space == MemorySpace::Shared || space == MemorySpace::SharedDyn;
}

/// Size in bits of an element type (vectors: the whole vector); 0 if the
/// type has no fixed size.
unsigned getElementBitWidth(Type type);

/// The `tirx.target` of the module enclosing `op`, or null.
TargetAttr lookupTarget(Operation *op);

} // namespace mlir::tirx

#endif // TIRX_DIALECT_TIRXTYPES_H
