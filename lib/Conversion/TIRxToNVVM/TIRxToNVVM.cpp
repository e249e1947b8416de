//===- TIRxToNVVM.cpp - TIRx to LLVM/NVVM -----------------------*- C++ -*-===//

#include "TIRx/Conversion/TIRxToNVVM/TIRxToNVVM.h"
#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_CONVERTTIRXTONVVMPASS
#include "TIRx/Conversion/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The address space a lowered pointer or buffer lives in. Local buffers
/// are `llvm.alloca`s, which NVPTX keeps in the generic space. `shared` and
/// `shared.dyn` values are generic addresses: a shared pointer may address a
/// peer CTA's shared memory (a mapped address reinterpreted as a pointer),
/// which no shared::cta address can hold; LLVM's address-space inference
/// turns accesses that provably hit the executing CTA's memory back into
/// `.shared` ones (docs/Design-notes.md, "Shared memory and the cluster").
static unsigned getLoweredAddressSpace(MemorySpace space) {
  return space == MemorySpace::Local || isSharedScope(space)
             ? 0
             : getNVPTXAddressSpace(space);
}
static unsigned getBufferAddressSpace(MemorySpace space) {
  return getLoweredAddressSpace(space);
}

void mlir::tirx::populateTIRxToLLVMTypeConversions(
    LLVMTypeConverter &converter) {
  converter.addConversion([](PtrType type) -> Type {
    return LLVM::LLVMPointerType::get(
        type.getContext(), getLoweredAddressSpace(type.getMemorySpace()));
  });
  converter.addConversion([](BufferType type) -> Type {
    return LLVM::LLVMPointerType::get(
        type.getContext(), getBufferAddressSpace(type.getMemorySpace()));
  });
  converter.addConversion([](TensorMapType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), 0);
  });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// Base for TIRx op lowerings: helpers for address arithmetic.
template <typename OpT>
struct TIRxLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Base = TIRxLowering<OpT>;

  Type convert(Type type) const {
    return this->getTypeConverter()->convertType(type);
  }
  Type indexType() const { return this->getTypeConverter()->getIndexType(); }

  Value constant(OpBuilder &b, Location loc, int64_t value) const {
    return LLVM::ConstantOp::create(b, loc, indexType(), value);
  }

  /// Sum of indices times static strides, in the converted index type.
  /// Fails (with a located error) on dynamic strides.
  FailureOr<Value> linearize(OpBuilder &b, Operation *op, BufferType type,
                             ValueRange indices) const {
    Location loc = op->getLoc();
    SmallVector<int64_t> strides = type.getStridesOrDefault();
    Value linear;
    for (auto [index, stride] : llvm::zip(indices, strides)) {
      if (ShapedType::isDynamic(stride)) {
        op->emitOpError("cannot be lowered: ")
            << type << " has a dynamic stride";
        return failure();
      }
      Value term = index;
      if (stride != 1)
        term = LLVM::MulOp::create(b, loc, index, constant(b, loc, stride));
      linear = linear ? LLVM::AddOp::create(b, loc, linear, term) : term;
    }
    if (!linear)
      linear = constant(b, loc, 0);
    return linear;
  }

  Value gep(OpBuilder &b, Location loc, Value base, Type elementType,
            Value offset) const {
    return LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                               ValueRange{offset});
  }

  /// The address of element `indices` of `buffer` (whose lowered pointer is
  /// `lowered`).
  FailureOr<Value> elementAddress(OpBuilder &b, Operation *op, Value buffer,
                                  Value lowered, ValueRange indices) const {
    auto type = cast<BufferType>(buffer.getType());
    FailureOr<Value> linear = linearize(b, op, type, indices);
    if (failed(linear))
      return failure();
    return gep(b, op->getLoc(), lowered, convert(type.getElementType()),
               *linear);
  }

  /// Casts `ptr` to the address space of `type` when they differ.
  Value castTo(OpBuilder &b, Location loc, Value ptr, Type type) const {
    if (ptr.getType() == type)
      return ptr;
    return LLVM::AddrSpaceCastOp::create(b, loc, type, ptr);
  }
};

/// Ops that lower to their (converted) first operand: a bind, a reshape.
template <typename OpT>
struct ForwardOperandLowering : TIRxLowering<OpT> {
  using TIRxLowering<OpT>::TIRxLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands().front());
    return success();
  }
};

/// The NVPTX address space whose addresses a 32-bit integer holds for a
/// pointer of `scope`: the shared::cta window for shared memory, the
/// shared::cluster window, tensor memory; 0 where a 32-bit integer is no
/// address.
static unsigned windowAddressSpace(MemorySpace scope) {
  if (isSharedScope(scope))
    return 3;
  if (scope == MemorySpace::SharedCluster || scope == MemorySpace::TMem)
    return getNVPTXAddressSpace(scope);
  return 0;
}

/// Integers and pointers (docs/Design-notes.md): a 64-bit integer is a
/// generic address, so a pointer of any scope in the generic address space
/// converts to and from one through `cvta`; a 32-bit integer is an address
/// in the scope's own window (shared::cta, shared::cluster, tmem).
struct ReinterpretLowering : TIRxLowering<ReinterpretOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(ReinterpretOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSource();
    Type dst = convert(op.getType());
    if (!dst)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    Location loc = op.getLoc();
    Type srcType = src.getType();
    MLIRContext *ctx = rewriter.getContext();
    auto ptrIn = [&](unsigned as) {
      return LLVM::LLVMPointerType::get(ctx, as);
    };
    Value result;
    bool srcPtr = isa<LLVM::LLVMPointerType>(srcType);
    bool dstPtr = isa<LLVM::LLVMPointerType>(dst);
    if (srcType == dst) {
      result = src;
    } else if (srcPtr && dstPtr) {
      result = LLVM::AddrSpaceCastOp::create(rewriter, loc, dst, src);
    } else if (dstPtr) {
      // Integer to pointer.
      auto scope = cast<PtrType>(op.getType()).getMemorySpace();
      unsigned window = windowAddressSpace(scope);
      if (srcType.getIntOrFloatBitWidth() <= 32 && window)
        result = LLVM::IntToPtrOp::create(rewriter, loc, ptrIn(window), src);
      else
        result = LLVM::IntToPtrOp::create(rewriter, loc, ptrIn(0), src);
      result = castTo(rewriter, loc, result, dst);
    } else if (srcPtr) {
      // Pointer to integer.
      auto scope = cast<PtrType>(op.getSource().getType()).getMemorySpace();
      unsigned window = windowAddressSpace(scope);
      Value ptr = src;
      if (dst.getIntOrFloatBitWidth() <= 32 && window)
        ptr = castTo(rewriter, loc, src, ptrIn(window));
      else if (scope != MemorySpace::TMem && scope != MemorySpace::Param)
        ptr = castTo(rewriter, loc, src, ptrIn(0));
      result = LLVM::PtrToIntOp::create(rewriter, loc, dst, ptr);
    } else {
      result = LLVM::BitcastOp::create(rewriter, loc, dst, src);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The symbol table a lowered global goes into: the GPU module or module.
static Operation *getGlobalScope(Operation *op) {
  return SymbolTable::getNearestSymbolTable(op->getParentOp());
}

static LLVM::GlobalOp getOrCreateDynSharedArena(OpBuilder &b, Operation *op) {
  Operation *scope = getGlobalScope(op);
  constexpr StringLiteral name = "__tirx_dyn_smem";
  if (auto existing = dyn_cast_or_null<LLVM::GlobalOp>(
          SymbolTable::lookupSymbolIn(scope, name)))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&scope->getRegion(0).front());
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  return LLVM::GlobalOp::create(b, op->getLoc(), arrayType,
                                /*isConstant=*/false, LLVM::Linkage::External,
                                name, Attribute(), /*alignment=*/1024,
                                /*addrSpace=*/3);
}

struct AllocBufferLowering : TIRxLowering<AllocBufferOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(AllocBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BufferType type = op.getType();
    Location loc = op.getLoc();
    Type elementType = convert(type.getElementType());
    auto ptrType = cast<LLVM::LLVMPointerType>(convert(type));
    if (!type.hasStaticShape())
      return op.emitOpError("cannot be lowered: dynamic allocation sizes "
                            "are not supported");
    int64_t count = type.getNumElementsStatic();
    int64_t elemBytes =
        llvm::divideCeil(getElementBitWidth(type.getElementType()), 8);
    uint64_t align = std::max<int64_t>(elemBytes, 16);
    if (auto a = op.getAlignment())
      align = std::max<uint64_t>(align, *a);

    switch (type.getMemorySpace()) {
    case MemorySpace::Local: {
      auto func = op->getParentOfType<FunctionOpInterface>();
      OpBuilder::InsertionGuard guard(rewriter);
      if (func && !func.getFunctionBody().empty())
        rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
      Value size = LLVM::ConstantOp::create(rewriter, loc,
                                            rewriter.getI64Type(), count);
      Value alloca = LLVM::AllocaOp::create(rewriter, loc, ptrType,
                                            elementType, size, align);
      rewriter.replaceOp(op, alloca);
      return success();
    }
    case MemorySpace::Shared: {
      Operation *scope = getGlobalScope(op);
      LLVM::GlobalOp global;
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(&scope->getRegion(0).front());
        auto arrayType = LLVM::LLVMArrayType::get(elementType, count);
        // A fresh name: one global per static shared allocation.
        std::string name = "__tirx_smem";
        for (unsigned i = 0; SymbolTable::lookupSymbolIn(scope, name); ++i)
          name = "__tirx_smem_" + std::to_string(i);
        global = LLVM::GlobalOp::create(
            rewriter, loc, arrayType, /*isConstant=*/false,
            LLVM::Linkage::Internal, name, Attribute(), align,
            /*addrSpace=*/3);
      }
      Value addr = LLVM::AddressOfOp::create(rewriter, loc, global);
      rewriter.replaceOp(op, castTo(rewriter, loc, addr, ptrType));
      return success();
    }
    case MemorySpace::SharedDyn: {
      auto offset = op->getAttrOfType<IntegerAttr>(kDynSharedOffsetAttrName);
      if (!offset)
        return op.emitOpError("has no dynamic shared memory offset; run "
                              "convert-tirx-to-gpu first");
      LLVM::GlobalOp arena = getOrCreateDynSharedArena(rewriter, op);
      Value base = LLVM::AddressOfOp::create(rewriter, loc, arena);
      Value ptr = gep(rewriter, loc, base, rewriter.getI8Type(),
                      constant(rewriter, loc, offset.getInt()));
      rewriter.replaceOp(op, castTo(rewriter, loc, ptr, ptrType));
      return success();
    }
    default:
      return op.emitOpError("cannot be lowered in scope '")
             << stringifyMemorySpace(type.getMemorySpace()) << "'";
    }
  }
};

struct DeclBufferLowering : TIRxLowering<DeclBufferOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(DeclBufferOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BufferType type = op.getType();
    Location loc = op.getLoc();
    Value ptr = castTo(rewriter, loc, adaptor.getData(), convert(type));
    if (Value bytes = adaptor.getByteOffset())
      ptr = gep(rewriter, loc, ptr, rewriter.getI8Type(), bytes);
    Value elements = adaptor.getElemOffset();
    int64_t offset = type.getOffsetOrDefault();
    if (!elements && offset != 0)
      elements = constant(rewriter, loc, offset);
    if (elements)
      ptr = gep(rewriter, loc, ptr, convert(type.getElementType()), elements);
    rewriter.replaceOp(op, ptr);
    return success();
  }
};

struct BufferSliceLowering : TIRxLowering<BufferSliceOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(BufferSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<BufferType>(op.getSource().getType());
    FailureOr<Value> linear =
        linearize(rewriter, op, type, adaptor.getOffsets());
    if (failed(linear))
      return failure();
    rewriter.replaceOp(op, gep(rewriter, op.getLoc(), adaptor.getSource(),
                               convert(type.getElementType()), *linear));
    return success();
  }
};

struct BufferDataLowering : TIRxLowering<BufferDataOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(BufferDataOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), adaptor.getBuffer(),
                                  convert(op.getType())));
    return success();
  }
};

/// Byte alignment assumed for an access of `type`: the access size, capped
/// at 16 bytes (the widest vector load).
static unsigned accessAlignment(Type type) {
  unsigned bytes = llvm::divideCeil(getElementBitWidth(type), 8);
  if (!llvm::isPowerOf2_32(bytes))
    return 0;
  return std::min(bytes, 16u);
}

struct BufferLoadLowering : TIRxLowering<BufferLoadOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(BufferLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> addr =
        elementAddress(rewriter, op, op.getBuffer(), adaptor.getBuffer(),
                       adaptor.getIndices());
    if (failed(addr))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, convert(op.getType()), *addr, accessAlignment(op.getType()));
    return success();
  }
};

struct BufferStoreLowering : TIRxLowering<BufferStoreOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(BufferStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> addr =
        elementAddress(rewriter, op, op.getBuffer(), adaptor.getBuffer(),
                       adaptor.getIndices());
    if (failed(addr))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
        op, adaptor.getValue(), *addr,
        accessAlignment(op.getValue().getType()));
    return success();
  }
};

struct PtrToLowering : TIRxLowering<PtrToOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PtrToOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> addr =
        elementAddress(rewriter, op, op.getBuffer(), adaptor.getBuffer(),
                       adaptor.getIndices());
    if (failed(addr))
      return failure();
    rewriter.replaceOp(
        op, castTo(rewriter, op.getLoc(), *addr, convert(op.getType())));
    return success();
  }
};

struct AccessPtrLowering : TIRxLowering<AccessPtrOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(AccessPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<BufferType>(op.getBuffer().getType());
    Location loc = op.getLoc();
    Value addr = gep(rewriter, loc, adaptor.getBuffer(),
                     convert(type.getElementType()), adaptor.getOffset());
    rewriter.replaceOp(op, castTo(rewriter, loc, addr, convert(op.getType())));
    return success();
  }
};

struct PtrByteOffsetLowering : TIRxLowering<PtrByteOffsetOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PtrByteOffsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, gep(rewriter, op.getLoc(), adaptor.getPtr(),
                               rewriter.getI8Type(), adaptor.getOffset()));
    return success();
  }
};

/// An empty inline asm with the value as an in-out register ("=r,0") and
/// a memory clobber: LLVM keeps the value in a register there and moves no
/// memory access across it; ptxas sees nothing.
struct RegisterBarrierLowering : TIRxLowering<RegisterBarrierOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(RegisterBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getValue().getType();
    StringRef reg;
    if (type.isInteger(32))
      reg = "=r,0,~{memory}";
    else if (type.isInteger(64))
      reg = "=l,0,~{memory}";
    else if (type.isF32())
      reg = "=f,0,~{memory}";
    else if (type.isF64())
      reg = "=d,0,~{memory}";
    else
      return rewriter.notifyMatchFailure(op, "no register class");
    auto dialect = LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                             LLVM::AsmDialect::AD_ATT);
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, op.getLoc(), TypeRange(type), adaptor.getValue(), "", reg,
        /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None, dialect, ArrayAttr());
    rewriter.replaceOp(op, asmOp.getResult(0));
    return success();
  }
};

} // namespace

void mlir::tirx::populateTIRxToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ForwardOperandLowering<BindOp>,
               ForwardOperandLowering<BufferReshapeOp>, ReinterpretLowering,
               AllocBufferLowering, DeclBufferLowering, BufferSliceLowering,
               BufferDataLowering, BufferLoadLowering, BufferStoreLowering,
               PtrToLowering, AccessPtrLowering, PtrByteOffsetLowering,
               RegisterBarrierLowering>(
      converter);
}

//===----------------------------------------------------------------------===//
// ConvertToLLVMPatternInterface
//===----------------------------------------------------------------------===//

namespace {
struct TIRxToLLVMInterface : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;
  void loadDependentDialects(MLIRContext *context) const final {
    context->loadDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  }
  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    target.addIllegalDialect<TIRxDialect>();
    populateTIRxToLLVMTypeConversions(converter);
    populateTIRxToNVVMConversionPatterns(converter, patterns);
    populateTIRxPTXToNVVMConversionPatterns(converter, patterns);
  }
};
} // namespace

void mlir::tirx::registerConvertTIRxToNVVMInterface(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, TIRxDialect *dialect) {
    dialect->addInterfaces<TIRxToLLVMInterface>();
  });
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
/// `math.sqrt` on f32/f64 is IEEE-exact (`sqrt.rn`), as CUDA's sqrtf is
/// without fast-math: libdevice's __nv_sqrtf would follow its
/// __CUDA_PREC_SQRT reflection, which nothing sets, and select
/// `sqrt.approx.f32`. `llvm.sqrt` (through llvm.call_intrinsic, since
/// convert-gpu-to-nvvm rejects llvm.intr.sqrt) selects `sqrt.rn`.
struct PreciseSqrtLowering : ConvertOpToLLVMPattern<math::SqrtOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::SqrtOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!type.isF32() && !type.isF64())
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, type,
        rewriter.getStringAttr(type.isF32() ? "llvm.sqrt.f32"
                                            : "llvm.sqrt.f64"),
        adaptor.getOperand());
    return success();
  }
};

/// `math.exp2` on f32 with the `afn` fast-math flag (`T.exp2(x,
/// fast=True)`) is one `ex2.approx.ftz.f32`, the form softmax kernels use:
/// libdevice's exp2f is `ex2.approx.f32` without `.ftz` unless the whole
/// module flushes subnormals.
struct FastExp2Lowering : ConvertOpToLLVMPattern<math::Exp2Op> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::Exp2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32() ||
        !bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::afn))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, op.getType(), rewriter.getStringAttr("llvm.nvvm.ex2.approx.ftz.f32"),
        adaptor.getOperand());
    return success();
  }
};

struct ConvertTIRxToNVVMPass
    : tirx::impl::ConvertTIRxToNVVMPassBase<ConvertTIRxToNVVMPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    populateTIRxToLLVMTypeConversions(converter);
    RewritePatternSet patterns(ctx);
    populateTIRxToNVVMConversionPatterns(converter, patterns);
    populateTIRxPTXToNVVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    target.addIllegalDialect<TIRxDialect>();
    // Math ops whose LLVM intrinsic convert-gpu-to-nvvm keeps become
    // intrinsics here. The others (absf, sqrt, floor, ceil, roundeven,
    // copysign, exp, log, sin, ...) stay for convert-gpu-to-nvvm, which
    // calls libdevice (linked and inlined at serialization, so absf is one
    // `abs.f32`): it marks their LLVM intrinsics illegal.
    target.addLegalDialect<math::MathDialect>();
    target.addIllegalOp<math::FmaOp, math::AbsIOp, math::TruncOp,
                        math::CtPopOp, math::CountLeadingZerosOp>();
    patterns.add<PreciseSqrtLowering, FastExp2Lowering>(converter,
                                                        /*benefit=*/2);
    target.addDynamicallyLegalOp<math::Exp2Op>([](math::Exp2Op op) {
      return !op.getType().isF32() ||
             !bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::afn);
    });
    target.addDynamicallyLegalOp<math::SqrtOp>([](math::SqrtOp op) {
      return !op.getType().isF32() && !op.getType().isF64();
    });
    target.addLegalDialect<NVVM::NVVMDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
