//===- Exec.h - Simulator run-time state ------------------------*- C++ -*-===//
//
// A launch runs one cluster at a time (`ClusterExec`): its CTAs, their
// threads, shared and tensor memory, mbarriers, barriers, warp collectives,
// the asynchronous engine and the race detector. Global memory and the
// diagnostics live in the `Machine`, shared by every cluster of the launch.
//
// Address model (one numeric space, as generic addresses are on the GPU):
//   [0, kClusterBase)            shared::cta: the executing CTA's shared
//                                memory at that offset (as on the GPU, a
//                                CTA's own shared addresses are small, so
//                                matrix descriptors hold them in 14 bits)
//   [kClusterBase, +16 x 16 MiB) shared::cluster (what mapa returns): the
//                                shared memory of cluster rank r at
//                                kClusterBase + r * kSharedStride
//   [kLocalBase, +kLocalSize)    the executing thread's local memory
//   [kTensorMapBase, ...)        handles of !tirx.tensormap arguments
//   [kGlobalBase, ...)           global memory: block i at
//                                kGlobalBase + i * kGlobalStride
// Tensor memory addresses are TMEM's own (lane << 16 | column).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_SIM_EXEC_H
#define TIRX_LIB_SIM_EXEC_H

#include "Program.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace mlir::tirx::sim {

inline constexpr uint64_t kClusterBase = 0x01000000;
inline constexpr uint64_t kSharedStride = 0x01000000;
inline constexpr uint64_t kClusterEnd = kClusterBase + 16 * kSharedStride;
inline constexpr uint64_t kLocalBase = 0x20000000;
inline constexpr uint64_t kLocalSize = 0x10000000;
inline constexpr uint64_t kTensorMapBase = 0x40000000;
inline constexpr uint64_t kTensorMapStride = 128;
inline constexpr uint64_t kGlobalBase = uint64_t(1) << 40;
inline constexpr unsigned kGlobalShift = 36;
inline constexpr uint64_t kTmemLanes = 128;
inline constexpr uint64_t kTmemColumns = 512;

//===----------------------------------------------------------------------===//
// Race detection state
//===----------------------------------------------------------------------===//

/// The PTX memory-consistency scope of a strong operation; kWeak for a weak
/// access. Two strong accesses are morally strong (they never race, and a
/// release/acquire pair between them synchronizes) only when each one's
/// scope includes the other's thread: any scope within a CTA, `.cluster`
/// or wider between CTAs of a cluster, `.gpu` or wider between clusters.
enum MemScopeLevel : uint8_t {
  kWeak = 0,
  kScopeCTA = 1,
  kScopeCluster = 2,
  kScopeGPU = 3,
  kScopeSys = 4,
};

/// Per-byte race-detection record: the last write and the last read, each
/// an epoch (who, clock) of the accessing thread or async agent, the op
/// that did it, and the cluster it ran in (global memory).
struct Cell {
  uint32_t wClk = 0, rClk = 0;
  uint16_t wWho = 0, rWho = 0;
  uint32_t wOp = 0, rOp = 0;
  uint32_t wCluster = 0, rCluster = 0;
  /// The scope of the recorded write / read when it was a strong (atomic,
  /// relaxed, acquire, release or volatile) operation, else kWeak: two
  /// morally strong accesses never race.
  uint8_t wStrong = kWeak, rStrong = kWeak;
};

/// Cells for a region, allocated a page at a time on first touch.
class Shadow {
public:
  static constexpr unsigned kPageBits = 12;
  void reset(uint64_t bytes) {
    pages.clear();
    pages.resize((bytes >> kPageBits) + 1);
  }
  Cell &at(uint64_t offset) {
    auto &page = pages[offset >> kPageBits];
    if (!page)
      page.reset(new Cell[size_t(1) << kPageBits]);
    return page[offset & ((uint64_t(1) << kPageBits) - 1)];
  }
  uint64_t allocatedBytes() const {
    uint64_t n = 0;
    for (auto &p : pages)
      n += p ? sizeof(Cell) << kPageBits : 0;
    return n;
  }

private:
  std::vector<std::unique_ptr<Cell[]>> pages;
};

/// A memory region: bytes, race cells and (shared and tensor memory)
/// per-byte "written" flags.
struct Region {
  std::vector<uint8_t> data;
  Shadow shadow;
  std::vector<uint8_t> written;
};

/// Who performs an access: a thread, or the asynchronous agent of a thread
/// (TMA, bulk copies, cp.async, MMA operand reads), with its vector clock.
struct Accessor {
  uint32_t who = 0;          // vector-clock index
  const uint32_t *vc = nullptr;
  uint32_t clock = 0;        // own component (the epoch)
  uint32_t op = 0;           // op index (diagnostics)
  Thread *thread = nullptr;  // the thread, or the issuer of the async op
  bool async = false;        // an asynchronous agent (TMA, wgmma, tcgen05,
                             // bulk copy, cp.async)
  bool genericProxy = false; // an agent accessing through the generic proxy
                             // (cp.async): no proxy fence concerns it
  uint8_t strong = kWeak;    // a strong (atomic or ordered) access: its scope
  const char *what = nullptr; // "TMA load" etc. for async accessors
  // A tirx.buffer_load/store through a shared-scope buffer: the compiler
  // lowers shared pointers to generic addresses, which may be a peer CTA's
  // shared memory (docs/Design-notes.md, "Shared memory and the cluster").
  bool generic = false;
};

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

enum class TState : uint8_t { Ready, Blocked, Parked, Exited };

/// What a blocked thread waits for (deadlock reports). MBarrierPoll: the
/// thread's test_wait found the phase incomplete; it resumes after the
/// test_wait (which returned false) once the mbarrier changes.
struct WaitDesc {
  enum Kind : uint8_t {
    None, Barrier, ClusterBarrier, MBarrier, Collective, TmemAlloc,
    MBarrierPoll
  } kind = None;
  uint64_t obj = 0;   // barrier id, mbarrier address, ...
  uint32_t phase = 0; // parity / phase waited for
  uint32_t loc = 0;   // op index
};

struct Frame {
  uint32_t retPc;
  uint32_t base;
  uint32_t call; // index into Program::calls
};

/// An asynchronous group a thread committed (cp.async, bulk, wgmma).
struct AsyncGroup {
  std::vector<uint32_t> ops; // ids of pending async ops
};

struct Thread {
  uint32_t pc = 0;
  uint32_t base = 0;
  std::vector<uint64_t> regs;
  std::vector<Frame> frames;
  std::vector<uint8_t> local;

  uint32_t idx = 0; // index in the cluster
  uint32_t tid = 0; // linear id in the CTA
  uint32_t tidv[3] = {0, 0, 0};
  uint32_t cta = 0; // rank in the cluster
  TState state = TState::Ready;
  WaitDesc wait;
  bool queued = false;

  // Asynchronous bookkeeping: open (uncommitted) ops and committed groups.
  std::vector<uint32_t> cpAsyncOpen, bulkOpen, wgmmaOpen, tcgenOpen;
  /// The thread's last tcgen05.mma (they complete in issue order).
  uint32_t lastTcgenMma = ~0u;
  std::deque<AsyncGroup> cpAsyncGroups, bulkGroups, wgmmaGroups;
  /// Cluster-barrier phase this thread arrived in (-1: not arrived).
  int64_t clusterArrivedPhase = -1;
  /// fence.proxy.async clocks (increasing), for proxy-order checks, by
  /// the state space the fence orders (ProxySpace): global, the CTA's own
  /// shared memory, the cluster's shared memory. A fence without a state
  /// space orders all three.
  std::vector<uint32_t> proxyFences[3];
  /// The scope of a release fence since the last strong store (kWeak:
  /// none): the next strong store releases at that scope.
  uint8_t releaseFence = kWeak;
  /// What strong loads since the last acquire fence observed (joined into
  /// the thread's clock by the next acquire fence): releases of threads of
  /// its own CTA, and `.cluster`-or-wider releases of other CTAs (an
  /// acquire fence of `.cta` scope takes only the first).
  std::vector<uint32_t> observedLocal, observedWide;
  /// The last mbarrier wait that passed at once because its parity named
  /// the phase before the barrier's first (a producer's first wait on an
  /// empty slot does that on purpose): the barrier (its canonical address)
  /// and the wait op. Races and deadlocks it may explain say so there.
  uint64_t vacuousBar = 0;
  uint32_t vacuousOp = 0;
  bool vacuous = false;
  /// ClusterExec::syncEpoch when the thread last polled (test_wait).
  uint64_t pollEpoch = 0;

  uint64_t *R() { return regs.data() + base; }
};

//===----------------------------------------------------------------------===//
// Synchronization objects
//===----------------------------------------------------------------------===//

struct NamedBarrier {
  uint32_t expected = 0;
  uint32_t arrived = 0;
  uint32_t loc = 0;
  std::vector<uint32_t> waiters; // thread indices (blocked in sync)
  std::vector<uint32_t> vc;      // join of the arrivals
  uint32_t popc = 0;             // barrier.red
  bool all = true, any = false;
  /// How the generation's arrivals came (PTX forbids mixing barrier.red
  /// with barrier.sync/arrive, or two reductions, on one barrier): 0 none
  /// yet, 1 barrier.sync or barrier.arrive, 2 + BarRedKind barrier.red.
  uint8_t kind = 0;
  uint32_t kindLoc = 0;
  /// `.aligned` arrivals of the generation by warp of the CTA: the op
  /// (~0u: none) and how many lanes arrived there. All live lanes of a warp
  /// must execute one `.aligned` barrier together.
  std::vector<uint32_t> alignedOp, alignedLanes;
};

struct MBarrier {
  bool initialized = false;
  uint32_t cta = 0;          // owning CTA (cluster rank)
  uint32_t expected = 0;     // arrivals per phase
  int64_t pending = 0;       // arrivals still missing in this phase
  int64_t tx = 0;            // transaction bytes still expected
  uint32_t phase = 0;        // current (incomplete) phase number
  uint32_t initOp = 0;       // op index of the init
  uint32_t lastTxOp = 0;     // op of the last expect_tx in this phase
  bool hasTxOp = false;
  uint32_t arrivals = 0;     // arrivals so far in this phase
  std::vector<uint32_t> accVC;   // releases into the current phase
  std::vector<uint32_t> doneVC;  // VC of the last completed phase
  std::vector<uint32_t> waiters; // blocked thread indices
  /// Threads whose test_wait found the phase incomplete: they resume when
  /// the barrier changes (an arrival, a transaction, a phase).
  std::vector<uint32_t> pollers;
  uint32_t inflight = 0;     // async ops that will complete_tx on it
};

/// The clocks released to one location by release operations (st.release,
/// red/atom with release, a release fence before a strong store), kept by
/// the releasing thread's CTA and scope: an acquire of `.cta` scope
/// synchronizes only with its own CTA's releases; between CTAs both sides
/// need `.cluster` scope or wider.
struct SyncRecord {
  /// [2 * cta]: `.cta`-scope releases of that CTA; [2 * cta + 1]: wider.
  std::vector<std::vector<uint32_t>> vcs;
};

/// A warp or warpgroup collective being assembled.
struct Collective {
  bool active = false;
  uint32_t pc = 0;
  uint64_t mask[2] = {0, 0};
  uint32_t expected = 0;
  uint32_t arrived = 0;
  std::vector<Thread *> slots; // by position in the group
};

struct TmemAllocation {
  uint32_t column = 0, columns = 0;
  uint32_t op = 0;
};

struct CTA {
  uint32_t rank = 0;
  uint32_t ctaid[3] = {0, 0, 0};
  uint32_t clusterCtaId[3] = {0, 0, 0};
  Region smem;
  Region tmem;
  uint32_t firstThread = 0;
  uint32_t numThreads = 0;
  uint32_t live = 0;
  bool exited = false;
  NamedBarrier bars[16];
  std::vector<TmemAllocation> tmemAllocs;
  bool relinquished = false;
  /// The last access to this CTA's shared memory by each thread of another
  /// CTA: who -> (clock, op).
  llvm::DenseMap<uint32_t, std::pair<uint32_t, uint32_t>> remote;
  std::vector<uint32_t> exitVC;
  /// Bulk copies still reading this CTA's shared memory at exit.
};

//===----------------------------------------------------------------------===//
// Asynchronous operations
//===----------------------------------------------------------------------===//

class ClusterExec;

/// A pending asynchronous operation (copy, TMA, MMA, arrive-on-complete).
struct AsyncOp {
  virtual ~AsyncOp();
  /// Performs the operation's effects (memory, mbarrier completion).
  /// Returns false after reporting an error.
  virtual bool complete(ClusterExec &ex) = 0;
  uint32_t id = 0;
  uint32_t issuer = 0;    // thread index
  uint32_t loc = 0;       // op index
  uint32_t agentClock = 0;
  /// Copies out of shared memory into global memory (bulk S2G, TMA store
  /// and reduce) set `splitWrites`: their global writes then carry
  /// `writeClock`, one past `agentClock` (their shared-memory reads), so
  /// that cp.async.bulk.wait_group.read, which waits for the reads only,
  /// does not order the writes. Otherwise writeClock == agentClock.
  bool splitWrites = false;
  uint32_t writeClock = 0;
  std::vector<uint32_t> vc; // the agent's clock at issue (race detection)
  bool done = false;
  /// Cluster rank whose shared memory the op reads (-1: none): the CTA
  /// must not exit before the read is done.
  int32_t readsCta = -1;
  /// Ops that complete before this one (an in-order queue such as the
  /// tensor core's: tcgen05.mma ops of one thread complete in issue order).
  std::vector<uint32_t> after;
  /// Completion only when forced (wait ops) or when nothing else can run;
  /// false: the scheduler may complete it at any scheduling point.
  bool lazy = false;
};

//===----------------------------------------------------------------------===//
// Observing (and choosing) the schedule
//===----------------------------------------------------------------------===//

/// What a synchronization event did to its object. Which orders of two
/// events on one object make a difference follows from it (Explore.cpp).
enum class SyncKind : uint8_t {
  Init,     // mbarrier.init / inval: everything on the object depends on it
  Arrive,   // an arrival (or bytes arriving) that does not complete the phase
  Expect,   // the phase needs more: expect_tx, cp.async.mbarrier.arrive
  Drain,    // bytes arriving after every arrival is in (not completing)
  Complete, // the phase (barrier generation) completes
  Observe,  // a wait that passed (it saw the phase complete)
  Check,    // an op that only needs the barrier initialized (an async issue)
  Read,     // a strong load
  Write,    // a strong store or read-modify-write, tensor memory alloc
};

/// Keys of synchronization objects: an mbarrier is its canonical shared
/// address (below 2^32); the others are tagged.
inline uint64_t namedBarrierKey(uint32_t cta, uint32_t id) {
  return (uint64_t(1) << 60) | (uint64_t(cta) << 8) | id;
}
inline constexpr uint64_t kClusterBarrierKey = uint64_t(2) << 60;
inline uint64_t strongAccessKey(uint64_t addr) {
  return (uint64_t(3) << 60) ^ addr;
}
inline uint64_t tmemKey(uint32_t cta) { return (uint64_t(4) << 60) | cta; }

/// Sees every scheduling step and synchronization event of a run, and
/// chooses the steps: with an observer the scheduler runs a thread from
/// one synchronization op (ExtOp::visible) to just before the next, and
/// asks the observer which thread or asynchronous completion comes next.
/// The exhaustive explorer (Explore.cpp) is one; a trace of the run's
/// logical timeline can be another.
class ScheduleObserver {
public:
  virtual ~ScheduleObserver();
  /// A cluster of the launch starts (its threads and ops are new actors).
  virtual void beginCluster(ClusterExec &ex) {}
  /// The actor of the next step among `enabled` (ready threads by index,
  /// then pending asynchronous ops as numThreads + op id), or kStopRun:
  /// the rest of the run adds nothing (the launch ends there, without
  /// its final checks).
  virtual uint32_t choose(ClusterExec &ex, ArrayRef<uint32_t> enabled) = 0;
  static constexpr uint32_t kStopRun = ~0u;
  /// A step starts: `actor` runs from op index `loc`.
  virtual void step(ClusterExec &ex, uint32_t actor, uint32_t loc) {}
  /// A synchronization event of the current step on object `obj`. A
  /// completion passes the clock vector it publishes (the join of the
  /// phase's arrivals): it happens after all of them.
  virtual void sync(ClusterExec &ex, uint64_t obj, SyncKind kind,
                    const uint32_t *published) {}
};

//===----------------------------------------------------------------------===//
// The machine and a cluster's execution
//===----------------------------------------------------------------------===//

struct GlobalBlock {
  std::vector<uint8_t> data;
  Shadow shadow;
  std::string name;
  uint64_t base = 0;
};

/// State shared by every cluster of one launch.
class Machine {
public:
  Machine(const Program &program, const Options &options);
  const Program &prog;
  Options opts;
  std::vector<GlobalBlock> blocks;
  std::vector<TensorMapSpec> tensorMaps;
  /// The host part's registers after it reached the launch.
  std::vector<uint64_t> hostRegs;
  unsigned errors = 0;
  bool stop = false;
  uint64_t steps = 0;
  uint64_t asyncOps = 0;
  bool raceCheck = false;
  /// Chooses the schedule when set (exhaustive exploration, replays).
  ScheduleObserver *observer = nullptr;
  /// The quantum of an observed step: the options' own, whether or not a
  /// trace sink is attached, so a schedule replays the same with a trace.
  unsigned observedQuantum = 1;
  /// The observer stopped the run (ScheduleObserver::kStopRun).
  bool stoppedByObserver = false;
  uint32_t clusterOrdinal = 0; // 1-based ordinal of the running cluster
  int64_t grid[3], cluster[3], block[3];
  uint32_t threadsPerCTA = 0, ctasPerCluster = 0;

  /// Emits an error at op `loc`; stops the run once maxErrors is reached.
  InFlightDiagnostic error(uint32_t loc);
  Location location(uint32_t loc) const;
  /// The global block holding [addr, addr + bytes), or nullptr.
  GlobalBlock *globalBlock(uint64_t addr, uint64_t bytes, uint64_t &offset);
  LogicalResult runHost();
};

enum class Access : uint8_t { Read, Write };

class ClusterExec {
public:
  /// A cluster of the launch; `host`: a context for the host part alone
  /// (no CTAs, no threads).
  ClusterExec(Machine &m, const uint32_t clusterId[3], bool host = false);
  Machine &m;
  const Program &prog;
  uint32_t clusterId[3];
  std::vector<CTA> ctas;
  std::vector<Thread> threads;
  std::mt19937_64 rng;

  // Scheduling.
  std::vector<uint32_t> ready;
  void makeReady(Thread &t);
  /// Runs the cluster to completion; false on error or deadlock.
  bool run();
  /// run() under the machine's ScheduleObserver.
  bool runObserved();
  /// What follows a thread's run of `s` in either scheduler: requeue,
  /// exit, failure, the step limit. False: the launch stops.
  bool afterRun(Thread &t, Step s);
  ScheduleObserver *observer = nullptr;
  /// The actor of the running step (a thread index, or numThreads + the
  /// id of the async op completing), and the op completing if any.
  uint32_t curActor = 0;
  const AsyncOp *completing = nullptr;
  /// Reports a synchronization event of the current step (no-op without
  /// an observer).
  void noteSync(uint64_t obj, SyncKind kind,
                const uint32_t *published = nullptr) {
    if (observer)
      observer->sync(*this, obj, kind, published);
  }
  /// Interprets `t` until it blocks, exits or `budget` ops ran.
  Step runThread(Thread &t, uint64_t budget);

  // Vector clocks: one row per thread and one per thread's async agent.
  uint32_t numThreads = 0; // N
  uint32_t vcWidth = 0;    // 2N (4N under an observer), 0: no race check
  /// Under a schedule observer, components [causalBase, 2 * causalBase)
  /// of a clock vector are causal: what the owner knows happened before
  /// it through execution alone (a collective's members all arrived
  /// before any passed it), joined along with the memory-model half but
  /// never used by the race check. 0 without an observer.
  uint32_t causalBase = 0;
  /// Joins the members' clocks into their causal halves (a collective).
  void joinCausally(ArrayRef<Thread *> group);
  std::vector<uint32_t> vcs;
  uint32_t *vc(uint32_t who) { return vcs.data() + size_t(who) * vcWidth; }
  uint32_t agentOf(const Thread &t) const { return numThreads + t.idx; }
  /// dst = max(dst, src) element-wise.
  void join(uint32_t *dst, const uint32_t *src);
  void joinInto(std::vector<uint32_t> &dst, const uint32_t *src);
  /// A release by thread t: bump its own clock (after publishing).
  void tick(Thread &t);
  Accessor accessorOf(Thread &t, uint32_t op);

  // Memory.
  /// Resolves [addr, addr + bytes) as accessed by `t` through a pointer of
  /// scope `scope`, checks bounds, alignment, races and initialization,
  /// and returns the host bytes (nullptr after reporting an error).
  uint8_t *access(Thread &t, uint32_t op, uint64_t addr, uint32_t bytes,
                  uint32_t align, Scope scope, Access kind,
                  bool generic = false);
  /// The same for an asynchronous agent acting for `acc.thread`.
  uint8_t *accessAs(const Accessor &acc, uint64_t addr, uint32_t bytes,
                    uint32_t align, Scope scope, Access kind,
                    uint32_t ctxCta);
  /// Shared memory of cluster rank `rank` at `offset` (no checks).
  uint8_t *sharedPtr(uint32_t rank, uint64_t offset) {
    return ctas[rank].smem.data.data() + offset;
  }
  /// Decodes a shared address used by CTA `ctxCta` (a shared::cta address
  /// is that CTA's) into (rank, offset); false if it is not one.
  bool decodeShared(uint64_t addr, uint32_t ctxCta, uint32_t &rank,
                    uint64_t &offset) const;
  /// The shared::cluster address of `offset` in the shared memory of
  /// cluster rank `rank` (also the canonical key of an mbarrier).
  uint64_t sharedAddr(uint32_t rank, uint64_t offset) const {
    return kClusterBase + rank * kSharedStride + offset;
  }
  /// The address CTA `ctxCta` uses for `offset` in rank `rank`'s shared
  /// memory: shared::cta for its own, shared::cluster for a peer's.
  uint64_t sharedAddrFrom(uint32_t ctxCta, uint32_t rank,
                          uint64_t offset) const {
    return rank == ctxCta ? offset : sharedAddr(rank, offset);
  }
  /// Race and initialization checks of one byte range of a region.
  /// `owner`: the cluster rank whose shared memory `region` is (-1:
  /// tensor memory, which proxy fences do not concern).
  bool checkCells(const Accessor &acc, Region &region, uint64_t offset,
                  uint32_t bytes, Access kind, bool trackWritten,
                  uint64_t addr, const char *space, int32_t owner = -1);
  /// The same for global memory (cluster-aware).
  bool checkGlobal(const Accessor &acc, GlobalBlock &block, uint64_t offset,
                   uint32_t bytes, Access kind, uint64_t addr);
  /// Records an access by thread `who` to another CTA's shared memory.
  void noteRemote(const Accessor &acc, uint32_t rank);
  /// Race reports (each returns false once the run must stop). A
  /// read/write conflict is reported at the read.
  bool reportRace(const Accessor &acc, Access kind, uint32_t who,
                  uint32_t otherOp, Access otherKind, uint64_t addr,
                  const char *space);
  bool reportClusterRace(const Accessor &acc, Access kind, uint32_t otherOp,
                         Access otherKind, uint64_t addr);
  /// `fenceSpace`: the state space of a fence.proxy.async the writer did
  /// issue after the write that does not cover this memory (-1: none).
  bool reportProxy(const Accessor &acc, uint32_t writer, uint32_t writeOp,
                   uint64_t addr, const char *space, int fenceSpace = -1);
  std::set<std::pair<uint32_t, uint32_t>> reportedRaces;
  std::set<uint32_t> reportedOps;
  /// Reads of bytes nothing wrote yet. They are reported when the CTA
  /// exits unless a race report covered them first: a read that races
  /// with a later write is a race, whichever of the two ran first.
  struct UninitRead {
    uint32_t op, thread;
    uint64_t addr;
    uint32_t bytes;
    const char *space;
  };
  std::vector<UninitRead> pendingUninit;
  /// Reports the pending uninitialized reads of threads of CTA `cta` (all
  /// CTAs for ~0u).
  bool flushUninitialized(uint32_t cta);

  // Tensor memory.
  uint8_t *tmemAccess(const Accessor &acc, uint32_t cta, uint32_t lane,
                      uint32_t column, uint32_t columns, Access kind);

  // Synchronization.
  /// The mbarrier at `addr` as used by `t` (checks and race detection of
  /// the barrier word); `canonical` receives its shared::cluster address,
  /// the key of `mbarriers`.
  MBarrier *mbarrier(Thread &t, uint32_t op, uint64_t addr, bool remoteOk,
                     bool mustBeInit, uint64_t *canonical = nullptr);
  /// One arrival (count) with optional expect_tx; `release` publishes VC.
  bool mbarrierArrive(MBarrier &b, uint64_t addr, uint32_t count,
                      const uint32_t *releaseVC, uint32_t op,
                      const Thread *by);
  /// `withArrival`: the expectation of an arrive.expect_tx, whose own
  /// arrival follows at once (the phase cannot complete in between).
  bool mbarrierTx(MBarrier &b, uint64_t addr, int64_t delta,
                  const uint32_t *releaseVC, uint32_t op, const Thread *by,
                  bool withArrival = false);
  void mbarrierMaybeComplete(MBarrier &b, uint64_t addr);
  /// True if the phase with `parity` completed (try_wait.parity).
  bool mbarrierParityDone(const MBarrier &b, uint32_t parity) const {
    return (b.phase & 1) != (parity & 1);
  }
  llvm::DenseMap<uint64_t, MBarrier> mbarriers;

  /// Release/acquire through memory: the clocks released to each location
  /// (canonical address) by release stores and read-modify-writes.
  llvm::DenseMap<uint64_t, SyncRecord> syncVC;
  /// The CTA (cluster rank) of vector-clock index `who` (a thread, or a
  /// thread's asynchronous agent: its issuer's).
  uint32_t ctaOf(uint32_t who) const {
    return threads[who < numThreads ? who : who - numThreads].cta;
  }
  /// Whether an access of scope `strong` by `acc` and a recorded access of
  /// scope `other` by vector-clock index `who` are morally strong.
  bool morallyStrong(const Accessor &acc, uint8_t other, uint32_t who) const;
  /// Incremented whenever synchronization state changes (an arrival, a
  /// barrier or phase completing, an async completion, a strong store):
  /// polling threads (test_wait) are woken when nothing else can run only
  /// if it moved since they last polled.
  uint64_t syncEpoch = 0;

  // Cluster barrier.
  uint64_t clusterPhase = 0;
  uint32_t clusterArrived = 0;
  std::vector<uint32_t> clusterAccVC, clusterDoneVC;
  std::vector<uint32_t> clusterWaiters;
  /// `.aligned` cluster arrivals of the phase by warp of the cluster (CTA
  /// rank * warps per CTA + warp): the op (~0u: none) and lanes.
  std::vector<uint32_t> clusterAlignedOp, clusterAlignedLanes;
  /// Completes the cluster barrier's phase once every live thread arrived;
  /// false after reporting an error.
  bool checkClusterBarrier();
  /// Checks that every warp with `.aligned` arrivals in `ops`/`lanes`
  /// (indexed by warp, `warpBase` the first warp's index among the
  /// cluster's) arrived with all its live lanes; false after reporting.
  bool checkAlignedWarps(const std::vector<uint32_t> &ops,
                         const std::vector<uint32_t> &lanes,
                         uint32_t firstCta, uint32_t numCtas,
                         const char *what);

  // Warp / warpgroup collectives: (cta, group) -> state.
  std::vector<Collective> warpColl, wgColl;
  Step arriveCollective(Thread &t, const Inst &inst, ExtOp &op);
  void threadExitedFromCollectives(Thread &t);

  // Named barriers.
  /// Releases the waiters of barrier `id` (their pc moves past the
  /// barrier; `self`, the running thread, is left to the interpreter);
  /// false after reporting an error (a divergent `.aligned` barrier).
  bool completeBarrier(CTA &cta, uint32_t id, Thread *self);
  bool recheckBarriers(CTA &cta);
  /// Wakes the threads polling mbarrier `b` (test_wait) after it changed.
  void wakePollers(MBarrier &b);

  // Asynchronous engine.
  std::vector<std::unique_ptr<AsyncOp>> asyncOps; // by id (null once done)
  std::vector<uint32_t> pending;                  // ids of pending ops
  bool isDone(uint32_t id) const { return !asyncOps[id]; }
  /// (agent, clock) of every op ever issued, for acquiring completions,
  /// and the clock of its writes (AsyncOp::writeClock).
  std::vector<std::pair<uint32_t, uint32_t>> opEpochs;
  std::vector<uint32_t> opWriteClocks;
  /// The mbarriers (canonical addresses) async ops issued at each op index
  /// complete on: a race on their destination read after a wait that
  /// passed at once names the wait's parity.
  llvm::DenseMap<uint32_t, llvm::SmallVector<uint64_t, 2>> opBarriers;
  /// Ops a wait_group of their issuer covered.
  std::vector<uint8_t> opWaited;
  std::vector<uint32_t> opLocs;
  /// Bulk copies reading each CTA's shared memory (op ids, by rank): the
  /// CTA must wait for them before it exits.
  std::vector<std::vector<uint32_t>> smemReaders;
  /// Issues an op on behalf of a warpgroup: the agent of `threads[0]`
  /// acts with the joined clocks of all of them.
  uint32_t issueJoined(llvm::ArrayRef<Thread *> threads,
                       std::unique_ptr<AsyncOp> op, uint32_t loc);
  /// Completes `t`'s groups beyond the `n` most recent (and the uncommitted
  /// `open` ops, if given), then acquires their completion (with
  /// `readsOnly`, only the completion of their source reads).
  Step waitGroups(Thread &t, std::deque<AsyncGroup> &groups,
                  std::vector<uint32_t> *open, uint32_t n,
                  bool readsOnly = false);
  uint32_t issue(Thread &t, std::unique_ptr<AsyncOp> op, uint32_t loc);
  bool completeOp(uint32_t id);
  /// Completes some pending ops (seeded); `all` completes every one.
  bool progressAsync(bool all);
  bool forceComplete(const std::vector<uint32_t> &ids);
  /// Accessor for the async agent of op `o` (`write`: for its writes,
  /// with AsyncOp::writeClock).
  Accessor agentAccessor(AsyncOp &o, const char *what, bool write = false);

  // Thread lifecycle and checks.
  uint32_t liveThreads = 0;
  bool threadExit(Thread &t);
  /// "shared memory of <cta> accessed after it may have exited" at `op`.
  bool reportExitedAccess(uint32_t op, const std::string &who,
                          uint32_t rank);
  bool ctaExit(CTA &cta);
  /// Makes threads polling with test_wait ready when nothing else can run
  /// and synchronization state changed since they polled; false if none.
  bool wakeIdlePollers();
  bool reportDeadlock();

  // Tracing (Options::trace): every event the sink receives comes from
  // these two (Scheduler.cpp).
  void traceProfile(Thread &t, TraceEvent::Kind kind, llvm::StringRef name,
                    uint32_t op);
  void traceWait(Thread &t, bool begin);

  // Diagnostics helpers.
  std::string describe(const Thread &t) const;
  std::string describeWho(uint32_t who) const;
  std::string describeCta(uint32_t rank) const;
  /// "shared offset 0x10 of CTA (1, 0, 0) (cluster rank 1)" for a canonical
  /// (shared::cluster) address, e.g. an mbarrier's key.
  std::string describeShared(uint64_t canonical) const;
  InFlightDiagnostic error(uint32_t op) { return m.error(op); }
  Location loc(uint32_t op) const { return m.location(op); }
};

/// Host-side register image copied into each thread's frame at start.
void initThreadRegisters(const Machine &m, Thread &t);

/// One launch (Machine.cpp): the host part and every cluster, under
/// `observer` when given; memory is copied back, also after a failure.
LogicalResult runLaunch(const Program &program, ArrayRef<MemoryBlock> memory,
                        ArrayRef<Argument> args, const Options &options,
                        Stats *stats, ScheduleObserver *observer);
/// Options::explore and Options::schedule (Explore.cpp).
LogicalResult runExplored(const Program &program, ArrayRef<MemoryBlock> memory,
                          ArrayRef<Argument> args, const Options &options,
                          Stats *stats);

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_EXEC_H
