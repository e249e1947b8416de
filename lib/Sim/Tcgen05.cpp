//===- Tcgen05.cpp - Tensor memory and tcgen05.mma --------------*- C++ -*-===//
//
// Each CTA has 128 lanes x 512 columns of 32-bit tensor memory, allocated
// by warp-collective tcgen05.alloc (the address goes to a shared-memory
// slot) and freed by tcgen05.dealloc; what is still allocated when the CTA
// exits is reported as a leak. tcgen05.ld/st move data between a warp's
// registers and its quarter of the lanes (warp w reaches lanes 32(w%4) ..
// 32(w%4)+31). tcgen05.mma is issued by one thread and completes
// asynchronously, reading its shared-memory operands through descriptors
// and accumulating into tensor memory; tcgen05.commit arrives on an
// mbarrier once the thread's earlier tcgen05 operations completed.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Exec.h"
#include "MMACommon.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static constexpr uint32_t kNone = ~0u;

static void ensureTmem(ClusterExec &ex, CTA &c) {
  if (!c.tmem.data.empty())
    return;
  uint64_t bytes = kTmemLanes * kTmemColumns * 4;
  c.tmem.data.assign(bytes, 0);
  c.tmem.written.assign(bytes, 0);
  if (ex.vcWidth)
    c.tmem.shadow.reset(bytes);
}

namespace {

struct TmemAlloc : ExtOp {
  uint32_t slot, ncols;
  const char *name() const override { return "tcgen05.alloc"; }
  bool visible() const override { return true; }
  unsigned collectiveWidth() const override { return 32; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> lanes) override {
    Thread &t = *lanes[0];
    CTA &c = ex.ctas[t.cta];
    ex.noteSync(tmemKey(t.cta), SyncKind::Write);
    uint32_t n = static_cast<uint32_t>(t.R()[ncols]);
    if (n < 32 || n > kTmemColumns || (n & (n - 1))) {
      ex.error(I.loc) << "tcgen05.alloc of " << n
                      << " columns; it must be a power of two in [32, 512]";
      return Step::Fail;
    }
    if (c.relinquished) {
      ex.error(I.loc) << ex.describe(t)
                      << " allocates tensor memory after its CTA "
                         "relinquished the allocation permit";
      return Step::Fail;
    }
    ensureTmem(ex, c);
    // First fit, aligned to the allocation size.
    uint32_t col = 0;
    for (; col + n <= kTmemColumns; col += n) {
      bool free = true;
      for (const TmemAllocation &a : c.tmemAllocs)
        if (col < a.column + a.columns && a.column < col + n)
          free = false;
      if (free)
        break;
    }
    if (col + n > kTmemColumns) {
      ex.error(I.loc) << ex.describe(t) << " allocates " << n
                      << " columns of tensor memory, but " << ex.describeCta(t.cta)
                      << " has no such free range (a GPU would wait for a "
                         "deallocation)";
      return Step::Fail;
    }
    c.tmemAllocs.push_back(TmemAllocation{col, n, I.loc});
    uint64_t addr = t.R()[slot];
    uint8_t *p = ex.access(t, I.loc, addr, 4, 4, Scope::Shared, Access::Write);
    if (!p)
      return Step::Fail;
    uint32_t value = col; // lane 0, column col
    std::memcpy(p, &value, 4);
    return Step::Next;
  }
};

struct TmemDealloc : ExtOp {
  uint32_t taddr, ncols;
  const char *name() const override { return "tcgen05.dealloc"; }
  bool visible() const override { return true; }
  unsigned collectiveWidth() const override { return 32; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> lanes) override {
    Thread &t = *lanes[0];
    CTA &c = ex.ctas[t.cta];
    ex.noteSync(tmemKey(t.cta), SyncKind::Write);
    uint32_t addr = static_cast<uint32_t>(t.R()[taddr]);
    uint32_t n = static_cast<uint32_t>(t.R()[ncols]);
    uint32_t col = addr & 0xFFFF;
    for (size_t i = 0; i < c.tmemAllocs.size(); ++i)
      if (c.tmemAllocs[i].column == col && c.tmemAllocs[i].columns == n &&
          (addr >> 16) == 0) {
        c.tmemAllocs.erase(c.tmemAllocs.begin() + i);
        return Step::Next;
      }
    ex.error(I.loc) << ex.describe(t) << " deallocates " << n
                    << " columns of tensor memory at column " << col
                    << ", which is not an allocation of " << ex.describeCta(t.cta);
    return Step::Fail;
  }
};

struct TmemRelinquish : ExtOp {
  const char *name() const override { return "tcgen05.relinquish_alloc_permit"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    ex.ctas[t.cta].relinquished = true;
    return Step::Next;
  }
};

/// tcgen05.ld / tcgen05.st with the 32x32b shape.
struct TmemCopy : ExtOp {
  bool store = false;
  uint32_t taddr, vals, num;
  const char *name() const override {
    return store ? "tcgen05.st" : "tcgen05.ld";
  }
  unsigned collectiveWidth() const override { return 32; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> lanes) override {
    Thread &t0 = *lanes[0];
    uint32_t addr = static_cast<uint32_t>(t0.R()[taddr]);
    uint32_t baseLane = addr >> 16, col = addr & 0xFFFF;
    uint32_t quarter = (t0.tid / 32) % 4;
    for (Thread *p : lanes)
      if (static_cast<uint32_t>(p->R()[taddr]) != addr) {
        ex.error(I.loc) << ex.describe(*p) << " passes " << name()
                        << " a different tensor memory address than lane 0";
        return Step::Fail;
      }
    if (baseLane != 32 * quarter) {
      ex.error(I.loc) << ex.describe(t0) << " (warp " << t0.tid / 32
                      << ") accesses tensor memory from lane " << baseLane
                      << "; warp w may only reach lanes 32(w%4) .. "
                         "32(w%4)+31, here "
                      << 32 * quarter << " .. " << 32 * quarter + 31;
      return Step::Fail;
    }
    ensureTmem(ex, ex.ctas[t0.cta]);
    for (unsigned l = 0; l < 32; ++l) {
      Thread *p = lanes[l];
      Accessor acc = ex.accessorOf(*p, I.loc);
      uint8_t *m = ex.tmemAccess(acc, p->cta, baseLane + l, col, num,
                                 store ? Access::Write : Access::Read);
      if (!m)
        return Step::Fail;
      uint8_t *reg = reinterpret_cast<uint8_t *>(p->R() + vals);
      if (store)
        std::memcpy(m, reg, num * 4);
      else
        std::memcpy(reg, m, num * 4);
    }
    return Step::Next;
  }
};

/// The asynchronous part of tcgen05.mma.
struct Tcgen05MmaOp : AsyncOp {
  uint32_t d;
  uint64_t adesc, bdesc;
  uint32_t idesc;
  bool accumulate;
  unsigned k; // elements of K per instruction
  bool complete(ClusterExec &ex) override {
    Thread &t = ex.threads[issuer];
    Accessor acc = ex.agentAccessor(*this, "tcgen05.mma");
    auto fail = [&]() -> InFlightDiagnostic { return ex.error(loc); };
    unsigned dtype = (idesc >> 4) & 3, atype = (idesc >> 7) & 7,
             btype = (idesc >> 10) & 7;
    bool negA = (idesc >> 13) & 1, negB = (idesc >> 14) & 1;
    bool transA = (idesc >> 15) & 1, transB = (idesc >> 16) & 1;
    unsigned n = ((idesc >> 17) & 0x3F) << 3, m = ((idesc >> 24) & 0x1F) << 4;
    if (idesc & 7) {
      fail() << "tcgen05.mma: sparse instruction descriptors are not modeled";
      return false;
    }
    if (dtype != 1) {
      fail() << "tcgen05.mma: the instruction descriptor's D type " << dtype
             << " is not modeled (only f32 accumulators, 1)";
      return false;
    }
    if (m != 128) {
      fail() << "tcgen05.mma: M = " << m
             << " is not modeled (the simulator models M = 128)";
      return false;
    }
    if (n < 8 || n > 256 || n % 8) {
      fail() << "tcgen05.mma: the instruction descriptor gives N = " << n
             << "; it must be a multiple of 8 in [8, 256]";
      return false;
    }
    ptx::MMAType ta, tb;
    if (kind == ptx::Tcgen05Kind::F16) {
      if (atype > 1 || btype > 1) {
        fail() << "tcgen05.mma kind f16: A/B types must be f16 (0) or bf16 "
                  "(1) in the instruction descriptor";
        return false;
      }
      ta = atype ? ptx::MMAType::BF16 : ptx::MMAType::F16;
      tb = btype ? ptx::MMAType::BF16 : ptx::MMAType::F16;
    } else if (kind == ptx::Tcgen05Kind::TF32) {
      ta = tb = ptx::MMAType::TF32;
    } else {
      fail() << "tcgen05.mma: this kind is not modeled";
      return false;
    }
    SmemDesc da, db;
    const char *why = nullptr;
    if (!decodeTcgen05Desc(adesc, da, why) ||
        !decodeTcgen05Desc(bdesc, db, why)) {
      fail() << "tcgen05.mma: " << why;
      return false;
    }
    unsigned eb = mmaInputBytes(ta);
    std::vector<double> A(m * k), B(k * n);
    auto read = [&](const SmemDesc &sd, bool kMajor, unsigned rows,
                    ptx::MMAType type, bool isB, bool neg) -> bool {
      for (unsigned mn = 0; mn < rows; ++mn)
        for (unsigned kk = 0; kk < k; ++kk) {
          uint64_t a = smemElementOffset(sd, kMajor, eb, mn, kk);
          uint8_t *p = ex.accessAs(acc, a, eb, 1, Scope::Shared, Access::Read,
                                   t.cta);
          if (!p)
            return false;
          double v = (neg ? -1 : 1) * mmaValue(type, loadBits(p, eb));
          if (isB)
            B[kk * n + mn] = v;
          else
            A[mn * k + kk] = v;
        }
      return true;
    };
    if (!read(da, !transA, m, ta, false, negA) ||
        !read(db, !transB, n, tb, true, negB))
      return false;
    uint32_t lane0 = d >> 16, col0 = d & 0xFFFF;
    ensureTmem(ex, ex.ctas[t.cta]);
    for (unsigned row = 0; row < m; ++row) {
      uint8_t *cells = nullptr;
      if (accumulate) {
        cells = ex.tmemAccess(acc, t.cta, lane0 + row, col0, n, Access::Read);
        if (!cells)
          return false;
      }
      std::vector<float> out(n);
      for (unsigned col = 0; col < n; ++col) {
        double s = accumulate ? bitsToF32(loadBits(cells + 4 * col, 4)) : 0.0;
        for (unsigned kk = 0; kk < k; ++kk)
          s += A[row * k + kk] * B[kk * n + col];
        out[col] = static_cast<float>(s);
      }
      uint8_t *w =
          ex.tmemAccess(acc, t.cta, lane0 + row, col0, n, Access::Write);
      if (!w)
        return false;
      std::memcpy(w, out.data(), 4 * n);
    }
    return true;
  }
  ptx::Tcgen05Kind kind;
};

struct Tcgen05Mma : ExtOp {
  ptx::Tcgen05Kind kind;
  uint32_t d, a, b, idesc, enable;
  const char *name() const override { return "tcgen05.mma"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    auto op = std::make_unique<Tcgen05MmaOp>();
    op->kind = kind;
    op->d = static_cast<uint32_t>(R[d]);
    op->adesc = R[a];
    op->bdesc = R[b];
    op->idesc = static_cast<uint32_t>(R[idesc]);
    op->accumulate = R[enable] & 1;
    op->k = kind == ptx::Tcgen05Kind::TF32 ? 8 : 16;
    if (t.lastTcgenMma != ~0u && !ex.isDone(t.lastTcgenMma))
      op->after.push_back(t.lastTcgenMma);
    t.lastTcgenMma = ex.issue(t, std::move(op), I.loc);
    t.tcgenOpen.push_back(t.lastTcgenMma);
    return Step::Next;
  }
};

/// tcgen05.commit: an arrive on the mbarrier(s) once the thread's earlier
/// tcgen05 operations completed.
struct CommitArrive : AsyncOp {
  std::vector<uint64_t> bars;
  std::vector<uint32_t> deps;
  bool complete(ClusterExec &ex) override {
    if (!ex.forceComplete(deps))
      return false;
    for (uint64_t bar : bars) {
      auto it = ex.mbarriers.find(bar);
      if (it == ex.mbarriers.end() || !it->second.initialized) {
        ex.error(loc) << "tcgen05.commit arrives on an mbarrier that is not "
                         "initialized";
        return false;
      }
      MBarrier &b = it->second;
      if (b.inflight)
        --b.inflight;
      if (!ex.mbarrierArrive(b, bar, 1, vc.empty() ? nullptr : vc.data(), loc,
                             nullptr))
        return false;
    }
    return true;
  }
};

struct Tcgen05Commit : ExtOp {
  uint32_t bar, mask = kNone;
  const char *name() const override { return "tcgen05.commit"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t key;
    if (!ex.mbarrier(t, I.loc, R[bar], true, true, &key))
      return Step::Fail;
    ex.noteSync(key, SyncKind::Check);
    auto op = std::make_unique<CommitArrive>();
    if (mask == kNone) {
      op->bars.push_back(key);
    } else {
      uint32_t rank;
      uint64_t off;
      ex.decodeShared(key, t.cta, rank, off);
      uint16_t m = static_cast<uint16_t>(R[mask]);
      for (uint32_t r = 0; r < 16; ++r)
        if ((m >> r) & 1) {
          if (r >= ex.ctas.size()) {
            ex.error(I.loc) << "tcgen05.commit multicasts to cluster rank "
                            << r << ", but the cluster has "
                            << ex.ctas.size() << " CTAs";
            return Step::Fail;
          }
          op->bars.push_back(ex.sharedAddr(r, off));
        }
    }
    for (uint64_t b : op->bars) {
      auto it = ex.mbarriers.find(b);
      if (it != ex.mbarriers.end())
        ++it->second.inflight;
    }
    op->deps = std::move(t.tcgenOpen);
    t.tcgenOpen.clear();
    ex.issue(t, std::move(op), I.loc);
    return Step::Next;
  }
};

struct NoEffect : ExtOp {
  const char *opName;
  explicit NoEffect(const char *n) : opName(n) {}
  const char *name() const override { return opName; }
  Step exec(ClusterExec &, Thread &, const Inst &) override {
    return Step::Next;
  }
};

bool isCta2(std::optional<ptx::CTAGroup> g) {
  return g && *g == ptx::CTAGroup::CTA2;
}

} // namespace

LogicalResult sim::decodeTcgen05Op(Operation *op, Compiler &c,
                                   bool &handled) {
  handled = true;
  if (auto a = dyn_cast<PTXTcgen05AllocOp>(op)) {
    if (isCta2(a.getCtaGroup()))
      return c.notModeled(op) << ": cta_2";
    auto e = std::make_unique<TmemAlloc>();
    e->slot = c.slot(a.getSlot());
    e->ncols = c.slot(a.getNcols());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto d = dyn_cast<PTXTcgen05DeallocOp>(op)) {
    if (isCta2(d.getCtaGroup()))
      return c.notModeled(op) << ": cta_2";
    auto e = std::make_unique<TmemDealloc>();
    e->taddr = c.slot(d.getTaddr());
    e->ncols = c.slot(d.getNcols());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto r = dyn_cast<PTXTcgen05RelinquishOp>(op)) {
    if (isCta2(r.getCtaGroup()))
      return c.notModeled(op) << ": cta_2";
    c.emitExt(std::make_unique<TmemRelinquish>());
    return success();
  }
  if (auto ld = dyn_cast<PTXTcgen05LdOp>(op)) {
    if (ld.getShape() != ptx::Tcgen05LdStShape::S32x32b || ld.getPack())
      return c.notModeled(op) << ": only the 32x32b shape without pack";
    auto e = std::make_unique<TmemCopy>();
    e->taddr = c.slot(ld.getTaddr());
    e->vals = c.slot(ld.getRes());
    e->num = ld.getNum();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto st = dyn_cast<PTXTcgen05StOp>(op)) {
    if (st.getShape() != ptx::Tcgen05LdStShape::S32x32b || st.getUnpack())
      return c.notModeled(op) << ": only the 32x32b shape without unpack";
    auto e = std::make_unique<TmemCopy>();
    e->store = true;
    e->taddr = c.slot(st.getTaddr());
    e->vals = c.slot(st.getVals());
    e->num = st.getNum();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto mma = dyn_cast<PTXTcgen05MmaOp>(op)) {
    if (isCta2(mma.getCtaGroup()))
      return c.notModeled(op) << ": cta_2 (pair-UMMA)";
    if (!isa<IntegerType>(mma.getA().getType()))
      return c.notModeled(op) << ": an A operand in tensor memory (TS form)";
    if (mma.getDisableOutputLane())
      return c.notModeled(op) << ": disable_output_lane";
    if (mma.getKind() != ptx::Tcgen05Kind::F16 &&
        mma.getKind() != ptx::Tcgen05Kind::TF32)
      return c.notModeled(op) << ": only kinds f16 and tf32";
    auto e = std::make_unique<Tcgen05Mma>();
    e->kind = mma.getKind();
    e->d = c.slot(mma.getD());
    e->a = c.slot(mma.getA());
    e->b = c.slot(mma.getB());
    e->idesc = c.slot(mma.getIdesc());
    e->enable = c.slot(mma.getEnableInputD());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto commit = dyn_cast<PTXTcgen05CommitOp>(op)) {
    if (isCta2(commit.getCtaGroup()))
      return c.notModeled(op) << ": cta_2";
    auto e = std::make_unique<Tcgen05Commit>();
    e->bar = c.slot(commit.getBar());
    if (commit.getMulticastMask())
      e->mask = c.slot(commit.getMulticastMask());
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXTcgen05FenceOp, PTXTcgen05WaitOp>(op)) {
    // tcgen05.ld/st complete when executed, so their waits and fences order
    // nothing further.
    c.emitExt(std::make_unique<NoEffect>("tcgen05.wait"));
    return success();
  }
  handled = false;
  return success();
}
