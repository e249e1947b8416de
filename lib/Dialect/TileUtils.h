//===- TileUtils.h - Helpers of the built-in tile variants ------*- C++ -*-===//
//
// Internal: IR-building and memory-analysis helpers the built-in variants
// share: constants, scope thread ids, loops, region addressing, alignment
// and contiguity of buffer regions.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_DIALECT_TILEUTILS_H
#define TIRX_LIB_DIALECT_TILEUTILS_H

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Dialect/TileDispatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"

#include <string>

namespace mlir::tirx::tile {

//===----------------------------------------------------------------------===//
// Constants and scope ids
//===----------------------------------------------------------------------===//

Value cIndex(OpBuilder &b, Location loc, int64_t value);
Value cInt(OpBuilder &b, Location loc, Type type, int64_t value);
Value cI32(OpBuilder &b, Location loc, int64_t value);
Value cI64(OpBuilder &b, Location loc, int64_t value);
Value cBool(OpBuilder &b, Location loc, bool value);
/// `value` as `index` (from any integer type).
Value toIndex(OpBuilder &b, Location loc, Value value);
/// `value` (index) as `type` (an integer type).
Value fromIndex(OpBuilder &b, Location loc, Value value, Type type);

/// Folded arithmetic on index values (constants stay constants).
Value addI(OpBuilder &b, Location loc, Value x, Value y);
Value addI(OpBuilder &b, Location loc, Value x, int64_t y);
Value mulI(OpBuilder &b, Location loc, Value x, int64_t y);
Value divI(OpBuilder &b, Location loc, Value x, int64_t y);
Value remI(OpBuilder &b, Location loc, Value x, int64_t y);

/// The index (as `index`) of the calling thread within the op's scope.
Value scopeThreadId(OpBuilder &b, Location loc, const TileDispatchContext &ctx);
/// The lane id (`index`), from the CTA thread index (1-D blocks).
Value laneId(OpBuilder &b, Location loc, const TileDispatchContext &ctx);

/// Why the scope cannot run cooperative code ("" if it can): CTA scope
/// needs a 1-D block, cluster scope is not supported.
std::string checkCooperativeScope(const TileDispatchContext &ctx);

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

/// `for (iv = 0; iv < count; ++iv) body(iv)`: no loop for count <= 1, an
/// unrolled tirx.for up to `unrollLimit` iterations, else a serial one.
void emitLoop(OpBuilder &b, Location loc, int64_t count,
              function_ref<void(OpBuilder &, Value)> body,
              int64_t unrollLimit = 8);
/// `if (cond) body()`; no tirx.if when `cond` is null.
void emitIf(OpBuilder &b, Location loc, Value cond,
            function_ref<void(OpBuilder &)> body);

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

/// Row-major coordinates of `linear` within `sizes`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<int64_t> sizes);
/// The buffer indices of the element at `coords` of the region's non-unit
/// dimensions (region offsets added; unit dimensions at their offset).
SmallVector<Value> regionIndices(OpBuilder &b, Location loc,
                                 const TileOperand &operand,
                                 ArrayRef<Value> coords);
/// The buffer indices of the element with row-major `linear` index within
/// the region.
SmallVector<Value> regionIndicesOfLinear(OpBuilder &b, Location loc,
                                         const TileOperand &operand,
                                         Value linear);
/// The value of a region operand at `linear` (a scalar operand is itself),
/// loaded as `count` consecutive elements when count > 1.
Value loadAt(OpBuilder &b, Location loc, const TileOperand &operand,
             Value linear, int64_t count = 1);
/// Stores `value` (a scalar or a vector of consecutive elements) at
/// `linear` of the region.
void storeAt(OpBuilder &b, Location loc, const TileOperand &operand,
             Value linear, Value value);
/// The type of `count` elements of `element` (itself for count 1).
Type vectorOf(Type element, int64_t count);

//===----------------------------------------------------------------------===//
// Memory analysis
//===----------------------------------------------------------------------===//

/// Bytes per element (1 for sub-byte types).
int64_t elementBytes(Type type);
/// The byte alignment the buffer's first element is known to have.
int64_t baseAlignment(Value buffer);
/// The memory offset (elements) of the element at `coord` of a buffer with
/// static strides or a memory tile layout; nullopt otherwise.
std::optional<int64_t> memoryOffset(BufferType type, ArrayRef<int64_t> coord);
/// The widest run of elements (a power of two <= maxElements) that the
/// region can access as one vector: consecutive and aligned in memory along
/// its innermost dimension, from every start that is a multiple of it.
/// 1 for register fragments spread over threads.
int64_t contiguousRun(const TileOperand &operand, int64_t maxElements);

/// Largest power of two dividing `x` (x > 0), capped at `cap`.
int64_t pow2Divisor(int64_t x, int64_t cap);

} // namespace mlir::tirx::tile

#endif // TIRX_LIB_DIALECT_TILEUTILS_H
