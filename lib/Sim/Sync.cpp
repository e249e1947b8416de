//===- Sync.cpp - Barriers, mbarriers, fences, cluster addressing -*- C++ -*-===//
//
// CTA barriers (bar.sync/arrive/red), the cluster barrier, mbarriers (phase,
// pending arrivals, transaction bytes, remote arrives) and fences, with the
// vector-clock edges each creates for race detection: an arrive releases
// (unless relaxed), a completed wait acquires (unless relaxed), a barrier
// joins every participant. Also mapa/getctarank and the special registers.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Exec.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static std::string hexOf(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2);
  return s;
}

static constexpr uint32_t kNone = ~0u;

//===----------------------------------------------------------------------===//
// mbarrier state
//===----------------------------------------------------------------------===//

MBarrier *ClusterExec::mbarrier(Thread &t, uint32_t op, uint64_t addr,
                                bool remoteOk, bool mustBeInit,
                                uint64_t *canonical) {
  uint32_t rank;
  uint64_t off;
  if (!decodeShared(addr, t.cta, rank, off) || rank >= ctas.size() ||
      off + 8 > ctas[rank].smem.data.size()) {
    error(op) << describe(t) << " uses an mbarrier at " << hexOf(addr)
              << ", which is not in the shared memory of the cluster";
    return nullptr;
  }
  if (addr % 8) {
    error(op) << describe(t) << " uses an mbarrier at " << hexOf(addr)
              << ", which is not 8-byte aligned";
    return nullptr;
  }
  if (rank != t.cta && !remoteOk) {
    error(op) << describe(t) << " uses the mbarrier at " << hexOf(addr)
              << " of " << describeCta(rank)
              << "; this operation only takes the executing CTA's mbarriers";
    return nullptr;
  }
  if (rank != t.cta && ctas[rank].exited) {
    reportExitedAccess(op, describe(t), rank);
    return nullptr;
  }
  // The barrier word is read (arrive, wait) or written (init): race
  // detection orders the init before every use.
  Accessor acc = accessorOf(t, op);
  if (rank != t.cta)
    noteRemote(acc, rank);
  if (vcWidth &&
      !checkCells(acc, ctas[rank].smem, off, 8,
                  mustBeInit ? Access::Read : Access::Write,
                  /*trackWritten=*/!mustBeInit, addr, "shared",
                  static_cast<int32_t>(rank)))
    return nullptr;
  uint64_t key = sharedAddr(rank, off);
  if (canonical)
    *canonical = key;
  MBarrier &b = mbarriers[key];
  b.cta = rank;
  if (mustBeInit && !b.initialized) {
    error(op) << describe(t) << " uses the mbarrier at " << hexOf(addr)
              << " before it is initialized (mbarrier.init)";
    return nullptr;
  }
  return &b;
}

void ClusterExec::wakePollers(MBarrier &b) {
  ++syncEpoch;
  if (b.pollers.empty())
    return;
  std::vector<uint32_t> pollers = std::move(b.pollers);
  b.pollers.clear();
  for (uint32_t w : pollers)
    if (threads[w].state == TState::Blocked &&
        threads[w].wait.kind == WaitDesc::MBarrierPoll)
      makeReady(threads[w]);
}

bool ClusterExec::mbarrierArrive(MBarrier &b, uint64_t addr, uint32_t count,
                                 const uint32_t *releaseVC, uint32_t op,
                                 const Thread *by) {
  wakePollers(b);
  if (releaseVC && vcWidth)
    joinInto(b.accVC, releaseVC);
  b.pending -= count;
  b.arrivals += count;
  if (b.pending < 0) {
    auto d = error(op);
    d << "mbarrier arrival overflow: ";
    if (by)
      d << describe(*by) << " arrives";
    else
      d << "an arrival comes";
    d << " on the mbarrier at " << describeShared(addr) << " in phase "
      << b.phase
      << " after all " << b.expected << " expected arrivals";
    d.attachNote(loc(b.initOp)) << "initialized here for " << b.expected
                                << " arrival" << (b.expected == 1 ? "" : "s");
    return false;
  }
  if (b.pending == 0 && b.tx < 0) {
    auto d = error(b.hasTxOp ? b.lastTxOp : op);
    d << "mbarrier transaction count underflow: the copies completing on the "
         "mbarrier at "
      << describeShared(addr) << " brought " << -b.tx
      << " more bytes than expect_tx announced in phase " << b.phase;
    return false;
  }
  noteSync(addr, SyncKind::Arrive);
  mbarrierMaybeComplete(b, addr);
  return true;
}

bool ClusterExec::mbarrierTx(MBarrier &b, uint64_t addr, int64_t delta,
                             const uint32_t *releaseVC, uint32_t op,
                             const Thread *by, bool withArrival) {
  (void)by;
  wakePollers(b);
  if (releaseVC && vcWidth)
    joinInto(b.accVC, releaseVC);
  b.tx += delta;
  if (delta > 0) {
    b.lastTxOp = op;
    b.hasTxOp = true;
  }
  constexpr int64_t kTxLimit = (int64_t(1) << 20) - 1;
  if (b.tx > kTxLimit || b.tx < -kTxLimit) {
    error(op) << "mbarrier transaction count out of range: the mbarrier at "
              << describeShared(addr) << " would count " << b.tx
              << " pending bytes (the limit is +-" << kTxLimit << ")";
    return false;
  }
  if (b.pending == 0 && b.tx < 0) {
    auto d = error(b.hasTxOp ? b.lastTxOp : op);
    d << "mbarrier transaction count underflow: the copies completing on the "
         "mbarrier at "
      << describeShared(addr) << " brought " << -b.tx
      << " more bytes than expect_tx announced in phase " << b.phase;
    if (b.hasTxOp && b.lastTxOp != op)
      d.attachNote(loc(op)) << "the copy that completed last";
    return false;
  }
  // A transaction: an expectation (the count rises), or bytes arriving
  // once every arrival is in (a drain, which an expectation must precede).
  // An arrive.expect_tx's expectation comes with its arrival: whatever it
  // is swapped with sees the phase still missing that arrival.
  noteSync(addr, delta > 0 && !withArrival ? SyncKind::Expect
                 : delta > 0 || b.pending != 0 ? SyncKind::Arrive
                                               : SyncKind::Drain);
  mbarrierMaybeComplete(b, addr);
  return true;
}

void ClusterExec::mbarrierMaybeComplete(MBarrier &b, uint64_t addr) {
  if (b.pending != 0 || b.tx != 0)
    return;
  noteSync(addr, SyncKind::Complete,
           b.accVC.size() == vcWidth && vcWidth ? b.accVC.data() : nullptr);
  if (vcWidth) {
    b.doneVC = b.accVC;
    std::fill(b.accVC.begin(), b.accVC.end(), 0);
  }
  ++b.phase;
  b.pending = b.expected;
  b.arrivals = 0;
  b.hasTxOp = false;
  std::vector<uint32_t> waiters = std::move(b.waiters);
  b.waiters.clear();
  for (uint32_t w : waiters)
    makeReady(threads[w]);
}

//===----------------------------------------------------------------------===//
// mbarrier ops
//===----------------------------------------------------------------------===//

namespace {

struct MBarInit : ExtOp {
  uint32_t bar, count;
  const char *name() const override { return "mbarrier.init"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[bar];
    int64_t n = static_cast<int64_t>(static_cast<uint32_t>(R[count]));
    if (n < 1 || n > (int64_t(1) << 20) - 1) {
      ex.error(I.loc) << "mbarrier.init with an arrival count of " << n
                      << "; it must be in [1, 2^20 - 1]";
      return Step::Fail;
    }
    uint64_t key;
    MBarrier *b =
        ex.mbarrier(t, I.loc, addr, false, /*mustBeInit=*/false, &key);
    if (!b)
      return Step::Fail;
    ex.noteSync(key, SyncKind::Init);
    if (b->initialized) {
      // PTX: mbarrier.init on a valid mbarrier object is undefined; it
      // must be invalidated (mbarrier.inval) first.
      auto d = ex.error(I.loc);
      d << describeInit(ex, t) << " re-initializes the mbarrier at "
        << hexOf(addr) << ", which is still valid";
      if (!b->waiters.empty())
        d << " (" << b->waiters.size() << " thread"
          << (b->waiters.size() == 1 ? " waits" : "s wait") << " on it)";
      d << "; invalidate it with mbarrier.inval first";
      d.attachNote(ex.loc(b->initOp)) << "it was initialized here";
      return Step::Fail;
    }
    b->initialized = true;
    b->expected = static_cast<uint32_t>(n);
    b->pending = n;
    b->tx = 0;
    b->phase = 0;
    b->arrivals = 0;
    b->initOp = I.loc;
    b->hasTxOp = false;
    if (ex.vcWidth) {
      b->accVC.assign(ex.vcWidth, 0);
      b->doneVC.assign(ex.vcWidth, 0);
    }
    return Step::Next;
  }
  static std::string describeInit(ClusterExec &ex, Thread &t) {
    return ex.describe(t);
  }
};

struct MBarInval : ExtOp {
  uint32_t bar;
  const char *name() const override { return "mbarrier.inval"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t addr = t.R()[bar];
    uint64_t key;
    MBarrier *b =
        ex.mbarrier(t, I.loc, addr, false, /*mustBeInit=*/false, &key);
    if (!b)
      return Step::Fail;
    ex.noteSync(key, SyncKind::Init);
    if (!b->waiters.empty()) {
      ex.error(I.loc) << ex.describe(t) << " invalidates the mbarrier at "
                      << hexOf(addr) << " while threads wait on it";
      return Step::Fail;
    }
    b->initialized = false;
    ex.wakePollers(*b);
    return Step::Next;
  }
};

/// arrive / arrive_drop / arrive.expect_tx / arrive_drop.expect_tx /
/// arrive.nocomplete.
struct MBarArrive : ExtOp {
  uint32_t bar, count = kNone, tx = kNone, state = kNone;
  bool relaxed = false, drop = false, noComplete = false;
  /// `.cluster` scope: the release reaches threads of other CTAs (a
  /// `.cta`-scope arrive on a peer's barrier counts but does not release).
  bool clusterScope = false;
  const char *opName = "mbarrier.arrive";
  const char *name() const override { return opName; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[bar];
    MBarrier *b = ex.mbarrier(t, I.loc, addr, /*remoteOk=*/state == kNone,
                              /*mustBeInit=*/true, &addr);
    if (!b)
      return Step::Fail;
    uint32_t n = count == kNone ? 1 : static_cast<uint32_t>(R[count]);
    bool remote = b->cta != t.cta;
    const uint32_t *rel = relaxed || !ex.vcWidth || (remote && !clusterScope)
                              ? nullptr
                              : ex.vc(t.idx);
    uint32_t phase = b->phase;
    if (tx != kNone) {
      int64_t bytes = static_cast<int64_t>(static_cast<uint32_t>(R[tx]));
      if (!ex.mbarrierTx(*b, addr, bytes, rel, I.loc, &t,
                         /*withArrival=*/true))
        return Step::Fail;
    }
    if (noComplete && b->pending - int64_t(n) <= 0) {
      ex.error(I.loc) << ex.describe(t) << " arrives with " << opName
                      << ", but the arrival would complete the phase";
      return Step::Fail;
    }
    if (drop) {
      if (b->expected < n) {
        ex.error(I.loc) << "mbarrier.arrive_drop drops more arrivals than the "
                           "mbarrier expects";
        return Step::Fail;
      }
      b->expected -= n;
    }
    if (!ex.mbarrierArrive(*b, addr, n, rel, I.loc, &t))
      return Step::Fail;
    if (rel)
      ex.tick(t);
    if (state != kNone)
      R[state] = (uint64_t(phase) << 32) |
                 static_cast<uint32_t>(b->phase == phase ? b->pending : 0);
    return Step::Next;
  }
};

/// mbarrier.expect_tx / complete_tx.
struct MBarTx : ExtOp {
  uint32_t bar, tx;
  bool complete = false;
  const char *name() const override {
    return complete ? "mbarrier.complete_tx" : "mbarrier.expect_tx";
  }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[bar];
    MBarrier *b = ex.mbarrier(t, I.loc, addr, true, true, &addr);
    if (!b)
      return Step::Fail;
    int64_t bytes = static_cast<int64_t>(static_cast<uint32_t>(R[tx]));
    if (!ex.mbarrierTx(*b, addr, complete ? -bytes : bytes, nullptr, I.loc,
                       &t))
      return Step::Fail;
    return Step::Next;
  }
};

/// test_wait / try_wait, by state or by phase parity. try_wait blocks the
/// thread until the phase completes (a try_wait that never times out is
/// one PTX allows). test_wait does not block: it returns whether the phase
/// completed; a thread whose test_wait returned false resumes after it
/// once the barrier changes (or when nothing else can run), so a poll loop
/// around it works without spinning the scheduler.
struct MBarWait : ExtOp {
  uint32_t bar, arg, result;
  bool parity = true, relaxed = false, test = false;
  const char *opName = "mbarrier.try_wait.parity";
  const char *name() const override { return opName; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint64_t addr = R[bar];
    MBarrier *b = ex.mbarrier(t, I.loc, addr, false, true, &addr);
    if (!b)
      return Step::Fail;
    bool done;
    uint32_t waitPhase;
    if (parity) {
      waitPhase = static_cast<uint32_t>(R[arg]) & 1;
      done = ex.mbarrierParityDone(*b, waitPhase);
    } else {
      waitPhase = static_cast<uint32_t>(R[arg] >> 32);
      done = b->phase > waitPhase;
    }
    if (done) {
      if (!relaxed && ex.vcWidth && !b->doneVC.empty())
        ex.join(ex.vc(t.idx), b->doneVC.data());
      // After the acquire: the observer orders it after the completion.
      ex.noteSync(addr, SyncKind::Observe);
      // Parity 1 while phase 0 is incomplete names the phase "before the
      // first": the wait passes without waiting for anything.
      if (parity && b->phase == 0) {
        t.vacuous = true;
        t.vacuousBar = addr;
        t.vacuousOp = I.loc;
      } else if (t.vacuous && t.vacuousBar == addr) {
        t.vacuous = false;
      }
      R[result] = 1;
      return Step::Next;
    }
    t.state = TState::Blocked;
    t.wait.kind = test ? WaitDesc::MBarrierPoll : WaitDesc::MBarrier;
    t.wait.obj = addr;
    t.wait.phase = waitPhase;
    t.wait.loc = I.loc;
    if (test) {
      R[result] = 0;
      t.pollEpoch = ex.syncEpoch;
      ++t.pc; // resumes after the test_wait
      b->pollers.push_back(t.idx);
    } else {
      b->waiters.push_back(t.idx);
    }
    return Step::Block;
  }
};

struct MBarPendingCount : ExtOp {
  uint32_t state, result;
  const char *name() const override { return "mbarrier.pending_count"; }
  Step exec(ClusterExec &, Thread &t, const Inst &) override {
    uint64_t *R = t.R();
    R[result] = R[state] & 0xFFFFFFFFu;
    return Step::Next;
  }
};

//===----------------------------------------------------------------------===//
// CTA barriers
//===----------------------------------------------------------------------===//

struct BarrierOp : ExtOp {
  uint32_t id = kNone, count = kNone, pred = kNone, result = kNone;
  bool wait = true, aligned = false;
  ptx::BarRedKind red = ptx::BarRedKind::Popc;
  bool isRed = false;
  const char *opName = "barrier.sync";
  const char *name() const override { return opName; }
  bool visible() const override { return true; }
  /// NamedBarrier::kind of this op's arrivals.
  uint8_t kind() const {
    return isRed ? static_cast<uint8_t>(2 + static_cast<unsigned>(red)) : 1;
  }
  static const char *kindName(uint8_t k) {
    switch (k) {
    case 1:
      return "barrier.sync/barrier.arrive";
    case 2:
      return "barrier.red.popc";
    case 3:
      return "barrier.red.and";
    default:
      return "barrier.red.or";
    }
  }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint32_t bid = id == kNone ? 0 : static_cast<uint32_t>(R[id]);
    uint32_t n = count == kNone ? 0 : static_cast<uint32_t>(R[count]);
    CTA &cta = ex.ctas[t.cta];
    if (bid >= 16) {
      ex.error(I.loc) << ex.describe(t) << " uses barrier " << bid
                      << "; a CTA has barriers 0-15";
      return Step::Fail;
    }
    if (count != kNone && (n == 0 || n % 32 != 0 || n > cta.numThreads)) {
      ex.error(I.loc) << ex.describe(t) << " uses barrier " << bid
                      << " with a thread count of " << n
                      << "; it must be a positive multiple of 32 of at most "
                      << cta.numThreads;
      return Step::Fail;
    }
    NamedBarrier &b = cta.bars[bid];
    if (b.arrived == 0) {
      b.expected = n ? n : 0; // 0: every live thread of the CTA
      b.loc = I.loc;
      b.popc = 0;
      b.all = true;
      b.any = false;
      b.kind = kind();
      b.kindLoc = I.loc;
      b.alignedOp.assign((cta.numThreads + 31) / 32, ~0u);
      b.alignedLanes.assign(b.alignedOp.size(), 0);
    } else if (b.expected != n) {
      auto d = ex.error(I.loc);
      d << ex.describe(t) << " arrives at barrier " << bid << " for "
        << (n ? std::to_string(n) : std::string("all")) << " threads, "
        << "but threads already there expect "
        << (b.expected ? std::to_string(b.expected) : std::string("all"));
      d.attachNote(ex.loc(b.loc)) << "the first arrival was here";
      return Step::Fail;
    } else if (b.kind != kind()) {
      // PTX: barrier.red must not be intermixed with barrier.sync or
      // barrier.arrive (or another reduction) on the same active barrier.
      // Reported at the reduction (the later one in the program when both
      // are), so the line does not depend on which thread came first.
      bool here = isRed && (b.kind == 1 || I.loc > b.kindLoc);
      uint32_t primary = here ? I.loc : b.kindLoc;
      uint32_t other = here ? b.kindLoc : I.loc;
      uint8_t primaryKind = here ? kind() : b.kind;
      uint8_t otherKind = here ? b.kind : kind();
      auto d = ex.error(primary);
      d << "threads arrive at barrier " << bid << " with "
        << kindName(primaryKind) << " here and with " << kindName(otherKind)
        << " in the same phase; barrier.red must not be mixed with "
           "barrier.sync, barrier.arrive or another reduction on one "
           "barrier";
      d.attachNote(ex.loc(other)) << "the other arrival is here";
      return Step::Fail;
    }
    if (aligned) {
      uint32_t w = t.tid / 32;
      if (b.alignedOp[w] != ~0u && b.alignedOp[w] != I.loc) {
        // At the earlier op of the program, whichever lanes came first.
        uint32_t first = std::min(I.loc, b.alignedOp[w]);
        uint32_t second = std::max(I.loc, b.alignedOp[w]);
        auto d = ex.error(first);
        d << "divergent .aligned barrier: lanes of warp " << w << " of "
          << ex.describeCta(t.cta) << " arrive at barrier " << bid
          << " through two .aligned barrier instructions (this one and "
             "another); all lanes of a warp must execute the same .aligned "
             "barrier";
        d.attachNote(ex.loc(second)) << "the other instruction";
        return Step::Fail;
      }
      b.alignedOp[w] = I.loc;
      ++b.alignedLanes[w];
    }
    ++b.arrived;
    ++ex.syncEpoch;
    ex.noteSync(namedBarrierKey(t.cta, bid), SyncKind::Arrive);
    // The thread's clock moves on after the completion check: a
    // completion it causes is an event at the clock it published.
    if (ex.vcWidth)
      ex.join(b.vc.data(), ex.vc(t.idx));
    if (isRed) {
      bool p = R[pred] & 1;
      b.popc += p;
      b.all = b.all && p;
      b.any = b.any || p;
    }
    if (wait) {
      b.waiters.push_back(t.idx);
      t.state = TState::Blocked;
      t.wait.kind = WaitDesc::Barrier;
      t.wait.obj = bid;
      t.wait.loc = I.loc;
    }
    uint32_t expected = b.expected ? b.expected : cta.live;
    if (b.arrived >= expected && !ex.completeBarrier(cta, bid, &t))
      return Step::Fail;
    ex.tick(t);
    if (!wait)
      return Step::Next;
    return t.state == TState::Ready ? Step::Next : Step::Block;
  }
  uint64_t resultFor(const NamedBarrier &b) const {
    switch (red) {
    case ptx::BarRedKind::Popc:
      return b.popc;
    case ptx::BarRedKind::And:
      return b.all;
    case ptx::BarRedKind::Or:
      return b.any;
    }
    return 0;
  }
};

//===----------------------------------------------------------------------===//
// Cluster barrier
//===----------------------------------------------------------------------===//

struct ClusterArrive : ExtOp {
  bool relaxed = false, aligned = false;
  const char *name() const override { return "barrier.cluster.arrive"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    if (t.clusterArrivedPhase == static_cast<int64_t>(ex.clusterPhase)) {
      ex.error(I.loc) << ex.describe(t)
                      << " arrives at the cluster barrier twice in one phase "
                         "(a barrier.cluster.wait must come in between)";
      return Step::Fail;
    }
    if (aligned) {
      uint32_t warps = (ex.m.threadsPerCTA + 31) / 32;
      if (ex.clusterAlignedOp.empty()) {
        ex.clusterAlignedOp.assign(warps * ex.ctas.size(), ~0u);
        ex.clusterAlignedLanes.assign(warps * ex.ctas.size(), 0);
      }
      uint32_t w = t.cta * warps + t.tid / 32;
      if (ex.clusterAlignedOp[w] != ~0u && ex.clusterAlignedOp[w] != I.loc) {
        uint32_t first = std::min(I.loc, ex.clusterAlignedOp[w]);
        uint32_t second = std::max(I.loc, ex.clusterAlignedOp[w]);
        auto d = ex.error(first);
        d << "divergent .aligned barrier: lanes of warp " << t.tid / 32
          << " of " << ex.describeCta(t.cta)
          << " arrive at the cluster barrier through two .aligned "
             "barrier.cluster.arrive instructions (this one and another); "
             "all lanes of a warp must execute the same .aligned barrier";
        d.attachNote(ex.loc(second)) << "the other instruction";
        return Step::Fail;
      }
      ex.clusterAlignedOp[w] = I.loc;
      ++ex.clusterAlignedLanes[w];
    }
    t.clusterArrivedPhase = static_cast<int64_t>(ex.clusterPhase);
    ++ex.clusterArrived;
    ++ex.syncEpoch;
    ex.noteSync(kClusterBarrierKey, SyncKind::Arrive);
    if (!relaxed && ex.vcWidth)
      ex.join(ex.clusterAccVC.data(), ex.vc(t.idx));
    bool ok = ex.checkClusterBarrier();
    if (!relaxed)
      ex.tick(t);
    return ok ? Step::Next : Step::Fail;
  }
};

struct ClusterWait : ExtOp {
  const char *name() const override { return "barrier.cluster.wait"; }
  bool visible() const override { return true; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    if (t.clusterArrivedPhase < 0) {
      ex.error(I.loc) << ex.describe(t)
                      << " waits at the cluster barrier without having "
                         "arrived (barrier.cluster.arrive) first";
      return Step::Fail;
    }
    if (static_cast<int64_t>(ex.clusterPhase) > t.clusterArrivedPhase) {
      if (ex.vcWidth)
        ex.join(ex.vc(t.idx), ex.clusterDoneVC.data());
      ex.noteSync(kClusterBarrierKey, SyncKind::Observe);
      t.clusterArrivedPhase = -1;
      return Step::Next;
    }
    t.state = TState::Blocked;
    t.wait.kind = WaitDesc::ClusterBarrier;
    t.wait.loc = I.loc;
    ex.clusterWaiters.push_back(t.idx);
    return Step::Block;
  }
};

//===----------------------------------------------------------------------===//
// Fences and cluster addressing
//===----------------------------------------------------------------------===//

struct ProxyFence : ExtOp {
  /// Thread::proxyFences lists it orders: bit 0 global, 1 the CTA's shared
  /// memory, 2 the cluster's (which includes the CTA's own).
  unsigned spaces = 7;
  const char *name() const override { return "fence.proxy.async"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    if (ex.vcWidth) {
      ex.tick(t);
      for (unsigned s = 0; s < 3; ++s)
        if ((spaces >> s) & 1)
          t.proxyFences[s].push_back(ex.vc(t.idx)[t.idx]);
    }
    return Step::Next;
  }
};

/// fence.{sc,acq_rel,acquire,release}: with the strong accesses around it,
/// a release fence makes the next strong store a release and an acquire
/// fence acquires what earlier strong loads observed, at the fence's scope
/// (a `.cta` fence synchronizes only within the CTA).
struct MemFence : ExtOp {
  bool acquire = false, release = false;
  uint8_t scope = kScopeGPU;
  const char *name() const override { return "fence"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    if (!ex.vcWidth)
      return Step::Next;
    if (acquire) {
      if (!t.observedLocal.empty())
        ex.join(ex.vc(t.idx), t.observedLocal.data());
      if (scope >= kScopeCluster && !t.observedWide.empty())
        ex.join(ex.vc(t.idx), t.observedWide.data());
      t.observedLocal.clear();
      t.observedWide.clear();
    }
    if (release)
      t.releaseFence = scope;
    return Step::Next;
  }
};

/// Fences without a modeled effect (ordering the simulator already gives).
struct NoEffect : ExtOp {
  const char *opName;
  explicit NoEffect(const char *n) : opName(n) {}
  const char *name() const override { return opName; }
  Step exec(ClusterExec &, Thread &, const Inst &) override {
    return Step::Next;
  }
};

struct Mapa : ExtOp {
  uint32_t addr, rank, result;
  const char *name() const override { return "mapa"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint32_t from;
    uint64_t off;
    if (!ex.decodeShared(R[addr], t.cta, from, off)) {
      ex.error(I.loc) << ex.describe(t) << " maps " << hexOf(R[addr])
                      << " with mapa, which is not a shared memory address";
      return Step::Fail;
    }
    uint32_t to = static_cast<uint32_t>(R[rank]);
    if (to >= ex.ctas.size()) {
      ex.error(I.loc) << ex.describe(t) << " maps an address to cluster rank "
                      << to << ", but the cluster has " << ex.ctas.size()
                      << " CTA" << (ex.ctas.size() == 1 ? "" : "s");
      return Step::Fail;
    }
    R[result] = ex.sharedAddr(to, off);
    return Step::Next;
  }
};

struct GetCtaRank : ExtOp {
  uint32_t addr, result;
  const char *name() const override { return "getctarank"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    uint64_t *R = t.R();
    uint32_t rank;
    uint64_t off;
    if (!ex.decodeShared(R[addr], t.cta, rank, off) ||
        rank >= ex.ctas.size()) {
      ex.error(I.loc) << ex.describe(t) << " asks the CTA rank of "
                      << hexOf(R[addr])
                      << ", which is not in the cluster's shared memory";
      return Step::Fail;
    }
    R[result] = rank;
    return Step::Next;
  }
};

/// isspacep at the IR level, where a generic address is the engine's own
/// (Exec.h): the CTA's shared window, the cluster's, a thread's local
/// memory, global memory. No address lies in .const or .param here.
struct IsSpaceIR : ExtOp {
  uint32_t addr, result;
  ptx::AddrSpace space;
  const char *name() const override { return "isspacep"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    uint64_t *R = t.R();
    uint64_t a = R[addr];
    uint32_t rank;
    uint64_t off;
    bool shared = ex.decodeShared(a, t.cta, rank, off) &&
                  rank < ex.ctas.size();
    bool r = false;
    switch (space) {
    case ptx::AddrSpace::Shared:
    case ptx::AddrSpace::SharedCTA:
      r = shared && rank == t.cta;
      break;
    case ptx::AddrSpace::SharedCluster:
      r = shared;
      break;
    case ptx::AddrSpace::Global:
      r = a >= kGlobalBase;
      break;
    case ptx::AddrSpace::Local:
      r = a >= kLocalBase && a < kLocalBase + kLocalSize;
      break;
    default:
      r = false;
    }
    R[result] = r;
    return Step::Next;
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// Barrier completion
//===----------------------------------------------------------------------===//

bool ClusterExec::checkAlignedWarps(const std::vector<uint32_t> &ops,
                                    const std::vector<uint32_t> &lanes,
                                    uint32_t firstCta, uint32_t numCtas,
                                    const char *what) {
  uint32_t T = m.threadsPerCTA, warps = (T + 31) / 32;
  for (uint32_t i = 0; i < ops.size(); ++i) {
    if (ops[i] == ~0u)
      continue;
    uint32_t rank = firstCta + i / warps, w = i % warps;
    if (rank >= firstCta + numCtas)
      break;
    uint32_t live = 0, first = ~0u, missing = ~0u;
    for (uint32_t l = w * 32; l < std::min(T, w * 32 + 32); ++l) {
      const Thread &p = threads[rank * T + l];
      if (p.state == TState::Exited)
        continue;
      ++live;
      if (first == ~0u)
        first = p.idx;
      bool there = p.wait.loc == ops[i] &&
                   (p.wait.kind == WaitDesc::Barrier ||
                    p.wait.kind == WaitDesc::ClusterBarrier);
      if (!there && missing == ~0u && p.pc != 0 &&
          prog.code[p.pc].loc != ops[i])
        missing = p.idx;
    }
    if (lanes[i] >= live)
      continue;
    auto d = error(ops[i]);
    d << "divergent .aligned barrier: " << lanes[i] << " of the " << live
      << " live lanes of warp " << w << " of " << describeCta(rank)
      << " execute this .aligned " << what
      << " together with the threads it completes for; all lanes of a warp "
         "must execute it together";
    if (missing != ~0u)
      d.attachNote(loc(prog.code[threads[missing].pc].loc))
          << describe(threads[missing]) << " is here instead";
    return false;
  }
  return true;
}

bool ClusterExec::completeBarrier(CTA &cta, uint32_t id, Thread *self) {
  NamedBarrier &b = cta.bars[id];
  if (!checkAlignedWarps(b.alignedOp, b.alignedLanes, cta.rank, 1,
                         "barrier"))
    return false;
  noteSync(namedBarrierKey(cta.rank, id), SyncKind::Complete,
           vcWidth ? b.vc.data() : nullptr);
  std::vector<uint32_t> waiters = std::move(b.waiters);
  b.waiters.clear();
  for (uint32_t w : waiters) {
    Thread &t = threads[w];
    if (vcWidth) {
      join(vc(w), b.vc.data());
      tick(t);
    }
    const Inst &inst = prog.code[t.pc];
    if (inst.op == Opc::ExtOp)
      if (auto *bar = dynamic_cast<BarrierOp *>(prog.ext[inst.x].get());
          bar && bar->isRed)
        t.R()[bar->result] = bar->resultFor(b);
    if (&t == self) {
      t.state = TState::Ready;
      t.wait = WaitDesc();
      continue;
    }
    ++t.pc;
    makeReady(t);
  }
  b.arrived = 0;
  b.kind = 0;
  if (vcWidth)
    std::fill(b.vc.begin(), b.vc.end(), 0);
  return true;
}

bool ClusterExec::recheckBarriers(CTA &cta) {
  for (uint32_t id = 0; id < 16; ++id) {
    NamedBarrier &b = cta.bars[id];
    if (b.arrived && !b.expected && b.arrived >= cta.live &&
        !completeBarrier(cta, id, nullptr))
      return false;
  }
  return true;
}

bool ClusterExec::checkClusterBarrier() {
  if (clusterArrived == 0 || clusterArrived < liveThreads)
    return true;
  if (!clusterAlignedOp.empty()) {
    if (!checkAlignedWarps(clusterAlignedOp, clusterAlignedLanes, 0,
                           static_cast<uint32_t>(ctas.size()),
                           "barrier.cluster.arrive"))
      return false;
    clusterAlignedOp.clear();
    clusterAlignedLanes.clear();
  }
  noteSync(kClusterBarrierKey, SyncKind::Complete,
           vcWidth ? clusterAccVC.data() : nullptr);
  if (vcWidth) {
    clusterDoneVC = clusterAccVC;
    std::fill(clusterAccVC.begin(), clusterAccVC.end(), 0);
  }
  ++clusterPhase;
  clusterArrived = 0;
  std::vector<uint32_t> waiters = std::move(clusterWaiters);
  clusterWaiters.clear();
  for (uint32_t w : waiters)
    makeReady(threads[w]);
  return true;
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

static std::optional<SR> specialFor(StringRef name) {
  return llvm::StringSwitch<std::optional<SR>>(name)
      .Case("clock", SR::Clock)
      .Case("clock64", SR::Clock64)
      .Case("globaltimer", SR::GlobalTimer)
      .Case("globaltimer_lo", SR::GlobalTimerLo)
      .Case("globaltimer_hi", SR::GlobalTimerHi)
      .Case("smid", SR::SmId)
      .Case("nsmid", SR::NSmId)
      .Case("warpid", SR::WarpId)
      .Case("nwarpid", SR::NWarpId)
      .Case("laneid", SR::LaneId)
      .Case("gridid", SR::GridId)
      .Case("lanemask_eq", SR::LaneMaskEq)
      .Case("lanemask_le", SR::LaneMaskLe)
      .Case("lanemask_lt", SR::LaneMaskLt)
      .Case("lanemask_ge", SR::LaneMaskGe)
      .Case("lanemask_gt", SR::LaneMaskGt)
      .Case("dynamic_smem_size", SR::DynSmemSize)
      .Case("total_smem_size", SR::TotalSmemSize)
      .Case("cluster_ctarank", SR::ClusterRank)
      .Case("cluster_nctarank", SR::ClusterSize)
      .Case("is_explicit_cluster", SR::IsExplicitCluster)
      .Default(std::nullopt);
}

uint8_t sim::scopeLevel(ptx::MemScope scope) {
  switch (scope) {
  case ptx::MemScope::CTA:
    return kScopeCTA;
  case ptx::MemScope::Cluster:
    return kScopeCluster;
  case ptx::MemScope::GPU:
    return kScopeGPU;
  case ptx::MemScope::Sys:
    return kScopeSys;
  }
  return kScopeGPU;
}

template <typename OpT>
static bool isRelaxedArrive(OpT op) {
  return op.getSem() && *op.getSem() == ptx::ArriveSem::Relaxed;
}

LogicalResult sim::decodeSyncOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  auto slotOr = [&](Value v) { return v ? c.slot(v) : kNone; };

  StringRef name = op->getName().getStringRef();
  if (name.consume_front("tirx.ptx.sreg.")) {
    std::optional<SR> sr = specialFor(name);
    if (!sr)
      return c.notModeled(op);
    Inst i = c.make(Opc::Special);
    i.d = c.slot(op->getResult(0));
    i.f = static_cast<uint8_t>(*sr);
    c.emit(i);
    return success();
  }
  if (auto init = dyn_cast<PTXMBarrierInitOp>(op)) {
    auto e = std::make_unique<MBarInit>();
    e->bar = c.slot(init.getBar());
    e->count = c.slot(init.getCount());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto inval = dyn_cast<PTXMBarrierInvalOp>(op)) {
    auto e = std::make_unique<MBarInval>();
    e->bar = c.slot(inval.getBar());
    c.emitExt(std::move(e));
    return success();
  }
  auto arrive = [&](auto a, const char *n, bool drop, bool expectTx) {
    auto e = std::make_unique<MBarArrive>();
    e->opName = n;
    e->bar = c.slot(a.getBar());
    e->relaxed = isRelaxedArrive(a);
    e->clusterScope = a.getScope() && *a.getScope() == ptx::ClusterScope::Cluster;
    e->drop = drop;
    if (expectTx)
      e->tx = c.slot(a.getCount());
    else
      e->count = slotOr(a.getCount());
    e->state = slotOr(a.getState());
    c.emitExt(std::move(e));
    return success();
  };
  if (auto a = dyn_cast<PTXMBarrierArriveOp>(op))
    return arrive(a, "mbarrier.arrive", false, false);
  if (auto a = dyn_cast<PTXMBarrierArriveDropOp>(op))
    return arrive(a, "mbarrier.arrive_drop", true, false);
  if (auto a = dyn_cast<PTXMBarrierArriveExpectTxOp>(op))
    return arrive(a, "mbarrier.arrive.expect_tx", false, true);
  if (auto a = dyn_cast<PTXMBarrierArriveDropExpectTxOp>(op))
    return arrive(a, "mbarrier.arrive_drop.expect_tx", true, true);
  auto noComplete = [&](auto a, const char *n, bool drop) {
    auto e = std::make_unique<MBarArrive>();
    e->opName = n;
    e->bar = c.slot(a.getBar());
    e->count = c.slot(a.getCount());
    e->state = c.slot(a.getState());
    e->noComplete = true;
    e->drop = drop;
    c.emitExt(std::move(e));
    return success();
  };
  if (auto a = dyn_cast<PTXMBarrierArriveNoCompleteOp>(op))
    return noComplete(a, "mbarrier.arrive.nocomplete", false);
  if (auto a = dyn_cast<PTXMBarrierArriveDropNoCompleteOp>(op))
    return noComplete(a, "mbarrier.arrive_drop.nocomplete", true);
  auto tx = [&](auto t, bool complete) {
    auto e = std::make_unique<MBarTx>();
    e->bar = c.slot(t.getBar());
    e->tx = c.slot(t.getTx());
    e->complete = complete;
    c.emitExt(std::move(e));
    return success();
  };
  if (auto t = dyn_cast<PTXMBarrierExpectTxOp>(op))
    return tx(t, false);
  if (auto t = dyn_cast<PTXMBarrierCompleteTxOp>(op))
    return tx(t, true);
  auto wait = [&](auto w, Value arg, bool parity, const char *n) {
    auto e = std::make_unique<MBarWait>();
    e->opName = n;
    e->test = StringRef(n).starts_with("mbarrier.test_wait");
    e->bar = c.slot(w.getBar());
    e->arg = c.slot(arg);
    e->parity = parity;
    e->relaxed = w.getSem() && *w.getSem() == ptx::WaitSem::Relaxed;
    e->result = c.slot(w.getDone());
    c.emitExt(std::move(e));
    return success();
  };
  if (auto w = dyn_cast<PTXMBarrierTestWaitOp>(op))
    return wait(w, w.getState(), false, "mbarrier.test_wait");
  if (auto w = dyn_cast<PTXMBarrierTestWaitParityOp>(op))
    return wait(w, w.getPhase(), true, "mbarrier.test_wait.parity");
  if (auto w = dyn_cast<PTXMBarrierTryWaitOp>(op))
    return wait(w, w.getState(), false, "mbarrier.try_wait");
  if (auto w = dyn_cast<PTXMBarrierTryWaitParityOp>(op))
    return wait(w, w.getPhase(), true, "mbarrier.try_wait.parity");
  if (auto p = dyn_cast<PTXMBarrierPendingCountOp>(op)) {
    auto e = std::make_unique<MBarPendingCount>();
    e->state = c.slot(p.getState());
    e->result = c.slot(p.getCount());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXBarrierSyncOp>(op)) {
    auto e = std::make_unique<BarrierOp>();
    e->id = slotOr(b.getId());
    e->count = slotOr(b.getCount());
    e->aligned = b.getAligned();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXBarrierArriveOp>(op)) {
    auto e = std::make_unique<BarrierOp>();
    e->opName = "barrier.arrive";
    e->id = c.slot(b.getId());
    e->count = c.slot(b.getCount());
    e->wait = false;
    e->aligned = b.getAligned();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto b = dyn_cast<PTXBarrierRedOp>(op)) {
    auto e = std::make_unique<BarrierOp>();
    e->opName = "barrier.red";
    e->id = slotOr(b.getId());
    e->count = slotOr(b.getCount());
    e->isRed = true;
    e->aligned = b.getAligned();
    e->red = b.getKind();
    e->pred = c.slot(b.getPred());
    e->result = c.slot(b.getResult());
    c.emitExt(std::move(e));
    return success();
  }
  if (auto a = dyn_cast<PTXBarrierClusterArriveOp>(op)) {
    auto e = std::make_unique<ClusterArrive>();
    e->relaxed = a.getSem() && *a.getSem() == ptx::ArriveSem::Relaxed;
    e->aligned = a.getAligned();
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXBarrierClusterWaitOp>(op)) {
    c.emitExt(std::make_unique<ClusterWait>());
    return success();
  }
  if (auto f = dyn_cast<PTXFenceProxyAsyncOp>(op)) {
    auto e = std::make_unique<ProxyFence>();
    if (auto space = f.getSpace())
      e->spaces = *space == ptx::ProxySpace::Global      ? 1
                  : *space == ptx::ProxySpace::SharedCTA ? 2
                                                         : 6;
    c.emitExt(std::move(e));
    return success();
  }
  if (auto f = dyn_cast<PTXFenceOp>(op)) {
    auto e = std::make_unique<MemFence>();
    ptx::FenceSem sem = f.getSem();
    e->acquire = sem != ptx::FenceSem::Release;
    e->release = sem != ptx::FenceSem::Acquire;
    e->scope = scopeLevel(f.getScope());
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXFenceProxyAliasOp, PTXFenceMBarrierInitOp,
          PTXFenceProxyTensormapOp, PTXSetMaxNRegOp, PTXGridDepControlOp,
          PTXNanosleepOp>(op)) {
    // Their ordering is what the simulator's sequential memory gives, or
    // they only concern performance.
    c.emitExt(std::make_unique<NoEffect>("fence"));
    return success();
  }
  if (auto m = dyn_cast<PTXMapaOp>(op)) {
    auto e = std::make_unique<Mapa>();
    e->addr = c.slot(m.getAddr());
    e->rank = c.slot(m.getRank());
    e->result = c.slot(m.getResult());
    c.emitExt(std::move(e));
    return success();
  }
  if (isa<PTXCvtaOp, PTXCvtaToOp>(op)) {
    // A state space's window and the generic space hold the same numbers
    // here (Exec.h), so the conversion keeps the address; .const and
    // .param have no window at this level.
    ptx::AddrSpace space = isa<PTXCvtaOp>(op) ? cast<PTXCvtaOp>(op).getSpace()
                                              : cast<PTXCvtaToOp>(op).getSpace();
    if (space == ptx::AddrSpace::Const || space == ptx::AddrSpace::Param ||
        space == ptx::AddrSpace::ParamEntry)
      return c.notModeled(op, "the " + ptx::stringifyAddrSpace(space) +
                                  " state space has no window at the IR "
                                  "level");
    c.emitCopy(c.slot(op->getResult(0)), c.slot(op->getOperand(0)), 1);
    return success();
  }
  if (auto s = dyn_cast<PTXIsspacepOp>(op)) {
    auto e = std::make_unique<IsSpaceIR>();
    e->addr = c.slot(s.getA());
    e->result = c.slot(s.getRes());
    e->space = s.getSpace();
    c.emitExt(std::move(e));
    return success();
  }
  if (auto g = dyn_cast<PTXGetCtaRankOp>(op)) {
    auto e = std::make_unique<GetCtaRank>();
    e->addr = c.slot(g.getAddr());
    e->result = c.slot(g.getRank());
    c.emitExt(std::move(e));
    return success();
  }
  handled = false;
  return success();
}
