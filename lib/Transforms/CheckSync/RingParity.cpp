//===- RingParity.cpp - Wait parities over a ring of stages -----*- C++ -*-===//
//
// A pipeline waits on a ring of mbarriers, one per stage, and the phase
// parity it waits for must flip each time it comes back to a stage. For
// each outermost loop holding parity waits, this runs the loop nest for one
// thread, concretely (induction variables bound, conditions evaluated),
// recording which stage each wait uses and the parity it waits for, and
// reports a stage waited twice in a row with the same parity. Values the
// evaluator cannot know make it retry with sampled values (the CTA's id,
// kernel arguments); a finding that depends on them is a warning.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

namespace {

struct Visit {
  Operation *op;
  Operation *alloc;
  int64_t stage, parity;
  int64_t iteration; // ordinal of the visit
};

/// Runs the ops of a loop nest for thread `t`, recording parity waits.
class NestRunner {
public:
  NestRunner(Evaluator &ev, int64_t t) : ev(ev), t(t) {}
  std::vector<Visit> visits;
  bool aborted = false;

  void runBlock(Block &block) {
    for (Operation &op : block) {
      if (aborted || visits.size() >= kMaxVisits)
        return;
      runOp(&op);
    }
  }
  void runLoop(ForOp loop) { runOp(loop); }

private:
  static constexpr size_t kMaxVisits = 64;
  static constexpr int64_t kMaxIterations = 4096;
  Evaluator &ev;
  int64_t t;
  int64_t iterations = 0;

  std::optional<int64_t> value(Value v) {
    const Lanes &l = ev.eval(v);
    if (!l.known.test(t))
      return std::nullopt;
    return l.v[t];
  }

  /// Whether `op` (or something nested in it) waits on an mbarrier.
  static bool hasWait(Operation *op) {
    bool found = false;
    op->walk([&](Operation *o) {
      if (isa<PTXMBarrierTryWaitParityOp, PTXMBarrierTestWaitParityOp,
              PTXMBarrierTryWaitOp, PTXMBarrierTestWaitOp>(o)) {
        found = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return found;
  }

  void runOp(Operation *op) {
    if (auto forOp = dyn_cast<ForOp>(op)) {
      if (!hasWait(op))
        return;
      std::optional<int64_t> lb = value(forOp.getLowerBound());
      std::optional<int64_t> ub = value(forOp.getUpperBound());
      std::optional<int64_t> st = value(forOp.getStep());
      if (!lb || !ub || !st || *st <= 0) {
        aborted = true;
        return;
      }
      Value iv = forOp.getInductionVar();
      for (int64_t i = *lb; i < *ub; i += *st) {
        if (++iterations > kMaxIterations || visits.size() >= kMaxVisits)
          break;
        ev.bind(iv, i);
        runBlock(*forOp.getBodyBlock());
        if (aborted)
          break;
      }
      ev.unbind(iv);
      return;
    }
    if (auto ifOp = dyn_cast<IfOp>(op)) {
      if (!hasWait(op))
        return;
      std::optional<int64_t> c = value(ifOp.getCondition());
      if (!c) {
        aborted = true;
        return;
      }
      Region &r = (*c & 1) ? ifOp.getThenRegion() : ifOp.getElseRegion();
      if (!r.empty())
        runBlock(r.front());
      return;
    }
    if (auto whileOp = dyn_cast<WhileOp>(op)) {
      if (!hasWait(op))
        return;
      if (Operation *w = waitLoopOp(whileOp)) {
        record(w);
        return;
      }
      aborted = true; // a loop the runner cannot bound
      return;
    }
    if (isa<PTXMBarrierTryWaitParityOp, PTXMBarrierTestWaitParityOp>(op)) {
      record(op);
      return;
    }
    if (op->getNumRegions() && hasWait(op))
      aborted = true;
  }

  void record(Operation *w) {
    Value bar, phase;
    if (auto p = dyn_cast<PTXMBarrierTryWaitParityOp>(w)) {
      bar = p.getBar();
      phase = p.getPhase();
    } else if (auto p = dyn_cast<PTXMBarrierTestWaitParityOp>(w)) {
      bar = p.getBar();
      phase = p.getPhase();
    } else {
      return; // a wait by state carries its own phase
    }
    std::optional<PtrRef> ref = resolvePtr(bar);
    if (!ref || !ref->alloc) {
      aborted = true;
      return;
    }
    Lanes stage = ref->element(ev);
    std::optional<int64_t> parity = value(phase);
    if (!stage.known.test(t) || !parity) {
      aborted = true;
      return;
    }
    visits.push_back(
        Visit{w, ref->alloc, stage.v[t], *parity & 1,
              static_cast<int64_t>(visits.size())});
  }
};

/// The first pair of consecutive visits of one stage with the same parity,
/// among waits of one allocation whose stage changes over the loop.
std::optional<std::pair<Visit, Visit>>
repeatedParity(const std::vector<Visit> &visits) {
  llvm::DenseMap<Operation *, llvm::SmallDenseSet<int64_t, 8>> stages;
  for (const Visit &v : visits)
    stages[v.alloc].insert(v.stage);
  llvm::DenseMap<std::pair<Operation *, int64_t>, const Visit *> last;
  for (const Visit &v : visits) {
    if (stages[v.alloc].size() < 2)
      continue; // not a ring
    const Visit *&prev = last[{v.alloc, v.stage}];
    if (prev && prev->parity == v.parity)
      return std::make_pair(*prev, v);
    prev = &v;
  }
  return std::nullopt;
}

} // namespace

void Checker::checkRingParity() {
  // Outermost loops of the kernel body (or of its ifs) that hold waits,
  // run for a thread that executes the waits.
  llvm::SmallVector<ForOp> loops;
  kernel.walk<WalkOrder::PreOrder>([&](ForOp loop) {
    bool waits = false;
    loop.walk([&](Operation *o) {
      if (isa<PTXMBarrierTryWaitParityOp, PTXMBarrierTestWaitParityOp>(o))
        waits = true;
    });
    if (waits)
      loops.push_back(loop);
    return WalkResult::skip();
  });
  for (ForOp loop : loops) {
    // A thread that surely runs one of the loop's waits (else one that
    // may: the runner evaluates its conditions).
    std::optional<int64_t> thread;
    for (const Event &e : events())
      if (e.kind == EvKind::MbarWait && loop->isAncestor(e.op) &&
          e.may.any()) {
        if (e.must.any()) {
          thread = e.must.find_first();
          break;
        }
        if (!thread)
          thread = e.may.find_first();
      }
    if (!thread)
      continue;
    // The runner's evaluator computes the one thread's values only.
    Evaluator single(space, *thread);
    auto runOnce = [&](std::optional<int64_t> sample, bool &aborted)
        -> std::optional<std::pair<Visit, Visit>> {
      single.sample = sample;
      single.usedSample = false;
      single.clear();
      NestRunner runner(single, 0);
      runner.runLoop(loop);
      aborted = runner.aborted;
      if (aborted)
        return std::nullopt;
      return repeatedParity(runner.visits);
    };
    auto report = [&](const std::pair<Visit, Visit> &pair, bool sure) {
      const Visit &prev = pair.first, &next = pair.second;
      std::optional<InFlightDiagnostic> d =
          sure ? error(next.op, "ring-parity") : warning(next.op, "ring-parity");
      if (!d)
        return;
      *d << "this wait on stage " << next.stage << " of the ring of mbarriers "
         << allocName(next.alloc) << " waits for parity " << next.parity
         << " again: the previous wait on that stage waited for the same "
            "parity, but each return to a stage must wait for the next "
            "phase (the parity flips)";
      if (!sure)
        *d << " (with runtime values such as the CTA's id taken as 0 and 1)";
      if (prev.op != next.op)
        d->attachNote(prev.op->getLoc()) << "the previous wait on the stage";
    };
    bool aborted = false;
    std::optional<std::pair<Visit, Visit>> exact = runOnce(std::nullopt, aborted);
    if (!aborted) {
      if (exact)
        report(*exact, /*sure=*/true);
      continue;
    }
    bool a0 = false, a1 = false;
    std::optional<std::pair<Visit, Visit>> s0 = runOnce(0, a0);
    std::optional<std::pair<Visit, Visit>> s1 = runOnce(1, a1);
    if (!a0 && !a1 && s0 && s1)
      report(*s0, /*sure=*/false);
  }
}
