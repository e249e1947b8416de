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
      // A result joined by `|` shares its predecessor's operand.
      for (const ptx_table::Operand &spec : table.operands)
        if (present(spec) && !spec.pipe)
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
      // A vector result's slots and the registers its elements go to.
      struct Group {
        unsigned result;
        uint32_t base;
        unsigned bits;
        SmallVector<uint32_t> regs;
      };
      SmallVector<Group> groups;
      size_t j = 0;
      for (const ptx_table::Operand &spec : table.operands) {
        if (!present(spec))
          continue;
        if (spec.pipe) {
          // The second register of `p|q`.
          const Operand &first = in.ops[j - 1];
          Operand second;
          second.kind = first.pairName == "_" ? Operand::Kind::Sink
                                              : Operand::Kind::Reg;
          second.name = first.pairName;
          second.pos = first.pos;
          if (first.pairName.empty())
            return error() << "'" << in.opcode << "' writes two predicates, "
                           << "p|q";
          uint32_t d = dest(second, ok);
          if (!ok)
            return failure();
          results.push_back({spec.index, d});
          continue;
        }
        const Operand &o = in.ops[j++];
        // A braced register group is a vector operand or result: its
        // elements are packed into (or unpacked from) the vector's slots.
        if (auto vt = dyn_cast_or_null<VectorType>(slots.lookup(spec.name).type)) {
          if (o.kind != Operand::Kind::Vec ||
              o.elems.size() != (size_t)vt.getNumElements())
            return error() << "'" << in.opcode << "' takes a group of "
                           << vt.getNumElements() << " registers for '"
                           << spec.name << "'";
          unsigned w = vt.getElementType().getIntOrFloatBitWidth();
          uint32_t base = temp(std::max<uint32_t>(
              1, (vt.getNumElements() * w + 63) / 64));
          if (spec.role == ptx_table::Role::Out) {
            SmallVector<uint32_t> regs;
            for (const Operand &e : o.elems) {
              regs.push_back(dest(e, ok));
              if (!ok)
                return failure();
            }
            groups.push_back({spec.index, base, w, std::move(regs)});
            results.push_back({spec.index, base});
            continue;
          }
          for (unsigned s = 0; s < (vt.getNumElements() * w + 63) / 64; ++s)
            emitConst(base + s, 0);
          for (auto [i, e] : llvm::enumerate(o.elems)) {
            uint32_t v = value(e, w, ok);
            if (!ok)
              return failure();
            uint32_t m = temp(), at = base + (i * w) / 64;
            emitMask(m, v, w);
            if (unsigned shift = (i * w) % 64)
              emitIntBin(IB::Shl, SK::I64, m, m, constant(shift));
            emitIntBin(IB::Or, SK::I64, at, at, m);
          }
          operands[spec.index] = arg(vt, base);
          continue;
        }
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
          Type t = s.type;
          if (s.scope && spec.pointee)
            if (Type elt = parseType(spec.pointee, ctx))
              t = ptrTo(elt, *s.scope);
          operands[spec.index] = arg(t, v);
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
      if (failed(decodeBuilt(op)))
        return failure();
      for (const Group &g : groups)
        for (auto [i, reg] : llvm::enumerate(g.regs)) {
          uint32_t at = g.base + (i * g.bits) / 64, m = temp();
          emitMov(m, at);
          if (unsigned shift = (i * g.bits) % 64)
            emitIntBin(IB::ShrU, SK::I64, m, m, constant(shift));
          emitMask(reg, m, g.bits);
        }
      return success();
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
  // Registers, and vectors of them (a braced register group).
  auto isRegister = [](Type t) {
    if (auto vt = dyn_cast<VectorType>(t))
      return vt.getRank() == 1 && !vt.isScalable() &&
             vt.getElementType().isIntOrFloat() &&
             vt.getElementType().getIntOrFloatBitWidth() > 1;
    return t.isIntOrFloat();
  };
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
  // A vector is a group of element registers: a source's elements are
  // unpacked from its slots before the instruction, a result's packed into
  // its slots after it.
  struct Packed {
    uint32_t base;
    unsigned bits;
    SmallVector<uint32_t> regs;
  };
  SmallVector<Packed> packs;
  auto bindGroup = [&](Value v, bool isResult) {
    auto vt = cast<VectorType>(v.getType());
    unsigned w = vt.getElementType().getIntOrFloatBitWidth();
    Operand g;
    g.kind = Operand::Kind::Vec;
    Packed p{c.slot(v), w, {}};
    for (int64_t i = 0; i < vt.getNumElements(); ++i) {
      std::string name = "%v" + std::to_string(t.scopes.back().size());
      Reg r;
      r.slot = t.temp();
      r.bits = w;
      t.scopes.back()[name] = r;
      Operand e;
      e.kind = Operand::Kind::Reg;
      e.name = name;
      g.elems.push_back(e);
      p.regs.push_back(r.slot);
      if (!isResult) {
        uint32_t m = t.temp();
        t.emitMov(m, p.base + (i * w) / 64);
        if (unsigned shift = (i * w) % 64)
          t.emitIntBin(IB::ShrU, SK::I64, m, m, t.constant(shift));
        t.emitMask(r.slot, m, w);
      }
    }
    if (isResult)
      packs.push_back(std::move(p));
    return g;
  };
  auto bind = [&](Value v, bool isResult) {
    return isa<VectorType>(v.getType()) ? bindGroup(v, isResult)
                                        : bindRegister(v);
  };
  for (const ptx_table::Operand &spec : table->operands) {
    switch (spec.role) {
    case ptx_table::Role::Out:
      if (spec.pipe && !in.ops.empty()) {
        // `p|q`: the second register joins the previous operand.
        Operand second = bindRegister(op->getResult(spec.index));
        in.ops.back().pairName = second.name;
        break;
      }
      in.ops.push_back(bind(op->getResult(spec.index), /*isResult=*/true));
      break;
    case ptx_table::Role::In: {
      auto [start, length] = table->operandRange(op, spec.index);
      for (unsigned i = start; i < start + length; ++i)
        in.ops.push_back(bind(op->getOperand(i), /*isResult=*/false));
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
  for (const Packed &p : packs) {
    unsigned words = (p.regs.size() * p.bits + 63) / 64;
    for (unsigned s = 0; s < words; ++s)
      t.emitConst(p.base + s, 0);
    for (auto [i, reg] : llvm::enumerate(p.regs)) {
      uint32_t m = t.temp(), at = p.base + (i * p.bits) / 64;
      t.emitMask(m, reg, p.bits);
      if (unsigned shift = (i * p.bits) % 64)
        t.emitIntBin(IB::Shl, SK::I64, m, m, t.constant(shift));
      t.emitIntBin(IB::Or, SK::I64, at, at, m);
    }
  }
  if (t.c.slotsUsed() > c.slotsUsed())
    c.temp(t.c.slotsUsed() - c.slotsUsed());
  return success();
}
