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
// (`cvt.u8.u16` in, `cvt.u16.u8` out). A vector operand or result is a
// braced group of its elements' registers (`{$1, $2}`); a result marked
// `pipe` shares the previous result's operand (`$0|$1`, setp's `p|q`);
// several outputs are the fields of the asm's struct result. A type
// without a register is a located error. A `lit` operand is its literal. A
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

/// The element type and count of an operand or result: a vector is a
/// braced group of its elements' registers, anything else one register.
std::pair<Type, unsigned> registersOf(Type type) {
  if (auto vt = dyn_cast<VectorType>(type))
    if (vt.getRank() == 1 && !vt.isScalable())
      return {vt.getElementType(), (unsigned)vt.getNumElements()};
  return {type, 1};
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
    for (const ptx_table::Operand &spec : table.operands) {
      Type type;
      if (spec.role == ptx_table::Role::Out) {
        type = op->getResult(spec.index).getType();
      } else if (spec.role == ptx_table::Role::In) {
        auto [start, length] = table.operandRange(op, spec.index);
        if (length == 0 || isa<PtrType>(op->getOperand(start).getType()))
          continue;
        type = op->getOperand(start).getType();
      } else {
        Attribute raw = op->getAttr(spec.name);
        if (spec.role == ptx_table::Role::Imm && raw && !isa<IntegerAttr>(raw))
          return op->emitOpError("cannot be lowered: immediate '")
                 << spec.name << "' is not an integer attribute";
        continue;
      }
      Type element = type ? registersOf(type).first : Type();
      if (element)
        element = getTypeConverter()->convertType(element);
      if (!element || constraintOf(element).empty())
        return op->emitOpError("cannot be lowered: '")
               << spec.name << "' of type " << type
               << " has no PTX register form";
    }
    Type i32 = rewriter.getI32Type();
    SmallVector<std::string> outConstraints, inConstraints;
    SmallVector<Value> inputs;
    SmallVector<Type> outTypes;
    // One register of the asm: an output (its index among the outputs) or
    // an input (among the inputs); `byte` when it is an i8 staged through
    // a .b8 register.
    struct Reg {
      bool out;
      unsigned index;
      bool byte;
    };
    // One PTX operand: literal text, an address, a register, a braced
    // group of registers, or two registers joined by `|`.
    struct Piece {
      std::string text; // a literal or immediate, when `regs` is empty
      SmallVector<Reg> regs;
      bool address = false, group = false, pipe = false;
    };
    SmallVector<Piece> pieces;
    // Where each ODS result comes from: its first output and its count (a
    // vector's elements are consecutive outputs).
    struct ResultRegs {
      unsigned first = 0, count = 0;
      Type type;
    };
    SmallVector<ResultRegs> resultRegs(op->getNumResults());
    auto addOutput = [&](Type element) {
      bool byte = element.isInteger(8);
      outConstraints.push_back(("=" + constraintOf(element)).str());
      outTypes.push_back(registerTypeOf(element));
      return Reg{true, (unsigned)outTypes.size() - 1, byte};
    };
    auto addInput = [&](Value value) {
      bool byte = value.getType().isInteger(8);
      StringRef c = constraintOf(value.getType());
      if (byte)
        value = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(),
                                     value);
      else if (Type reg = registerTypeOf(value.getType());
               reg != value.getType())
        value = LLVM::BitcastOp::create(rewriter, loc, reg, value);
      inputs.push_back(value);
      inConstraints.push_back(c.str());
      return Reg{false, (unsigned)inputs.size() - 1, byte};
    };
    for (const ptx_table::Operand &spec : table.operands) {
      if (spec.role == ptx_table::Role::Lit) {
        pieces.push_back({spec.name});
        continue;
      }
      if (spec.role == ptx_table::Role::Imm) {
        auto attr = op->getAttrOfType<IntegerAttr>(spec.name);
        if (!attr)
          continue; // an absent optional immediate
        pieces.push_back({std::to_string(attr.getInt())});
        continue;
      }
      if (spec.role == ptx_table::Role::Out) {
        Type type = op->getResult(spec.index).getType();
        auto [element, count] = registersOf(type);
        element = getTypeConverter()->convertType(element);
        Piece piece;
        piece.group = isa<VectorType>(type);
        ResultRegs &rr = resultRegs[spec.index];
        rr.first = outTypes.size();
        rr.count = count;
        rr.type = getTypeConverter()->convertType(type);
        for (unsigned i = 0; i < count; ++i)
          piece.regs.push_back(addOutput(element));
        if (spec.pipe && !pieces.empty() && !pieces.back().regs.empty()) {
          pieces.back().pipe = true;
          pieces.back().regs.append(piece.regs);
        } else {
          pieces.push_back(std::move(piece));
        }
        continue;
      }
      auto [start, length] = table.operandRange(op, spec.index);
      if (length == 0)
        continue; // an absent optional operand
      Value original = op->getOperand(start);
      Value value = operands[start];
      Piece piece;
      if (auto ptr = dyn_cast<PtrType>(original.getType())) {
        unsigned as = addressSpaceOf(ptr.getMemorySpace());
        value = castToAS(rewriter, loc, value, as);
        // The shared windows are 32-bit addresses.
        if (as == kShared || as == kSharedCluster)
          value = LLVM::PtrToIntOp::create(rewriter, loc, i32, value);
        piece.address = true;
        piece.regs.push_back(addInput(value));
      } else if (auto vt = dyn_cast<VectorType>(original.getType())) {
        piece.group = true;
        for (int64_t i = 0; i < vt.getNumElements(); ++i) {
          Value index = LLVM::ConstantOp::create(rewriter, loc, i32,
                                                 rewriter.getI32IntegerAttr(i));
          piece.regs.push_back(addInput(
              LLVM::ExtractElementOp::create(rewriter, loc, value, index)));
        }
      } else {
        piece.regs.push_back(addInput(value));
      }
      pieces.push_back(std::move(piece));
    }
    // The asm text: `ptx a, b, ...;`, in a block that declares and moves
    // the staged .b8 registers when there are any.
    unsigned numOut = outTypes.size();
    std::string args, before, after;
    unsigned staged = 0;
    auto regText = [&](const Reg &r) {
      std::string reg =
          "$" + std::to_string(r.out ? r.index : numOut + r.index);
      if (!r.byte)
        return reg;
      std::string b8 = "%tirx_b8_" + std::to_string(staged++);
      if (r.out)
        after += " cvt.u16.u8 " + reg + ", " + b8 + ";";
      else
        before += " cvt.u8.u16 " + b8 + ", " + reg + ";";
      return b8;
    };
    for (const Piece &piece : pieces) {
      std::string arg = piece.text;
      if (!piece.regs.empty()) {
        SmallVector<std::string> regs;
        for (const Reg &r : piece.regs)
          regs.push_back(regText(r));
        arg = llvm::join(regs, piece.pipe ? "|" : ", ");
        if (piece.group)
          arg = "{" + arg + "}";
        if (piece.address)
          arg = "[" + arg + "]";
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
    // One output is the asm's result; several are the fields of a struct.
    Type asmType;
    if (numOut == 1)
      asmType = outTypes.front();
    else if (numOut > 1)
      asmType = LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                                 outTypes);
    auto asmOp = LLVM::InlineAsmOp::create(
        rewriter, loc, asmType ? TypeRange(asmType) : TypeRange(), inputs,
        text, constraints, /*has_side_effects=*/!isPure(op),
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        dialect, ArrayAttr());
    // Each output register as the element type its result has.
    SmallVector<Value> regs;
    for (unsigned i = 0; i < numOut; ++i)
      regs.push_back(numOut == 1 ? asmOp.getResult(0)
                                 : LLVM::ExtractValueOp::create(
                                       rewriter, loc, asmOp.getResult(0), i)
                                       .getResult());
    SmallVector<Value> results;
    for (const ResultRegs &rr : resultRegs) {
      Type element = rr.type;
      if (auto vt = dyn_cast<VectorType>(rr.type))
        element = vt.getElementType();
      auto fromRegister = [&](Value v) -> Value {
        if (v.getType() == element)
          return v;
        if (element.isInteger(8))
          return LLVM::TruncOp::create(rewriter, loc, element, v);
        return LLVM::BitcastOp::create(rewriter, loc, element, v);
      };
      if (!isa<VectorType>(rr.type)) {
        results.push_back(fromRegister(regs[rr.first]));
        continue;
      }
      Value vec = LLVM::UndefOp::create(rewriter, loc, rr.type);
      for (unsigned i = 0; i < rr.count; ++i) {
        Value index = LLVM::ConstantOp::create(rewriter, loc, i32,
                                               rewriter.getI32IntegerAttr(i));
        vec = LLVM::InsertElementOp::create(
            rewriter, loc, vec, fromRegister(regs[rr.first + i]), index);
      }
      results.push_back(vec);
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
