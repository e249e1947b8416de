//===- Explore.cpp - Exhaustive exploration of schedules --------*- C++ -*-===//
//
// Stateless model checking of a launch with dynamic partial-order
// reduction. Each run executes the whole launch under an Explorer that
// chooses every step (ScheduleObserver): a thread runs from one
// synchronization op to just before the next, an asynchronous op
// completes. Plain memory accesses are not steps: the race detector
// checks every pair of them that the run's synchronization leaves
// unordered, so two schedules that differ only in how plain accesses
// interleave between the same synchronization are covered by one run.
//
// While a run goes, each synchronization event on an object (an
// mbarrier, a named barrier, the cluster barrier, a strong access's
// location, a CTA's tensor memory) is compared with the earlier events on
// that object: if the two depend on each other (their order can change the
// outcome) and no synchronization orders them (the vector clocks), the
// later event's actor is scheduled at the earlier one's step in a later
// run (a backtrack point). Runs go depth first until no backtrack point is
// left (every schedule that can change the outcome has been run: the
// exploration is exhaustive) or the bound on schedules is reached.
//
// Dependence follows what each event does:
//   - init/inval depends on everything on the barrier;
//   - arrivals that stay within one phase commute (an expectation, which
//     raises what the phase needs, does not commute with what could
//     complete or drain it), and a blocking wait
//     that blocks and is woken by the phase's completion ends as if it had
//     come after it: only a completion and what comes after it in the
//     next phase, and a wait that passed before a completion that would
//     have made it block, do not commute;
//   - strong accesses to one location: unless both are loads.
// A failing test_wait counts as polling (it does not change what it polls;
// a poll loop retries it after the barrier changes).
//
// Clusters run one after another and only share global memory, whose
// unordered conflicts the race detector reports in any order: a cluster
// whose schedules were all explored is not explored again while an
// earlier cluster's are.
//
//===----------------------------------------------------------------------===//

#include "Exec.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <random>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

namespace {

/// Whether an earlier event of kind `a` and a later one of kind `b` on one
/// object can change the outcome if swapped.
bool dependent(SyncKind a, SyncKind b) {
  if (a == SyncKind::Init || b == SyncKind::Init)
    return true;
  if (a == SyncKind::Check || b == SyncKind::Check)
    return false; // only initialization matters to it
  // An expectation against what could complete the phase (or drain the
  // count below zero) without it: either order matters.
  if (a == SyncKind::Expect || b == SyncKind::Expect) {
    SyncKind o = a == SyncKind::Expect ? b : a;
    return o == SyncKind::Complete || o == SyncKind::Drain;
  }
  if (a == SyncKind::Read || a == SyncKind::Write)
    return a == SyncKind::Write || b == SyncKind::Write;
  // A completion makes later arrivals, completions and observations land
  // in the next phase; an observation before a completion would have
  // seen the phase incomplete.
  if (a == SyncKind::Complete)
    return b == SyncKind::Arrive || b == SyncKind::Complete ||
           b == SyncKind::Observe || b == SyncKind::Drain;
  if (a == SyncKind::Observe)
    return b == SyncKind::Complete;
  return false; // arrivals commute with arrivals, completions, observations
}

class Explorer final : public ScheduleObserver {
public:
  Explorer(uint64_t seed, bool dpor) : seed(seed), dpor(dpor) {}

  /// Replay mode: the choices that differ from the seeded default.
  std::map<uint64_t, uint32_t> overrides;
  /// Set when a forced choice was not enabled (the program does not
  /// replay the same way: a wrong schedule string).
  bool diverged = false;

  void beginRun() {
    rng.seed(seed * 0x2545F4914F6CDD1Dull + 0x5851F42D4C957F2Dull);
    cursor = 0;
    cluster = 0;
    objects.clear();
    steps.clear();
    diverged = false;
    stopped = false;
    prefixLen = stack.size();
    sleep.clear();
    stepEvents.clear();
    running = -1;
  }

  /// Called when a run ends: the last step's events.
  void endRun() { finishStep(); }

  void beginCluster(ClusterExec &ex) override {
    ++cluster;
    objects.clear();
    numThreads = ex.numThreads;
    ctas = static_cast<uint32_t>(ex.ctas.size());
    if (!ex.vcWidth)
      noClocks = true;
  }

  uint32_t choose(ClusterExec &ex, ArrayRef<uint32_t> enabled) override {
    finishStep();
    uint64_t r = rng();
    uint32_t dflt = enabled[r % enabled.size()];
    uint64_t p = cursor++;
    uint32_t actor = dflt;
    if (dpor) {
      if (p < stack.size()) {
        actor = stack[p].chosen;
        if (!llvm::is_contained(enabled, actor)) {
          diverged = true;
          actor = dflt;
        }
        if (p + 1 == stack.size())
          sleep = stack[p].sleep; // the backtrack point's own sleep set
      } else {
        // Sleep sets: an actor whose step was explored from an equivalent
        // state, and that nothing dependent has touched since, need not
        // run here. When every enabled actor sleeps the run adds nothing.
        llvm::SmallVector<uint32_t, 16> awake;
        for (uint32_t a : enabled)
          if (!asleep(a))
            awake.push_back(a);
        if (awake.empty()) {
          stopped = true;
          return kStopRun;
        }
        uint32_t pick = llvm::is_contained(awake, dflt)
                            ? dflt
                            : awake[r % awake.size()];
        Point pt;
        pt.enabled.assign(enabled.begin(), enabled.end());
        pt.chosen = pick;
        pt.dflt = dflt;
        pt.cluster = cluster;
        pt.done.push_back(pick);
        pt.sleep = sleep;
        stack.push_back(std::move(pt));
        actor = pick;
      }
      running = static_cast<int64_t>(p);
    } else if (auto it = overrides.find(p); it != overrides.end()) {
      if (llvm::is_contained(enabled, it->second))
        actor = it->second;
      else
        diverged = true;
    }
    return actor;
  }

  void step(ClusterExec &ex, uint32_t actor, uint32_t loc) override {
    StepRec s;
    s.point = cursor - 1;
    s.cluster = cluster;
    s.loc = loc;
    if (actor < ex.numThreads) {
      // Only steps that start at a synchronization op are shown (not a
      // thread's first one, or one resuming after a barrier).
      const Inst &inst = ex.prog.code[ex.threads[actor].pc];
      if (inst.op != Opc::ExtOp || !ex.prog.ext[inst.x]->visible())
        return;
      s.cta = ex.threads[actor].cta;
      s.tid = ex.threads[actor].tid;
    } else {
      const AsyncOp *op = ex.asyncOps[actor - ex.numThreads].get();
      s.async = true;
      s.cta = ex.threads[op->issuer].cta;
      s.tid = ex.threads[op->issuer].tid;
    }
    steps.push_back(s);
  }

  void sync(ClusterExec &ex, uint64_t obj, SyncKind kind,
            const uint32_t *published) override {
    if (!dpor || noClocks || cursor == 0)
      return;
    stepEvents.push_back(SyncEv{obj, kind});
    if (cluster > frozenAbove)
      return;
    // The event's own epoch and clock vector: the async op completing, or
    // the running thread.
    uint32_t who, clock;
    const uint32_t *vcOf;
    if (ex.completing && !ex.completing->vc.empty()) {
      who = ex.agentOf(ex.threads[ex.completing->issuer]);
      clock = ex.completing->agentClock;
      vcOf = ex.completing->vc.data();
    } else {
      who = ex.curActor < ex.numThreads
                ? ex.curActor
                : ex.agentOf(ex.threads[ex.completing ? ex.completing->issuer
                                                      : 0]);
      vcOf = ex.vc(who);
      clock = vcOf[who];
    }
    // A completion is after every arrival of its phase.
    if (published)
      vcOf = published;
    Ev e{static_cast<uint32_t>(cursor - 1), ex.curActor, who, clock, kind};
    std::vector<Ev> &list = objects[obj];
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      if (it->actor == e.actor || !dependent(it->kind, e.kind))
        continue;
      uint32_t known = vcOf[it->who];
      if (ex.causalBase)
        known = std::max(known, vcOf[ex.causalBase + it->who]);
      if (known >= it->clock)
        break; // ordered by synchronization: so are the ones before it
      addBacktrack(ex, it->point);
      break;
    }
    list.push_back(e);
  }

  /// The next schedule to run (a backtrack point's new choice, later
  /// points dropped); false when none is left.
  bool nextSchedule() {
    for (size_t p = stack.size(); p-- > 0;) {
      Point &pt = stack[p];
      while (!pt.backtrack.empty()) {
        uint32_t a = pt.backtrack.pop_back_val();
        if (llvm::is_contained(pt.done, a) ||
            llvm::any_of(pt.sleep,
                         [&](const Sleeper &s) { return s.actor == a; }))
          continue;
        pt.done.push_back(a);
        pt.chosen = a;
        stack.resize(p + 1);
        frozenAbove = std::min(frozenAbove, pt.cluster);
        return true;
      }
    }
    return false;
  }

  /// The choices of the last run that differ from the seeded default.
  std::string scheduleString() const {
    std::string s;
    llvm::raw_string_ostream os(s);
    bool first = true;
    if (dpor) {
      for (size_t p = 0; p < std::min<size_t>(stack.size(), cursor); ++p)
        if (stack[p].chosen != stack[p].dflt) {
          os << (first ? "" : ",") << p << ":" << stack[p].chosen;
          first = false;
        }
    } else {
      for (auto [p, a] : overrides) {
        os << (first ? "" : ",") << p << ":" << a;
        first = false;
      }
    }
    return s;
  }

  /// The steps of the last run by warp: consecutive steps of lanes of one
  /// warp at one op are one line; the last `maxLines` lines.
  std::string timeline(const Program &prog, size_t maxLines = 80) const;

  bool noClocks = false;
  /// The run ended early: every actor it could run slept.
  bool stopped = false;
  size_t stepCount() const { return steps.size(); }

private:
  struct SyncEv {
    uint64_t obj;
    SyncKind kind;
  };
  using Events = llvm::SmallVector<SyncEv, 2>;
  struct Sleeper {
    uint32_t actor;
    Events events; // what its step did when it was explored
  };
  struct Point {
    std::vector<uint32_t> enabled;
    uint32_t chosen = 0, dflt = 0, cluster = 0;
    llvm::SmallVector<uint32_t, 4> backtrack, done;
    /// The sleep set when the run arrived here; the steps explored here.
    llvm::SmallVector<Sleeper, 2> sleep, explored;
  };

  static bool independent(const Events &a, const Events &b) {
    for (const SyncEv &x : a)
      for (const SyncEv &y : b)
        if (x.obj == y.obj &&
            (dependent(x.kind, y.kind) || dependent(y.kind, x.kind)))
          return false;
    return true;
  }
  bool asleep(uint32_t actor) const {
    return llvm::any_of(sleep,
                        [&](const Sleeper &s) { return s.actor == actor; });
  }
  /// The step of point `running` ended: record what it did, and keep
  /// asleep the actors whose steps commute with it.
  void finishStep() {
    if (!dpor || running < 0) {
      stepEvents.clear();
      return;
    }
    Point &pt = stack[running];
    uint32_t actor = pt.chosen;
    if (!llvm::any_of(pt.explored,
                      [&](const Sleeper &s) { return s.actor == actor; }))
      pt.explored.push_back(Sleeper{actor, stepEvents});
    if (static_cast<size_t>(running) + 1 >= prefixLen) {
      llvm::SmallVector<Sleeper, 2> base = sleep;
      // At the backtrack point, the actors explored there before.
      if (static_cast<size_t>(running) + 1 == prefixLen)
        for (const Sleeper &s : pt.explored)
          if (s.actor != actor)
            base.push_back(s);
      sleep.clear();
      for (const Sleeper &s : base)
        if (s.actor != actor && independent(s.events, stepEvents))
          sleep.push_back(s);
    }
    stepEvents.clear();
    running = -1;
  }
  struct Ev {
    uint32_t point, actor, who, clock;
    SyncKind kind;
  };
  struct StepRec {
    uint64_t point = 0;
    uint32_t cluster = 0, loc = 0, cta = 0, tid = 0;
    bool async = false;
  };

  void addBacktrack(ClusterExec &ex, uint32_t point) {
    Point &pt = stack[point];
    if (pt.cluster > frozenAbove)
      return;
    auto add = [&](uint32_t a) {
      if (!llvm::is_contained(pt.done, a) &&
          !llvm::is_contained(pt.backtrack, a))
        pt.backtrack.push_back(a);
    };
    uint32_t actor = ex.curActor;
    if (llvm::is_contained(pt.enabled, actor))
      return add(actor);
    // An async op not yet issued then: its issuer, else everyone.
    if (actor >= ex.numThreads && ex.completing &&
        llvm::is_contained(pt.enabled, ex.completing->issuer))
      return add(ex.completing->issuer);
    for (uint32_t a : pt.enabled)
      add(a);
  }

  uint64_t seed;
  bool dpor;
  std::mt19937_64 rng;
  std::vector<Point> stack;
  uint64_t cursor = 0;
  uint32_t cluster = 0;
  uint32_t frozenAbove = ~0u;
  uint32_t numThreads = 0, ctas = 1;
  llvm::DenseMap<uint64_t, std::vector<Ev>> objects;
  /// Sleep sets: the running one, the events of the running step, the
  /// point of the running step, the points the run replays.
  llvm::SmallVector<Sleeper, 2> sleep;
  Events stepEvents;
  int64_t running = -1;
  size_t prefixLen = 0;
  std::vector<StepRec> steps;
};

/// "file.mlir:12:5" (the file's base name).
std::string shortLoc(Location loc) {
  std::string s;
  llvm::raw_string_ostream os(s);
  Location l = loc;
  for (unsigned i = 0; i < 8; ++i) {
    if (auto f = dyn_cast<FileLineColLoc>(l)) {
      os << llvm::sys::path::filename(f.getFilename().getValue()) << ":"
         << f.getLine() << ":" << f.getColumn();
      return s;
    }
    if (auto n = dyn_cast<NameLoc>(l)) {
      l = n.getChildLoc();
      continue;
    }
    if (auto c = dyn_cast<CallSiteLoc>(l)) {
      l = c.getCaller();
      continue;
    }
    if (auto f = dyn_cast<FusedLoc>(l)) {
      if (f.getLocations().empty())
        break;
      l = f.getLocations().front();
      continue;
    }
    break;
  }
  os << loc;
  return s;
}

std::string Explorer::timeline(const Program &prog, size_t maxLines) const {
  struct Line {
    uint64_t first, last;
    const StepRec *rec;
    uint32_t lanesLo, lanesHi;
  };
  std::vector<Line> lines;
  for (size_t i = 0; i < steps.size(); ++i) {
    const StepRec &s = steps[i];
    if (!lines.empty()) {
      Line &l = lines.back();
      const StepRec &r = *l.rec;
      if (!s.async && !r.async && r.cluster == s.cluster && r.cta == s.cta &&
          r.loc == s.loc && r.tid / 32 == s.tid / 32) {
        l.last = s.point;
        l.lanesLo = std::min(l.lanesLo, s.tid % 32);
        l.lanesHi = std::max(l.lanesHi, s.tid % 32);
        continue;
      }
    }
    lines.push_back(Line{s.point, s.point, &s, s.tid % 32, s.tid % 32});
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "the schedule by warp: each step a thread runs from a "
        "synchronization op to the next one, or an asynchronous op "
        "completes (steps that start elsewhere, such as a thread's first, "
        "not shown):";
  size_t from = lines.size() > maxLines ? lines.size() - maxLines : 0;
  if (from)
    os << "\n  ... (steps before " << lines[from].first << ")";
  bool clusters = !steps.empty() && steps.back().cluster > 1;
  for (size_t i = from; i < lines.size(); ++i) {
    const Line &l = lines[i];
    const StepRec &r = *l.rec;
    std::string steps = "step " + std::to_string(l.first);
    if (l.first != l.last)
      steps += "-" + std::to_string(l.last);
    os << "\n  " << steps;
    for (size_t pad = steps.size(); pad < 16; ++pad)
      os << ' ';
    std::string who;
    llvm::raw_string_ostream w(who);
    if (clusters)
      w << "cluster " << r.cluster << " ";
    if (ctas > 1)
      w << "rank " << r.cta << " ";
    if (r.async) {
      w << "async op of thread " << r.tid << " completes";
    } else {
      w << "warp " << r.tid / 32 << " lane";
      if (l.lanesLo == l.lanesHi)
        w << " " << l.lanesLo;
      else
        w << "s " << l.lanesLo << "-" << l.lanesHi;
    }
    os << who;
    for (size_t pad = who.size(); pad < 34; ++pad)
      os << ' ';
    Operation *op = prog.ops[r.loc];
    StringRef name = op->getName().getStringRef();
    name.consume_front("tirx.ptx.");
    os << " " << name << "  " << shortLoc(op->getLoc());
  }
  return out;
}

/// Restores the argument arrays (each run starts from the caller's data).
struct Snapshot {
  std::vector<std::vector<uint8_t>> data;
  explicit Snapshot(ArrayRef<MemoryBlock> memory) {
    for (const MemoryBlock &b : memory) {
      const uint8_t *p = static_cast<const uint8_t *>(b.data);
      data.emplace_back(p, p + b.bytes);
    }
  }
  void restore(ArrayRef<MemoryBlock> memory) const {
    for (size_t i = 0; i < memory.size(); ++i)
      if (memory[i].bytes)
        std::memcpy(memory[i].data, data[i].data(), memory[i].bytes);
  }
};

/// Parses "point:actor,..." (empty: no overrides).
bool parseSchedule(StringRef text, std::map<uint64_t, uint32_t> &out) {
  text = text.trim();
  if (text.empty())
    return true;
  SmallVector<StringRef> items;
  text.split(items, ',');
  for (StringRef item : items) {
    auto [p, a] = item.trim().split(':');
    uint64_t point;
    uint32_t actor;
    if (p.getAsInteger(10, point) || a.getAsInteger(10, actor))
      return false;
    out[point] = actor;
  }
  return true;
}

} // namespace

LogicalResult sim::runExplored(const Program &program,
                               ArrayRef<MemoryBlock> memory,
                               ArrayRef<Argument> args, const Options &options,
                               Stats *stats) {
  MLIRContext *ctx = program.ops.front()->getContext();
  Location kernelLoc = program.ops[program.kernelLoc]->getLoc();
  Options opts = options;
  Stats local;
  Stats &st = stats ? *stats : local;
  if (!opts.checkRaces) {
    emitError(kernelLoc) << "the exhaustive mode of the simulator needs race "
                            "checking (its vector clocks tell which orders "
                            "matter)";
    return failure();
  }
  if (opts.trace && opts.explore) {
    emitError(kernelLoc) << "the exhaustive mode runs the launch many times "
                            "and writes no trace: replay the schedule it "
                            "reports (schedule=) with the trace";
    return failure();
  }
  auto swallow = [](Diagnostic &) { return success(); };
  Snapshot snapshot(memory);

  // A replay of one schedule.
  if (!opts.explore) {
    Explorer replay(opts.seed, /*dpor=*/false);
    if (!parseSchedule(opts.schedule, replay.overrides)) {
      emitError(kernelLoc) << "invalid schedule '" << opts.schedule
                           << "': expected point:actor pairs separated by "
                              "commas, as an exploration reports them";
      return failure();
    }
    replay.beginRun();
    LogicalResult r = runLaunch(program, memory, args, opts, &st, &replay);
    st.schedules = 1;
    st.schedule = replay.scheduleString();
    st.timeline = replay.timeline(program);
    if (replay.diverged) {
      emitError(kernelLoc) << "the schedule '" << opts.schedule
                           << "' does not replay on this kernel (a choice it "
                              "forces is not possible there): a schedule "
                              "replays with the seed and arguments it was "
                              "found with";
      return failure();
    }
    return r;
  }

  Explorer ex(opts.seed, /*dpor=*/true);
  uint64_t runs = 0, cut = 0;
  bool lastCut = false;
  bool exhaustive = false, found = false;
  std::string failing, timeline;
  double seconds = 0, cpu = 0;
  uint64_t ops = 0, asyncOps = 0;
  uint64_t bound = std::max<uint64_t>(1, opts.maxSchedules);
  while (true) {
    snapshot.restore(memory);
    ex.beginRun();
    Stats s;
    LogicalResult r = failure();
    {
      ScopedDiagnosticHandler quiet(ctx, swallow);
      r = runLaunch(program, memory, args, opts, &s, &ex);
    }
    ex.endRun();
    if (ex.stopped) {
      // Equivalent to a schedule already run: not counted.
      ++cut;
      lastCut = true;
      if (!ex.nextSchedule()) {
        exhaustive = true;
        break;
      }
      continue;
    }
    lastCut = false;
    ++runs;
    seconds += s.seconds;
    cpu += s.cpuSeconds;
    ops += s.dynamicOps;
    asyncOps += s.asyncOps;
    st = s;
    if (ex.noClocks) {
      emitError(kernelLoc)
          << "the exhaustive mode of the simulator needs race checking, "
             "which is off for this launch (its vector clocks would exceed "
             "the limit)";
      return failure();
    }
    if (failed(r)) {
      found = true;
      failing = ex.scheduleString();
      timeline = ex.timeline(program);
      break;
    }
    if (runs >= bound)
      break;
    if (!ex.nextSchedule()) {
      exhaustive = true;
      break;
    }
  }
  // Counts are the last run's; times are all runs'.
  st.schedules = runs;
  st.exhaustive = exhaustive;
  st.seconds = seconds;
  st.cpuSeconds = cpu;
  (void)ops;
  (void)asyncOps;
  if (!found) {
    if (lastCut) {
      // The arrays hold what a whole run leaves: the first schedule's.
      snapshot.restore(memory);
      Explorer again(opts.seed, /*dpor=*/false);
      again.beginRun();
      ScopedDiagnosticHandler quiet(ctx, swallow);
      Stats last;
      (void)runLaunch(program, memory, args, opts, &last, &again);
    }
    std::string rep;
    llvm::raw_string_ostream os(rep);
    os << "explored " << runs << " schedule" << (runs == 1 ? "" : "s");
    if (cut)
      os << " (and cut " << cut << " run" << (cut == 1 ? "" : "s")
         << " short as equivalent to one explored)";
    os << ": no race, no deadlock and no other error in any; ";
    if (exhaustive)
      os << "they are every order of the kernel's synchronization operations "
            "and asynchronous completions that can change its outcome";
    else
      os << "stopped at the bound of " << bound
         << " schedules (max_schedules): not every order was explored";
    st.report = rep;
    return success();
  }

  // Replay the failing schedule, its errors reported with where the
  // exploration found it.
  snapshot.restore(memory);
  Explorer replay(opts.seed, /*dpor=*/false);
  parseSchedule(failing, replay.overrides);
  replay.beginRun();
  std::string replayNote;
  {
    llvm::raw_string_ostream os(replayNote);
    os << "found in schedule " << runs << " of the exhaustive exploration"
       << " (seed " << opts.seed << ")";
    if (failing.empty())
      os << ": the seed's own schedule; replay it with --seed=" << opts.seed
         << " --schedule=\"\" (sim.run(..., seed=" << opts.seed
         << ", schedule=\"\"))";
    else
      os << "; replay it with --seed=" << opts.seed << " --schedule=\""
         << failing << "\" (sim.run(..., seed=" << opts.seed
         << ", schedule=\"" << failing << "\"))";
  }
  bool noted = false;
  ScopedDiagnosticHandler annotate(ctx, [&](Diagnostic &d) {
    if (!noted && d.getSeverity() == DiagnosticSeverity::Error) {
      noted = true;
      d.attachNote(kernelLoc) << replayNote;
      d.attachNote(kernelLoc) << timeline;
    }
    return failure(); // on to the caller's handlers
  });
  Stats s;
  LogicalResult r = runLaunch(program, memory, args, opts, &s, &replay);
  st.errors = s.errors;
  st.schedule = failing;
  st.timeline = timeline;
  std::string rep;
  llvm::raw_string_ostream os(rep);
  os << "explored " << runs << " schedule" << (runs == 1 ? "" : "s")
     << ": schedule " << runs << " fails (replay: --schedule=\"" << failing
     << "\")";
  st.report = rep;
  if (succeeded(r) || replay.diverged) {
    // Deterministic replay is what the schedule string promises.
    emitError(kernelLoc) << "internal simulator error: the failing schedule "
                            "did not fail again on replay";
    return failure();
  }
  return failure();
}
