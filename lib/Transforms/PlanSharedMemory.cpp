//===- PlanSharedMemory.cpp - Record the dynamic shared memory layout -----===//
//
// tirx-plan-shared-memory: the one place a kernel's dynamic shared memory is
// laid out (getDynamicSharedLayout); the lowering and the simulator read the
// offsets it records.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/SharedMemoryLayout.h"
#include "TIRx/Transforms/Passes.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_PLANSHAREDMEMORYPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {
struct PlanSharedMemoryPass
    : tirx::impl::PlanSharedMemoryPassBase<PlanSharedMemoryPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](KernelOp kernel) {
      FailureOr<DynamicSharedLayout> layout = getDynamicSharedLayout(kernel);
      if (failed(layout))
        return WalkResult::interrupt();
      recordDynamicSharedLayout(*layout);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
