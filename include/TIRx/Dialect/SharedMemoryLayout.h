//===- SharedMemoryLayout.h - A kernel's dynamic shared memory --*- C++ -*-===//
//
// Where each `shared.dyn` allocation of a kernel lives in its dynamic shared
// memory arena. tirx-plan-shared-memory records it on the allocations
// (`tirx.dyn_shared_offset`); convert-tirx-to-gpu and the simulator both read
// it through getDynamicSharedLayout, so the GPU and the simulator place every
// buffer at the same byte.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_SHAREDMEMORYLAYOUT_H
#define TIRX_DIALECT_SHAREDMEMORYLAYOUT_H

#include "TIRx/Dialect/TIRxOps.h"

#include "llvm/ADT/SmallVector.h"

namespace mlir::tirx {

/// The byte alignment an allocation needs: its `alignment`, at least 16 and
/// at least one element.
int64_t getRequiredAlignment(AllocBufferOp alloc);

struct DynamicSharedLayout {
  struct Entry {
    AllocBufferOp alloc;
    int64_t offset = 0; ///< bytes from the arena's start
    int64_t bytes = 0;
  };
  /// Every `shared.dyn` allocation of the kernel, in program order.
  llvm::SmallVector<Entry> entries;
  /// The arena's size: the end of its last-ending allocation.
  int64_t bytes = 0;
  /// The offsets came from `tirx.dyn_shared_offset` attributes.
  bool recorded = false;
};

/// The dynamic shared memory layout of `kernel`. When its allocations carry
/// `tirx.dyn_shared_offset`, those offsets, checked: each aligned as the
/// allocation needs, no two overlapping, inside the 32-bit arena a launch can
/// request. When none does, offsets assigned in program order, each aligned.
/// Some recorded and some not, a dynamic shape, or a bad recorded offset is
/// an error at the allocation.
FailureOr<DynamicSharedLayout> getDynamicSharedLayout(KernelOp kernel);

/// Records `layout` on its allocations (`tirx.dyn_shared_offset`).
void recordDynamicSharedLayout(const DynamicSharedLayout &layout);

} // namespace mlir::tirx

#endif // TIRX_DIALECT_SHAREDMEMORYLAYOUT_H
