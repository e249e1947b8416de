//===- Profile.cpp - tirx.profile ops in the simulator ----------*- C++ -*-===//
//
// The trace ops record events of the simulator's own trace (Options::trace)
// in logical time; without a sink they do nothing, as on the GPU when the
// kernel is compiled without tracing.
//
//===----------------------------------------------------------------------===//

#include "Compiler.h"
#include "Exec.h"

#include "TIRx/Dialect/TIRxProfileOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

namespace {
constexpr uint32_t kNoLeader = ~0u;

struct ProfileEvent : ExtOp {
  TraceEvent::Kind kind = TraceEvent::Kind::Mark;
  std::string label;
  uint32_t leader = kNoLeader;
  const char *name() const override { return "tirx.profile"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &inst) override {
    if (!ex.m.opts.trace)
      return Step::Next;
    if (leader != kNoLeader && !(t.R()[leader] & 1))
      return Step::Next;
    ex.traceProfile(t, kind, label, inst.loc);
    return Step::Next;
  }
};
} // namespace

LogicalResult sim::decodeProfileOp(Operation *op, Compiler &c, bool &handled) {
  auto event = std::make_unique<ProfileEvent>();
  Value leader;
  if (auto o = dyn_cast<ProfileRangeBeginOp>(op)) {
    event->kind = TraceEvent::Kind::RangeBegin;
    event->label = o.getName().str();
    leader = o.getLeader();
  } else if (auto o = dyn_cast<ProfileRangeEndOp>(op)) {
    event->kind = TraceEvent::Kind::RangeEnd;
    event->label = o.getName() ? o.getName()->str() : std::string();
    leader = o.getLeader();
  } else if (auto o = dyn_cast<ProfileMarkOp>(op)) {
    event->kind = TraceEvent::Kind::Mark;
    event->label = o.getName().str();
    leader = o.getLeader();
  } else {
    handled = false;
    return success();
  }
  handled = true;
  if (!c.inDevice)
    return op->emitError("'")
           << op->getName()
           << "' records from a thread: in the simulator it must be inside "
              "the 'tirx.kernel'";
  if (leader)
    event->leader = c.slot(leader);
  c.emitExt(std::move(event));
  return success();
}
