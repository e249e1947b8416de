//===- MemoryChecks.cpp - Proxy, copy, DSMEM, TMEM, wgmma rules -*- C++ -*-===//
//
// Generic-proxy writes read by the async proxy without fence.proxy.async;
// reads of what a TMA load (or bulk copy) writes without a wait on its
// mbarrier (and waits that pass at once because their parity names the
// phase before the first); distributed shared memory accessed with no
// cluster barrier before exit; tensor memory not deallocated or its
// permit not relinquished; wgmma without wgmma.fence, and accumulators
// read before wgmma.wait_group.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

static const char *asyncReadName(Operation *op) {
  if (isa<PTXTMAStoreOp>(op))
    return "TMA store";
  if (isa<PTXTMAReduceOp>(op))
    return "TMA reduction";
  if (isa<PTXWGMMAMmaAsyncOp>(op))
    return "wgmma.mma_async";
  if (isa<PTXTcgen05MmaOp>(op))
    return "tcgen05.mma";
  return "bulk copy";
}

static const char *asyncWriteName(Operation *op) {
  return isa<PTXTMALoadOp>(op) ? "TMA load" : "bulk copy";
}

void Checker::checkProxyFences() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &r = evs[i];
    if (r.kind != EvKind::AsyncRead || !r.mem)
      continue;
    // The latest generic-proxy write of the allocation before the read.
    std::optional<size_t> w;
    for (size_t j = i; j-- > 0;)
      if (evs[j].kind == EvKind::GenericWrite && evs[j].mem == r.mem &&
          compatible(evs[j], r)) {
        w = j;
        break;
      }
    if (!w)
      continue;
    // A fence.proxy.async between them ordering shared::cta memory (or,
    // for a write into a peer's memory, shared::cluster).
    unsigned need = evs[*w].remote ? 4 : 2;
    std::optional<size_t> wrongSpace;
    bool fenced = false;
    for (size_t k = *w + 1; k < i && !fenced; ++k) {
      const Event &f = evs[k];
      if (f.kind != EvKind::FenceProxyAsync || !compatible(f, evs[*w]))
        continue;
      if (f.spaces & need)
        fenced = true;
      else
        wrongSpace = k;
    }
    if (fenced)
      continue;
    if (auto d = error(r.op, "proxy-fence")) {
      *d << "the " << asyncReadName(r.op) << " (async proxy) reads "
         << allocName(r.mem)
         << ", which threads write through the generic proxy, with no "
            "fence.proxy.async "
         << (need == 4 ? "shared.cluster" : "shared.cta")
         << " (or one without a state space) between the write and the read";
      d->attachNote(evs[*w].op->getLoc()) << "the generic-proxy write";
      if (wrongSpace)
        d->attachNote(evs[*wrongSpace].op->getLoc())
            << "this fence.proxy.async orders global memory only";
    }
  }
}

void Checker::checkAsyncWriteReads() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &r = evs[i];
    if ((r.kind != EvKind::GenericRead && r.kind != EvKind::AsyncRead) ||
        !r.mem || r.remote)
      continue;
    // The latest asynchronous write of the allocation before the read.
    std::optional<size_t> l;
    for (size_t j = i; j-- > 0;)
      if (evs[j].kind == EvKind::AsyncWrite && evs[j].mem == r.mem &&
          compatible(evs[j], r)) {
        l = j;
        break;
      }
    if (!l || !evs[*l].bar || !evs[*l].bar->alloc)
      continue;
    Event &load = evs[*l];
    Operation *bar = load.bar->alloc;
    std::vector<size_t> waits;
    for (size_t k = *l + 1; k < i; ++k)
      if (evs[k].kind == EvKind::MbarWait && evs[k].ptr &&
          evs[k].ptr->alloc == bar && compatible(evs[k], r))
        waits.push_back(k);
    if (waits.empty()) {
      if (auto d = error(r.op, "read-before-wait")) {
        *d << (r.kind == EvKind::AsyncRead ? "the " : "")
           << (r.kind == EvKind::AsyncRead ? asyncReadName(r.op) : "this read")
           << " of " << allocName(r.mem) << " comes after the "
           << asyncWriteName(load.op)
           << " that writes it with no wait on its mbarrier ("
           << allocName(bar) << ") in between: it may read the memory "
              "before the copy lands";
        d->attachNote(load.op->getLoc()) << "the asynchronous write";
      }
      continue;
    }
    // Waits that pass at once: parity 1 while no phase of the barrier has
    // completed (the first copy on it, straight-line code).
    bool firstUse = load.loops == 0;
    for (size_t k = 0; k < *l && firstUse; ++k) {
      const Event &e = evs[k];
      if (((e.kind == EvKind::AsyncWrite && sameAlloc(e.bar, load.bar)) ||
           (e.kind == EvKind::MbarWait && sameAlloc(e.ptr, load.bar))) &&
          compatible(e, load))
        firstUse = false;
    }
    if (!firstUse)
      continue;
    bool allVacuous = true;
    for (size_t k : waits) {
      const Event &w = evs[k];
      if (!w.value || w.loops > 0) {
        allVacuous = false;
        break;
      }
      const Lanes &p = ev.eval(w.value);
      bool one = p.known.anyCommon(w.may);
      for (unsigned t : w.may.set_bits())
        one &= p.known.test(t) && (p.v[t] & 1) == 1;
      allVacuous &= one;
    }
    if (!allVacuous)
      continue;
    if (auto d = error(evs[waits.front()].op, "vacuous-wait")) {
      *d << "wrong mbarrier parity: this wait on " << allocName(bar)
         << " passes at once, because parity 1 names the phase before the "
            "mbarrier's first (no phase of it has completed), so it does not "
            "wait for the "
         << asyncWriteName(load.op)
         << " whose data is read after it (wait for parity 0)";
      d->attachNote(load.op->getLoc()) << "the asynchronous write";
      d->attachNote(r.op->getLoc()) << "the read";
    }
  }
}

void Checker::checkDsmemExit() {
  if (space.ctas <= 1)
    return;
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &e = evs[i];
    if ((e.kind != EvKind::GenericRead && e.kind != EvKind::GenericWrite) ||
        !e.remote || !remoteFor(e))
      continue;
    bool barrierAfter = false;
    for (size_t k = i + 1; k < evs.size() && !barrierAfter; ++k)
      barrierAfter = evs[k].kind == EvKind::ClusterWait && compatible(evs[k], e);
    if (barrierAfter)
      continue;
    if (auto d = error(e.op, "dsmem-exit"))
      *d << "accesses the shared memory of a peer CTA"
         << (e.mem ? " (" + allocName(e.mem) + ")" : std::string())
         << " with no cluster barrier after it: the peer may exit, and its "
            "shared memory go away, before the access is done";
  }
}

void Checker::checkTensorMemory() {
  auto &evs = events();
  std::optional<size_t> firstAlloc;
  bool relinquish = false;
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &a = evs[i];
    if (a.kind == EvKind::TmemRelinquish)
      relinquish = true;
    if (a.kind != EvKind::TmemAlloc)
      continue;
    if (!firstAlloc)
      firstAlloc = i;
    ThreadSet freed(space.size());
    bool exact = true, any = false;
    for (size_t k = i + 1; k < evs.size(); ++k) {
      const Event &d = evs[k];
      if (d.kind != EvKind::TmemDealloc || !compatible(d, a))
        continue;
      any = true;
      freed |= d.must;
      exact &= d.may == d.must;
    }
    if (!any) {
      if (auto d = error(a.op, "tmem-leak"))
        *d << "tensor memory allocated here is never deallocated "
              "(tcgen05.dealloc) before the CTA exits";
      continue;
    }
    if (!exact || a.may != a.must)
      continue;
    ThreadSet leak = a.may;
    leak.reset(freed);
    if (leak.none())
      continue;
    if (auto d = error(a.op, "tmem-leak"))
      *d << "tensor memory allocated here by " << describe(leak)
         << " is not deallocated on their path: they reach no "
            "tcgen05.dealloc";
  }
  if (firstAlloc && !relinquish)
    if (auto d = warning(evs[*firstAlloc].op, "tmem-relinquish"))
      *d << "the kernel allocates tensor memory but never relinquishes the "
            "allocation permit (tcgen05.relinquish_alloc_permit): other CTAs "
            "on the SM may wait for tensor memory until this CTA exits";
}

void Checker::checkWgmma() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &m = evs[i];
    if (m.kind == EvKind::WgmmaMma) {
      // The nearest fence, MMA or accumulator register access before it.
      std::optional<size_t> prev;
      for (size_t j = i; j-- > 0;) {
        EvKind k = evs[j].kind;
        if ((k == EvKind::WgmmaFence || k == EvKind::WgmmaMma ||
             k == EvKind::AccAccess) &&
            compatible(evs[j], m)) {
          prev = j;
          break;
        }
      }
      if (prev && evs[*prev].kind != EvKind::AccAccess)
        continue;
      if (auto d = error(m.op, "wgmma-fence")) {
        *d << "wgmma.mma_async with no wgmma.fence before it since "
           << (prev ? "its accumulator registers were accessed"
                    : "the kernel began")
           << ": the first MMA of a sequence, and any MMA after other "
              "instructions accessed its registers, needs one";
        if (prev)
          d->attachNote(evs[*prev].op->getLoc()) << "the register access";
      }
      continue;
    }
    if (m.kind != EvKind::AccAccess)
      continue;
    // The latest MMA writing this accumulator.
    std::optional<size_t> mma;
    for (size_t j = i; j-- > 0;)
      if (evs[j].kind == EvKind::WgmmaMma &&
          (evs[j].accOut == m.mem || evs[j].accIn == m.mem) &&
          compatible(evs[j], m)) {
        mma = j;
        break;
      }
    if (!mma)
      continue;
    // Its group completes at a wait_group N with more than N groups
    // committed after the MMA's (its own commit comes first).
    bool completed = false;
    int64_t commits = 0;
    for (size_t k = *mma + 1; k < i && !completed; ++k) {
      const Event &e = evs[k];
      if (!compatible(e, m))
        continue;
      if (e.kind == EvKind::WgmmaCommit)
        ++commits;
      else if (e.kind == EvKind::WgmmaWait && commits >= 1 &&
               commits - 1 >= e.imm)
        completed = true;
    }
    if (completed)
      continue;
    if (auto d = error(m.op, "wgmma-wait")) {
      *d << (m.write ? "writes" : "reads")
         << " the accumulator registers of a wgmma.mma_async that may still "
            "be running: no wgmma.wait_group after it completes its group";
      d->attachNote(evs[*mma].op->getLoc()) << "the wgmma.mma_async";
    }
  }
}
