//===- DispatchTilePrimitives.cpp - Tile-primitive dispatch -----*- C++ -*-===//
//
// tirx-dispatch-tile-primitives: replaces each tirx.tile.* op by the code of
// the variant the registry selects (include/TIRx/Dialect/TileDispatch.h).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TileDispatch.h"
#include "TIRx/Dialect/TIRxTileOps.h"
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
  IRRewriter rewriter(&getContext());
  bool failedAny = false;
  // A variant may emit tile primitives of its own (the composite ones emit a
  // tirx.tile.compose, which inlines its steps): dispatch again until none
  // is left. The ops inside a compose wait for it to inline them.
  constexpr int kMaxRounds = 8;
  for (int round = 0;; ++round) {
    SmallVector<TileOpInterface> ops;
    getOperation()->walk([&](TileOpInterface op) {
      if (!op->getParentOfType<TileComposeOp>())
        ops.push_back(op);
    });
    if (ops.empty())
      break;
    if (round == kMaxRounds) {
      ops.front()->emitOpError("is still a tile primitive after ")
          << kMaxRounds << " rounds of dispatch (variants emitting each other)";
      signalPassFailure();
      return;
    }
    bool failedRound = false;
    for (TileOpInterface op : ops) {
      FailureOr<TileDispatchContext> ctx = getTileDispatchContext(op);
      if (failed(ctx)) {
        failedRound = true;
        continue;
      }
      FailureOr<const TileVariant *> variant = selectTileVariant(op, *ctx);
      if (failed(variant)) {
        failedRound = true;
        continue;
      }
      if (remarks)
        op->emitRemark() << op->getName() << " -> variant '"
                         << (*variant)->name << "'";
      rewriter.setInsertionPoint(op);
      if (failed((*variant)->emit(op, *ctx, rewriter))) {
        failedRound = true;
        continue;
      }
      rewriter.eraseOp(op);
    }
    if (failedRound) {
      failedAny = true;
      break;
    }
  }
  if (failedAny)
    signalPassFailure();
}
