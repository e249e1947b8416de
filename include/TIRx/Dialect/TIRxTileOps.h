//===- TIRxTileOps.h - TIRx tile primitives ---------------------*- C++ -*-===//
//
// Tile-primitive ops (`tirx.tile.*`), their interface, and TileOperand: one
// operand of a primitive (a buffer region or a scalar) with its role.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXTILEOPS_H
#define TIRX_DIALECT_TIRXTILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "TIRx/Dialect/TIRxTileEnums.h.inc"

namespace mlir::tirx {

/// One operand of a tile primitive: a buffer region (start and sizes filled
/// in; the whole buffer when the op gives none) or a scalar.
struct TileOperand {
  llvm::StringRef role;
  Value value;
  /// Per dimension: constant offsets as index attributes, others as values.
  llvm::SmallVector<OpFoldResult> offsets;
  /// Per dimension, static.
  llvm::SmallVector<int64_t> sizes;

  /// Builds the operand from an op's region fields (`staticOffsets` and
  /// `sizes` empty for the whole buffer). Null `value` gives an empty
  /// operand.
  static TileOperand get(llvm::StringRef role, Value value,
                         ValueRange dynamicOffsets,
                         llvm::ArrayRef<int64_t> staticOffsets,
                         llvm::ArrayRef<int64_t> sizes);

  bool isBuffer() const { return value && llvm::isa<BufferType>(value.getType()); }
  BufferType getBufferType() const {
    return llvm::dyn_cast_or_null<BufferType>(value ? value.getType() : Type());
  }
  /// The element type (the scalar's type for a scalar).
  Type getElementType() const;
  MemorySpace getMemorySpace() const { return getBufferType().getMemorySpace(); }
  /// Product of the sizes (1 for a scalar).
  int64_t getNumElements() const;
  /// The constant offset of dimension `d`, if it is one.
  std::optional<int64_t> getStaticOffset(unsigned d) const;
  /// True when every offset is a constant.
  bool hasStaticOffsets() const;
  /// The sizes with unit dimensions removed.
  llvm::SmallVector<int64_t> getNonUnitSizes() const;
  /// True when the region is the whole buffer.
  bool isWholeBuffer() const;
};

/// The number of threads that run a primitive of `scope` together, given
/// the CTA's thread count and the cluster's CTA count.
int64_t getScopeThreadCount(ExecScope scope, int64_t ctaThreads,
                            int64_t clusterCTAs);

} // namespace mlir::tirx

#include "TIRx/Dialect/TIRxTileInterfaces.h.inc"

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxTileOps.h.inc"

#endif // TIRX_DIALECT_TIRXTILEOPS_H
