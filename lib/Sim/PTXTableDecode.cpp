//===- PTXTableDecode.cpp - The PTX level of the table-generated ops -*- C++ -*-===//
//
// An instruction whose text is a row of a table-generated op (PTXTable.h)
// becomes that op, built from the row: its attributes, its operand and
// result types (a pointer gets the row's scope), and the instruction's
// operands in `ptxOperands` order bound to their registers' slots. The op
// then runs the semantics its IR-level decoder gives it, as every family
// of the PTX level does (PTXTranslate.h). No table-generated op has
// decoding code of its own.
//
//===----------------------------------------------------------------------===//

#include "PTXTranslate.h"

#include "TIRx/Dialect/PTXTable.h"
#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

/// The state space an address of scope `scope` names in PTX ("" generic).
static StringRef spaceOf(MemorySpace scope) {
  switch (scope) {
  case MemorySpace::Global:
    return "global";
  case MemorySpace::Shared:
  case MemorySpace::SharedDyn:
    return "shared::cta";
  case MemorySpace::SharedCluster:
    return "shared::cluster";
  case MemorySpace::Local:
    return "local";
  default:
    return "";
  }
}

namespace {
/// What a row says about one operand or result.
struct Slot {
  bool present = true;
  Type type;
  std::optional<MemorySpace> scope;
};
} // namespace

LogicalResult Translator::translateTable(const Instr &in, bool &handled) {
  handled = false;
  // The rows with this text; those that differ only in a pointer's scope
  // or in an optional operand are told apart by the operand count.
  for (const ptx_table::TableOp &table : ptx_table::tableOps()) {
    for (const ptx_table::Row &row : table.rows) {
      if (in.opcode != row.ptx)
        continue;
      llvm::StringMap<Slot> slots;
      for (const ptx_table::KeyPart &part : ptx_table::parseKey(row.key)) {
        Slot &s = slots[part.name];
        if (part.value == "-") {
          s.present = false;
        } else if (part.sep == ':') {
          s.type = parseType(part.value, ctx);
        } else if (part.sep == '@') {
          s.scope = symbolizeMemorySpace(part.value);
          if (s.scope)
            s.type = ptrTo(b.getIntegerType(8), *s.scope);
        }
      }
      size_t count = 0;
      // In and Imm operands may be absent (the key says so).
      auto present = [&](const ptx_table::Operand &spec) {
        return (spec.role != ptx_table::Role::In &&
                spec.role != ptx_table::Role::Imm) ||
               slots.lookup(spec.name).present;
      };
      for (const ptx_table::Operand &spec : table.operands)
        if (present(spec))
          ++count;
      if (count != in.ops.size())
        continue;
      handled = true;
      bool ok = true;
      OperationState state(curLocation, table.name);
      for (const ptx_table::RowAttr &a : row.attrs)
        state.addAttribute(a.name, a.width ? Attribute(b.getIntegerAttr(
                                                 b.getIntegerType(a.width),
                                                 a.value))
                                           : Attribute(b.getUnitAttr()));
      SmallVector<Value> operands(table.numOperands);
      SmallVector<std::pair<unsigned, uint32_t>> results;
      size_t j = 0;
      for (const ptx_table::Operand &spec : table.operands) {
        if (!present(spec))
          continue;
        const Operand &o = in.ops[j++];
        switch (spec.role) {
        case ptx_table::Role::Lit:
          if (o.kind != Operand::Kind::Imm ||
              std::to_string(o.imm) != spec.name)
            return error() << "'" << in.opcode << "' takes the literal "
                           << spec.name << " here";
          break;
        case ptx_table::Role::Imm:
          if (o.kind != Operand::Kind::Imm)
            return error() << "'" << in.opcode << "' takes an immediate '"
                           << spec.name << "'";
          state.addAttribute(spec.name,
                             b.getIntegerAttr(b.getIntegerType(spec.index),
                                              o.imm));
          break;
        case ptx_table::Role::Out: {
          uint32_t d = dest(o, ok);
          if (!ok)
            return failure();
          results.push_back({spec.index, d});
          break;
        }
        case ptx_table::Role::In: {
          const Slot &s = slots[spec.name];
          if (!s.type)
            return notModeled("an operand of type '" + std::string(spec.name) +
                              "' the table does not give");
          uint32_t v = s.scope ? address(o, spaceOf(*s.scope), ok)
                               : value(o, s.type.getIntOrFloatBitWidth(), ok);
          if (!ok)
            return failure();
          operands[spec.index] = arg(s.type, v);
          break;
        }
        }
      }
      SmallVector<int32_t> segments;
      for (Value v : operands) {
        if (v)
          state.addOperands(v);
        segments.push_back(v ? 1 : 0);
      }
      if (table.segments)
        state.addAttribute("operandSegmentSizes",
                           b.getDenseI32ArrayAttr(segments));
      // Result types in ODS order: the row's, by the results' names.
      SmallVector<Type> resultTypes(table.numResults);
      for (const ptx_table::Operand &spec : table.operands)
        if (spec.role == ptx_table::Role::Out)
          resultTypes[spec.index] = slots.lookup(spec.name).type;
      for (Type t : resultTypes)
        if (!t)
          return notModeled("a result type the table does not give");
      state.addTypes(resultTypes);
      Operation *op = b.create(state);
      if (failed(mlir::verify(op)))
        return error() << "'" << in.opcode << "' does not make a valid '"
                       << table.name << "'";
      for (auto [index, slot] : results)
        out(op->getResult(index), slot);
      return decodeBuilt(op);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The IR level of the table-generated scalar ops
//===----------------------------------------------------------------------===//

// A table op whose operands and results are all registers (the scalar
// arithmetic family, TIRxPTXArithOps.td) runs at the IR level as its row's
// PTX instruction: a translator over the IR level's program binds each
// operand and result to a register on its value's slot and translates the
// instruction with the PTX level's scalar semantics. The two levels so run
// one semantics function; an instruction the PTX level does not model is
// "not modeled" at both, naming the op and its instruction.
bool ptxfe::isTableScalarInstruction(StringRef opcode) {
  for (const ptx_table::TableOp &table : ptx_table::tableOps())
    for (const ptx_table::Row &row : table.rows)
      if (opcode == row.ptx)
        return llvm::none_of(ptx_table::parseKey(row.key),
                             [](const ptx_table::KeyPart &part) {
                               return part.sep == '@';
                             });
  return false;
}

LogicalResult sim::decodeTableScalarOp(Operation *op, Compiler &c,
                                       bool &handled) {
  handled = false;
  const ptx_table::TableOp *table = ptx_table::lookupTableOp(op);
  if (!table)
    return success();
  auto isRegister = [](Type t) { return t.isIntOrFloat(); };
  if (!llvm::all_of(op->getOperandTypes(), isRegister) ||
      !llvm::all_of(op->getResultTypes(), isRegister))
    return success();
  handled = true;
  const ptx_table::Row *row = ptx_table::lookupRow(op);
  if (!row)
    return c.notModeled(op, "no PTX variant has its attributes and types");

  Instr in;
  in.opcode = row->ptx;
  for (StringRef part : llvm::split(StringRef(row->ptx), '.'))
    in.parts.push_back(part.str());
  in.text = in.opcode;
  Module mod;
  Translator t(op->getContext(), c.prog, mod, "");
  t.c.temp(c.slotsUsed()); // scratch slots above the IR level's
  t.c.curLoc = c.curLoc;
  t.curLocation = op->getLoc();
  t.cur = &in;
  t.inlineConstants = true;
  t.irOp = op->getName().getStringRef().str();
  t.scopes.emplace_back();
  auto bindRegister = [&](Value v) {
    std::string name = "%v" + std::to_string(t.scopes.back().size());
    Reg r;
    r.slot = c.slot(v);
    r.bits = v.getType().getIntOrFloatBitWidth();
    r.isPred = r.bits == 1;
    t.scopes.back()[name] = r;
    Operand o;
    o.kind = Operand::Kind::Reg;
    o.name = name;
    return o;
  };
  for (const ptx_table::Operand &spec : table->operands) {
    switch (spec.role) {
    case ptx_table::Role::Out:
      in.ops.push_back(bindRegister(op->getResult(spec.index)));
      break;
    case ptx_table::Role::In: {
      auto [start, length] = table->operandRange(op, spec.index);
      for (unsigned i = start; i < start + length; ++i)
        in.ops.push_back(bindRegister(op->getOperand(i)));
      break;
    }
    case ptx_table::Role::Imm:
    case ptx_table::Role::Lit: {
      Operand o;
      o.kind = Operand::Kind::Imm;
      if (spec.role == ptx_table::Role::Lit) {
        if (StringRef(spec.name).getAsInteger(10, o.imm))
          return c.notModeled(op, "a literal operand that is not an integer");
      } else if (auto attr = op->getAttrOfType<IntegerAttr>(spec.name)) {
        o.imm = attr.getInt();
      } else {
        continue; // an absent optional immediate
      }
      in.ops.push_back(o);
      break;
    }
    }
  }
  bool translated = false;
  // `trap` is the one table instruction of the control group (it aborts
  // the kernel; no label or branch is involved).
  StringRef opcode = in.parts[0];
  if (failed(opcode == "cvt"    ? t.translateCvt(in, translated)
             : opcode == "trap" ? t.translateControl(in, translated)
                                : t.translateScalar(in, translated)))
    return failure();
  if (!translated)
    return c.notModeled(op, "its PTX instruction '" + in.opcode +
                                "' has no simulator semantics");
  if (t.c.slotsUsed() > c.slotsUsed())
    c.temp(t.c.slotsUsed() - c.slotsUsed());
  return success();
}
