//===- TIRxPTXMemOps.cpp - Verifiers of the PTX memory ops ------*- C++ -*-===//
//
// ld, st, atom, red, red.async and st.async, plus the fourth shard of the
// generated PTX op definitions. The rules are the PTX ISA's syntax lines of
// each instruction (which modifiers go together, on which state spaces and
// types).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRxPTXCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptx;
using namespace mlir::tirx::ptx_detail;

#define GET_OP_DEFS_3
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared rules
//===----------------------------------------------------------------------===//

unsigned mlir::tirx::ptx::getBitWidth(ValType type) {
  switch (type) {
  case ValType::B8:
  case ValType::U8:
  case ValType::S8:
    return 8;
  case ValType::B16:
  case ValType::U16:
  case ValType::S16:
  case ValType::F16:
  case ValType::BF16:
    return 16;
  case ValType::B32:
  case ValType::U32:
  case ValType::S32:
  case ValType::F32:
  case ValType::F16x2:
  case ValType::BF16x2:
    return 32;
  case ValType::B64:
  case ValType::U64:
  case ValType::S64:
  case ValType::F64:
    return 64;
  case ValType::B128:
    return 128;
  }
  return 0;
}

unsigned mlir::tirx::ptx::getLanes(ValType type) {
  return type == ValType::F16x2 || type == ValType::BF16x2 ? 2 : 1;
}

static unsigned valTypeBits(ValType type) { return getBitWidth(type); }
static unsigned valTypeLanes(ValType type) { return getLanes(type); }

static bool isHalf(ValType type) {
  return type == ValType::F16 || type == ValType::BF16 ||
         type == ValType::F16x2 || type == ValType::BF16x2;
}

/// The number of PTX registers of `type` that `value` holds (1 for a scalar,
/// N for the `.vN` forms), or failure with a diagnostic.
static FailureOr<int64_t> registerCount(Operation *op, ValType type,
                                        Type value, StringRef what) {
  unsigned lanes = valTypeLanes(type);
  unsigned eltBits = valTypeBits(type) / lanes;
  Type elt = value;
  int64_t elements = 1;
  if (auto vec = dyn_cast<VectorType>(value)) {
    elt = vec.getElementType();
    elements = vec.getNumElements();
  }
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() != eltBits ||
      elements % lanes != 0) {
    op->emitOpError() << what << " must hold " << valTypeBits(type)
                      << "-bit '" << stringifyEnum(type) << "' registers ("
                      << (lanes == 2 ? "pairs of " : "") << eltBits
                      << "-bit elements), got " << value;
    return failure();
  }
  return elements / lanes;
}

/// The `.vN` forms: up to 128 bits, or the 256-bit forms.
static LogicalResult verifyVector(Operation *op, ValType type, int64_t regs,
                                  bool &wide) {
  unsigned bits = valTypeBits(type);
  wide = (regs == 4 && bits == 64) || (regs == 8 && bits == 32);
  if (regs == 1 || wide || (regs == 2 && bits <= 64) ||
      (regs == 4 && bits <= 32))
    return success();
  return op->emitOpError() << "has no ." << "v" << regs << " form for '"
                           << stringifyEnum(type) << "'";
}

/// The pointer must be in the instruction's state space or convertible to it
/// (see TIRxPTXMemOps.td).
static LogicalResult verifyPointerSpace(Operation *op, Value ptr,
                                        std::optional<MemSpace> space) {
  MemorySpace scope = cast<PtrType>(ptr.getType()).getMemorySpace();
  if (scope == MemorySpace::Generic)
    return success();
  bool ok = false;
  if (!space)
    ok = scope != MemorySpace::Param;
  else
    switch (*space) {
    case MemSpace::Global:
      ok = scope == MemorySpace::Global;
      break;
    case MemSpace::SharedCTA:
      ok = isSharedScope(scope);
      break;
    case MemSpace::SharedCluster:
      ok = isSharedScope(scope) || scope == MemorySpace::SharedCluster;
      break;
    case MemSpace::Local:
      ok = scope == MemorySpace::Local;
      break;
    }
  if (ok)
    return success();
  auto diag = op->emitOpError() << "cannot address a '"
                                << stringifyMemorySpace(scope)
                                << "' pointer with ";
  if (space)
    diag << "the '" << stringifyEnum(*space) << "' state space";
  else
    diag << "generic addressing";
  return diag;
}

static bool isGlobalOrGeneric(std::optional<MemSpace> space) {
  return !space || *space == MemSpace::Global;
}

/// The needs of the modifiers ld, st, atom and red share.
static void memNeeds(std::optional<MemScope> scope,
                     std::optional<MemSpace> space, bool cacheHint,
                     PTXNeeds &needs) {
  if (scope == MemScope::Cluster)
    needs.push_back({kSM90, "'cluster' scope"});
  if (space == MemSpace::SharedCluster)
    needs.push_back({kSM90, "the 'shared.cluster' state space"});
  if (cacheHint)
    needs.push_back({kSM80PTX74, "an L2 cache hint"});
}

//===----------------------------------------------------------------------===//
// ld / st
//===----------------------------------------------------------------------===//

/// Rules ld and st share. `load` selects ld's semantics and cache operators.
template <typename OpT>
static LogicalResult verifyLdSt(OpT op, Type value, bool load, bool nc,
                                std::optional<PrefetchSize> prefetch,
                                bool &wide) {
  ValType type = op.getType();
  if (isHalf(type))
    return op.emitOpError() << "has no '" << stringifyEnum(type)
                            << "' type (use b16 or b32)";
  FailureOr<int64_t> regs =
      registerCount(op, type, value, load ? "result" : "stored value");
  if (failed(regs) || failed(verifyVector(op, type, *regs, wide)))
    return failure();
  if (type == ValType::B128 && *regs != 1)
    return op.emitOpError("b128 has no vector form");

  std::optional<MemSem> sem = op.getSem();
  std::optional<MemSpace> space = op.getSpace();
  MemSem ordered = load ? MemSem::Acquire : MemSem::Release;
  if (sem && *sem != MemSem::Weak && *sem != MemSem::Volatile &&
      *sem != MemSem::Relaxed && *sem != ordered)
    return op.emitOpError() << "'" << stringifyEnum(*sem)
                            << "' is not a semantics of "
                            << (load ? "ld" : "st");
  bool scoped = sem == MemSem::Relaxed || sem == ordered;
  if (scoped != static_cast<bool>(op.getScope()))
    return op.emitOpError() << (scoped ? "'" + stringifyEnum(*sem).str() +
                                             "' needs a scope"
                                       : std::string("only relaxed and ") +
                                             stringifyEnum(ordered).str() +
                                             " take a scope");
  if (std::optional<CacheOp> cop = op.getCop()) {
    bool valid = load ? (*cop == CacheOp::CA || *cop == CacheOp::CG ||
                         *cop == CacheOp::CS || *cop == CacheOp::LU ||
                         *cop == CacheOp::CV)
                      : (*cop == CacheOp::WB || *cop == CacheOp::CG ||
                         *cop == CacheOp::CS || *cop == CacheOp::WT);
    if (!valid)
      return op.emitOpError() << "'" << stringifyEnum(*cop)
                              << "' is not a cache operator of "
                              << (load ? "ld" : "st");
    if (sem && *sem != MemSem::Weak)
      return op.emitOpError("cache operators go with weak semantics only");
    if (op.getL1Evict() || op.getL2Evict())
      return op.emitOpError("cache operators and eviction priorities are "
                            "mutually exclusive");
    if (nc && *cop != CacheOp::CA && *cop != CacheOp::CG &&
        *cop != CacheOp::CS)
      return op.emitOpError("nc takes the ca, cg or cs cache operator only");
  }
  bool evict = op.getL1Evict() || op.getL2Evict();
  if (sem == MemSem::Volatile && (evict || op.getCacheHint()))
    return op.emitOpError("volatile takes no eviction priority or cache hint");
  if (scoped && space == MemSpace::Local)
    return op.emitOpError() << "'" << stringifyEnum(*sem)
                            << "' does not apply to local memory";
  if ((evict || prefetch || op.getCacheHint()) && !isGlobalOrGeneric(space))
    return op.emitOpError("eviction priorities, prefetch sizes and cache "
                          "hints apply to global memory or generic "
                          "addressing only");
  if (op.getL2Evict() && !wide)
    return op.emitOpError("an L2 eviction priority needs a 256-bit access "
                          "(.v8 of 32-bit or .v4 of 64-bit values)");
  if (wide && !isGlobalOrGeneric(space))
    return op.emitOpError("256-bit accesses apply to global memory or "
                          "generic addressing only");
  return verifyPointerSpace(op, op.getPtr(), space);
}

template <typename OpT>
static void ldStNeeds(OpT op, bool wide, std::optional<PrefetchSize> prefetch,
                      PTXNeeds &needs) {
  memNeeds(op.getScope(), op.getSpace(), static_cast<bool>(op.getCacheHint()),
           needs);
  if (op.getType() == ValType::B128)
    needs.push_back({kSM70PTX83, "the b128 type"});
  if (op.getL1Evict())
    needs.push_back({kSM70PTX74, "an L1 eviction priority"});
  if (prefetch)
    needs.push_back({*prefetch == PrefetchSize::B256 ? kSM80PTX74
                                                     : kSM75PTX74,
                     "an L2 prefetch size"});
  if (wide)
    needs.push_back({kSM100PTX88, "a 256-bit access"});
}

/// Whether the value of an ld/st is a 256-bit vector.
static bool isWide(ValType type, Type value) {
  auto vec = dyn_cast<VectorType>(value);
  if (!vec)
    return false;
  int64_t regs = vec.getNumElements();
  unsigned bits = valTypeBits(type);
  return (regs == 4 && bits == 64) || (regs == 8 && bits == 32);
}

LogicalResult PTXLdOp::verify() {
  if (getNc()) {
    if (getSpace() != MemSpace::Global)
      return emitOpError("nc needs the 'global' state space");
    if (getSem())
      return emitOpError("nc takes no memory semantics");
  }
  bool wide = false;
  return verifyLdSt(*this, getRes().getType(), /*load=*/true, getNc(),
                    getPrefetch(), wide);
}

void PTXLdOp::collectModifierRequirements(PTXNeeds &needs) {
  ldStNeeds(*this, isWide(getType(), getRes().getType()), getPrefetch(),
            needs);
}

LogicalResult PTXStOp::verify() {
  bool wide = false;
  return verifyLdSt(*this, getValue().getType(), /*load=*/false,
                    /*nc=*/false, std::nullopt, wide);
}

void PTXStOp::collectModifierRequirements(PTXNeeds &needs) {
  ldStNeeds(*this, isWide(getType(), getValue().getType()), std::nullopt,
            needs);
}

//===----------------------------------------------------------------------===//
// atom / red
//===----------------------------------------------------------------------===//

/// The types of `op` on the scalar lines (PTX ISA tables of atom and red).
static bool atomTypeOk(AtomKind kind, ValType type) {
  auto in = [&](std::initializer_list<ValType> set) {
    return llvm::is_contained(set, type);
  };
  switch (kind) {
  case AtomKind::And:
  case AtomKind::Or:
  case AtomKind::Xor:
    return in({ValType::B32, ValType::B64});
  case AtomKind::Inc:
  case AtomKind::Dec:
    return in({ValType::U32});
  case AtomKind::Min:
  case AtomKind::Max:
    return in({ValType::U32, ValType::S32, ValType::U64, ValType::S64});
  case AtomKind::Add:
    return in({ValType::U32, ValType::S32, ValType::U64, ValType::F32,
               ValType::F64, ValType::F16, ValType::F16x2, ValType::BF16,
               ValType::BF16x2});
  case AtomKind::Exch:
    return in({ValType::B32, ValType::B64, ValType::B128});
  case AtomKind::Cas:
    return in({ValType::B16, ValType::B32, ValType::B64, ValType::B128});
  }
  return false;
}

template <typename OpT>
static LogicalResult verifyAtomic(OpT op, bool isAtom, Value cmp) {
  ValType type = op.getType();
  AtomKind kind = op.getOp();
  FailureOr<int64_t> regs =
      registerCount(op, type, op.getValue().getType(), "value");
  if (failed(regs))
    return failure();
  if (std::optional<MemSem> sem = op.getSem()) {
    bool ok = *sem == MemSem::Relaxed || *sem == MemSem::Release ||
              (isAtom && (*sem == MemSem::Acquire || *sem == MemSem::AcqRel));
    if (!ok)
      return op.emitOpError() << "'" << stringifyEnum(*sem)
                              << "' is not a semantics of "
                              << (isAtom ? "atom" : "red");
  }
  if (op.getSpace() == MemSpace::Local)
    return op.emitOpError("atomics do not apply to local memory");
  if (!isAtom && (kind == AtomKind::Exch || kind == AtomKind::Cas))
    return op.emitOpError() << "red has no '" << stringifyEnum(kind) << "'";
  if ((kind == AtomKind::Cas) != static_cast<bool>(cmp))
    return op.emitOpError(kind == AtomKind::Cas
                              ? "cas needs the expected value (cmp)"
                              : "only cas takes an expected value");
  if (*regs > 1) {
    // The vector forms (sm_90): add/min/max of half types, add of f32.
    bool halfOk = isHalf(type) && (kind == AtomKind::Add ||
                                   kind == AtomKind::Min ||
                                   kind == AtomKind::Max);
    bool f32Ok = type == ValType::F32 && kind == AtomKind::Add;
    if (!halfOk && !f32Ok)
      return op.emitOpError() << "has no vector form for '"
                              << stringifyEnum(kind) << "' on '"
                              << stringifyEnum(type) << "'";
    int64_t maxRegs = (type == ValType::F16 || type == ValType::BF16) ? 8 : 4;
    if (*regs != 2 && *regs != 4 && *regs != 8)
      return op.emitOpError() << "a vector value holds 2, 4 or 8 registers, "
                                 "got "
                              << *regs;
    if (*regs > maxRegs)
      return op.emitOpError() << "has no .v" << *regs << " form for '"
                              << stringifyEnum(type) << "'";
    if (!isGlobalOrGeneric(op.getSpace()))
      return op.emitOpError("vector atomics apply to global memory or "
                            "generic addressing only");
  } else if (!atomTypeOk(kind, type)) {
    return op.emitOpError() << "'" << stringifyEnum(kind)
                            << "' does not take '" << stringifyEnum(type)
                            << "'";
  }
  if (op.getCacheHint()) {
    if (kind == AtomKind::Cas)
      return op.emitOpError("cas takes no cache hint");
    if (!isGlobalOrGeneric(op.getSpace()))
      return op.emitOpError("a cache hint applies to global memory or "
                            "generic addressing only");
  }
  return verifyPointerSpace(op, op.getPtr(), op.getSpace());
}

template <typename OpT>
static void atomicNeeds(OpT op, PTXNeeds &needs) {
  memNeeds(op.getScope(), op.getSpace(), static_cast<bool>(op.getCacheHint()),
           needs);
  ValType type = op.getType();
  if (isa<VectorType>(op.getValue().getType()) &&
      valTypeLanes(type) * 1 <
          cast<VectorType>(op.getValue().getType()).getNumElements())
    needs.push_back({kSM90PTX81, "a vector atomic"});
  if (type == ValType::F16 || type == ValType::F16x2 ||
      (type == ValType::B16 && op.getOp() == AtomKind::Cas))
    needs.push_back({kSM70PTX63, ("the '" + stringifyEnum(type) + "' type").str()});
  if (type == ValType::BF16 || type == ValType::BF16x2)
    needs.push_back({kSM90, ("the '" + stringifyEnum(type) + "' type").str()});
  if (type == ValType::B128)
    needs.push_back({kSM90PTX83, "the b128 type"});
}

LogicalResult PTXAtomOp::verify() {
  return verifyAtomic(*this, /*isAtom=*/true, getCmp());
}

void PTXAtomOp::collectModifierRequirements(PTXNeeds &needs) {
  atomicNeeds(*this, needs);
}

LogicalResult PTXRedOp::verify() {
  return verifyAtomic(*this, /*isAtom=*/false, Value());
}

void PTXRedOp::collectModifierRequirements(PTXNeeds &needs) {
  atomicNeeds(*this, needs);
}

//===----------------------------------------------------------------------===//
// red.async / st.async
//===----------------------------------------------------------------------===//

LogicalResult PTXRedAsyncOp::verify() {
  ValType type = getType();
  auto in = [&](std::initializer_list<ValType> set) {
    return llvm::is_contained(set, type);
  };
  bool ok = false;
  switch (getOp()) {
  case AtomKind::Inc:
  case AtomKind::Dec:
    ok = in({ValType::U32});
    break;
  case AtomKind::Min:
  case AtomKind::Max:
    ok = in({ValType::U32, ValType::S32});
    break;
  case AtomKind::And:
  case AtomKind::Or:
  case AtomKind::Xor:
    ok = in({ValType::B32});
    break;
  case AtomKind::Add:
    ok = in({ValType::U32, ValType::S32, ValType::U64});
    break;
  default:
    break;
  }
  if (!ok)
    return emitOpError() << "red.async has no '" << stringifyEnum(getOp())
                         << "' on '" << stringifyEnum(type) << "'";
  if (getValue().getType().getIntOrFloatBitWidth() != valTypeBits(type))
    return emitOpError() << "value must be a " << valTypeBits(type)
                         << "-bit integer, got " << getValue().getType();
  return success();
}

LogicalResult PTXStAsyncOp::verify() {
  ValType type = getType();
  if (valTypeBits(type) < 32 || isHalf(type) || type == ValType::B128)
    return emitOpError() << "st.async has no '" << stringifyEnum(type)
                         << "' type";
  FailureOr<int64_t> regs =
      registerCount(*this, type, getValue().getType(), "stored value");
  if (failed(regs))
    return failure();
  if (*regs != 1 && *regs != 2 && !(*regs == 4 && valTypeBits(type) == 32))
    return emitOpError() << "st.async has no .v" << *regs << " form for '"
                         << stringifyEnum(type) << "'";
  return success();
}
