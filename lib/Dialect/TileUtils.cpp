//===- TileUtils.cpp - Helpers of the built-in tile variants ----*- C++ -*-===//

#include "TileUtils.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

//===----------------------------------------------------------------------===//
// Constants and scope ids
//===----------------------------------------------------------------------===//

Value tile::cIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value tile::cInt(OpBuilder &b, Location loc, Type type, int64_t value) {
  return arith::ConstantOp::create(b, loc, type,
                                   b.getIntegerAttr(type, value));
}

Value tile::cI32(OpBuilder &b, Location loc, int64_t value) {
  return cInt(b, loc, b.getI32Type(), value);
}

Value tile::cI64(OpBuilder &b, Location loc, int64_t value) {
  return cInt(b, loc, b.getI64Type(), value);
}

Value tile::cBool(OpBuilder &b, Location loc, bool value) {
  return arith::ConstantOp::create(b, loc, b.getI1Type(),
                                   b.getBoolAttr(value));
}

Value tile::toIndex(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
}

Value tile::fromIndex(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::IndexCastUIOp::create(b, loc, type, value);
}

static std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

Value tile::addI(OpBuilder &b, Location loc, Value x, Value y) {
  auto cx = constantOf(x), cy = constantOf(y);
  if (cx && cy)
    return cIndex(b, loc, *cx + *cy);
  if (cx == 0)
    return y;
  if (cy == 0)
    return x;
  return arith::AddIOp::create(b, loc, x, y);
}

Value tile::addI(OpBuilder &b, Location loc, Value x, int64_t y) {
  if (y == 0)
    return x;
  return addI(b, loc, x, cIndex(b, loc, y));
}

Value tile::mulI(OpBuilder &b, Location loc, Value x, int64_t y) {
  if (auto cx = constantOf(x))
    return cIndex(b, loc, *cx * y);
  if (y == 1)
    return x;
  if (y == 0)
    return cIndex(b, loc, 0);
  return arith::MulIOp::create(b, loc, x, cIndex(b, loc, y));
}

Value tile::divI(OpBuilder &b, Location loc, Value x, int64_t y) {
  if (auto cx = constantOf(x))
    return cIndex(b, loc, *cx / y);
  if (y == 1)
    return x;
  return arith::DivUIOp::create(b, loc, x, cIndex(b, loc, y));
}

Value tile::remI(OpBuilder &b, Location loc, Value x, int64_t y) {
  if (auto cx = constantOf(x))
    return cIndex(b, loc, *cx % y);
  if (y == 1)
    return cIndex(b, loc, 0);
  return arith::RemUIOp::create(b, loc, x, cIndex(b, loc, y));
}

/// The calling thread's index in the CTA (1-D blocks). No extents: the
/// kernel's launch shape is already declared (ctx.launch was derived from
/// it, and scope ids with extents are never erased as dead), and an id
/// without extents is pure, so CSE merges the ids of several primitives.
static Value ctaThreadId(OpBuilder &b, Location loc,
                         const TileDispatchContext &ctx) {
  (void)ctx;
  Value tid = ThreadIdOp::create(b, loc, TypeRange{b.getI32Type()},
                                 DenseI64ArrayAttr())
                  .getIds()[0];
  return toIndex(b, loc, tid);
}

Value tile::laneId(OpBuilder &b, Location loc,
                   const TileDispatchContext &ctx) {
  return remI(b, loc, ctaThreadId(b, loc, ctx), 32);
}

Value tile::scopeThreadId(OpBuilder &b, Location loc,
                          const TileDispatchContext &ctx) {
  switch (ctx.scope) {
  case ExecScope::Thread:
    return cIndex(b, loc, 0);
  case ExecScope::Warp:
    return remI(b, loc, ctaThreadId(b, loc, ctx), 32);
  case ExecScope::Warpgroup:
    return remI(b, loc, ctaThreadId(b, loc, ctx), 128);
  case ExecScope::Cta:
    return ctaThreadId(b, loc, ctx);
  case ExecScope::Cluster: {
    Value cta = toIndex(
        b, loc,
        CtaIdInClusterOp::create(
            b, loc, TypeRange{b.getI32Type()},
            b.getDenseI64ArrayAttr({ctx.launch.cluster[0]}))
            .getIds()[0]);
    Value inCta = ctaThreadId(b, loc, ctx);
    Value ctaBase = mulI(b, loc, cta, ctx.launch.numThreads());
    return addI(b, loc, ctaBase, inCta);
  }
  }
  return cIndex(b, loc, 0);
}

std::string tile::checkCooperativeScope(const TileDispatchContext &ctx) {
  if (ctx.scope == ExecScope::Cluster)
    return "cluster scope is not supported (use cta scope per CTA)";
  if ((ctx.scope == ExecScope::Cta || ctx.scope == ExecScope::Warpgroup ||
       ctx.scope == ExecScope::Warp) &&
      (ctx.launch.block[1] != 1 || ctx.launch.block[2] != 1))
    return "needs a 1-D CTA (the kernel's block is " +
           std::to_string(ctx.launch.block[0]) + "x" +
           std::to_string(ctx.launch.block[1]) + "x" +
           std::to_string(ctx.launch.block[2]) + ")";
  if (ctx.scopeThreads > ctx.launch.numThreads() &&
      ctx.scope != ExecScope::Thread)
    return "the scope has " + std::to_string(ctx.scopeThreads) +
           " threads but the CTA only " +
           std::to_string(ctx.launch.numThreads());
  return "";
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

void tile::emitLoop(OpBuilder &b, Location loc, int64_t count,
                    function_ref<void(OpBuilder &, Value)> body,
                    int64_t unrollLimit) {
  if (count <= 0)
    return;
  if (count == 1) {
    body(b, cIndex(b, loc, 0));
    return;
  }
  // Constants in a fixed order: nested calls would leave it to the host
  // compiler's argument-evaluation order.
  Value step = cIndex(b, loc, 1);
  Value upper = cIndex(b, loc, count);
  Value lower = cIndex(b, loc, 0);
  auto loop = ForOp::create(b, loc, lower, upper, step,
                            count <= unrollLimit ? ForKind::Unroll
                                                 : ForKind::Serial);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBodyBlock()->getTerminator());
  body(b, loop.getInductionVar());
}

void tile::emitIf(OpBuilder &b, Location loc, Value cond,
                  function_ref<void(OpBuilder &)> body) {
  if (!cond) {
    body(b);
    return;
  }
  if (auto c = constantOf(cond)) {
    if (*c)
      body(b);
    return;
  }
  auto ifOp = IfOp::create(b, loc, cond, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  body(b);
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

SmallVector<Value> tile::delinearize(OpBuilder &b, Location loc, Value linear,
                                     ArrayRef<int64_t> sizes) {
  SmallVector<Value> coords(sizes.size());
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (d == 0) {
      coords[d] = linear;
    } else {
      coords[d] = remI(b, loc, linear, sizes[d]);
      linear = divI(b, loc, linear, sizes[d]);
    }
  }
  return coords;
}

SmallVector<Value> tile::regionIndices(OpBuilder &b, Location loc,
                                       const TileOperand &operand,
                                       ArrayRef<Value> coords) {
  SmallVector<Value> indices;
  unsigned next = 0;
  for (auto [offset, size] : llvm::zip(operand.offsets, operand.sizes)) {
    Value base = isa<Attribute>(offset)
                     ? cIndex(b, loc,
                              cast<IntegerAttr>(cast<Attribute>(offset)).getInt())
                     : cast<Value>(offset);
    if (size == 1) {
      indices.push_back(base);
      continue;
    }
    indices.push_back(addI(b, loc, base, coords[next++]));
  }
  return indices;
}

SmallVector<Value> tile::regionIndicesOfLinear(OpBuilder &b, Location loc,
                                               const TileOperand &operand,
                                               Value linear) {
  SmallVector<int64_t> sizes = operand.getNonUnitSizes();
  return regionIndices(b, loc, operand, delinearize(b, loc, linear, sizes));
}

Type tile::vectorOf(Type element, int64_t count) {
  if (count == 1)
    return element;
  return VectorType::get({count}, element);
}

Value tile::loadAt(OpBuilder &b, Location loc, const TileOperand &operand,
                   Value linear, int64_t count) {
  if (!operand.isBuffer()) {
    if (count == 1)
      return operand.value;
    return vector::BroadcastOp::create(
        b, loc, VectorType::get({count}, operand.value.getType()),
        operand.value);
  }
  return BufferLoadOp::create(
      b, loc, vectorOf(operand.getElementType(), count), operand.value,
      regionIndicesOfLinear(b, loc, operand, linear));
}

void tile::storeAt(OpBuilder &b, Location loc, const TileOperand &operand,
                   Value linear, Value value) {
  BufferStoreOp::create(b, loc, value, operand.value,
                        regionIndicesOfLinear(b, loc, operand, linear));
}

//===----------------------------------------------------------------------===//
// Memory analysis
//===----------------------------------------------------------------------===//

int64_t tile::elementBytes(Type type) {
  return std::max<int64_t>(1, llvm::divideCeil(getElementBitWidth(type), 8));
}

int64_t tile::pow2Divisor(int64_t x, int64_t cap) {
  if (x == 0)
    return cap;
  int64_t p = 1;
  while (p < cap && x % (p * 2) == 0)
    p *= 2;
  return p;
}

int64_t tile::baseAlignment(Value buffer) {
  auto type = cast<BufferType>(buffer.getType());
  int64_t elem = elementBytes(type.getElementType());
  if (auto alloc = buffer.getDefiningOp<AllocBufferOp>())
    return std::max<int64_t>({16, elem, static_cast<int64_t>(alloc.getAlignment().value_or(0))});
  if (auto decl = buffer.getDefiningOp<DeclBufferOp>()) {
    int64_t align = 16;
    if (Value bytes = decl.getByteOffset()) {
      std::optional<int64_t> c = constantOf(bytes);
      align = c ? pow2Divisor(*c, 16) : 1;
    }
    if (decl.getElemOffset())
      align = std::min<int64_t>(align, elem);
    return std::max<int64_t>(std::min<int64_t>(align, 16), 1);
  }
  if (isa<BlockArgument>(buffer))
    return 16; // kernel arguments: the caller passes 16-byte aligned tensors
  return elem;
}

std::optional<int64_t> tile::memoryOffset(BufferType type,
                                          ArrayRef<int64_t> coord) {
  if (LayoutAttr layout = type.getTileLayout()) {
    if (!layout.isMemoryOnly())
      return std::nullopt;
    return layout.applyMemory(coord, type.getShape());
  }
  int64_t offset = type.getOffsetOrDefault();
  if (ShapedType::isDynamic(offset))
    return std::nullopt;
  for (auto [c, stride] : llvm::zip(coord, type.getStridesOrDefault())) {
    if (ShapedType::isDynamic(stride))
      return std::nullopt;
    offset += c * stride;
  }
  return offset;
}

/// True when runs of `v` elements along dimension `inner` are consecutive
/// and aligned to `v` in memory, for every run start a region of `operand`
/// can have.
static bool runsAreContiguous(const TileOperand &operand, unsigned inner,
                              int64_t v) {
  BufferType type = operand.getBufferType();
  int64_t rank = type.getRank();
  if (LayoutAttr layout = type.getTileLayout()) {
    // Enumerate the region (static offsets) or the whole buffer (dynamic
    // outer offsets), run by run.
    SmallVector<int64_t> lo(rank), hi(rank);
    for (int64_t d = 0; d < rank; ++d) {
      std::optional<int64_t> off = operand.getStaticOffset(d);
      if (off) {
        lo[d] = *off;
        hi[d] = *off + operand.sizes[d];
      } else {
        lo[d] = 0;
        hi[d] = type.getShape()[d];
      }
    }
    int64_t total = 1;
    for (int64_t d = 0; d < rank; ++d)
      total *= hi[d] - lo[d];
    if (total > (1 << 18))
      return false;
    SmallVector<int64_t> c(lo.begin(), lo.end());
    for (int64_t n = 0; n < total; ++n) {
      if ((c[inner] - lo[inner]) % v == 0) {
        int64_t m = layout.applyMemory(c, type.getShape());
        if (m % v != 0)
          return false;
        for (int64_t j = 1; j < v; ++j) {
          SmallVector<int64_t> cj(c.begin(), c.end());
          cj[inner] += j;
          if (cj[inner] >= hi[inner] ||
              layout.applyMemory(cj, type.getShape()) != m + j)
            return false;
        }
      }
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++c[d] < hi[d])
          break;
        c[d] = lo[d];
      }
    }
    return true;
  }
  SmallVector<int64_t> strides = type.getStridesOrDefault();
  int64_t offset = type.getOffsetOrDefault();
  if (ShapedType::isDynamic(offset) || offset % v != 0)
    return false;
  if (ShapedType::isDynamic(strides[inner]) || strides[inner] != 1)
    return false;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == inner)
      continue;
    std::optional<int64_t> off = operand.getStaticOffset(d);
    bool varies = operand.sizes[d] != 1 || !off;
    if (ShapedType::isDynamic(strides[d]))
      return false;
    if (varies && strides[d] % v != 0)
      return false;
    if (off && (*off * strides[d]) % v != 0)
      return false;
  }
  return true;
}

int64_t tile::contiguousRun(const TileOperand &operand, int64_t maxElements) {
  BufferType type = operand.getBufferType();
  if (!type || type.getMemorySpace() == MemorySpace::TMem)
    return 1;
  if (LayoutAttr layout = type.getTileLayout())
    if (!layout.isMemoryOnly())
      return 1;
  int64_t rank = type.getRank();
  int64_t inner = -1;
  for (int64_t d = rank - 1; d >= 0; --d)
    if (operand.sizes[d] != 1) {
      inner = d;
      break;
    }
  if (inner < 0)
    return 1;
  int64_t v = pow2Divisor(operand.sizes[inner], maxElements);
  std::optional<int64_t> innerOffset = operand.getStaticOffset(inner);
  if (!innerOffset)
    return 1;
  v = std::min(v, pow2Divisor(*innerOffset, maxElements));
  int64_t elem = elementBytes(type.getElementType());
  v = std::min<int64_t>(v, std::max<int64_t>(1, baseAlignment(operand.value) /
                                                    elem));
  while (v > 1 && !runsAreContiguous(operand, inner, v))
    v /= 2;
  return v;
}
