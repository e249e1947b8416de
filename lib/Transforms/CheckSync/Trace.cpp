//===- Trace.cpp - The synchronization trace of a kernel --------*- C++ -*-===//
//
// Walks a tirx.kernel in program order and records its synchronization-
// relevant ops with the threads that may and must execute them. A loop
// body is laid out twice: the first iteration (its induction variable
// bound to the lower bound when that is known) and "a later iteration"
// (unbound), so that what one iteration leaves behind meets the next one.
//
//===----------------------------------------------------------------------===//

#include "SyncModel.h"

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

/// Events past this many make the trace give up (the checks then stay
/// silent for the kernel): deep loop nests double the events per level.
static constexpr size_t kMaxEvents = 200000;

bool checksync::compatible(const Event &a, const Event &b) {
  size_t n = std::min(a.path.size(), b.path.size());
  for (size_t i = 0; i < n; ++i) {
    if (a.path[i] == b.path[i])
      continue;
    // Paths are branches from the root: the first difference decides.
    return (a.path[i] >> 1) != (b.path[i] >> 1);
  }
  return true;
}

Operation *checksync::waitLoopOp(WhileOp op) {
  Block &cond = op.getCond().front();
  Block &body = op.getBody().front();
  if (!llvm::hasSingleElement(body.without_terminator()) &&
      !body.without_terminator().empty())
    return nullptr;
  Operation *wait = nullptr;
  for (Operation &o : cond.without_terminator()) {
    if (isa<PTXMBarrierTestWaitOp, PTXMBarrierTestWaitParityOp,
            PTXMBarrierTryWaitOp, PTXMBarrierTryWaitParityOp>(o)) {
      if (wait)
        return nullptr;
      wait = &o;
      continue;
    }
    // Only the negation of the result and constants.
    if (o.getNumRegions() || !isMemoryEffectFree(&o))
      return nullptr;
  }
  return body.without_terminator().empty() ? wait : nullptr;
}

/// Whether `region` holds a tirx.break/continue leaving the loop that
/// contains it (not one of a nested loop).
static bool hasEarlyExit(Region &region) {
  bool found = false;
  region.walk([&](Operation *op) {
    if (isa<ForOp, WhileOp>(op))
      return WalkResult::skip();
    if (isa<BreakOp, ContinueOp>(op)) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Whether `v` is a value a wgmma accumulator chain passes along: the load
/// of an accumulator buffer feeding an MMA's D, or an MMA result stored
/// into one.
struct AccBuffers {
  llvm::DenseSet<Operation *> buffers;
  llvm::DenseSet<Operation *> chained; // loads and stores of the chain
};

static AccBuffers findAccumulators(KernelOp kernel) {
  AccBuffers acc;
  kernel.walk([&](PTXWGMMAMmaAsyncOp mma) {
    auto localAlloc = [](Value buffer) -> Operation * {
      auto alloc = buffer.getDefiningOp<AllocBufferOp>();
      if (!alloc || cast<BufferType>(alloc.getResult().getType())
                            .getMemorySpace() != MemorySpace::Local)
        return nullptr;
      return alloc;
    };
    for (Value in : {Value(mma.getD()), Value(mma.getA())})
      if (auto load = in.getDefiningOp<BufferLoadOp>())
        if (Operation *a = localAlloc(load.getBuffer())) {
          acc.buffers.insert(a);
          acc.chained.insert(load);
        }
    for (Operation *user : mma.getRes().getUsers())
      if (auto store = dyn_cast<BufferStoreOp>(user))
        if (Operation *a = localAlloc(store.getBuffer())) {
          acc.buffers.insert(a);
          acc.chained.insert(store);
        }
  });
  return acc;
}

Trace::Trace(KernelOp kernel, Evaluator &ev) : ev(ev) {
  AccBuffers acc = findAccumulators(kernel);
  accBuffers = std::move(acc.buffers);
  accChained = std::move(acc.chained);
  Ctx ctx;
  ctx.may.resize(ev.space.size(), true);
  ctx.must.resize(ev.space.size(), true);
  walkBlock(kernel.getBody().front(), ctx, 0);
  if (events.size() > kMaxEvents) {
    events.clear();
    truncated = true;
  }
}

Event &Trace::add(EvKind kind, Operation *op, const Ctx &ctx) {
  events.emplace_back();
  Event &e = events.back();
  e.kind = kind;
  e.op = op;
  e.may = ctx.may;
  e.must = ctx.must;
  e.path = ctx.path;
  e.loops = ctx.loops;
  e.laterCopy = ctx.laterCopy;
  return e;
}

void Trace::walkBlock(Block &block, Ctx &ctx, unsigned depth) {
  for (Operation &op : block) {
    if (events.size() > kMaxEvents || ctx.may.none())
      return;
    walkOp(&op, ctx, depth);
  }
}

static MemorySpace spaceOf(Type type) {
  if (auto b = dyn_cast<BufferType>(type))
    return b.getMemorySpace();
  if (auto p = dyn_cast<PtrType>(type))
    return p.getMemorySpace();
  return MemorySpace::Generic;
}

static bool isClusterScope(Type type) {
  return spaceOf(type) == MemorySpace::SharedCluster;
}

static bool isShared(Type type) {
  MemorySpace space;
  if (auto b = dyn_cast<BufferType>(type))
    space = b.getMemorySpace();
  else if (auto p = dyn_cast<PtrType>(type))
    space = p.getMemorySpace();
  else
    return false;
  return space == MemorySpace::Shared || space == MemorySpace::SharedDyn ||
         space == MemorySpace::SharedCluster;
}

void Trace::walkOp(Operation *op, Ctx &ctx, unsigned depth) {
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    // A copy: walking the branches binds loop variables (clearing the cache).
    Lanes c = ev.eval(ifOp.getCondition());
    uint32_t instance = ifInstances++;
    for (unsigned branch = 0; branch < 2; ++branch) {
      Region &region = branch == 0 ? ifOp.getThenRegion() : ifOp.getElseRegion();
      if (region.empty())
        continue;
      Ctx inner = ctx;
      for (int64_t t = 0; t < ev.space.size(); ++t) {
        if (!c.known.test(t)) {
          inner.must.reset(t);
          continue;
        }
        bool taken = (c.v[t] & 1) == (branch == 0 ? 1 : 0);
        if (!taken) {
          inner.may.reset(t);
          inner.must.reset(t);
        }
      }
      inner.path.push_back((instance << 1) | branch);
      if (inner.may.any())
        walkBlock(region.front(), inner, depth);
    }
    if (hasEarlyExit(ifOp.getThenRegion()) ||
        hasEarlyExit(ifOp.getElseRegion()))
      ctx.must.reset();
    return;
  }
  if (auto forOp = dyn_cast<ForOp>(op)) {
    const Lanes &lb = ev.eval(forOp.getLowerBound());
    const Lanes &ub = ev.eval(forOp.getUpperBound());
    const Lanes &st = ev.eval(forOp.getStep());
    std::optional<int64_t> first = lb.uniform();
    if (!lb.allKnown())
      first.reset();
    // Trip counts (signed bounds; index and iN alike).
    llvm::SmallVector<int64_t, 0> trips(ev.space.size(), -1);
    for (int64_t t = 0; t < ev.space.size(); ++t)
      if (lb.known.test(t) && ub.known.test(t) && st.known.test(t) &&
          st.v[t] > 0) {
        unsigned w = forOp.getLowerBound().getType().isIndex()
                         ? 64
                         : forOp.getLowerBound().getType().getIntOrFloatBitWidth();
        auto sx = [&](int64_t x) {
          return w >= 64 ? x
                         : static_cast<int64_t>(
                               (static_cast<uint64_t>(x) ^
                                (uint64_t(1) << (w - 1))) -
                               (uint64_t(1) << (w - 1)));
        };
        int64_t l = sx(lb.v[t]), u = sx(ub.v[t]);
        trips[t] = u <= l ? 0 : (u - l + st.v[t] - 1) / st.v[t];
      }
    bool exits = hasEarlyExit(forOp.getBody());
    Value iv = forOp.getInductionVar();
    for (unsigned copy = 0; copy < 2; ++copy) {
      Ctx inner = ctx;
      ++inner.loops;
      inner.laterCopy += copy;
      for (int64_t t = 0; t < ev.space.size(); ++t) {
        if (trips[t] < 0) {
          inner.must.reset(t);
          continue;
        }
        if (trips[t] <= copy) {
          inner.may.reset(t);
          inner.must.reset(t);
        }
      }
      if (copy == 1 && exits)
        inner.must.reset();
      if (inner.may.none())
        break;
      if (copy == 0 && first)
        ev.bind(iv, *first);
      walkBlock(*forOp.getBodyBlock(), inner, depth);
      if (copy == 0 && first)
        ev.unbind(iv);
      // Deep nests: only the first copy below a depth of 6.
      if (inner.loops > 6)
        break;
    }
    return;
  }
  if (auto whileOp = dyn_cast<WhileOp>(op)) {
    if (waitLoopOp(whileOp)) {
      walkBlock(whileOp.getCond().front(), ctx, depth);
      return;
    }
    for (unsigned copy = 0; copy < 2; ++copy) {
      Ctx cond = ctx;
      ++cond.loops;
      cond.laterCopy += copy;
      if (copy)
        cond.must.reset();
      walkBlock(whileOp.getCond().front(), cond, depth);
      Ctx body = cond;
      body.must.reset();
      walkBlock(whileOp.getBody().front(), body, depth);
    }
    return;
  }
  if (auto call = dyn_cast<func::CallOp>(op)) {
    if (depth >= 4)
      return;
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, call.getCalleeAttr());
    if (callee && !callee.isExternal())
      walkBlock(callee.getBody().front(), ctx, depth + 1);
    return;
  }
  addAccesses(op, ctx);
  if (op->getNumRegions() && !isa<KernelOp>(op)) {
    Ctx inner = ctx;
    inner.must.reset();
    for (Region &r : op->getRegions())
      for (Block &b : r)
        walkBlock(b, inner, depth);
  }
}

void Trace::addAccesses(Operation *op, const Ctx &ctx) {
  // mbarriers.
  if (auto init = dyn_cast<PTXMBarrierInitOp>(op)) {
    Event &e = add(EvKind::MbarInit, op, ctx);
    e.ptr = resolvePtr(init.getBar());
    e.value = init.getCount();
    return;
  }
  if (auto inval = dyn_cast<PTXMBarrierInvalOp>(op)) {
    add(EvKind::MbarInval, op, ctx).ptr = resolvePtr(inval.getBar());
    return;
  }
  auto arrive = [&](auto a, bool drop, bool tx) {
    Event &e = add(EvKind::MbarArrive, op, ctx);
    e.ptr = resolvePtr(a.getBar());
    e.drop = drop;
    e.relaxed = a.getSem() && *a.getSem() == ptx::ArriveSem::Relaxed;
    e.clusterScope =
        a.getScope() && *a.getScope() == ptx::ClusterScope::Cluster;
    if (tx) {
      e.value2 = a.getCount();
      e.fixedArrivals = 1;
    } else {
      e.value = a.getCount();
      if (!e.value)
        e.fixedArrivals = 1;
    }
    e.remote = e.ptr && e.ptr->viaMapa;
  };
  if (auto a = dyn_cast<PTXMBarrierArriveOp>(op))
    return arrive(a, false, false);
  if (auto a = dyn_cast<PTXMBarrierArriveDropOp>(op))
    return arrive(a, true, false);
  if (auto a = dyn_cast<PTXMBarrierArriveExpectTxOp>(op))
    return arrive(a, false, true);
  if (auto a = dyn_cast<PTXMBarrierArriveDropExpectTxOp>(op))
    return arrive(a, true, true);
  auto noComplete = [&](auto a, bool drop) {
    Event &e = add(EvKind::MbarArrive, op, ctx);
    e.ptr = resolvePtr(a.getBar());
    e.value = a.getCount();
    e.drop = drop;
  };
  if (auto a = dyn_cast<PTXMBarrierArriveNoCompleteOp>(op))
    return noComplete(a, false);
  if (auto a = dyn_cast<PTXMBarrierArriveDropNoCompleteOp>(op))
    return noComplete(a, true);
  if (auto t = dyn_cast<PTXMBarrierExpectTxOp>(op)) {
    Event &e = add(EvKind::MbarExpectTx, op, ctx);
    e.ptr = resolvePtr(t.getBar());
    e.value2 = t.getTx();
    e.remote = e.ptr && e.ptr->viaMapa;
    return;
  }
  if (auto t = dyn_cast<PTXMBarrierCompleteTxOp>(op)) {
    Event &e = add(EvKind::MbarRemoteOp, op, ctx);
    e.ptr = resolvePtr(t.getBar());
    e.remote = e.ptr && e.ptr->viaMapa;
    return;
  }
  auto wait = [&](auto w, Value parity, bool test) {
    Event &e = add(EvKind::MbarWait, op, ctx);
    e.ptr = resolvePtr(w.getBar());
    e.value = parity;
    e.noWait = test;
  };
  if (auto w = dyn_cast<PTXMBarrierTestWaitOp>(op))
    return wait(w, Value(), true);
  if (auto w = dyn_cast<PTXMBarrierTestWaitParityOp>(op))
    return wait(w, w.getPhase(), true);
  if (auto w = dyn_cast<PTXMBarrierTryWaitOp>(op))
    return wait(w, Value(), false);
  if (auto w = dyn_cast<PTXMBarrierTryWaitParityOp>(op))
    return wait(w, w.getPhase(), false);
  if (auto a = dyn_cast<PTXCpAsyncMBarrierArriveOp>(op)) {
    Event &e = add(EvKind::MbarArrive, op, ctx);
    e.ptr = resolvePtr(a.getBar());
    // Without .noinc the pending count rises at issue and the arrival
    // takes it back: no net arrival.
    e.fixedArrivals = a.getNoinc() ? 1 : 0;
    return;
  }
  if (auto c = dyn_cast<PTXTcgen05CommitOp>(op)) {
    Event &e = add(EvKind::MbarArrive, op, ctx);
    e.ptr = resolvePtr(c.getBar());
    e.fixedArrivals = 1;
    e.multicast = static_cast<bool>(c.getMulticastMask());
    e.asyncArrive = true;
    return;
  }
  // Asynchronous copies.
  if (auto l = dyn_cast<PTXTMALoadOp>(op)) {
    Event &e = add(EvKind::AsyncWrite, op, ctx);
    e.ptr = resolvePtr(l.getDst());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    e.bar = resolvePtr(l.getBar());
    e.multicast = static_cast<bool>(l.getMulticastMask());
    e.value = l.getTmap();
    e.remote = e.multicast || (e.ptr && e.ptr->viaMapa);
    return;
  }
  if (auto b = dyn_cast<PTXCpAsyncBulkG2SOp>(op)) {
    Event &e = add(EvKind::AsyncWrite, op, ctx);
    e.ptr = resolvePtr(b.getDst());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    e.bar = resolvePtr(b.getBar());
    e.multicast = static_cast<bool>(b.getMulticastMask());
    e.value2 = b.getSize();
    e.remote = e.multicast || (e.ptr && e.ptr->viaMapa);
    return;
  }
  if (auto b = dyn_cast<PTXCpAsyncBulkS2SOp>(op)) {
    Event &r = add(EvKind::AsyncRead, op, ctx);
    r.ptr = resolvePtr(b.getSrc());
    r.mem = r.ptr ? r.ptr->alloc : nullptr;
    Event &e = add(EvKind::AsyncWrite, op, ctx);
    e.ptr = resolvePtr(b.getDst());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    e.bar = resolvePtr(b.getBar());
    e.value2 = b.getSize();
    e.remote = true;
    return;
  }
  if (auto s = dyn_cast<PTXTMAStoreOp>(op)) {
    Event &e = add(EvKind::AsyncRead, op, ctx);
    e.ptr = resolvePtr(s.getSrc());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    return;
  }
  if (auto s = dyn_cast<PTXTMAReduceOp>(op)) {
    Event &e = add(EvKind::AsyncRead, op, ctx);
    e.ptr = resolvePtr(s.getSrc());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    return;
  }
  if (auto s = dyn_cast<PTXCpAsyncBulkS2GOp>(op)) {
    Event &e = add(EvKind::AsyncRead, op, ctx);
    e.ptr = resolvePtr(s.getSrc());
    e.mem = e.ptr ? e.ptr->alloc : nullptr;
    return;
  }
  // MMAs: the shared-memory operands they read through descriptors.
  if (auto mma = dyn_cast<PTXWGMMAMmaAsyncOp>(op)) {
    for (Value desc : {Value(mma.getA()), Value(mma.getB())}) {
      if (!isa<IntegerType>(desc.getType()))
        continue;
      std::optional<PtrRef> r = resolvePtr(desc);
      if (!r || !r->alloc)
        continue;
      Event &e = add(EvKind::AsyncRead, op, ctx);
      e.ptr = r;
      e.mem = r->alloc;
    }
    Event &e = add(EvKind::WgmmaMma, op, ctx);
    if (auto load = mma.getD().getDefiningOp<BufferLoadOp>())
      e.accIn = load.getBuffer().getDefiningOp();
    for (Operation *user : mma.getRes().getUsers())
      if (auto store = dyn_cast<BufferStoreOp>(user))
        e.accOut = store.getBuffer().getDefiningOp();
    return;
  }
  if (auto mma = dyn_cast<PTXTcgen05MmaOp>(op)) {
    for (Value desc : {Value(mma.getA()), Value(mma.getB())}) {
      if (!isa<IntegerType>(desc.getType()))
        continue;
      std::optional<PtrRef> r = resolvePtr(desc);
      if (!r || !r->alloc)
        continue;
      Event &e = add(EvKind::AsyncRead, op, ctx);
      e.ptr = r;
      e.mem = r->alloc;
    }
    return;
  }
  if (isa<PTXWGMMAFenceOp>(op)) {
    add(EvKind::WgmmaFence, op, ctx);
    return;
  }
  if (isa<PTXWGMMACommitGroupOp>(op)) {
    add(EvKind::WgmmaCommit, op, ctx);
    return;
  }
  if (auto w = dyn_cast<PTXWGMMAWaitGroupOp>(op)) {
    add(EvKind::WgmmaWait, op, ctx).imm = w.getN();
    return;
  }
  // Tensor memory.
  if (isa<PTXTcgen05AllocOp>(op)) {
    add(EvKind::TmemAlloc, op, ctx);
    return;
  }
  if (isa<PTXTcgen05DeallocOp>(op)) {
    add(EvKind::TmemDealloc, op, ctx);
    return;
  }
  if (isa<PTXTcgen05RelinquishOp>(op)) {
    add(EvKind::TmemRelinquish, op, ctx);
    return;
  }
  // Fences and barriers.
  if (auto f = dyn_cast<PTXFenceProxyAsyncOp>(op)) {
    Event &e = add(EvKind::FenceProxyAsync, op, ctx);
    if (auto space = f.getSpace())
      e.spaces = *space == ptx::ProxySpace::Global      ? 1
                 : *space == ptx::ProxySpace::SharedCTA ? 2
                                                        : 6;
    return;
  }
  if (isa<PTXFenceMBarrierInitOp>(op)) {
    add(EvKind::FenceMbarInit, op, ctx);
    return;
  }
  if (auto b = dyn_cast<PTXBarrierSyncOp>(op)) {
    Event &e = add(EvKind::Barrier, op, ctx);
    e.value = b.getId();
    e.value2 = b.getCount();
    e.aligned = b.getAligned();
    return;
  }
  if (auto b = dyn_cast<PTXBarrierArriveOp>(op)) {
    Event &e = add(EvKind::Barrier, op, ctx);
    e.value = b.getId();
    e.value2 = b.getCount();
    e.aligned = b.getAligned();
    e.noWait = true;
    return;
  }
  if (auto b = dyn_cast<PTXBarrierRedOp>(op)) {
    Event &e = add(EvKind::Barrier, op, ctx);
    e.value = b.getId();
    e.value2 = b.getCount();
    e.aligned = b.getAligned();
    e.red = true;
    return;
  }
  if (auto a = dyn_cast<PTXBarrierClusterArriveOp>(op)) {
    Event &e = add(EvKind::ClusterArrive, op, ctx);
    e.aligned = a.getAligned();
    e.relaxed = a.getSem() && *a.getSem() == ptx::ArriveSem::Relaxed;
    return;
  }
  if (auto w = dyn_cast<PTXBarrierClusterWaitOp>(op)) {
    add(EvKind::ClusterWait, op, ctx).aligned = w.getAligned();
    return;
  }
  // Generic-proxy accesses to shared memory (and accumulator registers).
  auto generic = [&](bool write, Value ptrOrBuffer, bool isBuffer) {
    if (!isShared(ptrOrBuffer.getType()))
      return;
    std::optional<PtrRef> r;
    if (isBuffer) {
      if (Operation *a = resolveBuffer(ptrOrBuffer)) {
        r = PtrRef();
        r->alloc = a;
        r->opaqueOffset = true;
        // A view through mapa (a peer's memory).
        if (auto decl = ptrOrBuffer.getDefiningOp<DeclBufferOp>())
          if (std::optional<PtrRef> d = resolvePtr(decl.getData()))
            r->viaMapa = d->viaMapa;
      }
    } else {
      r = resolvePtr(ptrOrBuffer);
    }
    Event &e = add(write ? EvKind::GenericWrite : EvKind::GenericRead, op, ctx);
    e.ptr = r;
    e.mem = r ? r->alloc : nullptr;
    e.remote = (r && r->viaMapa) || isClusterScope(ptrOrBuffer.getType());
  };
  if (auto load = dyn_cast<BufferLoadOp>(op)) {
    if (Operation *a = load.getBuffer().getDefiningOp();
        a && accBuffers.count(a) && !accChained.count(op)) {
      Event &e = add(EvKind::AccAccess, op, ctx);
      e.mem = a;
      return;
    }
    return generic(false, load.getBuffer(), true);
  }
  if (auto store = dyn_cast<BufferStoreOp>(op)) {
    if (Operation *a = store.getBuffer().getDefiningOp();
        a && accBuffers.count(a) && !accChained.count(op)) {
      Event &e = add(EvKind::AccAccess, op, ctx);
      e.mem = a;
      e.write = true;
      return;
    }
    return generic(true, store.getBuffer(), true);
  }
  if (auto ld = dyn_cast<PTXLdOp>(op))
    return generic(false, ld.getPtr(), false);
  if (auto st = dyn_cast<PTXStOp>(op))
    return generic(true, st.getPtr(), false);
  if (auto a = dyn_cast<PTXAtomOp>(op))
    return generic(true, a.getPtr(), false);
  if (auto r = dyn_cast<PTXRedOp>(op))
    return generic(true, r.getPtr(), false);
  if (auto l = dyn_cast<PTXLdMatrixOp>(op))
    return generic(false, l.getPtr(), false);
  if (auto s = dyn_cast<PTXStMatrixOp>(op))
    return generic(true, s.getPtr(), false);
  if (auto c = dyn_cast<PTXCpAsyncOp>(op))
    return generic(true, c.getDst(), false);
  if (auto r = dyn_cast<PTXRedAsyncOp>(op)) {
    generic(true, r.getPtr(), false);
    Event &e = add(EvKind::MbarRemoteOp, op, ctx);
    e.ptr = resolvePtr(r.getBar());
    e.remote = e.ptr && e.ptr->viaMapa;
    return;
  }
  if (auto s = dyn_cast<PTXStAsyncOp>(op)) {
    generic(true, s.getPtr(), false);
    Event &e = add(EvKind::MbarRemoteOp, op, ctx);
    e.ptr = resolvePtr(s.getBar());
    e.remote = e.ptr && e.ptr->viaMapa;
    return;
  }
}
