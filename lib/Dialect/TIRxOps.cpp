//===- TIRxOps.cpp - TIRx core ops: binds, buffers, pointers ----*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

/// Scope-id extents: an optional `[e0, e1, ...]`.
static ParseResult parseExtents(OpAsmParser &parser,
                                DenseI64ArrayAttr &extents) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  SmallVector<int64_t> values;
  if (failed(parser.parseOptionalRSquare())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          int64_t value;
          if (parser.parseInteger(value))
            return failure();
          values.push_back(value);
          return success();
        }) ||
        parser.parseRSquare())
      return failure();
  }
  extents = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printExtents(OpAsmPrinter &p, Operation *,
                         DenseI64ArrayAttr extents) {
  if (!extents)
    return;
  p << " [";
  llvm::interleaveComma(extents.asArrayRef(), p);
  p << "]";
}

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxOps.cpp.inc"

void TIRxDialect::registerCoreOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxOps.cpp.inc"
      >();
}

/// Turns a user-given name into a valid SSA name suggestion.
static void setNameIfValid(OpAsmSetValueNameFn setNameFn, Value value,
                           StringRef name) {
  if (name.empty())
    return;
  std::string sanitized;
  for (char c : name)
    sanitized.push_back(llvm::isAlnum(c) || c == '_' || c == '.' ? c : '_');
  if (llvm::isDigit(sanitized.front()))
    sanitized.insert(sanitized.begin(), '_');
  setNameFn(value, sanitized);
}

static int64_t countDynamic(ArrayRef<int64_t> dims) {
  return llvm::count_if(dims, ShapedType::isDynamic);
}

//===----------------------------------------------------------------------===//
// BindOp
//===----------------------------------------------------------------------===//

void BindOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameIfValid(setNameFn, getResult(), getName());
}

OpFoldResult BindOp::fold(FoldAdaptor adaptor) {
  // A bind of a constant is the constant.
  if (adaptor.getValue())
    return getValue();
  return {};
}

//===----------------------------------------------------------------------===//
// AllocBufferOp
//===----------------------------------------------------------------------===//

void AllocBufferOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (auto name = getNameAttr())
    setNameIfValid(setNameFn, getResult(), name.getValue());
}

LogicalResult AllocBufferOp::verify() {
  BufferType type = getType();
  MemorySpace space = type.getMemorySpace();
  if (space != MemorySpace::Shared && space != MemorySpace::SharedDyn &&
      space != MemorySpace::Local)
    return emitOpError("allocates only in 'shared', 'shared.dyn' or 'local' "
                       "scope, got '")
           << stringifyMemorySpace(space) << "'";
  int64_t numDynamic = countDynamic(type.getShape());
  if (static_cast<int64_t>(getDynamicSizes().size()) != numDynamic)
    return emitOpError("expects ")
           << numDynamic << " dynamic size operand(s) for " << type
           << ", got " << getDynamicSizes().size();
  if (auto align = getAlignment())
    if (*align <= 0 || !llvm::isPowerOf2_64(*align))
      return emitOpError("alignment must be a positive power of two, got ")
             << *align;
  if (isa_and_nonnull<StridedLayoutAttr>(type.getLayout()))
    for (int64_t stride : type.getStridesOrDefault())
      if (ShapedType::isDynamic(stride))
        return emitOpError("cannot allocate a buffer with dynamic strides");
  return success();
}

//===----------------------------------------------------------------------===//
// DeclBufferOp
//===----------------------------------------------------------------------===//

void DeclBufferOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (auto name = getNameAttr())
    setNameIfValid(setNameFn, getResult(), name.getValue());
}

LogicalResult DeclBufferOp::verify() {
  auto ptrType = cast<PtrType>(getData().getType());
  BufferType type = getType();
  if (ptrType.getMemorySpace() != type.getMemorySpace())
    return emitOpError("buffer scope '")
           << stringifyMemorySpace(type.getMemorySpace())
           << "' differs from the data pointer's scope '"
           << stringifyMemorySpace(ptrType.getMemorySpace()) << "'";
  if (!isValidElementType(ptrType.getElementType()))
    return emitOpError("data must point to a scalar or vector element type, "
                       "got ")
           << ptrType;
  int64_t numDynamic = countDynamic(type.getShape());
  if (static_cast<int64_t>(getDynamicSizes().size()) != numDynamic)
    return emitOpError("expects ")
           << numDynamic << " dynamic size operand(s) for " << type
           << ", got " << getDynamicSizes().size();
  bool dynamicOffset = ShapedType::isDynamic(type.getOffsetOrDefault());
  if (dynamicOffset && !getElemOffset())
    return emitOpError("needs an 'elem_offset' operand: the layout offset of ")
           << type << " is dynamic";
  if (!dynamicOffset && getElemOffset())
    return emitOpError("has an 'elem_offset' operand but the layout offset "
                       "of ")
           << type << " is static";
  if (getElemOffset() && getByteOffset())
    return emitOpError("takes 'elem_offset' or 'byte_offset', not both");
  return success();
}

//===----------------------------------------------------------------------===//
// BufferSliceOp / BufferReshapeOp
//===----------------------------------------------------------------------===//

/// A slice of a buffer with a tile layout has constant offsets and the
/// layout of its region (LayoutAttr::slice).
static LogicalResult verifyTileLayoutSlice(BufferSliceOp op, LayoutAttr tile,
                                           BufferType srcType,
                                           BufferType resType) {
  SmallVector<int64_t> offsets;
  for (Value offset : op.getOffsets()) {
    APInt value;
    if (!matchPattern(offset, m_ConstantInt(&value)) ||
        value.getSignificantBits() > 63)
      return op.emitOpError("slicing a buffer with a tile layout needs "
                            "constant offsets (pass a dynamic region to a "
                            "tile primitive instead)");
    offsets.push_back(value.getSExtValue());
  }
  FailureOr<LayoutAttr> sliced =
      tile.slice(srcType.getShape(), offsets, op.getSizes());
  if (failed(sliced))
    return op.emitOpError("the region does not align with the tile layout ")
           << tile << ", so it has no tile layout of its own";
  LayoutAttr resLayout = resType.getTileLayout();
  if (!resLayout || !resLayout.isEquivalentTo(*sliced))
    return op.emitOpError("result layout must be the sliced layout ")
           << *sliced;
  return success();
}

LogicalResult BufferSliceOp::verify() {
  auto srcType = cast<BufferType>(getSource().getType());
  auto resType = cast<BufferType>(getResult().getType());
  int64_t rank = srcType.getRank();
  if (static_cast<int64_t>(getOffsets().size()) != rank ||
      static_cast<int64_t>(getSizes().size()) != rank)
    return emitOpError("expects ")
           << rank << " offsets and sizes for a rank-" << rank
           << " buffer, got " << getOffsets().size() << " and "
           << getSizes().size();
  if (resType.getElementType() != srcType.getElementType() ||
      resType.getMemorySpace() != srcType.getMemorySpace())
    return emitOpError("result must keep the source element type and scope");
  if (resType.getShape() != getSizes())
    return emitOpError("result shape must be the slice sizes");
  for (auto [size, dim] : llvm::zip(getSizes(), srcType.getShape())) {
    if (!ShapedType::isDynamic(dim) && size > dim)
      return emitOpError("slice size ")
             << size << " exceeds the source dimension " << dim;
  }
  if (LayoutAttr tile = srcType.getTileLayout())
    return verifyTileLayoutSlice(*this, tile, srcType, resType);
  if (!isa_and_nonnull<StridedLayoutAttr>(resType.getLayout()))
    return emitOpError("result needs a strided layout with the source "
                       "strides");
  if (resType.getStridesOrDefault() != srcType.getStridesOrDefault())
    return emitOpError("result strides must be the source strides");
  // A static result offset must be the one the constant offsets give.
  int64_t resOffset = resType.getOffsetOrDefault();
  if (ShapedType::isDynamic(resOffset))
    return success();
  int64_t expected = srcType.getOffsetOrDefault();
  SmallVector<int64_t> strides = srcType.getStridesOrDefault();
  for (auto [idx, offset] : llvm::enumerate(getOffsets())) {
    APInt value;
    if (ShapedType::isDynamic(expected) || ShapedType::isDynamic(strides[idx]) ||
        !matchPattern(offset, m_ConstantInt(&value)))
      return emitOpError("result layout offset must be '?' unless every "
                         "offset is a constant");
    int64_t term;
    if (value.getSignificantBits() > 64 ||
        llvm::MulOverflow(value.getSExtValue(), strides[idx], term) ||
        llvm::AddOverflow(expected, term, expected))
      return emitOpError("slice offset overflows a 64-bit element offset");
  }
  if (expected != resOffset)
    return emitOpError("result layout offset ")
           << resOffset << " differs from the slice's offset " << expected;
  return success();
}

LogicalResult BufferReshapeOp::verify() {
  auto srcType = cast<BufferType>(getSource().getType());
  auto resType = cast<BufferType>(getResult().getType());
  if (resType.getElementType() != srcType.getElementType() ||
      resType.getMemorySpace() != srcType.getMemorySpace())
    return emitOpError("result must keep the source element type and scope");
  if (!srcType.hasStaticShape() || !resType.hasStaticShape())
    return emitOpError("reshape needs static shapes");
  if (srcType.getNumElementsStatic() != resType.getNumElementsStatic())
    return emitOpError("element counts differ: ")
           << srcType.getNumElementsStatic() << " vs "
           << resType.getNumElementsStatic();
  // A tile layout maps the row-major element index, so any shape of the
  // same size keeps it.
  if (srcType.getTileLayout() || resType.getTileLayout()) {
    if (!srcType.getTileLayout() || !resType.getTileLayout() ||
        !srcType.getTileLayout().isEquivalentTo(resType.getTileLayout()))
      return emitOpError("reshaping a buffer with a tile layout keeps the "
                         "layout");
    return success();
  }
  auto dense = [](BufferType t) {
    return BufferType::get(t.getShape(), t.getElementType(),
                           t.getMemorySpace())
               .getStridesOrDefault() == t.getStridesOrDefault();
  };
  if (!dense(srcType) || !dense(resType))
    return emitOpError("reshape needs dense row-major buffers");
  if (srcType.getOffsetOrDefault() != resType.getOffsetOrDefault())
    return emitOpError("result layout offset must be the source offset");
  return success();
}

//===----------------------------------------------------------------------===//
// BufferLoadOp / BufferStoreOp
//===----------------------------------------------------------------------===//

/// Checks indices and the accessed value type of a load or store.
/// A vector access is one aligned access of the vector's size (up to 16
/// bytes): where the element offset is static, it must be a multiple of
/// that alignment (the buffer's data pointer is assumed aligned to it).
static LogicalResult verifyVectorAlignment(Operation *op, BufferType type,
                                           ValueRange indices,
                                           VectorType vec) {
  int64_t eltBytes = llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
  int64_t bytes = eltBytes * vec.getNumElements();
  if (!llvm::isPowerOf2_64(bytes))
    return success();
  int64_t align = std::min<int64_t>(bytes, 16);
  int64_t offset = type.getOffsetOrDefault();
  if (ShapedType::isDynamic(offset))
    return success();
  for (auto [index, stride] : llvm::zip(indices, type.getStridesOrDefault())) {
    APInt value;
    if (ShapedType::isDynamic(stride) ||
        !matchPattern(index, m_ConstantInt(&value)))
      return success();
    offset += value.getSExtValue() * stride;
  }
  if ((offset * eltBytes) % align == 0)
    return success();
  return op->emitOpError("vector access of ")
         << vec << " at element offset " << offset
         << " is not aligned to " << align
         << " bytes; a vector access is one aligned access of the vector's "
            "size (up to 16 bytes)";
}

static LogicalResult verifyAccess(Operation *op, BufferType type,
                                  ValueRange indices, Type valueType) {
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError("expects ")
           << type.getRank() << " indices for " << type << ", got "
           << indices.size();
  if (type.getMemorySpace() == MemorySpace::TMem)
    return op->emitOpError("cannot access a 'tmem' buffer directly; use the "
                           "tcgen05 ops");
  Type elementType = type.getElementType();
  if (valueType == elementType)
    return success();
  auto vec = dyn_cast<VectorType>(valueType);
  if (vec && vec.getRank() == 1 && !vec.isScalable() &&
      vec.getElementType() == elementType) {
    if (type.getRank() == 0)
      return op->emitOpError("vector access needs a buffer of rank >= 1");
    int64_t lastStride = type.getStridesOrDefault().back();
    if (!ShapedType::isDynamic(lastStride) && lastStride != 1)
      return op->emitOpError("vector access needs a unit stride in the last "
                             "dimension, got ")
             << lastStride;
    int64_t lastDim = type.getShape().back();
    if (!ShapedType::isDynamic(lastDim) && vec.getNumElements() > lastDim)
      return op->emitOpError("vector of ")
             << vec.getNumElements()
             << " elements exceeds the last dimension " << lastDim;
    return verifyVectorAlignment(op, type, indices, vec);
  }
  return op->emitOpError("accessed type must be the element type ")
         << elementType << " or a vector of it, got " << valueType;
}

LogicalResult BufferLoadOp::verify() {
  return verifyAccess(*this, cast<BufferType>(getBuffer().getType()),
                      getIndices(), getResult().getType());
}

LogicalResult BufferStoreOp::verify() {
  return verifyAccess(*this, cast<BufferType>(getBuffer().getType()),
                      getIndices(), getValue().getType());
}

//===----------------------------------------------------------------------===//
// BufferDataOp / PtrToOp / AccessPtrOp / PtrByteOffsetOp
//===----------------------------------------------------------------------===//

/// A pointer to the element type of the buffer operand, in its scope.
static LogicalResult inferElementPointer(ValueRange operands,
                                         SmallVectorImpl<Type> &inferred) {
  auto type = operands.empty() ? BufferType()
                               : dyn_cast<BufferType>(operands[0].getType());
  if (!type)
    return failure();
  inferred.push_back(PtrType::get(type.getElementType(), type.getMemorySpace()));
  return success();
}

LogicalResult BufferDataOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  return inferElementPointer(operands, inferred);
}

OpFoldResult BufferDataOp::fold(FoldAdaptor) {
  // buffer_data(decl_buffer(%p)) is %p when the view has no offsets and
  // keeps the pointer's type.
  auto decl = getBuffer().getDefiningOp<DeclBufferOp>();
  if (decl && decl.getData().getType() == getType() && !decl.getElemOffset() &&
      !decl.getByteOffset() && decl.getType().getOffsetOrDefault() == 0)
    return decl.getData();
  return {};
}

LogicalResult PtrToOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  return inferElementPointer(operands, inferred);
}

LogicalResult PtrToOp::verify() {
  auto type = cast<BufferType>(getBuffer().getType());
  if (static_cast<int64_t>(getIndices().size()) != type.getRank())
    return emitOpError("expects ")
           << type.getRank() << " indices for " << type << ", got "
           << getIndices().size();
  return success();
}

/// The result of an op that makes a pointer to `elementType` in the scope of
/// its first operand (a buffer or a pointer).
static LogicalResult inferTypedPointer(std::optional<Location> location,
                                       ValueRange operands,
                                       TypeAttr elementType,
                                       SmallVectorImpl<Type> &inferred) {
  if (operands.empty() || !elementType)
    return failure();
  std::optional<MemorySpace> space;
  if (auto buffer = dyn_cast<BufferType>(operands[0].getType()))
    space = buffer.getMemorySpace();
  else if (auto ptr = dyn_cast<PtrType>(operands[0].getType()))
    space = ptr.getMemorySpace();
  if (!space)
    return failure();
  if (!isValidElementType(elementType.getValue())) {
    if (location)
      mlir::emitError(*location) << "element type must be a scalar or vector "
                                    "element type, got "
                                 << elementType.getValue();
    return failure();
  }
  inferred.push_back(PtrType::get(elementType.getValue(), *space));
  return success();
}

LogicalResult AccessPtrOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location,
    ValueRange operands, DictionaryAttr attributes, OpaqueProperties properties,
    RegionRange regions, SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferTypedPointer(location, operands, adaptor.getElementTypeAttr(),
                           inferred);
}

LogicalResult PtrByteOffsetOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> location,
    ValueRange operands, DictionaryAttr attributes, OpaqueProperties properties,
    RegionRange regions, SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  return inferTypedPointer(location, operands, adaptor.getElementTypeAttr(),
                           inferred);
}

OpFoldResult PtrByteOffsetOp::fold(FoldAdaptor adaptor) {
  // A zero offset to the same pointer type is the pointer itself.
  auto offset = dyn_cast_or_null<IntegerAttr>(adaptor.getOffset());
  if (offset && offset.getValue().isZero() &&
      getPtr().getType() == getResult().getType())
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// ReinterpretOp
//===----------------------------------------------------------------------===//

static bool isAddressInteger(Type type) {
  return type.isSignlessInteger(32) || type.isSignlessInteger(64);
}

LogicalResult ReinterpretOp::verify() {
  Type src = getSource().getType(), dst = getResult().getType();
  bool srcPtr = isa<PtrType>(src), dstPtr = isa<PtrType>(dst);
  if (srcPtr && dstPtr)
    return success();
  if (srcPtr || dstPtr) {
    Type other = srcPtr ? dst : src;
    if (isAddressInteger(other))
      return success();
    return emitOpError("pointers reinterpret only to and from i32 or i64 "
                       "addresses or other pointers, got ")
           << other;
  }
  unsigned srcBits = getElementBitWidth(src), dstBits = getElementBitWidth(dst);
  if (!isValidElementType(src) || !isValidElementType(dst))
    return emitOpError("cannot reinterpret ")
           << src << " as " << dst
           << ": expected scalars, vectors or pointers";
  if (srcBits != dstBits)
    return emitOpError("bit widths differ: ")
           << src << " has " << srcBits << " bits, " << dst << " has "
           << dstBits;
  return success();
}

OpFoldResult ReinterpretOp::fold(FoldAdaptor) {
  if (getSource().getType() == getType())
    return getSource();
  // reinterpret(reinterpret(x : A -> B) : B -> A) is x when exact: every
  // round trip except a pointer squeezed through a 32-bit integer.
  auto inner = getSource().getDefiningOp<ReinterpretOp>();
  if (!inner || inner.getSource().getType() != getType())
    return {};
  Type middle = inner.getType();
  if (isa<PtrType>(getType()) && middle.isSignlessInteger(32))
    return {};
  return inner.getSource();
}

//===----------------------------------------------------------------------===//
// Mutable locals: mem2reg interfaces
//===----------------------------------------------------------------------===//

/// A buffer that is a mutable scalar: local, static, one element.
static bool isScalarLocal(BufferType type) {
  return type.getMemorySpace() == MemorySpace::Local &&
         type.hasStaticShape() && type.getNumElementsStatic() == 1 &&
         !type.getLayout();
}

SmallVector<MemorySlot> AllocBufferOp::getPromotableSlots() {
  if (!isScalarLocal(getType()))
    return {};
  return {MemorySlot{getResult(), getType().getElementType()}};
}

Value AllocBufferOp::getDefaultValue(const MemorySlot &slot,
                                     OpBuilder &builder) {
  // Reading a mutable local before writing it gives an unspecified value.
  return ub::PoisonOp::create(builder, getLoc(), slot.elemType);
}

void AllocBufferOp::handleBlockArgument(const MemorySlot &, BlockArgument,
                                        OpBuilder &) {}

std::optional<PromotableAllocationOpInterface>
AllocBufferOp::handlePromotionComplete(const MemorySlot &, Value defaultValue,
                                       OpBuilder &) {
  if (defaultValue && defaultValue.use_empty())
    defaultValue.getDefiningOp()->erase();
  this->erase();
  return std::nullopt;
}

bool BufferLoadOp::loadsFrom(const MemorySlot &slot) {
  return getBuffer() == slot.ptr;
}
bool BufferLoadOp::storesTo(const MemorySlot &) { return false; }
Value BufferLoadOp::getStored(const MemorySlot &, OpBuilder &, Value,
                              const DataLayout &) {
  return {};
}

bool BufferLoadOp::canUsesBeRemoved(
    const MemorySlot &slot, const SmallPtrSetImpl<OpOperand *> &blockingUses,
    SmallVectorImpl<OpOperand *> &, const DataLayout &) {
  if (blockingUses.size() != 1)
    return false;
  OpOperand *use = *blockingUses.begin();
  return use->get() == slot.ptr && use->getOperandNumber() == 0 &&
         getResult().getType() == slot.elemType;
}

DeletionKind BufferLoadOp::removeBlockingUses(
    const MemorySlot &, const SmallPtrSetImpl<OpOperand *> &, OpBuilder &,
    Value reachingDefinition, const DataLayout &) {
  getResult().replaceAllUsesWith(reachingDefinition);
  return DeletionKind::Delete;
}

bool BufferStoreOp::loadsFrom(const MemorySlot &) { return false; }
bool BufferStoreOp::storesTo(const MemorySlot &slot) {
  return getBuffer() == slot.ptr;
}
Value BufferStoreOp::getStored(const MemorySlot &, OpBuilder &, Value,
                               const DataLayout &) {
  return getValue();
}

bool BufferStoreOp::canUsesBeRemoved(
    const MemorySlot &slot, const SmallPtrSetImpl<OpOperand *> &blockingUses,
    SmallVectorImpl<OpOperand *> &, const DataLayout &) {
  if (blockingUses.size() != 1)
    return false;
  OpOperand *use = *blockingUses.begin();
  // The slot must be the buffer stored to, not the value stored.
  return use->get() == slot.ptr && use->getOperandNumber() == 1 &&
         getValue() != slot.ptr && getValue().getType() == slot.elemType;
}

DeletionKind BufferStoreOp::removeBlockingUses(
    const MemorySlot &, const SmallPtrSetImpl<OpOperand *> &, OpBuilder &,
    Value, const DataLayout &) {
  return DeletionKind::Delete;
}
