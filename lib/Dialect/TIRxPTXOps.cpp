//===- TIRxPTXOps.cpp - TIRx PTX-level ops ----------------------*- C++ -*-===//
//
// The target gate shared by every PTX-level op, op registration, and the
// verifiers of the synchronization families (cluster addressing, mbarrier,
// fences, barriers, warp-level ops, launch control). The copy and MMA
// families live in TIRxPTXCopyOps.cpp and TIRxPTXMMAOps.cpp; the generated
// op definitions are split in three shards across the same files.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRxPTXCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptx;
using namespace mlir::tirx::ptx_detail;

#include "TIRx/Dialect/TIRxPTXEnums.cpp.inc"
#include "TIRx/Dialect/TIRxPTXInterfaces.cpp.inc"

#define GET_OP_DEFS_0
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"

void TIRxDialect::registerPTXOps() { registerTIRxDialectOperations(this); }

//===----------------------------------------------------------------------===//
// Target gate
//===----------------------------------------------------------------------===//

std::string mlir::tirx::describePTXRequirement(const PTXRequirement &req) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "sm_" << req.sm;
  switch (req.kind) {
  case PTXTargetKind::Plain:
    os << " or newer";
    break;
  case PTXTargetKind::Arch:
    os << "a";
    for (unsigned sm : req.also)
      os << " or sm_" << sm << "a";
    break;
  case PTXTargetKind::Family:
    os << "a or newer in its family";
    if (!req.also.empty()) {
      os << ", or ";
      llvm::interleave(
          req.also, os, [&](unsigned sm) { os << "sm_" << sm << "a"; }, ", ");
      os << " or newer in theirs";
    }
    break;
  }
  return text;
}

bool mlir::tirx::isPTXRequirementMet(const PTXRequirement &req,
                                     TargetAttr target) {
  unsigned sm = target.getSMVersion();
  switch (req.kind) {
  case PTXTargetKind::Plain:
    return sm >= req.sm;
  case PTXTargetKind::Arch:
    // Architecture-specific features do not carry forward.
    return target.isArchSpecific() &&
           (sm == req.sm || llvm::is_contained(req.also, sm));
  case PTXTargetKind::Family: {
    // Carried to later chips of the same family (same major compute
    // capability) by the `a` and `f` targets only.
    if (!target.isArchSpecific() && !target.isFamilySpecific())
      return false;
    auto inFamilyOf = [&](unsigned base) {
      return sm / 10 == base / 10 && sm >= base;
    };
    return inFamilyOf(req.sm) || llvm::any_of(req.also, inFamilyOf);
  }
  }
  return false;
}

LogicalResult mlir::tirx::verifyPTXPlacement(Operation *op) {
  if (op->getParentOfType<FunctionOpInterface>())
    return success();
  return op->emitOpError("must be inside a function");
}

LogicalResult mlir::tirx::verifyPTXRequirement(Operation *op,
                                               const PTXRequirement &req,
                                               StringRef what) {
  TargetAttr target = lookupTarget(op);
  if (!target || isPTXRequirementMet(req, target))
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  if (!what.empty())
    diag << what << " ";
  diag << "requires " << describePTXRequirement(req)
       << ", but the module targets " << target.getChip();
  return diag;
}

PTXNeeds mlir::tirx::getPTXNeeds(Operation *op) {
  PTXNeeds needs;
  if (auto ptx = dyn_cast<PTXOpInterface>(op))
    ptx.collectPTXRequirements(needs);
  return needs;
}

LogicalResult mlir::tirx::verifyPTXNeeds(Operation *op,
                                         const PTXNeeds &needs) {
  for (const PTXNeed &need : needs)
    if (failed(verifyPTXRequirement(op, need.req, need.what)))
      return failure();
  return success();
}

unsigned mlir::tirx::getMinPTXVersion(Operation *op, std::string *what) {
  unsigned version = 0;
  for (const PTXNeed &need : getPTXNeeds(op)) {
    if (need.req.ptx <= version)
      continue;
    version = need.req.ptx;
    if (what)
      *what = need.what;
  }
  return version;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static MemorySpace scopeOf(Value value) {
  return cast<PtrType>(value.getType()).getMemorySpace();
}

/// "result must be <expected> for <why>, got <actual>".
static LogicalResult checkResultType(Operation *op, Type actual,
                                     Type expected, const Twine &why) {
  if (actual == expected)
    return success();
  return op->emitOpError() << "result must be " << expected << " for " << why
                           << ", got " << actual;
}

//===----------------------------------------------------------------------===//
// Cluster addressing
//===----------------------------------------------------------------------===//

LogicalResult PTXMapaOp::verify() {
  Type addrType = getAddr().getType();
  Type expected = addrType;
  if (auto ptr = dyn_cast<PtrType>(addrType))
    expected = PtrType::get(ptr.getElementType(),
                            isSharedScope(ptr.getMemorySpace())
                                ? MemorySpace::SharedCluster
                                : MemorySpace::Generic);
  if (getResult().getType() == expected)
    return success();
  return emitOpError() << "result must be " << expected
                       << " for an address of type " << addrType << ", got "
                       << getResult().getType();
}

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

/// `sem` and `scope` come together (PTX: "Qualifiers .sem and .scope must be
/// specified together").
template <typename OpT>
static LogicalResult verifySemScope(OpT op) {
  if (static_cast<bool>(op.getSem()) == static_cast<bool>(op.getScope()))
    return success();
  return op.emitOpError("takes memory semantics and a scope together (both "
                        "or neither)");
}

template <typename OpT>
static LogicalResult verifyArrive(OpT op) {
  bool remote = scopeOf(op.getBar()) == MemorySpace::SharedCluster;
  if (remote && op.getState())
    return op.emitOpError(
        "a remote arrive on a shared.cluster mbarrier returns no state");
  return verifySemScope(op);
}

/// The needs of the arrive family: its semantics and scope (sm_90;
/// `relaxed` PTX ISA 8.6), a count (sm_90), and the state-less sink form on
/// the shared::cluster window (sm_90, PTX ISA 8.0).
template <typename OpT>
static void arriveNeeds(OpT op, PTXNeeds &needs) {
  if (auto sem = op.getSem())
    needs.push_back({*sem == ArriveSem::Relaxed ? kSM90PTX86 : kSM90PTX80,
                     quoted(*sem, "semantics")});
  if (auto scope = op.getScope())
    needs.push_back({kSM90PTX80, quoted(*scope, "scope")});
  if (!OpT::kExpectTx && op.getCount())
    needs.push_back({kSM90, "an arrival count"});
  if (!op.getState())
    needs.push_back({kSM90PTX80, "an arrive without a state result"});
}

LogicalResult PTXMBarrierArriveOp::verify() { return verifyArrive(*this); }
LogicalResult PTXMBarrierArriveDropOp::verify() { return verifyArrive(*this); }
LogicalResult PTXMBarrierArriveExpectTxOp::verify() {
  return verifyArrive(*this);
}
LogicalResult PTXMBarrierArriveDropExpectTxOp::verify() {
  return verifyArrive(*this);
}
void PTXMBarrierArriveOp::collectModifierRequirements(PTXNeeds &needs) {
  arriveNeeds(*this, needs);
}
void PTXMBarrierArriveDropOp::collectModifierRequirements(PTXNeeds &needs) {
  arriveNeeds(*this, needs);
}
void PTXMBarrierArriveExpectTxOp::collectModifierRequirements(
    PTXNeeds &needs) {
  arriveNeeds(*this, needs);
}
void PTXMBarrierArriveDropExpectTxOp::collectModifierRequirements(
    PTXNeeds &needs) {
  arriveNeeds(*this, needs);
}

template <typename OpT>
static void waitNeeds(OpT op, PTXNeeds &needs) {
  if (auto sem = op.getSem())
    needs.push_back({*sem == WaitSem::Relaxed ? kSM90PTX86 : kSM90PTX80,
                     quoted(*sem, "semantics")});
  if (auto scope = op.getScope())
    needs.push_back({kSM90PTX80, quoted(*scope, "scope")});
}

LogicalResult PTXMBarrierTestWaitOp::verify() { return verifySemScope(*this); }
LogicalResult PTXMBarrierTestWaitParityOp::verify() {
  return verifySemScope(*this);
}
LogicalResult PTXMBarrierTryWaitOp::verify() { return verifySemScope(*this); }
LogicalResult PTXMBarrierTryWaitParityOp::verify() {
  return verifySemScope(*this);
}
void PTXMBarrierTestWaitOp::collectModifierRequirements(PTXNeeds &needs) {
  waitNeeds(*this, needs);
}
void PTXMBarrierTestWaitParityOp::collectModifierRequirements(
    PTXNeeds &needs) {
  waitNeeds(*this, needs);
}
void PTXMBarrierTryWaitOp::collectModifierRequirements(PTXNeeds &needs) {
  waitNeeds(*this, needs);
}
void PTXMBarrierTryWaitParityOp::collectModifierRequirements(
    PTXNeeds &needs) {
  waitNeeds(*this, needs);
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

void PTXFenceOp::collectModifierRequirements(PTXNeeds &needs) {
  FenceSem sem = getSem();
  if (sem == FenceSem::Acquire || sem == FenceSem::Release)
    needs.push_back({kSM90PTX86, quoted(sem, "semantics")});
  if (getScope() == MemScope::Cluster)
    needs.push_back({kSM90, quoted(getScope(), "scope")});
}

LogicalResult PTXFenceProxyTensormapOp::verify() {
  if (getSem() == TensormapSem::Acquire && !getAddr())
    return emitOpError("acquire needs the address of the tensormap");
  if (getSem() == TensormapSem::Release && getAddr())
    return emitOpError("release takes no address");
  return success();
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

/// A constant thread count of a named barrier must be a multiple of the warp
/// size (ptxas: "Number of threads participating in barrier must be in
/// multiple of warp size").
static LogicalResult verifyBarrierCount(Operation *op, Value count) {
  APInt value;
  if (!count || !matchPattern(count, m_ConstantInt(&value)))
    return success();
  int64_t n = value.getSExtValue();
  if (n > 0 && n % 32 == 0)
    return success();
  return op->emitOpError() << "thread count must be a positive multiple of "
                              "32 (the warp size), got "
                           << n;
}

LogicalResult PTXBarrierSyncOp::verify() {
  if (getCount() && !getId())
    return emitOpError("a thread count needs a barrier id");
  return verifyBarrierCount(*this, getCount());
}

LogicalResult PTXBarrierArriveOp::verify() {
  return verifyBarrierCount(*this, getCount());
}

void PTXBarrierClusterArriveOp::collectModifierRequirements(PTXNeeds &needs) {
  if (auto sem = getSem())
    needs.push_back({kSM90PTX80, quoted(*sem, "semantics")});
}

void PTXBarrierClusterWaitOp::collectModifierRequirements(PTXNeeds &needs) {
  if (getAcquire())
    needs.push_back({kSM90PTX80, "'acquire' semantics"});
}

LogicalResult PTXBarrierRedOp::verify() {
  if (getCount() && !getId())
    return emitOpError("a thread count needs a barrier id");
  if (failed(verifyBarrierCount(*this, getCount())))
    return failure();
  Builder b(getContext());
  Type expected =
      getKind() == BarRedKind::Popc ? b.getI32Type() : b.getI1Type();
  return checkResultType(*this, getResult().getType(), expected,
                         "'" + stringifyEnum(getKind()) + "'");
}

//===----------------------------------------------------------------------===//
// Warp level
//===----------------------------------------------------------------------===//

LogicalResult PTXVoteSyncOp::verify() {
  Builder b(getContext());
  Type expected =
      getKind() == VoteKind::Ballot ? b.getI32Type() : b.getI1Type();
  return checkResultType(*this, getResult().getType(), expected,
                         "'" + stringifyEnum(getKind()) + "'");
}

LogicalResult PTXReduxSyncOp::verify() {
  bool isFloat = getKind() == ReduxKind::FMin || getKind() == ReduxKind::FMax;
  Type type = getVal().getType();
  if (isFloat != isa<FloatType>(type))
    return emitOpError() << "'" << stringifyEnum(getKind()) << "' reduces "
                         << (isFloat ? "f32" : "i32") << ", got " << type;
  if (!isFloat && (getAbs() || getNan()))
    return emitOpError("abs and nan only apply to fmin and fmax");
  return success();
}

void PTXReduxSyncOp::collectModifierRequirements(PTXNeeds &needs) {
  if (getKind() == ReduxKind::FMin || getKind() == ReduxKind::FMax)
    needs.push_back({kSM100f, quoted(getKind(), "reduction")});
}

LogicalResult PTXMatchSyncOp::verify() {
  if (getKind() == MatchKind::All && !getPred())
    return emitOpError("'all' also returns an i1 predicate");
  if (getKind() == MatchKind::Any && getPred())
    return emitOpError("'any' returns only the lane mask");
  return success();
}

//===----------------------------------------------------------------------===//
// Launch and register control
//===----------------------------------------------------------------------===//

LogicalResult PTXSetMaxNRegOp::verify() {
  int64_t count = getCount();
  if (count < 24 || count > 256 || count % 8 != 0)
    return emitOpError() << "register count must be a multiple of 8 in "
                            "[24, 256], got "
                         << count;
  return success();
}

LogicalResult PTXCLCQueryCancelOp::verify() {
  Builder b(getContext());
  Type expected = getQuery() == CLCQuery::IsCanceled ? b.getI1Type()
                                                     : b.getI32Type();
  return checkResultType(*this, getResult().getType(), expected,
                         "'" + stringifyEnum(getQuery()) + "'");
}
