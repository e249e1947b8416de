//===- PTXTranslate.cpp - PTX kernels to the simulator's stream -*- C++ -*-===//
//
// The translator's driver: kernel and function frames, parameters as the
// runtime passes them, register scopes, labels and branches, guards, and
// the scalar integer, logic, comparison and float instructions. Memory
// instructions are in PTXMemory.cpp, the tirx.ptx families in
// PTXFamilies.cpp.
//
//===----------------------------------------------------------------------===//

#include "PTXTranslate.h"
#include "Arith.h"
#include "PTXExtOps.h"

#include "TIRx/Dialect/TIRxTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

unsigned ptxfe::typeBits(StringRef t) {
  if (t == "pred")
    return 1;
  return typeBytes(t) * 8;
}

SK ptxfe::kindOf(StringRef t) {
  if (t == "pred")
    return SK::I1;
  if (t == "f16")
    return SK::F16;
  if (t == "bf16")
    return SK::BF16;
  if (t == "f32")
    return SK::F32;
  if (t == "f64")
    return SK::F64;
  if (t.size() < 2 || !(t[0] == 'b' || t[0] == 'u' || t[0] == 's'))
    return SK::None;
  return skOfIntBits(typeBits(t)); // a multiple of 8 here
}

/// The integer kind of `bits` bits; a width of no kind is taken as 64.
static SK intKind(unsigned bits) {
  SK k = skOfIntBits(bits);
  return k == SK::None ? SK::I64 : k;
}

static bool isFloatType(StringRef t) {
  return t == "f16" || t == "bf16" || t == "f32" || t == "f64" ||
         t == "f16x2" || t == "bf16x2" || t == "f32x2";
}

//===----------------------------------------------------------------------===//
// Setup and diagnostics
//===----------------------------------------------------------------------===//

Translator::Translator(MLIRContext *ctx, Program &prog, const Module &mod,
                       StringRef bufferName)
    : ctx(ctx), prog(prog), mod(mod), bufferName(bufferName.str()), c(prog),
      b(ctx), curLocation(UnknownLoc::get(ctx)) {
  ctx->getOrLoadDialect<func::FuncDialect>();
  ctx->getOrLoadDialect<TIRxDialect>();
  scratch = ModuleOp::create(UnknownLoc::get(ctx));
  b.setInsertionPointToEnd(scratch->getBody());
  auto holder = func::FuncOp::create(b, UnknownLoc::get(ctx), "ptx",
                                     b.getFunctionType({}, {}));
  argBlock = holder.addEntryBlock();
  b.setInsertionPointToEnd(argBlock);
}

Location Translator::ptxLocation(SrcPos pos) {
  return FileLineColLoc::get(ctx, bufferName, pos.line, pos.col);
}

Location Translator::locationOf(const Instr &in) {
  Location ptxLoc = ptxLocation(in.pos);
  StringRef file = in.locFile ? mod.fileName(in.locFile) : StringRef();
  if (file.empty() || in.locLine == 0)
    return ptxLoc;
  Location src = FileLineColLoc::get(ctx, file, in.locLine, in.locCol);
  auto meta = DictionaryAttr::get(
      ctx, {NamedAttribute(StringAttr::get(ctx, "ptx"),
                           StringAttr::get(ctx, in.text))});
  return FusedLoc::get(ctx, {src, ptxLoc}, meta);
}

InFlightDiagnostic Translator::error() { return emitError(curLocation); }

InFlightDiagnostic Translator::notModeled(const Twine &detail) {
  InFlightDiagnostic d = error();
  if (!irOp.empty())
    d << "'" << irOp << "' (PTX instruction '"
      << (cur ? cur->opcode : std::string("?"))
      << "') is not modeled by the simulator";
  else
    d << "PTX instruction '" << (cur ? cur->opcode : std::string("?"))
      << "' is not modeled by the simulator";
  if (!detail.isTriviallyEmpty())
    d << ": " << detail;
  // The IR level runs a scalar table op's instruction with this very
  // translator (decodeTableScalarOp), so it does not model it either.
  if (irOp.empty() && cur && isTableScalarInstruction(cur->opcode))
    d << " (as at the IR level)";
  return d;
}

LogicalResult Translator::expectOperands(const Instr &in, size_t lo,
                                         size_t hi) {
  if (in.ops.size() >= lo && in.ops.size() <= hi)
    return success();
  InFlightDiagnostic d = error();
  d << "'" << in.opcode << "' takes ";
  if (lo == hi)
    d << lo;
  else
    d << lo << " to " << hi;
  d << " operands, found " << in.ops.size();
  return failure();
}

Type Translator::ptrTo(Type elem, MemorySpace space) {
  return PtrType::get(ctx, elem, space);
}

Value Translator::arg(Type type, uint32_t slot) {
  Value v = argBlock->addArgument(type, curLocation);
  c.bind(v, slot);
  return v;
}

LogicalResult Translator::decodeBuilt(Operation *op) {
  c.curLoc = prog.addOp(op);
  bool handled = false;
  if (failed(decodePTXOp(op, c, handled)))
    return failure();
  if (handled)
    return success();
  // An op the IR level does not model either (a table-generated op
  // without semantics): said as the IR level says it.
  return notModeled("'" + op->getName().getStringRef() +
                    "' is not modeled by the simulator (as at the IR level)");
}

//===----------------------------------------------------------------------===//
// Registers, constants, operands
//===----------------------------------------------------------------------===//

uint32_t Translator::constant(int64_t v) {
  if (inlineConstants) {
    uint32_t s = temp();
    emitConst(s, v);
    return s;
  }
  auto it = constSlots.find(v);
  if (it != constSlots.end())
    return it->second;
  uint32_t s = temp();
  constSlots[v] = s;
  constOrder.push_back({v, s});
  return s;
}

const Reg *Translator::lookupReg(StringRef name) const {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto r = it->find(name);
    if (r != it->end())
      return &r->second;
  }
  return nullptr;
}

LogicalResult Translator::declareRegs(const VarDecl &d) {
  unsigned bits = typeBits(d.type);
  if (bits == 0 || (bits > 64 && bits != 128))
    return emitError(ptxLocation(d.pos))
           << "registers of type ." << d.type
           << " are not modeled by the simulator";
  Reg r;
  r.bits = bits;
  r.isPred = d.type == "pred";
  auto add = [&](const std::string &name) {
    // A .b128 register: two slots, the low half first (as in memory).
    r.slot = temp(bits == 128 ? 2 : 1);
    scopes.back()[name] = r;
  };
  if (d.count == 0) {
    add(d.name);
  } else {
    for (unsigned i = 0; i < d.count; ++i)
      add(d.name + std::to_string(i));
  }
  return success();
}

void Translator::emitConst(uint32_t d, int64_t v) {
  Inst i = make(Opc::Const);
  i.d = d;
  i.imm = v;
  emit(i);
}

void Translator::emitMov(uint32_t d, uint32_t a) {
  if (d == a)
    return;
  Inst i = make(Opc::Mov);
  i.d = d;
  i.a = a;
  emit(i);
}

void Translator::emitMask(uint32_t d, uint32_t a, unsigned bits) {
  if (bits >= 64)
    return emitMov(d, a);
  Inst i = make(Opc::MovMask);
  i.d = d;
  i.a = a;
  i.imm = static_cast<int64_t>(widthMask(bits));
  emit(i);
}

void Translator::emitIntBin(IB f, SK k, uint32_t d, uint32_t a, uint32_t bb) {
  Inst i = make(Opc::IntBin);
  i.f = static_cast<uint8_t>(f);
  i.k = k;
  i.d = d;
  i.a = a;
  i.b = bb;
  emit(i);
}

void Translator::emitSext(uint32_t d, uint32_t a, unsigned from,
                          unsigned to) {
  Inst i = make(Opc::Ext);
  i.k = intKind(from);
  i.f = 1;
  i.d = d;
  i.a = a;
  i.imm = static_cast<int64_t>(widthMask(to));
  emit(i);
}

uint32_t Translator::pack(ArrayRef<uint32_t> elems, unsigned elemBytes) {
  uint32_t n = static_cast<uint32_t>(
      std::max<size_t>(1, (elems.size() * elemBytes + 7) / 8));
  uint32_t base = temp(n);
  auto e = std::make_unique<PackRegs>();
  e->bytes = elemBytes;
  e->vec = base;
  e->regs.assign(elems.begin(), elems.end());
  c.emitExt(std::move(e));
  return base;
}

void Translator::unpack(uint32_t src, ArrayRef<uint32_t> elems,
                        unsigned elemBytes) {
  auto e = std::make_unique<PackRegs>();
  e->unpack = true;
  e->bytes = elemBytes;
  e->vec = src;
  e->regs.assign(elems.begin(), elems.end());
  c.emitExt(std::move(e));
}

static std::optional<SR> specialOf(StringRef name, int &constDim,
                                   StringRef &constKind) {
  auto [base, dim] = name.split('.');
  int d = dim == "x" ? 0 : dim == "y" ? 1 : dim == "z" ? 2 : -1;
  constDim = d;
  auto pick = [&](SR x, SR y, SR z) -> std::optional<SR> {
    if (d < 0)
      return std::nullopt;
    return d == 0 ? x : d == 1 ? y : z;
  };
  if (base == "%tid")
    return pick(SR::TidX, SR::TidY, SR::TidZ);
  if (base == "%ctaid")
    return pick(SR::CtaIdX, SR::CtaIdY, SR::CtaIdZ);
  if (base == "%clusterid")
    return pick(SR::ClusterIdX, SR::ClusterIdY, SR::ClusterIdZ);
  if (base == "%cluster_ctaid")
    return pick(SR::ClusterCtaIdX, SR::ClusterCtaIdY, SR::ClusterCtaIdZ);
  if (base == "%ntid" || base == "%nctaid" || base == "%nclusterid" ||
      base == "%cluster_nctaid") {
    constKind = base;
    return std::nullopt;
  }
  return llvm::StringSwitch<std::optional<SR>>(base)
      .Case("%laneid", SR::LaneId)
      .Case("%warpid", SR::WarpId)
      .Case("%nwarpid", SR::NWarpId)
      .Case("%smid", SR::SmId)
      .Case("%nsmid", SR::NSmId)
      .Case("%gridid", SR::GridId)
      .Case("%lanemask_eq", SR::LaneMaskEq)
      .Case("%lanemask_le", SR::LaneMaskLe)
      .Case("%lanemask_lt", SR::LaneMaskLt)
      .Case("%lanemask_ge", SR::LaneMaskGe)
      .Case("%lanemask_gt", SR::LaneMaskGt)
      .Case("%clock", SR::Clock)
      .Case("%clock64", SR::Clock64)
      .Case("%globaltimer", SR::GlobalTimer)
      .Case("%globaltimer_lo", SR::GlobalTimerLo)
      .Case("%globaltimer_hi", SR::GlobalTimerHi)
      .Case("%dynamic_smem_size", SR::DynSmemSize)
      .Case("%total_smem_size", SR::TotalSmemSize)
      .Case("%cluster_ctarank", SR::ClusterRank)
      .Case("%cluster_nctarank", SR::ClusterSize)
      .Case("%is_explicit_cluster", SR::IsExplicitCluster)
      .Default(std::nullopt);
}

/// Reads special register `name` into `d`; false if it is not modeled.
static bool emitSpecial(Translator &T, StringRef name, uint32_t d) {
  int dim;
  StringRef constKind;
  std::optional<SR> sr = specialOf(name, dim, constKind);
  if (sr) {
    Inst i = T.make(Opc::Special);
    i.d = d;
    i.f = static_cast<uint8_t>(*sr);
    T.emit(i);
    return true;
  }
  if (constKind.empty() || dim < 0)
    return false;
  if (constKind == "%ntid") {
    T.emitConst(d, T.block[dim]);
  } else if (constKind == "%cluster_nctaid") {
    T.emitConst(d, T.cluster[dim]);
  } else if (!T.gridSlots.empty()) {
    // A grid the host part computed.
    if (constKind == "%nctaid") {
      T.emitMov(d, T.gridSlots[dim]);
    } else {
      T.emitIntBin(IB::DivU, SK::I64, d, T.gridSlots[dim],
                   T.constant(T.cluster[dim]));
    }
  } else {
    T.emitConst(d, constKind == "%nctaid" ? T.grid[dim]
                                          : T.grid[dim] / T.cluster[dim]);
  }
  return true;
}

/// Float literal bits for a `bits`-wide operand.
static uint64_t floatLiteral(const Operand &o, unsigned bits) {
  double v;
  if (o.fwidth == 32)
    v = bitsToF32(o.fbits);
  else if (o.fwidth == 64)
    v = bitsToF64(o.fbits);
  else
    v = o.fvalue;
  if (bits == 32 && o.fwidth == 32)
    return o.fbits;
  if (bits == 64 && o.fwidth == 64)
    return o.fbits;
  if (bits == 64)
    return f64ToBits(v);
  if (bits == 16)
    return doubleToFloatBits(SK::F16, v);
  return f32ToBits(static_cast<float>(v));
}

uint32_t Translator::value(const Operand &o, unsigned bits, bool &ok) {
  ok = true;
  auto negate = [&](uint32_t s) {
    if (!o.negated)
      return s;
    uint32_t t = temp();
    emitIntBin(IB::Xor, SK::I1, t, s, constant(1));
    return t;
  };
  switch (o.kind) {
  case Operand::Kind::Reg:
  case Operand::Kind::Sym: {
    if (const Reg *r = lookupReg(o.name)) {
      if (o.imm != 0) {
        ok = false;
        error() << "register '" << o.name << "' with an offset outside an "
                   "address";
        return 0;
      }
      return negate(r->slot);
    }
    if (o.kind == Operand::Kind::Reg) {
      ok = false;
      error() << "undeclared register '" << o.name << "'";
      return 0;
    }
    // A variable's address in its state space.
    if (auto it = sharedVars.find(o.name); it != sharedVars.end())
      return constant(static_cast<int64_t>(it->second) + o.imm);
    if (auto it = localVars.find(o.name); it != localVars.end())
      return constant(static_cast<int64_t>(it->second) + o.imm);
    if (auto it = params.find(o.name); it != params.end())
      return constant(static_cast<int64_t>(it->second.offset) + o.imm);
    if (auto it = globalVars.find(o.name); it != globalVars.end())
      return globalVarAddress(it->second, o.imm);
    ok = false;
    error() << "unknown name '" << o.name << "' (not a register, nor a "
               "variable the simulator models)";
    return 0;
  }
  case Operand::Kind::Imm: {
    int64_t v = o.imm;
    if (bits == 1)
      v = v != 0;
    else if (bits < 64)
      v = static_cast<int64_t>(static_cast<uint64_t>(v) & widthMask(bits));
    return constant(v);
  }
  case Operand::Kind::FImm:
    return constant(static_cast<int64_t>(floatLiteral(o, bits)));
  case Operand::Kind::Special: {
    uint32_t t = temp();
    if (!emitSpecial(*this, o.name, t)) {
      ok = false;
      notModeled("special register " + o.name);
      return 0;
    }
    return t;
  }
  default:
    ok = false;
    error() << "'" << cur->opcode << "' takes a value here";
    return 0;
  }
}

const Reg *Translator::destReg(const Operand &o) {
  if (o.kind != Operand::Kind::Reg && o.kind != Operand::Kind::Sym)
    return nullptr;
  return lookupReg(o.name);
}

uint32_t Translator::dest(const Operand &o, bool &ok) {
  ok = true;
  if (o.kind == Operand::Kind::Sink)
    return temp();
  if (const Reg *r = destReg(o))
    return r->slot;
  ok = false;
  error() << "'" << cur->opcode << "' writes "
          << (o.kind == Operand::Kind::Reg || o.kind == Operand::Kind::Sym
                  ? "undeclared register '" + o.name + "'"
                  : std::string("a non-register operand"));
  return 0;
}

//===----------------------------------------------------------------------===//
// Integer, logic, comparison
//===----------------------------------------------------------------------===//

/// The comparison predicate of setp/set/slct `cmp` on `type`.
static std::optional<CP> comparison(StringRef cmp, StringRef type) {
  bool isF = isFloatType(type);
  bool isS = type.starts_with("s");
  if (isF)
    return llvm::StringSwitch<std::optional<CP>>(cmp)
        .Case("eq", CP::FOeq)
        .Case("ne", CP::FOne)
        .Case("lt", CP::FOlt)
        .Case("le", CP::FOle)
        .Case("gt", CP::FOgt)
        .Case("ge", CP::FOge)
        .Case("equ", CP::FUeq)
        .Case("neu", CP::FUne)
        .Case("ltu", CP::FUlt)
        .Case("leu", CP::FUle)
        .Case("gtu", CP::FUgt)
        .Case("geu", CP::FUge)
        .Case("num", CP::FOrd)
        .Case("nan", CP::FUno)
        .Default(std::nullopt);
  return llvm::StringSwitch<std::optional<CP>>(cmp)
      .Case("eq", CP::Eq)
      .Case("ne", CP::Ne)
      .Case("lt", isS ? CP::Slt : CP::Ult)
      .Case("le", isS ? CP::Sle : CP::Ule)
      .Case("gt", isS ? CP::Sgt : CP::Ugt)
      .Case("ge", isS ? CP::Sge : CP::Uge)
      .Case("lo", CP::Ult)
      .Case("ls", CP::Ule)
      .Case("hi", CP::Ugt)
      .Case("hs", CP::Uge)
      .Default(std::nullopt);
}

static void emitCmp(Translator &T, CP p, SK k, uint32_t d, uint32_t a,
                    uint32_t b) {
  Inst i = T.make(Opc::Cmp);
  i.f = static_cast<uint8_t>(p);
  i.k = k;
  i.d = d;
  i.a = a;
  i.b = b;
  T.emit(i);
}

static SK cmpKind(StringRef type) {
  if (isFloatType(type)) // bf16 starts with a 'b' too
    return kindOf(type);
  if (type.starts_with("b") || type.starts_with("u") || type.starts_with("s"))
    return intKind(typeBits(type));
  return kindOf(type);
}

LogicalResult Translator::translateScalar(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  StringRef type = in.parts.back();
  // prmt writes its mode after the type (prmt.b32.f4e).
  if (op == "prmt" && in.parts.size() > 2)
    type = in.parts[1];
  bool ok = true;

  if (op == "mov") {
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    unsigned bits = typeBits(type);
    if (bits == 0)
      return notModeled("type ." + type);
    const Operand &d = in.ops[0], &a = in.ops[1];
    if (bits == 128) {
      // mov.b128 d, {lo, hi} / {lo, hi}, a / d, a: two 64-bit halves.
      auto halves = [&](const Operand &o, bool isDest,
                        uint32_t out[2]) -> bool {
        if (o.kind == Operand::Kind::Vec) {
          if (o.elems.size() != 2)
            return false;
          for (int i = 0; i < 2; ++i)
            out[i] = isDest ? dest(o.elems[i], ok) : value(o.elems[i], 64, ok);
          return ok;
        }
        const Reg *r = destReg(o);
        if (!r || r->bits != 128)
          return false;
        out[0] = r->slot;
        out[1] = r->slot + 1;
        return true;
      };
      uint32_t dh[2], ah[2];
      if (!halves(d, true, dh) || !halves(a, false, ah))
        return error() << "mov.b128 moves a .b128 register or two 64-bit "
                          "halves in braces";
      uint32_t t0 = temp(), t1 = temp();
      emitMov(t0, ah[0]);
      emitMov(t1, ah[1]);
      emitMov(dh[0], t0);
      emitMov(dh[1], t1);
      return success();
    }
    // The lanes of a pack or unpack divide the width evenly (ptxas
    // rejects any other count).
    for (const Operand *g : {&a, &d})
      if (g->kind == Operand::Kind::Vec &&
          (g->elems.empty() || bits % g->elems.size() != 0))
        return error() << "'" << in.opcode << "' cannot split " << bits
                       << " bits into " << g->elems.size() << " lanes";
    if (a.kind == Operand::Kind::Vec) { // pack {a, b, ...} into d
      uint32_t dst = dest(d, ok);
      if (!ok || a.elems.empty())
        return failure();
      unsigned w = bits / static_cast<unsigned>(a.elems.size());
      uint32_t acc = temp();
      emitConst(acc, 0);
      for (size_t i = 0; i < a.elems.size(); ++i) {
        uint32_t v = value(a.elems[i], w, ok);
        if (!ok)
          return failure();
        uint32_t m = temp();
        emitMask(m, v, w);
        if (i) {
          uint32_t s = temp();
          emitIntBin(IB::Shl, SK::I64, s, m,
                     constant(static_cast<int64_t>(i * w)));
          m = s;
        }
        emitIntBin(IB::Or, SK::I64, acc, acc, m);
      }
      emitMov(dst, acc);
      return success();
    }
    if (d.kind == Operand::Kind::Vec) { // unpack a into {d0, d1, ...}
      uint32_t src = value(a, bits, ok);
      if (!ok || d.elems.empty())
        return failure();
      unsigned w = bits / static_cast<unsigned>(d.elems.size());
      uint32_t copy = temp();
      emitMov(copy, src);
      for (size_t i = 0; i < d.elems.size(); ++i) {
        if (d.elems[i].kind == Operand::Kind::Sink)
          continue;
        uint32_t dst = dest(d.elems[i], ok);
        if (!ok)
          return failure();
        if (i == 0) {
          emitMask(dst, copy, w);
        } else {
          uint32_t s = temp();
          emitIntBin(IB::ShrU, SK::I64, s, copy,
                     constant(static_cast<int64_t>(i * w)));
          emitMask(dst, s, w);
        }
      }
      return success();
    }
    uint32_t dst = dest(d, ok);
    if (!ok)
      return failure();
    if (a.kind == Operand::Kind::Special) {
      if (!emitSpecial(*this, a.name, dst))
        return notModeled("special register " + a.name);
      if (bits < 64)
        emitMask(dst, dst, bits);
      return success();
    }
    if (a.kind == Operand::Kind::Imm || a.kind == Operand::Kind::FImm) {
      uint32_t v = value(a, bits, ok);
      emitMov(dst, v);
      return success();
    }
    uint32_t v = value(a, bits, ok);
    if (!ok)
      return failure();
    const Reg *src = destReg(a);
    if (src && src->bits > bits)
      emitMask(dst, v, bits);
    else
      emitMov(dst, v);
    return success();
  }

  if (isFloatType(type) && (op == "add" || op == "sub" || op == "mul" ||
                            op == "fma" || op == "mad" || op == "div" ||
                            op == "abs" || op == "neg" || op == "min" ||
                            op == "max" || op == "rcp" || op == "sqrt" ||
                            op == "rsqrt" || op == "sin" || op == "cos" ||
                            op == "lg2" || op == "ex2" || op == "tanh" ||
                            op == "copysign" || op == "testp"))
    return translateFloat(in, handled);

  SK k = kindOf(type);
  unsigned bits = typeBits(type);
  bool isSigned = type.starts_with("s");
  auto binary = [&](IB f) -> LogicalResult {
    if (failed(expectOperands(in, 3, 3)))
      return failure();
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], bits, ok) : 0;
    uint32_t bb = ok ? value(in.ops[2], bits, ok) : 0;
    if (!ok)
      return failure();
    emitIntBin(f, bits == 1 ? SK::I1 : k, d, a, bb);
    return success();
  };
  auto intExt = [&](IntOp iop, unsigned nIn) -> LogicalResult {
    if (failed(expectOperands(in, nIn + 1, nIn + 1)))
      return failure();
    auto e = std::make_unique<IntExt>();
    e->op = iop;
    e->bits = bits;
    e->isSigned = isSigned;
    e->d = dest(in.ops[0], ok);
    uint32_t *srcs[] = {&e->a, &e->b, &e->c, &e->e};
    for (unsigned i = 0; i < nIn && ok; ++i) {
      unsigned w = bits;
      // Bit positions, lengths and shift amounts are 32-bit operands.
      if ((iop == IntOp::Bfe && i > 0) || (iop == IntOp::Bfi && i > 1) ||
          iop == IntOp::ShfL || iop == IntOp::ShfR || iop == IntOp::Prmt)
        w = 32;
      *srcs[i] = value(in.ops[i + 1], w, ok);
    }
    if (!ok)
      return failure();
    e->carry = carrySlot();
    c.emitExt(std::move(e));
    return success();
  };
  bool packedCompare =
      (op == "set" || op == "setp") && (type == "f16x2" || type == "bf16x2");
  if (k == SK::None && bits != 1 && !packedCompare) {
    handled = false;
    return success();
  }

  if (op == "add" || op == "sub") {
    if (in.has("cc"))
      return intExt(op == "add" ? IntOp::AddCC : IntOp::SubCC, 2);
    if (in.has("sat"))
      return intExt(op == "add" ? IntOp::SatAdd : IntOp::SatSub, 2);
    return binary(op == "add" ? IB::Add : IB::Sub);
  }
  if (op == "addc" || op == "subc") {
    auto s = intExt(op == "addc" ? IntOp::AddC : IntOp::SubC, 2);
    if (succeeded(s) && in.has("cc"))
      static_cast<IntExt *>(prog.ext.back().get())->imm = 1;
    return s;
  }
  if (op == "mul" || op == "mad") {
    bool isMad = op == "mad";
    if (failed(expectOperands(in, isMad ? 4 : 3, isMad ? 4 : 3)))
      return failure();
    if (isMad && in.has("cc")) {
      if (failed(intExt(IntOp::MadCarry, 3)))
        return failure();
      auto *e = static_cast<IntExt *>(prog.ext.back().get());
      e->f = in.has("hi");
      e->imm = 1;
      return success();
    }
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], bits, ok) : 0;
    uint32_t bb = ok ? value(in.ops[2], bits, ok) : 0;
    if (!ok)
      return failure();
    uint32_t prod = isMad ? temp() : d;
    unsigned rbits = bits;
    if (in.has("wide")) {
      rbits = bits * 2;
      if (isSigned) {
        uint32_t ea = temp(), eb = temp();
        emitSext(ea, a, bits, rbits);
        emitSext(eb, bb, bits, rbits);
        a = ea;
        bb = eb;
      }
      emitIntBin(IB::Mul, intKind(rbits), prod, a, bb);
    } else if (in.has("hi")) {
      emitIntBin(isSigned ? IB::MulHiS : IB::MulHiU, k, prod, a, bb);
    } else {
      emitIntBin(IB::Mul, k, prod, a, bb);
    }
    if (isMad) {
      uint32_t cc = value(in.ops[3], rbits, ok);
      if (!ok)
        return failure();
      if (in.has("sat")) {
        // mad.hi.sat.s32: the high half plus c, clamped to the s32 range.
        auto e = std::make_unique<IntExt>();
        e->op = IntOp::SatAdd;
        e->bits = bits;
        e->isSigned = true;
        e->d = d;
        e->a = prod;
        e->b = cc;
        c.emitExt(std::move(e));
        return success();
      }
      emitIntBin(IB::Add, intKind(rbits), d, prod, cc);
    }
    return success();
  }
  if (op == "madc") {
    if (failed(intExt(IntOp::MadCarry, 3)))
      return failure();
    auto *e = static_cast<IntExt *>(prog.ext.back().get());
    e->f = (in.has("hi") ? 1 : 0) | 2;
    e->imm = in.has("cc");
    return success();
  }
  if (op == "mul24" || op == "mad24") {
    if (failed(intExt(in.has("hi") ? IntOp::Mul24Hi : IntOp::Mul24Lo,
                      op == "mad24" ? 3 : 2)))
      return failure();
    static_cast<IntExt *>(prog.ext.back().get())->f =
        op == "mad24" ? 1 | (in.has("sat") ? 2 : 0) : 0;
    return success();
  }
  if (op == "div")
    return binary(isSigned ? IB::DivS : IB::DivU);
  if (op == "rem")
    return binary(isSigned ? IB::RemS : IB::RemU);
  if (op == "min" || op == "max") {
    IB f = op == "min" ? (isSigned ? IB::MinS : IB::MinU)
                       : (isSigned ? IB::MaxS : IB::MaxU);
    if (!in.has("relu"))
      return binary(f);
    // min/max.relu.s32: the result clamped at 0 from below.
    if (type != "s32")
      return notModeled("min/max.relu on ." + type.str());
    if (failed(binary(f)))
      return failure();
    uint32_t d = dest(in.ops[0], ok);
    emitIntBin(IB::MaxS, k, d, d, constant(0));
    return success();
  }
  if (op == "and")
    return binary(IB::And);
  if (op == "or")
    return binary(IB::Or);
  if (op == "xor")
    return binary(IB::Xor);
  if (op == "shl" || op == "shr") {
    if (bits == 16) {
      if (failed(intExt(IntOp::Shift16, 2)))
        return failure();
      static_cast<IntExt *>(prog.ext.back().get())->f =
          op == "shl" ? 0 : isSigned ? 2 : 1;
      return success();
    }
    return binary(op == "shl" ? IB::Shl : isSigned ? IB::ShrS : IB::ShrU);
  }
  if (op == "not" || op == "neg" || op == "abs" || op == "popc" ||
      op == "clz") {
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], bits, ok) : 0;
    if (!ok)
      return failure();
    SK kk = bits == 1 ? SK::I1 : k;
    if (op == "not") {
      emitIntBin(IB::Xor, kk, d, a,
                 constant(static_cast<int64_t>(widthMask(bits))));
    } else if (op == "neg") {
      emitIntBin(IB::Sub, kk, d, constant(0), a);
    } else {
      uint8_t f = kIntUnaryBase + (op == "abs" ? 0 : op == "popc" ? 1 : 2);
      Inst i = make(Opc::IntBin);
      i.f = f;
      i.k = kk;
      i.d = d;
      i.a = a;
      i.b = a;
      emit(i);
    }
    return success();
  }
  if (op == "cnot")
    return intExt(IntOp::Cnot, 1);
  if (op == "brev")
    return intExt(IntOp::Brev, 1);
  if (op == "bfind") {
    auto s = intExt(IntOp::Bfind, 1);
    if (succeeded(s))
      static_cast<IntExt *>(prog.ext.back().get())->f = in.has("shiftamt");
    return s;
  }
  if (op == "bfe")
    return intExt(IntOp::Bfe, 3);
  if (op == "bfi")
    return intExt(IntOp::Bfi, 4);
  if (op == "prmt") {
    // prmt.b32{.mode}: the mode is the part after the type.
    static const char *const kModes[] = {"f4e", "b4e", "rc8",
                                         "ecl", "ecr", "rc16"};
    int64_t mode = 0;
    for (unsigned i = 0; i < 6; ++i)
      if (in.has(kModes[i]))
        mode = i + 1;
    auto s = intExt(IntOp::Prmt, 3);
    if (succeeded(s))
      static_cast<IntExt *>(prog.ext.back().get())->imm = mode;
    return s;
  }
  if (op == "lop3") {
    // lop3.b32 d, a, b, c, immLut
    if (failed(expectOperands(in, 5, 5)))
      return failure();
    if (in.ops[4].kind != Operand::Kind::Imm)
      return error() << "lop3's lookup table must be an immediate";
    auto e = std::make_unique<IntExt>();
    e->op = IntOp::Lop3;
    e->bits = bits;
    e->d = dest(in.ops[0], ok);
    e->a = ok ? value(in.ops[1], bits, ok) : 0;
    e->b = ok ? value(in.ops[2], bits, ok) : 0;
    e->c = ok ? value(in.ops[3], bits, ok) : 0;
    if (!ok)
      return failure();
    e->imm = in.ops[4].imm & 0xFF;
    c.emitExt(std::move(e));
    return success();
  }
  if (op == "shf") {
    auto s = intExt(in.has("l") ? IntOp::ShfL : IntOp::ShfR, 3);
    if (succeeded(s))
      static_cast<IntExt *>(prog.ext.back().get())->f = in.has("clamp");
    return s;
  }
  if (op == "sad")
    return intExt(IntOp::Sad, 3);
  if (op == "dp4a" || op == "dp2a") {
    if (in.parts.size() < 3)
      return notModeled();
    auto s = intExt(op == "dp4a" ? IntOp::Dp4a : IntOp::Dp2a, 3);
    if (succeeded(s)) {
      auto *e = static_cast<IntExt *>(prog.ext.back().get());
      // dp4a.atype.btype: bit 0 signed a, bit 1 signed b; dp2a.lo/.hi.
      StringRef at = in.parts[in.parts.size() - 2];
      e->f = (at.starts_with("s") ? 1 : 0) | (type.starts_with("s") ? 2 : 0) |
             (in.has("hi") ? 4 : 0);
      e->bits = 32;
    }
    return s;
  }

  if (op == "setp" || op == "set") {
    // setp.cmp{.bool}{.ftz}.type p{|q}, a, b{, {!}c}
    // set.cmp{.bool}{.ftz}.dtype.stype d, a, b{, {!}c}
    if (in.parts.size() < 3)
      return notModeled();
    StringRef stype = in.parts.back();
    StringRef dtype = op == "set" ? StringRef(in.parts[in.parts.size() - 2])
                                  : StringRef("pred");
    std::optional<CP> p = comparison(in.parts[1], stype);
    if (!p)
      return notModeled("comparison ." + in.parts[1] + " on ." + stype);
    StringRef boolOp;
    for (size_t i = 2; i + 1 < in.parts.size(); ++i)
      if (in.parts[i] == "and" || in.parts[i] == "or" || in.parts[i] == "xor")
        boolOp = in.parts[i];
    if (failed(expectOperands(in, 3, boolOp.empty() ? 3 : 4)))
      return failure();
    if (stype == "f16x2" || stype == "bf16x2") {
      // Two 16-bit lanes (lane 0 the low half), compared apart and each
      // combined with c: setp writes lane 0 to p and lane 1 to q; set packs
      // 1.0 (in the packed type) or 0xFFFF per lane.
      if (in.has("ftz"))
        return notModeled(".ftz comparisons of ." + stype);
      StringRef lane = stype == "f16x2" ? "f16" : "bf16";
      std::optional<CP> lp = comparison(in.parts[1], lane);
      if (!lp)
        return notModeled("comparison ." + in.parts[1] + " on ." + stype);
      const Operand &d = in.ops[0];
      if (op == "setp" && (d.pairName.empty() || d.kind == Operand::Kind::Sink))
        return notModeled("a packed setp without its p|q pair");
      uint32_t a = value(in.ops[1], 32, ok);
      uint32_t bb = ok ? value(in.ops[2], 32, ok) : 0;
      uint32_t cc = ok && !boolOp.empty() ? value(in.ops[3], 1, ok) : 0;
      if (!ok)
        return failure();
      IB combine = boolOp == "and" ? IB::And : boolOp == "or" ? IB::Or : IB::Xor;
      uint32_t t[2];
      for (unsigned i = 0; i < 2; ++i) {
        uint32_t la = temp(), lb = temp();
        emitIntBin(IB::ShrU, SK::I32, la, a, constant(16 * i));
        emitIntBin(IB::And, SK::I32, la, la, constant(0xFFFF));
        emitIntBin(IB::ShrU, SK::I32, lb, bb, constant(16 * i));
        emitIntBin(IB::And, SK::I32, lb, lb, constant(0xFFFF));
        t[i] = temp();
        emitCmp(*this, *lp, kindOf(lane), t[i], la, lb);
        if (!boolOp.empty())
          emitIntBin(combine, SK::I1, t[i], t[i], cc);
      }
      if (op == "setp") {
        uint32_t ds = dest(d, ok);
        if (!ok)
          return failure();
        emitMov(ds, t[0]);
        if (d.pairName != "_") {
          const Reg *q = lookupReg(d.pairName);
          if (!q)
            return error() << "undeclared register '" << d.pairName << "'";
          emitMov(q->slot, t[1]);
        }
        return success();
      }
      uint32_t ds = dest(d, ok);
      if (!ok)
        return failure();
      int64_t one = dtype == "f16x2" ? 0x3C00 : dtype == "bf16x2" ? 0x3F80 : 0xFFFF;
      uint32_t half[2];
      for (unsigned i = 0; i < 2; ++i) {
        half[i] = temp();
        Inst sel = make(Opc::Select);
        sel.d = half[i];
        sel.a = t[i];
        sel.b = constant(one);
        sel.c = constant(0);
        emit(sel);
      }
      emitIntBin(IB::Shl, SK::I32, half[1], half[1], constant(16));
      emitIntBin(IB::Or, SK::I32, ds, half[0], half[1]);
      return success();
    }
    bool ftz = in.has("ftz");
    if (ftz && stype != "f32")
      return notModeled(".ftz comparisons of ." + stype);
    unsigned sb = typeBits(stype);
    uint32_t a = value(in.ops[1], sb, ok);
    uint32_t bb = ok ? value(in.ops[2], sb, ok) : 0;
    if (!ok)
      return failure();
    if (ftz) {
      // .ftz.f32: subnormal inputs compare as (sign-preserving) zero. The
      // float extension flushes its inputs; x + -0.0 is x for every other
      // value (NaN stays NaN).
      for (uint32_t *src : {&a, &bb}) {
        auto e = std::make_unique<FltExt>();
        e->op = FltOp::Add;
        e->k = e->src = SK::F32;
        e->ftz = true;
        e->d = temp();
        e->a = *src;
        e->b = constant(0x80000000);
        *src = e->d;
        c.emitExt(std::move(e));
      }
    }
    uint32_t r = temp();
    emitCmp(*this, *p, cmpKind(stype), r, a, bb);
    uint32_t nr = temp();
    emitIntBin(IB::Xor, SK::I1, nr, r, constant(1));
    uint32_t cc = 0;
    IB combine = IB::And;
    if (!boolOp.empty()) {
      cc = value(in.ops[3], 1, ok);
      if (!ok)
        return failure();
      combine = boolOp == "and" ? IB::And : boolOp == "or" ? IB::Or : IB::Xor;
      emitIntBin(combine, SK::I1, r, r, cc);
      emitIntBin(combine, SK::I1, nr, nr, cc);
    }
    const Operand &d = in.ops[0];
    if (op == "setp") {
      if (d.kind != Operand::Kind::Sink) {
        uint32_t ds = dest(d, ok);
        if (!ok)
          return failure();
        emitMov(ds, r);
      }
      if (!d.pairName.empty() && d.pairName != "_") {
        const Reg *q = lookupReg(d.pairName);
        if (!q)
          return error() << "undeclared register '" << d.pairName << "'";
        emitMov(q->slot, nr);
      }
      return success();
    }
    // set: all ones (integers) or 1.0 (f32) when true.
    uint32_t ds = dest(d, ok);
    if (!ok)
      return failure();
    int64_t one = dtype == "f32"    ? 0x3F800000
                  : dtype == "f16"  ? 0x3C00
                  : dtype == "bf16" ? 0x3F80
                                    : int64_t(widthMask(typeBits(dtype)));
    Inst s = make(Opc::Select);
    s.d = ds;
    s.a = r;
    s.b = constant(one);
    s.c = constant(0);
    emit(s);
    return success();
  }
  if (op == "selp") {
    if (failed(expectOperands(in, 4, 4)))
      return failure();
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], bits, ok) : 0;
    uint32_t bb = ok ? value(in.ops[2], bits, ok) : 0;
    uint32_t p = ok ? value(in.ops[3], 1, ok) : 0;
    if (!ok)
      return failure();
    Inst s = make(Opc::Select);
    s.d = d;
    s.a = p;
    s.b = a;
    s.c = bb;
    emit(s);
    return success();
  }
  if (op == "slct") {
    // slct.dtype.ctype d, a, b, c: d = c >= 0 ? a : b. With .ftz a
    // negative subnormal c would count as 0: refused rather than ignored.
    if (in.has("ftz"))
      return notModeled(".ftz");
    if (failed(expectOperands(in, 4, 4)) || in.parts.size() < 3)
      return failure();
    StringRef dt = in.parts[1];
    unsigned db = typeBits(dt);
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], db, ok) : 0;
    uint32_t bb = ok ? value(in.ops[2], db, ok) : 0;
    uint32_t cc = ok ? value(in.ops[3], 32, ok) : 0;
    if (!ok)
      return failure();
    uint32_t p = temp();
    if (type == "f32")
      emitCmp(*this, CP::FUge, SK::F32, p, cc, constant(0));
    else
      emitCmp(*this, CP::Sge, SK::I32, p, cc, constant(0));
    Inst s = make(Opc::Select);
    s.d = d;
    s.a = p;
    s.b = a;
    s.c = bb;
    emit(s);
    return success();
  }
  handled = false;
  return success();
}

uint32_t Translator::carrySlot() {
  if (!carry)
    carry = temp();
  return carry;
}

//===----------------------------------------------------------------------===//
// Floats
//===----------------------------------------------------------------------===//

static Round roundOf(const Instr &in, bool &integral) {
  integral = false;
  for (const std::string &p : in.parts) {
    StringRef s = p;
    if (s == "rz" || s == "rzi") {
      integral = s == "rzi";
      return Round::Zero;
    }
    if (s == "rm" || s == "rmi") {
      integral = s == "rmi";
      return Round::Down;
    }
    if (s == "rp" || s == "rpi") {
      integral = s == "rpi";
      return Round::Up;
    }
    if (s == "rn" || s == "rni") {
      integral = s == "rni";
      return Round::Nearest;
    }
  }
  return Round::Nearest;
}

LogicalResult Translator::translateFloat(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  StringRef type = in.parts.back();
  bool ok = true;
  unsigned lanes = type.ends_with("x2") ? 2 : 1;
  SK k = lanes == 2 ? (type.starts_with("bf")    ? SK::BF16
                       : type.starts_with("f32") ? SK::F32
                                                 : SK::F16)
                    : kindOf(type);
  unsigned bits = typeBits(type);
  bool integral;
  Round rnd = roundOf(in, integral);
  bool ftz = in.has("ftz"), sat = in.has("sat") || in.has("satfinite"),
       relu = in.has("relu"), nanMod = in.has("NaN");
  if (in.has("xorsign") || in.has("oob"))
    return notModeled();
  // The mixed-precision lines (add.f32.bf16, fma.rn.f32.f16) convert the
  // 16-bit sources first; the type is the one before the last.
  if (in.parts.size() > 2 && isFloatType(in.parts[in.parts.size() - 2]))
    return notModeled("mixed-precision sources");
  // .ftz on the half types flushes their subnormals, which the float
  // extension does for f32 only: refused rather than ignored (f64 has no
  // .ftz; LLVM never emits it on halves).
  if (ftz && k != SK::F32)
    return notModeled(".ftz on ." + type.str());
  // .NaN min/max return the canonical NaN (0x7FFFFFFF): the extension op.
  bool simple = rnd == Round::Nearest && !ftz && !sat && !relu && !nanMod;

  unsigned nIn = llvm::StringSwitch<unsigned>(op)
                     .Cases({"fma", "mad"}, 3)
                     .Cases({"add", "sub", "mul", "div", "min", "max",
                             "copysign"},
                            2)
                     .Default(1);
  if (op == "testp") {
    if (failed(expectOperands(in, 2, 2)) || in.parts.size() < 3)
      return failure();
    auto e = std::make_unique<FltExt>();
    e->op = FltOp::Testp;
    e->k = k;
    StringRef kind = in.parts[1];
    e->testKind = llvm::StringSwitch<uint8_t>(kind)
                      .Case("finite", 0)
                      .Case("infinite", 1)
                      .Case("number", 2)
                      .Case("notanumber", 3)
                      .Case("normal", 4)
                      .Case("subnormal", 5)
                      .Default(255);
    if (e->testKind == 255)
      return notModeled();
    e->d = dest(in.ops[0], ok);
    e->a = ok ? value(in.ops[1], bits, ok) : 0;
    if (!ok)
      return failure();
    c.emitExt(std::move(e));
    return success();
  }
  if ((op == "min" || op == "max") && in.ops.size() == 4 && k == SK::F32 &&
      lanes == 1) {
    // The three-input f32 form (sm_100): min(min(a, b), c) with the same
    // modifiers; `.abs` takes the magnitudes first.
    uint32_t d = dest(in.ops[0], ok);
    uint32_t srcs[3];
    for (unsigned j = 0; j < 3 && ok; ++j)
      srcs[j] = value(in.ops[j + 1], 32, ok);
    if (!ok)
      return failure();
    auto flt = [&](FltOp fop, uint32_t dst, uint32_t a, uint32_t b) {
      auto e = std::make_unique<FltExt>();
      e->op = fop;
      e->k = e->src = SK::F32;
      e->lanes = 1;
      e->ftz = ftz;
      e->nan = nanMod;
      e->d = dst;
      e->a = a;
      e->b = b;
      c.emitExt(std::move(e));
    };
    if (in.has("abs"))
      for (uint32_t &src : srcs) {
        uint32_t t = temp();
        flt(FltOp::Abs, t, src, src);
        src = t;
      }
    FltOp fop = op == "min" ? FltOp::Min : FltOp::Max;
    uint32_t t = temp();
    flt(fop, t, srcs[0], srcs[1]);
    flt(fop, d, t, srcs[2]);
    return success();
  }
  if (failed(expectOperands(in, nIn + 1, nIn + 1)))
    return failure();
  uint32_t d = dest(in.ops[0], ok);
  uint32_t srcs[3] = {0, 0, 0};
  for (unsigned i = 0; i < nIn && ok; ++i)
    srcs[i] = value(in.ops[i + 1], bits, ok);
  if (!ok)
    return failure();
  std::optional<FB> fb = llvm::StringSwitch<std::optional<FB>>(op)
                             .Case("add", FB::Add)
                             .Case("sub", FB::Sub)
                             .Case("mul", FB::Mul)
                             .Case("div", FB::Div)
                             .Case("min", nanMod ? FB::Minimum : FB::MinNum)
                             .Case("max", nanMod ? FB::Maximum : FB::MaxNum)
                             .Default(std::nullopt);
  std::optional<FU> fu = llvm::StringSwitch<std::optional<FU>>(op)
                             .Case("abs", FU::Abs)
                             .Case("neg", FU::Neg)
                             .Case("sqrt", FU::Sqrt)
                             .Case("rsqrt", FU::Rsqrt)
                             .Case("sin", FU::Sin)
                             .Case("cos", FU::Cos)
                             .Case("lg2", FU::Log2)
                             .Case("ex2", FU::Exp2)
                             .Case("tanh", FU::Tanh)
                             .Default(std::nullopt);
  if (simple && lanes == 1 && k != SK::None) {
    if (fb) {
      Inst i = make(Opc::FltBin);
      i.f = static_cast<uint8_t>(*fb);
      i.k = k;
      i.d = d;
      i.a = srcs[0];
      i.b = srcs[1];
      emit(i);
      return success();
    }
    if (op == "copysign") {
      // copysign d, a, b: b's magnitude with a's sign.
      Inst i = make(Opc::FltBin);
      i.f = static_cast<uint8_t>(FB::CopySign);
      i.k = k;
      i.d = d;
      i.a = srcs[1];
      i.b = srcs[0];
      emit(i);
      return success();
    }
    if (op == "fma" || op == "mad") {
      Inst i = make(Opc::Fma);
      i.k = k;
      i.d = d;
      i.a = srcs[0];
      i.b = srcs[1];
      i.c = srcs[2];
      emit(i);
      return success();
    }
    if (op == "rcp") {
      Inst i = make(Opc::FltBin);
      i.f = static_cast<uint8_t>(FB::Div);
      i.k = k;
      i.d = d;
      i.a = constant(static_cast<int64_t>(doubleToFloatBits(k, 1.0)));
      i.b = srcs[0];
      emit(i);
      return success();
    }
    if (fu) {
      Inst i = make(Opc::FltUn);
      i.f = static_cast<uint8_t>(*fu);
      i.k = k;
      i.d = d;
      i.a = srcs[0];
      emit(i);
      return success();
    }
  }
  if (simple && lanes == 2 && (fb || op == "fma" || fu)) {
    // Packed halves: the hot loop's element-wise vector op over the
    // register's two 16-bit lanes.
    VecDesc v;
    v.k = k;
    v.srcKind = k;
    v.n = 2;
    if (fb) {
      v.op = Opc::FltBin;
      v.f = static_cast<uint8_t>(*fb);
    } else if (op == "fma") {
      v.op = Opc::Fma;
    } else {
      v.op = Opc::FltUn;
      v.f = static_cast<uint8_t>(*fu);
    }
    prog.vecs.push_back(v);
    Inst i = make(Opc::VecOp);
    i.x = static_cast<uint32_t>(prog.vecs.size() - 1);
    i.d = d;
    i.a = srcs[0];
    i.b = srcs[1];
    i.c = srcs[2];
    emit(i);
    return success();
  }
  std::optional<FltOp> fo = llvm::StringSwitch<std::optional<FltOp>>(op)
                                .Case("add", FltOp::Add)
                                .Case("sub", FltOp::Sub)
                                .Case("mul", FltOp::Mul)
                                .Cases({"fma", "mad"}, FltOp::Fma)
                                .Case("div", FltOp::Div)
                                .Case("rcp", FltOp::Rcp)
                                .Case("sqrt", FltOp::Sqrt)
                                .Case("rsqrt", FltOp::Rsqrt)
                                .Case("min", FltOp::Min)
                                .Case("max", FltOp::Max)
                                .Case("abs", FltOp::Abs)
                                .Case("neg", FltOp::Neg)
                                .Case("ex2", FltOp::Ex2)
                                .Case("lg2", FltOp::Lg2)
                                .Case("sin", FltOp::Sin)
                                .Case("cos", FltOp::Cos)
                                .Case("tanh", FltOp::Tanh)
                                .Case("copysign", FltOp::Copysign)
                                .Default(std::nullopt);
  if (!fo || k == SK::None)
    return notModeled();
  auto e = std::make_unique<FltExt>();
  e->op = *fo;
  e->k = k;
  e->src = k;
  e->lanes = lanes;
  e->round = rnd;
  e->ftz = ftz;
  e->sat = sat;
  e->relu = relu;
  e->nan = nanMod;
  e->d = d;
  e->a = srcs[0];
  e->b = srcs[1];
  e->c = srcs[2];
  c.emitExt(std::move(e));
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateCvt(const Instr &in, bool &handled) {
  handled = true;
  if (in.parts.size() < 3)
    return notModeled();
  if (in.has("pack"))
    return notModeled("the saturating packs");
  StringRef dt = in.parts[in.parts.size() - 2];
  StringRef st = in.parts.back();
  bool ok = true;
  bool integral;
  Round rnd = roundOf(in, integral);
  bool ftz = in.has("ftz"), sat = in.has("sat"), relu = in.has("relu"),
       satfinite = in.has("satfinite");
  const Operand &dop = in.ops.empty() ? Operand() : in.ops[0];
  const Reg *dreg = destReg(dop);
  unsigned regBits = dreg ? dreg->bits : typeBits(dt);

  if (in.has("rs"))
    return notModeled("stochastic rounding (.rs)");
  // Packed conversions: two f32 sources (`a` the high lane) or one packed
  // register, to or from packed halves, fp8, and the narrow formats of
  // sm_100 (fp6 e2m3/e3m2, fp4 e2m1, the ue8m0 scale).
  auto narrowOf = [](StringRef t) {
    return t == "e2m1x2"    ? NarrowFmt::E2M1
           : t == "e2m3x2"  ? NarrowFmt::E2M3
           : t == "e3m2x2"  ? NarrowFmt::E3M2
           : t == "ue8m0x2" ? NarrowFmt::UE8M0
                            : NarrowFmt::None;
  };
  auto packedKind = [](StringRef t) {
    return t == "f16x2"    ? SK::F16
           : t == "bf16x2" ? SK::BF16
           : t == "e4m3x2" ? SK::E4M3
           : t == "e5m2x2" ? SK::E5M2
                           : SK::None;
  };
  NarrowFmt dfmt = narrowOf(dt), sfmt = narrowOf(st);
  SK dpk = packedKind(dt), spk = packedKind(st);
  if (dfmt != NarrowFmt::None || sfmt != NarrowFmt::None ||
      dpk != SK::None || spk != SK::None) {
    bool fromPair = st == "f32";
    if (failed(expectOperands(in, fromPair ? 3 : 2, fromPair ? 3 : 2)))
      return failure();
    auto e = std::make_unique<FltExt>();
    e->op = FltOp::CvtPack;
    e->k = dpk;
    e->dfmt = dfmt;
    e->sfmt = sfmt;
    e->src = fromPair ? SK::F32 : spk;
    bool known = (dpk != SK::None || dfmt != NarrowFmt::None) &&
                 (fromPair || spk != SK::None || sfmt != NarrowFmt::None);
    if (!known)
      return notModeled("conversion ." + st + " to ." + dt);
    e->lanes = 2;
    e->round = rnd;
    e->relu = relu;
    e->satfinite = satfinite;
    e->sat = sat;
    e->d = dest(in.ops[0], ok);
    e->a = ok ? value(in.ops[1], fromPair ? 32 : typeBits(st), ok) : 0;
    if (fromPair && ok)
      e->b = value(in.ops[2], 32, ok);
    if (!ok)
      return failure();
    c.emitExt(std::move(e));
    return success();
  }
  if (failed(expectOperands(in, 2, 2)))
    return failure();
  SK dk = kindOf(dt), sk = kindOf(st);
  if (dk == SK::None || sk == SK::None || dt == "pred" || st == "pred")
    return notModeled("conversion ." + st + " to ." + dt);
  unsigned db = typeBits(dt), sbits = typeBits(st);
  uint32_t d = dest(in.ops[0], ok);
  uint32_t a = ok ? value(in.ops[1], sbits, ok) : 0;
  if (!ok)
    return failure();
  bool dInt = skIsInt(dk), sInt = skIsInt(sk);
  bool dSigned = dt.starts_with("s"), sSigned = st.starts_with("s");

  if (dInt && sInt) {
    if (sat)
      return notModeled(".sat integer conversions");
    // Extend from the source width (its signedness), truncate to the
    // destination's, extend to the register's (the destination's
    // signedness).
    Inst i = make(Opc::Ext);
    unsigned w = std::min(db, sbits);
    bool signedFrom = db > sbits ? sSigned : dSigned;
    i.k = intKind(w);
    i.f = signedFrom;
    i.d = d;
    i.a = a;
    i.imm = static_cast<int64_t>(widthMask(std::max(regBits, db)));
    emit(i);
    if (db > sbits && regBits > db && dSigned != sSigned) {
      // e.g. cvt.s32.u16 into a 64-bit register: the value fits db bits.
      emitMask(d, d, db);
      if (dSigned)
        emitSext(d, d, db, regBits);
    }
    return success();
  }
  bool fancy = ftz || sat || relu || satfinite ||
               (rnd != Round::Nearest && !(dInt && !sInt) && !integral);
  if (!fancy) {
    if (dInt) { // float -> int
      uint32_t v = a;
      if (rnd != Round::Zero) {
        v = temp();
        Inst r = make(Opc::FltUn);
        r.f = static_cast<uint8_t>(rnd == Round::Nearest ? FU::RoundEven
                                   : rnd == Round::Down  ? FU::Floor
                                                         : FU::Ceil);
        r.k = sk;
        r.d = v;
        r.a = a;
        emit(r);
      }
      Inst i = make(Opc::Cvt);
      i.f = static_cast<uint8_t>(dSigned ? CV::FPToSI : CV::FPToUI);
      i.k = dk;
      i.imm = static_cast<int64_t>(sk);
      i.d = d;
      i.a = v;
      emit(i);
      if (dSigned && regBits > db)
        emitSext(d, d, db, regBits);
      return success();
    }
    if (sInt) { // int -> float
      Inst i = make(Opc::Cvt);
      i.f = static_cast<uint8_t>(sSigned ? CV::SIToFP : CV::UIToFP);
      i.k = dk;
      i.imm = static_cast<int64_t>(sk);
      i.d = d;
      i.a = a;
      emit(i);
      return success();
    }
    if (integral) { // cvt.rni.f32.f32 and friends
      if (dk != sk)
        return notModeled("integral rounding between float types");
      Inst r = make(Opc::FltUn);
      r.f = static_cast<uint8_t>(rnd == Round::Nearest ? FU::RoundEven
                                 : rnd == Round::Down  ? FU::Floor
                                 : rnd == Round::Up    ? FU::Ceil
                                                       : FU::Trunc);
      r.k = sk;
      r.d = d;
      r.a = a;
      emit(r);
      return success();
    }
    Inst i = make(Opc::Cvt);
    i.f = static_cast<uint8_t>(CV::FToF);
    i.k = dk;
    i.imm = static_cast<int64_t>(sk);
    i.d = d;
    i.a = a;
    emit(i);
    return success();
  }
  auto e = std::make_unique<FltExt>();
  e->op = FltOp::Cvt;
  e->k = dk;
  e->src = sk;
  e->round = rnd;
  e->roundInt = integral;
  e->ftz = ftz && (sk == SK::F32 || dk == SK::F32);
  e->sat = sat;
  e->relu = relu;
  e->satfinite = satfinite;
  e->toInt = dInt;
  e->fromInt = sInt;
  e->isSigned = dInt ? dSigned : sSigned;
  e->intBits = dInt ? db : sbits;
  e->regBits = regBits;
  e->d = d;
  e->a = a;
  c.emitExt(std::move(e));
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateControl(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;
  if (op == "bra") {
    if (failed(expectOperands(in, 1, 1)))
      return failure();
    const Operand &l = in.ops[0];
    if (l.kind != Operand::Kind::Sym)
      return error() << "bra takes a label";
    Inst j = make(Opc::Jmp);
    if (!in.guard.empty()) {
      const Reg *p = lookupReg(in.guard);
      if (!p)
        return error() << "undeclared predicate '" << in.guard << "'";
      j = make(in.guardNegated ? Opc::BrFalse : Opc::BrTrue);
      j.a = p->slot;
    }
    uint32_t at = emit(j);
    branchFixups.emplace_back(at, scopeStack.back(), l.name, &in);
    return success();
  }
  if (op == "brx") {
    // brx.idx{.uni} index, tlist: a jump to the index'th label of the
    // .branchtargets list `tlist` (out of range: undefined, reported).
    if (!in.has("idx") || failed(expectOperands(in, 2, 2)))
      return error() << "brx takes .idx, an index and a .branchtargets "
                        "label";
    const Operand &l = in.ops[1];
    if (l.kind != Operand::Kind::Sym)
      return error() << "brx.idx takes a .branchtargets label";
    const std::vector<std::string> *targets = nullptr;
    for (uint32_t s = scopeStack.back(); s != ~0u && !targets;
         s = scopeParent[s]) {
      auto it = branchTargets.find({s, l.name});
      if (it != branchTargets.end())
        targets = &it->second;
    }
    if (!targets)
      return error() << "'" << l.name
                     << "' is not a .branchtargets list declared before the "
                        "brx.idx";
    uint32_t index = value(in.ops[0], 32, ok);
    if (!ok)
      return failure();
    uint32_t p = temp();
    for (size_t k = 0; k < targets->size(); ++k) {
      emitCmp(*this, CP::Eq, SK::I32, p, index,
              constant(static_cast<int64_t>(k)));
      Inst j = make(Opc::BrTrue);
      j.a = p;
      uint32_t at = emit(j);
      branchFixups.emplace_back(at, scopeStack.back(), (*targets)[k], &in);
    }
    auto e = std::make_unique<Trap>();
    e->instr = in.text;
    e->message = "executes '" + in.text + "' with an index past its " +
                 std::to_string(targets->size()) +
                 " branch targets (undefined behavior)";
    c.emitExt(std::move(e));
    return success();
  }
  if (op == "ret") {
    if (func->isEntry) {
      emit(make(Opc::Exit));
      return success();
    }
    RetInfo ret;
    for (const ParamVar &r : funcInfos[func->name].results) {
      ret.values.push_back(r.slot);
      ret.widths.push_back(
          static_cast<uint32_t>(std::max<uint64_t>(1, (r.bytes + 7) / 8)));
    }
    prog.rets.push_back(std::move(ret));
    Inst i = make(Opc::Ret);
    i.x = static_cast<uint32_t>(prog.rets.size() - 1);
    emit(i);
    return success();
  }
  if (op == "exit") {
    emit(make(Opc::Exit));
    return success();
  }
  if (op == "trap" || op == "brkpt") {
    auto e = std::make_unique<Trap>();
    e->instr = in.text;
    c.emitExt(std::move(e));
    return success();
  }
  if (op == "call") {
    // call{.uni} (results), name, (args);  or  call{.uni} name, (args);
    std::vector<const Operand *> ops;
    for (const Operand &o : in.ops)
      ops.push_back(&o);
    const Operand *results = nullptr, *callee = nullptr, *args = nullptr;
    size_t k = 0;
    if (k < ops.size() && ops[k]->kind == Operand::Kind::List)
      results = ops[k++];
    if (k < ops.size())
      callee = ops[k++];
    if (k < ops.size() && ops[k]->kind == Operand::Kind::List)
      args = ops[k++];
    if (!callee || callee->kind != Operand::Kind::Sym || k != ops.size())
      return notModeled("indirect calls and call prototypes");
    auto fit = functionIndex.find(callee->name);
    if (fit == functionIndex.end())
      return error() << "call of '" << callee->name
                     << "', a function without a body in this module (the "
                        "simulator runs only the module's functions)";
    const FuncInfo &fi = funcInfos[callee->name];
    CallInfo call;
    call.callee = fit->second;
    auto argList = [&](const Operand *list, const std::vector<ParamVar> &want,
                       std::vector<uint32_t> &slots,
                       std::vector<uint32_t> &widths) -> LogicalResult {
      size_t n = list ? list->elems.size() : 0;
      if (n != want.size())
        return error() << "call of '" << callee->name << "' passes " << n
                       << " values where it takes " << want.size();
      for (size_t i = 0; i < n; ++i) {
        const Operand &e = list->elems[i];
        auto pit = params.find(e.name);
        if (pit == params.end())
          return error() << "call argument '" << e.name
                         << "' is not a .param variable";
        slots.push_back(pit->second.slot);
        widths.push_back(static_cast<uint32_t>(
            std::max<uint64_t>(1, (want[i].bytes + 7) / 8)));
      }
      return success();
    };
    if (failed(argList(args, fi.params, call.args, call.argWidths)) ||
        failed(argList(results, fi.results, call.results, call.resultWidths)))
      return failure();
    prog.calls.push_back(std::move(call));
    Inst i = make(Opc::Call);
    i.x = static_cast<uint32_t>(prog.calls.size() - 1);
    i.a = funcIndex;
    emit(i);
    (void)ok;
    return success();
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// Instructions and bodies
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateInstr(const Instr &in) {
  cur = &in;
  curLocation = locationOf(in);
  // A location holder for the instructions emitted below (built ops carry
  // the same location themselves).
  OperationState holder(curLocation, "builtin.unrealized_conversion_cast");
  c.curLoc = prog.addOp(b.create(holder));

  // A guard: skip the instruction when the predicate is false.
  uint32_t skip = ~0u;
  bool isBranch = in.parts[0] == "bra";
  if (!in.guard.empty() && !isBranch) {
    const Reg *p = lookupReg(in.guard);
    if (!p)
      return error() << "undeclared predicate '" << in.guard << "'";
    Inst j = make(in.guardNegated ? Opc::BrTrue : Opc::BrFalse);
    j.a = p->slot;
    skip = emit(j);
  }
  using Family = LogicalResult (Translator::*)(const Instr &, bool &);
  bool handled = false;
  for (Family f :
       {&Translator::translateControl, &Translator::translateMemory,
        &Translator::translateSync, &Translator::translateWarp,
        &Translator::translateCopy, &Translator::translateMMA,
        &Translator::translateTcgen05, &Translator::translateScalar}) {
    if (failed((this->*f)(in, handled)))
      return failure();
    if (handled)
      break;
  }
  if (!handled && in.parts[0] == "cvt") {
    if (failed(translateCvt(in, handled)))
      return failure();
  }
  if (!handled && failed(translateTable(in, handled)))
    return failure();
  if (!handled)
    return notModeled();
  if (skip != ~0u)
    prog.code[skip].x = c.pc();
  return success();
}

LogicalResult Translator::translateBody(const Function &f) {
  func = &f;
  // Pass 1: scope instances and the labels each defines.
  scopeParent.assign(1, ~0u);
  std::vector<uint32_t> stack = {0};
  std::vector<uint32_t> labelScope(f.labels.size(), 0);
  for (const Stmt &s : f.body) {
    switch (s.kind) {
    case Stmt::Kind::Open:
      scopeParent.push_back(stack.back());
      stack.push_back(static_cast<uint32_t>(scopeParent.size() - 1));
      break;
    case Stmt::Kind::Close:
      if (stack.size() > 1)
        stack.pop_back();
      break;
    case Stmt::Kind::Label:
      labelScope[s.index] = stack.back();
      break;
    default:
      break;
    }
  }
  // Pass 2: code.
  uint32_t nextScope = 0;
  scopeStack.assign(1, 0);
  labelPcs.clear();
  branchFixups.clear();
  branchTargets.clear();
  // The label of the statement just before (a .branchtargets list's name).
  const Stmt *prev = nullptr;
  for (const Stmt &s : f.body) {
    const Stmt *before = prev;
    prev = &s;
    switch (s.kind) {
    case Stmt::Kind::Open:
      scopes.emplace_back();
      scopeStack.push_back(++nextScope);
      break;
    case Stmt::Kind::Close:
      if (scopes.size() > 1) {
        scopes.pop_back();
        scopeStack.pop_back();
      }
      break;
    case Stmt::Kind::Label: {
      auto key = std::make_pair(labelScope[s.index], f.labels[s.index]);
      if (labelPcs.count(key))
        return emitError(ptxLocation(f.labelPos[s.index]))
               << "label '" << f.labels[s.index] << "' defined twice";
      labelPcs[key] = c.pc();
      break;
    }
    case Stmt::Kind::Decl: {
      const VarDecl &d = f.decls[s.index];
      if (d.space == "reg") {
        if (failed(declareRegs(d)))
          return failure();
      } else if (d.space == "param") {
        // A call's argument or result buffer.
        ParamVar p;
        p.bytes = d.bytes();
        p.slot = temp(static_cast<uint32_t>(std::max<uint64_t>(
            1, (p.bytes + 7) / 8)));
        p.offset = 0;
        params[d.name] = p;
      } else if (d.space != "shared" && d.space != "local") {
        return emitError(ptxLocation(d.pos))
               << "." << d.space
               << " variables inside a function are not modeled by the "
                  "simulator";
      }
      break;
    }
    case Stmt::Kind::Instr: {
      const Instr &in = f.instrs[s.index];
      if (in.opcode == ".branchtargets") {
        // `label: .branchtargets l0, l1, ...;` (declares, runs nothing).
        cur = &in;
        curLocation = locationOf(in);
        if (!before || before->kind != Stmt::Kind::Label)
          return error() << ".branchtargets needs a label";
        std::vector<std::string> names;
        for (const Operand &o : in.ops) {
          if (o.kind != Operand::Kind::Sym)
            return error() << ".branchtargets lists labels";
          names.push_back(o.name);
        }
        branchTargets[{labelScope[before->index], f.labels[before->index]}] =
            std::move(names);
        break;
      }
      if (failed(translateInstr(in)))
        return failure();
      break;
    }
    }
  }
  // The end of a kernel is its exit; of a function, a return.
  if (f.isEntry) {
    emit(make(Opc::Exit));
  } else {
    Instr ret;
    ret.opcode = "ret";
    ret.parts = {"ret"};
    ret.pos = f.pos;
    ret.text = "ret;";
    if (failed(translateInstr(ret)))
      return failure();
  }
  for (auto &[at, scope, name, instr] : branchFixups) {
    bool found = false;
    for (uint32_t s = scope; s != ~0u; s = scopeParent[s]) {
      auto it = labelPcs.find({s, name});
      if (it != labelPcs.end()) {
        prog.code[at].x = it->second;
        found = true;
        break;
      }
    }
    if (!found) {
      cur = instr;
      curLocation = locationOf(*instr);
      return error() << "branch to undefined label '" << name << "'";
    }
  }
  return success();
}

/// Lays out the function's .shared and .local variables.
static LogicalResult layoutVariables(Translator &T, const Function &f,
                                     uint64_t &shared, uint64_t &local) {
  for (const VarDecl &d : f.decls) {
    uint64_t align = std::max<uint64_t>(d.align ? d.align : d.elemBytes(), 1);
    if (d.space == "shared") {
      if (d.arrayLen < 0)
        return emitError(T.ptxLocation(d.pos))
               << "dynamic shared memory is declared at the module level";
      shared = llvm::alignTo(shared, align);
      T.sharedVars[d.name] = shared;
      shared += d.bytes();
    } else if (d.space == "local") {
      local = llvm::alignTo(local, align);
      T.localVars[d.name] = local;
      local += d.bytes();
    }
  }
  return success();
}

/// A parameter's ABI from its declaration.
static std::string inferABI(const VarDecl &p) {
  if (p.arrayLen == 128 && p.type == "b8" && p.align >= 64)
    return "tensormap";
  if (p.isPtr)
    return "pointer";
  unsigned bits = typeBits(p.type);
  // A scalar LLVM passes as bytes (`.b8 p[2]` for an f16/bf16/i16): its
  // bits, as an integer of that size.
  if (p.arrayLen > 0 && p.type == "b8") {
    switch (p.arrayLen) {
    case 1:
      return "i8";
    case 2:
      return "i16";
    case 4:
      return "i32";
    case 8:
      return "i64";
    default:
      return "";
    }
  }
  if (p.arrayLen > 0)
    return "";
  if (p.type == "f32")
    return "f32";
  if (p.type == "f64")
    return "f64";
  if (p.type == "f16")
    return "f16";
  if (p.type == "bf16")
    return "bf16";
  switch (bits) {
  case 8:
    return "i8";
  case 16:
    return "i16";
  case 32:
    return "i32";
  case 64:
    return "i64";
  default:
    return "";
  }
}

static uint64_t abiBytes(StringRef abi) {
  return llvm::StringSwitch<uint64_t>(abi)
      .Cases({"i1", "i8"}, 1)
      .Cases({"i16", "f16", "bf16"}, 2)
      .Cases({"i32", "f32"}, 4)
      .Cases({"i64", "index", "f64", "pointer"}, 8)
      .Case("tensormap", 128)
      .Default(0);
}

LogicalResult Translator::translateFunction(const Function &f) {
  scopes.assign(1, {});
  params.clear();
  constSlots.clear();
  constOrder.clear();
  carry = 0;
  FuncInfo &fi = funcInfos[f.name];
  fi.params.clear();
  fi.results.clear();
  FunctionCode &fc = prog.functions[funcIndex];
  OperationState holder(ptxLocation(f.pos),
                        "builtin.unrealized_conversion_cast");
  fc.op = b.create(holder);
  c.curLoc = prog.addOp(fc.op);
  // Callee-side parameter and result buffers.
  for (const VarDecl &p : f.params) {
    ParamVar v;
    v.bytes = p.bytes();
    v.slot = temp(static_cast<uint32_t>(std::max<uint64_t>(1, (v.bytes + 7) / 8)));
    params[p.name] = v;
    fi.params.push_back(v);
    fc.paramSlots.push_back(v.slot);
    fc.paramWidths.push_back(
        static_cast<uint32_t>(std::max<uint64_t>(1, (v.bytes + 7) / 8)));
  }
  for (const VarDecl &r : f.results) {
    ParamVar v;
    v.bytes = r.bytes();
    v.slot = temp(static_cast<uint32_t>(std::max<uint64_t>(1, (v.bytes + 7) / 8)));
    params[r.name] = v;
    fi.results.push_back(v);
  }
  // Entry: jump to the constant prologue, emitted after the body.
  fc.entry = c.pc();
  uint32_t toPrologue = emit(make(Opc::Jmp));
  uint32_t body = c.pc();
  if (failed(translateBody(f)))
    return failure();
  prog.code[toPrologue].x = c.pc();
  for (auto [v, s] : constOrder)
    emitConst(s, v);
  Inst back = make(Opc::Jmp);
  back.x = body;
  emit(back);
  fc.numSlots = c.slotsUsed();
  return success();
}

LogicalResult Translator::translateKernel(const Function &entry,
                                          const PTXLaunch &launch,
                                          ArrayRef<uint32_t> paramSlots) {
  // Shared and local memory: the module's shared variables, then the
  // kernel's, then the dynamic shared memory (the extern declaration's
  // alignment, at least 16).
  uint64_t shared = 0, local = 0;
  const VarDecl *dyn = nullptr;
  for (const VarDecl &g : mod.globals) {
    uint64_t align = std::max<uint64_t>(g.align ? g.align : g.elemBytes(), 1);
    if (g.space == "shared") {
      if (g.arrayLen < 0 || g.isExtern) {
        if (dyn && dyn->name != g.name)
          return emitError(ptxLocation(g.pos))
                 << "a second extern .shared array; the simulator models one "
                    "dynamic shared memory arena";
        dyn = &g;
        continue;
      }
      shared = llvm::alignTo(shared, align);
      sharedVars[g.name] = shared;
      shared += g.bytes();
    } else if (g.space == "global" || g.space == "const") {
      // A variable in global memory the program defines (LLVM's switch
      // tables and constant arrays): a static block with its initializer
      // (the elements given; the rest zero).
      if (g.isExtern || g.arrayLen < 0)
        return emitError(ptxLocation(g.pos))
               << "extern ." << g.space << " variable '" << g.name
               << "' (defined in another module) is not modeled by the "
                  "simulator";
      Program::StaticBlock sb;
      sb.name = g.name;
      sb.data.assign(g.bytes(), 0);
      unsigned eb = g.elemBytes();
      if (g.init.size() * eb > sb.data.size())
        return emitError(ptxLocation(g.pos))
               << "the initializer of '" << g.name << "' has more elements "
               << "than the variable";
      for (size_t k = 0; k < g.init.size(); ++k) {
        uint64_t v = static_cast<uint64_t>(g.init[k]);
        std::memcpy(sb.data.data() + k * eb, &v, std::min(eb, 8u));
      }
      globalVars[g.name] = static_cast<uint32_t>(prog.staticBlocks.size());
      prog.staticBlocks.push_back(std::move(sb));
    }
  }
  if (failed(layoutVariables(*this, entry, shared, local)))
    return failure();
  for (const Function &f : mod.functions)
    if (!f.isEntry && !f.isExtern &&
        failed(layoutVariables(*this, f, shared, local)))
      return failure();
  uint64_t dynBase = shared;
  if (dyn) {
    uint64_t align = std::max<uint64_t>(16, dyn->align);
    dynBase = llvm::alignTo(shared, align);
    sharedVars[dyn->name] = dynBase;
  } else if (launch.dynamicSharedBytes) {
    return emitError(ptxLocation(entry.pos))
           << "the launch asks for " << launch.dynamicSharedBytes
           << " bytes of dynamic shared memory, but the kernel declares no "
              "extern .shared array";
  }
  prog.layout.staticShared = shared;
  prog.layout.dynSharedBase = dynBase;
  prog.layout.dynShared = launch.dynamicSharedBytes;
  prog.layout.totalShared = dynBase + launch.dynamicSharedBytes;
  prog.layout.local = local;
  constexpr uint64_t kMaxShared = 232448;
  if (prog.layout.totalShared > kMaxShared)
    return emitError(ptxLocation(entry.pos))
           << "the kernel needs " << prog.layout.totalShared
           << " bytes of shared memory; a CTA has at most " << kMaxShared;

  // Kernel parameters: offsets in the parameter buffer, ABI checked.
  if (!launch.abi.empty() && launch.abi.size() != entry.params.size())
    return emitError(ptxLocation(entry.pos))
           << "kernel '" << entry.name << "' takes " << entry.params.size()
           << " parameters, the launch passes " << launch.abi.size();
  uint64_t off = 0;
  for (auto [i, p] : llvm::enumerate(entry.params)) {
    uint64_t align = std::max<uint64_t>(p.align ? p.align : p.elemBytes(), 1);
    off = llvm::alignTo(off, align);
    ParamVar v;
    v.offset = off;
    v.bytes = p.bytes();
    v.slot = paramSlots[i];
    v.abi = launch.abi.empty() ? inferABI(p) : launch.abi[i];
    uint64_t want = abiBytes(v.abi);
    if (want == 0)
      return emitError(ptxLocation(p.pos))
             << "kernel parameter '" << p.name << "' (." << p.type
             << (p.arrayLen > 0 ? "[" + std::to_string(p.arrayLen) + "]"
                                : std::string())
             << ") has no ABI the simulator can pass"
             << (v.abi.empty() ? std::string()
                               : " ('" + v.abi + "' is not one)");
    if (want != v.bytes || (v.abi == "tensormap" && align < 64))
      return emitError(ptxLocation(p.pos))
             << "ABI mismatch: kernel parameter #" << i << " '" << p.name
             << "' is " << v.bytes << " bytes (." << p.type
             << (p.arrayLen > 0 ? "[" + std::to_string(p.arrayLen) + "]"
                                : std::string())
             << ", align " << align << "), but the launch passes "
             << (v.abi == "tensormap" ? "a by-value tensormap (128 bytes, "
                                        "align 64)"
                                      : "'" + v.abi + "' (" +
                                            std::to_string(want) + " bytes)");
    params[p.name] = v;
    kernelParams.push_back(v);
    off += v.bytes;
  }
  paramBytes = off;

  // The kernel's frame is function 0's (the host part's registers reach
  // every thread). Device functions get theirs.
  funcIndex = 0;
  for (const Function &f : mod.functions) {
    if (f.isEntry || f.isExtern)
      continue;
    functionIndex[f.name] = static_cast<uint32_t>(prog.functions.size());
    prog.functions.emplace_back();
    // The parameter and result sizes calls check (slots come with the
    // function's translation).
    FuncInfo &fi = funcInfos[f.name];
    for (const VarDecl &p : f.params) {
      ParamVar v;
      v.bytes = p.bytes();
      fi.params.push_back(v);
    }
    for (const VarDecl &r : f.results) {
      ParamVar v;
      v.bytes = r.bytes();
      fi.results.push_back(v);
    }
  }
  // Kernel body.
  FunctionCode &kernelFn = prog.functions[0];
  uint32_t entryPc = c.pc();
  prog.kernelEntry = entryPc;
  uint32_t toPrologue = emit(make(Opc::Jmp));
  uint32_t body = c.pc();
  scopes.assign(1, {});
  if (failed(translateBody(entry)))
    return failure();
  prog.code[toPrologue].x = c.pc();
  for (auto [v, s] : constOrder)
    emitConst(s, v);
  Inst back = make(Opc::Jmp);
  back.x = body;
  emit(back);
  kernelFn.numSlots = std::max(kernelFn.numSlots, c.slotsUsed());

  // Device functions, each with its own frame and constants.
  for (const Function &f : mod.functions) {
    if (f.isEntry || f.isExtern)
      continue;
    funcIndex = functionIndex[f.name];
    if (failed(translateFunction(f)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

/// The source and PTX locations of a PTX instruction's location, if it is
/// one (a fused location whose metadata names the instruction).
static bool splitPTXLocation(Location loc, Location &src, Location &ptxLoc,
                             std::string &text) {
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused || fused.getLocations().size() != 2)
    return false;
  auto meta = dyn_cast_or_null<DictionaryAttr>(fused.getMetadata());
  if (!meta)
    return false;
  auto t = meta.getAs<StringAttr>("ptx");
  if (!t)
    return false;
  src = fused.getLocations()[0];
  ptxLoc = fused.getLocations()[1];
  text = t.str();
  return true;
}

static std::string describePTX(Location ptxLoc, const std::string &text) {
  std::string s = "PTX instruction '" + text + "'";
  if (auto f = dyn_cast<FileLineColLoc>(ptxLoc))
    s += " (" + f.getFilename().str() + ":" + std::to_string(f.getLine()) +
         ")";
  return s;
}

PTXDiagnosticRewriter::PTXDiagnosticRewriter(MLIRContext *ctx) : ctx(ctx) {
  id = ctx->getDiagEngine().registerHandler([](Diagnostic &diag)
                                                -> LogicalResult {
    Location src = diag.getLocation(), ptxLoc = src;
    std::string text;
    bool main = splitPTXLocation(diag.getLocation(), src, ptxLoc, text);
    bool anyNote = false;
    for (Diagnostic &n : diag.getNotes()) {
      Location s = n.getLocation(), p = s;
      std::string t;
      anyNote |= splitPTXLocation(n.getLocation(), s, p, t);
    }
    if (!main && !anyNote)
      return failure(); // not ours: the next handler
    InFlightDiagnostic d =
        diag.getSeverity() == DiagnosticSeverity::Warning ? mlir::emitWarning(src)
        : diag.getSeverity() == DiagnosticSeverity::Remark
            ? mlir::emitRemark(src)
            : mlir::emitError(src);
    d << diag.str();
    if (main)
      d.attachNote(ptxLoc) << "at " << describePTX(ptxLoc, text);
    for (Diagnostic &n : diag.getNotes()) {
      Location s = n.getLocation(), p = s;
      std::string t;
      if (splitPTXLocation(n.getLocation(), s, p, t))
        d.attachNote(s) << n.str() << " (" << describePTX(p, t) << ")";
      else
        d.attachNote(n.getLocation()) << n.str();
    }
    return success();
  });
}

PTXDiagnosticRewriter::~PTXDiagnosticRewriter() {
  ctx->getDiagEngine().eraseHandler(id);
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

namespace {
/// What a PTX-level program owns: the parsed module and the built ops.
struct Owned {
  std::shared_ptr<Module> mod;
  OwningOpRef<ModuleOp> scratch;
  std::shared_ptr<void> host; // the host part's IR (hybrid programs)
};

const Function *findEntry(const Module &mod, StringRef name,
                          MLIRContext *ctx, StringRef bufferName) {
  const Function *found = nullptr;
  unsigned entries = 0;
  for (const Function &f : mod.functions) {
    if (!f.isEntry)
      continue;
    ++entries;
    if (name.empty() || f.name == name)
      found = found ? found : &f;
  }
  if (!found || (name.empty() && entries > 1)) {
    InFlightDiagnostic d =
        emitError(FileLineColLoc::get(ctx, bufferName, 1, 1));
    if (entries == 0)
      d << "the PTX has no .entry kernel";
    else if (name.empty())
      d << "the PTX has " << entries << " kernels; name one";
    else
      d << "the PTX has no kernel '" << name << "'";
    return nullptr;
  }
  return found;
}

std::unique_ptr<Module> parseOrReport(MLIRContext *ctx, StringRef text,
                                      StringRef bufferName) {
  ParseError err;
  std::unique_ptr<Module> mod = parse(text, err);
  if (!mod)
    emitError(FileLineColLoc::get(ctx, bufferName, err.pos.line, err.pos.col))
        << "PTX syntax: " << err.message;
  return mod;
}

Type abiType(MLIRContext *ctx, StringRef abi, ParamInfo::Kind &kind,
             std::string &dtype) {
  Builder b(ctx);
  dtype = "";
  if (abi == "pointer") {
    kind = ParamInfo::Kind::Pointer;
    return PtrType::get(ctx, b.getI8Type(), MemorySpace::Global);
  }
  if (abi == "tensormap") {
    kind = ParamInfo::Kind::TensorMap;
    return TensorMapType::get(ctx);
  }
  if (abi == "f16" || abi == "bf16" || abi == "f32" || abi == "f64") {
    kind = ParamInfo::Kind::Float;
    dtype = abi == "f16"    ? "float16"
            : abi == "bf16" ? "bfloat16"
            : abi == "f32"  ? "float32"
                            : "float64";
    return abi == "f16"    ? Type(b.getF16Type())
           : abi == "bf16" ? Type(b.getBF16Type())
           : abi == "f32"  ? Type(b.getF32Type())
                           : Type(b.getF64Type());
  }
  kind = ParamInfo::Kind::Int;
  if (abi == "index") {
    dtype = "int64";
    return b.getIndexType();
  }
  unsigned bits = abi == "i1" ? 1 : abi == "i8" ? 8 : abi == "i16" ? 16
                  : abi == "i32"                 ? 32
                                                 : 64;
  dtype = bits == 1 ? "bool" : "int" + std::to_string(bits);
  return b.getIntegerType(bits);
}

void resolveShape(const Function &entry, const PTXLaunch &launch,
                  Translator &T) {
  for (int i = 0; i < 3; ++i) {
    T.grid[i] = launch.grid[i];
    T.block[i] = launch.block[i] ? launch.block[i]
                 : entry.reqntid[i] ? entry.reqntid[i]
                 : entry.maxntid[i] ? entry.maxntid[i]
                                    : 1;
    T.cluster[i] = launch.cluster[i] ? launch.cluster[i]
                   : entry.reqnctapercluster[i] ? entry.reqnctapercluster[i]
                                                : 1;
  }
}

LogicalResult checkShape(MLIRContext *ctx, StringRef bufferName,
                         const Function &entry, const Translator &T,
                         bool dynamicGrid) {
  Location loc = FileLineColLoc::get(ctx, bufferName, entry.pos.line,
                                     entry.pos.col);
  for (int i = 0; i < 3; ++i) {
    if (T.block[i] < 1 || T.cluster[i] < 1 || (!dynamicGrid && T.grid[i] < 1))
      return emitError(loc) << "the launch of '" << entry.name
                            << "' has an empty dimension";
    if (entry.reqntid[i] && entry.reqntid[i] != T.block[i])
      return emitError(loc) << "kernel '" << entry.name << "' requires "
                            << entry.reqntid[i] << " threads in dimension "
                            << i << " (.reqntid), the launch has "
                            << T.block[i];
    if (entry.maxntid[0] && T.block[0] * T.block[1] * T.block[2] >
                                entry.maxntid[0] * std::max<int64_t>(
                                    1, entry.maxntid[1]) *
                                    std::max<int64_t>(1, entry.maxntid[2]))
      return emitError(loc) << "the launch of '" << entry.name
                            << "' has more threads than its .maxntid";
    if (entry.reqnctapercluster[i] &&
        entry.reqnctapercluster[i] != T.cluster[i])
      return emitError(loc) << "kernel '" << entry.name << "' requires "
                            << entry.reqnctapercluster[i]
                            << " CTAs per cluster in dimension " << i
                            << " (.reqnctapercluster), the launch has "
                            << T.cluster[i];
    if (!dynamicGrid && T.grid[i] % T.cluster[i])
      return emitError(loc) << "the grid is not a multiple of the cluster";
  }
  return success();
}
} // namespace

/// Decodes `entry` of the parsed module `owned->mod` for `launch`.
static FailureOr<std::shared_ptr<Program>>
compileEntry(MLIRContext *ctx, std::shared_ptr<Owned> owned,
             const Function *entry, StringRef bufferName,
             const PTXLaunch &launch) {
  auto prog = std::make_shared<Program>();
  Translator T(ctx, *prog, *owned->mod, bufferName);
  resolveShape(*entry, launch, T);
  if (failed(checkShape(ctx, bufferName, *entry, T, false)))
    return failure();
  for (int i = 0; i < 3; ++i) {
    prog->launch.grid[i] = T.grid[i];
    prog->launch.block[i] = T.block[i];
    prog->launch.cluster[i] = T.cluster[i];
  }
  prog->launch.hasCluster = entry->explicitCluster ||
                            T.cluster[0] * T.cluster[1] * T.cluster[2] > 1;

  // The host part: the launch, then the end.
  Location entryLoc = T.ptxLocation(entry->pos);
  OperationState hs(entryLoc, "builtin.unrealized_conversion_cast");
  Operation *holder = T.b.create(hs);
  prog->kernelOp = holder;
  prog->kernelLoc = prog->addOp(holder);
  T.c.curLoc = prog->kernelLoc;
  prog->functions.emplace_back();
  prog->functions[0].op = holder;
  prog->functions[0].entry = 0;
  T.emit(T.make(Opc::Launch));
  T.emit(T.make(Opc::HostEnd));

  if (!launch.abi.empty() && launch.abi.size() != entry->params.size())
    return emitError(entryLoc)
           << "kernel '" << entry->name << "' takes " << entry->params.size()
           << " parameters, the launch passes " << launch.abi.size();
  std::vector<uint32_t> paramSlots;
  for (auto [i, p] : llvm::enumerate(entry->params)) {
    std::string abi = launch.abi.empty() ? inferABI(p) : launch.abi[i];
    ParamInfo info;
    info.type = abiType(ctx, abi, info.kind, info.dtype);
    prog->params.push_back(info);
    uint32_t s = T.temp();
    paramSlots.push_back(s);
    prog->functions[0].paramSlots.push_back(s);
    prog->functions[0].paramWidths.push_back(1);
  }
  if (failed(T.translateKernel(*entry, launch, paramSlots)))
    return failure();
  owned->scratch = std::move(T.scratch);
  prog->owned = owned;
  return prog;
}

FailureOr<std::shared_ptr<Program>>
sim::compilePTX(MLIRContext *ctx, StringRef text, StringRef bufferName,
                const PTXLaunch &launch) {
  PTXDiagnosticRewriter rewriter(ctx);
  auto owned = std::make_shared<Owned>();
  owned->mod = parseOrReport(ctx, text, bufferName);
  if (!owned->mod)
    return failure();
  const Function *entry =
      findEntry(*owned->mod, launch.kernel, ctx, bufferName);
  if (!entry)
    return failure();
  return compileEntry(ctx, owned, entry, bufferName, launch);
}

LogicalResult sim::decodePTXKernels(MLIRContext *ctx, StringRef text,
                                    StringRef bufferName,
                                    std::vector<std::string> *failedKernels) {
  PTXDiagnosticRewriter rewriter(ctx);
  std::shared_ptr<Module> mod = parseOrReport(ctx, text, bufferName);
  if (!mod)
    return failure();
  bool ok = true;
  for (const Function &f : mod->functions) {
    if (!f.isEntry)
      continue;
    // Each kernel on its own (a fresh program; the parsed module shared).
    auto one = std::make_shared<Owned>();
    one->mod = mod;
    PTXLaunch launch;
    launch.kernel = f.name;
    if (failed(compileEntry(ctx, one, &f, bufferName, launch))) {
      ok = false;
      if (failedKernels)
        failedKernels->push_back(f.name);
    }
  }
  return success(ok);
}

FailureOr<std::shared_ptr<Program>> sim::compileHostWithPTXKernel(
    FunctionOpInterface func, StringRef text, StringRef bufferName,
    const PTXLaunch &launch, ArrayRef<PTXKernelArg> kernelArgs) {
  MLIRContext *ctx = func->getContext();
  PTXDiagnosticRewriter rewriter(ctx);
  auto owned = std::make_shared<Owned>();
  owned->mod = parseOrReport(ctx, text, bufferName);
  if (!owned->mod)
    return failure();
  const Function *entry =
      findEntry(*owned->mod, launch.kernel, ctx, bufferName);
  if (!entry)
    return failure();
  KernelOp kernel;
  func->walk([&](KernelOp k) { kernel = k; });
  if (!kernel)
    return func->emitError("the simulator runs a function that holds a "
                           "'tirx.kernel'");
  FailureOr<LaunchShape> shape =
      kernel.computeLaunchShape(/*allowDynamicGrid=*/true);
  if (failed(shape))
    return failure();
  if (kernelArgs.size() != entry->params.size())
    return func->emitError("the kernel passes ")
           << kernelArgs.size() << " arguments to PTX kernel '" << entry->name
           << "', which takes " << entry->params.size();

  // The host part: a copy of the function whose kernel region is empty,
  // decoded by the IR front end (the kernel values' slots are then the
  // copy's).
  IRMapping map;
  Operation *copy = func->clone(map);
  auto hostOwner = std::shared_ptr<void>(copy, [](void *p) {
    static_cast<Operation *>(p)->destroy();
  });
  KernelOp copyKernel = cast<KernelOp>(map.lookup(kernel.getOperation()));
  Block &kbody = copyKernel.getBody().front();
  while (!kbody.empty())
    kbody.back().erase();

  auto prog = std::make_shared<Program>();
  Translator T(ctx, *prog, *owned->mod, bufferName);
  if (failed(T.c.compileKernelFunction(cast<FunctionOpInterface>(copy))))
    return failure();
  // The kernel's shape is the original's; the layout is the PTX's.
  prog->launch = *shape;
  for (int i = 0; i < 3; ++i) {
    T.grid[i] = ShapedType::isDynamic(shape->grid[i]) ? 1 : shape->grid[i];
    T.block[i] = shape->block[i];
    T.cluster[i] = shape->cluster[i];
  }
  T.gridSlots = prog->gridSlots;
  if (failed(checkShape(ctx, bufferName, *entry, T, shape->hasDynamicGrid)))
    return failure();
  std::vector<uint32_t> paramSlots;
  for (const PTXKernelArg &a : kernelArgs) {
    if (a.isConstant) {
      // Set in the kernel's prologue, with its other constants.
      paramSlots.push_back(T.constant(static_cast<int64_t>(a.bits)));
      continue;
    }
    Value mapped = map.lookupOrNull(a.value);
    if (!mapped || !T.c.hasSlot(mapped))
      return func->emitError("a kernel argument of the PTX kernel is not a "
                             "value of the host part");
    paramSlots.push_back(T.c.slot(mapped));
  }
  PTXLaunch l = launch;
  l.dynamicSharedBytes = launch.dynamicSharedBytes;
  prog->functions[0].numSlots = T.c.slotsUsed();
  if (failed(T.translateKernel(*entry, l, paramSlots)))
    return failure();
  owned->scratch = std::move(T.scratch);
  owned->host = hostOwner;
  prog->owned = owned;
  return prog;
}

LogicalResult sim::runPTX(const Program &program, ArrayRef<MemoryBlock> memory,
                          ArrayRef<Argument> args, const Options &options,
                          Stats *stats) {
  PTXDiagnosticRewriter rewriter(program.ops.front()->getContext());
  return sim::run(program, memory, args, options, stats);
}
