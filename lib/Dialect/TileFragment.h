//===- TileFragment.h - Register fragments of tile layouts ------*- C++ -*-===//
//
// Internal: how a `local` buffer's layout spreads its elements over the
// threads of an execution scope. Each thread holds the same number of
// elements ("slots"); slot j lives in register `slotMemory[j]` of the
// thread's local storage and is logical element
// `threadBase(thread) + slotLogical[j]` (row-major over the buffer's
// shape). The analysis checks this by enumerating every thread and slot
// against the layout, so any layout that has this form is accepted and
// everything else is declined with a reason.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_DIALECT_TILEFRAGMENT_H
#define TIRX_LIB_DIALECT_TILEFRAGMENT_H

#include "TileUtils.h"

namespace mlir::tirx::tile {

struct Fragment {
  /// One shard iterator on a thread axis: logical weight of its digit.
  struct ThreadDigit {
    LayoutAxis axis;
    int64_t extent, stride, weight, axisOffset;
  };
  SmallVector<ThreadDigit> threadDigits;
  /// Replica iterators on thread axes (`R[...]`): threads that hold the
  /// same elements. The replica with every digit 0 is the one that writes
  /// them to memory (the others would store the same bytes again: a race).
  SmallVector<ThreadDigit> replicaDigits;
  SmallVector<int64_t> slotMemory;
  SmallVector<int64_t> slotLogical;
  /// Registers per thread (the local storage size).
  int64_t registers = 0;
  /// Threads of the scope.
  int64_t numThreads = 1;
  /// True when the elements are spread over threads (else every thread
  /// holds the whole buffer).
  bool distributed() const { return !threadDigits.empty(); }

  /// The logical base index (index) of thread `tid` (its index in the
  /// scope).
  Value emitThreadBase(OpBuilder &b, Location loc, Value tid) const;
  /// The logical base of thread `tid`, computed on the host.
  int64_t threadBase(int64_t tid) const;
  bool replicated() const { return !replicaDigits.empty(); }
  /// Whether thread `tid` is the writing replica of its elements, and the
  /// same as an i1 value (a null Value when the fragment has no replicas).
  bool isWritingReplica(int64_t tid) const;
  Value emitWritingReplica(OpBuilder &b, Location loc, Value tid) const;
};

/// The value of `axis` for thread `tid` of a scope.
int64_t threadAxisValue(LayoutAxis axis, int64_t tid);

/// Analyzes the local buffer `type` for a scope of `numThreads` threads.
/// Fails with `why` when the layout has no fragment form for the scope.
FailureOr<Fragment> analyzeFragment(BufferType type, ExecScope scope,
                                    int64_t numThreads, std::string &why);

/// The calling thread's registers of a local buffer: the buffer itself
/// when it has no tile layout, else a `tirx.tile.local_view` of it.
Value localRegisters(OpBuilder &b, Location loc, Value buffer);

} // namespace mlir::tirx::tile

#endif // TIRX_LIB_DIALECT_TILEFRAGMENT_H
