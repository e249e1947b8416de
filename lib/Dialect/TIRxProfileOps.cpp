//===- TIRxProfileOps.cpp - TIRx in-kernel trace ops ------------*- C++ -*-===//
//
// Verifiers of the `tirx.profile.*` ops and of the `tirx.profile_trace`
// function attribute that describes a traced kernel's buffer.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxProfileOps.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

#define GET_OP_CLASSES
#include "TIRx/Dialect/TIRxProfileOps.cpp.inc"

void TIRxDialect::registerProfileOps() {
  addOperations<
#define GET_OP_LIST
#include "TIRx/Dialect/TIRxProfileOps.cpp.inc"
      >();
}

/// Longest name a trace event may have.
static constexpr size_t kMaxNameLength = 256;

static LogicalResult verifyName(Operation *op, StringRef name) {
  if (name.empty())
    return op->emitOpError("needs a non-empty name");
  if (name.size() > kMaxNameLength)
    return op->emitOpError("name is ")
           << name.size() << " characters long; at most " << kMaxNameLength
           << " are allowed";
  for (char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      return op->emitOpError(
          "name must not contain control characters (newlines, tabs, ...)");
  return success();
}

/// The ops record from device code: a kernel region, or the gpu.func the
/// kernel was outlined to (after tirx-split-host-device).
static LogicalResult verifyPlacement(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<KernelOp>(p) || p->getName().getStringRef() == "gpu.func")
      return success();
    if (isa<FunctionOpInterface>(p))
      break;
  }
  return op->emitOpError("must be in device code: inside a 'tirx.kernel' (a "
                         "function the kernel calls cannot record; inline "
                         "it, e.g. as a T.macro)");
}

LogicalResult ProfileRangeBeginOp::verify() {
  if (failed(verifyName(*this, getName())))
    return failure();
  return verifyPlacement(*this);
}

LogicalResult ProfileRangeEndOp::verify() {
  if (auto name = getName(); name && failed(verifyName(*this, *name)))
    return failure();
  return verifyPlacement(*this);
}

LogicalResult ProfileMarkOp::verify() {
  if (failed(verifyName(*this, getName())))
    return failure();
  return verifyPlacement(*this);
}

//===----------------------------------------------------------------------===//
// tirx.profile_trace
//===----------------------------------------------------------------------===//

LogicalResult profile::verifyTraceAttr(Operation *op, Attribute attr) {
  auto fail = [&](const Twine &what) {
    return op->emitError() << "'" << kTraceAttrName << "' " << what;
  };
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return fail("may only be attached to a function");
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return fail("must be a dictionary");
  auto intEntry = [&](StringRef key, int64_t lo, int64_t hi,
                      int64_t &out) -> LogicalResult {
    auto v = dict.getAs<IntegerAttr>(key);
    if (!v)
      return fail("needs an integer '" + key + "'");
    out = v.getInt();
    if (out < lo || out > hi)
      return fail("'" + key + "' is " + Twine(out) + ", outside [" + Twine(lo) +
                  ", " + Twine(hi) + "]");
    return success();
  };
  int64_t version, param, capacity, warps, header, record;
  if (failed(intEntry("version", kLayoutVersion, kLayoutVersion, version)) ||
      failed(intEntry("param", 0, int64_t(func.getNumArguments()) - 1,
                      param)) ||
      failed(intEntry("capacity", 1, kMaxCapacity, capacity)) ||
      failed(intEntry("warps_per_cta", 1, 32, warps)) ||
      failed(intEntry("header_words", kHeaderWords, kHeaderWords, header)) ||
      failed(intEntry("record_words", kRecordWords, kRecordWords, record)))
    return failure();
  auto timer = dict.getAs<StringAttr>("timer");
  if (!timer || (timer.getValue() != "globaltimer" &&
                 timer.getValue() != "clock64"))
    return fail("needs a 'timer' of \"globaltimer\" or \"clock64\"");
  auto names = dict.getAs<ArrayAttr>("names");
  if (!names || !llvm::all_of(names, llvm::IsaPred<StringAttr>))
    return fail("needs 'names', an array of strings");
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained({"version", "param", "capacity", "warps_per_cta",
                             "header_words", "record_words", "timer", "names"},
                            entry.getName().getValue()))
      return fail("has an unknown entry '" + entry.getName().getValue() + "'");
  return success();
}
