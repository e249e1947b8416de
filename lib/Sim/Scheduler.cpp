//===- Scheduler.cpp - Threads of a cluster, scheduled ----------*- C++ -*-===//
//
// A cluster's threads run cooperatively: a seeded scheduler picks a ready
// thread and interprets it until it blocks (barrier, mbarrier wait,
// collective), exits or uses its quantum. Pending asynchronous operations
// complete at these scheduling points in a seeded order. When nothing can
// run and nothing is pending, the cluster is deadlocked.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

AsyncOp::~AsyncOp() = default;
ScheduleObserver::~ScheduleObserver() = default;

/// Bytes of vector clocks above which race checking is turned off.
static constexpr uint64_t kMaxVectorClockBytes = uint64_t(256) << 20;

ClusterExec::ClusterExec(Machine &m, const uint32_t cid[3], bool host)
    : m(m), prog(m.prog) {
  for (int i = 0; i < 3; ++i)
    clusterId[i] = cid[i];
  rng.seed(m.opts.seed * 0x9E3779B97F4A7C15ull + m.clusterOrdinal);
  if (host)
    return;
  uint32_t nCta = m.ctasPerCluster, T = m.threadsPerCTA;
  const MemoryLayout &layout = prog.layout;
  ctas = std::vector<CTA>(nCta);
  uint32_t cx = static_cast<uint32_t>(m.cluster[0]);
  uint32_t cy = static_cast<uint32_t>(m.cluster[1]);
  for (uint32_t r = 0; r < nCta; ++r) {
    CTA &c = ctas[r];
    c.rank = r;
    c.clusterCtaId[0] = r % cx;
    c.clusterCtaId[1] = (r / cx) % cy;
    c.clusterCtaId[2] = r / (cx * cy);
    for (int i = 0; i < 3; ++i)
      c.ctaid[i] = clusterId[i] * static_cast<uint32_t>(m.cluster[i]) +
                   c.clusterCtaId[i];
    c.smem.data.resize(layout.totalShared);
    // Uninitialized shared memory holds seeded garbage.
    for (auto &byte : c.smem.data)
      byte = static_cast<uint8_t>(rng());
    c.smem.written.assign(layout.totalShared, 0);
    c.firstThread = r * T;
    c.numThreads = T;
    c.live = T;
  }
  numThreads = nCta * T;
  liveThreads = numThreads;
  threads.resize(numThreads);
  uint32_t bx = static_cast<uint32_t>(m.block[0]);
  uint32_t by = static_cast<uint32_t>(m.block[1]);
  const FunctionCode &kernelFn = prog.functions.front();
  for (uint32_t i = 0; i < numThreads; ++i) {
    Thread &t = threads[i];
    t.idx = i;
    t.cta = i / T;
    t.tid = i % T;
    t.tidv[0] = t.tid % bx;
    t.tidv[1] = (t.tid / bx) % by;
    t.tidv[2] = t.tid / (bx * by);
    t.regs = m.hostRegs;
    t.regs.resize(std::max<size_t>(kernelFn.numSlots, t.regs.size()), 0);
    t.pc = prog.kernelEntry;
    t.local.assign(layout.local, 0);
  }
  warpColl.resize(nCta * ((T + 31) / 32));
  wgColl.resize(nCta * ((T + 127) / 128));
  if (m.raceCheck) {
    // Rows: threads and their agents. Under a schedule observer each row
    // has a second, causal half (ClusterExec::causalBase).
    uint64_t v = 2 * uint64_t(numThreads);
    uint64_t width = m.observer ? 2 * v : v;
    if (v * width * 4 <= kMaxVectorClockBytes) {
      vcWidth = static_cast<uint32_t>(width);
      if (m.observer)
        causalBase = static_cast<uint32_t>(v);
      vcs.assign(size_t(v) * width, 0);
      for (uint32_t i = 0; i < numThreads; ++i)
        vc(i)[i] = 1;
      for (CTA &c : ctas) {
        c.smem.shadow.reset(layout.totalShared);
        c.exitVC.assign(vcWidth, 0);
        for (NamedBarrier &b : c.bars)
          b.vc.assign(vcWidth, 0);
      }
      clusterAccVC.assign(vcWidth, 0);
      clusterDoneVC.assign(vcWidth, 0);
    }
  }
}

void ClusterExec::makeReady(Thread &t) {
  if (t.state == TState::Blocked && m.opts.trace)
    traceWait(t, /*begin=*/false);
  t.state = TState::Ready;
  t.wait = WaitDesc();
  if (observer)
    return; // the observer's scheduler looks at the states
  if (!t.queued) {
    t.queued = true;
    ready.push_back(t.idx);
  }
}

void ClusterExec::join(uint32_t *dst, const uint32_t *src) {
  // The hot part of race checking (every barrier joins each participant's
  // clock): a local bound and unaliased pointers let the loop vectorize.
  uint32_t *__restrict d = dst;
  const uint32_t *__restrict s = src;
  const uint32_t n = vcWidth;
  for (uint32_t i = 0; i < n; ++i)
    d[i] = d[i] < s[i] ? s[i] : d[i];
}

void ClusterExec::joinInto(std::vector<uint32_t> &dst, const uint32_t *src) {
  if (dst.size() != vcWidth)
    dst.assign(vcWidth, 0);
  join(dst.data(), src);
}

void ClusterExec::tick(Thread &t) {
  if (vcWidth)
    ++vc(t.idx)[t.idx];
}

//===----------------------------------------------------------------------===//
// Descriptions
//===----------------------------------------------------------------------===//

std::string ClusterExec::describe(const Thread &t) const {
  if (ctas.empty())
    return "the host part of the kernel function";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "thread ";
  if (m.block[1] > 1 || m.block[2] > 1)
    os << "(" << t.tidv[0] << ", " << t.tidv[1] << ", " << t.tidv[2] << ")";
  else
    os << t.tid;
  os << " of " << describeCta(t.cta);
  return s;
}

std::string ClusterExec::describeCta(uint32_t rank) const {
  std::string s;
  llvm::raw_string_ostream os(s);
  const CTA &c = ctas[rank];
  os << "CTA (" << c.ctaid[0] << ", " << c.ctaid[1] << ", " << c.ctaid[2]
     << ")";
  if (ctas.size() > 1)
    os << " (cluster rank " << rank << ")";
  return s;
}

std::string ClusterExec::describeShared(uint64_t canonical) const {
  uint32_t rank;
  uint64_t off;
  if (!decodeShared(canonical, 0, rank, off) || rank >= ctas.size()) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << llvm::format_hex(canonical, 2);
    return s;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "shared offset " << llvm::format_hex(off, 2) << " of "
     << describeCta(rank);
  return s;
}

uint64_t specialRegister(ClusterExec &ex, Thread &t, SR reg, int64_t imm,
                         uint64_t now) {
  const Machine &m = ex.m;
  const CTA &c = ex.ctas[t.cta];
  uint32_t lane = t.tid % 32;
  switch (reg) {
  case SR::TidX:
    return t.tidv[0];
  case SR::TidY:
    return t.tidv[1];
  case SR::TidZ:
    return t.tidv[2];
  case SR::TidLinear:
    return t.tid;
  case SR::CtaIdX:
    return c.ctaid[0];
  case SR::CtaIdY:
    return c.ctaid[1];
  case SR::CtaIdZ:
    return c.ctaid[2];
  case SR::ClusterIdX:
    return ex.clusterId[0];
  case SR::ClusterIdY:
    return ex.clusterId[1];
  case SR::ClusterIdZ:
    return ex.clusterId[2];
  case SR::ClusterCtaIdX:
    return c.clusterCtaId[0];
  case SR::ClusterCtaIdY:
    return c.clusterCtaId[1];
  case SR::ClusterCtaIdZ:
    return c.clusterCtaId[2];
  case SR::ClusterRank:
    return t.cta;
  case SR::ClusterSize:
    return ex.ctas.size();
  case SR::LaneId:
    return lane;
  case SR::WarpId:
    return t.tid / 32;
  case SR::WarpgroupId:
    return t.tid / 128;
  case SR::WarpIdInWg:
    return (t.tid / 32) % 4;
  case SR::TidInWg:
    return t.tid % 128;
  case SR::NWarpId:
    return 64;
  case SR::SmId:
    return (m.clusterOrdinal - 1) * ex.ctas.size() + t.cta;
  case SR::NSmId:
    return 132;
  case SR::Clock:
    return now & 0xFFFFFFFFu;
  case SR::Clock64:
  case SR::GlobalTimer:
    return now;
  case SR::GlobalTimerLo:
    return now & 0xFFFFFFFFu;
  case SR::GlobalTimerHi:
    return now >> 32;
  case SR::GridId:
    return 0;
  case SR::LaneMaskEq:
    return uint32_t(1) << lane;
  case SR::LaneMaskLe:
    return static_cast<uint32_t>((uint64_t(2) << lane) - 1);
  case SR::LaneMaskLt:
    return (uint32_t(1) << lane) - 1;
  case SR::LaneMaskGe:
    return ~((uint32_t(1) << lane) - 1);
  case SR::LaneMaskGt:
    return ~static_cast<uint32_t>((uint64_t(2) << lane) - 1);
  case SR::DynSmemSize:
    return ex.prog.layout.dynShared;
  case SR::TotalSmemSize:
    return ex.prog.layout.totalShared;
  case SR::IsExplicitCluster:
    return ex.prog.launch.hasCluster ? 1 : 0;
  case SR::SharedAddr:
    return static_cast<uint64_t>(imm); // a shared::cta address
  case SR::LocalAddr:
    return kLocalBase + static_cast<uint64_t>(imm);
  case SR::StaticAddr: {
    uint64_t k = static_cast<uint64_t>(imm) >> kStaticShift;
    uint64_t off = static_cast<uint64_t>(imm) & ((uint64_t(1) << kStaticShift) - 1);
    uint64_t block = m.blocks.size() - ex.prog.staticBlocks.size() + k;
    return kGlobalBase + (block << kGlobalShift) + off;
  }
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// The run loop
//===----------------------------------------------------------------------===//

bool ClusterExec::run() {
  observer = m.observer;
  for (Thread &t : threads)
    makeReady(t);
  if (observer)
    return runObserved();
  while (true) {
    if (m.stop)
      return false;
    if (ready.empty()) {
      if (!pending.empty()) {
        if (!progressAsync(/*all=*/true))
          return false;
        continue;
      }
      if (liveThreads == 0)
        break;
      if (wakeIdlePollers())
        continue;
      reportDeadlock();
      return false;
    }
    size_t i = ready.size() > 1 ? rng() % ready.size() : 0;
    uint32_t id = ready[i];
    ready[i] = ready.back();
    ready.pop_back();
    Thread &t = threads[id];
    t.queued = false;
    if (t.state != TState::Ready)
      continue;
    if (!afterRun(t, runThread(t, m.opts.quantum)))
      return false;
    if (!pending.empty() && (rng() & 3) == 0 && !progressAsync(false))
      return false;
  }
  return flushUninitialized(~0u);
}

bool ClusterExec::runObserved() {
  observer->beginCluster(*this);
  std::vector<uint32_t> enabled;
  while (true) {
    if (m.stop)
      return false;
    enabled.clear();
    for (const Thread &t : threads)
      if (t.state == TState::Ready)
        enabled.push_back(t.idx);
    for (uint32_t id : pending)
      enabled.push_back(numThreads + id);
    if (enabled.empty()) {
      if (liveThreads == 0)
        break;
      if (wakeIdlePollers())
        continue;
      reportDeadlock();
      return false;
    }
    uint32_t actor = observer->choose(*this, enabled);
    if (actor == ScheduleObserver::kStopRun) {
      m.stoppedByObserver = true;
      return true;
    }
    curActor = actor;
    if (actor >= numThreads) {
      uint32_t id = actor - numThreads;
      observer->step(*this, actor, asyncOps[id]->loc);
      if (!completeOp(id))
        return false;
      continue;
    }
    Thread &t = threads[actor];
    observer->step(*this, actor, prog.code[t.pc].loc);
    if (!afterRun(t, runThread(t, m.observedQuantum)))
      return false;
  }
  return flushUninitialized(~0u);
}

bool ClusterExec::afterRun(Thread &t, Step s) {
  switch (s) {
  case Step::Next:
    // The observer picks among the ready threads itself.
    if (observer)
      t.state = TState::Ready;
    else
      makeReady(t);
    break;
  case Step::Block:
    if (m.opts.trace)
      traceWait(t, /*begin=*/true);
    break;
  case Step::Parked:
    break;
  case Step::Exit:
    if (!threadExit(t))
      return false;
    break;
  case Step::Fail:
    return false;
  default:
    error(prog.code[t.pc].loc) << "internal simulator error: unexpected "
                                  "step in device code";
    return false;
  }
  if (m.opts.maxSteps && m.steps > m.opts.maxSteps) {
    auto d = error(prog.kernelLoc);
    d << "the launch ran more than " << m.opts.maxSteps
      << " operations (the step limit) and did not finish (a thread "
         "spinning forever?)";
    d.attachNote(loc(prog.code[t.pc].loc)) << describe(t) << " was here";
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Tracing
//===----------------------------------------------------------------------===//

static void traceWho(const ClusterExec &ex, const Thread &t, TraceEvent &e) {
  const CTA &c = ex.ctas[t.cta];
  for (int i = 0; i < 3; ++i)
    e.ctaId[i] = c.ctaid[i];
  e.cta = c.ctaid[0] +
          uint64_t(ex.m.grid[0]) * (c.ctaid[1] + uint64_t(ex.m.grid[1]) *
                                                     c.ctaid[2]);
  e.thread = t.tid;
  e.time = ex.m.steps;
}

void ClusterExec::traceProfile(Thread &t, TraceEvent::Kind kind,
                               StringRef name, uint32_t op) {
  TraceEvent e;
  e.kind = kind;
  traceWho(*this, t, e);
  e.name = name.str();
  e.op = prog.ops[op];
  m.opts.trace->event(e);
}

void ClusterExec::traceWait(Thread &t, bool begin) {
  TraceEvent e;
  e.kind = begin ? TraceEvent::Kind::WaitBegin : TraceEvent::Kind::WaitEnd;
  traceWho(*this, t, e);
  const WaitDesc &w = t.wait;
  e.op = prog.ops[w.loc];
  if (begin) {
    llvm::raw_string_ostream os(e.detail);
    switch (w.kind) {
    case WaitDesc::MBarrier:
      e.name = "mbarrier";
      os << describeShared(w.obj) << ", parity " << (w.phase & 1);
      break;
    case WaitDesc::Barrier:
      e.name = "barrier " + std::to_string(w.obj);
      break;
    case WaitDesc::ClusterBarrier:
      e.name = "cluster barrier";
      break;
    case WaitDesc::TmemAlloc:
      e.name = "tensor memory";
      os << w.obj << " columns";
      break;
    default:
      e.name = "wait";
      break;
    }
  }
  m.opts.trace->event(e);
}

//===----------------------------------------------------------------------===//
// Exits
//===----------------------------------------------------------------------===//

bool ClusterExec::threadExit(Thread &t) {
  t.state = TState::Exited;
  CTA &cta = ctas[t.cta];
  --cta.live;
  --liveThreads;
  if (vcWidth) {
    join(cta.exitVC.data(), vc(t.idx));
    tick(t);
  }
  threadExitedFromCollectives(t);
  if (m.stop)
    return false;
  ++syncEpoch;
  if (!recheckBarriers(cta) || !checkClusterBarrier())
    return false;
  if (cta.live == 0)
    return ctaExit(cta);
  return !m.stop;
}

bool ClusterExec::reportExitedAccess(uint32_t op, const std::string &who,
                                     uint32_t rank) {
  if (!reportedOps.insert(op).second)
    return !m.stop;
  error(op) << "the shared memory of " << describeCta(rank)
            << " may be accessed after that CTA exits: " << who
            << " accesses it here, and no cluster barrier orders the access "
               "before the CTA's exit";
  return !m.stop;
}

bool ClusterExec::ctaExit(CTA &cta) {
  if (!flushUninitialized(cta.rank))
    return false;
  for (const TmemAllocation &a : cta.tmemAllocs) {
    error(a.op) << "tensor memory leak: " << a.columns
                << " columns allocated here (from column " << a.column
                << ") are not deallocated before " << describeCta(cta.rank)
                << " exits";
    if (m.stop)
      return false;
  }
  // Bulk copies out of this CTA's shared memory must have been waited for
  // (whether or not they happened to complete already).
  if (cta.rank < smemReaders.size())
    for (uint32_t id : smemReaders[cta.rank]) {
      if (opWaited[id])
        continue;
      uint32_t loc = isDone(id) ? opLocs[id] : asyncOps[id]->loc;
      error(loc) << describeCta(cta.rank)
                 << " exits while this bulk copy may still read its shared "
                    "memory; wait for it (cp.async.bulk.wait_group.read) "
                    "before the CTA exits";
      if (m.stop)
        return false;
    }
  if (vcWidth) {
    for (auto &[who, entry] : cta.remote) {
      if (cta.exitVC[who] >= entry.first)
        continue;
      if (!reportExitedAccess(entry.second, describeWho(who),
                              cta.rank))
        return false;
    }
  }
  cta.exited = true;
  return !m.stop;
}

//===----------------------------------------------------------------------===//
// Deadlocks
//===----------------------------------------------------------------------===//

bool ClusterExec::wakeIdlePollers() {
  // Threads polling an mbarrier with test_wait sleep until it changes; when
  // nothing else can run they get another turn, but only if something
  // changed since they last polled (else they would poll forever).
  bool woke = false;
  for (Thread &t : threads)
    if (t.state == TState::Blocked && t.wait.kind == WaitDesc::MBarrierPoll &&
        t.pollEpoch != syncEpoch) {
      makeReady(t);
      woke = true;
    }
  return woke;
}

bool ClusterExec::reportDeadlock() {
  // An mbarrier whose arrivals are all in but whose transaction bytes never
  // come: the expect_tx is the bug.
  for (auto &[addr, b] : mbarriers) {
    if (b.waiters.empty() || b.pending != 0 || b.tx <= 0 || !b.hasTxOp)
      continue;
    auto d = error(b.lastTxOp);
    d << "mbarrier phase " << b.phase << " at " << describeShared(addr)
      << " can never complete: it still expects " << b.tx
      << " transaction bytes (expect_tx) that no issued copy completes; "
      << b.waiters.size() << " thread" << (b.waiters.size() == 1 ? "" : "s")
      << " wait on it";
    uint32_t lowest = *std::min_element(b.waiters.begin(), b.waiters.end());
    d.attachNote(loc(threads[lowest].wait.loc))
        << describe(threads[lowest]) << " waits here";
    return false;
  }
  // Part of a warp waits at an .aligned barrier its other lanes never
  // reach: the divergence is the bug.
  uint32_t T = m.threadsPerCTA;
  for (CTA &c : ctas)
    for (uint32_t id = 0; id < 16; ++id) {
      NamedBarrier &b = c.bars[id];
      if (!b.arrived)
        continue;
      for (uint32_t w = 0; w < b.alignedOp.size(); ++w) {
        if (b.alignedOp[w] == ~0u)
          continue;
        uint32_t live = 0;
        const Thread *away = nullptr;
        for (uint32_t l = w * 32; l < std::min(T, w * 32 + 32); ++l) {
          const Thread &p = threads[c.rank * T + l];
          if (p.state == TState::Exited)
            continue;
          ++live;
          if (!away && !(p.state == TState::Blocked &&
                         p.wait.kind == WaitDesc::Barrier &&
                         p.wait.loc == b.alignedOp[w]))
            away = &p;
        }
        // Only when the lanes that are missing wait at another barrier:
        // lanes blocked on an mbarrier or a collective explain the
        // deadlock themselves.
        if (b.alignedLanes[w] >= live || !away ||
            away->state != TState::Blocked ||
            (away->wait.kind != WaitDesc::Barrier &&
             away->wait.kind != WaitDesc::ClusterBarrier))
          continue;
        auto d = error(b.alignedOp[w]);
        d << "divergent .aligned barrier: " << b.alignedLanes[w] << " of the "
          << live << " live lanes of warp " << w << " of "
          << describeCta(c.rank)
          << " wait at this .aligned barrier, which the others never reach "
             "(deadlock); all lanes of a warp must execute it together";
        if (away)
          d.attachNote(loc(away->state == TState::Blocked ||
                                   away->state == TState::Parked
                               ? away->wait.loc
                               : prog.code[away->pc].loc))
              << describe(*away) << " is here instead";
        return false;
      }
    }
  const Thread *first = nullptr;
  for (const Thread &t : threads)
    if (t.state == TState::Blocked || t.state == TState::Parked) {
      first = &t;
      break;
    }
  if (!first) {
    error(prog.code[threads.front().pc].loc)
        << "internal simulator error: no runnable thread, none blocked";
    return false;
  }
  auto waitText = [&](const Thread &t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    const WaitDesc &w = t.wait;
    switch (w.kind) {
    case WaitDesc::MBarrier:
    case WaitDesc::MBarrierPoll: {
      auto it = mbarriers.find(w.obj);
      if (w.kind == WaitDesc::MBarrierPoll)
        os << "(polling with test_wait) ";
      os << "for the phase of parity " << (w.phase & 1)
         << " of the mbarrier at " << describeShared(w.obj);
      if (it != mbarriers.end()) {
        const MBarrier &b = it->second;
        os << " (phase " << b.phase << ": " << b.pending << " of "
           << b.expected << " arrivals and " << b.tx
           << " transaction bytes missing)";
      }
      break;
    }
    case WaitDesc::Barrier: {
      const NamedBarrier &b = ctas[t.cta].bars[w.obj];
      os << "at barrier " << w.obj << " (" << b.arrived << " of "
         << (b.expected ? b.expected : ctas[t.cta].live)
         << " threads arrived";
      uint32_t exited = ctas[t.cta].numThreads - ctas[t.cta].live;
      if (exited)
        os << "; " << exited << " threads of the CTA have exited";
      os << ")";
      break;
    }
    case WaitDesc::ClusterBarrier:
      os << "at the cluster barrier (" << clusterArrived << " of "
         << liveThreads << " live threads arrived)";
      break;
    case WaitDesc::Collective:
      os << "at a warp-collective op for the other lanes of its "
         << (w.obj == 128 ? "warpgroup" : "warp");
      break;
    case WaitDesc::TmemAlloc:
      os << "for " << w.obj << " free columns of tensor memory";
      break;
    default:
      os << "(unknown)";
      break;
    }
    return s;
  };
  auto d = error(first->wait.loc);
  d << "deadlock: all " << liveThreads << " live threads of the cluster are "
    << "blocked; " << describe(*first) << " waits " << waitText(*first);
  // One note per distinct wait site.
  std::set<std::pair<uint32_t, uint64_t>> seen;
  seen.insert({first->wait.loc, first->wait.obj});
  unsigned notes = 0;
  for (const Thread &t : threads) {
    if (t.state != TState::Blocked && t.state != TState::Parked)
      continue;
    if (!seen.insert({t.wait.loc, t.wait.obj}).second)
      continue;
    if (++notes > 8)
      break;
    d.attachNote(loc(t.wait.loc)) << describe(t) << " waits " << waitText(t);
  }
  // Waits that passed at once because their parity named the phase before
  // the first: a wrong parity there shifts every later phase.
  std::set<uint32_t> vacuousNoted;
  for (const Thread &t : threads)
    if (t.vacuous && t.state != TState::Exited &&
        vacuousNoted.insert(t.vacuousOp).second && vacuousNoted.size() <= 4)
      d.attachNote(loc(t.vacuousOp))
          << "this wait of " << describe(t) << " on the mbarrier at "
          << describeShared(t.vacuousBar)
          << " passed at once: parity 1 names the phase before the "
             "barrier's first (is the parity right?)";
  if (first->wait.kind == WaitDesc::MBarrier ||
      first->wait.kind == WaitDesc::MBarrierPoll) {
    auto it = mbarriers.find(first->wait.obj);
    if (it != mbarriers.end() && it->second.initialized)
      d.attachNote(loc(it->second.initOp))
          << "the mbarrier was initialized here for "
          << it->second.expected << " arrival"
          << (it->second.expected == 1 ? "" : "s") << " per phase";
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

Step ClusterExec::arriveCollective(Thread &t, const Inst &inst, ExtOp &op) {
  unsigned width = op.collectiveWidth();
  uint32_t T = m.threadsPerCTA;
  uint32_t group = t.tid / width, pos = t.tid % width;
  uint32_t groups = (T + width - 1) / width;
  Collective &c = (width == 32 ? warpColl : wgColl)[t.cta * groups + group];
  uint64_t mask[2];
  if (!op.participants(*this, t, inst, mask))
    return Step::Fail;
  // Lanes past the end of a partial warp do not exist.
  uint32_t present = std::min(width, T - group * width);
  for (uint32_t i = present; i < 128; ++i)
    mask[i / 64] &= ~(uint64_t(1) << (i % 64));
  if (!((mask[pos / 64] >> (pos % 64)) & 1)) {
    error(inst.loc) << describe(t) << " executes '" << op.name()
                    << "' but is not in its member mask";
    return Step::Fail;
  }
  if (!c.active) {
    c.active = true;
    c.pc = t.pc;
    c.mask[0] = mask[0];
    c.mask[1] = mask[1];
    c.expected = llvm::popcount(mask[0]) + llvm::popcount(mask[1]);
    c.arrived = 0;
    c.slots.assign(width, nullptr);
  } else if (c.pc != t.pc) {
    // Reported at the earlier of the two ops in the program, so the line
    // does not depend on which lanes arrived first.
    const Inst &waiting = prog.code[c.pc];
    const Inst &first = c.pc < t.pc ? waiting : inst;
    const Inst &second = c.pc < t.pc ? inst : waiting;
    auto d = error(first.loc);
    d << "lanes of a " << (width == 32 ? "warp" : "warpgroup")
      << " reach different warp-collective ops (" << describe(t)
      << " is at one, lanes it must meet wait at the other); all lanes "
         "must execute the same one";
    d.attachNote(loc(second.loc)) << "the other op";
    return Step::Fail;
  } else if (c.mask[0] != mask[0] || c.mask[1] != mask[1]) {
    error(inst.loc) << describe(t) << " executes '" << op.name()
                    << "' with a member mask that differs from the other "
                       "lanes'";
    return Step::Fail;
  }
  uint32_t base = t.cta * T + group * width;
  for (uint32_t i = 0; i < present; ++i) {
    if (!((mask[i / 64] >> (i % 64)) & 1))
      continue;
    const Thread &p = threads[base + i];
    if (p.state == TState::Exited) {
      error(inst.loc) << "'" << op.name() << "' waits for " << describe(p)
                      << ", which has exited without joining it";
      return Step::Fail;
    }
  }
  c.slots[pos] = &t;
  ++c.arrived;
  if (c.arrived < c.expected) {
    t.state = TState::Parked;
    t.wait.kind = WaitDesc::Collective;
    t.wait.obj = width;
    t.wait.loc = inst.loc;
    return Step::Parked;
  }
  c.active = false;
  std::vector<Thread *> slots = std::move(c.slots);
  Step s = op.execCollective(*this, inst, slots);
  if (s == Step::Fail)
    return Step::Fail;
  if (causalBase)
    joinCausally(slots);
  for (Thread *p : slots) {
    if (!p || p == &t)
      continue;
    if (s == Step::Next)
      ++p->pc;
    makeReady(*p);
  }
  t.state = TState::Ready;
  return s == Step::Next ? Step::Next : Step::Jumped;
}

void ClusterExec::joinCausally(ArrayRef<Thread *> group) {
  // The causal half of each member learns everything (both halves) that
  // any member knew: none of them passes the collective before all came.
  std::vector<uint32_t> all(vcWidth, 0);
  for (Thread *p : group)
    if (p)
      join(all.data(), vc(p->idx));
  for (uint32_t i = 0; i < causalBase; ++i)
    all[i] = std::max(all[i], all[causalBase + i]);
  for (Thread *p : group) {
    if (!p)
      continue;
    uint32_t *row = vc(p->idx) + causalBase;
    for (uint32_t i = 0; i < causalBase; ++i)
      row[i] = std::max(row[i], all[i]);
  }
}

void ClusterExec::threadExitedFromCollectives(Thread &t) {
  uint32_t T = m.threadsPerCTA;
  for (unsigned width : {32u, 128u}) {
    uint32_t groups = (T + width - 1) / width;
    uint32_t group = t.tid / width, pos = t.tid % width;
    Collective &c = (width == 32 ? warpColl : wgColl)[t.cta * groups + group];
    if (!c.active || !((c.mask[pos / 64] >> (pos % 64)) & 1))
      continue;
    const Inst &inst = prog.code[c.pc];
    error(inst.loc) << "'" << prog.ext[inst.x]->name() << "' waits for "
                    << describe(t) << ", which has exited without joining it";
    return;
  }
}
