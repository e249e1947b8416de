//===- TileOps.cpp - TIRx tile primitives -----------------------*- C++ -*-===//
//
// Registration, the region syntax (`%buf[offsets][sizes]`), TileOperand and
// the verifiers of the `tirx.tile.*` ops. Config keys are checked against
// the variant registry (TileRegistry.cpp).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxTileOps.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TileDispatch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tirx;

#include "TIRx/Dialect/TIRxTileEnums.cpp.inc"
#include "TIRx/Dialect/TIRxTileInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Region syntax: `%v`, `%v[offsets] [sizes]`
//===----------------------------------------------------------------------===//

static ParseResult
parseTileRegion(OpAsmParser &parser, OpAsmParser::UnresolvedOperand &value,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &offsets,
                DenseI64ArrayAttr &staticOffsets, DenseI64ArrayAttr &sizes) {
  if (parser.parseOperand(value) ||
      parseDynamicIndexList(parser, offsets, staticOffsets, nullptr,
                            AsmParser::Delimiter::OptionalSquare))
    return failure();
  SmallVector<int64_t> sizeList;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::OptionalSquare,
                                     [&]() -> ParseResult {
                                       return parser.parseInteger(
                                           sizeList.emplace_back());
                                     }))
    return failure();
  sizes = parser.getBuilder().getDenseI64ArrayAttr(sizeList);
  return success();
}

static void printTileRegion(OpAsmPrinter &printer, Operation *op, Value value,
                            OperandRange offsets,
                            DenseI64ArrayAttr staticOffsets,
                            DenseI64ArrayAttr sizes) {
  printer << value;
  if (staticOffsets.empty() && sizes.empty())
    return;
  printDynamicIndexList(printer, op, offsets, staticOffsets.asArrayRef());
  printer << " [";
  llvm::interleaveComma(sizes.asArrayRef(), printer);
  printer << "]";
}

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxTileOps.cpp.inc"

void TIRxDialect::registerTileOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxTileOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TileOperand
//===----------------------------------------------------------------------===//

/// The malformation of a region's fields, or an empty string.
static std::string checkRegionFields(Value value, ValueRange dynamicOffsets,
                                     ArrayRef<int64_t> staticOffsets,
                                     ArrayRef<int64_t> sizes) {
  auto type = dyn_cast<BufferType>(value.getType());
  if (!type) {
    if (!staticOffsets.empty() || !sizes.empty() || !dynamicOffsets.empty())
      return "a scalar operand takes no region";
    return "";
  }
  int64_t rank = type.getRank();
  if (staticOffsets.empty() && sizes.empty() && dynamicOffsets.empty()) {
    if (!type.hasStaticShape())
      return "a buffer with dynamic dimensions needs an explicit region";
    return "";
  }
  if (static_cast<int64_t>(staticOffsets.size()) != rank ||
      static_cast<int64_t>(sizes.size()) != rank)
    return "region has " + std::to_string(staticOffsets.size()) +
           " offsets and " + std::to_string(sizes.size()) +
           " sizes for a rank-" + std::to_string(rank) + " buffer";
  int64_t numDynamic = llvm::count_if(staticOffsets, ShapedType::isDynamic);
  if (numDynamic != static_cast<int64_t>(dynamicOffsets.size()))
    return "region has " + std::to_string(dynamicOffsets.size()) +
           " offset values for " + std::to_string(numDynamic) +
           " dynamic offsets";
  for (auto [d, size] : llvm::enumerate(sizes)) {
    int64_t dim = type.getShape()[d];
    int64_t offset = staticOffsets[d];
    if (size < 1)
      return "region sizes must be positive, got " + std::to_string(size);
    if (!ShapedType::isDynamic(dim) && size > dim)
      return "region size " + std::to_string(size) +
             " exceeds the buffer dimension " + std::to_string(dim);
    if (!ShapedType::isDynamic(offset) &&
        (offset < 0 ||
         (!ShapedType::isDynamic(dim) && offset > dim - size)))
      return "region [" + std::to_string(offset) + ", " +
             std::to_string(offset + size) + ") is outside dimension " +
             std::to_string(d) + " of extent " + std::to_string(dim);
  }
  return "";
}

TileOperand TileOperand::get(StringRef role, Value value,
                             ValueRange dynamicOffsets,
                             ArrayRef<int64_t> staticOffsets,
                             ArrayRef<int64_t> sizes) {
  TileOperand operand;
  operand.role = role;
  operand.value = value;
  auto type = value ? dyn_cast<BufferType>(value.getType()) : BufferType();
  if (!type)
    return operand;
  MLIRContext *ctx = value.getContext();
  Type index = IndexType::get(ctx);
  int64_t rank = type.getRank();
  if (staticOffsets.empty() && sizes.empty()) {
    for (int64_t d = 0; d < rank; ++d) {
      operand.offsets.push_back(IntegerAttr::get(index, 0));
      operand.sizes.push_back(type.getShape()[d]);
    }
    return operand;
  }
  unsigned next = 0;
  for (int64_t offset : staticOffsets) {
    if (ShapedType::isDynamic(offset) && next < dynamicOffsets.size())
      operand.offsets.push_back(dynamicOffsets[next++]);
    else
      operand.offsets.push_back(IntegerAttr::get(index, offset));
  }
  operand.sizes.assign(sizes.begin(), sizes.end());
  return operand;
}

Type TileOperand::getElementType() const {
  if (auto type = getBufferType())
    return type.getElementType();
  return value ? value.getType() : Type();
}

int64_t TileOperand::getNumElements() const {
  int64_t n = 1;
  for (int64_t s : sizes)
    n *= s;
  return n;
}

std::optional<int64_t> TileOperand::getStaticOffset(unsigned d) const {
  if (d >= offsets.size())
    return std::nullopt;
  if (auto attr = dyn_cast<Attribute>(offsets[d]))
    return cast<IntegerAttr>(attr).getInt();
  return std::nullopt;
}

bool TileOperand::hasStaticOffsets() const {
  return llvm::all_of(offsets,
                      [](OpFoldResult o) { return isa<Attribute>(o); });
}

SmallVector<int64_t> TileOperand::getNonUnitSizes() const {
  SmallVector<int64_t> result;
  for (int64_t s : sizes)
    if (s != 1)
      result.push_back(s);
  return result;
}

bool TileOperand::isWholeBuffer() const {
  BufferType type = getBufferType();
  if (!type)
    return false;
  for (unsigned d = 0; d < sizes.size(); ++d)
    if (getStaticOffset(d) != 0 || sizes[d] != type.getShape()[d])
      return false;
  return true;
}

int64_t mlir::tirx::getScopeThreadCount(ExecScope scope, int64_t ctaThreads,
                                        int64_t clusterCTAs) {
  switch (scope) {
  case ExecScope::Thread:
    return 1;
  case ExecScope::Warp:
    return 32;
  case ExecScope::Warpgroup:
    return 128;
  case ExecScope::Cta:
    return ctaThreads;
  case ExecScope::Cluster:
    return ctaThreads * clusterCTAs;
  }
  return 1;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Checks of every tile op: inside a kernel, and the config against the
/// registry.
template <typename OpT>
static LogicalResult verifyTileCommon(OpT op) {
  if (!op->template getParentOfType<KernelOp>())
    return op.emitOpError("must be nested in a 'tirx.kernel'");
  return verifyTileConfig(cast<TileOpInterface>(op.getOperation()));
}

/// Checks the region fields of operand `role`.
#define TIRX_CHECK_REGION(op, role, Camel)                                     \
  if (std::string error_ = checkRegionFields(                                  \
          op.get##Camel(), op.get##Camel##Offsets(),                           \
          op.getStatic##Camel##Offsets(), op.get##Camel##Sizes());             \
      !error_.empty())                                                         \
    return op.emitOpError("'" role "' ") << error_;

static LogicalResult sameShape(Operation *op, const TileOperand &a,
                               const TileOperand &b) {
  if (a.getNonUnitSizes() != b.getNonUnitSizes())
    return op->emitOpError("'")
           << a.role << "' and '" << b.role << "' regions differ in shape: "
           << formatShape(a.sizes) << " vs " << formatShape(b.sizes)
           << " (unit dimensions aside)";
  return success();
}

static LogicalResult sameElementType(Operation *op, const TileOperand &a,
                                     const TileOperand &b) {
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("'")
           << a.role << "' and '" << b.role << "' element types differ: "
           << a.getElementType() << " vs " << b.getElementType();
  return success();
}

/// A scalar or a region of `dst`'s shape, of `dst`'s element type.
static LogicalResult elementwiseOperand(Operation *op, const TileOperand &dst,
                                        const TileOperand &operand) {
  if (operand.isBuffer())
    return failure(failed(sameShape(op, dst, operand)) ||
                   failed(sameElementType(op, dst, operand)));
  if (operand.getElementType() != dst.getElementType())
    return op->emitOpError("scalar '")
           << operand.role << "' must have the element type "
           << dst.getElementType() << ", got " << operand.getElementType();
  return success();
}

static LogicalResult floatElements(Operation *op, const TileOperand &operand) {
  if (!isa<FloatType>(getElementTypeOrSelf(operand.getElementType())))
    return op->emitOpError("'")
           << operand.role << "' must have floating-point elements, got "
           << operand.getElementType();
  return success();
}

static LogicalResult checkMBarrier(Operation *op, Value mbar) {
  if (!mbar)
    return success();
  auto ptr = cast<PtrType>(mbar.getType());
  if (ptr.getElementType().getIntOrFloatBitWidth() != 64 ||
      !isa<IntegerType>(ptr.getElementType()) ||
      (!isSharedScope(ptr.getMemorySpace()) &&
       ptr.getMemorySpace() != MemorySpace::SharedCluster))
    return op->emitOpError("'mbar' must point to a 64-bit integer in shared "
                           "memory, got ")
           << ptr;
  return success();
}

LogicalResult TileCopyOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[1])) ||
      failed(sameShape(*this, ops[0], ops[1])))
    return failure();
  for (const TileOperand &o : ops)
    if (o.getMemorySpace() == MemorySpace::TMem)
      return emitOpError("copies no tensor memory; use tirx.tile.copy_async "
                         "(tcgen05.cp/ld/st)");
  return verifyTileCommon(*this);
}

LogicalResult TileCopyAsyncOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[1])) ||
      failed(sameShape(*this, ops[0], ops[1])) ||
      failed(checkMBarrier(*this, getMbar())))
    return failure();
  return verifyTileCommon(*this);
}

/// M, N, K of a GEMM from its operand regions (the last two sizes of each;
/// leading sizes must be 1).
static LogicalResult verifyGemmShapes(Operation *op, const TileOperand &d,
                                      const TileOperand &a,
                                      const TileOperand &b, bool transposeA,
                                      bool transposeB, int64_t bSplit = 1) {
  auto matrix = [&](const TileOperand &o,
                    int64_t &rows, int64_t &cols) -> LogicalResult {
    if (o.sizes.size() < 2 ||
        llvm::any_of(ArrayRef<int64_t>(o.sizes).drop_back(2),
                     [](int64_t s) { return s != 1; }))
      return op->emitOpError("'")
             << o.role << "' must be a matrix region (leading sizes 1), got "
             << formatShape(o.sizes);
    rows = o.sizes[o.sizes.size() - 2];
    cols = o.sizes.back();
    return success();
  };
  int64_t dm, dn, ar, ac, br, bc;
  if (failed(matrix(d, dm, dn)) || failed(matrix(a, ar, ac)) ||
      failed(matrix(b, br, bc)))
    return failure();
  int64_t m = transposeA ? ac : ar, ka = transposeA ? ar : ac;
  int64_t kb = transposeB ? bc : br, n = transposeB ? br : bc;
  if (m != dm || n * bSplit != dn || ka != kb)
    return op->emitOpError("shapes do not compose: ")
           << d.role << " " << dm << "x" << dn << " = " << a.role << " "
           << ar << "x" << ac << (transposeA ? " (transposed)" : "") << " * "
           << b.role << " " << br << "x" << bc
           << (transposeB ? " (transposed)" : "")
           << (bSplit == 2 ? " (cta_group 2: b holds half of the columns)"
                           : "");
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("'a' and 'b' element types differ: ")
           << a.getElementType() << " vs " << b.getElementType();
  return success();
}

LogicalResult TileGemmOp::verify() {
  TIRX_CHECK_REGION((*this), "d", D)
  TIRX_CHECK_REGION((*this), "a", A)
  TIRX_CHECK_REGION((*this), "b", B)
  auto ops = getTileOperands();
  if (failed(verifyGemmShapes(*this, ops[0], ops[1], ops[2], getTransposeA(),
                              getTransposeB())))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileGemmAsyncOp::verify() {
  TIRX_CHECK_REGION((*this), "c", C)
  TIRX_CHECK_REGION((*this), "a", A)
  TIRX_CHECK_REGION((*this), "b", B)
  auto ops = getTileOperands();
  int64_t bSplit = 1;
  if (auto config = getConfigAttr())
    if (auto group = config.getAs<IntegerAttr>("cta_group"))
      bSplit = group.getInt() == 2 ? 2 : 1;
  if (failed(verifyGemmShapes(*this, ops[0], ops[1], ops[2], getTransposeA(),
                              getTransposeB(), bSplit)) ||
      failed(checkMBarrier(*this, getMbar())))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileFillOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  auto ops = getTileOperands();
  if (getValue().getType() != ops[0].getElementType())
    return emitOpError("value must have the element type ")
           << ops[0].getElementType() << ", got " << getValue().getType();
  return verifyTileCommon(*this);
}

LogicalResult TileUnaryOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[1])) ||
      failed(sameShape(*this, ops[0], ops[1])) ||
      failed(floatElements(*this, ops[0])))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileBinaryOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "lhs", Lhs)
  TIRX_CHECK_REGION((*this), "rhs", Rhs)
  auto ops = getTileOperands();
  if (failed(elementwiseOperand(*this, ops[0], ops[1])) ||
      failed(elementwiseOperand(*this, ops[0], ops[2])))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileFmaOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "a", A)
  TIRX_CHECK_REGION((*this), "b", B)
  TIRX_CHECK_REGION((*this), "c", C)
  auto ops = getTileOperands();
  for (unsigned i = 1; i < 4; ++i)
    if (failed(elementwiseOperand(*this, ops[0], ops[i])))
      return failure();
  if (failed(floatElements(*this, ops[0])))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileCastOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameShape(*this, ops[0], ops[1])))
    return failure();
  for (const TileOperand &o : ops)
    if (isa<VectorType>(o.getElementType()))
      return emitOpError("casts scalar elements, got ") << o.getElementType();
  return verifyTileCommon(*this);
}

SmallVector<int64_t> TileReduceOp::getReducedAxes() {
  int64_t rank = getSrc().getType().getRank();
  if (auto axes = getAxes())
    return SmallVector<int64_t>(axes->begin(), axes->end());
  return {rank - 1};
}

LogicalResult TileReduceOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[1])))
    return failure();
  int64_t rank = ops[1].sizes.size();
  SmallVector<int64_t> axes = getReducedAxes();
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return emitOpError("axis ") << axis << " is out of range for a rank-"
                                  << rank << " source";
    if (reduced[axis])
      return emitOpError("axis ") << axis << " is reduced twice";
    reduced[axis] = true;
  }
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[d] && ops[1].sizes[d] != 1)
      kept.push_back(ops[1].sizes[d]);
  if (ops[0].getNonUnitSizes() != kept)
    return emitOpError("'dst' region ")
           << formatShape(ops[0].sizes)
           << " must be the source region without the reduced axes "
           << formatShape(kept) << " (unit dimensions aside)";
  if (failed(floatElements(*this, ops[0])) &&
      !isa<IntegerType>(ops[0].getElementType()))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TilePermuteLayoutOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[1])) ||
      failed(sameShape(*this, ops[0], ops[1])))
    return failure();
  if (Value ws = getWorkspace())
    if (!isSharedScope(cast<BufferType>(ws.getType()).getMemorySpace()))
      return emitOpError("'workspace' must be a shared-memory buffer");
  return verifyTileCommon(*this);
}


/// `dst` is `src` without the reduced `axes` (unit dimensions aside).
static LogicalResult verifyReduction(Operation *op, const TileOperand &dst,
                                     const TileOperand &src,
                                     std::optional<ArrayRef<int64_t>> axesAttr) {
  if (failed(sameElementType(op, dst, src)))
    return failure();
  int64_t rank = src.sizes.size();
  SmallVector<int64_t> axes =
      axesAttr ? SmallVector<int64_t>(axesAttr->begin(), axesAttr->end())
               : SmallVector<int64_t>{rank - 1};
  SmallVector<bool> reduced(rank, false);
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= rank)
      return op->emitOpError("axis ") << axis << " is out of range for a rank-"
                                      << rank << " '" << src.role << "'";
    if (reduced[axis])
      return op->emitOpError("axis ") << axis << " is reduced twice";
    reduced[axis] = true;
  }
  SmallVector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[d] && src.sizes[d] != 1)
      kept.push_back(src.sizes[d]);
  if (dst.getNonUnitSizes() != kept)
    return op->emitOpError("'")
           << dst.role << "' region " << formatShape(dst.sizes) << " must be the '"
           << src.role << "' region without the reduced axes "
           << formatShape(kept) << " (unit dimensions aside)";
  if (failed(floatElements(op, dst)) && !isa<IntegerType>(dst.getElementType()))
    return failure();
  return success();
}

LogicalResult TileSelectOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "true_value", TrueValue)
  TIRX_CHECK_REGION((*this), "false_value", FalseValue)
  auto ops = getTileOperands();
  if (failed(elementwiseOperand(*this, ops[0], ops[1])) ||
      failed(elementwiseOperand(*this, ops[0], ops[2])))
    return failure();
  Block &body = getPredicate().front();
  int64_t rank = ops[0].getBufferType().getRank();
  if (static_cast<int64_t>(body.getNumArguments()) != rank ||
      llvm::any_of(body.getArgumentTypes(),
                   [](Type t) { return !t.isIndex(); }))
    return emitOpError("the predicate takes one 'index' argument per "
                       "dimension of 'dst' (")
           << rank << "), got " << body.getNumArguments();
  if (!isa_and_nonnull<TileYieldOp>(body.getTerminator()))
    return emitOpError("the predicate must end with 'tirx.tile.yield'");
  WalkResult effects = body.walk([&](Operation *inner) {
    if (isa<TileYieldOp>(inner) || isMemoryEffectFree(inner))
      return WalkResult::advance();
    inner->emitOpError("is not allowed in a tile select predicate (it must "
                       "be free of memory effects)");
    return WalkResult::interrupt();
  });
  if (effects.wasInterrupted())
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileBinaryReduceOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "reduce_dst", ReduceDst)
  TIRX_CHECK_REGION((*this), "lhs", Lhs)
  TIRX_CHECK_REGION((*this), "rhs", Rhs)
  auto ops = getTileOperands();
  if (failed(elementwiseOperand(*this, ops[0], ops[2])) ||
      failed(elementwiseOperand(*this, ops[0], ops[3])) ||
      failed(verifyReduction(*this, ops[1], ops[0], getAxes())))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileUnaryReduceOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "reduce_dst", ReduceDst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(sameElementType(*this, ops[0], ops[2])) ||
      failed(sameShape(*this, ops[0], ops[2])) ||
      failed(floatElements(*this, ops[0])) ||
      failed(verifyReduction(*this, ops[1], ops[0], getAxes())))
    return failure();
  for (Value v : {getBias(), getScale()})
    if (v && v.getType() != ops[0].getElementType())
      return emitOpError("'bias' and 'scale' must have the element type ")
             << ops[0].getElementType() << ", got " << v.getType();
  return verifyTileCommon(*this);
}

LogicalResult TileBinaryChainOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "data", Data)
  TIRX_CHECK_REGION((*this), "operand0", Operand0)
  TIRX_CHECK_REGION((*this), "operand1", Operand1)
  auto ops = getTileOperands();
  for (unsigned i = 1; i < 4; ++i)
    if (failed(elementwiseOperand(*this, ops[0], ops[i])))
      return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileReduceNegateOp::verify() {
  TIRX_CHECK_REGION((*this), "dst", Dst)
  TIRX_CHECK_REGION((*this), "src", Src)
  auto ops = getTileOperands();
  if (failed(verifyReduction(*this, ops[0], ops[1], getAxes())) ||
      failed(floatElements(*this, ops[0])))
    return failure();
  return verifyTileCommon(*this);
}

LogicalResult TileComposeOp::verify() {
  if (!(*this)->getParentOfType<KernelOp>())
    return emitOpError("must be nested in a 'tirx.kernel'");
  bool hasPrimitive = false;
  for (Operation &inner : getBody().front()) {
    if (auto tile = dyn_cast<TileOpInterface>(&inner)) {
      hasPrimitive = true;
      if (tile.getExecScope() != getScope())
        return inner.emitOpError("runs in scope '")
               << stringifyExecScope(tile.getExecScope())
               << "' inside a tirx.tile.compose of scope '"
               << stringifyExecScope(getScope()) << "'";
      continue;
    }
    if (!isMemoryEffectFree(&inner) || inner.getNumRegions() != 0)
      return inner.emitOpError("is not allowed in a tirx.tile.compose (its "
                               "body holds tile primitives and the pure ops "
                               "computing their operands)");
  }
  if (!hasPrimitive)
    return emitOpError("has no tile primitive in its body");
  return verifyTileConfig(cast<TileOpInterface>(getOperation()));
}

#undef TIRX_CHECK_REGION

LogicalResult TileLocalViewOp::verify() {
  auto source = cast<BufferType>(getSource().getType());
  auto result = cast<BufferType>(getResult().getType());
  LayoutAttr layout = source.getTileLayout();
  if (source.getMemorySpace() != MemorySpace::Local || !layout)
    return emitOpError("source must be a 'local' buffer with a tile layout");
  int64_t span = layout.getSpan(LayoutAxis::M);
  if (result.getMemorySpace() != MemorySpace::Local || result.getRank() != 1 ||
      result.getLayout() || result.getElementType() != source.getElementType() ||
      result.getShape()[0] != span)
    return emitOpError("result must be ")
           << BufferType::get({span}, source.getElementType(),
                              MemorySpace::Local)
           << " (the thread's registers of the layout)";
  return success();
}
