//===- Checks.h - The rules of tirx-check-sync ------------------*- C++ -*-===//
//
// Internal to tirx-check-sync: one Checker per kernel holds the trace and
// runs each rule over it (MBarrierChecks.cpp: mbarriers, named and cluster
// barriers; MemoryChecks.cpp: proxies, asynchronous copies, distributed
// shared memory, tensor memory, wgmma).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_TRANSFORMS_CHECKSYNC_CHECKS_H
#define TIRX_LIB_TRANSFORMS_CHECKSYNC_CHECKS_H

#include "SyncModel.h"

#include "mlir/IR/Diagnostics.h"

#include <set>

namespace mlir::tirx::checksync {

class Checker {
public:
  Checker(KernelOp kernel, const ThreadSpace &space);
  /// Runs every rule; returns the number of errors reported.
  unsigned run();

  KernelOp kernel;
  ThreadSpace space;
  Evaluator ev;
  Trace trace;
  unsigned errors = 0;
  /// Findings shown for certain are warnings too (the pass's warn-only).
  bool warnOnly = false;

  // The rules.
  void checkBarrierIds();
  void checkAlignedDivergence();
  void checkRedMixedWithSync();
  void checkUseBeforeInit();
  void checkClusterInit();
  void checkReinit();
  void checkArriveCounts();
  void checkExpectTx();
  void checkRingParity();
  void checkProxyFences();
  void checkAsyncWriteReads();
  void checkDsmemExit();
  void checkTensorMemory();
  void checkWgmma();

  // Helpers.
  std::vector<Event> &events() { return trace.events; }
  /// An error (or warning) at `op` for rule `rule`, once per op and rule
  /// (an op is in the trace once per loop copy); null when already given.
  std::optional<InFlightDiagnostic> error(Operation *op, const char *rule);
  std::optional<InFlightDiagnostic> warning(Operation *op, const char *rule);
  /// Whether some event in (from, to) that is compatible with event
  /// `with` satisfies `pred`.
  template <typename Pred>
  bool anyBetween(size_t from, size_t to, size_t with, Pred pred) {
    for (size_t k = from + 1; k < to; ++k)
      if (compatible(events()[k], events()[with]) && pred(events()[k]))
        return true;
    return false;
  }
  /// The events on the same allocation as `ptr` (barrier or memory).
  static bool sameAlloc(const std::optional<PtrRef> &a,
                        const std::optional<PtrRef> &b) {
    return a && b && a->alloc && a->alloc == b->alloc;
  }
  /// Whether event `e` addresses a peer CTA's copy of its allocation for
  /// some thread (through mapa to another rank, or a shared.cluster
  /// pointer whose rank is not known to be the thread's own).
  bool remoteFor(const Event &e);
  /// "thread 0", "threads 0-31", "warp 2 (lanes 0-15)", with the cluster
  /// rank when the cluster has several CTAs.
  std::string describe(const ThreadSet &threads) const;

private:
  /// (location, rule) pairs reported: a tile primitive expands into
  /// several ops at one location.
  std::set<std::pair<const void *, const char *>> reported;
};

} // namespace mlir::tirx::checksync

#endif // TIRX_LIB_TRANSFORMS_CHECKSYNC_CHECKS_H
