//===- PTXMemory.cpp - PTX memory instructions and addresses ----*- C++ -*-===//
//
// ld/st/ldu (weak ones as the hot loop's loads and stores, strong ones as
// the IR level's tirx.ptx.ld/st), atom/red, kernel and call parameters,
// cvta between the state-space windows and the generic space, mapa,
// isspacep, prefetch and createpolicy.
//
//===----------------------------------------------------------------------===//

#include "PTXExtOps.h"
#include "PTXTranslate.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;
using namespace mlir::tirx::sim::ptxfe;

namespace {

/// The modifiers of a memory instruction.
struct MemMods {
  std::string space;   // "" generic, global, shared, shared::cta, ...
  std::string sem;     // "", weak, volatile, relaxed, acquire, release, mmio
  std::string scope;   // cta, cluster, gpu, sys
  unsigned vec = 1;
  std::string type;    // the last part
  bool nc = false;
  bool cacheHint = false;
  bool unknown = false;
  std::string unknownPart;
};

MemMods memMods(const Instr &in, size_t first) {
  MemMods m;
  m.type = in.parts.back();
  for (size_t i = first; i + 1 < in.parts.size(); ++i) {
    StringRef p = in.parts[i];
    if (p == "global" || p == "shared" || p == "shared::cta" ||
        p == "shared::cluster" || p == "local" || p == "param" ||
        p == "const" || p == "param::entry" || p == "param::func")
      m.space = p.str();
    else if (p == "weak" || p == "volatile" || p == "relaxed" ||
             p == "acquire" || p == "release" || p == "mmio" ||
             p == "acq_rel")
      m.sem = p.str();
    else if (p == "cta" || p == "cluster" || p == "gpu" || p == "sys")
      m.scope = p.str();
    else if (p == "v2" || p == "v4" || p == "v8")
      m.vec = p == "v2" ? 2 : p == "v4" ? 4 : 8;
    else if (p == "nc")
      m.nc = true;
    else if (p == "L2::cache_hint")
      m.cacheHint = true;
    else if (p == "ca" || p == "cg" || p == "cs" || p == "lu" || p == "cv" ||
             p == "wb" || p == "wt" || p.starts_with("L1::") ||
             p.starts_with("L2::") || p == "unified")
      ; // cache behavior only
    else {
      m.unknown = true;
      m.unknownPart = p.str();
    }
  }
  return m;
}

Scope engineScope(StringRef space) {
  // .const variables lie in global memory (their addresses are global ones,
  // also as generic addresses).
  if (space == "global" || space == "const")
    return Scope::Global;
  if (space == "shared" || space == "shared::cta")
    return Scope::Shared;
  if (space == "shared::cluster")
    return Scope::SharedCluster;
  if (space == "local")
    return Scope::Local;
  return Scope::Generic;
}

std::optional<ptx::MemSpace> irSpace(StringRef space) {
  if (space == "global")
    return ptx::MemSpace::Global;
  if (space == "shared" || space == "shared::cta")
    return ptx::MemSpace::SharedCTA;
  if (space == "shared::cluster")
    return ptx::MemSpace::SharedCluster;
  if (space == "local")
    return ptx::MemSpace::Local;
  return std::nullopt;
}

MemorySpace pointerSpace(StringRef space) {
  if (space == "global")
    return MemorySpace::Global;
  if (space == "shared" || space == "shared::cta")
    return MemorySpace::Shared;
  if (space == "shared::cluster")
    return MemorySpace::SharedCluster;
  if (space == "local")
    return MemorySpace::Local;
  return MemorySpace::Generic;
}

std::optional<ptx::ValType> valType(StringRef t) {
  return llvm::StringSwitch<std::optional<ptx::ValType>>(t)
      .Case("b8", ptx::ValType::B8)
      .Case("b16", ptx::ValType::B16)
      .Case("b32", ptx::ValType::B32)
      .Case("b64", ptx::ValType::B64)
      .Case("b128", ptx::ValType::B128)
      .Case("u8", ptx::ValType::U8)
      .Case("u16", ptx::ValType::U16)
      .Case("u32", ptx::ValType::U32)
      .Case("u64", ptx::ValType::U64)
      .Case("s8", ptx::ValType::S8)
      .Case("s16", ptx::ValType::S16)
      .Case("s32", ptx::ValType::S32)
      .Case("s64", ptx::ValType::S64)
      .Case("f16", ptx::ValType::F16)
      .Case("f16x2", ptx::ValType::F16x2)
      .Case("bf16", ptx::ValType::BF16)
      .Case("bf16x2", ptx::ValType::BF16x2)
      .Case("f32", ptx::ValType::F32)
      .Case("f64", ptx::ValType::F64)
      .Default(std::nullopt);
}

/// The MLIR type of one element of PTX type `t` (a register's value).
Type elementType(OpBuilder &b, StringRef t) {
  if (t == "f16")
    return b.getF16Type();
  if (t == "bf16")
    return b.getBF16Type();
  if (t == "f32")
    return b.getF32Type();
  if (t == "f64")
    return b.getF64Type();
  if (t == "f16x2")
    return VectorType::get({2}, b.getF16Type());
  if (t == "bf16x2")
    return VectorType::get({2}, b.getBF16Type());
  return b.getIntegerType(typeBits(t));
}

} // namespace

uint32_t Translator::globalVarAddress(uint32_t block, int64_t offset) {
  Inst i = make(Opc::Special);
  i.f = static_cast<uint8_t>(SR::StaticAddr);
  i.imm = static_cast<int64_t>((uint64_t(block) << kStaticShift) +
                               static_cast<uint64_t>(offset));
  i.d = temp();
  emit(i);
  return i.d;
}

uint32_t Translator::genericAddress(uint32_t slot, int64_t offset) {
  auto e = std::make_unique<GenericAddr>();
  e->src = slot;
  e->offset = offset;
  e->dst = temp();
  uint32_t d = e->dst;
  c.emitExt(std::move(e));
  return d;
}

uint32_t Translator::address(const Operand &o, StringRef space, bool &ok) {
  ok = true;
  if (o.kind != Operand::Kind::Addr || o.elems.size() != 1) {
    ok = false;
    error() << "'" << cur->opcode << "' takes an address [...] here";
    return 0;
  }
  const Operand &base = o.elems[0];
  int64_t off = base.imm;
  uint32_t slot;
  if (base.kind == Operand::Kind::Imm) {
    slot = constant(base.imm);
    off = 0;
  } else if (const Reg *r = lookupReg(base.name)) {
    slot = r->slot;
  } else if (auto it = sharedVars.find(base.name); it != sharedVars.end()) {
    if (!space.empty() && space != "shared" && space != "shared::cta" &&
        space != "shared::cluster") {
      ok = false;
      error() << "'" << base.name << "' is a .shared variable, used as a ."
              << space << " address";
      return 0;
    }
    // Its address in the shared window is the engine's (also for a
    // generic access naming it).
    return constant(static_cast<int64_t>(it->second) + off);
  } else if (auto it = globalVars.find(base.name); it != globalVars.end()) {
    if (!space.empty() && space != "global" && space != "const") {
      ok = false;
      error() << "'" << base.name << "' is a global-memory variable, used as "
              << "a ." << space << " address";
      return 0;
    }
    return globalVarAddress(it->second, off);
  } else if (auto it = localVars.find(base.name); it != localVars.end()) {
    if (space != "local") {
      ok = false;
      error() << "'" << base.name << "' is a .local variable, used as a "
              << (space.empty() ? std::string("generic")
                                : "." + space.str())
              << " address";
      return 0;
    }
    return constant(static_cast<int64_t>(kLocalBase + it->second) + off);
  } else {
    ok = false;
    error() << "unknown name '" << base.name << "' in an address";
    return 0;
  }
  if (space.empty()) // generic: to the engine's address, checked
    return genericAddress(slot, off);
  int64_t bias = space == "local" ? static_cast<int64_t>(kLocalBase) : 0;
  if (off + bias == 0)
    return slot;
  uint32_t t = temp();
  emitIntBin(IB::Add, SK::I64, t, slot, constant(off + bias));
  return t;
}

/// A weak load or store of `bytes` bytes at the engine address in `addr`.
static void emitAccess(Translator &T, bool store, uint32_t addr,
                       StringRef space, unsigned bytes, SK kind,
                       uint32_t reg) {
  AddrMode m;
  m.base = addr;
  m.rawOffset = true;
  m.scope = engineScope(space);
  m.elemBytes = bytes;
  m.accessBytes = bytes;
  m.align = bytes;
  m.kind = kind;
  T.prog.addrModes.push_back(std::move(m));
  Inst i = T.make(store ? Opc::Store : Opc::Load);
  i.x = static_cast<uint32_t>(T.prog.addrModes.size() - 1);
  if (store)
    i.a = reg;
  else
    i.d = reg;
  T.emit(i);
}

/// Kernel and call parameters: `ld.param` / `st.param` at a constant offset.
static LogicalResult paramAccess(Translator &T, const Instr &in, bool store,
                                 const MemMods &m) {
  bool ok = true;
  const Operand &addrOp = in.ops[store ? 0 : 1];
  const Operand &valOp = in.ops[store ? 1 : 0];
  if (addrOp.kind != Operand::Kind::Addr || addrOp.elems.size() != 1)
    return T.error() << "'" << in.opcode << "' takes an address";
  const Operand &base = addrOp.elems[0];
  unsigned esz = typeBytes(m.type);
  if (esz == 0)
    return T.notModeled("type ." + m.type);
  std::vector<const Operand *> vals;
  if (valOp.kind == Operand::Kind::Vec)
    for (const Operand &e : valOp.elems)
      vals.push_back(&e);
  else
    vals.push_back(&valOp);
  auto it = T.params.find(base.name);
  if (it == T.params.end()) {
    if (const Reg *r = T.lookupReg(base.name)) {
      // Through a register: the kernel's parameter buffer at run time.
      if (store || vals.size() != 1 || !T.func->isEntry)
        return T.notModeled("parameter accesses through a register other "
                            "than kernel parameter loads");
      auto e = std::make_unique<ParamRead>();
      for (const ParamVar &p : T.kernelParams)
        e->params.push_back({p.offset, p.bytes, p.slot, p.abi == "tensormap"});
      e->addr = r->slot;
      e->offsetImm = base.imm;
      e->bytes = esz;
      e->signExtend = StringRef(m.type).starts_with("s");
      e->dst = T.dest(*vals[0], ok);
      const Reg *dr = T.destReg(*vals[0]);
      e->regBits = dr ? dr->bits : esz * 8;
      if (!ok)
        return failure();
      T.c.emitExt(std::move(e));
      return success();
    }
    return T.error() << "'" << base.name << "' is not a parameter of "
                     << (T.func->isEntry ? "kernel '" : "function '")
                     << T.func->name << "'";
  }
  const ParamVar &p = it->second;
  if (p.abi == "tensormap")
    return T.error() << "'" << in.opcode << "' reads the bytes of by-value "
                     << "tensormap parameter '" << base.name
                     << "'; a CUtensorMap is opaque (the TMA instructions take "
                        "its address)";
  for (size_t i = 0; i < vals.size(); ++i) {
    int64_t off = base.imm + static_cast<int64_t>(i * esz);
    if (off < 0 || uint64_t(off) + esz > p.bytes)
      return T.error() << "'" << in.opcode << "' accesses bytes " << off
                       << ".." << off + esz - 1 << " of parameter '"
                       << base.name << "', which has " << p.bytes;
    uint32_t slot = p.slot + static_cast<uint32_t>(off / 8);
    unsigned shift = static_cast<unsigned>((off % 8) * 8);
    if (shift + esz * 8 > 64)
      return T.notModeled("a parameter access across an 8-byte boundary");
    if (store) {
      if (T.func->isEntry && p.abi.size())
        return T.error() << "kernel parameters are read-only";
      uint32_t v = T.value(*vals[i], esz * 8, ok);
      if (!ok)
        return failure();
      uint64_t mask = widthMask(esz * 8) << shift;
      uint32_t kept = T.temp(), ins = T.temp();
      T.emitIntBin(IB::And, SK::I64, kept, slot,
                   T.constant(static_cast<int64_t>(~mask)));
      T.emitMask(ins, v, esz * 8);
      if (shift)
        T.emitIntBin(IB::Shl, SK::I64, ins, ins,
                     T.constant(static_cast<int64_t>(shift)));
      T.emitIntBin(IB::Or, SK::I64, slot, kept, ins);
      continue;
    }
    if (vals[i]->kind == Operand::Kind::Sink)
      continue;
    uint32_t d = T.dest(*vals[i], ok);
    if (!ok)
      return failure();
    const Reg *dr = T.destReg(*vals[i]);
    uint32_t src = slot;
    if (shift) {
      src = T.temp();
      T.emitIntBin(IB::ShrU, SK::I64, src, slot,
                   T.constant(static_cast<int64_t>(shift)));
    }
    T.emitMask(d, src, esz * 8);
    if (StringRef(m.type).starts_with("s") && dr && dr->bits > esz * 8)
      T.emitSext(d, d, esz * 8, dr->bits);
  }
  return success();
}

LogicalResult Translator::translateMemory(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;

  if (op == "ld" || op == "st" || op == "ldu") {
    bool store = op == "st";
    if (in.parts.size() > 1 && in.parts[1] == "async")
      return handled = false, success();
    // st.bulk is a table-generated op (PTXTableDecode.cpp).
    if (in.parts.size() > 1 && in.parts[1] == "bulk")
      return handled = false, success();
    MemMods m = memMods(in, 1);
    if (m.unknown)
      return notModeled("modifier ." + m.unknownPart);
    if (failed(expectOperands(in, 2, m.cacheHint ? 3 : 2)))
      return failure();
    if (m.space == "param" || m.space == "param::entry" ||
        m.space == "param::func")
      return paramAccess(*this, in, store, m);
    if (m.space == "const" && store)
      return error() << "st has no .const state space";
    unsigned esz = typeBytes(m.type);
    if (esz == 0 || esz > 16)
      return notModeled("type ." + m.type);
    const Operand &addrOp = in.ops[store ? 0 : 1];
    const Operand &valOp = in.ops[store ? 1 : 0];
    std::vector<const Operand *> vals;
    if (valOp.kind == Operand::Kind::Vec)
      for (const Operand &e : valOp.elems)
        vals.push_back(&e);
    else
      vals.push_back(&valOp);
    if (vals.size() != m.vec)
      return error() << "'" << in.opcode << "' moves " << m.vec
                     << " values, the instruction lists " << vals.size();
    unsigned total = esz * m.vec;
    bool strong = !m.sem.empty() && m.sem != "weak";
    if (m.sem == "mmio")
      return notModeled(".mmio accesses");
    if (esz > 8 && m.vec != 1)
      return notModeled("vectors of 128-bit elements");

    if (strong) {
      // The IR level's tirx.ptx.ld / st (strong accesses never race with
      // each other; release/acquire create the edges).
      std::optional<ptx::ValType> vt = valType(m.type);
      if (!vt)
        return notModeled("type ." + m.type);
      uint32_t addr = address(addrOp, m.space, ok);
      if (!ok)
        return failure();
      Type elt = elementType(b, m.type);
      Type valueType =
          m.vec == 1 ? elt : VectorType::get({int64_t(m.vec)}, elt);
      Value ptr = arg(ptrTo(b.getI8Type(), pointerSpace(m.space)), addr);
      auto sem = llvm::StringSwitch<ptx::MemSem>(m.sem)
                     .Case("volatile", ptx::MemSem::Volatile)
                     .Case("relaxed", ptx::MemSem::Relaxed)
                     .Case("acquire", ptx::MemSem::Acquire)
                     .Case("release", ptx::MemSem::Release)
                     .Default(ptx::MemSem::AcqRel);
      auto semAttr = ptx::MemSemAttr::get(ctx, sem);
      ptx::MemScopeAttr scopeAttr;
      if (!m.scope.empty())
        scopeAttr = ptx::MemScopeAttr::get(
            ctx, llvm::StringSwitch<ptx::MemScope>(m.scope)
                     .Case("cta", ptx::MemScope::CTA)
                     .Case("cluster", ptx::MemScope::Cluster)
                     .Case("gpu", ptx::MemScope::GPU)
                     .Default(ptx::MemScope::Sys));
      ptx::MemSpaceAttr spaceAttr;
      if (auto s = irSpace(m.space))
        spaceAttr = ptx::MemSpaceAttr::get(ctx, *s);
      auto typeAttr = ptx::ValTypeAttr::get(ctx, *vt);
      // Registers of a vector access are packed into consecutive slots.
      unsigned regBytes = m.vec == 1 ? 8 : esz;
      if (store) {
        std::vector<uint32_t> regs;
        for (const Operand *v : vals) {
          regs.push_back(value(*v, esz * 8, ok));
          if (!ok)
            return failure();
        }
        uint32_t src = m.vec == 1 ? regs[0] : pack(regs, esz);
        auto st = PTXStOp::create(b, curLocation, semAttr, scopeAttr,
                                  spaceAttr, ptx::CacheOpAttr(),
                                  ptx::L1EvictAttr(), ptx::L2EvictAttr(),
                                  typeAttr, ptr, arg(valueType, src), Value());
        return decodeBuilt(st);
      }
      std::vector<uint32_t> regs;
      for (const Operand *v : vals) {
        regs.push_back(dest(*v, ok));
        if (!ok)
          return failure();
      }
      uint32_t dst = m.vec == 1 ? regs[0] : temp((total + 7) / 8);
      auto ld = PTXLdOp::create(
          b, curLocation, valueType, semAttr, scopeAttr, spaceAttr,
          ptx::CacheOpAttr(), UnitAttr(), ptx::L1EvictAttr(),
          ptx::L2EvictAttr(), ptx::PrefetchSizeAttr(), typeAttr, ptr, Value());
      out(ld.getRes(), dst);
      if (failed(decodeBuilt(ld)))
        return failure();
      (void)regBytes;
      if (m.vec > 1)
        unpack(dst, regs, esz);
      if (StringRef(m.type).starts_with("s"))
        for (auto [k, v] : llvm::enumerate(vals))
          if (const Reg *r = destReg(*v); r && r->bits > esz * 8)
            emitSext(regs[k], regs[k], esz * 8, r->bits);
      return success();
    }

    // Weak: the hot loop's access.
    uint32_t addr = address(addrOp, m.space, ok);
    if (!ok)
      return failure();
    // A .b128 element: 16 bytes into its register's two slots.
    SK kind = m.vec == 1 && esz <= 8
                  ? (esz == 1   ? SK::I8
                     : esz == 2 ? SK::I16
                     : esz == 4 ? SK::I32
                                : SK::I64)
                  : SK::None;
    if (store) {
      std::vector<uint32_t> regs;
      for (const Operand *v : vals) {
        regs.push_back(value(*v, esz * 8, ok));
        if (!ok)
          return failure();
      }
      uint32_t src = m.vec == 1 ? regs[0] : pack(regs, esz);
      emitAccess(*this, true, addr, m.space, total, kind, src);
      return success();
    }
    std::vector<uint32_t> regs;
    for (const Operand *v : vals) {
      regs.push_back(v->kind == Operand::Kind::Sink ? temp() : dest(*v, ok));
      if (!ok)
        return failure();
    }
    uint32_t dst = m.vec == 1 ? regs[0] : temp((total + 7) / 8);
    emitAccess(*this, false, addr, m.space, total, kind, dst);
    if (m.vec > 1)
      unpack(dst, regs, esz);
    if (StringRef(m.type).starts_with("s"))
      for (auto [k, v] : llvm::enumerate(vals))
        if (const Reg *r = destReg(*v); r && r->bits > esz * 8)
          emitSext(regs[k], regs[k], esz * 8, r->bits);
    return success();
  }

  if (op == "atom" || op == "red") {
    if (in.parts.size() > 1 && in.parts[1] == "async")
      return handled = false, success(); // red.async: a copy family
    bool isAtom = op == "atom";
    MemMods m = memMods(in, 1);
    // The operation is among the modifiers memMods did not know.
    std::optional<ptx::AtomKind> kind;
    bool noftz = false;
    for (size_t i = 1; i + 1 < in.parts.size(); ++i) {
      StringRef p = in.parts[i];
      auto k = llvm::StringSwitch<std::optional<ptx::AtomKind>>(p)
                   .Case("and", ptx::AtomKind::And)
                   .Case("or", ptx::AtomKind::Or)
                   .Case("xor", ptx::AtomKind::Xor)
                   .Case("add", ptx::AtomKind::Add)
                   .Case("inc", ptx::AtomKind::Inc)
                   .Case("dec", ptx::AtomKind::Dec)
                   .Case("min", ptx::AtomKind::Min)
                   .Case("max", ptx::AtomKind::Max)
                   .Case("exch", ptx::AtomKind::Exch)
                   .Case("cas", ptx::AtomKind::Cas)
                   .Default(std::nullopt);
      if (k)
        kind = k;
      else if (p == "noftz")
        noftz = true;
      else if (p == "global" || p == "shared" || p == "shared::cta" ||
               p == "shared::cluster" || p == "relaxed" || p == "acquire" ||
               p == "release" || p == "acq_rel" || p == "cta" ||
               p == "cluster" || p == "gpu" || p == "sys" ||
               p == "L2::cache_hint" || p == "v2" || p == "v4" || p == "v8")
        ;
      else
        return notModeled("modifier ." + p.str());
    }
    (void)noftz;
    if (!kind)
      return notModeled("an atomic without an operation");
    std::optional<ptx::ValType> vt = valType(m.type);
    if (!vt)
      return notModeled("type ." + m.type);
    bool cas = *kind == ptx::AtomKind::Cas;
    size_t nOps = (isAtom ? 1 : 0) + 1 + 1 + (cas ? 1 : 0) +
                  (m.cacheHint ? 1 : 0);
    if (failed(expectOperands(in, nOps, nOps)))
      return failure();
    size_t k = 0;
    uint32_t res = 0;
    if (isAtom) {
      ++k;
      if (m.vec == 1)
        res = dest(in.ops[0], ok);
      if (!ok)
        return failure();
    }
    uint32_t addr = address(in.ops[k++], m.space, ok);
    unsigned bits = typeBits(m.type);
    uint32_t cmp = 0;
    if (ok && cas)
      cmp = value(in.ops[k++], bits, ok);
    uint32_t val = 0;
    Type elt = elementType(b, m.type);
    // .v2/.v4/.v8: {b0, ...} registers of the type, packed into one vector
    // value (vector<N x f16> for .vN.f16, vector<2N x f16> for .vN.f16x2),
    // the result unpacked into {d0, ...}.
    std::vector<uint32_t> resRegs;
    unsigned regBytes = std::max(1u, bits / 8);
    if (ok && m.vec != 1) {
      const Operand &vo = in.ops[k++];
      if (cas || vo.kind != Operand::Kind::Vec || vo.elems.size() != m.vec)
        return error() << "'" << in.opcode << "' takes " << m.vec
                       << " values in braces";
      std::vector<uint32_t> regs;
      for (const Operand &e : vo.elems) {
        regs.push_back(value(e, bits, ok));
        if (!ok)
          return failure();
      }
      val = pack(regs, regBytes);
      auto scalar = dyn_cast<VectorType>(elt);
      elt = VectorType::get(
          {static_cast<int64_t>(m.vec) * (scalar ? scalar.getNumElements() : 1)},
          scalar ? scalar.getElementType() : elt);
      if (isAtom) {
        const Operand &d = in.ops[0];
        if (d.kind != Operand::Kind::Vec || d.elems.size() != m.vec)
          return error() << "'" << in.opcode << "' returns " << m.vec
                         << " values in braces";
        for (const Operand &e : d.elems) {
          resRegs.push_back(dest(e, ok));
          if (!ok)
            return failure();
        }
        res = temp(std::max(1u, (m.vec * regBytes + 7) / 8));
      }
    } else if (ok) {
      val = value(in.ops[k++], bits, ok);
    }
    if (!ok)
      return failure();
    Value ptr = arg(ptrTo(b.getI8Type(), pointerSpace(m.space)), addr);
    ptx::MemSemAttr semAttr;
    if (!m.sem.empty())
      semAttr = ptx::MemSemAttr::get(
          ctx, llvm::StringSwitch<ptx::MemSem>(m.sem)
                   .Case("relaxed", ptx::MemSem::Relaxed)
                   .Case("acquire", ptx::MemSem::Acquire)
                   .Case("release", ptx::MemSem::Release)
                   .Default(ptx::MemSem::AcqRel));
    ptx::MemScopeAttr scopeAttr;
    if (!m.scope.empty())
      scopeAttr = ptx::MemScopeAttr::get(
          ctx, llvm::StringSwitch<ptx::MemScope>(m.scope)
                   .Case("cta", ptx::MemScope::CTA)
                   .Case("cluster", ptx::MemScope::Cluster)
                   .Case("gpu", ptx::MemScope::GPU)
                   .Default(ptx::MemScope::Sys));
    ptx::MemSpaceAttr spaceAttr;
    if (auto s = irSpace(m.space))
      spaceAttr = ptx::MemSpaceAttr::get(ctx, *s);
    auto kindAttr = ptx::AtomKindAttr::get(ctx, *kind);
    auto typeAttr = ptx::ValTypeAttr::get(ctx, *vt);
    Operation *built;
    if (isAtom) {
      auto a = PTXAtomOp::create(b, curLocation, elt, semAttr, scopeAttr,
                                 spaceAttr, kindAttr, typeAttr, ptr,
                                 cas ? arg(elt, cmp) : Value(), arg(elt, val),
                                 Value());
      out(a.getRes(), res);
      built = a;
    } else {
      built = PTXRedOp::create(b, curLocation, semAttr, scopeAttr, spaceAttr,
                               kindAttr, typeAttr, ptr, arg(elt, val), Value());
    }
    if (failed(decodeBuilt(built)))
      return failure();
    if (!resRegs.empty())
      unpack(res, resRegs, regBytes);
    return success();
  }

  if (op == "cvta") {
    // cvta.space.size d, a (window to generic); cvta.to.space.size (back).
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    bool to = in.parts.size() > 1 && in.parts[1] == "to";
    StringRef space = in.parts[to ? 2 : 1];
    unsigned bits = typeBits(in.parts.back());
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], 64, ok) : 0;
    if (!ok)
      return failure();
    int64_t base;
    if (space == "global" || space == "const")
      base = 0;
    else if (space == "shared" || space == "shared::cta" ||
             space == "shared::cluster")
      base = static_cast<int64_t>(kGenericShared);
    else if (space == "local")
      base = static_cast<int64_t>(kLocalBase);
    else if (space == "param" || space == "param::entry")
      base = static_cast<int64_t>(kGenericParam);
    else
      return notModeled("the ." + space.str() + " state space");
    // An address outside the window converts to one outside every window
    // (the access that uses it reports it).
    if (base == 0)
      emitMov(d, a);
    else
      emitIntBin(to ? IB::Sub : IB::Add, SK::I64, d, a, constant(base));
    if (bits == 32)
      emitMask(d, d, 32);
    return success();
  }

  if (op == "isspacep") {
    if (failed(expectOperands(in, 2, 2)) || in.parts.size() < 2)
      return failure();
    auto e = std::make_unique<IsSpace>();
    e->space = in.parts[1];
    e->d = dest(in.ops[0], ok);
    e->a = ok ? value(in.ops[1], 64, ok) : 0;
    if (!ok)
      return failure();
    c.emitExt(std::move(e));
    return success();
  }

  if (op == "mapa") {
    // mapa.shared::cluster.u32/u64 d, a, rank (shared::cta address in,
    // shared::cluster out); mapa.u64 d, a, rank (generic to generic).
    if (failed(expectOperands(in, 3, 3)))
      return failure();
    auto e = std::make_unique<MapaExt>();
    e->generic = !in.has("shared::cluster");
    e->dst = dest(in.ops[0], ok);
    e->addr = ok ? value(in.ops[1], 64, ok) : 0;
    e->rank = ok ? value(in.ops[2], 32, ok) : 0;
    if (!ok)
      return failure();
    c.emitExt(std::move(e));
    if (typeBits(in.parts.back()) == 32)
      emitMask(static_cast<MapaExt *>(prog.ext.back().get())->dst,
               static_cast<MapaExt *>(prog.ext.back().get())->dst, 32);
    return success();
  }

  if (op == "prefetch" || op == "prefetchu") {
    if (in.ops.empty() || in.ops[0].kind != Operand::Kind::Addr ||
        in.ops[0].elems.size() != 1)
      return error() << "'" << in.opcode << "' takes an address";
    auto e = std::make_unique<PrefetchCheck>();
    e->instr = in.text;
    bool tensormap = in.has("tensormap");
    StringRef space = "";
    for (size_t i = 1; i < in.parts.size(); ++i)
      if (in.parts[i] == "global" || in.parts[i] == "local" ||
          in.parts[i] == "param" || in.parts[i] == "const")
        space = in.parts[i];
    if (space == "const")
      return notModeled("the .const state space");
    e->space = tensormap ? (space == "param" ? "param" : "tensormap")
                         : space.str();
    for (const ParamVar &p : kernelParams)
      if (p.abi == "tensormap")
        e->tensorMapOffsets.push_back(p.offset);
    const Operand &base = in.ops[0].elems[0];
    uint32_t slot;
    if (const Reg *r = lookupReg(base.name)) {
      slot = r->slot;
      if (base.imm) {
        slot = temp();
        emitIntBin(IB::Add, SK::I64, slot, r->slot, constant(base.imm));
      }
    } else {
      slot = value(base, 64, ok);
      if (!ok)
        return failure();
      if (base.imm) {
        uint32_t t = temp();
        emitIntBin(IB::Add, SK::I64, t, slot, constant(base.imm));
        slot = t;
      }
    }
    e->addr = slot;
    c.emitExt(std::move(e));
    return success();
  }

  // createpolicy, applypriority and discard are table-generated ops
  // (PTXTableDecode.cpp): the IR level's semantics at both levels.
  handled = false;
  return success();
}
