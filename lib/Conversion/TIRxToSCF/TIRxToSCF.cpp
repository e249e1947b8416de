//===- TIRxToSCF.cpp - TIRx control flow to scf and cf ----------*- C++ -*-===//

#include "TIRx/Conversion/TIRxToSCF/TIRxToSCF.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_CONVERTTIRXTOSCFPASS
#include "TIRx/Conversion/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

static constexpr llvm::StringLiteral kUnrollAttr = "tirx.unroll";

static bool isControlFlow(Operation *op) {
  return isa<ForOp, WhileOp, IfOp>(op);
}

/// A control-flow op is irregular when it holds a break or continue.
static bool isIrregular(Operation *op) {
  if (!isControlFlow(op))
    return false;
  return op->walk([](Operation *inner) {
             return isa<BreakOp, ContinueOp>(inner) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
           })
      .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// Irregular control flow to cf
//===----------------------------------------------------------------------===//

namespace {
struct LoopTargets {
  Block *breakTarget = nullptr;
  Block *continueTarget = nullptr;
};

class CFGLowering {
public:
  explicit CFGLowering(MLIRContext *ctx) : rewriter(ctx) {}
  LogicalResult lower(Operation *op, LoopTargets targets);

private:
  LogicalResult lowerFor(ForOp op);
  LogicalResult lowerWhile(WhileOp op);
  LogicalResult lowerIf(IfOp op, LoopTargets targets);
  /// Turns the tirx terminator of `block` into a branch.
  void replaceTerminator(Block *block, Block *fallthrough,
                         LoopTargets targets);
  /// Lowers the irregular ops directly in `blocks`.
  LogicalResult lowerNested(ArrayRef<Block *> blocks, LoopTargets targets);

  IRRewriter rewriter;
};
} // namespace

void CFGLowering::replaceTerminator(Block *block, Block *fallthrough,
                                    LoopTargets targets) {
  Operation *term = block->getTerminator();
  rewriter.setInsertionPoint(term);
  Block *dest = fallthrough;
  if (isa<BreakOp>(term))
    dest = targets.breakTarget;
  else if (isa<ContinueOp>(term))
    dest = targets.continueTarget;
  cf::BranchOp::create(rewriter, term->getLoc(), dest);
  rewriter.eraseOp(term);
}

LogicalResult CFGLowering::lowerNested(ArrayRef<Block *> blocks,
                                       LoopTargets targets) {
  SmallVector<Operation *> nested;
  for (Block *block : blocks)
    for (Operation &op : *block)
      if (isIrregular(&op))
        nested.push_back(&op);
  for (Operation *op : nested)
    if (failed(lower(op, targets)))
      return failure();
  return success();
}

LogicalResult CFGLowering::lower(Operation *op, LoopTargets targets) {
  Operation *parent = op->getParentOp();
  if (parent->hasTrait<OpTrait::SingleBlock>() || isControlFlow(parent))
    return op->emitOpError("has a break or continue and must become a CFG, "
                           "but its enclosing '")
           << parent->getName()
           << "' holds a single block; lower kernels with "
              "convert-tirx-to-gpu first";
  if (auto forOp = dyn_cast<ForOp>(op))
    return lowerFor(forOp);
  if (auto whileOp = dyn_cast<WhileOp>(op))
    return lowerWhile(whileOp);
  return lowerIf(cast<IfOp>(op), targets);
}

LogicalResult CFGLowering::lowerFor(ForOp op) {
  Location loc = op.getLoc();
  if (op.getKind() == ForKind::Unroll || op.getKind() == ForKind::Vectorized)
    op.emitWarning("a loop with break or continue is not unrolled");
  Block *before = op->getBlock();
  Block *exit = rewriter.splitBlock(before, std::next(op->getIterator()));
  Type type = op.getLowerBound().getType();
  Block *header = rewriter.createBlock(exit, {type}, {loc});
  Block *latch = rewriter.createBlock(exit);
  Block *body = op.getBodyBlock();
  rewriter.inlineRegionBefore(op.getBody(), latch);
  Value iv = header->getArgument(0);
  rewriter.replaceAllUsesWith(body->getArgument(0), iv);
  body->eraseArgument(0);

  rewriter.setInsertionPointToEnd(before);
  cf::BranchOp::create(rewriter, loc, header, ValueRange{op.getLowerBound()});
  rewriter.setInsertionPointToEnd(header);
  Value more = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                     iv, op.getUpperBound());
  cf::CondBranchOp::create(rewriter, loc, more, body, exit);
  rewriter.setInsertionPointToEnd(latch);
  Value next = arith::AddIOp::create(rewriter, loc, iv, op.getStep());
  cf::BranchOp::create(rewriter, loc, header, ValueRange{next});

  LoopTargets targets{exit, latch};
  replaceTerminator(body, latch, targets);
  rewriter.eraseOp(op);
  return lowerNested({body}, targets);
}

LogicalResult CFGLowering::lowerWhile(WhileOp op) {
  Location loc = op.getLoc();
  Block *before = op->getBlock();
  Block *exit = rewriter.splitBlock(before, std::next(op->getIterator()));
  Block *cond = &op.getCond().front();
  Block *body = &op.getBody().front();
  rewriter.inlineRegionBefore(op.getCond(), exit);
  rewriter.inlineRegionBefore(op.getBody(), exit);

  rewriter.setInsertionPointToEnd(before);
  cf::BranchOp::create(rewriter, loc, cond);
  auto condition = cast<ConditionOp>(cond->getTerminator());
  rewriter.setInsertionPoint(condition);
  cf::CondBranchOp::create(rewriter, condition.getLoc(),
                           condition.getCondition(), body, exit);
  rewriter.eraseOp(condition);

  LoopTargets targets{exit, cond};
  replaceTerminator(body, cond, targets);
  rewriter.eraseOp(op);
  return lowerNested({body}, targets);
}

LogicalResult CFGLowering::lowerIf(IfOp op, LoopTargets targets) {
  Location loc = op.getLoc();
  Block *before = op->getBlock();
  Block *exit = rewriter.splitBlock(before, std::next(op->getIterator()));
  Block *thenBlock = &op.getThenRegion().front();
  rewriter.inlineRegionBefore(op.getThenRegion(), exit);
  Block *elseBlock = exit;
  SmallVector<Block *> blocks = {thenBlock};
  if (!op.getElseRegion().empty()) {
    elseBlock = &op.getElseRegion().front();
    rewriter.inlineRegionBefore(op.getElseRegion(), exit);
    blocks.push_back(elseBlock);
  }
  rewriter.setInsertionPointToEnd(before);
  cf::CondBranchOp::create(rewriter, loc, op.getCondition(), thenBlock,
                           elseBlock);
  for (Block *block : blocks)
    replaceTerminator(block, exit, targets);
  rewriter.eraseOp(op);
  return lowerNested(blocks, targets);
}

LogicalResult mlir::tirx::lowerIrregularControlFlow(Operation *root) {
  SmallVector<Operation *> outermost;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root && isIrregular(op)) {
      outermost.push_back(op);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  CFGLowering lowering(root->getContext());
  for (Operation *op : outermost)
    if (failed(lowering.lower(op, LoopTargets{})))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Regular control flow to scf
//===----------------------------------------------------------------------===//

namespace {

struct ForToSCF : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    if (isIrregular(op))
      return rewriter.notifyMatchFailure(op, "irregular loop");
    auto loop = scf::ForOp::create(rewriter, op.getLoc(), op.getLowerBound(),
                                   op.getUpperBound(), op.getStep());
    Block *body = op.getBodyBlock();
    rewriter.eraseOp(body->getTerminator());
    rewriter.inlineBlockBefore(body, loop.getBody()->getTerminator(),
                               loop.getInductionVar());
    if (op.getKind() == ForKind::Unroll || op.getKind() == ForKind::Vectorized)
      loop->setAttr(kUnrollAttr, rewriter.getUnitAttr());
    if (auto annotations = op.getAnnotationsAttr())
      loop->setAttr("tirx.annotations", annotations);
    rewriter.eraseOp(op);
    return success();
  }
};

struct IfToSCF : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (isIrregular(op))
      return rewriter.notifyMatchFailure(op, "irregular if");
    bool withElse = !op.getElseRegion().empty();
    auto newIf = scf::IfOp::create(rewriter, op.getLoc(), op.getCondition(),
                                   withElse);
    auto moveRegion = [&](Region &from, Region &to) {
      Block *block = &from.front();
      rewriter.eraseOp(block->getTerminator());
      rewriter.inlineBlockBefore(block, to.front().getTerminator());
    };
    moveRegion(op.getThenRegion(), newIf.getThenRegion());
    if (withElse)
      moveRegion(op.getElseRegion(), newIf.getElseRegion());
    rewriter.eraseOp(op);
    return success();
  }
};

struct WhileToSCF : OpRewritePattern<WhileOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(WhileOp op,
                                PatternRewriter &rewriter) const override {
    if (isIrregular(op))
      return rewriter.notifyMatchFailure(op, "irregular loop");
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), TypeRange{},
                                     ValueRange{});
    Block *before = rewriter.createBlock(&loop.getBefore());
    Block *after = rewriter.createBlock(&loop.getAfter());
    Block *cond = &op.getCond().front();
    auto condition = cast<ConditionOp>(cond->getTerminator());
    rewriter.setInsertionPointToEnd(before);
    scf::ConditionOp::create(rewriter, condition.getLoc(),
                             condition.getCondition(), ValueRange{});
    rewriter.eraseOp(condition);
    rewriter.inlineBlockBefore(cond, before->getTerminator());
    Block *body = &op.getBody().front();
    rewriter.eraseOp(body->getTerminator());
    rewriter.setInsertionPointToEnd(after);
    scf::YieldOp::create(rewriter, op.getLoc());
    rewriter.inlineBlockBefore(body, after->getTerminator());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertTIRxToSCFPass
    : tirx::impl::ConvertTIRxToSCFPassBase<ConvertTIRxToSCFPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(lowerIrregularControlFlow(root)))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateTIRxToSCFConversionPatterns(patterns);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return signalPassFailure();
    // Unroll innermost loops first.
    SmallVector<scf::ForOp> unroll;
    root->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kUnrollAttr))
        unroll.push_back(loop);
    });
    for (scf::ForOp loop : unroll) {
      loop->removeAttr(kUnrollAttr);
      std::optional<APInt> trips = loop.getStaticTripCount();
      if (!trips) {
        loop.emitWarning("cannot unroll a loop whose trip count is not a "
                         "constant; it stays a serial loop");
        continue;
      }
      if (failed(loopUnrollFull(loop))) {
        loop.emitError("failed to unroll the loop");
        return signalPassFailure();
      }
    }
  }
};

} // namespace

void mlir::tirx::populateTIRxToSCFConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ForToSCF, IfToSCF, WhileToSCF>(patterns.getContext());
}
