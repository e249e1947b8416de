//===- SharedMemoryLayout.cpp - A kernel's dynamic shared memory ----------===//

#include "TIRx/Dialect/SharedMemoryLayout.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tirx;

int64_t mlir::tirx::getRequiredAlignment(AllocBufferOp alloc) {
  BufferType type = alloc.getType();
  int64_t elemBytes =
      llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
  int64_t align = std::max<int64_t>(16, elemBytes);
  if (std::optional<uint64_t> a = alloc.getAlignment())
    align = std::max<int64_t>(align, static_cast<int64_t>(*a));
  return align;
}

FailureOr<DynamicSharedLayout>
mlir::tirx::getDynamicSharedLayout(KernelOp kernel) {
  // The arena is requested as a 32-bit byte count at launch
  // (cuLaunchKernelEx's sharedMemBytes).
  constexpr int64_t kMaxArena = std::numeric_limits<uint32_t>::max();
  DynamicSharedLayout layout;
  AllocBufferOp firstRecorded, firstUnrecorded;
  int64_t next = 0;
  WalkResult walk = kernel.walk([&](AllocBufferOp alloc) {
    BufferType type = alloc.getType();
    if (type.getMemorySpace() != MemorySpace::SharedDyn)
      return WalkResult::advance();
    if (!type.hasStaticShape()) {
      alloc.emitOpError("has a dynamic shape; the dynamic shared memory "
                        "arena is laid out statically");
      return WalkResult::interrupt();
    }
    auto recorded = alloc->getAttrOfType<IntegerAttr>(
        TIRxDialect::getDynSharedOffsetAttrName());
    if (recorded && !firstRecorded)
      firstRecorded = alloc;
    if (!recorded && !firstUnrecorded)
      firstUnrecorded = alloc;
    if (firstRecorded && firstUnrecorded) {
      InFlightDiagnostic d = firstUnrecorded.emitOpError(
          "has no 'tirx.dyn_shared_offset' while another allocation of the "
          "kernel has one; record all of them (tirx-plan-shared-memory) or "
          "none");
      d.attachNote(firstRecorded.getLoc()) << "this allocation has one";
      return WalkResult::interrupt();
    }
    int64_t elemBytes =
        llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
    int64_t align = getRequiredAlignment(alloc);
    int64_t count = type.getNumElementsStatic();
    int64_t offset = recorded ? recorded.getInt() : llvm::alignTo(next, align);
    if (recorded && (offset < 0 || offset % align)) {
      alloc.emitOpError("has 'tirx.dyn_shared_offset' ")
          << offset << ", which is not a multiple of its alignment (" << align
          << " bytes)";
      return WalkResult::interrupt();
    }
    if (offset > kMaxArena || count > (kMaxArena - offset) / elemBytes) {
      alloc.emitOpError("does not fit in the dynamic shared memory a kernel "
                        "can request (")
          << kMaxArena << " bytes): it needs " << count << " x " << elemBytes
          << " bytes at offset " << offset;
      return WalkResult::interrupt();
    }
    int64_t bytes = count * elemBytes;
    layout.entries.push_back({alloc, offset, bytes});
    next = offset + bytes;
    layout.bytes = std::max(layout.bytes, next);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  layout.recorded = static_cast<bool>(firstRecorded);
  if (!layout.recorded)
    return layout;
  // Recorded offsets: no two allocations may share a byte.
  SmallVector<DynamicSharedLayout::Entry *> order;
  for (DynamicSharedLayout::Entry &e : layout.entries)
    order.push_back(&e);
  llvm::stable_sort(order, [](auto *a, auto *b) {
    return a->offset < b->offset;
  });
  // Sorted by offset, an allocation overlaps an earlier one exactly when it
  // starts before the furthest end so far.
  DynamicSharedLayout::Entry *furthest = nullptr;
  for (DynamicSharedLayout::Entry *cur : order) {
    if (cur->bytes == 0)
      continue;
    if (furthest && cur->offset < furthest->offset + furthest->bytes) {
      InFlightDiagnostic d =
          cur->alloc.emitOpError("has 'tirx.dyn_shared_offset' ")
          << cur->offset << " (" << cur->bytes
          << " bytes), which overlaps another allocation";
      d.attachNote(furthest->alloc.getLoc())
          << "the other allocation: offset " << furthest->offset << ", "
          << furthest->bytes << " bytes";
      return failure();
    }
    if (!furthest || cur->offset + cur->bytes > furthest->offset + furthest->bytes)
      furthest = cur;
  }
  return layout;
}

void mlir::tirx::recordDynamicSharedLayout(const DynamicSharedLayout &layout) {
  for (const DynamicSharedLayout::Entry &e : layout.entries) {
    AllocBufferOp alloc = e.alloc;
    Builder b(alloc.getContext());
    alloc->setAttr(TIRxDialect::getDynSharedOffsetAttrName(),
                     b.getI64IntegerAttr(e.offset));
  }
}
