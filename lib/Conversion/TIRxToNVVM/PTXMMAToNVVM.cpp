//===- PTXMMAToNVVM.cpp - tirx.ptx MMA and tcgen05 ops to NVVM --*- C++ -*-===//
//
// wgmma, mma.sync, ldmatrix/stmatrix and the tcgen05 family. TIRx carries
// register fragments as vectors; NVVM wants LLVM structs (and f16 pairs as
// vector<2xf16>), so the patterns split and rebuild them.
//
//===----------------------------------------------------------------------===//

#include "PTXToNVVMCommon.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptxlower;

/// The elements of a 1-D vector value.
static SmallVector<Value> unpack(OpBuilder &b, Location loc, Value vec) {
  auto type = cast<VectorType>(vec.getType());
  SmallVector<Value> out;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i)
    out.push_back(LLVM::ExtractElementOp::create(b, loc, vec,
                                                 i32Const(b, loc, i)));
  return out;
}

/// A 1-D vector of `type` from its elements.
static Value pack(OpBuilder &b, Location loc, VectorType type,
                  ArrayRef<Value> elements) {
  Value vec = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, e] : llvm::enumerate(elements))
    vec = LLVM::InsertElementOp::create(b, loc, vec, e, i32Const(b, loc, i));
  return vec;
}

/// Accumulator registers of a vector: f16 elements go in pairs
/// (vector<2xf16>), others one by one.
static SmallVector<Value> accRegs(OpBuilder &b, Location loc, Value vec) {
  auto type = cast<VectorType>(vec.getType());
  SmallVector<Value> elts = unpack(b, loc, vec);
  if (!type.getElementType().isF16())
    return elts;
  auto pairType = VectorType::get({2}, type.getElementType());
  SmallVector<Value> regs;
  for (size_t i = 0; i + 1 < elts.size(); i += 2)
    regs.push_back(pack(b, loc, pairType, {elts[i], elts[i + 1]}));
  return regs;
}

/// The vector of `type` from a struct of accumulator registers.
static Value accFromStruct(OpBuilder &b, Location loc, Value s,
                           VectorType type) {
  auto st = cast<LLVM::LLVMStructType>(s.getType());
  SmallVector<Value> elts;
  for (unsigned i = 0, e = st.getBody().size(); i < e; ++i) {
    Value field = LLVM::ExtractValueOp::create(b, loc, s, i);
    if (isa<VectorType>(field.getType()))
      llvm::append_range(elts, unpack(b, loc, field));
    else
      elts.push_back(field);
  }
  return pack(b, loc, type, elts);
}

static Value structOf(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  auto st = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value s = LLVM::UndefOp::create(b, loc, st);
  for (auto [i, v] : llvm::enumerate(values))
    s = LLVM::InsertValueOp::create(b, loc, s, v, i);
  return s;
}

static std::optional<NVVM::WGMMATypes> wgmmaType(ptx::MMAType t) {
  switch (t) {
  case ptx::MMAType::F16:
    return NVVM::WGMMATypes::f16;
  case ptx::MMAType::BF16:
    return NVVM::WGMMATypes::bf16;
  case ptx::MMAType::TF32:
    return NVVM::WGMMATypes::tf32;
  case ptx::MMAType::F32:
    return NVVM::WGMMATypes::f32;
  case ptx::MMAType::E4M3:
    return NVVM::WGMMATypes::e4m3;
  case ptx::MMAType::E5M2:
    return NVVM::WGMMATypes::e5m2;
  case ptx::MMAType::S8:
    return NVVM::WGMMATypes::s8;
  case ptx::MMAType::U8:
    return NVVM::WGMMATypes::u8;
  case ptx::MMAType::B1:
    return NVVM::WGMMATypes::b1;
  case ptx::MMAType::S32:
    return NVVM::WGMMATypes::s32;
  default:
    return std::nullopt;
  }
}

static std::optional<NVVM::MMATypes> mmaType(ptx::MMAType t) {
  switch (t) {
  case ptx::MMAType::F16:
    return NVVM::MMATypes::f16;
  case ptx::MMAType::BF16:
    return NVVM::MMATypes::bf16;
  case ptx::MMAType::TF32:
    return NVVM::MMATypes::tf32;
  case ptx::MMAType::F32:
    return NVVM::MMATypes::f32;
  case ptx::MMAType::F64:
    return NVVM::MMATypes::f64;
  case ptx::MMAType::E4M3:
    return NVVM::MMATypes::e4m3;
  case ptx::MMAType::E5M2:
    return NVVM::MMATypes::e5m2;
  case ptx::MMAType::S8:
    return NVVM::MMATypes::s8;
  case ptx::MMAType::U8:
    return NVVM::MMATypes::u8;
  case ptx::MMAType::S4:
    return NVVM::MMATypes::s4;
  case ptx::MMAType::U4:
    return NVVM::MMATypes::u4;
  case ptx::MMAType::B1:
    return NVVM::MMATypes::b1;
  case ptx::MMAType::S32:
    return NVVM::MMATypes::s32;
  }
  return std::nullopt;
}

static bool isIntMMA(ptx::MMAType t) {
  return t == ptx::MMAType::S8 || t == ptx::MMAType::U8 ||
         t == ptx::MMAType::S4 || t == ptx::MMAType::U4 ||
         t == ptx::MMAType::B1;
}

namespace {

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

using WGMMAFenceLowering = NullaryToNVVM<PTXWGMMAFenceOp, NVVM::WgmmaFenceAlignedOp>;

using WGMMACommitGroupLowering = NullaryToNVVM<PTXWGMMACommitGroupOp, NVVM::WgmmaGroupSyncAlignedOp>;

struct WGMMAWaitGroupLowering : PTXLowering<PTXWGMMAWaitGroupOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXWGMMAWaitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::WgmmaWaitGroupSyncOp>(op, op.getN());
    return success();
  }
};

struct WGMMAMmaAsyncLowering : PTXLowering<PTXWGMMAMmaAsyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXWGMMAMmaAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    ArrayRef<int32_t> shape = op.getShape();
    auto typeA = wgmmaType(op.getTypeA()), typeB = wgmmaType(op.getTypeB()),
         typeD = wgmmaType(op.getTypeD());
    if (shape.size() != 3 || !typeA || !typeB || !typeD)
      return op.emitOpError("cannot be lowered: unsupported wgmma shape or "
                            "element types");
    auto resType = cast<VectorType>(op.getType());
    bool rs = isa<VectorType>(op.getA().getType());
    bool floatIn = !isIntMMA(op.getTypeA());
    bool f16In = op.getTypeA() == ptx::MMAType::F16 ||
                 op.getTypeA() == ptx::MMAType::BF16;
    int scaleA = op.getScaleA() && *op.getScaleA() == ptx::WGMMAScale::Neg
                     ? -1
                     : 1;
    int scaleB = op.getScaleB() && *op.getScaleB() == ptx::WGMMAScale::Neg
                     ? -1
                     : 1;
    auto layoutA = op.getLayoutA().value_or(ptx::MMALayout::Row);
    auto layoutB = op.getLayoutB().value_or(ptx::MMALayout::Col);
    SmallVector<Value> regs = accRegs(rewriter, loc, adaptor.getD());

    // The SS form with a constant scale-d is nvvm.wgmma.mma_async, except
    // b1: LLVM 22 writes it without the required `.and.popc`, which ptxas
    // rejects.
    APInt scaleD;
    bool b1 = op.getTypeA() == ptx::MMAType::B1;
    if (!rs && !b1 && matchPattern(op.getScaleD(), m_ConstantInt(&scaleD))) {
      Value inouts = structOf(rewriter, loc, regs);
      std::optional<NVVM::MMAIntOverflow> sat;
      if (op.getTypeD() == ptx::MMAType::S32)
        sat = op.getSatfinite() ? NVVM::MMAIntOverflow::satfinite
                                : NVVM::MMAIntOverflow::wrapped;
      auto mma = NVVM::WgmmaMmaAsyncOp::create(
          rewriter, loc, inouts.getType(), inouts, adaptor.getA(),
          adaptor.getB(),
          NVVM::MMAShapeAttr::get(ctx, shape[0], shape[1], shape[2]),
          NVVM::WGMMATypesAttr::get(ctx, *typeA),
          NVVM::WGMMATypesAttr::get(ctx, *typeB),
          NVVM::WGMMATypesAttr::get(ctx, *typeD),
          NVVM::WGMMAScaleOutAttr::get(ctx, scaleD.isZero()
                                                ? NVVM::WGMMAScaleOut::zero
                                                : NVVM::WGMMAScaleOut::one),
          NVVM::WGMMAScaleInAttr::get(ctx, scaleA < 0
                                               ? NVVM::WGMMAScaleIn::neg
                                               : NVVM::WGMMAScaleIn::one),
          NVVM::WGMMAScaleInAttr::get(ctx, scaleB < 0
                                               ? NVVM::WGMMAScaleIn::neg
                                               : NVVM::WGMMAScaleIn::one),
          NVVM::MMALayoutAttr::get(ctx, layoutA == ptx::MMALayout::Row
                                            ? NVVM::MMALayout::row
                                            : NVVM::MMALayout::col),
          NVVM::MMALayoutAttr::get(ctx, layoutB == ptx::MMALayout::Row
                                            ? NVVM::MMALayout::row
                                            : NVVM::MMALayout::col),
          sat ? NVVM::MMAIntOverflowAttr::get(ctx, *sat)
              : NVVM::MMAIntOverflowAttr());
      rewriter.replaceOp(op,
                         accFromStruct(rewriter, loc, mma.getResult(), resType));
      return success();
    }

    // The RS form, a run-time scale-d or b1: NVVM's op takes none of them,
    // so the exact PTX goes through llvm.inline_asm.
    Type i32 = rewriter.getI32Type();
    bool f32Acc = resType.getElementType().isF32();
    unsigned n = regs.size();
    std::string text = "{\n.reg .pred %p;\n";
    std::string constraints;
    SmallVector<Type> outTypes;
    SmallVector<Value> operands;
    for (unsigned i = 0; i < n; ++i) {
      outTypes.push_back(f32Acc ? regs[i].getType() : i32);
      constraints += std::string(i ? "," : "") + (f32Acc ? "=f" : "=r");
    }
    unsigned next = n;
    // Tied accumulator inputs.
    for (unsigned i = 0; i < n; ++i) {
      Value r = regs[i];
      if (!f32Acc && r.getType() != i32)
        r = LLVM::BitcastOp::create(rewriter, loc, i32, r);
      operands.push_back(r);
      constraints += "," + std::to_string(i);
      ++next;
    }
    std::string dList = "{";
    for (unsigned i = 0; i < n; ++i)
      dList += (i ? ", $" : "$") + std::to_string(i);
    dList += "}";
    std::string aText;
    if (rs) {
      aText = "{";
      for (unsigned i = 0; i < 4; ++i) {
        operands.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, adaptor.getA(), i32Const(rewriter, loc, i)));
        constraints += ",r";
        aText += (i ? ", $" : "$") + std::to_string(next++);
      }
      aText += "}";
    } else {
      operands.push_back(adaptor.getA());
      constraints += ",l";
      aText = "$" + std::to_string(next++);
    }
    operands.push_back(adaptor.getB());
    constraints += ",l";
    std::string bText = "$" + std::to_string(next++);
    operands.push_back(boolToI32(rewriter, loc, adaptor.getScaleD()));
    constraints += ",r";
    text += "setp.ne.b32 %p, $" + std::to_string(next++) + ", 0;\n";
    std::string sat =
        op.getTypeD() == ptx::MMAType::S32 && op.getSatfinite() ? ".satfinite"
                                                                 : "";
    text += llvm::formatv("wgmma.mma_async.sync.aligned.m{0}n{1}k{2}{3}.{4}.{5}.{6} ",
                          shape[0], shape[1], shape[2], sat,
                          stringifyEnum(op.getTypeD()),
                          stringifyEnum(op.getTypeA()),
                          stringifyEnum(op.getTypeB()))
                .str();
    if (op.getTypeA() == ptx::MMAType::B1)
      text.insert(text.size() - 1, ".and.popc");
    text += dList + ", " + aText + ", " + bText + ", %p";
    if (floatIn) {
      text += ", " + std::to_string(scaleA) + ", " + std::to_string(scaleB);
      if (f16In) {
        if (!rs)
          text += std::string(", ") +
                  (layoutA == ptx::MMALayout::Col ? "1" : "0");
        text += std::string(", ") +
                (layoutB == ptx::MMALayout::Row ? "1" : "0");
      }
    }
    text += ";\n}";
    Value asmResult =
        inlinePTX(rewriter, loc, outTypes, operands, text, constraints);
    SmallVector<Value> outRegs;
    for (unsigned i = 0; i < n; ++i) {
      Value r = n == 1 ? asmResult
                       : LLVM::ExtractValueOp::create(rewriter, loc, asmResult,
                                                      i)
                             .getResult();
      if (r.getType() != regs[i].getType())
        r = LLVM::BitcastOp::create(rewriter, loc, regs[i].getType(), r);
      outRegs.push_back(r);
    }
    rewriter.replaceOp(
        op, accFromStruct(rewriter, loc, structOf(rewriter, loc, outRegs),
                          resType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// mma.sync, ldmatrix, stmatrix
//===----------------------------------------------------------------------===//

/// The FP8 mma.sync (NVVM's op has no e4m3/e5m2 form): the exact PTX.
static Value fp8MmaSync(PTXMmaSyncOp op, Value a, Value b, Value c,
                        OpBuilder &rewriter) {
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type();
  auto resType = cast<VectorType>(op.getType());
  bool f32Acc = resType.getElementType().isF32();
  SmallVector<Value> cRegs = accRegs(rewriter, loc, c);
  std::string constraints, dList, aList, bList, cList;
  SmallVector<Type> outTypes;
  SmallVector<Value> operands;
  unsigned next = 0;
  auto name = [&](std::string &list) {
    list += (list.empty() ? "$" : ", $") + std::to_string(next++);
  };
  for (size_t i = 0; i < cRegs.size(); ++i) {
    outTypes.push_back(f32Acc ? rewriter.getF32Type() : i32);
    constraints += std::string(i ? "," : "") + (f32Acc ? "=f" : "=r");
    name(dList);
  }
  for (auto [vec, list] : {std::pair<Value, std::string *>{a, &aList},
                           std::pair<Value, std::string *>{b, &bList}})
    for (Value r : unpack(rewriter, loc, vec)) {
      operands.push_back(r);
      constraints += ",r";
      name(*list);
    }
  for (Value r : cRegs) {
    if (!f32Acc)
      r = LLVM::BitcastOp::create(rewriter, loc, i32, r);
    operands.push_back(r);
    constraints += f32Acc ? ",f" : ",r";
    name(cList);
  }
  std::string acc = stringifyEnum(op.getTypeD()).str();
  std::string text = "mma.sync.aligned.m16n8k32.row.col." + acc + "." +
                     stringifyEnum(op.getTypeA()).str() + "." +
                     stringifyEnum(op.getTypeB()).str() + "." + acc + " {" +
                     dList + "}, {" + aList + "}, {" + bList + "}, {" + cList +
                     "};";
  Value res = inlinePTX(rewriter, loc, outTypes, operands, text, constraints);
  SmallVector<Value> regs;
  for (size_t i = 0; i < cRegs.size(); ++i) {
    Value r = LLVM::ExtractValueOp::create(rewriter, loc, res, i);
    if (!f32Acc)
      r = LLVM::BitcastOp::create(rewriter, loc, cRegs[i].getType(), r);
    regs.push_back(r);
  }
  return accFromStruct(rewriter, loc, structOf(rewriter, loc, regs), resType);
}

struct MmaSyncLowering : PTXLowering<PTXMmaSyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXMmaSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getTypeA() == ptx::MMAType::E4M3 ||
        op.getTypeA() == ptx::MMAType::E5M2) {
      rewriter.replaceOp(op, fp8MmaSync(op, adaptor.getA(), adaptor.getB(),
                                        adaptor.getC(), rewriter));
      return success();
    }
    ArrayRef<int32_t> shape = op.getShape();
    auto typeA = mmaType(op.getTypeA()), typeB = mmaType(op.getTypeB());
    if (shape.size() != 3 || !typeA || !typeB)
      return op.emitOpError("cannot be lowered: unsupported mma.sync shape");
    auto f16x2 = VectorType::get({2}, rewriter.getF16Type());
    auto fragment = [&](Value vec, ptx::MMAType t) {
      SmallVector<Value> regs = unpack(rewriter, loc, vec);
      if (t == ptx::MMAType::F16)
        for (Value &r : regs)
          r = LLVM::BitcastOp::create(rewriter, loc, f16x2, r);
      return regs;
    };
    SmallVector<Value> a = fragment(adaptor.getA(), op.getTypeA());
    SmallVector<Value> b = fragment(adaptor.getB(), op.getTypeB());
    SmallVector<Value> c = accRegs(rewriter, loc, adaptor.getC());
    SmallVector<Type> cTypes;
    for (Value v : c)
      cTypes.push_back(v.getType());
    auto resType = LLVM::LLVMStructType::getLiteral(getContext(), cTypes);
    std::optional<NVVM::MMAB1Op> b1;
    if (op.getTypeA() == ptx::MMAType::B1)
      b1 = NVVM::MMAB1Op::and_popc;
    std::optional<NVVM::MMAIntOverflow> sat;
    if (isIntMMA(op.getTypeA()) && op.getTypeA() != ptx::MMAType::B1)
      sat = op.getSatfinite() ? NVVM::MMAIntOverflow::satfinite
                              : NVVM::MMAIntOverflow::wrapped;
    auto layout = [](ptx::MMALayout l) {
      return l == ptx::MMALayout::Row ? NVVM::MMALayout::row
                                      : NVVM::MMALayout::col;
    };
    std::array<NVVM::MMALayout, 2> layouts = {
        layout(op.getLayoutA().value_or(ptx::MMALayout::Row)),
        layout(op.getLayoutB().value_or(ptx::MMALayout::Col))};
    std::array<NVVM::MMATypes, 2> types = {*typeA, *typeB};
    SmallVector<int64_t> shape64(shape.begin(), shape.end());
    auto mma = NVVM::MmaOp::create(rewriter, loc, resType, a, b, c, shape64,
                                   b1, sat, types, layouts);
    rewriter.replaceOp(op, accFromStruct(rewriter, loc, mma.getResult(),
                                         cast<VectorType>(op.getType())));
    return success();
  }
};

static NVVM::LdStMatrixShapeAttr matrixShape(MLIRContext *ctx,
                                             ptx::MatrixShape s) {
  switch (s) {
  case ptx::MatrixShape::M8N8:
    return NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8);
  case ptx::MatrixShape::M16N16:
    return NVVM::LdStMatrixShapeAttr::get(ctx, 16, 16);
  case ptx::MatrixShape::M8N16:
    return NVVM::LdStMatrixShapeAttr::get(ctx, 8, 16);
  case ptx::MatrixShape::M16N8:
    return NVVM::LdStMatrixShapeAttr::get(ctx, 16, 8);
  }
  return {};
}

static NVVM::LdStMatrixEltTypeAttr matrixElt(MLIRContext *ctx,
                                             ptx::MatrixElt e) {
  NVVM::LdStMatrixEltType t = NVVM::LdStMatrixEltType::B16;
  switch (e) {
  case ptx::MatrixElt::B16:
    t = NVVM::LdStMatrixEltType::B16;
    break;
  case ptx::MatrixElt::B8:
    t = NVVM::LdStMatrixEltType::B8;
    break;
  case ptx::MatrixElt::B8x16B6x16P32:
    t = NVVM::LdStMatrixEltType::B8X16_B6X16_P32;
    break;
  case ptx::MatrixElt::B8x16B4x16P64:
    t = NVVM::LdStMatrixEltType::B8X16_B4X16_P64;
    break;
  }
  return NVVM::LdStMatrixEltTypeAttr::get(ctx, t);
}

static int matrixNum(ptx::MatrixNum n) {
  return n == ptx::MatrixNum::X1 ? 1 : n == ptx::MatrixNum::X2 ? 2 : 4;
}

struct LdMatrixLowering : PTXLowering<PTXLdMatrixOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXLdMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto vecType = cast<VectorType>(op.getType());
    int64_t n = vecType.getNumElements();
    Type i32 = rewriter.getI32Type();
    Type resType = i32;
    if (n > 1)
      resType = LLVM::LLVMStructType::getLiteral(
          ctx, SmallVector<Type>(n, i32));
    Value ptr = castToAS(rewriter, loc, adaptor.getPtr(), kShared);
    NamedAttribute attrs[] = {
        rewriter.getNamedAttr("num", rewriter.getI32IntegerAttr(
                                         matrixNum(op.getNum()))),
        rewriter.getNamedAttr(
            "layout", NVVM::MMALayoutAttr::get(ctx, op.getTrans()
                                                        ? NVVM::MMALayout::col
                                                        : NVVM::MMALayout::row)),
        rewriter.getNamedAttr("shape", matrixShape(ctx, op.getShape())),
        rewriter.getNamedAttr("eltType", matrixElt(ctx, op.getElt()))};
    Value ld = NVVM::LdMatrixOp::create(rewriter, loc, TypeRange(resType),
                                        ValueRange{ptr}, attrs)
                   .getResult();
    SmallVector<Value> elts;
    if (n == 1)
      elts.push_back(ld);
    else
      for (int64_t i = 0; i < n; ++i)
        elts.push_back(LLVM::ExtractValueOp::create(rewriter, loc, ld, i));
    rewriter.replaceOp(op, pack(rewriter, loc, vecType, elts));
    return success();
  }
};

struct StMatrixLowering : PTXLowering<PTXStMatrixOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXStMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    Value ptr = castToAS(rewriter, loc, adaptor.getPtr(), kShared);
    SmallVector<Value> operands{ptr};
    llvm::append_range(operands, unpack(rewriter, loc, adaptor.getVals()));
    NamedAttribute attrs[] = {
        rewriter.getNamedAttr(
            "layout", NVVM::MMALayoutAttr::get(ctx, op.getTrans()
                                                        ? NVVM::MMALayout::col
                                                        : NVVM::MMALayout::row)),
        rewriter.getNamedAttr("shape", matrixShape(ctx, op.getShape())),
        rewriter.getNamedAttr("eltType", matrixElt(ctx, op.getElt()))};
    rewriter.replaceOpWithNewOp<NVVM::StMatrixOp>(op, TypeRange(), operands,
                                                  attrs);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tcgen05
//===----------------------------------------------------------------------===//

static NamedAttribute groupAttr(OpBuilder &b, StringRef name,
                                std::optional<ptx::CTAGroup> g) {
  return b.getNamedAttr(
      name, NVVM::CTAGroupKindAttr::get(b.getContext(), ctaGroup(g)));
}

static NVVM::Tcgen05MMAKind mmaKind(ptx::Tcgen05Kind k) {
  switch (k) {
  case ptx::Tcgen05Kind::F16:
    return NVVM::Tcgen05MMAKind::F16;
  case ptx::Tcgen05Kind::TF32:
    return NVVM::Tcgen05MMAKind::TF32;
  case ptx::Tcgen05Kind::F8F6F4:
    return NVVM::Tcgen05MMAKind::F8F6F4;
  case ptx::Tcgen05Kind::I8:
    return NVVM::Tcgen05MMAKind::I8;
  }
  return NVVM::Tcgen05MMAKind::F16;
}

static NVVM::Tcgen05LdStShape ldstShape(ptx::Tcgen05LdStShape s) {
  switch (s) {
  case ptx::Tcgen05LdStShape::S16x64b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X64B;
  case ptx::Tcgen05LdStShape::S16x128b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X128B;
  case ptx::Tcgen05LdStShape::S16x256b:
    return NVVM::Tcgen05LdStShape::SHAPE_16X256B;
  case ptx::Tcgen05LdStShape::S32x32b:
    return NVVM::Tcgen05LdStShape::SHAPE_32X32B;
  case ptx::Tcgen05LdStShape::S16x32bx2:
    return NVVM::Tcgen05LdStShape::SHAPE_16X32BX2;
  }
  return NVVM::Tcgen05LdStShape::SHAPE_32X32B;
}

struct Tcgen05AllocLowering : PTXLowering<PTXTcgen05AllocOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A generic slot stays generic: NVVM writes the form without a state
    // space for it, and `.shared::cta` for a ptr<3>.
    Value slot = isGenericPtr(op.getSlot())
                     ? adaptor.getSlot()
                     : castToAS(rewriter, op.getLoc(), adaptor.getSlot(),
                                kShared);
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05AllocOp>(
        op, TypeRange(), ValueRange{slot, adaptor.getNcols()},
        ArrayRef<NamedAttribute>{groupAttr(rewriter, "group", op.getCtaGroup())});
    return success();
  }
};

struct Tcgen05DeallocLowering : PTXLowering<PTXTcgen05DeallocOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05DeallocOp>(
        op, TypeRange(), ValueRange{adaptor.getTaddr(), adaptor.getNcols()},
        ArrayRef<NamedAttribute>{groupAttr(rewriter, "group", op.getCtaGroup())});
    return success();
  }
};

struct Tcgen05RelinquishLowering : PTXLowering<PTXTcgen05RelinquishOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05RelinquishOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05RelinquishAllocPermitOp>(
        op, TypeRange(), ValueRange(),
        ArrayRef<NamedAttribute>{groupAttr(rewriter, "group", op.getCtaGroup())});
    return success();
  }
};

struct Tcgen05MmaLowering : PTXLowering<PTXTcgen05MmaOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05MmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands{adaptor.getD(), adaptor.getA(), adaptor.getB(),
                                adaptor.getIdesc(), adaptor.getEnableInputD()};
    Value lanes = adaptor.getDisableOutputLane();
    if (lanes)
      operands.push_back(lanes);
    NamedAttribute attrs[] = {
        rewriter.getNamedAttr("operandSegmentSizes",
                              rewriter.getDenseI32ArrayAttr(
                                  {1, 1, 1, 1, 1, 0, lanes ? 1 : 0})),
        rewriter.getNamedAttr("kind", NVVM::Tcgen05MMAKindAttr::get(
                                          getContext(), mmaKind(op.getKind()))),
        groupAttr(rewriter, "ctaGroup", op.getCtaGroup())};
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05MMAOp>(op, TypeRange(), operands,
                                                    attrs);
    return success();
  }
};

struct Tcgen05MmaBlockScaleLowering
    : PTXLowering<PTXTcgen05MmaBlockScaleOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05MmaBlockScaleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::MMABlockScaleKind kind;
    // scale_vec::1X/2X name a 32-element block, 4X a 16-element one; the
    // kind's default (1X for mxf8f6f4, 2X for mxf4) prints no suffix.
    auto block = NVVM::Tcgen05MMABlockScale::DEFAULT;
    switch (op.getKind()) {
    case ptx::Tcgen05BlockScaleKind::MXF8F6F4:
      kind = NVVM::MMABlockScaleKind::MXF8F6F4;
      if (op.getScaleVec() != ptx::Tcgen05ScaleVec::X1)
        return op.emitOpError("cannot be lowered: mxf8f6f4 takes scale_vec_1x");
      break;
    case ptx::Tcgen05BlockScaleKind::MXF4:
      kind = NVVM::MMABlockScaleKind::MXF4;
      if (op.getScaleVec() != ptx::Tcgen05ScaleVec::X2)
        return op.emitOpError("cannot be lowered: mxf4 takes scale_vec_2x");
      break;
    case ptx::Tcgen05BlockScaleKind::MXF4NVF4:
      kind = NVVM::MMABlockScaleKind::MXF4NVF4;
      if (op.getScaleVec() == ptx::Tcgen05ScaleVec::X1)
        return op.emitOpError(
            "cannot be lowered: mxf4nvf4 takes scale_vec_2x or scale_vec_4x");
      block = op.getScaleVec() == ptx::Tcgen05ScaleVec::X4
                  ? NVVM::Tcgen05MMABlockScale::BLOCK16
                  : NVVM::Tcgen05MMABlockScale::BLOCK32;
      break;
    }
    NamedAttribute attrs[] = {
        rewriter.getNamedAttr("kind",
                              NVVM::MMABlockScaleKindAttr::get(getContext(), kind)),
        groupAttr(rewriter, "ctaGroup", op.getCtaGroup()),
        rewriter.getNamedAttr("blockScale", NVVM::Tcgen05MMABlockScaleAttr::get(
                                                getContext(), block))};
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05MMABlockScaleOp>(
        op, TypeRange(),
        ValueRange{adaptor.getD(), adaptor.getA(), adaptor.getB(),
                   adaptor.getIdesc(), adaptor.getEnableInputD(),
                   adaptor.getScaleA(), adaptor.getScaleB()},
        attrs);
    return success();
  }
};

struct Tcgen05MmaWsLowering : PTXLowering<PTXTcgen05MmaWsOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05MmaWsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands{adaptor.getD(), adaptor.getA(), adaptor.getB(),
                                adaptor.getIdesc(), adaptor.getEnableInputD()};
    if (Value mask = adaptor.getZeroColMask())
      operands.push_back(mask);
    NamedAttribute attrs[] = {rewriter.getNamedAttr(
        "kind",
        NVVM::Tcgen05MMAKindAttr::get(getContext(), mmaKind(op.getKind())))};
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05MMAWsOp>(op, TypeRange(), operands,
                                                      attrs);
    return success();
  }
};

struct Tcgen05LdLowering : PTXLowering<PTXTcgen05LdOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05LdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto vecType = cast<VectorType>(op.getType());
    int64_t n = vecType.getNumElements();
    Type i32 = rewriter.getI32Type();
    Type resType = n == 1 ? i32 : Type(VectorType::get({n}, i32));
    SmallVector<Value> operands{adaptor.getTaddr()};
    if (auto off = op.getOffset())
      operands.push_back(i64Const(rewriter, loc, *off));
    SmallVector<NamedAttribute> attrs{rewriter.getNamedAttr(
        "shape", NVVM::Tcgen05LdStShapeAttr::get(getContext(),
                                                 ldstShape(op.getShape())))};
    if (op.getPack())
      attrs.push_back(rewriter.getNamedAttr("pack", rewriter.getUnitAttr()));
    Value ld = NVVM::Tcgen05LdOp::create(rewriter, loc, TypeRange(resType),
                                         operands, attrs)
                   .getResult();
    if (n == 1)
      ld = pack(rewriter, loc, VectorType::get({1}, i32), {ld});
    if (!vecType.getElementType().isInteger(32))
      ld = LLVM::BitcastOp::create(rewriter, loc, vecType, ld);
    rewriter.replaceOp(op, ld);
    return success();
  }
};

struct Tcgen05StLowering : PTXLowering<PTXTcgen05StOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05StOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value vals = adaptor.getVals();
    auto vecType = cast<VectorType>(vals.getType());
    int64_t n = vecType.getNumElements();
    Type i32 = rewriter.getI32Type();
    if (!vecType.getElementType().isInteger(32))
      vals = LLVM::BitcastOp::create(rewriter, loc,
                                     VectorType::get({n}, i32), vals);
    if (n == 1)
      vals = LLVM::ExtractElementOp::create(rewriter, loc, vals,
                                            i32Const(rewriter, loc, 0));
    SmallVector<Value> operands{adaptor.getTaddr(), vals};
    if (auto off = op.getOffset())
      operands.push_back(i64Const(rewriter, loc, *off));
    SmallVector<NamedAttribute> attrs{rewriter.getNamedAttr(
        "shape", NVVM::Tcgen05LdStShapeAttr::get(getContext(),
                                                 ldstShape(op.getShape())))};
    if (op.getUnpack())
      attrs.push_back(rewriter.getNamedAttr("unpack", rewriter.getUnitAttr()));
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05StOp>(op, TypeRange(), operands,
                                                   attrs);
    return success();
  }
};

struct Tcgen05CpLowering : PTXLowering<PTXTcgen05CpOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05CpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *ctx = getContext();
    NVVM::Tcgen05CpShape shape;
    switch (op.getShape()) {
    case ptx::Tcgen05CpShape::S128x256b:
      shape = NVVM::Tcgen05CpShape::SHAPE_128x256b;
      break;
    case ptx::Tcgen05CpShape::S4x256b:
      shape = NVVM::Tcgen05CpShape::SHAPE_4x256b;
      break;
    case ptx::Tcgen05CpShape::S128x128b:
      shape = NVVM::Tcgen05CpShape::SHAPE_128x128b;
      break;
    case ptx::Tcgen05CpShape::S64x128b:
      shape = NVVM::Tcgen05CpShape::SHAPE_64x128b;
      break;
    case ptx::Tcgen05CpShape::S32x128b:
      shape = NVVM::Tcgen05CpShape::SHAPE_32x128b;
      break;
    }
    auto multicast = NVVM::Tcgen05CpMulticast::NONE;
    if (auto m = op.getMulticast()) {
      switch (*m) {
      case ptx::Tcgen05CpMulticast::Warpx2_02_13:
        multicast = NVVM::Tcgen05CpMulticast::WARPX2_02_13;
        break;
      case ptx::Tcgen05CpMulticast::Warpx2_01_23:
        multicast = NVVM::Tcgen05CpMulticast::WARPX2_01_23;
        break;
      case ptx::Tcgen05CpMulticast::Warpx4:
        multicast = NVVM::Tcgen05CpMulticast::WARPX4;
        break;
      }
    }
    SmallVector<NamedAttribute> attrs{
        rewriter.getNamedAttr("shape", NVVM::Tcgen05CpShapeAttr::get(ctx, shape)),
        groupAttr(rewriter, "group", op.getCtaGroup()),
        rewriter.getNamedAttr("multicast",
                              NVVM::Tcgen05CpMulticastAttr::get(ctx, multicast))};
    if (auto f = op.getSrcFmt())
      attrs.push_back(rewriter.getNamedAttr(
          "srcFormat",
          NVVM::Tcgen05CpSrcFormatAttr::get(
              ctx, *f == ptx::Tcgen05CpSrcFmt::B6x16P32
                       ? NVVM::Tcgen05CpSrcFormat::B6x16_P32
                       : NVVM::Tcgen05CpSrcFormat::B4x16_P64)));
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05CpOp>(
        op, TypeRange(), ValueRange{adaptor.getTaddr(), adaptor.getSdesc()},
        attrs);
    return success();
  }
};

struct Tcgen05ShiftLowering : PTXLowering<PTXTcgen05ShiftOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05ShiftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05ShiftOp>(
        op, TypeRange(), ValueRange{adaptor.getTaddr()},
        ArrayRef<NamedAttribute>{groupAttr(rewriter, "group", op.getCtaGroup())});
    return success();
  }
};

struct Tcgen05CommitLowering : PTXLowering<PTXTcgen05CommitOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05CommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // A generic barrier is the form without a state space, as inline PTX:
    // for a generic pointer LLVM 22 writes the `.shared::cluster` form with
    // the generic address in it (another address).
    if (isGenericPtr(op.getBar())) {
      std::string text = "tcgen05.commit.cta_group::";
      text += op.getCtaGroup() == ptx::CTAGroup::CTA2 ? "2" : "1";
      text += ".mbarrier::arrive::one";
      SmallVector<Value> operands{adaptor.getBar()};
      std::string constraints = "l";
      if (Value mask = adaptor.getMulticastMask()) {
        text += ".multicast::cluster.b64 [$0], $1;";
        operands.push_back(mask);
        constraints += ",h";
      } else {
        text += ".b64 [$0];";
      }
      inlinePTX(rewriter, loc, TypeRange(), operands, text,
                constraints + ",~{memory}");
      rewriter.eraseOp(op);
      return success();
    }
    // PTX's operand is a shared::cluster address (the executing CTA's
    // barrier or, with a shared.cluster pointer, a peer's); NVVM's
    // `.shared::cluster` form types it as ptr<3>.
    Value bar = clusterAddressAsShared(rewriter, loc, adaptor.getBar());
    SmallVector<Value> operands{bar};
    if (Value mask = adaptor.getMulticastMask())
      operands.push_back(mask);
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05CommitOp>(
        op, TypeRange(), operands,
        ArrayRef<NamedAttribute>{groupAttr(rewriter, "group", op.getCtaGroup())});
    return success();
  }
};

struct Tcgen05FenceLowering : PTXLowering<PTXTcgen05FenceOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05FenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kind = op.getKind() == ptx::Tcgen05FenceKind::Before
                    ? NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC
                    : NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC;
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05FenceOp>(
        op, NVVM::Tcgen05FenceKindAttr::get(getContext(), kind));
    return success();
  }
};

struct Tcgen05WaitLowering : PTXLowering<PTXTcgen05WaitOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXTcgen05WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kind = op.getKind() == ptx::Tcgen05WaitKind::Ld
                    ? NVVM::Tcgen05WaitKind::LOAD
                    : NVVM::Tcgen05WaitKind::STORE;
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05WaitOp>(
        op, NVVM::Tcgen05WaitKindAttr::get(getContext(), kind));
    return success();
  }
};

} // namespace

void ptxlower::populatePTXMMAPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<WGMMAFenceLowering, WGMMACommitGroupLowering,
               WGMMAWaitGroupLowering, WGMMAMmaAsyncLowering, MmaSyncLowering,
               LdMatrixLowering, StMatrixLowering, Tcgen05AllocLowering,
               Tcgen05DeallocLowering, Tcgen05RelinquishLowering,
               Tcgen05MmaLowering, Tcgen05MmaBlockScaleLowering,
               Tcgen05MmaWsLowering, Tcgen05LdLowering, Tcgen05StLowering,
               Tcgen05CpLowering, Tcgen05ShiftLowering, Tcgen05CommitLowering,
               Tcgen05FenceLowering, Tcgen05WaitLowering>(converter);
}
