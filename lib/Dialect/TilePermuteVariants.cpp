//===- TilePermuteVariants.cpp - tirx.tile.permute_layout -------*- C++ -*-===//
//
// `warp_xor_swizzle` (20): moves a warp's register fragment to another
// register layout through the shared-memory `workspace`: every lane stores
// its source elements at XOR-swizzled positions, the warp synchronizes,
// every lane loads its destination elements, and the warp synchronizes
// again (so the workspace may be reused). The XOR (row bits folded into
// the 32-bank index) is chosen among k = 0..5 bits by counting the bank
// conflicts of both phases lane by lane, and the fewest wins.
//
//===----------------------------------------------------------------------===//

#include "TileFragment.h"
#include "TileVariants.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

struct PermutePlan {
  Fragment src, dst;
  int64_t xorBits = 0;
  int64_t conflicts = 0;
};

int64_t swizzled(int64_t linear, int64_t bits) {
  return linear ^ ((linear >> 5) & ((int64_t(1) << bits) - 1));
}

/// Extra bank wavefronts of one phase: per slot, the 32 lanes' accesses.
int64_t phaseConflicts(const Fragment &f, int64_t bits, int64_t eb) {
  int64_t extra = 0;
  for (size_t j = 0; j < f.slotLogical.size(); ++j) {
    llvm::DenseMap<int64_t, llvm::DenseSet<int64_t>> banks;
    for (int64_t l = 0; l < 32; ++l) {
      int64_t word = swizzled(f.threadBase(l) + f.slotLogical[j], bits) * eb / 4;
      banks[word % 32].insert(word);
    }
    int64_t worst = 1;
    for (auto &[bank, words] : banks)
      worst = std::max<int64_t>(worst, words.size());
    extra += worst - 1;
  }
  return extra;
}

std::string planPermute(TileOpInterface iop, const TileDispatchContext &ctx,
                        PermutePlan &plan) {
  auto op = cast<TilePermuteLayoutOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (ctx.scope != ExecScope::Warp)
    return "needs warp scope";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  Value ws = op.getWorkspace();
  if (!ws)
    return "needs a shared-memory workspace";
  for (unsigned i : {0u, 1u})
    if (!ops[i].isBuffer() ||
        ops[i].getMemorySpace() != MemorySpace::Local || !ops[i].isWholeBuffer())
      return "'" + ops[i].role.str() + "' must be a whole register buffer";
  int64_t eb = elementBytes(ops[0].getElementType());
  if (eb != 4)
    return "moves 32-bit elements";
  auto wsType = cast<BufferType>(ws.getType());
  int64_t n = ops[0].getNumElements();
  int64_t needed = llvm::alignTo(n, 32);
  if (wsType.getElementType() != ops[0].getElementType() ||
      !wsType.hasStaticShape() || wsType.getNumElementsStatic() < needed ||
      wsType.getLayout())
    return "the workspace must be a dense buffer of at least " +
           std::to_string(needed) + " elements of the element type";
  std::string why;
  auto src = analyzeFragment(ops[1].getBufferType(), ctx.scope, 32, why);
  if (failed(src))
    return "source register layout: " + why;
  auto dst = analyzeFragment(ops[0].getBufferType(), ctx.scope, 32, why);
  if (failed(dst))
    return "destination register layout: " + why;
  plan.src = *src;
  plan.dst = *dst;
  plan.conflicts = -1;
  for (int64_t bits = 0; bits <= 5; ++bits) {
    int64_t c = phaseConflicts(plan.src, bits, eb) +
                phaseConflicts(plan.dst, bits, eb);
    if (plan.conflicts < 0 || c < plan.conflicts) {
      plan.conflicts = c;
      plan.xorBits = bits;
    }
  }
  return "";
}

TileVariant xorSwizzleVariant() {
  TileVariant v;
  v.primitive = "permute_layout";
  v.name = "warp_xor_swizzle";
  v.priority = 20;
  v.summary = "store to an XOR-swizzled shared workspace, warp sync, load in "
              "the new layout";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    PermutePlan plan;
    return planPermute(op, ctx, plan);
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TilePermuteLayoutOp>(iop.getOperation());
    PermutePlan plan;
    (void)planPermute(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Type elem = ops[0].getElementType();
    Value ws = op.getWorkspace();
    auto wsType = cast<BufferType>(ws.getType());
    if (wsType.getRank() != 1)
      ws = BufferReshapeOp::create(
          b, loc,
          BufferType::get({wsType.getNumElementsStatic()}, elem,
                          wsType.getMemorySpace()),
          ws);
    Value lane = laneId(b, loc, ctx);
    auto position = [&](OpBuilder &b, Value logical) {
      if (plan.xorBits == 0)
        return logical;
      Value row = arith::ShRUIOp::create(b, loc, logical, cIndex(b, loc, 5));
      Value mask = arith::AndIOp::create(
          b, loc, row, cIndex(b, loc, (int64_t(1) << plan.xorBits) - 1));
      return Value(arith::XOrIOp::create(b, loc, logical, mask));
    };
    Value srcRegs = localRegisters(b, loc, ops[1].value);
    Value srcBase = plan.src.emitThreadBase(b, loc, lane);
    // A replicated source: one replica stores each element.
    Value writer = plan.src.replicated()
                       ? plan.src.emitWritingReplica(b, loc, lane)
                       : Value();
    for (size_t j = 0; j < plan.src.slotLogical.size(); ++j) {
      Value x = BufferLoadOp::create(
          b, loc, elem, srcRegs,
          ValueRange{cIndex(b, loc, plan.src.slotMemory[j])});
      Value p = position(b, addI(b, loc, srcBase, plan.src.slotLogical[j]));
      emitIf(b, loc, writer, [&](OpBuilder &b) {
        BufferStoreOp::create(b, loc, x, ws, ValueRange{p});
      });
    }
    Value all = cI32(b, loc, -1);
    PTXBarWarpSyncOp::create(b, loc, all);
    Value dstRegs = localRegisters(b, loc, ops[0].value);
    Value dstBase = plan.dst.emitThreadBase(b, loc, lane);
    for (size_t j = 0; j < plan.dst.slotLogical.size(); ++j) {
      Value p = position(b, addI(b, loc, dstBase, plan.dst.slotLogical[j]));
      Value x = BufferLoadOp::create(b, loc, elem, ws, ValueRange{p});
      BufferStoreOp::create(b, loc, x, dstRegs,
                            ValueRange{cIndex(b, loc, plan.dst.slotMemory[j])});
    }
    PTXBarWarpSyncOp::create(b, loc, all);
    return success();
  };
  return v;
}

} // namespace

void tile::registerPermuteVariants() {
  registerTileVariant(xorSwizzleVariant());
}
