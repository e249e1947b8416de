//===- SyncModel.h - What tirx-check-sync knows about a kernel --*- C++ -*-===//
//
// Internal to tirx-check-sync. A kernel (`tirx.kernel`, after tile dispatch
// and layout resolution) becomes:
//
// - an Evaluator: the value of an integer SSA value for each thread of one
//   cluster (cluster rank x thread of the CTA), computed from the scope ids
//   and constants through arith ops and the one-element local buffers the
//   script frontend keeps its variables in; a thread whose value depends on
//   anything else (a kernel argument, the CTA's id in the grid, memory) has
//   it unknown, unless the evaluator samples such leaves (the ring-parity
//   check does);
// - a Trace: the kernel's synchronization-relevant ops in program order,
//   each loop body laid out twice (its first iteration, then "a later
//   one"), each with the threads that may and must execute it (from the
//   enclosing conditions, evaluated per thread) and the branches it lies
//   on, so that two events of one thread's execution are told apart from
//   events of exclusive branches.
//
// The checks (CheckSync.cpp) are questions about this trace: an event
// before another on a path both can lie on, with or without some event in
// between. They report only what the model shows for certain (errors) or
// what only sampled values show (warnings), and stay silent otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_TRANSFORMS_CHECKSYNC_SYNCMODEL_H
#define TIRX_LIB_TRANSFORMS_CHECKSYNC_SYNCMODEL_H

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace mlir::tirx::checksync {

/// The threads of one cluster: index = cluster rank * threadsPerCTA + tid.
struct ThreadSpace {
  int64_t block[3] = {1, 1, 1};
  int64_t cluster[3] = {1, 1, 1};
  int64_t ctas = 1;
  int64_t perCTA = 1;
  int64_t size() const { return ctas * perCTA; }
  int64_t rankOf(int64_t t) const { return t / perCTA; }
  int64_t tidOf(int64_t t) const { return t % perCTA; }
};

using ThreadSet = llvm::BitVector;

/// An integer value per thread; `known` is clear where it is unknown.
struct Lanes {
  llvm::SmallVector<int64_t, 0> v;
  ThreadSet known;
  bool allKnown() const { return known.all(); }
  /// The value every known thread has, if they agree (and any is known).
  std::optional<int64_t> uniform() const;
};

class Evaluator {
public:
  /// Values for every thread of the cluster, or (`only` >= 0) for that
  /// thread alone (lane 0).
  explicit Evaluator(const ThreadSpace &space, int64_t only = -1)
      : space(space), lo(only < 0 ? 0 : only),
        lanes(only < 0 ? space.size() : 1) {}
  const ThreadSpace &space;
  /// Lanes are threads lo .. lo + lanes - 1.
  int64_t lo, lanes;
  int64_t size() const { return lanes; }

  /// The value of `v` (integer or index; i1 as 0/1) for every thread.
  const Lanes &eval(Value v);
  /// Binds a loop induction variable (for every thread) until unbound.
  void bind(Value iv, int64_t value);
  void unbind(Value iv);
  /// Forgets cached values (after bindings or the sample changed).
  void clear() { cache.clear(); }
  /// When set, leaves the evaluator cannot know (kernel arguments, CTA
  /// ids in the grid, memory) take this value, and `usedSample` records
  /// that a result depended on one.
  std::optional<int64_t> sample;
  bool usedSample = false;

private:
  Lanes compute(Value v);
  Lanes unknown() const;
  Lanes splat(int64_t value) const;
  llvm::DenseMap<Value, std::unique_ptr<Lanes>> cache;
  llvm::DenseMap<Value, int64_t> bound;
};

/// Where a pointer points: a shared (or local) allocation of the kernel
/// and the element it addresses (an index value per buffer dimension),
/// possibly through `mapa` (another CTA's copy of the allocation).
struct PtrRef {
  Operation *alloc = nullptr; // tirx.alloc_buffer
  llvm::SmallVector<Value, 2> indices;
  /// The first mapa on the way (its target rank), if any.
  Value mapaRank;
  bool viaMapa = false;
  /// The pointer passed through a byte offset or a raw integer: the
  /// element index is not known.
  bool opaqueOffset = false;
  /// The element (row-major) for each thread, when the indices evaluate.
  Lanes element(Evaluator &ev) const;
  /// The allocation's bytes from the addressed element to its end (the
  /// most a copy into it can write), per thread.
  Lanes bytesToEnd(Evaluator &ev) const;
};

/// Resolves a pointer (or a 32/64-bit integer holding one, such as a
/// matrix descriptor built from it) to its allocation.
std::optional<PtrRef> resolvePtr(Value p);
/// The allocation a buffer value views (alloc_buffer, or through
/// decl_buffer/buffer_slice/buffer_reshape/bind of one).
Operation *resolveBuffer(Value buffer);
/// A short name for an allocation ("'sA'" from its name attribute, else
/// the op's location).
std::string allocName(Operation *alloc);

enum class EvKind : uint8_t {
  MbarInit,
  MbarInval,
  MbarArrive,    // arrive / arrive_drop / expect_tx forms / nocomplete
  MbarExpectTx,  // mbarrier.expect_tx (no arrival)
  MbarWait,      // test_wait / try_wait (one event per wait loop)
  MbarRemoteOp,  // another op on a barrier (complete_tx, commit, ...)
  AsyncWrite,    // TMA load, bulk g2s/s2s: writes `mem`, completes on `bar`
  AsyncRead,     // TMA store/reduce, bulk s2g/s2s, wgmma, tcgen05.mma
  GenericWrite,  // st, buffer_store, stmatrix, atom/red, cp.async
  GenericRead,   // ld, buffer_load, ldmatrix
  FenceProxyAsync,
  FenceMbarInit,
  Barrier,       // barrier.sync / arrive / red
  ClusterArrive,
  ClusterWait,
  WgmmaFence,
  WgmmaMma,
  WgmmaCommit,
  WgmmaWait,
  AccAccess,     // a register access to a wgmma accumulator buffer
  TmemAlloc,
  TmemDealloc,
  TmemRelinquish,
};

struct Event {
  EvKind kind;
  Operation *op = nullptr;
  ThreadSet may, must;
  /// The branches the event lies on: (if instance << 1) | branch.
  llvm::SmallVector<uint32_t, 6> path;
  /// Loops around the event (0: straight-line code of the kernel) and the
  /// loop copy it is in (0: a first iteration of every enclosing loop).
  unsigned loops = 0;
  unsigned laterCopy = 0;
  /// The memory or barrier the op addresses (its ptr operand), and for an
  /// asynchronous op the mbarrier it completes on.
  std::optional<PtrRef> ptr, bar;
  /// Count, bytes, parity, barrier id, wait_group N: an operand value.
  Value value, value2;
  /// Modifiers: aligned, barrier.red, barrier.arrive (no wait), multicast,
  /// wait_group.read, a relaxed cluster arrive, a remote (mapa) access.
  bool aligned = false, red = false, noWait = false, multicast = false,
       read = false, relaxed = false, remote = false;
  /// MbarArrive: `.cluster` scope; an arrive_drop (which changes the
  /// expected count); an arrival made by the async engine on completion
  /// (tcgen05.commit); the arrivals each execution makes when they are
  /// not the `value` operand (-1: `value`).
  bool clusterScope = false, drop = false, asyncArrive = false;
  int64_t fixedArrivals = -1;
  /// wgmma.wait_group N.
  int64_t imm = 0;
  /// AsyncRead/Write and generic accesses: the allocation touched.
  Operation *mem = nullptr;
  /// WgmmaMma: the local buffers of its accumulator (D) operand and of its
  /// result; AccAccess: the buffer, and whether it writes it.
  Operation *accIn = nullptr, *accOut = nullptr;
  bool write = false;
  /// fence.proxy.async state space: 7 all, 1 global, 2 shared::cta,
  /// 6 shared::cluster (which includes the CTA's own).
  unsigned spaces = 7;
};

/// Whether two events can lie on one path of one thread's execution (they
/// are not on different branches of one `tirx.if` instance).
bool compatible(const Event &a, const Event &b);

class Trace {
public:
  Trace(KernelOp kernel, Evaluator &ev);
  std::vector<Event> events;
  /// Ops that are an early exit of their loop (tirx.break/continue inside
  /// an if): must-sets after them are empty.
  bool truncated = false;

private:
  struct Ctx {
    ThreadSet may, must;
    llvm::SmallVector<uint32_t, 6> path;
    unsigned loops = 0, laterCopy = 0;
  };
  void walkBlock(Block &block, Ctx &ctx, unsigned depth);
  void walkOp(Operation *op, Ctx &ctx, unsigned depth);
  Event &add(EvKind kind, Operation *op, const Ctx &ctx);
  void addAccesses(Operation *op, const Ctx &ctx);
  Evaluator &ev;
  uint32_t ifInstances = 0;
  /// Local buffers holding wgmma accumulators, and the loads and stores
  /// that pass an accumulator from one MMA to the next (not register
  /// accesses in the sense of wgmma.fence).
  llvm::DenseSet<Operation *> accBuffers, accChained;
};

/// The tirx.while `op` only polls an mbarrier wait: its condition region
/// holds the wait whose result ends the loop, and its body is empty.
Operation *waitLoopOp(WhileOp op);

} // namespace mlir::tirx::checksync

#endif // TIRX_LIB_TRANSFORMS_CHECKSYNC_SYNCMODEL_H
