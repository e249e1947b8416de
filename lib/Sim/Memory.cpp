//===- Memory.cpp - Address resolution and memory checks --------*- C++ -*-===//
//
// Every non-local access resolves its address here: which memory (shared of
// which CTA, local, global block), bounds, alignment, the pointer's scope,
// CTAs that exited, then race detection (FastTrack-style epochs against
// vector clocks, per byte) and initialization tracking.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static std::string hex(uint64_t v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(v, 2);
  return s;
}

bool ClusterExec::decodeShared(uint64_t addr, uint32_t ctxCta,
                               uint32_t &rank, uint64_t &offset) const {
  if (addr < kClusterBase) {
    rank = ctxCta;
    offset = addr;
    return true;
  }
  if (addr >= kClusterEnd)
    return false;
  rank = static_cast<uint32_t>((addr - kClusterBase) / kSharedStride);
  offset = (addr - kClusterBase) % kSharedStride;
  return true;
}

Accessor ClusterExec::accessorOf(Thread &t, uint32_t op) {
  Accessor a;
  a.who = t.idx;
  a.vc = vcWidth ? vc(t.idx) : nullptr;
  a.clock = vcWidth ? vc(t.idx)[t.idx] : 0;
  a.op = op;
  a.thread = &t;
  return a;
}

static const char *verb(Access kind) {
  return kind == Access::Read ? "reads" : "writes";
}

uint8_t *ClusterExec::access(Thread &t, uint32_t op, uint64_t addr,
                             uint32_t bytes, uint32_t align, Scope scope,
                             Access kind, bool generic) {
  Accessor acc = accessorOf(t, op);
  acc.generic = generic;
  return accessAs(acc, addr, bytes, align, scope, kind, t.cta);
}

/// "thread 5 (warp 0, lane 5) of CTA (1, 0, 0)" or "the TMA load issued by
/// thread 0 of CTA (0, 0, 0)".
static std::string describeAccessor(const ClusterExec &ex,
                                    const Accessor &acc) {
  if (acc.async)
    return std::string("the ") + (acc.what ? acc.what : "asynchronous copy") +
           " issued by " + ex.describe(*acc.thread);
  return ex.describe(*acc.thread);
}

uint8_t *ClusterExec::accessAs(const Accessor &acc, uint64_t addr,
                               uint32_t bytes, uint32_t align, Scope scope,
                               Access kind, uint32_t ctxCta) {
  auto fail = [&]() -> InFlightDiagnostic { return error(acc.op); };
  if (align > 1 && (addr & (align - 1)) != 0) {
    fail() << "misaligned access: " << describeAccessor(*this, acc) << " "
           << verb(kind) << " " << bytes << " bytes at " << hex(addr)
           << ", which is not " << align << "-byte aligned";
    return nullptr;
  }
  uint32_t rank;
  uint64_t off;
  if (decodeShared(addr, ctxCta, rank, off)) {
    if (scope == Scope::Global || scope == Scope::Local ||
        scope == Scope::TMem || scope == Scope::Param) {
      if (addr < 4096)
        fail() << "invalid address: " << describeAccessor(*this, acc) << " "
               << verb(kind) << " " << bytes << " bytes at " << hex(addr)
               << " through a '" << stringifyMemorySpace(scope)
               << "' pointer (a null pointer?)";
      else
        fail() << "a '" << stringifyMemorySpace(scope)
               << "' pointer holds the shared address " << hex(addr) << " ("
               << describeAccessor(*this, acc) << ")";
      return nullptr;
    }
    if (rank >= ctas.size() || off + bytes > ctas[rank].smem.data.size()) {
      auto d = fail();
      d << "out-of-bounds shared memory access: "
        << describeAccessor(*this, acc) << " " << verb(kind) << " " << bytes
        << " bytes at " << hex(addr);
      if (rank >= ctas.size())
        d << ", in the window of cluster rank " << rank << " (the cluster has "
          << ctas.size() << " CTA" << (ctas.size() == 1 ? "" : "s") << ")";
      else
        d << ", offset " << off << " of " << describeCta(rank)
          << "'s shared memory (" << ctas[rank].smem.data.size() << " bytes)";
      return nullptr;
    }
    if ((scope == Scope::Shared || scope == Scope::SharedDyn) &&
        rank != ctxCta && !acc.generic) {
      fail() << describeAccessor(*this, acc) << " " << verb(kind)
             << " the shared memory of " << describeCta(rank)
             << " through a '" << stringifyMemorySpace(scope)
             << "' pointer; another CTA's shared memory is reached through "
                "a 'shared.cluster' pointer (mapa)";
      return nullptr;
    }
    CTA &owner = ctas[rank];
    if (rank != ctxCta) {
      if (owner.exited) {
        reportExitedAccess(acc.op, describeAccessor(*this, acc), rank);
        return nullptr;
      }
      noteRemote(acc, rank);
    }
    if (!checkCells(acc, owner.smem, off, bytes, kind, true, addr, "shared",
                    static_cast<int32_t>(rank)))
      return nullptr;
    return owner.smem.data.data() + off;
  }
  if (addr >= kLocalBase && addr < kLocalBase + kLocalSize) {
    if (acc.async || !acc.thread) {
      fail() << describeAccessor(*this, acc)
             << " addresses local memory at " << hex(addr)
             << "; asynchronous copies cannot reach local memory";
      return nullptr;
    }
    if (scope != Scope::Local && scope != Scope::Generic) {
      fail() << "a '" << stringifyMemorySpace(scope)
             << "' pointer holds the local address " << hex(addr) << " ("
             << describeAccessor(*this, acc) << ")";
      return nullptr;
    }
    uint64_t loff = addr - kLocalBase;
    if (loff + bytes > acc.thread->local.size()) {
      fail() << "out-of-bounds local memory access: "
             << describeAccessor(*this, acc) << " " << verb(kind) << " "
             << bytes << " bytes at offset " << loff << " of its "
             << acc.thread->local.size() << " bytes of local memory";
      return nullptr;
    }
    return acc.thread->local.data() + loff;
  }
  if (addr >= kGlobalBase) {
    if (scope != Scope::Global && scope != Scope::Generic) {
      fail() << "a '" << stringifyMemorySpace(scope)
             << "' pointer holds the global address " << hex(addr) << " ("
             << describeAccessor(*this, acc) << ")";
      return nullptr;
    }
    uint64_t blockIndex = (addr - kGlobalBase) >> kGlobalShift;
    uint64_t boff = (addr - kGlobalBase) & ((uint64_t(1) << kGlobalShift) - 1);
    if (blockIndex >= m.blocks.size() ||
        boff + bytes > m.blocks[blockIndex].data.size()) {
      auto d = fail();
      d << "out-of-bounds global memory access: "
        << describeAccessor(*this, acc) << " " << verb(kind) << " " << bytes
        << " bytes at " << hex(addr);
      if (blockIndex < m.blocks.size())
        d << ", offset " << boff << " of " << m.blocks[blockIndex].name
          << " (" << m.blocks[blockIndex].data.size() << " bytes)";
      else
        d << ", outside every global allocation";
      return nullptr;
    }
    GlobalBlock &block = m.blocks[blockIndex];
    if (!checkGlobal(acc, block, boff, bytes, kind, addr))
      return nullptr;
    return block.data.data() + boff;
  }
  auto d = fail();
  d << "invalid address: " << describeAccessor(*this, acc) << " "
    << verb(kind) << " " << bytes << " bytes at " << hex(addr);
  if (addr == 0)
    d << " (a null pointer)";
  else if (addr >= kTensorMapBase && addr < kLocalBase + kLocalSize * 4)
    d << " (a tensormap handle is not memory the kernel can access)";
  else
    d << ", which is in no memory";
  return nullptr;
}

void ClusterExec::noteRemote(const Accessor &acc, uint32_t rank) {
  if (!vcWidth || !acc.thread)
    return;
  // An asynchronous agent's access is recorded at the agent's own clock:
  // the CTA's exit must be ordered after the operation (it acquired the
  // operation's completion, e.g. on the mbarrier it completes on), not
  // merely after the issue, and not after whatever its issuer did since.
  uint32_t who = acc.who;
  uint32_t clock = acc.clock;
  auto &entry = ctas[rank].remote[who];
  if (clock >= entry.first)
    entry = {clock, acc.op};
}

//===----------------------------------------------------------------------===//
// Race detection and initialization
//===----------------------------------------------------------------------===//

std::string ClusterExec::describeWho(uint32_t who) const {
  if (who < numThreads)
    return describe(threads[who]);
  return "an asynchronous operation issued by " +
         describe(threads[who - numThreads]);
}

/// The proxy-fence list (Thread::proxyFences) that orders a generic-proxy
/// write to memory `owner` (a cluster rank; -2: global memory) by thread
/// `writer`: 0 global, 1 the writer's own CTA's shared memory, 2 another
/// CTA's (shared::cluster).
static unsigned fenceSpaceOf(const ClusterExec &ex, uint32_t writer,
                             int32_t owner) {
  if (owner == -2)
    return 0;
  return static_cast<uint32_t>(owner) == ex.threads[writer].cta ? 1 : 2;
}

/// True if a fence.proxy.async by thread `writer` of the state space of
/// the write (`space`, fenceSpaceOf) after its write at clock `writeClock`
/// is ordered before the access with clock vector `accVC`. `otherSpace`
/// receives the space of a fence that was issued after the write but does
/// not cover it (-1: none).
static bool proxyFenced(const ClusterExec &ex, uint32_t writer,
                        uint32_t writeClock, const uint32_t *accVC,
                        unsigned space, int &otherSpace) {
  otherSpace = -1;
  if (writer >= ex.numThreads)
    return true; // an async-proxy write
  const Thread &w = ex.threads[writer];
  const std::vector<uint32_t> &fences = w.proxyFences[space];
  auto it = std::upper_bound(fences.begin(), fences.end(), writeClock);
  if (it != fences.end() && *it <= accVC[writer])
    return true;
  for (unsigned s = 0; s < 3; ++s) {
    if (s == space)
      continue;
    const std::vector<uint32_t> &f = w.proxyFences[s];
    auto j = std::upper_bound(f.begin(), f.end(), writeClock);
    if (j != f.end() && *j <= accVC[writer]) {
      otherSpace = static_cast<int>(s);
      break;
    }
  }
  return false;
}

bool ClusterExec::morallyStrong(const Accessor &acc, uint8_t other,
                                uint32_t who) const {
  if (acc.strong == kWeak || other == kWeak)
    return false;
  uint32_t mine = acc.thread ? acc.thread->cta : 0;
  if (mine == ctaOf(who))
    return true;
  return acc.strong >= kScopeCluster && other >= kScopeCluster;
}

bool ClusterExec::checkCells(const Accessor &acc, Region &region,
                             uint64_t offset, uint32_t bytes, Access kind,
                             bool trackWritten, uint64_t addr,
                             const char *space, int32_t owner) {
  if (trackWritten) {
    if (kind == Access::Write) {
      std::memset(region.written.data() + offset, 1, bytes);
    } else if (m.opts.checkUninitialized && !acc.async) {
      for (uint32_t i = 0; i < bytes; ++i)
        if (!region.written[offset + i]) {
          pendingUninit.push_back(
              UninitRead{acc.op, acc.thread ? acc.thread->idx : 0,
                         addr + i, bytes, space});
          break;
        }
    }
  }
  if (!vcWidth)
    return true;
  // Proxy fences concern shared and global memory, not tensor memory.
  bool proxyCheck = acc.async && !acc.genericProxy && owner >= 0;
  uint32_t i = 0;
  // The async proxy's access to a byte the generic proxy wrote: a proxy
  // fence must order them. False: reported, and the launch stops.
  auto proxyOrdered = [&](const Cell &c) {
    int fenceSpace = -1;
    if (!proxyCheck || !c.wClk ||
        proxyFenced(*this, c.wWho, c.wClk, acc.vc,
                    c.wWho < numThreads ? fenceSpaceOf(*this, c.wWho, owner)
                                        : 0,
                    fenceSpace))
      return true;
    return reportProxy(acc, c.wWho, c.wOp, addr + i, space, fenceSpace);
  };
  for (; i < bytes; ++i) {
    Cell &c = region.shadow.at(offset + i);
    bool wRaces = c.wClk && c.wWho != acc.who && c.wClk > acc.vc[c.wWho] &&
                  !morallyStrong(acc, c.wStrong, c.wWho);
    if (kind == Access::Read) {
      if (wRaces) {
        if (!reportRace(acc, kind, c.wWho, c.wOp, Access::Write, addr + i,
                        space))
          return false;
      } else if (!proxyOrdered(c)) {
        return false;
      }
      c.rClk = acc.clock;
      c.rWho = static_cast<uint16_t>(acc.who);
      c.rOp = acc.op;
      c.rStrong = acc.strong;
    } else {
      if (wRaces) {
        if (!reportRace(acc, kind, c.wWho, c.wOp, Access::Write, addr + i,
                        space))
          return false;
      } else if (c.rClk && c.rWho != acc.who && c.rClk > acc.vc[c.rWho] &&
                 !morallyStrong(acc, c.rStrong, c.rWho)) {
        if (!reportRace(acc, kind, c.rWho, c.rOp, Access::Read, addr + i,
                        space))
          return false;
      } else if (!proxyOrdered(c)) {
        return false;
      }
      c.wClk = acc.clock;
      c.wWho = static_cast<uint16_t>(acc.who);
      c.wOp = acc.op;
      c.wStrong = acc.strong;
      c.rClk = 0;
    }
  }
  return true;
}

bool ClusterExec::checkGlobal(const Accessor &acc, GlobalBlock &block,
                              uint64_t offset, uint32_t bytes, Access kind,
                              uint64_t addr) {
  if (!vcWidth)
    return true;
  uint32_t me = m.clusterOrdinal;
  for (uint32_t i = 0; i < bytes; ++i) {
    Cell &c = block.shadow.at(offset + i);
    int fenceSpace = -1;
    // Epochs from another cluster: no synchronization can order them.
    bool wOther = c.wClk && c.wCluster != me &&
                  !(acc.strong >= kScopeGPU && c.wStrong >= kScopeGPU);
    bool rOther = c.rClk && c.rCluster != me &&
                  !(acc.strong >= kScopeGPU && c.rStrong >= kScopeGPU);
    if (kind == Access::Read) {
      if (wOther) {
        if (!reportClusterRace(acc, kind, c.wOp, Access::Write, addr + i))
          return false;
      } else if (c.wClk && c.wWho != acc.who && c.wClk > acc.vc[c.wWho] &&
                 !morallyStrong(acc, c.wStrong, c.wWho)) {
        if (!reportRace(acc, kind, c.wWho, c.wOp, Access::Write, addr + i,
                        "global"))
          return false;
      } else if (acc.async && !acc.genericProxy && c.wClk &&
                 !proxyFenced(*this, c.wWho, c.wClk, acc.vc, 0,
                              fenceSpace)) {
        if (!reportProxy(acc, c.wWho, c.wOp, addr + i, "global", fenceSpace))
          return false;
      }
      c.rClk = acc.clock;
      c.rWho = static_cast<uint16_t>(acc.who);
      c.rOp = acc.op;
      c.rCluster = me;
      c.rStrong = acc.strong;
    } else {
      if (wOther || rOther) {
        if (!reportClusterRace(acc, kind, wOther ? c.wOp : c.rOp,
                               wOther ? Access::Write : Access::Read,
                               addr + i))
          return false;
      } else if (c.wClk && c.wWho != acc.who && c.wClk > acc.vc[c.wWho] &&
                 !morallyStrong(acc, c.wStrong, c.wWho)) {
        if (!reportRace(acc, kind, c.wWho, c.wOp, Access::Write, addr + i,
                        "global"))
          return false;
      } else if (c.rClk && c.rWho != acc.who && c.rClk > acc.vc[c.rWho] &&
                 !morallyStrong(acc, c.rStrong, c.rWho)) {
        if (!reportRace(acc, kind, c.rWho, c.rOp, Access::Read, addr + i,
                        "global"))
          return false;
      }
      c.wClk = acc.clock;
      c.wWho = static_cast<uint16_t>(acc.who);
      c.wOp = acc.op;
      c.wCluster = me;
      c.wStrong = acc.strong;
      c.rClk = 0;
    }
  }
  return true;
}

bool ClusterExec::reportRace(const Accessor &acc, Access kind, uint32_t who,
                             uint32_t otherOp, Access otherKind,
                             uint64_t addr, const char *space) {
  // A read/write conflict is reported at the read, whichever ran first, so
  // the same bug gives the same line under every schedule.
  bool primaryIsOther = kind == Access::Write && otherKind == Access::Read;
  uint32_t primaryOp = primaryIsOther ? otherOp : acc.op;
  uint32_t secondaryOp = primaryIsOther ? acc.op : otherOp;
  std::string me = describeAccessor(*this, acc);
  std::string other = describeWho(who);
  // A read after a wait that passed at once because its parity named the
  // phase before the barrier's first, racing with a copy completing on
  // that barrier: the parity is the bug, reported at the wait.
  const Thread *reader = nullptr;
  if (primaryIsOther ? who < numThreads : (!acc.async && acc.thread))
    reader = primaryIsOther ? &threads[who] : acc.thread;
  if (reader && reader->vacuous && (primaryIsOther || kind == Access::Read)) {
    auto it = opBarriers.find(secondaryOp);
    if (it != opBarriers.end() &&
        llvm::is_contained(it->second, reader->vacuousBar)) {
      if (!reportedRaces.insert({reader->vacuousOp, secondaryOp}).second)
        return !m.stop;
      reportedOps.insert(primaryOp);
      auto d = error(reader->vacuousOp);
      d << "wrong mbarrier parity: this wait on the mbarrier at "
        << describeShared(reader->vacuousBar)
        << " passed at once, because parity 1 names the phase before the "
           "barrier's first (phase 0 had not completed); "
        << describe(*reader) << " then reads " << space << " memory at "
        << hex(addr) << " that "
        << (primaryIsOther ? me : other)
        << " writes when that phase completes";
      d.attachNote(loc(primaryOp)) << "the read is here";
      d.attachNote(loc(secondaryOp)) << "the conflicting write is here";
      return !m.stop;
    }
  }
  auto key = std::make_pair(primaryOp, secondaryOp);
  if (!reportedRaces.insert(key).second)
    return !m.stop;
  reportedOps.insert(primaryOp);
  auto d = error(primaryOp);
  d << "data race on " << space << " memory at " << hex(addr) << ": ";
  if (primaryIsOther)
    d << other << " reads it while " << me << " writes it";
  else if (kind == Access::Read)
    d << me << " reads it while " << other << " writes it";
  else
    d << me << " writes it while " << other << " writes it";
  d << ", and no barrier, mbarrier or wait orders the two";
  d.attachNote(loc(secondaryOp)) << "the conflicting write is here";
  if (reader && reader->vacuous)
    d.attachNote(loc(reader->vacuousOp))
        << "this wait of " << describe(*reader) << " on the mbarrier at "
        << describeShared(reader->vacuousBar)
        << " passed at once: parity 1 names the phase before the barrier's "
           "first";
  return !m.stop;
}

bool ClusterExec::reportClusterRace(const Accessor &acc, Access kind,
                                    uint32_t otherOp, Access otherKind,
                                    uint64_t addr) {
  bool primaryIsOther = kind == Access::Write && otherKind == Access::Read;
  uint32_t primaryOp = primaryIsOther ? otherOp : acc.op;
  uint32_t secondaryOp = primaryIsOther ? acc.op : otherOp;
  if (!reportedRaces.insert({primaryOp, secondaryOp}).second)
    return !m.stop;
  auto d = error(primaryOp);
  d << "data race on global memory at " << hex(addr) << ": "
    << describeAccessor(*this, acc) << " " << verb(kind)
    << " it, and a CTA of another cluster " << verb(otherKind)
    << " it; CTAs of different clusters cannot synchronize";
  d.attachNote(loc(secondaryOp)) << "the other access is here";
  return !m.stop;
}

bool ClusterExec::reportProxy(const Accessor &acc, uint32_t writer,
                              uint32_t writeOp, uint64_t addr,
                              const char *space, int fenceSpace) {
  if (!reportedRaces.insert({acc.op, writeOp}).second)
    return !m.stop;
  static const char *const spaces[] = {"global", "shared.cta",
                                       "shared.cluster"};
  auto d = error(acc.op);
  d << "missing fence.proxy.async: " << describeAccessor(*this, acc)
    << " (async proxy) accesses " << space << " memory at " << hex(addr)
    << " that " << describeWho(writer)
    << " wrote through the generic proxy, with no fence.proxy.async ";
  if (fenceSpace >= 0)
    d << "of its state space between the write and the asynchronous "
         "operation (the writer's fence.proxy.async "
      << spaces[fenceSpace] << " orders " << spaces[fenceSpace]
      << " memory only)";
  else
    d << "between the write and the asynchronous operation";
  d.attachNote(loc(writeOp)) << "the generic-proxy write is here";
  return !m.stop;
}

bool ClusterExec::flushUninitialized(uint32_t cta) {
  for (const UninitRead &u : pendingUninit) {
    if (m.stop)
      return false;
    if (threads[u.thread].cta != cta && cta != ~0u)
      continue;
    if (reportedOps.count(u.op))
      continue;
    reportedOps.insert(u.op);
    error(u.op) << "read of uninitialized " << u.space << " memory: "
                << describe(threads[u.thread]) << " reads " << u.bytes
                << " bytes at " << hex(u.addr)
                << " that nothing wrote before";
  }
  pendingUninit.erase(
      std::remove_if(pendingUninit.begin(), pendingUninit.end(),
                     [&](const UninitRead &u) {
                       return cta == ~0u || threads[u.thread].cta == cta;
                     }),
      pendingUninit.end());
  return !m.stop;
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

uint8_t *ClusterExec::tmemAccess(const Accessor &acc, uint32_t cta,
                                 uint32_t lane, uint32_t column,
                                 uint32_t columns, Access kind) {
  CTA &c = ctas[cta];
  if (lane >= kTmemLanes || column + columns > kTmemColumns) {
    error(acc.op) << "out-of-bounds tensor memory access: "
                  << describeAccessor(*this, acc) << " " << verb(kind)
                  << " lane " << lane << ", columns " << column << ".."
                  << column + columns - 1 << " (tensor memory has "
                  << kTmemLanes << " lanes of " << kTmemColumns
                  << " columns)";
    return nullptr;
  }
  // Every accessed column must lie in an allocation.
  for (uint32_t col = column; col < column + columns;) {
    const TmemAllocation *in = nullptr;
    for (const TmemAllocation &a : c.tmemAllocs)
      if (col >= a.column && col < a.column + a.columns)
        in = &a;
    if (!in) {
      error(acc.op) << "tensor memory access outside any allocation: "
                    << describeAccessor(*this, acc) << " " << verb(kind)
                    << " column " << col << " of lane " << lane
                    << ", which no tcgen05.alloc of " << describeCta(cta)
                    << " holds";
      return nullptr;
    }
    col = in->column + in->columns;
  }
  uint64_t off = (uint64_t(lane) * kTmemColumns + column) * 4;
  if (!checkCells(acc, c.tmem, off, columns * 4, kind, true,
                  (uint64_t(lane) << 16) | column, "tensor"))
    return nullptr;
  return c.tmem.data.data() + off;
}
