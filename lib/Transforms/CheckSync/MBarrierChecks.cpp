//===- MBarrierChecks.cpp - mbarrier, barrier and cluster rules -*- C++ -*-===//
//
// Named barriers (ids, counts, .aligned divergence, barrier.red mixed with
// barrier.sync), mbarriers (use before init, cluster-visible init, re-init
// without inval, arrival counts, expect_tx against the copies' bytes, the
// parity of waits over a ring of stages).
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

/// The mbarrier an event uses (its own barrier operand, or the barrier an
/// asynchronous copy completes on).
static const std::optional<PtrRef> &barrierOf(const Event &e) {
  return e.kind == EvKind::AsyncWrite ? e.bar : e.ptr;
}

static bool isBarrierUse(const Event &e) {
  switch (e.kind) {
  case EvKind::MbarArrive:
  case EvKind::MbarExpectTx:
  case EvKind::MbarWait:
  case EvKind::MbarRemoteOp:
  case EvKind::MbarInval:
    return e.ptr && e.ptr->alloc;
  case EvKind::AsyncWrite:
    return e.bar && e.bar->alloc;
  default:
    return false;
  }
}

static bool isSync(const Event &e) {
  return e.kind == EvKind::Barrier || e.kind == EvKind::ClusterWait ||
         e.kind == EvKind::MbarWait;
}

//===----------------------------------------------------------------------===//
// Named barriers
//===----------------------------------------------------------------------===//

void Checker::checkBarrierIds() {
  for (Event &e : events()) {
    if (e.kind != EvKind::Barrier)
      continue;
    if (e.value) {
      const Lanes &id = ev.eval(e.value);
      for (unsigned t : e.may.set_bits())
        if (id.known.test(t) && (id.v[t] < 0 || id.v[t] >= 16)) {
          if (auto d = error(e.op, "barrier-id"))
            *d << "barrier id " << id.v[t] << " (for " << describe([&] {
                    ThreadSet one(space.size());
                    one.set(t);
                    return one;
                  }()) << "): a CTA has barriers 0-15";
          break;
        }
    }
    if (e.value2) {
      const Lanes &count = ev.eval(e.value2);
      for (unsigned t : e.may.set_bits())
        if (count.known.test(t) &&
            (count.v[t] <= 0 || count.v[t] % 32 || count.v[t] > space.perCTA)) {
          if (auto d = error(e.op, "barrier-count"))
            *d << "barrier thread count " << count.v[t]
               << ": it must be a positive multiple of 32 of at most "
               << space.perCTA << " (the CTA's threads)";
          break;
        }
    }
  }
}

void Checker::checkAlignedDivergence() {
  for (Event &e : events()) {
    if (!e.aligned || (e.kind != EvKind::Barrier &&
                       e.kind != EvKind::ClusterArrive &&
                       e.kind != EvKind::ClusterWait))
      continue;
    for (int64_t r = 0; r < space.ctas; ++r)
      for (int64_t w = 0; w * 32 < space.perCTA; ++w) {
        int64_t lo = r * space.perCTA + w * 32;
        int64_t hi = std::min(lo + 32, (r + 1) * space.perCTA);
        int64_t may = 0, must = 0;
        for (int64_t t = lo; t < hi; ++t) {
          may += e.may.test(t);
          must += e.must.test(t) && e.may.test(t);
        }
        // Only where the model knows exactly which lanes run it.
        if (may == 0 || may != must || may == hi - lo)
          continue;
        if (auto d = error(e.op, "aligned-divergence")) {
          ThreadSet lanes(space.size());
          for (int64_t t = lo; t < hi; ++t)
            if (e.may.test(t))
              lanes.set(t);
          *d << "divergent .aligned barrier: only " << describe(lanes)
             << " of warp " << w
             << (space.ctas > 1 ? " of cluster rank " + std::to_string(r)
                                : std::string())
             << " execute this .aligned barrier; all lanes of a warp must "
                "execute it together (drop .aligned, or make the condition "
                "warp-uniform)";
        }
        r = space.ctas; // one report per op
        break;
      }
  }
}

void Checker::checkRedMixedWithSync() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &red = evs[i];
    if (red.kind != EvKind::Barrier || !red.red)
      continue;
    std::optional<int64_t> redId = 0;
    if (red.value)
      redId = ev.eval(red.value).uniform();
    if (!redId)
      continue;
    for (size_t j = 0; j < evs.size(); ++j) {
      Event &other = evs[j];
      if (other.kind != EvKind::Barrier || other.red)
        continue;
      std::optional<int64_t> id = 0;
      if (other.value)
        id = ev.eval(other.value).uniform();
      if (id != redId || compatible(red, other))
        continue;
      // Exclusive branches of one if: both kinds arrive in one phase when
      // threads of one CTA take each branch.
      bool mixed = false;
      for (int64_t r = 0; r < space.ctas && !mixed; ++r) {
        bool a = false, b = false;
        for (int64_t t = r * space.perCTA; t < (r + 1) * space.perCTA; ++t) {
          a |= red.must.test(t);
          b |= other.must.test(t);
        }
        mixed = a && b;
      }
      if (!mixed)
        continue;
      if (auto d = error(red.op, "red-mixed")) {
        *d << "barrier.red on barrier " << *redId
           << " while other threads of the CTA arrive at it with "
           << (other.noWait ? "barrier.arrive" : "barrier.sync")
           << " in the other branch: barrier.red must not be mixed with "
              "barrier.sync or barrier.arrive on one barrier";
        d->attachNote(other.op->getLoc()) << "the other arrival";
      }
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// mbarrier initialization
//===----------------------------------------------------------------------===//

void Checker::checkUseBeforeInit() {
  auto &evs = events();
  llvm::DenseMap<Operation *, llvm::SmallVector<size_t>> inits;
  for (size_t i = 0; i < evs.size(); ++i)
    if (evs[i].kind == EvKind::MbarInit && evs[i].ptr && evs[i].ptr->alloc)
      inits[evs[i].ptr->alloc].push_back(i);
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &u = evs[i];
    if (!isBarrierUse(u))
      continue;
    const std::optional<PtrRef> &bar = barrierOf(u);
    // A peer's barrier: the cluster rule's.
    if (bar->viaMapa)
      continue;
    Operation *alloc = bar->alloc;
    auto it = inits.find(alloc);
    if (it == inits.end()) {
      if (auto d = error(u.op, "never-initialized"))
        *d << "uses an mbarrier in " << allocName(alloc)
           << ", which no mbarrier.init in the kernel initializes";
      continue;
    }
    // The latest init before the use on a path the use can lie on.
    std::optional<size_t> last;
    for (size_t j : it->second)
      if (j < i && compatible(evs[j], u))
        last = j;
    if (!last) {
      // Every init comes later: the first execution uses it uninitialized.
      bool later = llvm::any_of(it->second, [&](size_t j) {
        return j > i && compatible(evs[j], u);
      });
      if (later)
        if (auto d = error(u.op, "use-before-init")) {
          *d << "uses the mbarrier in " << allocName(alloc)
             << " before it is initialized";
          for (size_t j : it->second)
            if (j > i) {
              d->attachNote(evs[j].op->getLoc()) << "it is initialized here";
              break;
            }
        }
      continue;
    }
    Event &init = evs[*last];
    // The users initialized it themselves, in program order.
    if (u.may.subsetOf(init.must))
      continue;
    if (anyBetween(*last, i, i, isSync))
      continue;
    if (auto d = error(u.op, "init-unordered")) {
      ThreadSet others = u.may;
      others.reset(init.must);
      *d << "uses the mbarrier in " << allocName(alloc)
         << " with no barrier between its initialization by "
         << describe(init.must.any() ? init.must : init.may)
         << " and this use by " << describe(others)
         << ": they may see it uninitialized";
      d->attachNote(init.op->getLoc()) << "it is initialized here";
    }
  }
}

void Checker::checkClusterInit() {
  if (space.ctas <= 1)
    return;
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &u = evs[i];
    if (!isBarrierUse(u))
      continue;
    const std::optional<PtrRef> &bar = barrierOf(u);
    bool peer = bar->viaMapa || u.multicast;
    if (!peer)
      continue;
    // Whether some thread's use reaches another CTA's copy.
    Event probe = u;
    probe.ptr = bar;
    if (!remoteFor(probe))
      continue;
    std::optional<size_t> last;
    for (size_t j = 0; j < i; ++j)
      if (evs[j].kind == EvKind::MbarInit && sameAlloc(evs[j].ptr, bar) &&
          compatible(evs[j], u))
        last = j;
    if (!last) {
      bool any = llvm::any_of(evs, [&](const Event &e) {
        return e.kind == EvKind::MbarInit && sameAlloc(e.ptr, bar);
      });
      if (auto d = error(u.op, "peer-init"))
        *d << (u.kind == EvKind::AsyncWrite
                   ? "completes on the mbarrier in "
                   : "uses the mbarrier in ")
           << allocName(bar->alloc) << " of a peer CTA, which "
           << (any ? "is not initialized before this use"
                   : "no mbarrier.init in the kernel initializes");
      continue;
    }
    // A cluster barrier (arrive, then wait) after the init, before the use.
    std::optional<size_t> arrive, wait;
    for (size_t k = *last + 1; k < i; ++k) {
      if (!compatible(evs[k], u))
        continue;
      if (evs[k].kind == EvKind::ClusterArrive && !arrive)
        arrive = k;
      if (evs[k].kind == EvKind::ClusterWait && arrive) {
        wait = k;
        break;
      }
    }
    Event &init = evs[*last];
    if (!wait) {
      if (auto d = error(u.op, "peer-init-unordered")) {
        *d << (u.kind == EvKind::AsyncWrite ? "completes on" : "uses")
           << " the mbarrier in " << allocName(bar->alloc)
           << " of a peer CTA with no cluster barrier between the peers' "
              "mbarrier.init and this use: the peer may not have "
              "initialized it yet";
        d->attachNote(init.op->getLoc()) << "the peers initialize it here";
      }
      continue;
    }
    // The init must be released to the cluster: fence.mbarrier_init, or a
    // releasing cluster arrive.
    bool fenced = anyBetween(*last, *arrive + 1, *last, [](const Event &e) {
      return e.kind == EvKind::FenceMbarInit;
    });
    if (!fenced && evs[*arrive].relaxed)
      if (auto d = warning(init.op, "mbarrier-init-fence")) {
        *d << "this mbarrier.init is used by peer CTAs, but neither a "
              "fence.mbarrier_init nor a releasing barrier.cluster.arrive "
              "orders it before their use (the cluster arrive here is "
              "relaxed)";
        d->attachNote(evs[*arrive].op->getLoc()) << "the relaxed arrive";
      }
  }
}

void Checker::checkReinit() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &second = evs[i];
    if (second.kind != EvKind::MbarInit || !second.ptr || !second.ptr->alloc)
      continue;
    Lanes e2 = second.ptr->element(ev);
    for (size_t j = 0; j < i; ++j) {
      Event &first = evs[j];
      if (first.kind != EvKind::MbarInit || !sameAlloc(first.ptr, second.ptr) ||
          !compatible(first, second))
        continue;
      Lanes e1 = first.ptr->element(ev);
      // A thread that surely runs both on one element.
      ThreadSet both = first.must;
      both &= second.must;
      both &= e1.known;
      both &= e2.known;
      std::optional<unsigned> who;
      for (unsigned t : both.set_bits())
        if (e1.v[t] == e2.v[t]) {
          who = t;
          break;
        }
      if (!who)
        continue;
      bool invalidated = anyBetween(j, i, i, [&](const Event &e) {
        if (e.kind != EvKind::MbarInval || !sameAlloc(e.ptr, second.ptr) ||
            !e.may.test(*who))
          return false;
        Lanes ei = e.ptr->element(ev);
        return !ei.known.test(*who) || ei.v[*who] == e1.v[*who];
      });
      if (invalidated)
        continue;
      if (auto d = error(second.op, "reinit")) {
        *d << "re-initializes mbarrier " << e1.v[*who] << " of "
           << allocName(second.ptr->alloc) << " while it is still valid (no "
           << "mbarrier.inval since its initialization); PTX leaves "
              "mbarrier.init on a valid mbarrier undefined";
        if (first.op != second.op)
          d->attachNote(first.op->getLoc()) << "it was initialized here";
        else
          d->attachNote(second.op->getLoc())
              << "an earlier iteration of the loop initialized it";
      }
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Arrival counts and transaction bytes
//===----------------------------------------------------------------------===//

void Checker::checkArriveCounts() {
  auto &evs = events();
  llvm::DenseMap<Operation *, llvm::SmallVector<size_t>> byAlloc;
  for (size_t i = 0; i < evs.size(); ++i) {
    const Event &e = evs[i];
    if ((e.kind == EvKind::MbarInit || e.kind == EvKind::MbarArrive ||
         e.kind == EvKind::MbarWait) &&
        e.ptr && e.ptr->alloc)
      byAlloc[e.ptr->alloc].push_back(i);
  }
  for (auto &[alloc, list] : byAlloc) {
    std::optional<int64_t> expected;
    Operation *initOp = nullptr;
    bool ok = true;
    // Per (cluster rank, element): the most arrivals a phase can get.
    llvm::DenseMap<std::pair<int64_t, int64_t>, int64_t> arrivals;
    llvm::SmallVector<size_t> waits;
    Operation *someArrive = nullptr;
    for (size_t i : list) {
      Event &e = evs[i];
      if (e.kind == EvKind::MbarInit) {
        std::optional<int64_t> n = ev.eval(e.value).uniform();
        if (!n || (expected && *expected != *n)) {
          ok = false;
          break;
        }
        expected = n;
        initOp = e.op;
        continue;
      }
      if (e.kind == EvKind::MbarWait) {
        waits.push_back(i);
        continue;
      }
      // An arrival: count it unless the bound is not knowable.
      if (e.loops > 0 || e.drop || e.multicast) {
        ok = false;
        break;
      }
      Lanes elem = e.ptr->element(ev);
      const Lanes *count = e.fixedArrivals < 0 ? &ev.eval(e.value) : nullptr;
      const Lanes *rank =
          e.ptr->viaMapa && e.ptr->mapaRank ? &ev.eval(e.ptr->mapaRank)
                                            : nullptr;
      if (e.ptr->viaMapa && !rank) {
        ok = false;
        break;
      }
      for (unsigned t : e.may.set_bits()) {
        if (!elem.known.test(t) || (count && !count->known.test(t)) ||
            (rank && !rank->known.test(t))) {
          ok = false;
          break;
        }
        int64_t c = count ? count->v[t] : e.fixedArrivals;
        int64_t target = rank ? rank->v[t] : space.rankOf(t);
        arrivals[{target, elem.v[t]}] += c;
        if (c > 0)
          someArrive = e.op;
      }
      if (!ok)
        break;
      // One arrive with a count above the expected count.
      if (count && expected)
        for (unsigned t : e.may.set_bits())
          if (count->v[t] > *expected) {
            if (auto d = error(e.op, "arrive-count"))
              *d << "arrives with a count of " << count->v[t]
                 << " on an mbarrier of " << allocName(alloc)
                 << " that expects " << *expected << " per phase";
            break;
          }
    }
    if (!ok || !expected)
      continue;
    // A wait for the first phase on an element whose arrivals fall short.
    for (size_t i : waits) {
      Event &w = evs[i];
      Lanes elem = w.ptr->element(ev);
      const Lanes *parity = w.value ? &ev.eval(w.value) : nullptr;
      for (unsigned t : w.must.set_bits()) {
        if (!elem.known.test(t))
          continue;
        // Parity 1 before the first phase completes passes at once.
        if (!parity || !parity->known.test(t) || (parity->v[t] & 1) != 0)
          continue;
        int64_t got = arrivals.lookup({space.rankOf(t), elem.v[t]});
        if (got >= *expected)
          continue;
        if (auto d = error(initOp, "arrive-count-short")) {
          *d << "the mbarrier initialized here expects " << *expected
             << " arrival" << (*expected == 1 ? "" : "s")
             << " per phase, but at most " << got
             << " arrive on it: its first phase never completes";
          d->attachNote(w.op->getLoc()) << "this wait for it never returns";
          if (someArrive)
            d->attachNote(someArrive->getLoc()) << "an arrival";
        }
        break;
      }
    }
  }
}

/// The bytes a TMA load's box moves when its tensor map was encoded on the
/// host with a static box (else nullopt).
static std::optional<int64_t> hostBoxBytes(Value tmap) {
  auto enc = tmap.getDefiningOp<TensorMapEncodeTiledOp>();
  if (!enc)
    return std::nullopt;
  int64_t elem = 0;
  StringRef dtype = enc.getDtype();
  if (dtype.contains("64"))
    elem = 8;
  else if (dtype.contains("32"))
    elem = 4;
  else if (dtype.contains("16"))
    elem = 2;
  else if (dtype.contains("8"))
    elem = 1;
  if (!elem)
    return std::nullopt;
  int64_t bytes = elem;
  ArrayRef<int64_t> box = enc.getBox();
  std::optional<ArrayRef<int64_t>> strides = enc.getElementStrides();
  for (size_t d = 0; d < box.size(); ++d) {
    int64_t s = strides && d > 0 && d < strides->size() ? (*strides)[d] : 1;
    bytes *= (box[d] + s - 1) / s;
  }
  return bytes;
}

void Checker::checkExpectTx() {
  auto &evs = events();
  for (size_t i = 0; i < evs.size(); ++i) {
    Event &x = evs[i];
    if ((x.kind != EvKind::MbarArrive && x.kind != EvKind::MbarExpectTx) ||
        !x.value2 || !x.ptr || !x.ptr->alloc || x.ptr->viaMapa)
      continue;
    std::optional<int64_t> bytes = ev.eval(x.value2).uniform();
    if (!bytes || !ev.eval(x.value2).known.anyCommon(x.may))
      continue;
    // One thread of each CTA announces, exactly known.
    if (x.may != x.must || x.may.none())
      continue;
    bool single = true;
    for (int64_t r = 0; r < space.ctas; ++r) {
      int64_t n = 0;
      for (int64_t t = r * space.perCTA; t < (r + 1) * space.perCTA; ++t)
        n += x.may.test(t);
      single &= n <= 1;
    }
    if (!single)
      continue;
    // The copies completing on the barrier in this phase: those the same
    // thread issues after the expect_tx, up to the next wait on or
    // expect_tx for the barrier, or the end of the loop iteration.
    int64_t most = 0, exact = 0;
    bool exactKnown = true, bounded = true;
    llvm::SmallVector<Operation *> copies;
    for (size_t k = i + 1; k < evs.size(); ++k) {
      Event &c = evs[k];
      if (c.loops < x.loops ||
          (c.loops == x.loops && c.laterCopy != x.laterCopy))
        break;
      if (!compatible(c, x))
        continue;
      if ((c.kind == EvKind::MbarWait || c.kind == EvKind::MbarArrive ||
           c.kind == EvKind::MbarExpectTx) &&
          sameAlloc(c.ptr, x.ptr))
        break;
      if (c.kind != EvKind::AsyncWrite || !sameAlloc(c.bar, x.ptr))
        continue;
      if (c.loops != x.loops || c.bar->viaMapa || !c.ptr || !c.ptr->alloc ||
          !c.may.subsetOf(x.may)) {
        bounded = false;
        break;
      }
      copies.push_back(c.op);
      int64_t fanIn = c.multicast ? space.ctas : 1;
      if (c.multicast)
        exactKnown = false;
      std::optional<int64_t> size;
      if (c.value2) // a bulk copy's size
        size = ev.eval(c.value2).uniform();
      else if (c.value)
        size = hostBoxBytes(c.value);
      if (size) {
        most += *size * fanIn;
        exact += *size;
        continue;
      }
      exactKnown = false;
      // A box the descriptor gives: at most the destination's bytes.
      Lanes room = c.ptr->bytesToEnd(ev);
      int64_t worst = 0;
      for (unsigned t : c.may.set_bits())
        worst = std::max(worst, room.v[t]);
      most += worst * fanIn;
    }
    if (!bounded || copies.empty())
      continue;
    if (*bytes > most) {
      if (auto d = error(x.op, "expect-tx")) {
        *d << "expect_tx announces " << *bytes
           << " transaction bytes on the mbarrier in "
           << allocName(x.ptr->alloc)
           << ", but the copies completing on it in this phase bring at most "
           << most << (exactKnown ? "" : " (what their destinations hold)")
           << ": the phase never completes";
        d->attachNote(copies.front()->getLoc()) << "a copy completing on it";
      }
    } else if (exactKnown && *bytes != exact) {
      if (auto d = error(x.op, "expect-tx")) {
        *d << "expect_tx announces " << *bytes
           << " transaction bytes on the mbarrier in "
           << allocName(x.ptr->alloc)
           << ", but the copies completing on it in this phase bring "
           << exact;
        d->attachNote(copies.front()->getLoc()) << "a copy completing on it";
      }
    }
  }
}
