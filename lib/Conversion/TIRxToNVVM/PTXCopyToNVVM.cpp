//===- PTXCopyToNVVM.cpp - tirx.ptx copy ops to NVVM ------------*- C++ -*-===//
//
// cp.async, cp.async.bulk and cp.async.bulk.tensor (TMA), prefetches.
//
//===----------------------------------------------------------------------===//

#include "PTXToNVVMCommon.h"

#include "TIRx/Dialect/TIRxPTXLowering.inc"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptxlower;

static NamedAttribute segments(OpBuilder &b, ArrayRef<int32_t> sizes) {
  return b.getNamedAttr("operandSegmentSizes", b.getDenseI32ArrayAttr(sizes));
}

/// A TMA descriptor operand as the generic pointer NVVM expects.
static Value tensorMapPtr(OpBuilder &b, Location loc, Value lowered) {
  return castToAS(b, loc, lowered, kGeneric);
}

namespace {

//===----------------------------------------------------------------------===//
// cp.async
//===----------------------------------------------------------------------===//

struct CpAsyncLowering : PTXLowering<PTXCpAsyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = castToAS(rewriter, loc, adaptor.getDst(), kShared);
    Value src = castToAS(rewriter, loc, adaptor.getSrc(), kGlobal);
    bool cg = op.getCache() == ptx::CpAsyncCache::CG;
    Value hint = adaptor.getCacheHint();
    std::optional<ptx::PrefetchSize> prefetch = op.getPrefetch();
    if (hint || prefetch) {
      // nvvm.cp.async.shared.global has no cache-policy operand and no
      // prefetch size.
      std::string text = "cp.async." + std::string(cg ? "cg" : "ca") +
                         ".shared.global" +
                         (hint ? ".L2::cache_hint" : "") +
                         (prefetch ? ptxToken(*prefetch).str() : "") +
                         " [$0], [$1], " + std::to_string(op.getSize());
      SmallVector<Value> operands{
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), dst),
          src};
      std::string constraints = "r,l";
      unsigned next = 2;
      if (Value n = adaptor.getSrcSize()) {
        text += ", $" + std::to_string(next++);
        operands.push_back(n);
        constraints += ",r";
      }
      if (hint) {
        text += ", $" + std::to_string(next++);
        operands.push_back(hint);
        constraints += ",l";
      }
      text += ";";
      constraints += ",~{memory}";
      inlinePTX(rewriter, loc, {}, operands, text, constraints);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> operands{dst, src};
    if (Value n = adaptor.getSrcSize())
      operands.push_back(n);
    NamedAttribute attrs[] = {
        rewriter.getNamedAttr("size", rewriter.getI32IntegerAttr(op.getSize())),
        rewriter.getNamedAttr(
            "modifier",
            NVVM::LoadCacheModifierKindAttr::get(
                getContext(), cg ? NVVM::LoadCacheModifierKind::CG
                                 : NVVM::LoadCacheModifierKind::CA))};
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncOp>(op, TypeRange(), operands,
                                                 attrs);
    return success();
  }
};

using CpAsyncCommitGroupLowering = NullaryToNVVM<PTXCpAsyncCommitGroupOp, NVVM::CpAsyncCommitGroupOp>;

struct CpAsyncWaitAllLowering : PTXLowering<PTXCpAsyncWaitAllOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncWaitAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    callIntrinsic(rewriter, op.getLoc(), {}, "llvm.nvvm.cp.async.wait.all", {});
    rewriter.eraseOp(op);
    return success();
  }
};

struct CpAsyncWaitGroupLowering : PTXLowering<PTXCpAsyncWaitGroupOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncWaitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op, op.getN());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cp.async.bulk
//===----------------------------------------------------------------------===//

struct BulkG2SLowering : PTXLowering<PTXCpAsyncBulkG2SOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncBulkG2SOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The shared::cluster destination form (PTX ISA 8.0); a CTA-local
    // shared address is a valid shared::cluster address of this CTA. With
    // cta_only the shared::cta form (PTX ISA 8.6), which NVVM writes for a
    // ptr<3> destination.
    if (op.getCtaOnly() && failed(requirePTX(op, 86, "cta_only")))
      return failure();
    Value dst = castToAS(rewriter, loc, adaptor.getDst(),
                         op.getCtaOnly() ? kShared : kSharedCluster);
    Value src = castToAS(rewriter, loc, adaptor.getSrc(), kGlobal);
    Value bar = castToAS(rewriter, loc, adaptor.getBar(), kShared);
    SmallVector<Value> operands{dst, src, bar, adaptor.getSize()};
    Value mask = adaptor.getMulticastMask(), hint = adaptor.getCacheHint();
    if (mask)
      operands.push_back(mask);
    if (hint)
      operands.push_back(hint);
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkGlobalToSharedClusterOp>(
        op, TypeRange(), operands,
        ArrayRef<NamedAttribute>{
            segments(rewriter, {1, 1, 1, 1, mask ? 1 : 0, hint ? 1 : 0})});
    return success();
  }
};

struct BulkS2GLowering : PTXLowering<PTXCpAsyncBulkS2GOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncBulkS2GOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = castToAS(rewriter, loc, adaptor.getDst(), kGlobal);
    Value src = castToAS(rewriter, loc, adaptor.getSrc(), kShared);
    SmallVector<Value> operands{dst, src, adaptor.getSize()};
    Value hint = adaptor.getCacheHint(), mask = adaptor.getByteMask();
    if (mask && failed(requirePTX(op, 86, "a byte mask")))
      return failure();
    if (hint)
      operands.push_back(hint);
    if (mask)
      operands.push_back(mask);
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkSharedCTAToGlobalOp>(
        op, TypeRange(), operands,
        ArrayRef<NamedAttribute>{
            segments(rewriter, {1, 1, 1, hint ? 1 : 0, mask ? 1 : 0})});
    return success();
  }
};

struct BulkS2SLowering : PTXLowering<PTXCpAsyncBulkS2SOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncBulkS2SOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = castToAS(rewriter, loc, adaptor.getDst(), kSharedCluster);
    Value src = castToAS(rewriter, loc, adaptor.getSrc(), kShared);
    // PTX reads the mbarrier operand as a shared::cluster address (the
    // barrier of the destination CTA); NVVM types it as ptr<3>.
    Value bar = clusterAddressAsShared(rewriter, loc, adaptor.getBar());
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkSharedCTAToSharedClusterOp>(
        op, TypeRange(), ValueRange{dst, src, bar, adaptor.getSize()});
    return success();
  }
};

struct BulkPrefetchLowering : PTXLowering<PTXCpAsyncBulkPrefetchOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncBulkPrefetchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = castToAS(rewriter, op.getLoc(), adaptor.getSrc(), kGlobal);
    SmallVector<Value> operands{src, adaptor.getSize()};
    if (Value hint = adaptor.getCacheHint())
      operands.push_back(hint);
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkPrefetchOp>(op, TypeRange(),
                                                             operands);
    return success();
  }
};

using BulkCommitGroupLowering = NullaryToNVVM<PTXCpAsyncBulkCommitGroupOp, NVVM::CpAsyncBulkCommitGroupOp>;

struct BulkWaitGroupLowering : PTXLowering<PTXCpAsyncBulkWaitGroupOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncBulkWaitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<NamedAttribute> attrs{rewriter.getNamedAttr(
        "group", rewriter.getI32IntegerAttr(op.getN()))};
    if (op.getRead())
      attrs.push_back(rewriter.getNamedAttr("read", rewriter.getUnitAttr()));
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, TypeRange(), ValueRange(), attrs);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cp.async.bulk.tensor (TMA)
//===----------------------------------------------------------------------===//

static NVVM::TMALoadMode loadMode(ptx::TMALoadMode m) {
  switch (m) {
  case ptx::TMALoadMode::Tile:
    return NVVM::TMALoadMode::TILE;
  case ptx::TMALoadMode::Im2col:
    return NVVM::TMALoadMode::IM2COL;
  case ptx::TMALoadMode::TileGather4:
    return NVVM::TMALoadMode::TILE_GATHER4;
  }
  return NVVM::TMALoadMode::TILE;
}

static NVVM::TMAStoreMode storeMode(ptx::TMAStoreMode m) {
  switch (m) {
  case ptx::TMAStoreMode::Tile:
    return NVVM::TMAStoreMode::TILE;
  case ptx::TMAStoreMode::Im2col:
    return NVVM::TMAStoreMode::IM2COL;
  case ptx::TMAStoreMode::TileScatter4:
    return NVVM::TMAStoreMode::TILE_SCATTER4;
  }
  return NVVM::TMAStoreMode::TILE;
}

/// The `.shared::cta` TMA load with a CTA group, which NVVM's cta-only
/// form (isCTAOnly) does not take: the instruction as inline PTX, in the
/// table's modifier order.
static void ctaOnlyGroupLoadPTX(ConversionPatternRewriter &rewriter,
                                PTXTMALoadOp op, PTXTMALoadOp::Adaptor adaptor) {
  Location loc = op.getLoc();
  auto addr32 = [&](Value ptr) {
    return LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                    castToAS(rewriter, loc, ptr, kShared));
  };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "cp.async.bulk.tensor." << op.getRank() << "d.shared::cta.global"
     << (op.getMode() == ptx::TMALoadMode::Im2col         ? ".im2col"
         : op.getMode() == ptx::TMALoadMode::TileGather4 ? ".tile::gather4"
                                                         : ".tile")
     << ".mbarrier::complete_tx::bytes.cta_group::"
     << (*op.getCtaGroup() == ptx::CTAGroup::CTA2 ? 2 : 1);
  Value hint = adaptor.getCacheHint();
  if (hint)
    os << ".L2::cache_hint";
  SmallVector<Value> operands{addr32(adaptor.getDst()),
                              tensorMapPtr(rewriter, loc, adaptor.getTmap())};
  std::string constraints = "r,l";
  os << " [$0], [$1, {";
  unsigned n = 2;
  for (auto [i, c] : llvm::enumerate(adaptor.getCoords())) {
    os << (i ? ", $" : "$") << n++;
    operands.push_back(c);
    constraints += ",r";
  }
  os << "}], [$" << n++ << "]";
  operands.push_back(addr32(adaptor.getBar()));
  constraints += ",r";
  if (!adaptor.getIm2colOffsets().empty()) {
    os << ", {";
    for (auto [i, o] : llvm::enumerate(adaptor.getIm2colOffsets())) {
      os << (i ? ", $" : "$") << n++;
      operands.push_back(o);
      constraints += ",h";
    }
    os << "}";
  }
  if (hint) {
    os << ", $" << n++;
    operands.push_back(hint);
    constraints += ",l";
  }
  os << ";";
  inlinePTX(rewriter, loc, TypeRange(), operands, text,
            constraints + ",~{memory}");
}

struct TMALoadLowering : PTXLowering<PTXTMALoadOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTMALoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool ctaOnly = op.getCtaOnly();
    if ((op.getCtaGroup() || ctaOnly) &&
        failed(requirePTX(op, 86, ctaOnly ? "cta_only" : "a cta_group")))
      return failure();
    if (ctaOnly && op.getCtaGroup()) {
      ctaOnlyGroupLoadPTX(rewriter, op, adaptor);
      rewriter.eraseOp(op);
      return success();
    }
    // The shared::cluster destination form: NVVM requires ptr<7> unless
    // isCTAOnly (the shared::cta form, PTX ISA 8.6); a CTA shared address
    // is cast.
    Value dst = castToAS(rewriter, loc, adaptor.getDst(),
                         ctaOnly ? kShared : kSharedCluster);
    Value tmap = tensorMapPtr(rewriter, loc, adaptor.getTmap());
    // The executing CTA's barrier, or with cta_group::2 possibly the peer's
    // (a shared.cluster pointer): its shared::cluster address, which NVVM
    // types as ptr<3>.
    bool peer = cast<PtrType>(op.getBar().getType()).getMemorySpace() ==
                MemorySpace::SharedCluster;
    Value bar = peer ? clusterAddressAsShared(rewriter, loc, adaptor.getBar())
                     : castToAS(rewriter, loc, adaptor.getBar(), kShared);
    SmallVector<Value> operands{dst, tmap};
    llvm::append_range(operands, adaptor.getCoords());
    operands.push_back(bar);
    llvm::append_range(operands, adaptor.getIm2colOffsets());
    Value mask = adaptor.getMulticastMask(), hint = adaptor.getCacheHint();
    if (mask)
      operands.push_back(mask);
    if (hint)
      operands.push_back(hint);
    SmallVector<NamedAttribute> attrs{
        segments(rewriter,
                 {1, 1, static_cast<int32_t>(adaptor.getCoords().size()), 1,
                  static_cast<int32_t>(adaptor.getIm2colOffsets().size()),
                  mask ? 1 : 0, hint ? 1 : 0, 0}),
        rewriter.getNamedAttr("mode", NVVM::TMALoadModeAttr::get(
                                          getContext(), loadMode(op.getMode())))};
    if (ctaOnly)
      attrs.push_back(
          rewriter.getNamedAttr("isCTAOnly", rewriter.getBoolAttr(true)));
    if (op.getCtaGroup())
      attrs.push_back(rewriter.getNamedAttr(
          "group", NVVM::CTAGroupKindAttr::get(getContext(),
                                               ctaGroup(op.getCtaGroup()))));
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp>(
        op, TypeRange(), operands, attrs);
    return success();
  }
};

/// The NVVM operands of a TMA store or reduction: the descriptor, the
/// shared source, the coordinates and the optional cache hint.
template <typename OpT>
static SmallVector<Value> tensorStoreOperands(OpBuilder &b, OpT op,
                                              typename OpT::Adaptor adaptor) {
  Location loc = op.getLoc();
  SmallVector<Value> operands{tensorMapPtr(b, loc, adaptor.getTmap()),
                              castToAS(b, loc, adaptor.getSrc(), kShared)};
  llvm::append_range(operands, adaptor.getCoords());
  if (Value hint = adaptor.getCacheHint())
    operands.push_back(hint);
  return operands;
}

/// Their segment sizes (the store's NVVM op has a predicate segment too).
template <typename Adaptor>
static NamedAttribute tensorStoreSegments(OpBuilder &b, Adaptor adaptor,
                                          bool predicate) {
  SmallVector<int32_t> sizes{
      1, 1, static_cast<int32_t>(adaptor.getCoords().size()),
      adaptor.getCacheHint() ? 1 : 0};
  if (predicate)
    sizes.push_back(0);
  return segments(b, sizes);
}

struct TMAStoreLowering : PTXLowering<PTXTMAStoreOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTMAStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = tensorStoreOperands(rewriter, op, adaptor);
    NamedAttribute attrs[] = {
        tensorStoreSegments(rewriter, adaptor, /*predicate=*/true),
        rewriter.getNamedAttr("mode",
                              NVVM::TMAStoreModeAttr::get(
                                  getContext(), storeMode(op.getMode())))};
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp>(
        op, TypeRange(), operands, attrs);
    return success();
  }
};

struct TMAReduceLowering : PTXLowering<PTXTMAReduceOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTMAReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = tensorStoreOperands(rewriter, op, adaptor);
    NVVM::TMAReduxKind kind;
    switch (op.getKind()) {
    case ptx::TMARedKind::Add:
      kind = NVVM::TMAReduxKind::ADD;
      break;
    case ptx::TMARedKind::Min:
      kind = NVVM::TMAReduxKind::MIN;
      break;
    case ptx::TMARedKind::Max:
      kind = NVVM::TMAReduxKind::MAX;
      break;
    case ptx::TMARedKind::Inc:
      kind = NVVM::TMAReduxKind::INC;
      break;
    case ptx::TMARedKind::Dec:
      kind = NVVM::TMAReduxKind::DEC;
      break;
    case ptx::TMARedKind::And:
      kind = NVVM::TMAReduxKind::AND;
      break;
    case ptx::TMARedKind::Or:
      kind = NVVM::TMAReduxKind::OR;
      break;
    case ptx::TMARedKind::Xor:
      kind = NVVM::TMAReduxKind::XOR;
      break;
    }
    if (op.getMode() == ptx::TMAStoreMode::TileScatter4)
      return op.emitOpError(
          "cannot be lowered: PTX has no tile::scatter4 tensor reduction");
    NamedAttribute attrs[] = {
        tensorStoreSegments(rewriter, adaptor, /*predicate=*/false),
        rewriter.getNamedAttr("redKind",
                              NVVM::TMAReduxKindAttr::get(getContext(), kind)),
        rewriter.getNamedAttr("mode",
                              NVVM::TMAStoreModeAttr::get(
                                  getContext(), storeMode(op.getMode())))};
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkTensorReduceOp>(
        op, TypeRange(), operands, attrs);
    return success();
  }
};

struct TMAPrefetchLowering : PTXLowering<PTXTMAPrefetchOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTMAPrefetchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value tmap = tensorMapPtr(rewriter, loc, adaptor.getTmap());
    SmallVector<Value> operands{tmap};
    llvm::append_range(operands, adaptor.getCoords());
    llvm::append_range(operands, adaptor.getIm2colOffsets());
    Value hint = adaptor.getCacheHint();
    if (hint)
      operands.push_back(hint);
    NamedAttribute attrs[] = {
        segments(rewriter,
                 {1, static_cast<int32_t>(adaptor.getCoords().size()),
                  static_cast<int32_t>(adaptor.getIm2colOffsets().size()),
                  hint ? 1 : 0}),
        rewriter.getNamedAttr("mode", NVVM::TMALoadModeAttr::get(
                                          getContext(), loadMode(op.getMode())))};
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkTensorPrefetchOp>(
        op, TypeRange(), operands, attrs);
    return success();
  }
};

struct PrefetchTensormapLowering : PTXLowering<PTXPrefetchTensormapOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXPrefetchTensormapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value tmap = tensorMapPtr(rewriter, op.getLoc(), adaptor.getTmap());
    rewriter.replaceOpWithNewOp<NVVM::PrefetchOp>(
        op, TypeRange(), ValueRange{tmap},
        ArrayRef<NamedAttribute>{
            rewriter.getNamedAttr("tensormap", rewriter.getUnitAttr())});
    return success();
  }
};

} // namespace

void ptxlower::populatePTXCopyPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<CpAsyncLowering, CpAsyncCommitGroupLowering,
               CpAsyncWaitAllLowering, CpAsyncWaitGroupLowering,
               BulkG2SLowering, BulkS2GLowering, BulkS2SLowering,
               BulkPrefetchLowering, BulkCommitGroupLowering,
               BulkWaitGroupLowering, TMALoadLowering, TMAStoreLowering,
               TMAReduceLowering, TMAPrefetchLowering,
               PrefetchTensormapLowering>(converter);
}
