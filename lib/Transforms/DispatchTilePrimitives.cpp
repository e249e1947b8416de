//===- DispatchTilePrimitives.cpp - Tile-primitive dispatch -----*- C++ -*-===//
//
// tirx-dispatch-tile-primitives: replaces each tirx.tile.* op by the code of
// the variant the registry selects (include/TIRx/Dialect/TileDispatch.h).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TileDispatch.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_DISPATCHTILEPRIMITIVESPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {
struct DispatchTilePrimitivesPass
    : tirx::impl::DispatchTilePrimitivesPassBase<DispatchTilePrimitivesPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

void DispatchTilePrimitivesPass::runOnOperation() {
  SmallVector<TileOpInterface> ops;
  getOperation()->walk([&](TileOpInterface op) { ops.push_back(op); });
  IRRewriter rewriter(&getContext());
  bool failedAny = false;
  for (TileOpInterface op : ops) {
    FailureOr<TileDispatchContext> ctx = getTileDispatchContext(op);
    if (failed(ctx)) {
      failedAny = true;
      continue;
    }
    FailureOr<const TileVariant *> variant = selectTileVariant(op, *ctx);
    if (failed(variant)) {
      failedAny = true;
      continue;
    }
    if (remarks)
      op->emitRemark() << op->getName() << " -> variant '"
                       << (*variant)->name << "'";
    rewriter.setInsertionPoint(op);
    if (failed((*variant)->emit(op, *ctx, rewriter))) {
      failedAny = true;
      continue;
    }
    rewriter.eraseOp(op);
  }
  if (failedAny)
    signalPassFailure();
}
