//===- TileReduceVariants.cpp - tirx.tile.reduce variants -------*- C++ -*-===//
//
// `thread` (10): one thread reduces with sequential loops (thread scope;
//   any operands but register fragments spread over threads).
// `warp_shuffle` (10): a warp's register fragment whose reduced dimension
//   is spread over lanes: each lane combines its own registers, then a
//   shfl.sync.bfly tree over the lanes holding one output; every lane of
//   the group ends with the result (the destination fragment replicates
//   it).
// `shared` (10): a shared/global source at warp, warpgroup or CTA scope:
//   groups of up to 32 lanes per output combine strided elements, then a
//   shfl.sync.bfly tree; the group's first lane writes the output.
// f32 and i32 (the width shfl moves); `accumulate` combines with the old
// destination. Float max/min are arith.maxnumf/minnumf (CUDA's
// fmaxf/fminf).
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

bool isDistributed(const TileOperand &o) {
  if (!o.isBuffer() || o.getMemorySpace() != MemorySpace::Local)
    return false;
  LayoutAttr l = o.getBufferType().getTileLayout();
  return l && l.hasThreadAxes();
}

Value combine(OpBuilder &b, Location loc, TileReduceKind kind, Value x,
              Value y) {
  bool f = isa<FloatType>(x.getType());
  switch (kind) {
  case TileReduceKind::Sum:
    return f ? Value(arith::AddFOp::create(b, loc, x, y))
             : Value(arith::AddIOp::create(b, loc, x, y));
  case TileReduceKind::Max:
    return f ? Value(arith::MaxNumFOp::create(b, loc, x, y))
             : Value(arith::MaxSIOp::create(b, loc, x, y));
  case TileReduceKind::Min:
    return f ? Value(arith::MinNumFOp::create(b, loc, x, y))
             : Value(arith::MinSIOp::create(b, loc, x, y));
  }
  return x;
}

Value identity(OpBuilder &b, Location loc, TileReduceKind kind, Type type) {
  if (auto f = dyn_cast<FloatType>(type)) {
    double v = kind == TileReduceKind::Sum ? 0.0
               : kind == TileReduceKind::Max
                   ? -std::numeric_limits<double>::infinity()
                   : std::numeric_limits<double>::infinity();
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
  }
  unsigned w = type.getIntOrFloatBitWidth();
  APInt v = kind == TileReduceKind::Sum   ? APInt(w, 0)
            : kind == TileReduceKind::Max ? APInt::getSignedMinValue(w)
                                          : APInt::getSignedMaxValue(w);
  return arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}

/// Reduction geometry over the non-unit dimensions of the source region.
struct Geometry {
  SmallVector<int64_t> srcShape; // non-unit source sizes
  SmallVector<bool> reduced;     // per non-unit source dimension
  int64_t outputs = 1, length = 1;
};

Geometry geometry(TileReduceOp op, const TileOperand &src) {
  Geometry g;
  SmallVector<int64_t> axes = op.getReducedAxes();
  for (auto [d, size] : llvm::enumerate(src.sizes)) {
    if (size == 1)
      continue;
    bool red = llvm::is_contained(axes, static_cast<int64_t>(d));
    g.srcShape.push_back(size);
    g.reduced.push_back(red);
    (red ? g.length : g.outputs) *= size;
  }
  return g;
}

/// Source coordinates (non-unit) of output `o`, reduction element `r`.
SmallVector<Value> sourceCoords(OpBuilder &b, Location loc, const Geometry &g,
                                Value o, Value r) {
  SmallVector<int64_t> outSizes, redSizes;
  for (auto [size, red] : llvm::zip(g.srcShape, g.reduced))
    (red ? redSizes : outSizes).push_back(size);
  SmallVector<Value> oc = delinearize(b, loc, o, outSizes);
  SmallVector<Value> rc = delinearize(b, loc, r, redSizes);
  SmallVector<Value> coords;
  unsigned oi = 0, ri = 0;
  for (bool red : g.reduced)
    coords.push_back(red ? rc[ri++] : oc[oi++]);
  return coords;
}

std::string checkType(Type t) {
  if (!t.isF32() && !t.isSignlessInteger(32))
    return "reduces f32 or i32 elements (the width shfl.sync moves), got " +
           ([&] {
             std::string s;
             llvm::raw_string_ostream os(s);
             os << t;
             return s;
           })();
  return "";
}

//===----------------------------------------------------------------------===//
// thread
//===----------------------------------------------------------------------===//

TileVariant threadVariant() {
  TileVariant v;
  v.primitive = "reduce";
  v.name = "thread";
  v.priority = 10;
  v.summary = "sequential loops in one thread";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    if (ctx.scope != ExecScope::Thread)
      return std::string("needs thread scope");
    for (const TileOperand &o : op.getTileOperands())
      if (isDistributed(o))
        return std::string("'") + o.role.str() +
               "' is a register fragment spread over threads";
    return std::string();
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileReduceOp>(iop.getOperation());
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Geometry g = geometry(op, ops[1]);
    bool registers = ops[1].getMemorySpace() == MemorySpace::Local &&
                     g.length * g.outputs <= 1024;
    for (int64_t o = 0; o < g.outputs; ++o) {
      Value oi = cIndex(b, loc, o);
      Value acc;
      if (registers) {
        for (int64_t r = 0; r < g.length; ++r) {
          Value x = BufferLoadOp::create(
              b, loc, ops[1].getElementType(), ops[1].value,
              regionIndices(b, loc, ops[1],
                            sourceCoords(b, loc, g, oi, cIndex(b, loc, r))));
          acc = acc ? combine(b, loc, op.getKind(), acc, x) : x;
        }
      } else {
        auto scratch = AllocBufferOp::create(
            b, loc,
            BufferType::get({1}, ops[1].getElementType(), MemorySpace::Local),
            ValueRange{}, IntegerAttr(), StringAttr());
        Value zero = cIndex(b, loc, 0);
        BufferStoreOp::create(
            b, loc, identity(b, loc, op.getKind(), ops[1].getElementType()),
            scratch, ValueRange{zero});
        emitLoop(
            b, loc, g.length,
            [&](OpBuilder &b, Value r) {
              Value x = BufferLoadOp::create(
                  b, loc, ops[1].getElementType(), ops[1].value,
                  regionIndices(b, loc, ops[1],
                                sourceCoords(b, loc, g, oi, r)));
              Value cur = BufferLoadOp::create(b, loc, ops[1].getElementType(),
                                               scratch, ValueRange{zero});
              BufferStoreOp::create(b, loc,
                                    combine(b, loc, op.getKind(), cur, x),
                                    scratch, ValueRange{zero});
            },
            /*unrollLimit=*/1);
        acc = BufferLoadOp::create(b, loc, ops[1].getElementType(), scratch,
                                   ValueRange{zero});
      }
      if (op.getAccumulate())
        acc = combine(b, loc, op.getKind(), loadAt(b, loc, ops[0], oi), acc);
      storeAt(b, loc, ops[0], oi, acc);
    }
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// warp_shuffle
//===----------------------------------------------------------------------===//

struct ShufflePlan {
  Fragment src, dst;
  /// Source slots per group, and each destination slot's group.
  SmallVector<SmallVector<int64_t>> groups;
  SmallVector<int64_t> dstGroup;
  /// Lane XOR distances of the tree.
  SmallVector<int64_t> offsets;
};

std::string planShuffle(TileOpInterface iop, const TileDispatchContext &ctx,
                        ShufflePlan &plan) {
  auto op = cast<TileReduceOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (ctx.scope != ExecScope::Warp)
    return "needs warp scope";
  if (!isDistributed(ops[1]))
    return "the source is not a register fragment spread over lanes";
  if (std::string why = checkType(ops[1].getElementType()); !why.empty())
    return why;
  if (!ops[0].isBuffer() || ops[0].getMemorySpace() != MemorySpace::Local)
    return "the destination must be a register buffer";
  if (!ops[1].isWholeBuffer() || !ops[0].isWholeBuffer())
    return "register operands must be whole buffers";
  std::string why;
  auto src = analyzeFragment(ops[1].getBufferType(), ctx.scope, 32, why);
  if (failed(src))
    return "source register layout: " + why;
  auto dst = analyzeFragment(ops[0].getBufferType(), ctx.scope, 32, why);
  if (failed(dst))
    return "destination register layout: " + why;
  plan.src = *src;
  plan.dst = *dst;
  Geometry g = geometry(op, ops[1]);
  // Output index of a source logical element.
  auto outputOf = [&](int64_t logical) {
    SmallVector<int64_t> c(g.srcShape.size());
    for (int64_t d = static_cast<int64_t>(c.size()) - 1; d >= 0; --d) {
      c[d] = logical % g.srcShape[d];
      logical /= g.srcShape[d];
    }
    int64_t o = 0;
    for (auto [d, red] : llvm::enumerate(g.reduced))
      if (!red)
        o = o * g.srcShape[d] + c[d];
    return o;
  };
  // Lane XOR distances: each lane bit across which every lane's registers
  // hold other elements of the same outputs. (A lane digit can run along a
  // reduced dimension for its first steps and then into the next output:
  // each of its bits is checked on its own, never the first step for all.)
  for (const auto &d : plan.src.threadDigits)
    if (d.axis != LayoutAxis::LaneId)
      return "the source fragment spans threads beyond one warp's lanes";
  auto outputs = [&](int64_t lane) {
    SmallVector<int64_t> o;
    for (int64_t logical : plan.src.slotLogical)
      o.push_back(outputOf(plan.src.threadBase(lane) + logical));
    return o;
  };
  for (int64_t s = 1; s < 32; s *= 2) {
    bool same = true;
    for (int64_t lane = 0; lane < 32 && same; ++lane)
      same = outputs(lane) == outputs(lane ^ s) &&
             plan.src.threadBase(lane) != plan.src.threadBase(lane ^ s);
    if (same)
      plan.offsets.push_back(s);
  }
  // The butterfly over those bits must combine exactly the elements of
  // each output: every one once (no replica twice, none left out).
  int64_t total = 1;
  for (int64_t e : g.srcShape)
    total *= e;
  SmallVector<int64_t> perOutput;
  for (int64_t e = 0; e < total; ++e) {
    int64_t o = outputOf(e);
    if (o >= static_cast<int64_t>(perOutput.size()))
      perOutput.resize(o + 1, 0);
    ++perOutput[o];
  }
  int64_t span = int64_t(1) << plan.offsets.size();
  for (int64_t lane = 0; lane < 32; ++lane) {
    llvm::DenseMap<int64_t, llvm::DenseSet<int64_t>> seen; // output -> elems
    for (int64_t x = 0; x < span; ++x) {
      int64_t other = lane;
      for (size_t b = 0; b < plan.offsets.size(); ++b)
        if ((x >> b) & 1)
          other ^= plan.offsets[b];
      for (int64_t logical : plan.src.slotLogical) {
        int64_t e = plan.src.threadBase(other) + logical;
        if (!seen[outputOf(e)].insert(e).second)
          return "the lanes sharing an output hold replicas of its elements";
      }
    }
    for (auto &[o, elems] : seen)
      if (static_cast<int64_t>(elems.size()) != perOutput[o])
        return "the lanes holding one output are not a power-of-two "
               "butterfly";
  }
  // Group source slots by output (same grouping on every lane).
  llvm::DenseMap<int64_t, int64_t> groupOf; // output at lane 0 -> group
  SmallVector<int64_t> slotGroup;
  for (size_t j = 0; j < plan.src.slotLogical.size(); ++j) {
    int64_t out = outputOf(plan.src.threadBase(0) + plan.src.slotLogical[j]);
    auto [it, inserted] = groupOf.try_emplace(out, plan.groups.size());
    if (inserted)
      plan.groups.emplace_back();
    plan.groups[it->second].push_back(j);
    slotGroup.push_back(it->second);
  }
  // Every lane: the group's output, and each destination slot's group.
  plan.dstGroup.assign(plan.dst.slotLogical.size(), -1);
  for (int64_t lane = 0; lane < 32; ++lane) {
    SmallVector<int64_t> groupOut(plan.groups.size(), -1);
    for (size_t j = 0; j < plan.src.slotLogical.size(); ++j) {
      int64_t out =
          outputOf(plan.src.threadBase(lane) + plan.src.slotLogical[j]);
      int64_t &slot = groupOut[slotGroup[j]];
      if (slot >= 0 && slot != out)
        return "a lane's registers do not group by output the same way on "
               "every lane";
      slot = out;
    }
    for (size_t j = 0; j < plan.dst.slotLogical.size(); ++j) {
      int64_t out = plan.dst.threadBase(lane) + plan.dst.slotLogical[j];
      auto it = llvm::find(groupOut, out);
      if (it == groupOut.end())
        return "lane " + std::to_string(lane) +
               " must hold an output it does not reduce (the destination "
               "layout must replicate outputs over the reducing lanes)";
      int64_t group = it - groupOut.begin();
      if (plan.dstGroup[j] >= 0 && plan.dstGroup[j] != group)
        return "the destination registers do not match the source groups "
               "the same way on every lane";
      plan.dstGroup[j] = group;
    }
  }
  return "";
}

TileVariant warpShuffleVariant() {
  TileVariant v;
  v.primitive = "reduce";
  v.name = "warp_shuffle";
  v.priority = 10;
  v.summary = "per-lane register reduction, then a shfl.sync.bfly tree over "
              "the lanes that share an output";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    ShufflePlan plan;
    return planShuffle(op, ctx, plan);
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileReduceOp>(iop.getOperation());
    ShufflePlan plan;
    (void)planShuffle(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Type elem = ops[1].getElementType();
    Value srcRegs = localRegisters(b, loc, ops[1].value);
    Value dstRegs = localRegisters(b, loc, ops[0].value);
    Value mask = cI32(b, loc, -1), clamp = cI32(b, loc, 31);
    SmallVector<Value> results;
    for (const auto &group : plan.groups) {
      Value acc;
      for (int64_t j : group) {
        Value x = BufferLoadOp::create(
            b, loc, elem, srcRegs,
            ValueRange{cIndex(b, loc, plan.src.slotMemory[j])});
        acc = acc ? combine(b, loc, op.getKind(), acc, x) : x;
      }
      for (int64_t off : plan.offsets) {
        Value other = PTXShflSyncOp::create(b, loc, elem, Type(),
                                            ptx::ShflKind::Bfly, mask, acc,
                                            cI32(b, loc, off), clamp)
                          .getRes();
        acc = combine(b, loc, op.getKind(), acc, other);
      }
      results.push_back(acc);
    }
    for (size_t j = 0; j < plan.dstGroup.size(); ++j) {
      Value reg = cIndex(b, loc, plan.dst.slotMemory[j]);
      Value value = results[plan.dstGroup[j]];
      if (op.getAccumulate())
        value = combine(b, loc, op.getKind(),
                        BufferLoadOp::create(b, loc, elem, dstRegs,
                                             ValueRange{reg}),
                        value);
      BufferStoreOp::create(b, loc, value, dstRegs, ValueRange{reg});
    }
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// shared
//===----------------------------------------------------------------------===//

struct SharedPlan {
  Geometry g;
  int64_t group = 1, threads = 1;
};

std::string planShared(TileOpInterface iop, const TileDispatchContext &ctx,
                       SharedPlan &plan) {
  auto op = cast<TileReduceOp>(iop.getOperation());
  SmallVector<TileOperand> ops = iop.getTileOperands();
  if (ctx.scope == ExecScope::Thread)
    return "needs warp, warpgroup or CTA scope";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  for (const TileOperand &o : ops)
    if (o.getMemorySpace() == MemorySpace::Local ||
        o.getMemorySpace() == MemorySpace::TMem)
      return "'" + o.role.str() + "' must be in shared or global memory";
  if (std::string why = checkType(ops[1].getElementType()); !why.empty())
    return why;
  plan.g = geometry(op, ops[1]);
  plan.threads = ctx.scopeThreads;
  if (plan.threads % 32 != 0)
    return "the scope's thread count is not a multiple of 32";
  int64_t group = 32;
  while (group > 1 && group / 2 >= plan.g.length)
    group /= 2;
  plan.group = group;
  return "";
}

TileVariant sharedVariant() {
  TileVariant v;
  v.primitive = "reduce";
  v.name = "shared";
  v.priority = 10;
  v.summary = "lane groups per output over a shared/global tile with a "
              "shfl.sync.bfly tree";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    SharedPlan plan;
    return planShared(op, ctx, plan);
  };
  v.emit = [](TileOpInterface iop, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto op = cast<TileReduceOp>(iop.getOperation());
    SharedPlan plan;
    (void)planShared(iop, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = iop.getTileOperands();
    Type elem = ops[1].getElementType();
    const Geometry &g = plan.g;
    int64_t perPass = plan.threads / plan.group;
    int64_t passes = llvm::divideCeil(g.outputs, perPass);
    Value tid = scopeThreadId(b, loc, ctx);
    Value grp = divI(b, loc, tid, plan.group);
    Value j = remI(b, loc, tid, plan.group);
    Value mask = cI32(b, loc, -1), clamp = cI32(b, loc, 31);
    int64_t strided = llvm::divideCeil(g.length, plan.group);
    emitLoop(
        b, loc, passes,
        [&](OpBuilder &b, Value pass) {
          Value o = addI(b, loc, mulI(b, loc, pass, perPass), grp);
          Value active = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, o, cIndex(b, loc, g.outputs));
          // Inactive groups read output 0 and contribute the identity.
          Value oSafe = arith::SelectOp::create(b, loc, active, o,
                                                cIndex(b, loc, 0));
          Value acc = identity(b, loc, op.getKind(), elem);
          for (int64_t k = 0; k < strided; ++k) {
            Value r = addI(b, loc, j, k * plan.group);
            Value inRange = arith::CmpIOp::create(
                b, loc, arith::CmpIPredicate::ult, r,
                cIndex(b, loc, g.length));
            Value rSafe = arith::SelectOp::create(b, loc, inRange, r,
                                                  cIndex(b, loc, 0));
            Value x = BufferLoadOp::create(
                b, loc, elem, ops[1].value,
                regionIndices(b, loc, ops[1],
                              sourceCoords(b, loc, g, oSafe, rSafe)));
            Value use = arith::AndIOp::create(b, loc, active, inRange);
            x = arith::SelectOp::create(b, loc, use, x,
                                        identity(b, loc, op.getKind(), elem));
            acc = combine(b, loc, op.getKind(), acc, x);
          }
          for (int64_t off = 1; off < plan.group; off *= 2) {
            Value other = PTXShflSyncOp::create(b, loc, elem, Type(),
                                                ptx::ShflKind::Bfly, mask, acc,
                                                cI32(b, loc, off), clamp)
                              .getRes();
            acc = combine(b, loc, op.getKind(), acc, other);
          }
          Value leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                               j, cIndex(b, loc, 0));
          Value write = arith::AndIOp::create(b, loc, leader, active);
          emitIf(b, loc, write, [&](OpBuilder &b) {
            Value result = acc;
            if (op.getAccumulate())
              result = combine(b, loc, op.getKind(), loadAt(b, loc, ops[0], o),
                               result);
            storeAt(b, loc, ops[0], o, result);
          });
        },
        /*unrollLimit=*/4);
    return success();
  };
  return v;
}

} // namespace

void tile::registerReduceVariants() {
  registerTileVariant(threadVariant());
  registerTileVariant(warpShuffleVariant());
  registerTileVariant(sharedVariant());
}
