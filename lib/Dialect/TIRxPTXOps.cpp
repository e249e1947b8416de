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
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptx;
using namespace mlir::tirx::ptx_detail;

#include "TIRx/Dialect/TIRxPTXEnums.cpp.inc"

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

template <typename OpT>
static LogicalResult verifyArrive(OpT op) {
  bool remote = scopeOf(op.getBar()) == MemorySpace::SharedCluster;
  if (remote && op.getState())
    return op.emitOpError(
        "a remote arrive on a shared.cluster mbarrier returns no state");
  if (auto sem = op.getSem())
    if (failed(verifyPTXRequirement(op, kSM90, quoted(*sem, "semantics"))))
      return failure();
  if (auto scope = op.getScope())
    if (failed(verifyPTXRequirement(op, kSM90, quoted(*scope, "scope"))))
      return failure();
  if (remote)
    return verifyPTXRequirement(op, kSM90, "a remote (shared.cluster) arrive");
  return success();
}

LogicalResult PTXMBarrierArriveOp::verify() { return verifyArrive(*this); }
LogicalResult PTXMBarrierArriveDropOp::verify() { return verifyArrive(*this); }
LogicalResult PTXMBarrierArriveExpectTxOp::verify() {
  return verifyArrive(*this);
}
LogicalResult PTXMBarrierArriveDropExpectTxOp::verify() {
  return verifyArrive(*this);
}

template <typename OpT>
static LogicalResult verifyWait(OpT op) {
  if (auto sem = op.getSem())
    if (failed(verifyPTXRequirement(op, kSM90, quoted(*sem, "semantics"))))
      return failure();
  if (auto scope = op.getScope())
    return verifyPTXRequirement(op, kSM90, quoted(*scope, "scope"));
  return success();
}

LogicalResult PTXMBarrierTestWaitOp::verify() { return verifyWait(*this); }
LogicalResult PTXMBarrierTestWaitParityOp::verify() {
  return verifyWait(*this);
}
LogicalResult PTXMBarrierTryWaitOp::verify() { return verifyWait(*this); }
LogicalResult PTXMBarrierTryWaitParityOp::verify() {
  return verifyWait(*this);
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

LogicalResult PTXFenceOp::verify() {
  FenceSem sem = getSem();
  if (sem == FenceSem::Acquire || sem == FenceSem::Release)
    if (failed(verifyPTXRequirement(*this, kSM90PTX86,
                                    quoted(sem, "semantics"))))
      return failure();
  if (getScope() == MemScope::Cluster)
    return verifyPTXRequirement(*this, kSM90, quoted(getScope(), "scope"));
  return success();
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

LogicalResult PTXBarrierSyncOp::verify() {
  if (getCount() && !getId())
    return emitOpError("a thread count needs a barrier id");
  return success();
}

LogicalResult PTXBarrierRedOp::verify() {
  if (getCount() && !getId())
    return emitOpError("a thread count needs a barrier id");
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
  if (isFloat)
    return verifyPTXRequirement(*this, kSM100f,
                                quoted(getKind(), "reduction"));
  return success();
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
