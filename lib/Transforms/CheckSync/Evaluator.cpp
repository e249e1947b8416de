//===- Evaluator.cpp - Per-thread values for tirx-check-sync ----*- C++ -*-===//
//
// Integer SSA values evaluated for every thread of a cluster at once, and
// pointers resolved to the allocations they address.
//
//===----------------------------------------------------------------------===//

#include "SyncModel.h"

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

std::optional<int64_t> Lanes::uniform() const {
  std::optional<int64_t> u;
  for (unsigned t : known.set_bits()) {
    if (u && *u != v[t])
      return std::nullopt;
    u = v[t];
  }
  return u;
}

Lanes Evaluator::unknown() const {
  Lanes l;
  l.v.assign(lanes, 0);
  l.known.resize(lanes);
  return l;
}

Lanes Evaluator::splat(int64_t value) const {
  Lanes l;
  l.v.assign(lanes, value);
  l.known.resize(lanes, true);
  return l;
}

void Evaluator::bind(Value iv, int64_t value) {
  bound[iv] = value;
  clear();
}

void Evaluator::unbind(Value iv) {
  bound.erase(iv);
  clear();
}

/// Bits of an integer-like type (index: 64).
static unsigned widthOf(Type type) {
  if (type.isIndex())
    return 64;
  if (auto i = dyn_cast<IntegerType>(type))
    return i.getWidth();
  return 0;
}

/// `x` truncated to `w` bits, zero-extended (the evaluator's canonical form).
static int64_t norm(int64_t x, unsigned w) {
  if (w >= 64 || w == 0)
    return x;
  return static_cast<int64_t>(static_cast<uint64_t>(x) &
                              ((uint64_t(1) << w) - 1));
}

static int64_t sext(int64_t x, unsigned w) {
  if (w >= 64 || w == 0)
    return x;
  uint64_t m = uint64_t(1) << (w - 1);
  uint64_t u = static_cast<uint64_t>(norm(x, w));
  return static_cast<int64_t>((u ^ m) - m);
}

/// The stored value a load of a one-element local buffer reads: the
/// buffer's only store, when it comes before the load on every path (it
/// is in an enclosing block, earlier). Script variables live in such
/// buffers.
static Value reachingStore(BufferLoadOp load) {
  auto alloc = load.getBuffer().getDefiningOp<AllocBufferOp>();
  if (!alloc)
    return {};
  auto type = cast<BufferType>(alloc.getResult().getType());
  if (type.getMemorySpace() != MemorySpace::Local ||
      !type.hasStaticShape() || type.getNumElementsStatic() != 1)
    return {};
  BufferStoreOp store;
  for (Operation *user : alloc.getResult().getUsers()) {
    if (isa<BufferLoadOp>(user))
      continue;
    auto s = dyn_cast<BufferStoreOp>(user);
    if (!s || s.getBuffer() != alloc.getResult() || store)
      return {};
    store = s;
  }
  if (!store || isa<VectorType>(store.getValue().getType()))
    return {};
  Operation *ancestor = store->getBlock()->findAncestorOpInBlock(*load);
  if (!ancestor || ancestor == store || !store->isBeforeInBlock(ancestor))
    return {};
  return store.getValue();
}

/// The operands `v` is computed from (evaluated first).
static void dependencies(Value v, SmallVectorImpl<Value> &deps) {
  Operation *op = v.getDefiningOp();
  if (!op)
    return;
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    if (Value s = reachingStore(load))
      deps.push_back(s);
    return;
  }
  if (isa<arith::ArithDialect>(op->getDialect()) || isa<BindOp>(op) ||
      isa<ReinterpretOp>(op) || isa<PTXElectSyncOp>(op))
    for (Value operand : op->getOperands())
      deps.push_back(operand);
}

const Lanes &Evaluator::eval(Value root) {
  if (auto it = cache.find(root); it != cache.end())
    return *it->second;
  // Iteratively, so that long expression chains do not recurse deeply.
  llvm::SmallVector<std::pair<Value, bool>> stack = {{root, false}};
  llvm::DenseSet<Value> inProgress;
  size_t steps = 0;
  while (!stack.empty()) {
    auto [v, expanded] = stack.back();
    if (cache.count(v)) {
      stack.pop_back();
      continue;
    }
    if (!expanded && ++steps < 200000) {
      stack.back().second = true;
      inProgress.insert(v);
      SmallVector<Value, 4> deps;
      dependencies(v, deps);
      for (Value d : deps)
        if (!cache.count(d)) {
          if (inProgress.count(d))
            cache[d] = std::make_unique<Lanes>(unknown()); // a cycle
          else
            stack.push_back({d, false});
        }
      continue;
    }
    stack.pop_back();
    inProgress.erase(v);
    cache[v] = std::make_unique<Lanes>(compute(v));
  }
  return *cache[root];
}

Lanes Evaluator::compute(Value v) {
  if (auto it = bound.find(v); it != bound.end())
    return splat(it->second);
  unsigned w = widthOf(v.getType());
  auto sampled = [&]() {
    if (!sample || !w)
      return unknown();
    usedSample = true;
    return splat(norm(*sample, w));
  };
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    // A kernel function's argument (a runtime value); a loop's induction
    // variable that is not bound stays unknown.
    if (isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
      return sampled();
    return unknown();
  }
  Operation *op = v.getDefiningOp();
  auto get = [&](Value x) -> const Lanes & {
    auto it = cache.find(x);
    if (it == cache.end())
      cache[x] = std::make_unique<Lanes>(unknown());
    return *cache[x];
  };
  int64_t n = lanes;
  auto perThread = [&](auto fn) {
    Lanes l = unknown();
    for (int64_t t = 0; t < n; ++t)
      l.v[t] = norm(fn(t), w);
    l.known.set();
    return l;
  };
  // Scope ids.
  unsigned idx = cast<OpResult>(v).getResultNumber();
  int64_t bx = space.block[0], by = space.block[1];
  if (isa<ThreadIdOp>(op))
    return perThread([&](int64_t t) {
      int64_t tid = space.tidOf(lo + t);
      return idx == 0 ? tid % bx : idx == 1 ? (tid / bx) % by : tid / (bx * by);
    });
  if (isa<ThreadIdInWgOp>(op))
    return perThread([&](int64_t t) { return space.tidOf(lo + t) % 128; });
  if (isa<WarpIdOp>(op))
    return perThread([&](int64_t t) { return space.tidOf(lo + t) / 32; });
  if (isa<WarpgroupIdOp>(op))
    return perThread([&](int64_t t) { return space.tidOf(lo + t) / 128; });
  if (isa<WarpIdInWgOp>(op))
    return perThread([&](int64_t t) { return (space.tidOf(lo + t) / 32) % 4; });
  if (isa<LaneIdOp>(op))
    return perThread([&](int64_t t) { return space.tidOf(lo + t) % 32; });
  if (isa<CtaIdInClusterOp>(op)) {
    int64_t cx = space.cluster[0], cy = space.cluster[1];
    return perThread([&](int64_t t) {
      int64_t r = space.rankOf(lo + t);
      return idx == 0 ? r % cx : idx == 1 ? (r / cx) % cy : r / (cx * cy);
    });
  }
  if (isa<CtaIdOp, ClusterIdOp>(op))
    return sampled();
  StringRef name = op->getName().getStringRef();
  if (name == "tirx.ptx.sreg.laneid")
    return perThread([&](int64_t t) { return space.tidOf(lo + t) % 32; });
  if (name == "tirx.ptx.sreg.cluster_ctarank")
    return perThread([&](int64_t t) { return space.rankOf(lo + t); });
  if (name == "tirx.ptx.sreg.cluster_nctarank")
    return splat(space.ctas);
  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    if (auto i = dyn_cast<IntegerAttr>(cst.getValue()))
      return splat(norm(i.getValue().getSExtValue(), w));
    return unknown();
  }
  if (isa<BindOp, ReinterpretOp>(op)) {
    Value src = op->getOperand(0);
    if (!widthOf(src.getType()) || !w)
      return unknown();
    Lanes l = get(src);
    for (int64_t t = 0; t < n; ++t)
      l.v[t] = norm(l.v[t], w);
    return l;
  }
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    if (Value s = reachingStore(load))
      return get(s);
    auto type = cast<BufferType>(load.getBuffer().getType());
    if (type.getMemorySpace() == MemorySpace::Local)
      return unknown();
    return sampled();
  }
  if (auto elect = dyn_cast<PTXElectSyncOp>(op)) {
    // The lowest lane of the member mask (all members executing it).
    if (idx != 0)
      return unknown();
    // Without a member mask, every lane of the warp is a member.
    Lanes mask = elect.getMask() ? get(elect.getMask()) : splat(0xFFFFFFFF);
    Lanes l = unknown();
    for (int64_t t = 0; t < n; ++t) {
      if (!mask.known.test(t))
        continue;
      uint32_t m = static_cast<uint32_t>(mask.v[t]);
      if (!m)
        continue;
      l.v[t] = static_cast<int64_t>(space.tidOf(lo + t) % 32) ==
               static_cast<int64_t>(llvm::countr_zero(m));
      l.known.set(t);
    }
    return l;
  }
  if (!isa<arith::ArithDialect>(op->getDialect()) || !w)
    return unknown();
  // Casts.
  if (isa<arith::IndexCastOp, arith::ExtSIOp>(op)) {
    unsigned sw = widthOf(op->getOperand(0).getType());
    Lanes l = get(op->getOperand(0));
    for (int64_t t = 0; t < n; ++t)
      l.v[t] = norm(sext(l.v[t], sw), w);
    return l;
  }
  if (isa<arith::IndexCastUIOp, arith::ExtUIOp, arith::TruncIOp,
          arith::BitcastOp>(op)) {
    Lanes l = get(op->getOperand(0));
    for (int64_t t = 0; t < n; ++t)
      l.v[t] = norm(l.v[t], w);
    return l;
  }
  if (auto sel = dyn_cast<arith::SelectOp>(op)) {
    const Lanes &c = get(sel.getCondition());
    const Lanes &a = get(sel.getTrueValue());
    const Lanes &b = get(sel.getFalseValue());
    Lanes l = unknown();
    for (int64_t t = 0; t < n; ++t) {
      if (!c.known.test(t))
        continue;
      const Lanes &s = (c.v[t] & 1) ? a : b;
      if (s.known.test(t)) {
        l.v[t] = s.v[t];
        l.known.set(t);
      }
    }
    return l;
  }
  if (op->getNumOperands() != 2)
    return unknown();
  // The operation, decided once; the loop over threads is a switch.
  enum class K {
    Add, Sub, Mul, And, Or, Xor, Shl, ShrU, ShrS, MaxS, MinS, MaxU, MinU,
    DivS, RemS, FloorDivS, CeilDivS, DivU, RemU, CeilDivU, Cmp
  };
  K k;
  arith::CmpIPredicate pred = arith::CmpIPredicate::eq;
  if (isa<arith::AddIOp>(op)) k = K::Add;
  else if (isa<arith::SubIOp>(op)) k = K::Sub;
  else if (isa<arith::MulIOp>(op)) k = K::Mul;
  else if (isa<arith::AndIOp>(op)) k = K::And;
  else if (isa<arith::OrIOp>(op)) k = K::Or;
  else if (isa<arith::XOrIOp>(op)) k = K::Xor;
  else if (isa<arith::ShLIOp>(op)) k = K::Shl;
  else if (isa<arith::ShRUIOp>(op)) k = K::ShrU;
  else if (isa<arith::ShRSIOp>(op)) k = K::ShrS;
  else if (isa<arith::MaxSIOp>(op)) k = K::MaxS;
  else if (isa<arith::MinSIOp>(op)) k = K::MinS;
  else if (isa<arith::MaxUIOp>(op)) k = K::MaxU;
  else if (isa<arith::MinUIOp>(op)) k = K::MinU;
  else if (isa<arith::DivSIOp>(op)) k = K::DivS;
  else if (isa<arith::RemSIOp>(op)) k = K::RemS;
  else if (isa<arith::FloorDivSIOp>(op)) k = K::FloorDivS;
  else if (isa<arith::CeilDivSIOp>(op)) k = K::CeilDivS;
  else if (isa<arith::DivUIOp>(op)) k = K::DivU;
  else if (isa<arith::RemUIOp>(op)) k = K::RemU;
  else if (isa<arith::CeilDivUIOp>(op)) k = K::CeilDivU;
  else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
    k = K::Cmp;
    pred = cmp.getPredicate();
  } else {
    return unknown();
  }
  const Lanes &a = get(op->getOperand(0));
  const Lanes &b = get(op->getOperand(1));
  unsigned ow = widthOf(op->getOperand(0).getType());
  Lanes l = unknown();
  // i1 and/or know their result from one known operand.
  bool shortCircuit = w == 1 && (k == K::And || k == K::Or);
  for (int64_t t = 0; t < n; ++t) {
    bool ka = a.known.test(t), kb = b.known.test(t);
    if (shortCircuit && (ka || kb)) {
      int64_t x = ka ? a.v[t] : b.v[t];
      if ((k == K::And && x == 0) || (k == K::Or && x == 1)) {
        l.v[t] = x;
        l.known.set(t);
        continue;
      }
    }
    if (!ka || !kb)
      continue;
    int64_t x = a.v[t], y = b.v[t];
    int64_t sx = sext(x, ow), sy = sext(y, ow);
    uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
    int64_t r = 0;
    switch (k) {
    case K::Add: r = x + y; break;
    case K::Sub: r = x - y; break;
    case K::Mul: r = x * y; break;
    case K::And: r = x & y; break;
    case K::Or: r = x | y; break;
    case K::Xor: r = x ^ y; break;
    case K::Shl: r = uy < 64 ? static_cast<int64_t>(ux << uy) : 0; break;
    case K::ShrU: r = uy < 64 ? static_cast<int64_t>(ux >> uy) : 0; break;
    case K::ShrS: r = uy < 64 ? sx >> uy : (sx < 0 ? -1 : 0); break;
    case K::MaxS: r = std::max(sx, sy); break;
    case K::MinS: r = std::min(sx, sy); break;
    case K::MaxU: r = static_cast<int64_t>(std::max(ux, uy)); break;
    case K::MinU: r = static_cast<int64_t>(std::min(ux, uy)); break;
    case K::DivS:
    case K::RemS:
    case K::FloorDivS:
    case K::CeilDivS:
      if (sy == 0)
        continue;
      if (k == K::DivS)
        r = sx / sy;
      else if (k == K::RemS)
        r = sx % sy;
      else if (k == K::FloorDivS)
        r = sx / sy - ((sx % sy != 0) && ((sx < 0) != (sy < 0)));
      else
        r = sx / sy + ((sx % sy != 0) && ((sx < 0) == (sy < 0)));
      break;
    case K::DivU:
    case K::RemU:
    case K::CeilDivU:
      if (uy == 0)
        continue;
      if (k == K::DivU)
        r = static_cast<int64_t>(ux / uy);
      else if (k == K::RemU)
        r = static_cast<int64_t>(ux % uy);
      else
        r = static_cast<int64_t>(ux / uy + (ux % uy != 0));
      break;
    case K::Cmp: {
      using P = arith::CmpIPredicate;
      switch (pred) {
      case P::eq: r = x == y; break;
      case P::ne: r = x != y; break;
      case P::slt: r = sx < sy; break;
      case P::sle: r = sx <= sy; break;
      case P::sgt: r = sx > sy; break;
      case P::sge: r = sx >= sy; break;
      case P::ult: r = ux < uy; break;
      case P::ule: r = ux <= uy; break;
      case P::ugt: r = ux > uy; break;
      case P::uge: r = ux >= uy; break;
      }
      break;
    }
    }
    l.v[t] = norm(r, w);
    l.known.set(t);
  }
  return l;
}

//===----------------------------------------------------------------------===//
// Pointers
//===----------------------------------------------------------------------===//

std::string checksync::allocName(Operation *alloc) {
  if (auto name = alloc->getAttrOfType<StringAttr>("name"))
    return "'" + name.getValue().str() + "'";
  if (auto loc = dyn_cast<FileLineColLoc>(alloc->getLoc()))
    return "the buffer allocated on line " + std::to_string(loc.getLine());
  return "a shared buffer";
}

/// The allocation a buffer value views, with the indices a view adds.
static std::optional<PtrRef> resolveBufferRef(Value buffer, unsigned depth);

static std::optional<PtrRef> resolvePtrImpl(Value p, unsigned depth) {
  if (depth > 32)
    return std::nullopt;
  Operation *op = p.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (auto ptrTo = dyn_cast<PtrToOp>(op)) {
    std::optional<PtrRef> base = resolveBufferRef(ptrTo.getBuffer(), depth + 1);
    if (!base)
      return std::nullopt;
    auto type = cast<BufferType>(ptrTo.getBuffer().getType());
    if (base->alloc && ptrTo.getBuffer() == base->alloc->getResult(0)) {
      base->indices.assign(ptrTo.getIndices().begin(),
                           ptrTo.getIndices().end());
    } else if (type.getRank() == 1 && base->indices.size() <= 1) {
      // A 1-D view at the element the base addresses.
      if (base->indices.empty())
        base->indices.push_back(ptrTo.getIndices()[0]);
      else
        base->opaqueOffset = true; // offset on offset: not tracked
    } else {
      base->opaqueOffset = true;
    }
    return base;
  }
  if (auto mapa = dyn_cast<PTXMapaOp>(op)) {
    std::optional<PtrRef> r = resolvePtrImpl(mapa.getAddr(), depth + 1);
    if (r && !r->viaMapa) {
      r->viaMapa = true;
      r->mapaRank = mapa.getRank();
    }
    return r;
  }
  if (isa<ReinterpretOp, BindOp>(op))
    return resolvePtrImpl(op->getOperand(0), depth + 1);
  if (auto data = dyn_cast<BufferDataOp>(op))
    return resolveBufferRef(data.getBuffer(), depth + 1);
  if (auto access = dyn_cast<AccessPtrOp>(op)) {
    std::optional<PtrRef> r = resolveBufferRef(access.getBuffer(), depth + 1);
    if (r)
      r->opaqueOffset = true;
    return r;
  }
  if (isa<PtrByteOffsetOp>(op)) {
    std::optional<PtrRef> r = resolvePtrImpl(op->getOperand(0), depth + 1);
    if (r)
      r->opaqueOffset = true;
    return r;
  }
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    if (Value s = reachingStore(load))
      return resolvePtrImpl(s, depth + 1);
    return std::nullopt;
  }
  // Integer arithmetic on an address (a matrix descriptor): the operand
  // that is not a constant.
  if (isa<arith::ArithDialect>(op->getDialect()) && op->getNumResults() == 1 &&
      isa<IntegerType>(op->getResult(0).getType())) {
    Value chosen;
    for (Value operand : op->getOperands()) {
      if (operand.getDefiningOp<arith::ConstantOp>())
        continue;
      if (chosen)
        return std::nullopt; // two non-constant operands
      chosen = operand;
    }
    if (!chosen)
      return std::nullopt;
    std::optional<PtrRef> r = resolvePtrImpl(chosen, depth + 1);
    if (r)
      r->opaqueOffset = true;
    return r;
  }
  return std::nullopt;
}

static std::optional<PtrRef> resolveBufferRef(Value buffer, unsigned depth) {
  if (depth > 32)
    return std::nullopt;
  Operation *op = buffer.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (isa<AllocBufferOp>(op)) {
    PtrRef r;
    r.alloc = op;
    return r;
  }
  if (auto decl = dyn_cast<DeclBufferOp>(op)) {
    std::optional<PtrRef> r = resolvePtrImpl(decl.getData(), depth + 1);
    if (r && (decl.getElemOffset() || decl.getByteOffset()))
      r->opaqueOffset = true;
    return r;
  }
  if (isa<BufferSliceOp, BufferReshapeOp, BindOp>(op)) {
    std::optional<PtrRef> r = resolveBufferRef(op->getOperand(0), depth + 1);
    if (r && !isa<BindOp>(op))
      r->opaqueOffset = true;
    return r;
  }
  return std::nullopt;
}

std::optional<PtrRef> checksync::resolvePtr(Value p) {
  return resolvePtrImpl(p, 0);
}

Operation *checksync::resolveBuffer(Value buffer) {
  std::optional<PtrRef> r = resolveBufferRef(buffer, 0);
  return r ? r->alloc : nullptr;
}

Lanes PtrRef::element(Evaluator &ev) const {
  Lanes out;
  out.v.assign(ev.size(), 0);
  out.known.resize(ev.size());
  if (!alloc || opaqueOffset)
    return out;
  auto type = cast<BufferType>(alloc->getResult(0).getType());
  if (!type.hasStaticShape())
    return out;
  ArrayRef<int64_t> shape = type.getShape();
  if (indices.empty()) {
    out.known.set();
    return out;
  }
  if (indices.size() != shape.size() && indices.size() != 1)
    return out;
  out.known.set();
  for (size_t d = 0; d < indices.size(); ++d) {
    const Lanes &i = ev.eval(indices[d]);
    int64_t stride = 1;
    if (indices.size() == shape.size())
      for (size_t e = d + 1; e < shape.size(); ++e)
        stride *= shape[e];
    for (int64_t t = 0; t < ev.size(); ++t)
      out.v[t] += i.v[t] * stride;
    out.known &= i.known;
  }
  return out;
}

Lanes PtrRef::bytesToEnd(Evaluator &ev) const {
  Lanes e = element(ev);
  auto type = cast<BufferType>(alloc->getResult(0).getType());
  int64_t elem = std::max<int64_t>(1, getElementBitWidth(type.getElementType()) / 8);
  int64_t total = type.hasStaticShape() ? type.getNumElementsStatic() : 0;
  for (int64_t t = 0; t < ev.size(); ++t) {
    if (!type.hasStaticShape()) {
      e.known.reset(t);
      continue;
    }
    // An unknown element offset: the whole allocation bounds the copy.
    e.v[t] = e.known.test(t) ? (total - e.v[t]) * elem : total * elem;
  }
  if (type.hasStaticShape())
    e.known.set();
  return e;
}
