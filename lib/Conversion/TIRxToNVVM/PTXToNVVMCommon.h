//===- PTXToNVVMCommon.h - Shared helpers of the PTX lowerings --*- C++ -*-===//
//
// Private to lib/Conversion/TIRxToNVVM: the base pattern and the helpers the
// tirx.ptx.* lowerings share (address-space casts, constants, inline PTX,
// intrinsic calls, the address forms of shared-memory operands).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_CONVERSION_TIRXTONVVM_PTXTONVVMCOMMON_H
#define TIRX_LIB_CONVERSION_TIRXTONVVM_PTXTONVVMCOMMON_H

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tirx::ptxlower {

/// NVPTX address spaces.
enum AS : unsigned {
  kGeneric = 0,
  kGlobal = 1,
  kShared = 3,
  kLocal = 5,
  kTMem = 6,
  kSharedCluster = 7,
};

/// Base of every tirx.ptx.* lowering.
template <typename OpT>
struct PTXLowering : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using Base = PTXLowering<OpT>;
};

/// A nullary tirx.ptx op (no operands, results or attributes) that is one
/// NVVM op of the same meaning.
template <typename OpT, typename NVVMOpT>
struct NullaryToNVVM : PTXLowering<OpT> {
  using PTXLowering<OpT>::PTXLowering;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVMOpT>(op);
    return success();
  }
};

/// `ptr` cast to address space `as` (an llvm.addrspacecast when it differs).
Value castToAS(OpBuilder &b, Location loc, Value ptr, unsigned as);

/// Whether a tirx pointer value is in the generic scope (PTX's forms without
/// a state space).
inline bool isGenericPtr(Value v) {
  return cast<PtrType>(v.getType()).getMemorySpace() == MemorySpace::Generic;
}

/// Constants.
Value i32Const(OpBuilder &b, Location loc, int64_t v);
Value i64Const(OpBuilder &b, Location loc, int64_t v);

/// `llvm.inline_asm has_side_effects` with the exact PTX `text` and
/// `constraints`; `results` may be empty (void) or one type.
Value inlinePTX(OpBuilder &b, Location loc, TypeRange results,
                ValueRange operands, StringRef text, StringRef constraints);

/// `llvm.call_intrinsic "name"(args)`; result is null for a void intrinsic.
Value callIntrinsic(OpBuilder &b, Location loc, Type result, StringRef name,
                    ValueRange args);

/// The value of an `i1` as PTX-friendly `i32` and back.
Value boolToI32(OpBuilder &b, Location loc, Value pred);
Value i32ToBool(OpBuilder &b, Location loc, Value v);

/// A shared-memory operand as an address of the shared::cluster window, typed
/// `ptr<3>`: NVVM types the `.shared::cluster` operands of some ops
/// (tcgen05.commit, the bulk copies' mbarriers) as shared pointers and emits
/// their bits as they are. `lowered` is a generic (`shared`/`shared.dyn`) or
/// shared::cluster (`shared.cluster`) pointer.
Value clusterAddressAsShared(OpBuilder &b, Location loc, Value lowered);

/// The PTX ISA version (times ten) the enclosing gpu.module's #nvvm.target
/// compiles for ("+ptxNN" features), or 0 when unknown. NVPTX aborts the
/// process on an intrinsic the PTX version cannot express, so forms newer
/// than the chip's default PTX check it and fail with a located error.
unsigned targetPTXVersion(Operation *op);
LogicalResult requirePTX(Operation *op, unsigned version, StringRef what);

NVVM::CTAGroupKind ctaGroup(std::optional<ptx::CTAGroup> g);

void populatePTXSyncPatterns(LLVMTypeConverter &converter,
                             RewritePatternSet &patterns);
void populatePTXCopyPatterns(LLVMTypeConverter &converter,
                             RewritePatternSet &patterns);
void populatePTXMMAPatterns(LLVMTypeConverter &converter,
                            RewritePatternSet &patterns);
void populatePTXMemPatterns(LLVMTypeConverter &converter,
                            RewritePatternSet &patterns);
/// The one inline-PTX pattern of every table-generated op (PTXTable.h).
void populatePTXTablePatterns(LLVMTypeConverter &converter,
                              RewritePatternSet &patterns);

} // namespace mlir::tirx::ptxlower

#endif // TIRX_LIB_CONVERSION_TIRXTONVVM_PTXTONVVMCOMMON_H
