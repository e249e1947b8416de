//===- CheckSync.cpp - The tirx-check-sync pass -----------------*- C++ -*-===//
//
// Checks the synchronization of every tirx.kernel of the module without
// running it: mbarriers, named and cluster barriers, async-proxy fences,
// asynchronous copies, distributed shared memory, tensor memory and wgmma
// (docs/CheckSync.md lists the rules). A finding the model shows for
// certain is an error at the op (the user's line for script kernels); one
// that rests on sampled runtime values is a warning. Where the model does
// not know, the pass says nothing.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"

#include "TIRx/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_CHECKSYNCPASS
#include "TIRx/Transforms/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::checksync;

Checker::Checker(KernelOp kernel, const ThreadSpace &space)
    : kernel(kernel), space(space), ev(this->space), trace(kernel, ev) {}

std::optional<InFlightDiagnostic> Checker::error(Operation *op,
                                                 const char *rule) {
  if (!reported.insert({op->getLoc().getAsOpaquePointer(), rule}).second)
    return std::nullopt;
  if (warnOnly)
    return op->emitWarning();
  ++errors;
  return op->emitError();
}

std::optional<InFlightDiagnostic> Checker::warning(Operation *op,
                                                   const char *rule) {
  if (!reported.insert({op->getLoc().getAsOpaquePointer(), rule}).second)
    return std::nullopt;
  return op->emitWarning();
}

bool Checker::remoteFor(const Event &e) {
  if (space.ctas <= 1)
    return false;
  if (e.multicast)
    return true;
  if (e.ptr && e.ptr->viaMapa) {
    if (!e.ptr->mapaRank)
      return true;
    const Lanes &rank = ev.eval(e.ptr->mapaRank);
    for (unsigned t : e.may.set_bits())
      if (!rank.known.test(t) || rank.v[t] != space.rankOf(t))
        return true;
    return false;
  }
  return e.remote;
}

std::string Checker::describe(const ThreadSet &threads) const {
  std::string s;
  llvm::raw_string_ostream os(s);
  int count = threads.count();
  if (count == 0)
    return "no thread";
  int first = threads.find_first();
  int last = first;
  for (unsigned t : threads.set_bits())
    last = t;
  auto where = [&](int64_t t) {
    std::string r;
    if (space.ctas > 1)
      r = " of cluster rank " + std::to_string(space.rankOf(t));
    return r;
  };
  if (count == 1) {
    os << "thread " << space.tidOf(first) << where(first);
  } else if (last - first + 1 == count &&
             space.rankOf(first) == space.rankOf(last)) {
    os << "threads " << space.tidOf(first) << "-" << space.tidOf(last)
       << where(first);
  } else {
    os << count << " threads";
  }
  return s;
}

unsigned Checker::run() {
  if (trace.truncated)
    return 0;
  checkBarrierIds();
  checkAlignedDivergence();
  checkRedMixedWithSync();
  checkUseBeforeInit();
  checkClusterInit();
  checkReinit();
  checkArriveCounts();
  checkExpectTx();
  checkRingParity();
  checkProxyFences();
  checkAsyncWriteReads();
  checkDsmemExit();
  checkTensorMemory();
  checkWgmma();
  return errors;
}

namespace {

/// The launch shape a kernel's attributes record (tirx-infer-launch-shape)
/// or its scope ids imply.
std::optional<ThreadSpace> threadSpaceOf(KernelOp kernel) {
  ThreadSpace s;
  auto block = kernel->getAttrOfType<DenseI64ArrayAttr>("block");
  auto cluster = kernel->getAttrOfType<DenseI64ArrayAttr>("cluster");
  if (block && cluster && block.size() == 3 && cluster.size() == 3) {
    for (int i = 0; i < 3; ++i) {
      s.block[i] = block[i];
      s.cluster[i] = cluster[i];
    }
  } else {
    // Inconsistent scope ids are the verifier's to report; stay silent.
    ScopedDiagnosticHandler quiet(kernel->getContext(),
                                  [](Diagnostic &) { return success(); });
    FailureOr<LaunchShape> shape = kernel.computeLaunchShape(true);
    if (failed(shape))
      return std::nullopt;
    for (int i = 0; i < 3; ++i) {
      s.block[i] = shape->block[i];
      s.cluster[i] = shape->cluster[i];
    }
  }
  s.perCTA = s.block[0] * s.block[1] * s.block[2];
  s.ctas = s.cluster[0] * s.cluster[1] * s.cluster[2];
  if (s.perCTA < 1 || s.perCTA > 1024 || s.ctas < 1 || s.ctas > 16)
    return std::nullopt;
  return s;
}

struct CheckSyncPass : public tirx::impl::CheckSyncPassBase<CheckSyncPass> {
  using CheckSyncPassBase::CheckSyncPassBase;
  void runOnOperation() override {
    unsigned errors = 0;
    getOperation()->walk([&](KernelOp kernel) {
      std::optional<ThreadSpace> space = threadSpaceOf(kernel);
      if (!space)
        return;
      Checker checker(kernel, *space);
      checker.warnOnly = warnOnly;
      errors += checker.run();
    });
    if (errors)
      signalPassFailure();
  }
};

} // namespace
