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
    uint64_t v = 2 * uint64_t(numThreads);
    if (v * v * 4 <= kMaxVectorClockBytes) {
      vcWidth = static_cast<uint32_t>(v);
      vcs.assign(size_t(v) * v, 0);
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
  for (Thread &t : threads)
    makeReady(t);
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
    Step s = runThread(t, m.opts.quantum);
    switch (s) {
    case Step::Next:
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
    if (!pending.empty() && (rng() & 3) == 0 && !progressAsync(false))
      return false;
  }
  return flushUninitialized(~0u);
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
  recheckBarriers(cta);
  checkClusterBarrier();
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
      if (!reportExitedAccess(entry.second, describe(threads[who]),
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
    case WaitDesc::MBarrier: {
      auto it = mbarriers.find(w.obj);
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
         << b.expected << " threads arrived";
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
  if (first->wait.kind == WaitDesc::MBarrier) {
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
