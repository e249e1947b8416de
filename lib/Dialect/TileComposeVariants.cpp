//===- TileComposeVariants.cpp - compose ops, select ------------*- C++ -*-===//
//
// The original TIRx's composite primitives and `select`:
// `compose` / `sequential` (10): the body's primitives inlined in order, a
//   barrier of the scope between two steps whose data passes through
//   shared or global memory (warp: bar.warp.sync; CTA: barrier.sync 0).
//   The new primitives are dispatched in turn.
// `binary_reduce`, `unary_reduce`, `binary_chain`, `reduce_negate` /
//   `decompose` (10): the same computation as a `tirx.tile.compose` of the
//   plain primitives (binary, fma, unary, reduce), which then dispatches.
// `select` / `elementwise` (10): each thread of the scope computes its
//   elements (its part of a register fragment, its whole private
//   registers, or a row-major share of a memory region): the predicate
//   region evaluated on the element's indices, then a select.
//
//===----------------------------------------------------------------------===//

#include "TileFragment.h"
#include "TileVariants.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

bool isMemory(const TileOperand &o) {
  return o.isBuffer() && o.getMemorySpace() != MemorySpace::Local &&
         o.getMemorySpace() != MemorySpace::TMem;
}

/// True when a step of `op` reads or writes shared or global memory.
bool touchesMemory(TileOpInterface op) {
  return llvm::any_of(op.getTileOperands(), isMemory);
}

/// Why the scope cannot order two steps that pass data through memory ("" if
/// it can, or needs nothing).
std::string barrierAvailability(const TileDispatchContext &ctx) {
  switch (ctx.scope) {
  case ExecScope::Thread:
  case ExecScope::Warp:
  case ExecScope::Cta:
    return "";
  case ExecScope::Warpgroup:
    return "steps through shared or global memory at warpgroup scope need a "
           "barrier of the warpgroup, which a primitive does not pick (write "
           "the steps as separate primitives with a named barrier between "
           "them)";
  case ExecScope::Cluster:
    return "cluster scope is not supported";
  }
  return "";
}

void emitScopeBarrier(OpBuilder &b, Location loc,
                      const TileDispatchContext &ctx) {
  if (ctx.scope == ExecScope::Warp) {
    PTXBarWarpSyncOp::create(b, loc, cI32(b, loc, -1));
    return;
  }
  if (ctx.scope == ExecScope::Cta)
    PTXBarrierSyncOp::create(b, loc, b.getUnitAttr(), Value(), Value());
}

/// The storage a buffer value views (through slices, reshapes, local views
/// and views over its data pointer).
Value storageRoot(Value v) {
  for (int depth = 0; depth < 64 && v; ++depth) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return v;
    if (auto s = dyn_cast<BufferSliceOp>(def)) {
      v = s.getSource();
      continue;
    }
    if (auto r = dyn_cast<BufferReshapeOp>(def)) {
      v = r.getSource();
      continue;
    }
    if (auto l = dyn_cast<TileLocalViewOp>(def)) {
      v = l.getSource();
      continue;
    }
    if (auto d = dyn_cast<DeclBufferOp>(def)) {
      Operation *p = d.getData().getDefiningOp();
      if (auto data = dyn_cast_or_null<BufferDataOp>(p)) {
        v = data.getBuffer();
        continue;
      }
      if (auto ptr = dyn_cast_or_null<PtrToOp>(p)) {
        v = ptr.getBuffer();
        continue;
      }
      return d.getData();
    }
    return v;
  }
  return v;
}

bool mayAlias(const TileOperand &a, const TileOperand &b) {
  if (!a.isBuffer() || !b.isBuffer())
    return false;
  Value ra = storageRoot(a.value), rb = storageRoot(b.value);
  if (ra == rb)
    return true;
  // Two pointers of unknown provenance: assume they may meet.
  return !isa<BufferType>(ra.getType()) && !isa<BufferType>(rb.getType()) &&
         ra.getType() == rb.getType();
}

//===----------------------------------------------------------------------===//
// Building tile primitives
//===----------------------------------------------------------------------===//

/// One region operand: the value and its region fields (empty for a whole
/// buffer or a scalar).
struct TileRegion {
  Value value;
  SmallVector<Value> dynamicOffsets;
  DenseI64ArrayAttr staticOffsets, sizes;
};

TileRegion regionOf(Value value, ValueRange dyn, DenseI64ArrayAttr stat,
                DenseI64ArrayAttr sizes) {
  return {value, SmallVector<Value>(dyn.begin(), dyn.end()), stat, sizes};
}

/// Creates `tirx.tile.<name>` in `scope` over `regions` (in order), then
/// `extra` operands (each with its segment size), with `attrs`.
Operation *createTile(OpBuilder &b, Location loc, StringRef name,
                      ExecScope scope, ArrayRef<TileRegion> regions,
                      ArrayRef<Value> extra, ArrayRef<int32_t> extraSegments,
                      ArrayRef<NamedAttribute> attrs, bool segmented = true) {
  OperationState state(loc, ("tirx.tile." + name).str());
  SmallVector<int32_t> segments;
  for (const TileRegion &r : regions) {
    state.addOperands(r.value);
    state.addOperands(r.dynamicOffsets);
    segments.push_back(1);
    segments.push_back(static_cast<int32_t>(r.dynamicOffsets.size()));
  }
  for (Value v : extra)
    if (v)
      state.addOperands(v);
  segments.append(extraSegments.begin(), extraSegments.end());
  if (segmented)
    state.addAttribute("operandSegmentSizes",
                       b.getDenseI32ArrayAttr(segments));
  state.addAttribute("scope", ExecScopeAttr::get(b.getContext(), scope));
  state.addAttributes(attrs);
  return b.create(state);
}

/// The region attributes of `regions` under their role names.
void addRegionAttrs(OpBuilder &b, SmallVectorImpl<NamedAttribute> &attrs,
                    ArrayRef<std::pair<StringRef, TileRegion>> regions) {
  for (auto &[role, r] : regions) {
    attrs.push_back(b.getNamedAttr(("static_" + role + "_offsets").str(),
                                   r.staticOffsets));
    attrs.push_back(b.getNamedAttr((role + "_sizes").str(), r.sizes));
  }
}

Operation *binaryStep(OpBuilder &b, Location loc, ExecScope scope,
                      TileBinaryKind kind, TileRegion dst, TileRegion lhs,
                      TileRegion rhs) {
  SmallVector<NamedAttribute> attrs = {b.getNamedAttr(
      "kind", TileBinaryKindAttr::get(b.getContext(), kind))};
  addRegionAttrs(b, attrs, {{"dst", dst}, {"lhs", lhs}, {"rhs", rhs}});
  return createTile(b, loc, "binary", scope, {dst, lhs, rhs}, {}, {}, attrs);
}

Operation *unaryStep(OpBuilder &b, Location loc, ExecScope scope,
                     TileUnaryKind kind, TileRegion dst, TileRegion src) {
  SmallVector<NamedAttribute> attrs = {
      b.getNamedAttr("kind", TileUnaryKindAttr::get(b.getContext(), kind))};
  addRegionAttrs(b, attrs, {{"dst", dst}, {"src", src}});
  return createTile(b, loc, "unary", scope, {dst, src}, {}, {}, attrs);
}

Operation *fmaStep(OpBuilder &b, Location loc, ExecScope scope, TileRegion dst,
                   TileRegion a, TileRegion x, TileRegion c) {
  SmallVector<NamedAttribute> attrs;
  addRegionAttrs(b, attrs, {{"dst", dst}, {"a", a}, {"b", x}, {"c", c}});
  return createTile(b, loc, "fma", scope, {dst, a, x, c}, {}, {}, attrs);
}

Operation *reduceStep(OpBuilder &b, Location loc, ExecScope scope,
                      TileReduceKind kind, TileRegion dst, TileRegion src,
                      DenseI64ArrayAttr axes, bool accumulate) {
  SmallVector<NamedAttribute> attrs = {
      b.getNamedAttr("kind", TileReduceKindAttr::get(b.getContext(), kind))};
  if (axes)
    attrs.push_back(b.getNamedAttr("axes", axes));
  if (accumulate)
    attrs.push_back(b.getNamedAttr("accumulate", b.getUnitAttr()));
  addRegionAttrs(b, attrs, {{"dst", dst}, {"src", src}});
  return createTile(b, loc, "reduce", scope, {dst, src}, {}, {}, attrs);
}

TileRegion scalarRegion(OpBuilder &b, Value v) {
  return {v, {}, b.getDenseI64ArrayAttr({}), b.getDenseI64ArrayAttr({})};
}

/// A `tirx.tile.compose` in `scope` whose body `build` fills.
TileComposeOp composeOf(OpBuilder &b, Location loc, ExecScope scope,
                        function_ref<void(OpBuilder &)> build) {
  OperationState state(loc, TileComposeOp::getOperationName());
  state.addAttribute("scope", ExecScopeAttr::get(b.getContext(), scope));
  mlir::Region *body = state.addRegion();
  body->push_back(new Block());
  Operation *op = b.create(state);
  OpBuilder inner(b.getContext());
  inner.setInsertionPointToStart(&op->getRegion(0).front());
  build(inner);
  return cast<TileComposeOp>(op);
}

std::string checkComposable(const TileDispatchContext &ctx) {
  if (ctx.scope == ExecScope::Cluster)
    return "cluster scope is not supported";
  return "";
}

//===----------------------------------------------------------------------===//
// compose: sequential
//===----------------------------------------------------------------------===//

/// The body's primitives and whether a barrier precedes each.
std::string planSequential(TileComposeOp op, const TileDispatchContext &ctx,
                           SmallVectorImpl<bool> *barrierBefore) {
  bool cooperative = ctx.scope != ExecScope::Thread;
  bool previousMemory = false, first = true;
  for (Operation &inner : op.getBody().front()) {
    auto tile = dyn_cast<TileOpInterface>(&inner);
    if (!tile)
      continue;
    bool memory = touchesMemory(tile);
    bool barrier = cooperative && !first && (memory || previousMemory);
    if (barrier)
      if (std::string why = barrierAvailability(ctx); !why.empty())
        return why;
    if (barrierBefore)
      barrierBefore->push_back(barrier);
    previousMemory = memory;
    first = false;
  }
  return checkComposable(ctx);
}

TileVariant sequentialVariant() {
  TileVariant v;
  v.primitive = "compose";
  v.name = "sequential";
  v.priority = 10;
  v.summary = "the body's primitives in order, with a barrier of the scope "
              "between steps through shared or global memory";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    return planSequential(cast<TileComposeOp>(op.getOperation()), ctx,
                          nullptr);
  };
  v.emit = [](TileOpInterface op, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto compose = cast<TileComposeOp>(op.getOperation());
    SmallVector<bool> barrierBefore;
    (void)planSequential(compose, ctx, &barrierBefore);
    SmallVector<Operation *> body;
    for (Operation &inner : compose.getBody().front())
      body.push_back(&inner);
    unsigned step = 0;
    for (Operation *inner : body) {
      if (isa<TileOpInterface>(inner) && barrierBefore[step++]) {
        b.setInsertionPoint(compose);
        emitScopeBarrier(b, inner->getLoc(), ctx);
      }
      inner->moveBefore(compose);
    }
    b.setInsertionPoint(compose);
    return success();
  };
  return v;
}

//===----------------------------------------------------------------------===//
// decompose
//===----------------------------------------------------------------------===//

TileVariant decomposeVariant(StringRef primitive, std::string summary,
                             TileMatchFn extraMatch,
                             std::function<void(Operation *, OpBuilder &)> build) {
  TileVariant v;
  v.primitive = primitive.str();
  v.name = "decompose";
  v.priority = 10;
  v.summary = std::move(summary);
  v.match = [extraMatch](TileOpInterface op, const TileDispatchContext &ctx) {
    if (std::string why = checkComposable(ctx); !why.empty())
      return why;
    return extraMatch ? extraMatch(op, ctx) : std::string();
  };
  v.emit = [build](TileOpInterface op, const TileDispatchContext &,
                   RewriterBase &b) -> LogicalResult {
    composeOf(b, op.getLoc(), op.getExecScope(),
              [&](OpBuilder &inner) { build(op.getOperation(), inner); });
    return success();
  };
  return v;
}

#define TIRX_REGION(op, Camel)                                                 \
  regionOf(op.get##Camel(), op.get##Camel##Offsets(),                          \
           op.getStatic##Camel##OffsetsAttr(), op.get##Camel##SizesAttr())

TileVariant binaryReduceDecompose() {
  return decomposeVariant(
      "binary_reduce",
      "tirx.tile.binary into dst, then tirx.tile.reduce of dst",
      nullptr, [](Operation *o, OpBuilder &b) {
        auto op = cast<TileBinaryReduceOp>(o);
        Location loc = op.getLoc();
        TileRegion dst = TIRX_REGION(op, Dst);
        binaryStep(b, loc, op.getScope(), op.getBinaryKind(), dst,
                   TIRX_REGION(op, Lhs), TIRX_REGION(op, Rhs));
        reduceStep(b, loc, op.getScope(), op.getReduceKind(),
                   TIRX_REGION(op, ReduceDst), dst, op.getAxesAttr(),
                   /*accumulate=*/false);
      });
}

TileVariant unaryReduceDecompose() {
  return decomposeVariant(
      "unary_reduce",
      "src * scale + bias (tirx.tile.fma / binary) and the function into "
      "dst, then tirx.tile.reduce of dst",
      nullptr, [](Operation *o, OpBuilder &b) {
        auto op = cast<TileUnaryReduceOp>(o);
        Location loc = op.getLoc();
        ExecScope scope = op.getScope();
        TileRegion dst = TIRX_REGION(op, Dst);
        TileRegion src = TIRX_REGION(op, Src);
        Value bias = op.getBias(), scale = op.getScale();
        if (bias && scale) {
          fmaStep(b, loc, scope, dst, src, scalarRegion(b, scale),
                  scalarRegion(b, bias));
          src = dst;
        } else if (scale) {
          binaryStep(b, loc, scope, TileBinaryKind::Mul, dst, src,
                     scalarRegion(b, scale));
          src = dst;
        } else if (bias) {
          binaryStep(b, loc, scope, TileBinaryKind::Add, dst, src,
                     scalarRegion(b, bias));
          src = dst;
        }
        unaryStep(b, loc, scope, op.getUnaryKind(), dst, src);
        reduceStep(b, loc, scope, op.getReduceKind(),
                   TIRX_REGION(op, ReduceDst), dst, op.getAxesAttr(),
                   /*accumulate=*/false);
      });
}

TileVariant binaryChainDecompose() {
  return decomposeVariant(
      "binary_chain",
      "tirx.tile.binary (operand0 op0 data) into dst, then dst op1 operand1",
      [](TileOpInterface op, const TileDispatchContext &) {
        SmallVector<TileOperand> ops = op.getTileOperands();
        if (mayAlias(ops[0], ops[3]))
          return std::string("'operand1' may share storage with 'dst', "
                             "which the first step overwrites");
        return std::string();
      },
      [](Operation *o, OpBuilder &b) {
        auto op = cast<TileBinaryChainOp>(o);
        Location loc = op.getLoc();
        TileRegion dst = TIRX_REGION(op, Dst);
        binaryStep(b, loc, op.getScope(), op.getOp0(), dst,
                   TIRX_REGION(op, Operand0), TIRX_REGION(op, Data));
        TileRegion operand1 = TIRX_REGION(op, Operand1);
        if (op.getReverse1())
          binaryStep(b, loc, op.getScope(), op.getOp1(), dst, operand1, dst);
        else
          binaryStep(b, loc, op.getScope(), op.getOp1(), dst, dst, operand1);
      });
}

TileVariant reduceNegateDecompose() {
  return decomposeVariant(
      "reduce_negate",
      "tirx.tile.reduce into dst (of -dst with accumulate), then a negation",
      nullptr, [](Operation *o, OpBuilder &b) {
        auto op = cast<TileReduceNegateOp>(o);
        Location loc = op.getLoc();
        ExecScope scope = op.getScope();
        TileRegion dst = TIRX_REGION(op, Dst);
        if (op.getAccumulate())
          unaryStep(b, loc, scope, TileUnaryKind::Neg, dst, dst);
        reduceStep(b, loc, scope, op.getKind(), dst, TIRX_REGION(op, Src),
                   op.getAxesAttr(), op.getAccumulate());
        unaryStep(b, loc, scope, TileUnaryKind::Neg, dst, dst);
      });
}

#undef TIRX_REGION

//===----------------------------------------------------------------------===//
// select: elementwise
//===----------------------------------------------------------------------===//

bool isDistributed(const TileOperand &o) {
  if (!o.isBuffer() || o.getMemorySpace() != MemorySpace::Local)
    return false;
  LayoutAttr l = o.getBufferType().getTileLayout();
  return l && l.hasThreadAxes();
}

/// How the scope's threads split the elements of a select.
struct SelectPlan {
  enum Kind { Private, Fragment, Memory } kind = Private;
  std::optional<tile::Fragment> fragment;
};

std::string planSelect(TileSelectOp op, const TileDispatchContext &ctx,
                       SelectPlan &plan) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  for (const TileOperand &o : ops)
    if (isa<VectorType>(o.getElementType()))
      return "vector element types are not supported";
  bool anyLocal = false, anyMemory = false, anyDistributed = false;
  for (const TileOperand &o : ops) {
    if (!o.isBuffer())
      continue;
    if (o.getMemorySpace() == MemorySpace::TMem)
      return "'" + o.role.str() + "' is in tensor memory";
    bool local = o.getMemorySpace() == MemorySpace::Local;
    anyLocal |= local;
    anyMemory |= !local;
    anyDistributed |= isDistributed(o);
  }
  if (anyLocal && anyMemory)
    return "mixes register and memory operands (copy one side first)";
  if (ctx.scope != ExecScope::Thread)
    if (std::string why = checkCooperativeScope(ctx); !why.empty())
      return why;
  if (anyMemory) {
    plan.kind = SelectPlan::Memory;
    return "";
  }
  if (!anyDistributed) {
    plan.kind = SelectPlan::Private;
    return "";
  }
  plan.kind = SelectPlan::Fragment;
  BufferType dstType = ops[0].getBufferType();
  for (const TileOperand &o : ops) {
    if (!o.isBuffer())
      continue;
    if (!o.isWholeBuffer())
      return "register fragment '" + o.role.str() + "' must be a whole buffer";
    if (o.getBufferType().getShape() != dstType.getShape() ||
        o.getBufferType().getLayout() != dstType.getLayout())
      return "'" + o.role.str() + "' has another shape or register layout "
             "than 'dst'";
  }
  std::string why;
  FailureOr<tile::Fragment> f =
      analyzeFragment(dstType, ctx.scope, ctx.scopeThreads, why);
  if (failed(f))
    return "register layout of 'dst': " + why;
  plan.fragment = std::move(*f);
  return "";
}

/// The predicate of `op` at buffer indices `indices` (cloned in place).
Value evaluatePredicate(OpBuilder &b, TileSelectOp op, ValueRange indices) {
  Block &body = op.getPredicate().front();
  IRMapping map;
  for (auto [arg, index] : llvm::zip(body.getArguments(), indices))
    map.map(arg, index);
  for (Operation &inner : body.without_terminator())
    b.clone(inner, map);
  return map.lookupOrDefault(cast<TileYieldOp>(body.getTerminator()).getValue());
}

TileVariant selectVariant() {
  TileVariant v;
  v.primitive = "select";
  v.name = "elementwise";
  v.priority = 10;
  v.summary = "each thread evaluates the predicate on its elements' indices "
              "(register fragment, private registers or a share of a memory "
              "region) and selects";
  v.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    SelectPlan plan;
    return planSelect(cast<TileSelectOp>(op.getOperation()), ctx, plan);
  };
  v.emit = [](TileOpInterface op, const TileDispatchContext &ctx,
              RewriterBase &b) -> LogicalResult {
    auto select = cast<TileSelectOp>(op.getOperation());
    SelectPlan plan;
    (void)planSelect(select, ctx, plan);
    Location loc = op.getLoc();
    SmallVector<TileOperand> ops = op.getTileOperands();
    const TileOperand &dst = ops[0];
    auto choose = [&](OpBuilder &b, ValueRange indices, Value t, Value f) {
      Value pred = evaluatePredicate(b, select, indices);
      return arith::SelectOp::create(b, loc, pred, t, f).getResult();
    };
    if (plan.kind == SelectPlan::Fragment) {
      const tile::Fragment &f = *plan.fragment;
      ArrayRef<int64_t> shape = dst.getBufferType().getShape();
      Value tid = scopeThreadId(b, loc, ctx);
      Value base = f.emitThreadBase(b, loc, tid);
      SmallVector<Value> regs;
      for (const TileOperand &o : ops)
        regs.push_back(o.isBuffer() ? localRegisters(b, loc, o.value)
                                    : Value());
      for (size_t j = 0; j < f.slotMemory.size(); ++j) {
        Value linear = addI(b, loc, base, f.slotLogical[j]);
        SmallVector<Value> indices = delinearize(b, loc, linear, shape);
        Value reg = cIndex(b, loc, f.slotMemory[j]);
        auto read = [&](unsigned i) -> Value {
          if (!ops[i].isBuffer())
            return ops[i].value;
          return BufferLoadOp::create(b, loc, ops[i].getElementType(),
                                      regs[i], ValueRange{reg});
        };
        Value r = choose(b, indices, read(1), read(2));
        BufferStoreOp::create(b, loc, r, regs[0], ValueRange{reg});
      }
      return success();
    }
    int64_t n = dst.getNumElements();
    int64_t threads = plan.kind == SelectPlan::Memory ? ctx.scopeThreads : 1;
    Value tid = threads > 1 ? scopeThreadId(b, loc, ctx) : Value();
    int64_t iterations = llvm::divideCeil(n, threads);
    emitLoop(b, loc, iterations, [&](OpBuilder &b, Value it) {
      Value linear = mulI(b, loc, it, threads);
      if (tid)
        linear = addI(b, loc, linear, tid);
      Value inside;
      if (n % threads)
        inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       linear, cIndex(b, loc, n));
      emitIf(b, loc, inside, [&](OpBuilder &b) {
        SmallVector<Value> indices = regionIndicesOfLinear(b, loc, dst, linear);
        // Named steps: the IR must not depend on the host compiler's
        // argument-evaluation order.
        Value falseValue = loadAt(b, loc, ops[2], linear);
        Value trueValue = loadAt(b, loc, ops[1], linear);
        Value r = choose(b, indices, trueValue, falseValue);
        storeAt(b, loc, dst, linear, r);
      });
    });
    return success();
  };
  return v;
}

} // namespace

void tile::registerComposeVariants() {
  registerTileVariant(sequentialVariant());
  registerTileVariant(binaryReduceDecompose());
  registerTileVariant(unaryReduceDecompose());
  registerTileVariant(binaryChainDecompose());
  registerTileVariant(reduceNegateDecompose());
  registerTileVariant(selectVariant());
}

/// The original TIRx's variant names, as aliases of ours (docs/TilePrimitives.md).
void tile::registerOriginalVariantNames() {
  struct Entry {
    const char *primitive, *alias;
    std::vector<std::string> names;
  };
  static const Entry entries[] = {
      {"copy", "vec_auto", {"vec"}},
      {"copy_async", "ldgsts", {"cp_async"}},
      {"copy_async", "tma_auto", {"tma", "tma_multicast"}},
      {"copy_async", "smem->tmem", {"tcgen05_cp"}},
      {"copy_async", "tmem<->local", {"tcgen05_ld", "tcgen05_st"}},
      {"gemm", "mma.m16n8k*", {"mma_sync"}},
      {"reduce", "local", {"thread", "warp_shuffle"}},
  };
  for (const Entry &e : entries)
    registerTileVariantAlias(e.primitive, e.alias, e.names);
}
