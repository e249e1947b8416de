//===- TIRxFolds.cpp - TIRx canonicalization patterns -----------*- C++ -*-===//

#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tirx;

namespace {

/// Erases a loop whose body does nothing, or that runs zero times.
struct EraseDeadLoop : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    Block *body = op.getBodyBlock();
    bool emptyBody = body->getOperations().size() == 1 &&
                     isa<YieldOp>(body->back());
    APInt lb, ub;
    bool zeroTrip = matchPattern(op.getLowerBound(), m_ConstantInt(&lb)) &&
                    matchPattern(op.getUpperBound(), m_ConstantInt(&ub)) &&
                    lb.sge(ub);
    if (!emptyBody && !zeroTrip)
      return rewriter.notifyMatchFailure(op, "loop has work");
    rewriter.eraseOp(op);
    return success();
  }
};

/// Replaces a tirx.if on a constant with the region it takes, and erases an
/// if whose regions are empty.
struct FoldConstantIf : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  static bool isEmpty(Region &region) {
    return region.empty() || (region.front().getOperations().size() == 1 &&
                              isa<YieldOp>(region.front().back()));
  }
  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (isEmpty(op.getThenRegion()) && isEmpty(op.getElseRegion())) {
      rewriter.eraseOp(op);
      return success();
    }
    APInt cond;
    if (!matchPattern(op.getCondition(), m_ConstantInt(&cond)))
      return rewriter.notifyMatchFailure(op, "condition is not a constant");
    Region &taken = cond.isOne() ? op.getThenRegion() : op.getElseRegion();
    if (taken.empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    Block &block = taken.front();
    // A region that ends in break/continue is kept: inlining it would put
    // a terminator in the middle of the parent block.
    if (!isa<YieldOp>(block.back()))
      return rewriter.notifyMatchFailure(op, "region leaves the loop");
    rewriter.eraseOp(&block.back());
    rewriter.inlineBlockBefore(&block, op);
    rewriter.eraseOp(op);
    return success();
  }
};

/// ptr_to on a decl_buffer with static layout and constant indices is the
/// data pointer offset by a constant number of bytes.
struct PtrToOfDeclBuffer : OpRewritePattern<PtrToOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PtrToOp op,
                                PatternRewriter &rewriter) const override {
    auto decl = op.getBuffer().getDefiningOp<DeclBufferOp>();
    if (!decl || decl.getElemOffset())
      return rewriter.notifyMatchFailure(op, "not a static decl_buffer");
    BufferType type = decl.getType();
    unsigned bits = getElementBitWidth(type.getElementType());
    if (bits == 0 || bits % 8 != 0)
      return rewriter.notifyMatchFailure(op, "sub-byte element type");
    int64_t bytes = 0;
    if (Value byteOffset = decl.getByteOffset()) {
      APInt value;
      if (!matchPattern(byteOffset, m_ConstantInt(&value)))
        return rewriter.notifyMatchFailure(op, "dynamic byte offset");
      bytes = value.getSExtValue();
    }
    int64_t elements = type.getOffsetOrDefault();
    SmallVector<int64_t> strides = type.getStridesOrDefault();
    if (ShapedType::isDynamic(elements))
      return rewriter.notifyMatchFailure(op, "dynamic layout offset");
    for (auto [idx, index] : llvm::enumerate(op.getIndices())) {
      APInt value;
      if (ShapedType::isDynamic(strides[idx]) ||
          !matchPattern(index, m_ConstantInt(&value)))
        return rewriter.notifyMatchFailure(op, "dynamic index or stride");
      int64_t term;
      if (value.getSignificantBits() > 64 ||
          llvm::MulOverflow(value.getSExtValue(), strides[idx], term) ||
          llvm::AddOverflow(elements, term, elements))
        return rewriter.notifyMatchFailure(op, "offset overflows int64_t");
    }
    int64_t elementBytes;
    if (llvm::MulOverflow(elements, static_cast<int64_t>(bits / 8),
                          elementBytes) ||
        llvm::AddOverflow(bytes, elementBytes, bytes))
      return rewriter.notifyMatchFailure(op, "offset overflows int64_t");
    Value offset =
        arith::ConstantIndexOp::create(rewriter, op.getLoc(), bytes);
    rewriter.replaceOpWithNewOp<PtrByteOffsetOp>(
        op, op.getType(), decl.getData(), offset,
        TypeAttr::get(type.getElementType()));
    return success();
  }
};

} // namespace

void ForOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<EraseDeadLoop>(context);
}

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<FoldConstantIf>(context);
}

void PtrToOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<PtrToOfDeclBuffer>(context);
}
