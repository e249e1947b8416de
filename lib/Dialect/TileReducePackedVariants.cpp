//===- TileReducePackedVariants.cpp - packed thread reduction ---*- C++ -*-===//
//
// `sm100_packed` (20): the original TIRx's packed thread reduction. One
// thread sums a 1-D f32 register buffer of at least 8 elements into one
// element on sm_100 or newer: the elements as pairs (vector<2xf32>, which
// becomes add.rn.f32x2), a tree of packed adds, then the two halves (an
// odd last element, and with `accumulate` the old destination, added at
// the end). The order of the additions is the tree's, not the sequential
// loop's. The original also reduces max/min with max3/min3; the PTX table
// has no three-input max/min, so the variant declines them and `thread`
// reduces them.
//
//===----------------------------------------------------------------------===//

#include "TileUtils.h"
#include "TileVariants.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

constexpr int64_t kMinElements = 8;

std::string matchPacked(TileOpInterface iop, const TileDispatchContext &ctx) {
  auto op = cast<TileReduceOp>(iop.getOperation());
  if (ctx.scope != ExecScope::Thread)
    return "needs thread scope";
  if (!ctx.atLeast(100))
    return "needs sm_100 or newer (add.f32x2)";
  if (op.getKind() != TileReduceKind::Sum)
    return "reduces sums only (max/min need max3/min3, which the PTX table "
           "does not have)";
  SmallVector<TileOperand> ops = iop.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  for (const TileOperand *o : {&dst, &src})
    if (!o->getElementType().isF32())
      return "'" + o->role.str() + "' is not f32";
  if (src.getMemorySpace() != MemorySpace::Local)
    return std::string("'src' is not a register buffer");
  if (LayoutAttr l = src.getBufferType().getTileLayout();
      l && l.hasThreadAxes())
    return std::string("'src' is a register fragment spread over threads");
  if (src.getNonUnitSizes().size() > 1)
    return std::string("'src' is not 1-D (one non-unit dimension)");
  if (src.getNumElements() < kMinElements)
    return "'src' has fewer than " + std::to_string(kMinElements) +
           " elements";
  if (dst.getNumElements() != 1)
    return std::string("'dst' is not one element");
  // The pairs: the region without an odd last element.
  TileOperand pairs = src;
  if (src.getNumElements() % 2)
    for (int64_t &size : pairs.sizes)
      if (size != 1)
        --size;
  if (contiguousRun(pairs, 2) < 2)
    return std::string("'src' is not consecutive pairs of elements");
  return "";
}

LogicalResult emitPacked(TileOpInterface iop, const TileDispatchContext &,
                         RewriterBase &b) {
  auto op = cast<TileReduceOp>(iop.getOperation());
  Location loc = op.getLoc();
  SmallVector<TileOperand> ops = iop.getTileOperands();
  const TileOperand &dst = ops[0], &src = ops[1];
  int64_t n = src.getNumElements();
  SmallVector<Value> level;
  for (int64_t i = 0; i + 1 < n; i += 2)
    level.push_back(loadAt(b, loc, src, cIndex(b, loc, i), 2));
  while (level.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < level.size(); i += 2)
      next.push_back(arith::AddFOp::create(b, loc, level[i], level[i + 1]));
    if (level.size() % 2)
      next.push_back(level.back());
    level = std::move(next);
  }
  Value lo = vector::ExtractOp::create(b, loc, level[0], int64_t{0});
  Value hi = vector::ExtractOp::create(b, loc, level[0], int64_t{1});
  Value acc = arith::AddFOp::create(b, loc, lo, hi);
  if (n % 2)
    acc = arith::AddFOp::create(b, loc, acc,
                                loadAt(b, loc, src, cIndex(b, loc, n - 1)));
  Value zero = cIndex(b, loc, 0);
  if (op.getAccumulate())
    acc = arith::AddFOp::create(b, loc, loadAt(b, loc, dst, zero), acc);
  storeAt(b, loc, dst, zero, acc);
  return success();
}

TileVariant packedVariant() {
  TileVariant v;
  v.primitive = "reduce";
  v.name = "sm100_packed";
  v.priority = 20;
  v.summary = "one thread sums >= 8 f32 registers with add.f32x2 (sm_100)";
  v.match = matchPacked;
  v.emit = emitPacked;
  return v;
}

} // namespace

void tile::registerPackedReduceVariants() {
  registerTileVariant(packedVariant());
}
