//===- Mem.cpp - ld, st, atom, red, red.async, st.async ---------*- C++ -*-===//
//
// The PTX memory instructions. Weak ld/st are plain accesses. Strong ones
// (relaxed, acquire, release, volatile) and every atom/red never race with
// each other; release stores and read-modify-writes publish the thread's
// clock at their location and acquire loads take it, so a flag handed over
// with st.release / ld.acquire orders the data around it. A release or
// acq_rel fence makes the next strong store a release; an acquire or
// acq_rel fence acquires what the strong loads before it observed.
// red.async and st.async act on a (peer) CTA's shared memory when they
// complete and complete_tx on that CTA's mbarrier.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "Exec.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static constexpr uint32_t kNone = ~0u;

namespace {

/// Element kind and count of a memory value; element bytes.
struct ValueShape {
  SK kind = SK::None;
  uint32_t count = 0;
  unsigned bytes() const { return count * skBytes(kind); }
};

Scope scopeOf(std::optional<ptx::MemSpace> space) {
  if (!space)
    return Scope::Generic;
  switch (*space) {
  case ptx::MemSpace::Global:
    return Scope::Global;
  case ptx::MemSpace::SharedCTA:
    return Scope::Shared;
  case ptx::MemSpace::SharedCluster:
    return Scope::SharedCluster;
  case ptx::MemSpace::Local:
    return Scope::Local;
  }
  return Scope::Generic;
}

/// The canonical key of an address for release/acquire edges.
uint64_t syncKey(ClusterExec &ex, Thread &t, uint64_t addr) {
  uint32_t rank;
  uint64_t off;
  if (addr < kLocalBase && ex.decodeShared(addr, t.cta, rank, off))
    return ex.sharedAddr(rank, off);
  return addr;
}

/// A release at `key` by `t` at scope `scope` of an access of scope
/// `level`: a release operation's own (`self`), else the pending release
/// fence's, narrowed to the access's.
void release(ClusterExec &ex, Thread &t, uint64_t key, uint8_t level,
             bool self) {
  if (!ex.vcWidth)
    return;
  uint8_t scope = self ? level : std::min(level, t.releaseFence);
  SyncRecord &r = ex.syncVC[key];
  if (r.vcs.size() < 2 * ex.ctas.size())
    r.vcs.resize(2 * ex.ctas.size());
  ex.joinInto(r.vcs[2 * t.cta + (scope >= kScopeCluster ? 1 : 0)],
              ex.vc(t.idx));
  ex.tick(t);
  t.releaseFence = kWeak;
  ++ex.syncEpoch;
}

/// An acquire at `key` by `t` at scope `scope`: it synchronizes with the
/// releases of its own CTA and, at `.cluster` scope or wider, with the
/// `.cluster`-or-wider releases of other CTAs. `now`: an acquire load;
/// else what a later acquire fence takes (Thread::observed*).
void acquire(ClusterExec &ex, Thread &t, uint64_t key, uint8_t scope,
             bool now) {
  if (!ex.vcWidth)
    return;
  auto it = ex.syncVC.find(key);
  if (it == ex.syncVC.end())
    return;
  const std::vector<std::vector<uint32_t>> &vcs = it->second.vcs;
  for (size_t i = 0; i < vcs.size(); ++i) {
    if (vcs[i].empty())
      continue;
    bool own = i / 2 == t.cta;
    if (!own && (!(i & 1) || scope < kScopeCluster))
      continue;
    if (now)
      ex.join(ex.vc(t.idx), vcs[i].data());
    else
      ex.joinInto(own ? t.observedLocal : t.observedWide, vcs[i].data());
  }
}

/// Accesses `bytes` at `addr` for thread `t` as a strong access of scope
/// `strong` (kWeak: a weak one).
uint8_t *memAccess(ClusterExec &ex, Thread &t, uint32_t op, uint64_t addr,
                   unsigned bytes, Scope scope, Access kind, uint8_t strong) {
  Accessor acc = ex.accessorOf(t, op);
  acc.strong = strong;
  unsigned align = llvm::isPowerOf2_32(bytes) ? std::min(bytes, 16u) : 1;
  return ex.accessAs(acc, addr, bytes, align, scope, kind, t.cta);
}

struct LdSt : ExtOp {
  bool store = false;
  uint32_t ptr, value; // the result slot for ld
  ValueShape shape;
  Scope scope = Scope::Generic;
  std::optional<ptx::MemSem> sem;
  /// MemScopeLevel of a strong access (volatile: `.sys`).
  uint8_t level = kScopeGPU;
  const char *name() const override { return store ? "st" : "ld"; }
  bool visible() const override { return sem && *sem != ptx::MemSem::Weak; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[ptr];
    uint8_t strong = sem && *sem != ptx::MemSem::Weak
                         ? level
                         : static_cast<uint8_t>(kWeak);
    uint64_t key = strong ? syncKey(ex, t, addr) : 0;
    // A store's event comes before its release (the clock it publishes),
    // a load's after its acquire.
    if (strong && store)
      ex.noteSync(strongAccessKey(key), SyncKind::Write);
    if (store && strong &&
        (*sem == ptx::MemSem::Release || t.releaseFence))
      release(ex, t, key, strong, *sem == ptx::MemSem::Release);
    else if (store && strong)
      ++ex.syncEpoch;
    uint8_t *p = memAccess(ex, t, I.loc, addr, shape.bytes(), scope,
                           store ? Access::Write : Access::Read, strong);
    if (!p)
      return Step::Fail;
    if (store) {
      std::memcpy(p, R + value, shape.bytes());
    } else {
      if (shape.bytes() <= 8)
        R[value] = 0;
      std::memcpy(R + value, p, shape.bytes());
      if (strong) {
        acquire(ex, t, key, strong, *sem == ptx::MemSem::Acquire);
        ex.noteSync(strongAccessKey(key), SyncKind::Read);
      }
    }
    return Step::Next;
  }
};

struct Atomic : ExtOp {
  ptx::AtomKind op;
  uint32_t ptr, value, cmp = kNone, result = kNone;
  ValueShape shape;
  bool isSigned = false;
  Scope scope = Scope::Generic;
  std::optional<ptx::MemSem> sem;
  uint8_t level = kScopeGPU; // PTX's default scope of atom and red
  const char *name() const override {
    return result == kNone ? "red" : "atom";
  }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[ptr];
    uint64_t key = syncKey(ex, t, addr);
    ex.noteSync(strongAccessKey(key), SyncKind::Write);
    bool rel = sem && (*sem == ptx::MemSem::Release ||
                       *sem == ptx::MemSem::AcqRel);
    bool acq = sem && (*sem == ptx::MemSem::Acquire ||
                       *sem == ptx::MemSem::AcqRel);
    if (rel || t.releaseFence)
      release(ex, t, key, level, rel);
    else
      ++ex.syncEpoch;
    // The read and the write of one atomic operation.
    uint8_t *p = memAccess(ex, t, I.loc, addr, shape.bytes(), scope,
                           Access::Read, level);
    if (!p || !memAccess(ex, t, I.loc, addr, shape.bytes(), scope,
                         Access::Write, level))
      return Step::Fail;
    unsigned eb = skBytes(shape.kind);
    uint8_t old[32];
    std::memcpy(old, p, shape.bytes());
    const uint8_t *vb = reinterpret_cast<const uint8_t *>(R + value);
    const uint8_t *cb =
        cmp == kNone ? nullptr : reinterpret_cast<const uint8_t *>(R + cmp);
    // atom/red.add.f32 (without .noftz, which PTX ISA 9.4 adds) flushes
    // subnormal inputs and results to sign-preserving zero on global
    // memory, not on shared memory (PTX ISA, atom and red).
    bool flush = addr >= kGlobalBase;
    for (uint32_t i = 0; i < shape.count; ++i) {
      uint64_t o = 0, v = 0, c = 0;
      std::memcpy(&o, old + i * eb, eb);
      std::memcpy(&v, vb + i * eb, eb);
      if (cb)
        std::memcpy(&c, cb + i * eb, eb);
      uint64_t n = combineElement(op, shape.kind, isSigned, o, v, c, flush);
      std::memcpy(p + i * eb, &n, eb);
    }
    if (result != kNone) {
      if (shape.bytes() <= 8)
        R[result] = 0;
      std::memcpy(R + result, old, shape.bytes());
    }
    acquire(ex, t, key, level, acq);
    return Step::Next;
  }
};

/// The asynchronous part of red.async / st.async.
struct RemoteAsync : AsyncOp {
  bool isStore = false;
  ptx::AtomKind op = ptx::AtomKind::Add;
  bool isSigned = false;
  uint64_t addr, bar;
  ValueShape shape;
  uint8_t value[32];
  bool complete(ClusterExec &ex) override {
    Accessor acc = ex.agentAccessor(*this, isStore ? "st.async" : "red.async");
    // st.async and red.async access memory through the generic proxy.
    acc.async = false;
    uint32_t cta = ex.threads[issuer].cta;
    if (!isStore) {
      acc.strong = kScopeCluster; // red.async is relaxed.cluster
      if (!ex.accessAs(acc, addr, shape.bytes(), shape.bytes(),
                       Scope::SharedCluster, Access::Read, cta))
        return false;
    }
    uint8_t *p = ex.accessAs(acc, addr, shape.bytes(),
                             std::min(shape.bytes(), 16u),
                             Scope::SharedCluster, Access::Write, cta);
    if (!p)
      return false;
    unsigned eb = skBytes(shape.kind);
    for (uint32_t i = 0; i < shape.count; ++i) {
      uint64_t o = 0, v = 0;
      std::memcpy(&o, p + i * eb, eb);
      std::memcpy(&v, value + i * eb, eb);
      uint64_t n = isStore ? v : combineElement(op, shape.kind, isSigned, o, v, 0);
      std::memcpy(p + i * eb, &n, eb);
    }
    auto it = ex.mbarriers.find(bar);
    if (it == ex.mbarriers.end() || !it->second.initialized) {
      ex.error(loc) << "the mbarrier this remote operation completes on is "
                       "not initialized";
      return false;
    }
    if (it->second.inflight)
      --it->second.inflight;
    return ex.mbarrierTx(it->second, bar, -int64_t(shape.bytes()),
                         vc.empty() ? nullptr : vc.data(), loc, nullptr);
  }
};

struct RemoteAsyncOp : ExtOp {
  bool isStore = false;
  ptx::AtomKind op = ptx::AtomKind::Add;
  bool isSigned = false;
  uint32_t ptr, value, bar;
  ValueShape shape;
  const char *name() const override {
    return isStore ? "st.async" : "red.async";
  }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    auto o = std::make_unique<RemoteAsync>();
    o->isStore = isStore;
    o->op = op;
    o->isSigned = isSigned;
    o->shape = shape;
    std::memcpy(o->value, R + value, shape.bytes());
    // The address and the mbarrier must be in the same CTA.
    uint32_t prank, brank;
    uint64_t poff, boff;
    if (!ex.decodeShared(R[ptr], t.cta, prank, poff) ||
        prank >= ex.ctas.size()) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name()
                      << " to an address outside the cluster's shared memory";
      return Step::Fail;
    }
    if (!ex.mbarrier(t, I.loc, R[bar], true, true, &o->bar))
      return Step::Fail;
    ex.noteSync(o->bar, SyncKind::Check);
    {
      auto &bars = ex.opBarriers[I.loc];
      if (!llvm::is_contained(bars, o->bar))
        bars.push_back(o->bar);
    }
    ex.decodeShared(o->bar, t.cta, brank, boff);
    if (brank != prank) {
      ex.error(I.loc) << ex.describe(t) << " issues " << name()
                      << " to the shared memory of " << ex.describeCta(prank)
                      << " with the mbarrier of " << ex.describeCta(brank)
                      << "; both must be in the same CTA";
      return Step::Fail;
    }
    o->addr = ex.sharedAddrFrom(t.cta, prank, poff);
    auto it = ex.mbarriers.find(o->bar);
    if (it != ex.mbarriers.end())
      ++it->second.inflight;
    ex.issue(t, std::move(o), I.loc);
    return Step::Next;
  }
};

/// The element shape of a memory value, checked against the PTX type.
LogicalResult shapeOf(Operation *op, Compiler &c, Type type, ValueShape &s) {
  if (!Compiler::vectorShape(type, s.kind, s.count) || s.bytes() > 32)
    return c.notModeled(op) << ": values of type " << type;
  return success();
}

/// The scope level of a strong access: its `.scope` (PTX's default for
/// atom and red is `.gpu`); a volatile access is relaxed at `.sys`.
uint8_t levelOf(std::optional<ptx::MemSem> sem,
                std::optional<ptx::MemScope> scope) {
  if (sem && *sem == ptx::MemSem::Volatile)
    return kScopeSys;
  return scope ? scopeLevel(*scope) : static_cast<uint8_t>(kScopeGPU);
}

bool isSignedType(ptx::ValType t) {
  return t == ptx::ValType::S8 || t == ptx::ValType::S16 ||
         t == ptx::ValType::S32 || t == ptx::ValType::S64;
}

} // namespace

uint64_t sim::combineElement(ptx::AtomKind op, SK k, bool isSigned,
                             uint64_t old, uint64_t v, uint64_t cmp,
                             bool ftzF32) {
  if (ftzF32 && op == ptx::AtomKind::Add && k == SK::F32) {
    auto flush = [](uint64_t x) {
      return (x & 0x7F800000u) == 0 ? x & 0x80000000u : x;
    };
    return flush(combineElement(op, k, isSigned, flush(old), flush(v), cmp));
  }
  unsigned w = skBits(k);
  uint64_t mask = widthMask(w);
  bool isFloat = skIsFloat(k);
  switch (op) {
  case ptx::AtomKind::And:
    return old & v;
  case ptx::AtomKind::Or:
    return old | v;
  case ptx::AtomKind::Xor:
    return old ^ v;
  case ptx::AtomKind::Add:
    if (isFloat)
      return evalFltBin(static_cast<uint8_t>(FB::Add), k, old, v);
    return (old + v) & mask;
  case ptx::AtomKind::Inc:
    return (old & mask) >= (v & mask) ? 0 : (old + 1) & mask;
  case ptx::AtomKind::Dec:
    return ((old & mask) == 0 || (old & mask) > (v & mask)) ? v
                                                            : (old - 1) & mask;
  case ptx::AtomKind::Min:
  case ptx::AtomKind::Max: {
    bool isMin = op == ptx::AtomKind::Min;
    if (isFloat)
      return evalFltBin(static_cast<uint8_t>(isMin ? FB::MinNum : FB::MaxNum),
                        k, old, v);
    bool less = isSigned ? signExtend(v, w) < signExtend(old, w)
                         : (v & mask) < (old & mask);
    return (isMin ? less : !less && v != old) ? v : old;
  }
  case ptx::AtomKind::Exch:
    return v;
  case ptx::AtomKind::Cas:
    return (old & mask) == (cmp & mask) ? v : old;
  }
  return old;
}

/// st.bulk: `size` zero bytes at `addr`, both multiples of 8; weak stores.
struct BulkZero : ExtOp {
  uint32_t addr = 0, size = 0;
  Scope scope = Scope::Generic;
  const char *name() const override { return "st.bulk"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t a = t.R()[addr], n = t.R()[size];
    if (a % 8 || n % 8) {
      ex.error(I.loc) << ex.describe(t) << " issues st.bulk of " << n
                      << " bytes at " << ("0x" + llvm::utohexstr(a))
                      << "; the address and the size must be multiples of 8";
      return Step::Fail;
    }
    // Eight bytes at a time: the alignment st.bulk requires.
    for (uint64_t off = 0; off < n; off += 8) {
      uint8_t *p = memAccess(ex, t, I.loc, a + off, 8, scope, Access::Write,
                             kWeak);
      if (!p)
        return Step::Fail;
      std::memset(p, 0, 8);
    }
    return Step::Next;
  }
};

/// applypriority / discard: a 128-byte L2 line, which the simulator (no
/// caches) leaves as it is; a discarded line's contents are unspecified, and
/// keeping them is one of the outcomes. The address must be 128-byte
/// aligned.
struct L2LineOp : ExtOp {
  uint32_t addr = 0;
  const char *instr = "";
  const char *name() const override { return instr; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t a = t.R()[addr];
    if (a % 128) {
      ex.error(I.loc) << ex.describe(t) << " issues " << instr << " at "
                      << ("0x" + llvm::utohexstr(a))
                      << ", which is not 128-byte aligned";
      return Step::Fail;
    }
    return Step::Next;
  }
};

/// The opaque cache policy the simulator gives createpolicy: the cache hints
/// that take it have no effect in the simulator, so any value will do; this
/// one names the priorities (bits 0-3 primary, 4-7 secondary + 1).
static constexpr int64_t kPolicyTag = int64_t(0x7C1) << 52;

LogicalResult sim::decodeMemOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  // A multimem address names one location on each GPU of a multimem
  // object; the simulator runs one GPU.
  if (isa<PTXMultimemLdReduceOp, PTXMultimemStOp, PTXMultimemRedOp>(op))
    return c.notModeled(op, "a multimem address names a location on every "
                            "GPU of its object, and the simulator runs one");
  if (auto o = dyn_cast<PTXStBulkOp>(op)) {
    auto e = std::make_unique<BulkZero>();
    e->addr = c.slot(o.getAddr());
    e->size = c.slot(o.getSize());
    e->scope = cast<PtrType>(o.getAddr().getType()).getMemorySpace();
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXApplyPriorityOp, PTXDiscardOp>(op)) {
    auto e = std::make_unique<L2LineOp>();
    e->addr = c.slot(op->getOperand(0));
    e->instr = isa<PTXDiscardOp>(op) ? "discard" : "applypriority";
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXCreatePolicyFractionalOp, PTXCreatePolicyRangeOp>(op)) {
    auto primary = op->getAttrOfType<IntegerAttr>("primary");
    auto secondary = op->getAttrOfType<IntegerAttr>("secondary");
    Inst i = c.make(Opc::Const);
    i.d = c.slot(op->getResult(0));
    i.imm = kPolicyTag | (primary ? primary.getInt() : 0) |
            ((secondary ? secondary.getInt() + 1 : 0) << 4);
    c.emit(i);
    return success();
  }
  if (auto o = dyn_cast<PTXCreatePolicyCvtOp>(op)) {
    c.emitCopy(c.slot(o.getPolicy()), c.slot(o.getOld()), 1);
    return success();
  }
  if (auto ld = dyn_cast<PTXLdOp>(op)) {
    auto e = std::make_unique<LdSt>();
    if (failed(shapeOf(op, c, ld.getRes().getType(), e->shape)))
      return failure();
    e->ptr = c.slot(ld.getPtr());
    e->value = c.slot(ld.getRes());
    e->scope = scopeOf(ld.getSpace());
    e->sem = ld.getSem();
    e->level = levelOf(ld.getSem(), ld.getScope());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto ldu = dyn_cast<PTXLduOp>(op)) {
    // The uniform path reads what a weak ld of the pointer's space reads.
    auto e = std::make_unique<LdSt>();
    if (failed(shapeOf(op, c, ldu.getRes().getType(), e->shape)))
      return failure();
    e->ptr = c.slot(ldu.getPtr());
    e->value = c.slot(ldu.getRes());
    bool global = cast<PtrType>(ldu.getPtr().getType()).getMemorySpace() ==
                  MemorySpace::Global;
    e->scope = scopeOf(global ? std::optional(ptx::MemSpace::Global)
                              : std::nullopt);
    e->level = levelOf(std::nullopt, std::nullopt);
    c.emitExt(std::move(e));
    return success();
  }
  if (auto st = dyn_cast<PTXStOp>(op)) {
    auto e = std::make_unique<LdSt>();
    e->store = true;
    if (failed(shapeOf(op, c, st.getValue().getType(), e->shape)))
      return failure();
    e->ptr = c.slot(st.getPtr());
    e->value = c.slot(st.getValue());
    e->scope = scopeOf(st.getSpace());
    e->sem = st.getSem();
    e->level = levelOf(st.getSem(), st.getScope());
    c.emitExt(std::move(e));
    return success();
  }
  auto atomic = [&](auto a, uint32_t result, uint32_t cmp) -> LogicalResult {
    auto e = std::make_unique<Atomic>();
    if (failed(shapeOf(op, c, a.getValue().getType(), e->shape)))
      return failure();
    e->op = a.getOp();
    e->isSigned = isSignedType(a.getType());
    e->ptr = c.slot(a.getPtr());
    e->value = c.slot(a.getValue());
    e->cmp = cmp;
    e->result = result;
    e->scope = scopeOf(a.getSpace());
    e->sem = a.getSem();
    e->level = levelOf(a.getSem(), a.getScope());
    c.emitExt(std::move(e));
    return success();
  };
  if (auto a = dyn_cast<PTXAtomOp>(op))
    return atomic(a, c.slot(a.getRes()),
                  a.getCmp() ? c.slot(a.getCmp()) : kNone);
  if (auto r = dyn_cast<PTXRedOp>(op))
    return atomic(r, kNone, kNone);
  if (auto r = dyn_cast<PTXRedAsyncOp>(op)) {
    auto e = std::make_unique<RemoteAsyncOp>();
    if (failed(shapeOf(op, c, r.getValue().getType(), e->shape)))
      return failure();
    e->op = r.getOp();
    e->isSigned = isSignedType(r.getType());
    e->ptr = c.slot(r.getPtr());
    e->value = c.slot(r.getValue());
    e->bar = c.slot(r.getBar());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto s = dyn_cast<PTXStAsyncOp>(op)) {
    auto e = std::make_unique<RemoteAsyncOp>();
    e->isStore = true;
    if (failed(shapeOf(op, c, s.getValue().getType(), e->shape)))
      return failure();
    e->ptr = c.slot(s.getPtr());
    e->value = c.slot(s.getValue());
    e->bar = c.slot(s.getBar());
    c.emitExt(std::move(e));
    return success();
  }
  handled = false;
  return success();
}
