//===- PTXToNVVM.cpp - tirx.ptx.* ops to NVVM -------------------*- C++ -*-===//
//
// Lowering of the tirx.ptx.* ops. Every op becomes its NVVM op where NVVM
// has one; the few forms NVVM lacks become an LLVM NVPTX intrinsic call or
// `llvm.inline_asm` with the exact PTX. This file holds the shared helpers
// and the synchronization families (cluster addressing, mbarrier, fences,
// barriers, warp-level, launch/register control, special registers); the
// copy families are in PTXCopyToNVVM.cpp and the MMA/tcgen05 families in
// PTXMMAToNVVM.cpp.
//
// Shared-memory operands. A `shared`/`shared.dyn` pointer lowers to a
// generic address (it may hold a peer CTA's shared memory, made from a mapped
// raw address); a `shared.cluster` pointer to a shared::cluster address
// (ptr<7>). Each op converts its operand to the form its PTX instruction
// takes: the executing CTA's shared::cta window (mbarrier.init, waits,
// arrives that return a state, ...) or the shared::cluster window (arrives
// without a state, expect_tx, complete_tx, tcgen05.commit, the bulk copies'
// remote barriers), which holds the executing CTA's memory and its peers'.
// No op looks at where its pointer came from (docs/Design-notes.md).
//===----------------------------------------------------------------------===//

#include "PTXToNVVMCommon.h"
#include "TIRx/Conversion/TIRxToNVVM/TIRxToNVVM.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptxlower;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Value ptxlower::castToAS(OpBuilder &b, Location loc, Value ptr, unsigned as) {
  auto type = cast<LLVM::LLVMPointerType>(ptr.getType());
  if (type.getAddressSpace() == as)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), as), ptr);
}

Value ptxlower::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), v);
}
Value ptxlower::i64Const(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(), v);
}

Value ptxlower::inlinePTX(OpBuilder &b, Location loc, TypeRange results,
                          ValueRange operands, StringRef text,
                          StringRef constraints) {
  auto dialect = LLVM::AsmDialectAttr::get(b.getContext(),
                                           LLVM::AsmDialect::AD_ATT);
  Type resultType;
  if (results.size() == 1)
    resultType = results.front();
  else if (results.size() > 1)
    resultType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                  SmallVector<Type>(results));
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands, text,
      constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None, dialect, ArrayAttr());
  return asmOp.getNumResults() ? asmOp.getResult(0) : Value();
}

Value ptxlower::callIntrinsic(OpBuilder &b, Location loc, Type result,
                              StringRef name, ValueRange args) {
  auto call = LLVM::CallIntrinsicOp::create(
      b, loc, result ? TypeRange(result) : TypeRange(),
      b.getStringAttr(name), args, LLVM::FastmathFlagsAttr());
  return call.getNumResults() ? call.getResult(0) : Value();
}

Value ptxlower::boolToI32(OpBuilder &b, Location loc, Value pred) {
  return LLVM::ZExtOp::create(b, loc, b.getI32Type(), pred);
}
Value ptxlower::i32ToBool(OpBuilder &b, Location loc, Value v) {
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                              i32Const(b, loc, 0));
}

Value ptxlower::clusterAddressAsShared(OpBuilder &b, Location loc,
                                      Value lowered) {
  Value cluster = castToAS(b, loc, lowered, kSharedCluster);
  Value bits = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), cluster);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), kShared), bits);
}

unsigned ptxlower::targetPTXVersion(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    auto targets = p->getAttrOfType<ArrayAttr>("targets");
    if (!targets)
      continue;
    for (Attribute t : targets) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
      if (!nvvm)
        continue;
      StringRef features = nvvm.getFeatures();
      unsigned version = 0;
      if (features.consume_front("+ptx") &&
          !features.getAsInteger(10, version))
        return version;
    }
    return 0;
  }
  return 0;
}

LogicalResult ptxlower::requirePTX(Operation *op, unsigned version,
                                   StringRef what) {
  unsigned have = targetPTXVersion(op);
  if (!have || have >= version)
    return success();
  return op->emitOpError("cannot be lowered: ")
         << what << " needs PTX ISA " << version / 10 << "." << version % 10
         << ", but the target compiles for PTX ISA " << have / 10 << "."
         << have % 10 << "; raise it with features=+ptx" << version;
}

NVVM::CTAGroupKind ptxlower::ctaGroup(std::optional<ptx::CTAGroup> g) {
  return g && *g == ptx::CTAGroup::CTA2 ? NVVM::CTAGroupKind::CTA_2
                                        : NVVM::CTAGroupKind::CTA_1;
}

static NamedAttribute named(OpBuilder &b, StringRef name, Attribute attr) {
  return b.getNamedAttr(name, attr);
}

static NVVM::MemScopeKind memScope(std::optional<ptx::ClusterScope> s) {
  return s && *s == ptx::ClusterScope::Cluster ? NVVM::MemScopeKind::CLUSTER
                                               : NVVM::MemScopeKind::CTA;
}

static NVVM::MemScopeKind memScope(ptx::MemScope s) {
  switch (s) {
  case ptx::MemScope::CTA:
    return NVVM::MemScopeKind::CTA;
  case ptx::MemScope::Cluster:
    return NVVM::MemScopeKind::CLUSTER;
  case ptx::MemScope::GPU:
    return NVVM::MemScopeKind::GPU;
  case ptx::MemScope::Sys:
    return NVVM::MemScopeKind::SYS;
  }
  return NVVM::MemScopeKind::CTA;
}

namespace {

//===----------------------------------------------------------------------===//
// Cluster addressing
//===----------------------------------------------------------------------===//

/// A typed shared pointer maps with mapa.shared::cluster (its shared::cta
/// address in, a shared::cluster address out); a generic pointer or a raw
/// i64, always a generic address, with the generic mapa.u64.
struct MapaLowering : PTXLowering<PTXMapaOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMapaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto ptr0 = LLVM::LLVMPointerType::get(ctx, kGeneric);
    auto ptr7 = LLVM::LLVMPointerType::get(ctx, kSharedCluster);
    Value rank = adaptor.getRank();
    if (auto type = dyn_cast<PtrType>(op.getAddr().getType())) {
      if (isSharedScope(type.getMemorySpace())) {
        Value src = castToAS(rewriter, loc, adaptor.getAddr(), kShared);
        rewriter.replaceOp(op, NVVM::MapaOp::create(rewriter, loc, ptr7, src,
                                                    rank));
        return success();
      }
      Value src = castToAS(rewriter, loc, adaptor.getAddr(), kGeneric);
      rewriter.replaceOp(op,
                         NVVM::MapaOp::create(rewriter, loc, ptr0, src, rank));
      return success();
    }
    if (op.getAddr().getType().isInteger(32)) {
      // A 32-bit shared window address: LLVM holds shared::cluster
      // addresses in 64-bit registers, so the 32-bit form is inline PTX.
      rewriter.replaceOp(
          op, inlinePTX(rewriter, loc, TypeRange(rewriter.getI32Type()),
                        ValueRange{adaptor.getAddr(), rank},
                        "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r"));
      return success();
    }
    Value src = LLVM::IntToPtrOp::create(rewriter, loc, ptr0, adaptor.getAddr());
    Value mapped = NVVM::MapaOp::create(rewriter, loc, ptr0, src, rank);
    rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, rewriter.getI64Type(),
                                                  mapped);
    return success();
  }
};

struct GetCtaRankLowering : PTXLowering<PTXGetCtaRankOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXGetCtaRankOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value addr = adaptor.getAddr();
    Value rank;
    if (addr.getType().isInteger(32)) {
      rewriter.replaceOp(
          op, inlinePTX(rewriter, loc, TypeRange(i32), ValueRange{addr},
                        "getctarank.shared::cluster.u32 $0, $1;", "=r,r"));
      return success();
    }
    if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(addr.getType());
        ptr && ptr.getAddressSpace() == kSharedCluster) {
      // The intrinsic types its shared::cluster address as ptr<3>.
      Value bits = LLVM::PtrToIntOp::create(rewriter, loc, i32, addr);
      addr = LLVM::IntToPtrOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kShared),
          bits);
      rank = callIntrinsic(rewriter, loc, i32,
                           "llvm.nvvm.getctarank.shared.cluster", addr);
    } else {
      if (isa<IntegerType>(addr.getType()))
        addr = LLVM::IntToPtrOp::create(
            rewriter, loc, LLVM::LLVMPointerType::get(getContext(), kGeneric),
            addr);
      addr = castToAS(rewriter, loc, addr, kGeneric);
      rank = callIntrinsic(rewriter, loc, i32, "llvm.nvvm.getctarank", addr);
    }
    rewriter.replaceOp(op, rank);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

/// The lowered mbarrier operand `lowered` of `bar`: in address space `as`,
/// or generic for a generic pointer (PTX's forms without a state space).
static Value barrierAddr(OpBuilder &b, Location loc, Value bar, Value lowered,
                         unsigned as) {
  bool generic =
      cast<PtrType>(bar.getType()).getMemorySpace() == MemorySpace::Generic;
  return castToAS(b, loc, lowered, generic ? kGeneric : as);
}

/// `op`'s instruction name with its semantics and scope (`.release.cta`).
template <typename OpT>
static std::string withSemScope(OpT op) {
  std::string text = op->getName().getStringRef().drop_front(9).str();
  if (auto sem = op.getSem())
    text += "." + ptx::stringifyEnum(*sem).str();
  if (auto scope = op.getScope())
    text += "." + ptx::stringifyEnum(*scope).str();
  return text;
}

/// PTX's form without a state space of an mbarrier instruction (`instr`
/// holds its modifiers): `instr.b64 d, [bar], rest...` as inline PTX, the
/// destination a register of `result` (`_` when null). LLVM would convert a
/// generic address to the shared window (cvta.to.shared) and write the
/// shared form, which is not the instruction the op names.
static Value genericMBarrierPTX(OpBuilder &b, Location loc, StringRef instr,
                                Type result, Value bar, ValueRange rest) {
  auto regOf = [](Type t) -> StringRef {
    return t.isInteger(1) ? "b" : t.isInteger(64) ? "l" : "r";
  };
  std::string text = (instr + ".b64 ").str();
  std::string constraints;
  unsigned next = 0;
  if (result) {
    text += "$0, ";
    constraints = ("=" + regOf(result) + ",").str();
    next = 1;
  } else {
    text += "_, ";
  }
  text += "[$" + std::to_string(next++) + "]";
  constraints += "l";
  for (Value v : rest) {
    text += ", $" + std::to_string(next++);
    constraints += ("," + regOf(v.getType())).str();
  }
  text += ";";
  SmallVector<Value> operands{castToAS(b, loc, bar, kGeneric)};
  llvm::append_range(operands, rest);
  return inlinePTX(b, loc, result ? TypeRange(result) : TypeRange(), operands,
                   text, constraints + ",~{memory}");
}

struct MBarrierInitLowering : PTXLowering<PTXMBarrierInitOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMBarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value bar = barrierAddr(rewriter, op.getLoc(), op.getBar(),
                            adaptor.getBar(), kShared);
    rewriter.replaceOpWithNewOp<NVVM::MBarrierInitOp>(
        op, TypeRange(), ValueRange{bar, adaptor.getCount()});
    return success();
  }
};

struct MBarrierInvalLowering : PTXLowering<PTXMBarrierInvalOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMBarrierInvalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value bar = barrierAddr(rewriter, op.getLoc(), op.getBar(),
                            adaptor.getBar(), kShared);
    rewriter.replaceOpWithNewOp<NVVM::MBarrierInvalOp>(op, TypeRange(),
                                                       ValueRange{bar});
    return success();
  }
};

/// arrive, arrive_drop, arrive.expect_tx, arrive_drop.expect_tx. With a
/// state result: the `state, [addr]` form on the executing CTA's barrier
/// (shared::cta); without one: the `_, [addr]` form on the shared::cluster
/// window, valid for a barrier in any CTA of the cluster.
template <typename OpT, typename NVVMOpT>
struct MBarrierArriveLowering : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool withState = static_cast<bool>(op.getState());
    bool generic = isGenericPtr(op.getBar());
    Type i64 = rewriter.getI64Type();
    if (generic) {
      SmallVector<Value> rest;
      if (Value count = adaptor.getCount())
        rest.push_back(count);
      Value state = genericMBarrierPTX(rewriter, loc, withSemScope(op),
                                       withState ? i64 : Type(),
                                       adaptor.getBar(), rest);
      if (withState)
        rewriter.replaceOp(op, state);
      else
        rewriter.eraseOp(op);
      return success();
    }
    Value bar = castToAS(rewriter, loc, adaptor.getBar(),
                         withState ? kShared : kSharedCluster);
    if constexpr (!OpT::kExpectTx) {
      // The plain state form also exists before sm_90: NVVM's op always
      // takes the scoped intrinsics (PTX ISA 8.0), LLVM's older ones not.
      if (withState && !op.getSem() && !op.getScope() && !op.getCount()) {
        StringRef name = std::is_same_v<OpT, PTXMBarrierArriveDropOp>
                             ? "llvm.nvvm.mbarrier.arrive.drop.shared"
                             : "llvm.nvvm.mbarrier.arrive.shared";
        rewriter.replaceOp(op, callIntrinsic(rewriter, loc, i64, name, bar));
        return success();
      }
    }
    SmallVector<Value> operands{bar};
    if (Value count = adaptor.getCount())
      operands.push_back(count);
    bool relaxed = op.getSem() && *op.getSem() == ptx::ArriveSem::Relaxed;
    NamedAttribute attrs[] = {
        named(rewriter, "scope",
              NVVM::MemScopeKindAttr::get(op.getContext(),
                                          memScope(op.getScope()))),
        named(rewriter, "relaxed", rewriter.getBoolAttr(relaxed))};
    TypeRange results;
    if (withState)
      results = TypeRange(i64);
    auto arrive = NVVMOpT::create(rewriter, loc, results, operands, attrs);
    rewriter.replaceOp(op, arrive->getResults());
    return success();
  }
};

/// arrive.noComplete / arrive_drop.noComplete.
template <typename OpT, typename NVVMOpT>
struct MBarrierNoCompleteLowering : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value bar = barrierAddr(rewriter, op.getLoc(), op.getBar(),
                            adaptor.getBar(), kShared);
    rewriter.replaceOpWithNewOp<NVVMOpT>(op,
                                         TypeRange(rewriter.getI64Type()),
                                         ValueRange{bar, adaptor.getCount()});
    return success();
  }
};

template <typename OpT, typename NVVMOpT>
struct MBarrierTxLowering : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isGenericPtr(op.getBar())) {
      // NVVM's ops take no generic address: PTX's form without a state
      // space, as inline PTX.
      StringRef scope = op.getScope() &&
                                *op.getScope() == ptx::ClusterScope::Cluster
                            ? "cluster"
                            : "cta";
      std::string text = (op->getName().getStringRef().drop_front(9) +
                          ".relaxed." + scope + ".b64 [$0], $1;")
                             .str();
      inlinePTX(rewriter, loc, TypeRange(),
                ValueRange{castToAS(rewriter, loc, adaptor.getBar(), kGeneric),
                           adaptor.getTx()},
                text, "l,r,~{memory}");
      rewriter.eraseOp(op);
      return success();
    }
    // No state: the shared::cluster form, for any CTA's barrier.
    Value bar = castToAS(rewriter, loc, adaptor.getBar(), kSharedCluster);
    NamedAttribute attrs[] = {named(
        rewriter, "scope",
        NVVM::MemScopeKindAttr::get(op.getContext(), memScope(op.getScope())))};
    rewriter.replaceOpWithNewOp<NVVMOpT>(
        op, TypeRange(), ValueRange{bar, adaptor.getTx()}, attrs);
    return success();
  }
};

/// test_wait(.parity) -> nvvm.mbarrier.test.wait; try_wait(.parity) ->
/// nvvm.mbarrier.try_wait (the phase forms take the i32 parity).
template <typename OpT, typename NVVMOpT, bool HasHint>
struct MBarrierWaitLowering : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands{adaptor.getBar(), adaptor.getOperands()[1]};
    if constexpr (HasHint)
      if (Value hint = adaptor.getSuspendHint())
        operands.push_back(hint);
    bool relaxed = op.getSem() && *op.getSem() == ptx::WaitSem::Relaxed;
    if (relaxed && failed(requirePTX(op, 86, "'relaxed' semantics")))
      return failure();
    if (isGenericPtr(op.getBar())) {
      rewriter.replaceOp(
          op, genericMBarrierPTX(rewriter, op.getLoc(), withSemScope(op),
                                 rewriter.getI1Type(), operands[0],
                                 ValueRange(operands).drop_front()));
      return success();
    }
    operands[0] = castToAS(rewriter, op.getLoc(), operands[0], kShared);
    NamedAttribute attrs[] = {
        named(rewriter, "scope",
              NVVM::MemScopeKindAttr::get(op.getContext(),
                                          memScope(op.getScope()))),
        named(rewriter, "relaxed", rewriter.getBoolAttr(relaxed))};
    rewriter.replaceOpWithNewOp<NVVMOpT>(op, TypeRange(rewriter.getI1Type()),
                                         operands, attrs);
    return success();
  }
};

struct MBarrierPendingCountLowering
    : PTXLowering<PTXMBarrierPendingCountOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMBarrierPendingCountOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                         rewriter.getI32Type(),
                                         "llvm.nvvm.mbarrier.pending.count",
                                         adaptor.getState()));
    return success();
  }
};

struct CpAsyncMBarrierArriveLowering
    : PTXLowering<PTXCpAsyncMBarrierArriveOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCpAsyncMBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value bar = barrierAddr(rewriter, op.getLoc(), op.getBar(),
                            adaptor.getBar(), kShared);
    NamedAttribute attrs[] = {
        named(rewriter, "noinc", rewriter.getBoolAttr(op.getNoinc()))};
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncMBarrierArriveOp>(
        op, TypeRange(), ValueRange{bar}, attrs);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

struct FenceLowering : PTXLowering<PTXFenceOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXFenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::FenceSem sem = op.getSem();
    ptx::MemScope scope = op.getScope();
    if (sem == ptx::FenceSem::SC && scope == ptx::MemScope::Cluster) {
      rewriter.replaceOpWithNewOp<NVVM::FenceScClusterOp>(op);
      return success();
    }
    if (sem == ptx::FenceSem::SC || sem == ptx::FenceSem::AcqRel) {
      // LLVM fences with NVPTX sync scopes select fence.{sc,acq_rel}.<scope>.
      StringRef syncscope;
      switch (scope) {
      case ptx::MemScope::CTA:
        syncscope = "block";
        break;
      case ptx::MemScope::Cluster:
        syncscope = "cluster";
        break;
      case ptx::MemScope::GPU:
        syncscope = "device";
        break;
      case ptx::MemScope::Sys:
        break;
      }
      auto ordering = sem == ptx::FenceSem::SC
                          ? LLVM::AtomicOrdering::seq_cst
                          : LLVM::AtomicOrdering::acq_rel;
      LLVM::FenceOp::create(rewriter, loc, ordering, syncscope);
      rewriter.eraseOp(op);
      return success();
    }
    // fence.acquire / fence.release (PTX ISA 8.6) have no NVVM op.
    if (failed(requirePTX(op, 86, "fence." + ptx::stringifyFenceSem(sem).str())))
      return failure();
    std::string text = ("fence." + ptx::stringifyFenceSem(sem) + "." +
                        ptx::stringifyMemScope(scope) + ";")
                           .str();
    inlinePTX(rewriter, loc, {}, {}, text, "~{memory}");
    rewriter.eraseOp(op);
    return success();
  }
};

struct FenceProxyAsyncLowering : PTXLowering<PTXFenceProxyAsyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXFenceProxyAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    NVVM::ProxyKind kind = NVVM::ProxyKind::async;
    NVVM::SharedSpaceAttr space;
    if (auto s = op.getSpace()) {
      switch (*s) {
      case ptx::ProxySpace::SharedCTA:
        kind = NVVM::ProxyKind::async_shared;
        space = NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta);
        break;
      case ptx::ProxySpace::SharedCluster:
        kind = NVVM::ProxyKind::async_shared;
        space =
            NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cluster);
        break;
      case ptx::ProxySpace::Global:
        kind = NVVM::ProxyKind::async_global;
        break;
      }
    }
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKindAttr::get(ctx, kind), space);
    return success();
  }
};

struct FenceProxyAliasLowering : PTXLowering<PTXFenceProxyAliasOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXFenceProxyAliasOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKindAttr::get(getContext(), NVVM::ProxyKind::alias),
        NVVM::SharedSpaceAttr());
    return success();
  }
};

using FenceMBarrierInitLowering = NullaryToNVVM<PTXFenceMBarrierInitOp, NVVM::FenceMbarrierInitOp>;

struct FenceProxyTensormapLowering : PTXLowering<PTXFenceProxyTensormapOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXFenceProxyTensormapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (failed(requirePTX(op, 83, "the tensormap proxy fence")))
      return failure();
    auto scope = NVVM::MemScopeKindAttr::get(getContext(),
                                             memScope(op.getScope()));
    if (op.getSem() == ptx::TensormapSem::Release) {
      rewriter.replaceOpWithNewOp<NVVM::FenceProxyReleaseOp>(
          op, TypeRange(), ValueRange(),
          ArrayRef<NamedAttribute>{named(rewriter, "scope", scope)});
      return success();
    }
    // A by-value tensormap parameter lives in the read-only parameter
    // space for the whole launch: nothing to acquire (and PTX's acquire
    // takes a generic address of global memory, never of a parameter).
    if (isa<TensorMapType>(op.getAddr().getType())) {
      rewriter.eraseOp(op);
      return success();
    }
    Value addr = castToAS(rewriter, loc, adaptor.getAddr(), kGeneric);
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyAcquireOp>(
        op, TypeRange(), ValueRange{addr, i32Const(rewriter, loc, 128)},
        ArrayRef<NamedAttribute>{named(rewriter, "scope", scope)});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

struct BarrierSyncLowering : PTXLowering<PTXBarrierSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarrierSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = adaptor.getId(), count = adaptor.getCount();
    if (op.getAligned()) {
      SmallVector<Value> operands;
      if (id)
        operands.push_back(id);
      if (count)
        operands.push_back(count);
      NamedAttribute attrs[] = {named(
          rewriter, "operandSegmentSizes",
          rewriter.getDenseI32ArrayAttr({id ? 1 : 0, count ? 1 : 0, 0}))};
      rewriter.replaceOpWithNewOp<NVVM::BarrierOp>(op, TypeRange(), operands,
                                                   attrs);
      return success();
    }
    if (!id)
      id = i32Const(rewriter, loc, 0);
    if (count)
      callIntrinsic(rewriter, loc, {}, "llvm.nvvm.barrier.cta.sync.count",
                    ValueRange{id, count});
    else
      callIntrinsic(rewriter, loc, {}, "llvm.nvvm.barrier.cta.sync.all", id);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierArriveLowering : PTXLowering<PTXBarrierArriveOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getAligned()) {
      rewriter.replaceOpWithNewOp<NVVM::BarrierArriveOp>(
          op, TypeRange(), ValueRange{adaptor.getId(), adaptor.getCount()});
      return success();
    }
    callIntrinsic(rewriter, op.getLoc(), {},
                  "llvm.nvvm.barrier.cta.arrive.count",
                  ValueRange{adaptor.getId(), adaptor.getCount()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierRedLowering : PTXLowering<PTXBarrierRedOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarrierRedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = adaptor.getId(), count = adaptor.getCount();
    Type i32 = rewriter.getI32Type();
    bool popc = op.getKind() == ptx::BarRedKind::Popc;
    Value result;
    if (op.getAligned() && !id && !count) {
      NVVM::BarrierReduction red = popc ? NVVM::BarrierReduction::POPC
                                   : op.getKind() == ptx::BarRedKind::And
                                       ? NVVM::BarrierReduction::AND
                                       : NVVM::BarrierReduction::OR;
      SmallVector<Value> operands;
      if (id)
        operands.push_back(id);
      if (count)
        operands.push_back(count);
      operands.push_back(boolToI32(rewriter, loc, adaptor.getPred()));
      NamedAttribute attrs[] = {
          named(rewriter, "operandSegmentSizes",
                rewriter.getDenseI32ArrayAttr(
                    {id ? 1 : 0, count ? 1 : 0, 1})),
          named(rewriter, "reductionOp",
                NVVM::BarrierReductionAttr::get(getContext(), red))};
      result = NVVM::BarrierOp::create(rewriter, loc, TypeRange(i32), operands,
                                       attrs)
                   .getResult(0);
    } else {
      // NVVM's barrier reduction is the aligned form on barrier 0 only.
      std::string barArgs = id ? (count ? "$2, $3" : "$2") : "0";
      std::string kind = stringifyEnum(op.getKind()).str();
      std::string aligned = op.getAligned() ? ".aligned" : "";
      std::string text =
          popc ? "{\n.reg .pred %p;\nsetp.ne.b32 %p, $1, 0;\nbarrier.red" +
                     aligned + ".popc.u32 $0, " + barArgs + ", %p;\n}"
               : "{\n.reg .pred %p, %q;\nsetp.ne.b32 %p, $1, 0;\nbarrier.red" +
                     aligned + "." + kind + ".pred %q, " + barArgs +
                     ", %p;\nselp.u32 $0, 1, 0, %q;\n}";
      SmallVector<Value> operands{boolToI32(rewriter, loc, adaptor.getPred())};
      std::string constraints = "=r,r";
      if (id) {
        operands.push_back(id);
        constraints += ",r";
      }
      if (count) {
        operands.push_back(count);
        constraints += ",r";
      }
      result = inlinePTX(rewriter, loc, i32, operands, text, constraints);
    }
    if (!popc)
      result = i32ToBool(rewriter, loc, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BarWarpSyncLowering : PTXLowering<PTXBarWarpSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarWarpSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::SyncWarpOp>(op, adaptor.getMask());
    return success();
  }
};

struct BarrierClusterArriveLowering
    : PTXLowering<PTXBarrierClusterArriveOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarrierClusterArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    UnitAttr aligned = op.getAligned() ? rewriter.getUnitAttr() : UnitAttr();
    if (op.getSem() && *op.getSem() == ptx::ArriveSem::Relaxed)
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveRelaxedOp>(op, aligned);
    else
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveOp>(op, aligned);
    return success();
  }
};

struct BarrierClusterWaitLowering : PTXLowering<PTXBarrierClusterWaitOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXBarrierClusterWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // barrier.cluster.wait has acquire semantics by default.
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(
        op, op.getAligned() ? rewriter.getUnitAttr() : UnitAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Warp level
//===----------------------------------------------------------------------===//

struct ElectSyncLowering : PTXLowering<PTXElectSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXElectSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    if (Value mask = adaptor.getMask())
      operands.push_back(mask);
    rewriter.replaceOpWithNewOp<NVVM::ElectSyncOp>(
        op, TypeRange(rewriter.getI1Type()), operands);
    return success();
  }
};

struct ShflSyncLowering : PTXLowering<PTXShflSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXShflSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::ShflKind kind;
    switch (op.getKind()) {
    case ptx::ShflKind::Up:
      kind = NVVM::ShflKind::up;
      break;
    case ptx::ShflKind::Down:
      kind = NVVM::ShflKind::down;
      break;
    case ptx::ShflKind::Bfly:
      kind = NVVM::ShflKind::bfly;
      break;
    case ptx::ShflKind::Idx:
      kind = NVVM::ShflKind::idx;
      break;
    }
    Type valType = adaptor.getVal().getType();
    bool withValid = static_cast<bool>(op.getValid());
    Type resType = valType;
    if (withValid)
      resType = LLVM::LLVMStructType::getLiteral(
          getContext(), {valType, rewriter.getI1Type()});
    SmallVector<NamedAttribute> attrs{
        named(rewriter, "kind", NVVM::ShflKindAttr::get(getContext(), kind))};
    if (withValid)
      attrs.push_back(
          named(rewriter, "return_value_and_is_valid", rewriter.getUnitAttr()));
    Value shfl = NVVM::ShflOp::create(
                     rewriter, loc, TypeRange(resType),
                     ValueRange{adaptor.getMask(), adaptor.getVal(),
                                adaptor.getOffset(), adaptor.getClamp()},
                     attrs)
                     .getResult();
    if (!withValid) {
      rewriter.replaceOp(op, shfl);
      return success();
    }
    Value v = LLVM::ExtractValueOp::create(rewriter, loc, shfl, 0);
    Value ok = LLVM::ExtractValueOp::create(rewriter, loc, shfl, 1);
    rewriter.replaceOp(op, ValueRange{v, ok});
    return success();
  }
};

struct VoteSyncLowering : PTXLowering<PTXVoteSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXVoteSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::VoteSyncKind kind;
    switch (op.getKind()) {
    case ptx::VoteKind::All:
      kind = NVVM::VoteSyncKind::all;
      break;
    case ptx::VoteKind::Any:
      kind = NVVM::VoteSyncKind::any;
      break;
    case ptx::VoteKind::Uni:
      kind = NVVM::VoteSyncKind::uni;
      break;
    case ptx::VoteKind::Ballot:
      kind = NVVM::VoteSyncKind::ballot;
      break;
    }
    NamedAttribute attrs[] = {named(
        rewriter, "kind", NVVM::VoteSyncKindAttr::get(getContext(), kind))};
    rewriter.replaceOpWithNewOp<NVVM::VoteSyncOp>(
        op, TypeRange(op.getType()),
        ValueRange{adaptor.getMask(), adaptor.getPred()}, attrs);
    return success();
  }
};

struct ReduxSyncLowering : PTXLowering<PTXReduxSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXReduxSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::ReduxKind kind;
    switch (op.getKind()) {
    case ptx::ReduxKind::Add:
      kind = NVVM::ReduxKind::ADD;
      break;
    case ptx::ReduxKind::Min:
      kind = NVVM::ReduxKind::MIN;
      break;
    case ptx::ReduxKind::Max:
      kind = NVVM::ReduxKind::MAX;
      break;
    case ptx::ReduxKind::UMin:
      kind = NVVM::ReduxKind::UMIN;
      break;
    case ptx::ReduxKind::UMax:
      kind = NVVM::ReduxKind::UMAX;
      break;
    case ptx::ReduxKind::And:
      kind = NVVM::ReduxKind::AND;
      break;
    case ptx::ReduxKind::Or:
      kind = NVVM::ReduxKind::OR;
      break;
    case ptx::ReduxKind::Xor:
      kind = NVVM::ReduxKind::XOR;
      break;
    case ptx::ReduxKind::FMin:
      kind = NVVM::ReduxKind::FMIN;
      break;
    case ptx::ReduxKind::FMax:
      kind = NVVM::ReduxKind::FMAX;
      break;
    }
    NamedAttribute attrs[] = {
        named(rewriter, "kind", NVVM::ReduxKindAttr::get(getContext(), kind)),
        named(rewriter, "abs", rewriter.getBoolAttr(op.getAbs())),
        named(rewriter, "nan", rewriter.getBoolAttr(op.getNan()))};
    rewriter.replaceOpWithNewOp<NVVM::ReduxOp>(
        op, TypeRange(adaptor.getVal().getType()),
        ValueRange{adaptor.getVal(), adaptor.getMask()}, attrs);
    return success();
  }
};

struct MatchSyncLowering : PTXLowering<PTXMatchSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMatchSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool all = op.getKind() == ptx::MatchKind::All;
    Type i32 = rewriter.getI32Type();
    Type resType = all ? Type(LLVM::LLVMStructType::getLiteral(
                             getContext(), {i32, rewriter.getI1Type()}))
                       : i32;
    NamedAttribute attrs[] = {named(
        rewriter, "kind",
        NVVM::MatchSyncKindAttr::get(getContext(),
                                     all ? NVVM::MatchSyncKind::all
                                         : NVVM::MatchSyncKind::any))};
    Value m = NVVM::MatchSyncOp::create(
                  rewriter, loc, TypeRange(resType),
                  ValueRange{adaptor.getMask(), adaptor.getVal()}, attrs)
                  .getResult();
    if (!all) {
      rewriter.replaceOp(op, m);
      return success();
    }
    SmallVector<Value> results{LLVM::ExtractValueOp::create(rewriter, loc, m, 0)};
    if (op.getPred())
      results.push_back(LLVM::ExtractValueOp::create(rewriter, loc, m, 1));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ActiveMaskLowering : PTXLowering<PTXActiveMaskOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXActiveMaskOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, callIntrinsic(rewriter, op.getLoc(),
                                         rewriter.getI32Type(),
                                         "llvm.nvvm.activemask", {}));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Launch and register control
//===----------------------------------------------------------------------===//

struct SetMaxNRegLowering : PTXLowering<PTXSetMaxNRegOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXSetMaxNRegOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto action = op.getAction() == ptx::RegAction::Inc
                      ? NVVM::SetMaxRegisterAction::increase
                      : NVVM::SetMaxRegisterAction::decrease;
    rewriter.replaceOpWithNewOp<NVVM::SetMaxRegisterOp>(
        op, rewriter.getI32IntegerAttr(op.getCount()),
        NVVM::SetMaxRegisterActionAttr::get(getContext(), action));
    return success();
  }
};

struct GridDepControlLowering : PTXLowering<PTXGridDepControlOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXGridDepControlOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kind = op.getKind() == ptx::GridDepKind::Wait
                    ? NVVM::GridDepActionKind::wait
                    : NVVM::GridDepActionKind::launch_dependents;
    rewriter.replaceOpWithNewOp<NVVM::GriddepcontrolOp>(
        op, NVVM::GridDepActionKindAttr::get(getContext(), kind));
    return success();
  }
};

struct CLCTryCancelLowering : PTXLowering<PTXCLCTryCancelOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCLCTryCancelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value resp = castToAS(rewriter, loc, adaptor.getResponse(), kShared);
    Value bar = castToAS(rewriter, loc, adaptor.getBar(), kShared);
    SmallVector<NamedAttribute> attrs;
    if (op.getMulticast())
      attrs.push_back(named(rewriter, "multicast", rewriter.getUnitAttr()));
    rewriter.replaceOpWithNewOp<NVVM::ClusterLaunchControlTryCancelOp>(
        op, TypeRange(), ValueRange{resp, bar}, attrs);
    return success();
  }
};

struct CLCQueryCancelLowering : PTXLowering<PTXCLCQueryCancelOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXCLCQueryCancelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::ClusterLaunchControlQueryType q;
    switch (op.getQuery()) {
    case ptx::CLCQuery::IsCanceled:
      q = NVVM::ClusterLaunchControlQueryType::IS_CANCELED;
      break;
    case ptx::CLCQuery::FirstCtaIdX:
      q = NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_X;
      break;
    case ptx::CLCQuery::FirstCtaIdY:
      q = NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_Y;
      break;
    case ptx::CLCQuery::FirstCtaIdZ:
      q = NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_Z;
      break;
    }
    NamedAttribute attrs[] = {named(
        rewriter, "query_type",
        NVVM::ClusterLaunchControlQueryTypeAttr::get(getContext(), q))};
    rewriter.replaceOpWithNewOp<NVVM::ClusterLaunchControlQueryCancelOp>(
        op, TypeRange(op.getType()), ValueRange{adaptor.getResponse()}, attrs);
    return success();
  }
};

struct NanosleepLowering : PTXLowering<PTXNanosleepOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXNanosleepOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::NanosleepOp>(op, TypeRange(),
                                                   ValueRange{adaptor.getNs()});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Special registers
//===----------------------------------------------------------------------===//

/// tirx.ptx.sreg.X -> nvvm.read.ptx.sreg.X.
template <typename OpT, typename NVVMOpT>
struct SRegLowering : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVMOpT>(op, TypeRange(op.getType()),
                                         ValueRange());
    return success();
  }
};

/// A special register NVVM has no op for: an intrinsic or a `mov`. Also
/// %gridid, which is 64 bits wide while LLVM 22 declares its intrinsic i32.
template <typename OpT>
struct SRegFallbackLowering : PTXLowering<OpT> {
  SRegFallbackLowering(const LLVMTypeConverter &converter, StringRef intrinsic,
                       StringRef reg)
      : PTXLowering<OpT>(converter), intrinsic(intrinsic), reg(reg) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value v;
    Location loc = op.getLoc();
    if (!intrinsic.empty())
      v = callIntrinsic(rewriter, loc, op.getType(), intrinsic, {});
    else if (op.getType().isInteger(1))
      v = i32ToBool(rewriter, loc,
                    inlinePTX(rewriter, loc, rewriter.getI32Type(), {},
                              "{\n.reg .pred %p;\nmov.pred %p, %" + reg +
                                  ";\nselp.u32 $0, 1, 0, %p;\n}",
                              "=r"));
    else if (op.getType().isInteger(64))
      v = inlinePTX(rewriter, loc, op.getType(), {},
                    "mov.u64 $0, %" + reg + ";", "=l");
    else
      v = inlinePTX(rewriter, loc, op.getType(), {},
                    "mov.u32 $0, %" + reg + ";", "=r");
    rewriter.replaceOp(op, v);
    return success();
  }
  std::string intrinsic, reg;
};

} // namespace

void ptxlower::populatePTXSyncPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<
      MapaLowering, GetCtaRankLowering, MBarrierInitLowering,
      MBarrierInvalLowering,
      MBarrierArriveLowering<PTXMBarrierArriveOp, NVVM::MBarrierArriveOp>,
      MBarrierArriveLowering<PTXMBarrierArriveDropOp,
                             NVVM::MBarrierArriveDropOp>,
      MBarrierArriveLowering<PTXMBarrierArriveExpectTxOp,
                             NVVM::MBarrierArriveExpectTxOp>,
      MBarrierArriveLowering<PTXMBarrierArriveDropExpectTxOp,
                             NVVM::MBarrierArriveDropExpectTxOp>,
      MBarrierNoCompleteLowering<PTXMBarrierArriveNoCompleteOp,
                                 NVVM::MBarrierArriveNocompleteOp>,
      MBarrierNoCompleteLowering<PTXMBarrierArriveDropNoCompleteOp,
                                 NVVM::MBarrierArriveDropNocompleteOp>,
      MBarrierTxLowering<PTXMBarrierExpectTxOp, NVVM::MBarrierExpectTxOp>,
      MBarrierTxLowering<PTXMBarrierCompleteTxOp, NVVM::MBarrierCompleteTxOp>,
      MBarrierWaitLowering<PTXMBarrierTestWaitOp, NVVM::MBarrierTestWaitOp,
                           false>,
      MBarrierWaitLowering<PTXMBarrierTestWaitParityOp,
                           NVVM::MBarrierTestWaitOp, false>,
      MBarrierWaitLowering<PTXMBarrierTryWaitOp, NVVM::MBarrierTryWaitOp, true>,
      MBarrierWaitLowering<PTXMBarrierTryWaitParityOp,
                           NVVM::MBarrierTryWaitOp, true>,
      MBarrierPendingCountLowering, CpAsyncMBarrierArriveLowering,
      FenceLowering, FenceProxyAsyncLowering, FenceProxyAliasLowering,
      FenceMBarrierInitLowering, FenceProxyTensormapLowering,
      BarrierSyncLowering, BarrierArriveLowering, BarrierRedLowering,
      BarWarpSyncLowering, BarrierClusterArriveLowering,
      BarrierClusterWaitLowering, ElectSyncLowering, ShflSyncLowering,
      VoteSyncLowering, ReduxSyncLowering, MatchSyncLowering,
      ActiveMaskLowering, SetMaxNRegLowering, GridDepControlLowering,
      CLCTryCancelLowering, CLCQueryCancelLowering, NanosleepLowering,
      SRegLowering<PTXSReg_clock_Op, NVVM::ClockOp>,
      SRegLowering<PTXSReg_clock64_Op, NVVM::Clock64Op>,
      SRegLowering<PTXSReg_globaltimer_Op, NVVM::GlobalTimerOp>,
      SRegLowering<PTXSReg_globaltimer_lo_Op, NVVM::GlobalTimerLoOp>,
      SRegLowering<PTXSReg_smid_Op, NVVM::SmIdOp>,
      SRegLowering<PTXSReg_nsmid_Op, NVVM::SmDimOp>,
      SRegLowering<PTXSReg_warpid_Op, NVVM::WarpIdOp>,
      SRegLowering<PTXSReg_nwarpid_Op, NVVM::WarpDimOp>,
      SRegLowering<PTXSReg_laneid_Op, NVVM::LaneIdOp>,
      SRegLowering<PTXSReg_lanemask_eq_Op, NVVM::LaneMaskEqOp>,
      SRegLowering<PTXSReg_lanemask_le_Op, NVVM::LaneMaskLeOp>,
      SRegLowering<PTXSReg_lanemask_lt_Op, NVVM::LaneMaskLtOp>,
      SRegLowering<PTXSReg_lanemask_ge_Op, NVVM::LaneMaskGeOp>,
      SRegLowering<PTXSReg_lanemask_gt_Op, NVVM::LaneMaskGtOp>,
      SRegLowering<PTXSReg_dynamic_smem_size_Op, NVVM::DynamicSmemSize>,
      SRegLowering<PTXSReg_total_smem_size_Op, NVVM::TotalSmemSize>,
      SRegLowering<PTXSReg_cluster_ctarank_Op, NVVM::ClusterId>,
      SRegLowering<PTXSReg_cluster_nctarank_Op, NVVM::ClusterDim>>(converter);
  patterns.add<SRegFallbackLowering<PTXSReg_globaltimer_hi_Op>>(
      converter, "", "globaltimer_hi");
  patterns.add<SRegFallbackLowering<PTXSReg_is_explicit_cluster_Op>>(
      converter, "", "is_explicit_cluster");
  patterns.add<SRegFallbackLowering<PTXSReg_gridid_Op>>(converter, "",
                                                        "gridid");
}

void mlir::tirx::populateTIRxPTXToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  populatePTXSyncPatterns(converter, patterns);
  populatePTXCopyPatterns(converter, patterns);
  populatePTXMMAPatterns(converter, patterns);
  populatePTXMemPatterns(converter, patterns);
  populatePTXTablePatterns(converter, patterns);
}
