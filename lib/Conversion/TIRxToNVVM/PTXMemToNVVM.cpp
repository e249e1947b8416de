//===- PTXMemToNVVM.cpp - tirx.ptx memory instructions to PTX --*- C++ -*-===//
//
// ld, st, atom, red, red.async and st.async. NVVM and LLVM have no
// operation for most of their modifiers (cache operators, eviction
// priorities, prefetch sizes, .nc, 256-bit vectors, .noftz, ...), so each
// becomes the exact PTX instruction in `llvm.inline_asm`; the instruction
// text is spelled from the modifiers' PTX tokens (generated from the op
// table, TIRxPTXLowering.inc).
//
//===----------------------------------------------------------------------===//

#include "PTXToNVVMCommon.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptxlower;

#include "TIRx/Dialect/TIRxPTXLowering.inc"

namespace {

/// Builds one inline-PTX instruction: its text, constraints and operands.
struct InlinePTX {
  OpBuilder &b;
  Location loc;
  std::string text;
  SmallVector<std::string> constraints;
  SmallVector<Value> operands;
  SmallVector<Type> results;
  unsigned next = 0;

  InlinePTX(OpBuilder &b, Location loc, StringRef mnemonic)
      : b(b), loc(loc), text(mnemonic.str()) {}

  /// `$i` for a new output of `type` with register constraint `c`.
  std::string out(Type type, char c) {
    results.push_back(type);
    constraints.push_back(std::string("=") + c);
    return "$" + std::to_string(next++);
  }
  /// `$i` for a new input.
  std::string in(Value v, char c) {
    operands.push_back(v);
    constraints.push_back(std::string(1, c));
    return "$" + std::to_string(next++);
  }

  /// Emits the instruction; returns its results (empty for none).
  SmallVector<Value> emit() {
    std::string all = llvm::join(constraints, ",");
    all += all.empty() ? "~{memory}" : ",~{memory}";
    Value r = inlinePTX(b, loc, results, operands, text + ";", all);
    SmallVector<Value> out;
    if (results.size() == 1)
      out.push_back(r);
    else
      for (unsigned i = 0; i < results.size(); ++i)
        out.push_back(LLVM::ExtractValueOp::create(b, loc, r, i));
    return out;
  }
};

/// The register of one element of a `bits`-wide PTX type, as an integer.
static char intConstraint(unsigned bits) {
  switch (bits) {
  case 8:
  case 16:
    return 'h';
  case 32:
    return 'r';
  case 64:
    return 'l';
  default:
    return 'q';
  }
}

static Type regType(OpBuilder &b, unsigned bits) {
  return b.getIntegerType(bits == 8 ? 16 : bits);
}

/// The integer registers holding `value` (a scalar or a vector) as `type`:
/// one per PTX register (two 16-bit elements per f16x2 register).
static SmallVector<Value> toRegisters(OpBuilder &b, Location loc, Value value,
                                      ptx::ValType type) {
  unsigned bits = ptx::getBitWidth(type), lanes = ptx::getLanes(type);
  SmallVector<Value> elts;
  if (auto vec = dyn_cast<VectorType>(value.getType())) {
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      elts.push_back(LLVM::ExtractElementOp::create(b, loc, value,
                                                    i32Const(b, loc, i)));
  } else {
    elts.push_back(value);
  }
  SmallVector<Value> regs;
  for (size_t i = 0; i < elts.size(); i += lanes) {
    Value reg;
    if (lanes == 2) {
      auto pairType = VectorType::get({2}, elts[i].getType());
      Value pair = LLVM::UndefOp::create(b, loc, pairType);
      pair = LLVM::InsertElementOp::create(b, loc, pair, elts[i],
                                           i32Const(b, loc, 0));
      pair = LLVM::InsertElementOp::create(b, loc, pair, elts[i + 1],
                                           i32Const(b, loc, 1));
      reg = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), pair);
    } else {
      reg = elts[i];
      if (!reg.getType().isInteger(bits))
        reg = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), reg);
    }
    if (bits == 8)
      reg = LLVM::ZExtOp::create(b, loc, b.getI16Type(), reg);
    regs.push_back(reg);
  }
  return regs;
}

/// The value of `type` (a scalar or a vector) from its integer registers.
static Value fromRegisters(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                           Type type, ptx::ValType ptxType) {
  unsigned bits = ptx::getBitWidth(ptxType), lanes = ptx::getLanes(ptxType);
  auto vec = dyn_cast<VectorType>(type);
  Type elt = vec ? vec.getElementType() : type;
  SmallVector<Value> elts;
  for (Value reg : regs) {
    if (bits == 8)
      reg = LLVM::TruncOp::create(b, loc, b.getI8Type(), reg);
    if (lanes == 2) {
      Value pair = LLVM::BitcastOp::create(b, loc, VectorType::get({2}, elt),
                                           reg);
      for (int i = 0; i < 2; ++i)
        elts.push_back(LLVM::ExtractElementOp::create(b, loc, pair,
                                                      i32Const(b, loc, i)));
      continue;
    }
    if (reg.getType() != elt)
      reg = LLVM::BitcastOp::create(b, loc, elt, reg);
    elts.push_back(reg);
  }
  if (!vec)
    return elts.front();
  Value out = LLVM::UndefOp::create(b, loc, vec);
  for (auto [i, e] : llvm::enumerate(elts))
    out = LLVM::InsertElementOp::create(b, loc, out, e,
                                        i32Const(b, loc, i));
  return out;
}

/// `{$a, $b, ...}` or `$a`.
static std::string group(ArrayRef<std::string> regs) {
  if (regs.size() == 1)
    return regs.front();
  return "{" + llvm::join(regs, ", ") + "}";
}

/// The address operand of a memory instruction in `space` (absent: generic
/// addressing): 32-bit for the shared windows, 64-bit otherwise.
static std::string address(InlinePTX &asmb, Value lowered,
                           std::optional<ptx::MemSpace> space) {
  OpBuilder &b = asmb.b;
  Location loc = asmb.loc;
  unsigned as = kGeneric;
  if (space) {
    switch (*space) {
    case ptx::MemSpace::Global:
      as = kGlobal;
      break;
    case ptx::MemSpace::SharedCTA:
      as = kShared;
      break;
    case ptx::MemSpace::SharedCluster:
      as = kSharedCluster;
      break;
    case ptx::MemSpace::Local:
      as = kLocal;
      break;
    }
  }
  Value ptr = castToAS(b, loc, lowered, as);
  bool narrow = as == kShared || as == kSharedCluster;
  Value bits = LLVM::PtrToIntOp::create(
      b, loc, narrow ? b.getI32Type() : b.getI64Type(), ptr);
  return "[" + asmb.in(bits, narrow ? 'r' : 'l') + "]";
}

/// The state-space token as PTX ISA 7.x spells it too: `.shared` for
/// shared::cta (`.shared::cta` needs PTX ISA 7.8).
static std::string spaceToken(std::optional<ptx::MemSpace> space) {
  if (!space)
    return "";
  if (*space == ptx::MemSpace::SharedCTA)
    return ".shared";
  return ptxToken(*space).str();
}

template <typename E>
static std::string token(std::optional<E> v) {
  return v ? ptxToken(*v).str() : "";
}

static std::string vecToken(size_t regs) {
  return regs > 1 ? ".v" + std::to_string(regs) : "";
}

static int64_t registerCount(Type value, ptx::ValType type) {
  auto vec = dyn_cast<VectorType>(value);
  return (vec ? vec.getNumElements() : 1) / ptx::getLanes(type);
}

//===----------------------------------------------------------------------===//
// ld / st
//===----------------------------------------------------------------------===//

struct LdLowering : PTXLowering<PTXLdOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXLdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::ValType type = op.getType();
    int64_t n = registerCount(op.getRes().getType(), type);
    unsigned bits = ptx::getBitWidth(type);
    InlinePTX asmb(rewriter, loc,
                   "ld" + token(op.getSem()) + token(op.getScope()) +
                       spaceToken(op.getSpace()) + token(op.getCop()) +
                       (op.getNc() ? ".nc" : "") + token(op.getL1Evict()) +
                       token(op.getL2Evict()) +
                       (op.getCacheHint() ? ".L2::cache_hint" : "") +
                       token(op.getPrefetch()) + vecToken(n) +
                       ptxToken(type).str());
    SmallVector<std::string> outs;
    for (int64_t i = 0; i < n; ++i)
      outs.push_back(asmb.out(regType(rewriter, bits), intConstraint(bits)));
    std::string addr = address(asmb, adaptor.getPtr(), op.getSpace());
    asmb.text += " " + group(outs) + ", " + addr;
    if (Value hint = adaptor.getCacheHint())
      asmb.text += ", " + asmb.in(hint, 'l');
    SmallVector<Value> regs = asmb.emit();
    rewriter.replaceOp(op, fromRegisters(rewriter, loc, regs,
                                         op.getRes().getType(), type));
    return success();
  }
};

struct StLowering : PTXLowering<PTXStOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXStOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::ValType type = op.getType();
    SmallVector<Value> regs =
        toRegisters(rewriter, loc, adaptor.getValue(), type);
    InlinePTX asmb(rewriter, loc,
                   "st" + token(op.getSem()) + token(op.getScope()) +
                       spaceToken(op.getSpace()) + token(op.getCop()) +
                       token(op.getL1Evict()) + token(op.getL2Evict()) +
                       (op.getCacheHint() ? ".L2::cache_hint" : "") +
                       vecToken(regs.size()) + ptxToken(type).str());
    std::string addr = address(asmb, adaptor.getPtr(), op.getSpace());
    SmallVector<std::string> ins;
    char c = intConstraint(ptx::getBitWidth(type));
    for (Value r : regs)
      ins.push_back(asmb.in(r, c));
    asmb.text += " " + addr + ", " + group(ins);
    if (Value hint = adaptor.getCacheHint())
      asmb.text += ", " + asmb.in(hint, 'l');
    asmb.emit();
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// atom / red
//===----------------------------------------------------------------------===//

static bool isHalf(ptx::ValType t) {
  return t == ptx::ValType::F16 || t == ptx::ValType::BF16 ||
         t == ptx::ValType::F16x2 || t == ptx::ValType::BF16x2;
}

/// `atom`/`red` up to the type: semantics, scope, space, operation, the
/// `.noftz` of the half types and the cache hint.
template <typename OpT>
static std::string atomicPrefix(StringRef mnemonic, OpT op, size_t regs) {
  return mnemonic.str() + token(op.getSem()) + token(op.getScope()) +
         spaceToken(op.getSpace()) + ptxToken(op.getOp()).str() +
         (isHalf(op.getType()) ? ".noftz" : "") +
         (op.getCacheHint() ? ".L2::cache_hint" : "") + vecToken(regs) +
         ptxToken(op.getType()).str();
}

struct AtomLowering : PTXLowering<PTXAtomOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXAtomOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::ValType type = op.getType();
    unsigned bits = ptx::getBitWidth(type);
    char c = intConstraint(bits);
    SmallVector<Value> vals =
        toRegisters(rewriter, loc, adaptor.getValue(), type);
    InlinePTX asmb(rewriter, loc, atomicPrefix("atom", op, vals.size()));
    SmallVector<std::string> outs, ins;
    for (size_t i = 0; i < vals.size(); ++i)
      outs.push_back(asmb.out(regType(rewriter, bits), c));
    std::string addr = address(asmb, adaptor.getPtr(), op.getSpace());
    asmb.text += " " + group(outs) + ", " + addr;
    if (Value cmp = adaptor.getCmp())
      for (Value r : toRegisters(rewriter, loc, cmp, type))
        asmb.text += ", " + asmb.in(r, c);
    for (Value r : vals)
      ins.push_back(asmb.in(r, c));
    asmb.text += ", " + group(ins);
    if (Value hint = adaptor.getCacheHint())
      asmb.text += ", " + asmb.in(hint, 'l');
    SmallVector<Value> regs = asmb.emit();
    rewriter.replaceOp(op, fromRegisters(rewriter, loc, regs,
                                         op.getRes().getType(), type));
    return success();
  }
};

struct RedLowering : PTXLowering<PTXRedOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXRedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::ValType type = op.getType();
    char c = intConstraint(ptx::getBitWidth(type));
    SmallVector<Value> vals =
        toRegisters(rewriter, loc, adaptor.getValue(), type);
    InlinePTX asmb(rewriter, loc, atomicPrefix("red", op, vals.size()));
    std::string addr = address(asmb, adaptor.getPtr(), op.getSpace());
    SmallVector<std::string> ins;
    for (Value r : vals)
      ins.push_back(asmb.in(r, c));
    asmb.text += " " + addr + ", " + group(ins);
    if (Value hint = adaptor.getCacheHint())
      asmb.text += ", " + asmb.in(hint, 'l');
    asmb.emit();
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// red.async / st.async
//===----------------------------------------------------------------------===//

/// The shared::cluster address of a `shared`/`shared.dyn` (generic) or
/// `shared.cluster` pointer, as a 32-bit register operand.
static std::string clusterAddress(InlinePTX &asmb, Value lowered) {
  Value ptr = castToAS(asmb.b, asmb.loc, lowered, kSharedCluster);
  Value bits =
      LLVM::PtrToIntOp::create(asmb.b, asmb.loc, asmb.b.getI32Type(), ptr);
  return "[" + asmb.in(bits, 'r') + "]";
}

struct RedAsyncLowering : PTXLowering<PTXRedAsyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXRedAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ptx::ValType type = op.getType();
    InlinePTX asmb(rewriter, op.getLoc(),
                   "red.async.relaxed.cluster.shared::cluster.mbarrier::"
                   "complete_tx::bytes" +
                       ptxToken(op.getOp()).str() + ptxToken(type).str());
    std::string addr = clusterAddress(asmb, adaptor.getPtr());
    std::string val =
        asmb.in(adaptor.getValue(), intConstraint(ptx::getBitWidth(type)));
    std::string bar = clusterAddress(asmb, adaptor.getBar());
    asmb.text += " " + addr + ", " + val + ", " + bar;
    asmb.emit();
    rewriter.eraseOp(op);
    return success();
  }
};

struct StAsyncLowering : PTXLowering<PTXStAsyncOp> {
  using Base::Base;
  LogicalResult
  matchAndRewrite(PTXStAsyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ptx::ValType type = op.getType();
    SmallVector<Value> regs =
        toRegisters(rewriter, loc, adaptor.getValue(), type);
    InlinePTX asmb(rewriter, loc,
                   "st.async.shared::cluster.mbarrier::complete_tx::bytes" +
                       vecToken(regs.size()) + ptxToken(type).str());
    std::string addr = clusterAddress(asmb, adaptor.getPtr());
    SmallVector<std::string> ins;
    char c = intConstraint(ptx::getBitWidth(type));
    for (Value r : regs)
      ins.push_back(asmb.in(r, c));
    std::string bar = clusterAddress(asmb, adaptor.getBar());
    asmb.text += " " + addr + ", " + group(ins) + ", " + bar;
    asmb.emit();
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void ptxlower::populatePTXMemPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<LdLowering, StLowering, AtomLowering, RedLowering,
               RedAsyncLowering, StAsyncLowering>(converter);
}
