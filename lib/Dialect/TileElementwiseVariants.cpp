//===- TileElementwiseVariants.cpp - fill/unary/binary/fma/cast -*- C++ -*-===//
//
// Two variants per elementwise primitive:
// `reg` (10): register operands; each thread computes the elements it holds
//   (its whole private buffer, or its part of a register fragment), fully
//   unrolled with constant register indices.
// `smem` (10): shared/global operands; the scope's threads split the region
//   in row-major vectors, as tirx.tile.copy does (single elements, the last
//   round guarded, when the region does not divide among the threads).
// Both use packed two-element forms where the target has them (f16x2 and
// bf16x2 arithmetic, f32x2 add/sub/mul/fma on sm_100, f32 -> f16x2/bf16x2
// conversions) unless `packed = false`. Transcendentals and float max/min
// are `math`/`arith` ops, which the pipeline lowers through libdevice like
// any other math in a kernel.
//
//===----------------------------------------------------------------------===//

#include "TileFragment.h"
#include "TileVariants.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

namespace {

bool isLocal(const TileOperand &o) {
  return o.isBuffer() && o.getMemorySpace() == MemorySpace::Local;
}
bool isDistributed(const TileOperand &o) {
  if (!isLocal(o))
    return false;
  LayoutAttr l = o.getBufferType().getTileLayout();
  return l && l.hasThreadAxes();
}

/// The elementwise computation of an op on values (scalars or vectors of
/// `width` elements); `inputs` are the operands after the destination.
Value compute(OpBuilder &b, Location loc, Operation *op, ValueRange inputs,
              Type resultType) {
  auto isFloat = [](Type t) {
    return isa<FloatType>(getElementTypeOrSelf(t));
  };
  Value x = inputs.empty() ? Value() : inputs[0];
  if (auto fill = dyn_cast<TileFillOp>(op)) {
    if (auto vec = dyn_cast<VectorType>(resultType))
      return vector::BroadcastOp::create(b, loc, vec, fill.getValue());
    return fill.getValue();
  }
  if (auto unary = dyn_cast<TileUnaryOp>(op)) {
    // Math functions are applied per element (libdevice has no vector
    // forms); arith ones on whole vectors.
    auto perElement = [&](function_ref<Value(Value)> f) -> Value {
      auto vec = dyn_cast<VectorType>(x.getType());
      if (!vec)
        return f(x);
      SmallVector<Value> parts;
      for (int64_t i = 0; i < vec.getNumElements(); ++i)
        parts.push_back(f(vector::ExtractOp::create(b, loc, x, i)));
      return vector::FromElementsOp::create(b, loc, vec, parts);
    };
    Type elem = getElementTypeOrSelf(x.getType());
    auto one = [&](Type t) -> Value {
      Value c = arith::ConstantOp::create(b, loc, elem,
                                          b.getFloatAttr(elem, 1.0));
      if (auto vec = dyn_cast<VectorType>(t))
        return vector::BroadcastOp::create(b, loc, vec, c);
      return c;
    };
    switch (unary.getKind()) {
    case TileUnaryKind::Neg:
      return arith::NegFOp::create(b, loc, x);
    case TileUnaryKind::Abs:
      return math::AbsFOp::create(b, loc, x);
    case TileUnaryKind::Exp:
      return perElement([&](Value v) { return math::ExpOp::create(b, loc, v); });
    case TileUnaryKind::Exp2:
      return perElement([&](Value v) { return math::Exp2Op::create(b, loc, v); });
    case TileUnaryKind::Log:
      return perElement([&](Value v) { return math::LogOp::create(b, loc, v); });
    case TileUnaryKind::Log2:
      return perElement([&](Value v) { return math::Log2Op::create(b, loc, v); });
    case TileUnaryKind::Sqrt:
      return math::SqrtOp::create(b, loc, x);
    case TileUnaryKind::Rsqrt:
      return perElement([&](Value v) { return math::RsqrtOp::create(b, loc, v); });
    case TileUnaryKind::Reciprocal:
      return arith::DivFOp::create(b, loc, one(x.getType()), x);
    case TileUnaryKind::Tanh:
      return perElement([&](Value v) { return math::TanhOp::create(b, loc, v); });
    case TileUnaryKind::Silu:
      return perElement([&](Value v) {
        Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, v));
        Value d = arith::AddFOp::create(b, loc, one(v.getType()), e);
        return Value(arith::DivFOp::create(b, loc, v, d));
      });
    case TileUnaryKind::Relu: {
      Value zero = arith::ConstantOp::create(b, loc, elem,
                                             b.getFloatAttr(elem, 0.0));
      if (auto vec = dyn_cast<VectorType>(x.getType()))
        zero = vector::BroadcastOp::create(b, loc, vec, zero);
      return arith::MaxNumFOp::create(b, loc, x, zero);
    }
    }
  }
  if (auto binary = dyn_cast<TileBinaryOp>(op)) {
    Value y = inputs[1];
    bool f = isFloat(x.getType());
    switch (binary.getKind()) {
    case TileBinaryKind::Add:
      return f ? Value(arith::AddFOp::create(b, loc, x, y))
               : Value(arith::AddIOp::create(b, loc, x, y));
    case TileBinaryKind::Sub:
      return f ? Value(arith::SubFOp::create(b, loc, x, y))
               : Value(arith::SubIOp::create(b, loc, x, y));
    case TileBinaryKind::Mul:
      return f ? Value(arith::MulFOp::create(b, loc, x, y))
               : Value(arith::MulIOp::create(b, loc, x, y));
    case TileBinaryKind::Div:
      return f ? Value(arith::DivFOp::create(b, loc, x, y))
               : Value(arith::DivSIOp::create(b, loc, x, y));
    case TileBinaryKind::Max:
      return f ? Value(arith::MaxNumFOp::create(b, loc, x, y))
               : Value(arith::MaxSIOp::create(b, loc, x, y));
    case TileBinaryKind::Min:
      return f ? Value(arith::MinNumFOp::create(b, loc, x, y))
               : Value(arith::MinSIOp::create(b, loc, x, y));
    }
  }
  if (isa<TileFmaOp>(op))
    return math::FmaOp::create(b, loc, inputs[0], inputs[1], inputs[2]);
  if (isa<TileCastOp>(op)) {
    Type from = getElementTypeOrSelf(x.getType());
    Type to = getElementTypeOrSelf(resultType);
    if (from == to)
      return x;
    auto fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
    if (isa<FloatType>(from) && isa<FloatType>(to))
      return fw < tw ? Value(arith::ExtFOp::create(b, loc, resultType, x))
                     : Value(arith::TruncFOp::create(b, loc, resultType, x));
    if (isa<FloatType>(to))
      return arith::SIToFPOp::create(b, loc, resultType, x);
    if (isa<FloatType>(from))
      return arith::FPToSIOp::create(b, loc, resultType, x);
    return fw < tw ? Value(arith::ExtSIOp::create(b, loc, resultType, x))
                   : Value(arith::TruncIOp::create(b, loc, resultType, x));
  }
  return {};
}

/// Element types the elementwise variants handle: floats and signless
/// integers.
std::string checkElementTypes(ArrayRef<TileOperand> ops) {
  for (const TileOperand &o : ops) {
    Type t = o.getElementType();
    if (isa<VectorType>(t))
      return "vector element types are not supported";
    if (auto i = dyn_cast<IntegerType>(t); i && !i.isSignless())
      return "signed/unsigned integer element types are not supported (use "
             "signless integers)";
  }
  return "";
}

/// The widest packed form (elements) the op has on the target.
int64_t packedWidth(Operation *op, const TileDispatchContext &ctx,
                    Type elem, Type resultElem) {
  if (auto attr = op->getAttrOfType<DictionaryAttr>("config"))
    if (auto packed = attr.getAs<BoolAttr>("packed"); packed && !packed.getValue())
      return 1;
  auto isKind = [&](std::initializer_list<TileBinaryKind> kinds) {
    auto binary = dyn_cast<TileBinaryOp>(op);
    return binary && llvm::is_contained(kinds, binary.getKind());
  };
  if (isa<TileFillOp>(op))
    return 1;
  if (isa<TileCastOp>(op))
    return (elem.isF32() && (resultElem.isF16() || resultElem.isBF16()) &&
            ctx.atLeast(80))
               ? 2
               : 1;
  bool arithmetic = isKind({TileBinaryKind::Add, TileBinaryKind::Sub,
                            TileBinaryKind::Mul, TileBinaryKind::Max,
                            TileBinaryKind::Min}) ||
                    isa<TileFmaOp>(op);
  if (elem.isF16() && (arithmetic || isa<TileUnaryOp>(op)) && ctx.atLeast(53))
    return 2;
  if (elem.isBF16() && arithmetic && ctx.atLeast(90))
    return 2;
  if (elem.isF32() && ctx.atLeast(100) &&
      (isKind({TileBinaryKind::Add, TileBinaryKind::Sub,
               TileBinaryKind::Mul}) ||
       isa<TileFmaOp>(op)))
    return 2;
  return 1;
}

//===----------------------------------------------------------------------===//
// reg
//===----------------------------------------------------------------------===//

/// `fragment`: the destination's register fragment (when spread over
/// threads); `perOperand`: every buffer operand's own (its registers may
/// hold the same elements in another order).
std::string planReg(TileOpInterface op, const TileDispatchContext &ctx,
                    std::optional<Fragment> &fragment,
                    SmallVectorImpl<std::optional<Fragment>> *perOperand =
                        nullptr) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  if (std::string why = checkElementTypes(ops); !why.empty())
    return why;
  bool anyDistributed = false;
  for (const TileOperand &o : ops) {
    if (o.isBuffer() && !isLocal(o))
      return "'" + o.role.str() + "' is not a register buffer";
    anyDistributed |= isDistributed(o);
  }
  if (!anyDistributed)
    return ""; // every thread computes its whole private region
  for (const TileOperand &o : ops)
    if (o.isBuffer() && !isDistributed(o))
      return "'" + o.role.str() +
             "' is a private register buffer while another operand is spread "
             "over threads";
  std::string why;
  if (perOperand)
    perOperand->assign(ops.size(), std::nullopt);
  for (auto [k, o] : llvm::enumerate(ops)) {
    if (!o.isBuffer())
      continue;
    if (!o.isWholeBuffer())
      return "register fragment '" + o.role.str() + "' must be a whole buffer";
    FailureOr<Fragment> f =
        analyzeFragment(o.getBufferType(), ctx.scope, ctx.scopeThreads, why);
    if (failed(f))
      return "register layout of '" + o.role.str() + "': " + why;
    if (perOperand)
      (*perOperand)[k] = *f;
    if (!fragment) {
      fragment = std::move(*f);
      continue;
    }
    if (f->slotLogical != fragment->slotLogical ||
        f->threadBase(1) != fragment->threadBase(1) ||
        f->threadDigits.size() != fragment->threadDigits.size())
      return "the operands' register layouts spread elements differently";
    for (int64_t t = 0; t < ctx.scopeThreads; ++t)
      if (f->threadBase(t) != fragment->threadBase(t))
        return "the operands' register layouts spread elements differently";
  }
  return "";
}

LogicalResult emitReg(TileOpInterface op, const TileDispatchContext &ctx,
                      RewriterBase &b) {
  std::optional<Fragment> fragment;
  SmallVector<std::optional<Fragment>, 4> fragments;
  (void)planReg(op, ctx, fragment, &fragments);
  Location loc = op.getLoc();
  SmallVector<TileOperand> ops = op.getTileOperands();
  Type resultElem = ops[0].getElementType();
  Type inputElem = ops.size() > 1 ? ops[1].getElementType() : resultElem;
  int64_t pack = packedWidth(op, ctx, inputElem, resultElem);
  if (!fragment) {
    int64_t n = ops[0].getNumElements();
    for (int64_t i = 0; i < n;) {
      int64_t v = (i + pack <= n && pack > 1) ? pack : 1;
      // Packed accesses need a vector-friendly (contiguous) region.
      for (const TileOperand &o : ops)
        if (o.isBuffer() && contiguousRun(o, v) < v)
          v = 1;
      Value linear = cIndex(b, loc, i);
      SmallVector<Value> inputs;
      for (const TileOperand &o : ArrayRef<TileOperand>(ops).drop_front())
        inputs.push_back(loadAt(b, loc, o, linear, v));
      Value result = compute(b, loc, op, inputs, vectorOf(resultElem, v));
      storeAt(b, loc, ops[0], linear, result);
      i += v;
    }
    return success();
  }
  // Register fragments: the same elements of every operand, each at its
  // own register (the operands' layouts may order the registers
  // differently).
  SmallVector<Value> regs;
  for (const TileOperand &o : ops)
    regs.push_back(o.isBuffer() ? localRegisters(b, loc, o.value) : Value());
  const Fragment &f = *fragment;
  size_t n = f.slotMemory.size();
  auto regOf = [&](size_t k, size_t j) {
    return fragments[k] ? fragments[k]->slotMemory[j] : f.slotMemory[j];
  };
  for (size_t j = 0; j < n;) {
    int64_t v = 1;
    if (pack > 1 && j + pack <= n) {
      bool ok = true;
      for (size_t k = 0; k < ops.size(); ++k) {
        if (!ops[k].isBuffer())
          continue;
        ok &= regOf(k, j) % pack == 0;
        for (int64_t e = 1; e < pack; ++e)
          ok &= regOf(k, j + e) == regOf(k, j) + e;
      }
      if (ok)
        v = pack;
    }
    SmallVector<Value> inputs;
    for (size_t k = 1; k < ops.size(); ++k) {
      if (!ops[k].isBuffer()) {
        inputs.push_back(v == 1 ? ops[k].value
                                : Value(vector::BroadcastOp::create(
                                      b, loc, VectorType::get({v}, ops[k].value.getType()),
                                      ops[k].value)));
        continue;
      }
      inputs.push_back(BufferLoadOp::create(
          b, loc, vectorOf(ops[k].getElementType(), v), regs[k],
          ValueRange{cIndex(b, loc, regOf(k, j))}));
    }
    Value result = compute(b, loc, op, inputs, vectorOf(resultElem, v));
    BufferStoreOp::create(b, loc, result, regs[0],
                          ValueRange{cIndex(b, loc, regOf(0, j))});
    j += v;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// smem
//===----------------------------------------------------------------------===//

struct MemPlan {
  int64_t vec = 1, threads = 1, numVectors = 0;
};

std::string planMem(TileOpInterface op, const TileDispatchContext &ctx,
                    MemPlan &plan) {
  SmallVector<TileOperand> ops = op.getTileOperands();
  if (std::string why = checkElementTypes(ops); !why.empty())
    return why;
  for (const TileOperand &o : ops)
    if (o.isBuffer() && (isLocal(o) || o.getMemorySpace() == MemorySpace::TMem))
      return "'" + o.role.str() + "' is not in shared or global memory";
  if (std::string why = checkCooperativeScope(ctx); !why.empty())
    return why;
  int64_t maxVec = std::max<int64_t>(1, 16 / elementBytes(ops[0].getElementType()));
  int64_t v = maxVec;
  for (const TileOperand &o : ops)
    if (o.isBuffer())
      v = std::min(v, contiguousRun(o, maxVec));
  plan.threads = ctx.scopeThreads;
  int64_t n = ops[0].getNumElements();
  while (v > 1 && (n / v) % plan.threads != 0)
    v /= 2;
  // Elements that do not divide among the threads: single elements, the
  // last round guarded.
  plan.vec = v;
  plan.numVectors = n / v;
  return "";
}

LogicalResult emitMem(TileOpInterface op, const TileDispatchContext &ctx,
                      RewriterBase &b) {
  MemPlan plan;
  (void)planMem(op, ctx, plan);
  Location loc = op.getLoc();
  SmallVector<TileOperand> ops = op.getTileOperands();
  Type resultElem = ops[0].getElementType();
  Value tid = plan.threads > 1 ? scopeThreadId(b, loc, ctx) : Value();
  bool ragged = plan.numVectors % plan.threads != 0;
  emitLoop(b, loc, llvm::divideCeil(plan.numVectors, plan.threads),
           [&](OpBuilder &b, Value it) {
    Value idx = mulI(b, loc, it, plan.threads);
    if (tid)
      idx = addI(b, loc, idx, tid);
    Value inside;
    if (ragged)
      inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, idx,
                                     cIndex(b, loc, plan.numVectors));
    emitIf(b, loc, inside, [&](OpBuilder &b) {
      Value linear = mulI(b, loc, idx, plan.vec);
      SmallVector<Value> inputs;
      for (const TileOperand &o : ArrayRef<TileOperand>(ops).drop_front())
        inputs.push_back(loadAt(b, loc, o, linear, plan.vec));
      Value result =
          compute(b, loc, op, inputs, vectorOf(resultElem, plan.vec));
      storeAt(b, loc, ops[0], linear, result);
    });
  });
  return success();
}

void registerFor(StringRef primitive) {
  std::vector<TileConfigKey> keys = {
      {"packed", TileConfigType::Bool,
       "use packed two-element instructions where the target has them "
       "(default true)"}};
  TileVariant reg;
  reg.primitive = primitive.str();
  reg.name = "reg";
  reg.priority = 10;
  reg.summary = "register operands: each thread computes its own elements";
  reg.configKeys = keys;
  reg.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    std::optional<Fragment> f;
    return planReg(op, ctx, f);
  };
  reg.emit = emitReg;
  registerTileVariant(reg);
  TileVariant mem;
  mem.primitive = primitive.str();
  mem.name = "smem";
  mem.priority = 10;
  mem.summary = "shared/global operands: the scope's threads split the "
                "region in vectors";
  mem.configKeys = keys;
  mem.match = [](TileOpInterface op, const TileDispatchContext &ctx) {
    MemPlan plan;
    return planMem(op, ctx, plan);
  };
  mem.emit = emitMem;
  registerTileVariant(mem);
}

} // namespace

void tile::registerElementwiseVariants() {
  for (StringRef p : {"fill", "unary", "binary", "fma", "cast"})
    registerFor(p);
}
