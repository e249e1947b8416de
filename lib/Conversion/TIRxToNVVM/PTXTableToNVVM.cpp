//===- PTXTableToNVVM.cpp - The one lowering of the table-generated ops -*- C++ -*-===//
//
// Every TIRx_PTXTableOp lowers through this one pattern: the op's row of
// the variant table (PTXTable.h) gives the PTX instruction, `ptxOperands`
// gives the operand order, and the op becomes `llvm.inline_asm` with that
// exact text. No table-generated op has lowering code of its own.
//
// Operands. An integer or float operand is a register of its width (`b`
// for an `i1` predicate, `h`, `r`, `l`, `f`, `d`); an f16 or bf16 value
// rides a 16-bit `h` register (bitcast to i16 and back, as PTX keeps
// halves in .b16 registers); an `i8` (a .b8 register, which inline asm
// cannot bind: e2m1x2's operands) rides an `h` register and is staged
// through a `.reg .b8` declared in a block around the instruction
// (`cvt.u8.u16` in, `cvt.u16.u8` out); a type without a register (a
// vector) is a located error until a table op needs it. A `lit` operand is its literal. A
// `!tirx.ptr` operand is written `[addr]` in the
// address space of its scope (global, the executing CTA's shared window for
// shared/shared.dyn, shared::cluster, local, or generic; the shared windows
// as 32-bit registers), which must be the
// state space the row's instruction names; an integer attribute named by an
// `imm` operand is written as its value.
//===----------------------------------------------------------------------===//

#include "PTXToNVVMCommon.h"
#include "TIRx/Dialect/PTXTable.h"
#include "TIRx/Dialect/TIRxTypes.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptxlower;

namespace {

/// The NVPTX address space a pointer of scope `space` is addressed in.
unsigned addressSpaceOf(MemorySpace space) {
  switch (space) {
  case MemorySpace::Global:
    return kGlobal;
  case MemorySpace::Shared:
  case MemorySpace::SharedDyn:
    return kShared;
  case MemorySpace::SharedCluster:
    return kSharedCluster;
  case MemorySpace::Local:
    return kLocal;
  default:
    return kGeneric;
  }
}

/// The type an operand of `type` is passed to the asm as: f16 and bf16 in
/// a 16-bit integer register, everything else as it is.
Type registerTypeOf(Type type) {
  if (type.isF16() || type.isBF16() || type.isInteger(8))
    return IntegerType::get(type.getContext(), 16);
  return type;
}

/// The inline-asm register constraint of an LLVM scalar type, or "".
StringRef constraintOf(Type type) {
  type = registerTypeOf(type);
  if (isa<LLVM::LLVMPointerType>(type))
    return "l";
  if (type.isInteger(1))
    return "b";
  if (type.isInteger(16))
    return "h";
  if (type.isInteger(32))
    return "r";
  if (type.isInteger(64))
    return "l";
  if (type.isF32())
    return "f";
  if (type.isF64())
    return "d";
  return "";
}

struct PTXTableLowering : ConversionPattern {
  PTXTableLowering(const LLVMTypeConverter &converter,
                   const ptx_table::TableOp &table)
      : ConversionPattern(converter, table.name, /*benefit=*/1,
                          &converter.getContext()),
        table(table) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op->getLoc();
    const ptx_table::Row *row = ptx_table::lookupRow(op);
    if (!row)
      return op->emitOpError("cannot be lowered: no PTX variant has its "
                             "attributes and types");
    // Everything that can fail is checked before the first op is created.
    if (op->getNumResults() > 1)
      return op->emitOpError("cannot be lowered: the inline-PTX pattern "
                             "writes one result");
    for (const ptx_table::Operand &spec : table.operands) {
      Type type;
      if (spec.role == ptx_table::Role::Out) {
        type = getTypeConverter()->convertType(
            op->getResult(spec.index).getType());
      } else if (spec.role == ptx_table::Role::In) {
        auto [start, length] = table.operandRange(op, spec.index);
        if (length == 0 || isa<PtrType>(op->getOperand(start).getType()))
          continue;
        type = operands[start].getType();
      } else {
        Attribute raw = op->getAttr(spec.name);
        if (spec.role == ptx_table::Role::Imm && raw && !isa<IntegerAttr>(raw))
          return op->emitOpError("cannot be lowered: immediate '")
                 << spec.name << "' is not an integer attribute";
        continue;
      }
      if (!type || constraintOf(type).empty())
        return op->emitOpError("cannot be lowered: '")
               << spec.name << "' of type " << type
               << " has no PTX register form";
    }
    Type i32 = rewriter.getI32Type();
    SmallVector<std::string> outConstraints, inConstraints;
    SmallVector<Value> inputs;
    SmallVector<Type> outTypes, resultTypes;
    // The PTX operand text of each ptxOperands entry; `$N` placeholders are
    // renumbered once the number of asm results is known.
    struct Piece {
      enum Kind { OutReg, InReg, Text } kind;
      unsigned index;
      std::string text;
      bool address = false;
      bool byte = false; // an i8 staged through a .b8 register
    };
    SmallVector<Piece> pieces;
    for (const ptx_table::Operand &spec : table.operands) {
      if (spec.role == ptx_table::Role::Lit) {
        pieces.push_back({Piece::Text, 0, spec.name});
        continue;
      }
      if (spec.role == ptx_table::Role::Imm) {
        auto attr = op->getAttrOfType<IntegerAttr>(spec.name);
        if (!attr)
          continue; // an absent optional immediate
        pieces.push_back({Piece::Text, 0, std::to_string(attr.getInt())});
        continue;
      }
      if (spec.role == ptx_table::Role::Out) {
        Value result = op->getResult(spec.index);
        Type type = getTypeConverter()->convertType(result.getType());
        StringRef c = constraintOf(type);
        pieces.push_back({Piece::OutReg, (unsigned)outTypes.size(), "",
                          false, type.isInteger(8)});
        outTypes.push_back(registerTypeOf(type));
        resultTypes.push_back(type);
        outConstraints.push_back(("=" + c).str());
        continue;
      }
      auto [start, length] = table.operandRange(op, spec.index);
      if (length == 0)
        continue; // an absent optional operand
      Value original = op->getOperand(start);
      Value value = operands[start];
      bool address = false;
      if (auto ptr = dyn_cast<PtrType>(original.getType())) {
        unsigned as = addressSpaceOf(ptr.getMemorySpace());
        value = castToAS(rewriter, loc, value, as);
        // The shared windows are 32-bit addresses.
        if (as == kShared || as == kSharedCluster)
          value = LLVM::PtrToIntOp::create(rewriter, loc, i32, value);
        address = true;
      }
      StringRef c = constraintOf(value.getType());
      bool byte = value.getType().isInteger(8);
      if (byte)
        value = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(),
                                     value);
      else if (Type reg = registerTypeOf(value.getType());
               reg != value.getType())
        value = LLVM::BitcastOp::create(rewriter, loc, reg, value);
      pieces.push_back(
          {Piece::InReg, (unsigned)inputs.size(), "", address, byte});
      inputs.push_back(value);
      inConstraints.push_back(c.str());
    }
    // The asm text: `ptx a, b, ...;`, in a block that declares and moves
    // the staged .b8 registers when there are any.
    unsigned numOut = outTypes.size();
    std::string args, before, after;
    unsigned staged = 0;
    for (const Piece &piece : pieces) {
      std::string arg;
      if (piece.kind == Piece::Text) {
        arg = piece.text;
      } else {
        unsigned n = piece.kind == Piece::OutReg ? piece.index
                                                 : numOut + piece.index;
        std::string reg = "$" + std::to_string(n);
        if (piece.byte) {
          std::string b8 = "%tirx_b8_" + std::to_string(staged++);
          if (piece.kind == Piece::OutReg)
            after += " cvt.u16.u8 " + reg + ", " + b8 + ";";
          else
            before += " cvt.u8.u16 " + b8 + ", " + reg + ";";
          reg = b8;
        }
        arg = piece.address ? "[" + reg + "]" : reg;
      }
      args += (args.empty() ? " " : ", ") + arg;
    }
    std::string text = std::string(row->ptx) + args + ";";
    if (staged)
      text = "{ .reg .b8 %tirx_b8_<" + std::to_string(staged) + ">;" +
             before + " " + text + after + " }";
    std::string constraints;
    for (const std::string &c : outConstraints)
      constraints += (constraints.empty() ? "" : ",") + c;
    for (const std::string &c : inConstraints)
      constraints += (constraints.empty() ? "" : ",") + c;
    if (!isPure(op))
      constraints += std::string(constraints.empty() ? "" : ",") + "~{memory}";
    auto dialect = LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                             LLVM::AsmDialect::AD_ATT);
    Type resultType = outTypes.empty() ? Type() : outTypes.front();
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, loc, resultType ? TypeRange(resultType) : TypeRange(),
        inputs, text, constraints, /*has_side_effects=*/!isPure(op),
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        dialect, ArrayAttr());
    SmallVector<Value> results(asmOp->getResults());
    for (auto [result, type] : llvm::zip(results, resultTypes)) {
      if (result.getType() == type)
        continue;
      result = type.isInteger(8)
                   ? LLVM::TruncOp::create(rewriter, loc, type, result)
                         .getResult()
                   : LLVM::BitcastOp::create(rewriter, loc, type, result)
                         .getResult();
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  const ptx_table::TableOp &table;
};

} // namespace

void ptxlower::populatePTXTablePatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns) {
  for (const ptx_table::TableOp &table : ptx_table::tableOps())
    patterns.add<PTXTableLowering>(converter, table);
}
