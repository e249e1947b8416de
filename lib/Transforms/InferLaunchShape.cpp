//===- InferLaunchShape.cpp - Record kernel launch shapes -------*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_INFERLAUNCHSHAPEPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {
struct InferLaunchShapePass
    : tirx::impl::InferLaunchShapePassBase<InferLaunchShapePass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([](KernelOp kernel) {
      FailureOr<LaunchShape> shape =
          kernel.computeLaunchShape(/*allowDynamicGrid=*/true);
      if (failed(shape))
        return WalkResult::interrupt();
      Builder b(kernel.getContext());
      // A grid computed on the host stays in the kernel's operands.
      if (!shape->hasDynamicGrid)
        kernel.setGridAttr(b.getDenseI64ArrayAttr(shape->grid));
      kernel.setClusterAttr(b.getDenseI64ArrayAttr(shape->cluster));
      kernel.setBlockAttr(b.getDenseI64ArrayAttr(shape->block));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
