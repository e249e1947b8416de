//===- Warp.cpp - Warp collectives: shfl, vote, redux, match, elect -*- C++ -*-===//
//
// Each op waits until every lane of its member mask arrives at it, then runs
// once for all of them (ClusterExec::arriveCollective). Lanes that differ in
// the instruction or the mask, or a member that exited, are errors.
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
#include "Compiler.h"
#include "Exec.h"

#include "TIRx/Dialect/TIRxPTXOps.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

static constexpr uint32_t kNone = ~0u;

namespace {

/// A warp collective whose members are given by a 32-bit mask operand
/// (all lanes when there is none).
struct MaskedCollective : ExtOp {
  uint32_t mask = kNone;
  unsigned collectiveWidth() const override { return 32; }
  bool participants(ClusterExec &, Thread &t, const Inst &,
                    uint64_t m[2]) override {
    m[0] = mask == kNone ? 0xFFFFFFFFull
                         : (t.R()[mask] & 0xFFFFFFFFull);
    m[1] = 0;
    return true;
  }
  Step exec(ClusterExec &ex, Thread &t, const Inst &I) override {
    return ex.arriveCollective(t, I, *this);
  }
};

struct ElectSync : MaskedCollective {
  uint32_t result;
  const char *name() const override { return "elect.sync"; }
  Step execCollective(ClusterExec &, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    bool elected = false;
    for (Thread *p : lanes) {
      if (!p)
        continue;
      p->R()[result] = elected ? 0 : 1;
      elected = true;
    }
    return Step::Next;
  }
};

struct ShflSync : MaskedCollective {
  ptx::ShflKind kind;
  uint32_t val, offset, clamp, result, valid = kNone;
  const char *name() const override { return "shfl.sync"; }
  Step execCollective(ClusterExec &ex, const Inst &I,
                      ArrayRef<Thread *> lanes) override {
    uint64_t values[32];
    for (unsigned i = 0; i < 32; ++i)
      values[i] = lanes[i] ? lanes[i]->R()[val] : 0;
    for (unsigned lane = 0; lane < 32; ++lane) {
      Thread *p = lanes[lane];
      if (!p)
        continue;
      uint64_t *R = p->R();
      int bval = static_cast<int>(R[offset] & 31);
      uint32_t c = static_cast<uint32_t>(R[clamp]);
      int cval = static_cast<int>(c & 31), seg = static_cast<int>((c >> 8) & 31);
      int maxLane = (int(lane) & seg) | (cval & ~seg);
      int minLane = int(lane) & seg;
      int j;
      bool pval;
      switch (kind) {
      case ptx::ShflKind::Up:
        j = int(lane) - bval;
        pval = j >= maxLane;
        break;
      case ptx::ShflKind::Down:
        j = int(lane) + bval;
        pval = j <= maxLane;
        break;
      case ptx::ShflKind::Bfly:
        j = int(lane) ^ bval;
        pval = j <= maxLane;
        break;
      default:
        j = minLane | (bval & ~seg);
        pval = j <= maxLane;
        break;
      }
      if (!pval)
        j = int(lane);
      if (j < 0 || j > 31 || !lanes[j]) {
        ex.error(I.loc) << ex.describe(*p)
                        << " reads lane " << j
                        << " with shfl.sync, which is not in the member mask";
        return Step::Fail;
      }
      R[result] = values[j];
      if (valid != kNone)
        R[valid] = pval;
    }
    return Step::Next;
  }
};

struct VoteSync : MaskedCollective {
  ptx::VoteKind kind;
  uint32_t pred, result;
  const char *name() const override { return "vote.sync"; }
  Step execCollective(ClusterExec &, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    uint32_t ballot = 0, members = 0;
    for (unsigned i = 0; i < 32; ++i)
      if (lanes[i]) {
        members |= 1u << i;
        if (lanes[i]->R()[pred] & 1)
          ballot |= 1u << i;
      }
    uint64_t r = 0;
    switch (kind) {
    case ptx::VoteKind::All:
      r = ballot == members;
      break;
    case ptx::VoteKind::Any:
      r = ballot != 0;
      break;
    case ptx::VoteKind::Uni:
      r = ballot == members || ballot == 0;
      break;
    case ptx::VoteKind::Ballot:
      r = ballot;
      break;
    }
    for (Thread *p : lanes)
      if (p)
        p->R()[result] = r;
    return Step::Next;
  }
};

struct ReduxSync : MaskedCollective {
  ptx::ReduxKind kind;
  uint32_t val, result;
  bool abs = false, nan = false;
  const char *name() const override { return "redux.sync"; }
  Step execCollective(ClusterExec &, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    bool first = true;
    uint64_t acc = 0;
    float facc = 0;
    for (Thread *p : lanes) {
      if (!p)
        continue;
      uint64_t v = p->R()[val] & 0xFFFFFFFFull;
      if (kind == ptx::ReduxKind::FMin || kind == ptx::ReduxKind::FMax) {
        float f = bitsToF32(v);
        if (abs)
          f = std::fabs(f);
        if (first) {
          facc = f;
        } else if (std::isnan(f) || std::isnan(facc)) {
          if (nan)
            facc = std::numeric_limits<float>::quiet_NaN();
          else if (std::isnan(facc))
            facc = f;
        } else {
          facc = kind == ptx::ReduxKind::FMin ? std::min(facc, f)
                                              : std::max(facc, f);
        }
        first = false;
        continue;
      }
      if (first) {
        acc = v;
        first = false;
        continue;
      }
      int32_t sa = static_cast<int32_t>(acc), sv = static_cast<int32_t>(v);
      switch (kind) {
      case ptx::ReduxKind::Add:
        acc = static_cast<uint32_t>(acc + v);
        break;
      case ptx::ReduxKind::Min:
        acc = static_cast<uint32_t>(std::min(sa, sv));
        break;
      case ptx::ReduxKind::Max:
        acc = static_cast<uint32_t>(std::max(sa, sv));
        break;
      case ptx::ReduxKind::UMin:
        acc = std::min(acc, v);
        break;
      case ptx::ReduxKind::UMax:
        acc = std::max(acc, v);
        break;
      case ptx::ReduxKind::And:
        acc &= v;
        break;
      case ptx::ReduxKind::Or:
        acc |= v;
        break;
      case ptx::ReduxKind::Xor:
        acc ^= v;
        break;
      default:
        break;
      }
    }
    uint64_t r = (kind == ptx::ReduxKind::FMin || kind == ptx::ReduxKind::FMax)
                     ? f32ToBits(facc)
                     : acc;
    for (Thread *p : lanes)
      if (p)
        p->R()[result] = r;
    return Step::Next;
  }
};

struct MatchSync : MaskedCollective {
  bool all = false;
  uint32_t val, lanesOut, pred = kNone;
  const char *name() const override { return "match.sync"; }
  Step execCollective(ClusterExec &, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    uint32_t members = 0;
    for (unsigned i = 0; i < 32; ++i)
      if (lanes[i])
        members |= 1u << i;
    for (unsigned i = 0; i < 32; ++i) {
      Thread *p = lanes[i];
      if (!p)
        continue;
      uint64_t v = p->R()[val];
      uint32_t same = 0;
      for (unsigned j = 0; j < 32; ++j)
        if (lanes[j] && lanes[j]->R()[val] == v)
          same |= 1u << j;
      if (all) {
        bool equal = same == members;
        p->R()[lanesOut] = equal ? members : 0;
        if (pred != kNone)
          p->R()[pred] = equal;
      } else {
        p->R()[lanesOut] = same;
      }
    }
    return Step::Next;
  }
};

/// bar.warp.sync: the member lanes synchronize, with memory ordering.
struct WarpSync : MaskedCollective {
  const char *name() const override { return "bar.warp.sync"; }
  Step execCollective(ClusterExec &ex, const Inst &,
                      ArrayRef<Thread *> lanes) override {
    if (!ex.vcWidth)
      return Step::Next;
    std::vector<uint32_t> acc(ex.vcWidth, 0);
    for (Thread *p : lanes)
      if (p)
        ex.join(acc.data(), ex.vc(p->idx));
    for (Thread *p : lanes)
      if (p) {
        ex.join(ex.vc(p->idx), acc.data());
        ex.tick(*p);
      }
    return Step::Next;
  }
};

/// activemask: the simulator does not track divergence, so it reports
/// every lane the warp has (a partial last warp has fewer).
struct ActiveMask : ExtOp {
  uint32_t result;
  const char *name() const override { return "activemask"; }
  Step exec(ClusterExec &ex, Thread &t, const Inst &) override {
    uint32_t first = t.tid - t.tid % 32;
    uint32_t lanes = std::min<uint32_t>(32, ex.m.threadsPerCTA - first);
    t.R()[result] = lanes == 32 ? 0xFFFFFFFFu : ((1u << lanes) - 1);
    return Step::Next;
  }
};

} // namespace

LogicalResult sim::decodeWarpOp(Operation *op, Compiler &c, bool &handled) {
  handled = true;
  auto slotOr = [&](Value v) { return v ? c.slot(v) : kNone; };
  if (auto e = dyn_cast<PTXElectSyncOp>(op)) {
    auto x = std::make_unique<ElectSync>();
    x->mask = slotOr(e.getMask());
    x->result = c.slot(e.getPred());
    c.emitExt(std::move(x));
    return success();
  }
  if (auto s = dyn_cast<PTXShflSyncOp>(op)) {
    auto x = std::make_unique<ShflSync>();
    x->kind = s.getKind();
    x->mask = c.slot(s.getMask());
    x->val = c.slot(s.getVal());
    x->offset = c.slot(s.getOffset());
    x->clamp = c.slot(s.getClamp());
    x->result = c.slot(s.getRes());
    x->valid = slotOr(s.getValid());
    c.emitExt(std::move(x));
    return success();
  }
  if (auto v = dyn_cast<PTXVoteSyncOp>(op)) {
    auto x = std::make_unique<VoteSync>();
    x->kind = v.getKind();
    x->mask = c.slot(v.getMask());
    x->pred = c.slot(v.getPred());
    x->result = c.slot(v.getResult());
    c.emitExt(std::move(x));
    return success();
  }
  if (auto r = dyn_cast<PTXReduxSyncOp>(op)) {
    auto x = std::make_unique<ReduxSync>();
    x->kind = r.getKind();
    x->mask = c.slot(r.getMask());
    x->val = c.slot(r.getVal());
    x->result = c.slot(r.getRes());
    x->abs = r.getAbs();
    x->nan = r.getNan();
    c.emitExt(std::move(x));
    return success();
  }
  if (auto m = dyn_cast<PTXMatchSyncOp>(op)) {
    auto x = std::make_unique<MatchSync>();
    x->all = m.getKind() == ptx::MatchKind::All;
    x->mask = c.slot(m.getMask());
    x->val = c.slot(m.getVal());
    x->lanesOut = c.slot(m.getLanes());
    x->pred = slotOr(m.getPred());
    c.emitExt(std::move(x));
    return success();
  }
  if (auto b = dyn_cast<PTXBarWarpSyncOp>(op)) {
    auto x = std::make_unique<WarpSync>();
    x->mask = c.slot(b.getMask());
    c.emitExt(std::move(x));
    return success();
  }
  if (auto a = dyn_cast<PTXActiveMaskOp>(op)) {
    auto x = std::make_unique<ActiveMask>();
    x->result = c.slot(a.getMask());
    c.emitExt(std::move(x));
    return success();
  }
  handled = false;
  return success();
}
