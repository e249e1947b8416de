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

/// Per-byte race-detection record: the last write and the last read, each
/// an epoch (who, clock) of the accessing thread or async agent, the op
/// that did it, and the cluster it ran in (global memory).
struct Cell {
  uint32_t wClk = 0, rClk = 0;
  uint16_t wWho = 0, rWho = 0;
  uint32_t wOp = 0, rOp = 0;
  uint32_t wCluster = 0, rCluster = 0;
  /// The recorded write / read was a strong (atomic, relaxed, acquire,
  /// release or volatile) operation: two strong accesses never race.
  bool wAtomic = false, rAtomic = false;
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
  bool async = false;        // async proxy (TMA, wgmma, tcgen05, bulk copy)
  bool atomic = false;       // a strong (atomic or ordered) access
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

/// What a blocked thread waits for (deadlock reports).
struct WaitDesc {
  enum Kind : uint8_t {
    None, Barrier, ClusterBarrier, MBarrier, Collective, TmemAlloc
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
  /// fence.proxy.async clocks (increasing), for proxy-order checks.
  std::vector<uint32_t> proxyFences;
  /// A release fence since the last strong store: the next one releases.
  bool releaseFence = false;
  /// What strong loads since the last acquire fence observed (joined into
  /// the thread's clock by the next acquire fence).
  std::vector<uint32_t> observed;

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
  uint32_t inflight = 0;     // async ops that will complete_tx on it
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
  /// Interprets `t` until it blocks, exits or `budget` ops ran.
  Step runThread(Thread &t, uint64_t budget);

  // Vector clocks: one row per thread and one per thread's async agent.
  uint32_t numThreads = 0; // N
  uint32_t vcWidth = 0;    // 2N, or 0 when race checking is off
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
  bool checkCells(const Accessor &acc, Region &region, uint64_t offset,
                  uint32_t bytes, Access kind, bool trackWritten,
                  uint64_t addr, const char *space);
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
  bool reportProxy(const Accessor &acc, uint32_t writer, uint32_t writeOp,
                   uint64_t addr, const char *space);
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
  bool mbarrierTx(MBarrier &b, uint64_t addr, int64_t delta,
                  const uint32_t *releaseVC, uint32_t op, const Thread *by);
  void mbarrierMaybeComplete(MBarrier &b, uint64_t addr);
  /// True if the phase with `parity` completed (try_wait.parity).
  bool mbarrierParityDone(const MBarrier &b, uint32_t parity) const {
    return (b.phase & 1) != (parity & 1);
  }
  llvm::DenseMap<uint64_t, MBarrier> mbarriers;

  /// Release/acquire through memory: the clock released to each location
  /// (canonical address) by release stores and read-modify-writes.
  llvm::DenseMap<uint64_t, std::vector<uint32_t>> syncVC;

  // Cluster barrier.
  uint64_t clusterPhase = 0;
  uint32_t clusterArrived = 0;
  std::vector<uint32_t> clusterAccVC, clusterDoneVC;
  std::vector<uint32_t> clusterWaiters;
  void checkClusterBarrier();

  // Warp / warpgroup collectives: (cta, group) -> state.
  std::vector<Collective> warpColl, wgColl;
  Step arriveCollective(Thread &t, const Inst &inst, ExtOp &op);
  void threadExitedFromCollectives(Thread &t);

  // Named barriers.
  /// Releases the waiters of barrier `id` (their pc moves past the
  /// barrier; `self`, the running thread, is left to the interpreter).
  void completeBarrier(CTA &cta, uint32_t id, Thread *self);
  void recheckBarriers(CTA &cta);

  // Asynchronous engine.
  std::vector<std::unique_ptr<AsyncOp>> asyncOps; // by id (null once done)
  std::vector<uint32_t> pending;                  // ids of pending ops
  bool isDone(uint32_t id) const { return !asyncOps[id]; }
  /// (agent, clock) of every op ever issued, for acquiring completions.
  std::vector<std::pair<uint32_t, uint32_t>> opEpochs;
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
  /// `open` ops, if given), then acquires their completion.
  Step waitGroups(Thread &t, std::deque<AsyncGroup> &groups,
                  std::vector<uint32_t> *open, uint32_t n);
  uint32_t issue(Thread &t, std::unique_ptr<AsyncOp> op, uint32_t loc);
  bool completeOp(uint32_t id);
  /// Completes some pending ops (seeded); `all` completes every one.
  bool progressAsync(bool all);
  bool forceComplete(const std::vector<uint32_t> &ids);
  /// Accessor for the async agent of op `o`.
  Accessor agentAccessor(AsyncOp &o, const char *what);

  // Thread lifecycle and checks.
  uint32_t liveThreads = 0;
  bool threadExit(Thread &t);
  /// "shared memory of <cta> accessed after it may have exited" at `op`.
  bool reportExitedAccess(uint32_t op, const std::string &who,
                          uint32_t rank);
  bool ctaExit(CTA &cta);
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

} // namespace mlir::tirx::sim

#endif // TIRX_LIB_SIM_EXEC_H
