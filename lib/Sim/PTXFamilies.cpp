//===- PTXFamilies.cpp - The tirx.ptx families at the PTX level -*- C++ -*-===//
//
// mbarriers, barriers, fences, warp collectives, cp.async, bulk copies,
// TMA, ldmatrix/stmatrix, mma.sync, wgmma and tcgen05: each PTX instruction
// becomes the tirx.ptx op it is the lowering of, built with its operands
// bound to the instruction's registers, and decoded by the IR level's
// decoder of that family (lib/Sim/Sync.cpp, Warp.cpp, Copy.cpp, MMA.cpp,
// Tcgen05.cpp, Mem.cpp). Address operands are converted to the engine's
// addresses first (generic ones checked).
//
//===----------------------------------------------------------------------===//

#include "Arith.h"
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

/// The state space among an instruction's modifiers ("" for generic).
std::string spaceOf(const Instr &in) {
  for (const std::string &p : in.parts)
    if (p == "shared" || p == "shared::cta" || p == "shared::cluster" ||
        p == "global")
      return p;
  return "";
}

bool isImm(const Operand &o) { return o.kind == Operand::Kind::Imm; }

/// The registers of a `{...}` operand (or the one register).
std::vector<const Operand *> elemsOf(const Operand &o) {
  std::vector<const Operand *> out;
  if (o.kind == Operand::Kind::Vec)
    for (const Operand &e : o.elems)
      out.push_back(&e);
  else
    out.push_back(&o);
  return out;
}

} // namespace

//===----------------------------------------------------------------------===//
// mbarriers, barriers, fences, cluster addressing, misc
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateSync(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;
  Type mbarType = ptrTo(i64(), MemorySpace::Shared);
  Type clusterBar = ptrTo(i64(), MemorySpace::SharedCluster);

  if (op == "mbarrier") {
    if (in.parts.size() < 3)
      return notModeled();
    StringRef what = in.parts[1];
    std::string space = spaceOf(in);
    bool cluster = space == "shared::cluster";
    ptx::ArriveSemAttr arriveSem;
    ptx::WaitSemAttr waitSem;
    ptx::ClusterScopeAttr scope;
    if (in.has("relaxed")) {
      arriveSem = ptx::ArriveSemAttr::get(ctx, ptx::ArriveSem::Relaxed);
      waitSem = ptx::WaitSemAttr::get(ctx, ptx::WaitSem::Relaxed);
    } else if (in.has("release")) {
      arriveSem = ptx::ArriveSemAttr::get(ctx, ptx::ArriveSem::Release);
    } else if (in.has("acquire")) {
      waitSem = ptx::WaitSemAttr::get(ctx, ptx::WaitSem::Acquire);
    }
    // The scope (.cta/.cluster) is its own part of the opcode, apart from
    // the state space (.shared::cluster): a remote arrive
    // `.release.cluster.shared::cluster` releases at cluster scope.
    if (in.has("cluster"))
      scope = ptx::ClusterScopeAttr::get(ctx, ptx::ClusterScope::Cluster);
    else if (in.has("cta"))
      scope = ptx::ClusterScopeAttr::get(ctx, ptx::ClusterScope::CTA);
    auto bar = [&](const Operand &o) -> Value {
      uint32_t s = address(o, space, ok);
      return ok ? arg(cluster ? clusterBar : mbarType, s) : Value();
    };
    if (what == "init" || what == "inval") {
      if (failed(expectOperands(in, what == "init" ? 2 : 1,
                                what == "init" ? 2 : 1)))
        return failure();
      Value b0 = bar(in.ops[0]);
      if (!ok)
        return failure();
      if (what == "inval")
        return decodeBuilt(PTXMBarrierInvalOp::create(b, curLocation, b0));
      uint32_t n = value(in.ops[1], 32, ok);
      if (!ok)
        return failure();
      return decodeBuilt(
          PTXMBarrierInitOp::create(b, curLocation, b0, arg(i32(), n)));
    }
    if (what == "arrive" || what == "arrive_drop") {
      bool drop = what == "arrive_drop";
      bool expectTx = in.has("expect_tx");
      bool noComplete = in.has("noComplete");
      if (failed(expectOperands(in, 2, 3)))
        return failure();
      const Operand &stateOp = in.ops[0];
      Value b0 = bar(in.ops[1]);
      if (!ok)
        return failure();
      Value count;
      if (in.ops.size() == 3) {
        uint32_t cs = value(in.ops[2], 32, ok);
        if (!ok)
          return failure();
        count = arg(i32(), cs);
      }
      bool hasState = stateOp.kind != Operand::Kind::Sink;
      uint32_t stateSlot = hasState ? dest(stateOp, ok) : 0;
      if (!ok)
        return failure();
      Type stateType = hasState ? i64() : Type();
      Operation *built;
      Value state;
      if (noComplete) {
        if (!count || !hasState)
          return notModeled("this arrive.noComplete form");
        if (drop) {
          auto a = PTXMBarrierArriveDropNoCompleteOp::create(
              b, curLocation, i64(), b0, count);
          state = a.getState();
          built = a;
        } else {
          auto a = PTXMBarrierArriveNoCompleteOp::create(
              b, curLocation, i64(), b0, count);
          state = a.getState();
          built = a;
        }
      } else if (expectTx) {
        if (!count)
          return error() << "'" << in.opcode << "' needs a transaction count";
        if (drop) {
          auto a = PTXMBarrierArriveDropExpectTxOp::create(
              b, curLocation, stateType, arriveSem, scope, b0, count);
          state = a.getState();
          built = a;
        } else {
          auto a = PTXMBarrierArriveExpectTxOp::create(
              b, curLocation, stateType, arriveSem, scope, b0, count);
          state = a.getState();
          built = a;
        }
      } else if (drop) {
        auto a = PTXMBarrierArriveDropOp::create(b, curLocation, stateType,
                                                 arriveSem, scope, b0, count);
        state = a.getState();
        built = a;
      } else {
        auto a = PTXMBarrierArriveOp::create(b, curLocation, stateType,
                                             arriveSem, scope, b0, count);
        state = a.getState();
        built = a;
      }
      if (state)
        out(state, stateSlot);
      return decodeBuilt(built);
    }
    if (what == "expect_tx" || what == "complete_tx") {
      if (failed(expectOperands(in, 2, 2)))
        return failure();
      Value b0 = bar(in.ops[0]);
      uint32_t tx = ok ? value(in.ops[1], 32, ok) : 0;
      if (!ok)
        return failure();
      Type t = cluster ? clusterBar : mbarType;
      (void)t;
      if (what == "expect_tx")
        return decodeBuilt(PTXMBarrierExpectTxOp::create(
            b, curLocation, scope, b0, arg(i32(), tx)));
      return decodeBuilt(PTXMBarrierCompleteTxOp::create(
          b, curLocation, scope, b0, arg(i32(), tx)));
    }
    if (what == "test_wait" || what == "try_wait") {
      bool parity = in.has("parity");
      if (failed(expectOperands(in, 3, what == "try_wait" ? 4 : 3)))
        return failure();
      if (cluster)
        return error() << "'" << in.opcode
                       << "' waits on a shared::cluster address; waits take "
                          "the executing CTA's mbarriers";
      uint32_t d = dest(in.ops[0], ok);
      Value b0 = ok ? bar(in.ops[1]) : Value();
      uint32_t waitArg = ok ? value(in.ops[2], parity ? 32 : 64, ok) : 0;
      if (!ok)
        return failure();
      Value hint;
      if (in.ops.size() == 4) {
        uint32_t h = value(in.ops[3], 32, ok);
        if (!ok)
          return failure();
        hint = arg(i32(), h);
      }
      Value done;
      Operation *built;
      if (what == "test_wait") {
        if (parity) {
          auto w = PTXMBarrierTestWaitParityOp::create(
              b, curLocation, i1(), waitSem, scope, b0, arg(i32(), waitArg));
          done = w.getDone();
          built = w;
        } else {
          auto w = PTXMBarrierTestWaitOp::create(b, curLocation, i1(), waitSem,
                                                 scope, b0, arg(i64(), waitArg));
          done = w.getDone();
          built = w;
        }
      } else if (parity) {
        auto w = PTXMBarrierTryWaitParityOp::create(
            b, curLocation, i1(), waitSem, scope, b0, arg(i32(), waitArg), hint);
        done = w.getDone();
        built = w;
      } else {
        auto w = PTXMBarrierTryWaitOp::create(b, curLocation, i1(), waitSem,
                                              scope, b0, arg(i64(), waitArg), hint);
        done = w.getDone();
        built = w;
      }
      out(done, d);
      return decodeBuilt(built);
    }
    if (what == "pending_count") {
      if (failed(expectOperands(in, 2, 2)))
        return failure();
      uint32_t d = dest(in.ops[0], ok);
      uint32_t s = ok ? value(in.ops[1], 64, ok) : 0;
      if (!ok)
        return failure();
      auto p =
          PTXMBarrierPendingCountOp::create(b, curLocation, i32(), arg(i64(), s));
      out(p.getCount(), d);
      return decodeBuilt(p);
    }
    return notModeled();
  }

  if (op == "bar" || op == "barrier") {
    // bar{.cta}.sync / barrier{.cta}.sync{.aligned} a{, b}; bar.arrive a, b;
    // bar.red.op.type d, a{, b}, {!}c; barrier.cluster.arrive / wait.
    size_t k = 1;
    if (k < in.parts.size() && in.parts[k] == "cta")
      ++k;
    if (k >= in.parts.size())
      return notModeled();
    StringRef what = in.parts[k];
    UnitAttr aligned = in.has("aligned") || op == "bar" ? b.getUnitAttr()
                                                        : UnitAttr();
    if (what == "cluster") {
      if (in.has("arrive")) {
        ptx::ArriveSemAttr sem;
        if (in.has("relaxed"))
          sem = ptx::ArriveSemAttr::get(ctx, ptx::ArriveSem::Relaxed);
        else if (in.has("release"))
          sem = ptx::ArriveSemAttr::get(ctx, ptx::ArriveSem::Release);
        return decodeBuilt(PTXBarrierClusterArriveOp::create(
            b, curLocation, sem, in.has("aligned") ? b.getUnitAttr()
                                                   : UnitAttr()));
      }
      if (in.has("wait"))
        return decodeBuilt(PTXBarrierClusterWaitOp::create(
            b, curLocation, in.has("acquire") ? b.getUnitAttr() : UnitAttr(),
            in.has("aligned") ? b.getUnitAttr() : UnitAttr()));
      return notModeled();
    }
    if (what == "warp") {
      if (failed(expectOperands(in, 1, 1)))
        return failure();
      uint32_t m = value(in.ops[0], 32, ok);
      if (!ok)
        return failure();
      return decodeBuilt(
          PTXBarWarpSyncOp::create(b, curLocation, arg(i32(), m)));
    }
    auto idCount = [&](size_t first, Value &id, Value &count) {
      if (first < in.ops.size()) {
        uint32_t s = value(in.ops[first], 32, ok);
        if (ok)
          id = arg(i32(), s);
      }
      if (ok && first + 1 < in.ops.size()) {
        uint32_t s = value(in.ops[first + 1], 32, ok);
        if (ok)
          count = arg(i32(), s);
      }
    };
    if (what == "sync" || what == "arrive") {
      if (failed(expectOperands(in, what == "sync" ? 0 : 2, 2)))
        return failure();
      Value id, count;
      idCount(0, id, count);
      if (!ok)
        return failure();
      if (what == "sync")
        return decodeBuilt(
            PTXBarrierSyncOp::create(b, curLocation, aligned, id, count));
      return decodeBuilt(
          PTXBarrierArriveOp::create(b, curLocation, aligned, id, count));
    }
    if (what == "red") {
      if (failed(expectOperands(in, 3, 4)) || k + 1 >= in.parts.size())
        return failure();
      // barrier.red{.aligned}.op.type (bar.red.op.type).
      size_t kk = k + 1;
      if (kk + 1 < in.parts.size() && in.parts[kk] == "aligned")
        ++kk;
      StringRef kindName = in.parts[kk];
      auto kind = llvm::StringSwitch<std::optional<ptx::BarRedKind>>(kindName)
                      .Case("popc", ptx::BarRedKind::Popc)
                      .Case("and", ptx::BarRedKind::And)
                      .Case("or", ptx::BarRedKind::Or)
                      .Default(std::nullopt);
      if (!kind)
        return notModeled();
      uint32_t d = dest(in.ops[0], ok);
      Value id, count;
      if (ok)
        idCount(1, id, count);
      if (in.ops.size() == 3)
        count = Value();
      uint32_t p = ok ? value(in.ops.back(), 1, ok) : 0;
      if (!ok)
        return failure();
      Type rt = *kind == ptx::BarRedKind::Popc ? i32() : i1();
      auto r = PTXBarrierRedOp::create(
          b, curLocation, rt, ptx::BarRedKindAttr::get(ctx, *kind), aligned,
          arg(i1(), p), id, count);
      out(r.getResult(), d);
      return decodeBuilt(r);
    }
    return notModeled();
  }

  if (op == "membar" || op == "fence") {
    if (op == "membar") {
      if (in.parts.size() != 2)
        return notModeled();
      ptx::MemScope s = in.parts[1] == "cta"  ? ptx::MemScope::CTA
                        : in.parts[1] == "gl" ? ptx::MemScope::GPU
                                              : ptx::MemScope::Sys;
      return decodeBuilt(PTXFenceOp::create(
          b, curLocation, ptx::FenceSemAttr::get(ctx, ptx::FenceSem::SC),
          ptx::MemScopeAttr::get(ctx, s)));
    }
    StringRef second = in.parts.size() > 1 ? StringRef(in.parts[1]) : "";
    if (second == "proxy") {
      StringRef kind = in.parts.size() > 2 ? StringRef(in.parts[2]) : "";
      if (kind == "async") {
        ptx::ProxySpaceAttr space;
        if (in.has("shared::cta"))
          space = ptx::ProxySpaceAttr::get(ctx, ptx::ProxySpace::SharedCTA);
        else if (in.has("shared::cluster"))
          space =
              ptx::ProxySpaceAttr::get(ctx, ptx::ProxySpace::SharedCluster);
        else if (in.has("global"))
          space = ptx::ProxySpaceAttr::get(ctx, ptx::ProxySpace::Global);
        return decodeBuilt(PTXFenceProxyAsyncOp::create(b, curLocation, space));
      }
      if (kind == "alias")
        return decodeBuilt(PTXFenceProxyAliasOp::create(b, curLocation));
      if (kind == "tensormap::generic") {
        if (in.has("acquire")) {
          // fence.proxy.tensormap::generic.acquire.scope [addr], 128: the
          // address of a tensormap in global memory.
          if (failed(expectOperands(in, 2, 2)))
            return failure();
          const Operand &a = in.ops[0];
          if (a.kind != Operand::Kind::Addr || a.elems.size() != 1)
            return error() << "'" << in.opcode << "' takes an address";
          if (!isImm(in.ops[1]) || in.ops[1].imm != 128)
            return error() << "'" << in.opcode
                           << "' takes the size 128 (a tensormap's bytes)";
          auto e = std::make_unique<TensormapFenceCheck>();
          e->instr = in.text;
          const Operand &base = a.elems[0];
          uint32_t s;
          if (const Reg *r = lookupReg(base.name)) {
            s = r->slot;
            if (base.imm) {
              s = temp();
              emitIntBin(IB::Add, SK::I64, s, r->slot, constant(base.imm));
            }
          } else {
            s = value(base, 64, ok);
            if (!ok)
              return failure();
            if (params.count(base.name)) {
              return error()
                     << "'" << in.opcode << "' names kernel parameter '"
                     << base.name
                     << "' (a .param address); it takes the generic "
                        "address of a tensormap in global memory";
            }
          }
          e->addr = s;
          c.emitExt(std::move(e));
          return success();
        }
        // The release fence orders the writer's generic-proxy stores to a
        // tensormap before its use: ordering the simulator's memory gives.
        return decodeBuilt(PTXFenceProxyTensormapOp::create(
            b, curLocation,
            ptx::TensormapSemAttr::get(ctx, ptx::TensormapSem::Release),
            ptx::MemScopeAttr::get(ctx, ptx::MemScope::GPU), Value()));
      }
      return notModeled();
    }
    if (second == "mbarrier_init")
      return decodeBuilt(PTXFenceMBarrierInitOp::create(b, curLocation));
    // fence{.sem}.scope
    ptx::FenceSem sem = ptx::FenceSem::SC;
    if (in.has("acq_rel"))
      sem = ptx::FenceSem::AcqRel;
    else if (in.has("acquire"))
      sem = ptx::FenceSem::Acquire;
    else if (in.has("release"))
      sem = ptx::FenceSem::Release;
    for (const std::string &p : in.parts)
      if (StringRef(p).starts_with("sync_restrict"))
        return notModeled(".sync_restrict fences");
    ptx::MemScope s = in.has("cta")       ? ptx::MemScope::CTA
                      : in.has("cluster") ? ptx::MemScope::Cluster
                      : in.has("gpu")     ? ptx::MemScope::GPU
                                          : ptx::MemScope::Sys;
    return decodeBuilt(PTXFenceOp::create(b, curLocation,
                                          ptx::FenceSemAttr::get(ctx, sem),
                                          ptx::MemScopeAttr::get(ctx, s)));
  }

  if (op == "getctarank") {
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    auto e = std::make_unique<MapaExt>();
    e->getRank = true;
    e->generic = !in.has("shared::cluster");
    e->dst = dest(in.ops[0], ok);
    e->addr = ok ? value(in.ops[1], 64, ok) : 0;
    if (!ok)
      return failure();
    c.emitExt(std::move(e));
    return success();
  }
  if (op == "setmaxnreg") {
    if (failed(expectOperands(in, 1, 1)) || !isImm(in.ops[0]))
      return error() << "setmaxnreg takes an immediate register count";
    return decodeBuilt(PTXSetMaxNRegOp::create(
        b, curLocation,
        ptx::RegActionAttr::get(ctx, in.has("inc") ? ptx::RegAction::Inc
                                                   : ptx::RegAction::Dec),
        b.getI32IntegerAttr(static_cast<int32_t>(in.ops[0].imm))));
  }
  if (op == "griddepcontrol") {
    return decodeBuilt(PTXGridDepControlOp::create(
        b, curLocation,
        ptx::GridDepKindAttr::get(ctx, in.has("wait")
                                           ? ptx::GridDepKind::Wait
                                           : ptx::GridDepKind::LaunchDependents)));
  }
  if (op == "nanosleep") {
    if (failed(expectOperands(in, 1, 1)))
      return failure();
    uint32_t t = value(in.ops[0], 32, ok);
    if (!ok)
      return failure();
    return decodeBuilt(PTXNanosleepOp::create(b, curLocation, arg(i32(), t)));
  }
  if (op == "pmevent")
    return success(); // a profiler event
  if (op == "clusterlaunchcontrol")
    return notModeled("clusterlaunchcontrol (as at the IR level)");
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// Warp collectives
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateWarp(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;
  if (op == "shfl") {
    // shfl.sync.mode.b32 d{|p}, a, b, c, membermask
    if (!in.has("sync"))
      return notModeled("shfl without .sync");
    if (failed(expectOperands(in, 5, 5)) || in.parts.size() < 4)
      return failure();
    auto kind = llvm::StringSwitch<std::optional<ptx::ShflKind>>(in.parts[2])
                    .Case("up", ptx::ShflKind::Up)
                    .Case("down", ptx::ShflKind::Down)
                    .Case("bfly", ptx::ShflKind::Bfly)
                    .Case("idx", ptx::ShflKind::Idx)
                    .Default(std::nullopt);
    if (!kind)
      return notModeled();
    const Operand &d = in.ops[0];
    uint32_t ds = dest(d, ok);
    uint32_t a = ok ? value(in.ops[1], 32, ok) : 0;
    uint32_t bb = ok ? value(in.ops[2], 32, ok) : 0;
    uint32_t cc = ok ? value(in.ops[3], 32, ok) : 0;
    uint32_t m = ok ? value(in.ops[4], 32, ok) : 0;
    if (!ok)
      return failure();
    bool valid = !d.pairName.empty() && d.pairName != "_";
    auto s = PTXShflSyncOp::create(
        b, curLocation, i32(), valid ? i1() : Type(),
        ptx::ShflKindAttr::get(ctx, *kind), arg(i32(), m), arg(i32(), a),
        arg(i32(), bb), arg(i32(), cc));
    out(s.getRes(), ds);
    if (valid) {
      const Reg *p = lookupReg(d.pairName);
      if (!p)
        return error() << "undeclared register '" << d.pairName << "'";
      out(s.getValid(), p->slot);
    }
    return decodeBuilt(s);
  }
  if (op == "vote") {
    // vote.sync.mode.pred d, {!}a, membermask; vote.sync.ballot.b32 ...
    if (!in.has("sync"))
      return notModeled("vote without .sync");
    if (failed(expectOperands(in, 3, 3)) || in.parts.size() < 4)
      return failure();
    auto kind = llvm::StringSwitch<std::optional<ptx::VoteKind>>(in.parts[2])
                    .Case("all", ptx::VoteKind::All)
                    .Case("any", ptx::VoteKind::Any)
                    .Case("uni", ptx::VoteKind::Uni)
                    .Case("ballot", ptx::VoteKind::Ballot)
                    .Default(std::nullopt);
    if (!kind)
      return notModeled();
    uint32_t d = dest(in.ops[0], ok);
    uint32_t p = ok ? value(in.ops[1], 1, ok) : 0;
    uint32_t m = ok ? value(in.ops[2], 32, ok) : 0;
    if (!ok)
      return failure();
    auto v = PTXVoteSyncOp::create(
        b, curLocation, *kind == ptx::VoteKind::Ballot ? i32() : i1(),
        ptx::VoteKindAttr::get(ctx, *kind), arg(i32(), m), arg(i1(), p));
    out(v.getResult(), d);
    return decodeBuilt(v);
  }
  if (op == "match") {
    // match.any.sync.b32 d, a, membermask; match.all.sync.b32 d{|p}, a, mask
    if (failed(expectOperands(in, 3, 3)) || in.parts.size() < 4)
      return failure();
    bool all = in.parts[1] == "all";
    unsigned bits = typeBits(in.parts.back());
    const Operand &d = in.ops[0];
    uint32_t ds = dest(d, ok);
    uint32_t a = ok ? value(in.ops[1], bits, ok) : 0;
    uint32_t m = ok ? value(in.ops[2], 32, ok) : 0;
    if (!ok)
      return failure();
    bool pred = !d.pairName.empty() && d.pairName != "_";
    auto mt = PTXMatchSyncOp::create(
        b, curLocation, i32(), pred ? i1() : Type(),
        ptx::MatchKindAttr::get(ctx, all ? ptx::MatchKind::All
                                         : ptx::MatchKind::Any),
        arg(i32(), m), arg(b.getIntegerType(bits), a));
    out(mt.getLanes(), ds);
    if (pred) {
      const Reg *p = lookupReg(d.pairName);
      if (!p)
        return error() << "undeclared register '" << d.pairName << "'";
      out(mt.getPred(), p->slot);
    }
    return decodeBuilt(mt);
  }
  if (op == "redux") {
    // redux.sync.op{.abs}{.NaN}.type d, a, membermask
    if (failed(expectOperands(in, 3, 3)) || in.parts.size() < 4)
      return failure();
    StringRef type = in.parts.back();
    StringRef name = in.parts[2];
    bool isF = type == "f32", isU = type == "u32";
    auto kind =
        llvm::StringSwitch<std::optional<ptx::ReduxKind>>(name)
            .Case("add", ptx::ReduxKind::Add)
            .Case("min", isF   ? ptx::ReduxKind::FMin
                         : isU ? ptx::ReduxKind::UMin
                               : ptx::ReduxKind::Min)
            .Case("max", isF   ? ptx::ReduxKind::FMax
                         : isU ? ptx::ReduxKind::UMax
                               : ptx::ReduxKind::Max)
            .Case("and", ptx::ReduxKind::And)
            .Case("or", ptx::ReduxKind::Or)
            .Case("xor", ptx::ReduxKind::Xor)
            .Default(std::nullopt);
    if (!kind)
      return notModeled();
    uint32_t d = dest(in.ops[0], ok);
    uint32_t a = ok ? value(in.ops[1], 32, ok) : 0;
    uint32_t m = ok ? value(in.ops[2], 32, ok) : 0;
    if (!ok)
      return failure();
    Type t = isF ? Type(b.getF32Type()) : i32();
    auto r = PTXReduxSyncOp::create(
        b, curLocation, t, ptx::ReduxKindAttr::get(ctx, *kind), arg(t, a),
        arg(i32(), m), in.has("abs") ? b.getUnitAttr() : UnitAttr(),
        in.has("NaN") ? b.getUnitAttr() : UnitAttr());
    out(r.getRes(), d);
    return decodeBuilt(r);
  }
  if (op == "elect") {
    // elect.sync d|p, membermask: d the elected lane, p true on it.
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    const Operand &d = in.ops[0];
    uint32_t m = value(in.ops[1], 32, ok);
    if (!ok)
      return failure();
    if (d.pairName.empty())
      return error() << "elect.sync writes a lane and a predicate (d|p)";
    uint32_t ps;
    if (d.pairName == "_") {
      ps = temp();
    } else {
      const Reg *p = lookupReg(d.pairName);
      if (!p)
        return error() << "undeclared register '" << d.pairName << "'";
      ps = p->slot;
    }
    auto e = PTXElectSyncOp::create(b, curLocation, i1(), arg(i32(), m));
    out(e.getPred(), ps);
    if (failed(decodeBuilt(e)))
      return failure();
    if (d.kind != Operand::Kind::Sink) {
      // The elected lane: the lowest lane of the member mask (the lanes
      // of the mask all take part).
      uint32_t ds = dest(d, ok);
      if (!ok)
        return failure();
      Inst i = make(Opc::IntBin);
      i.f = kIntUnaryBase + 3; // cttz
      i.k = SK::I32;
      i.d = ds;
      i.a = m;
      i.b = m;
      emit(i);
    }
    return success();
  }
  if (op == "activemask") {
    if (failed(expectOperands(in, 1, 1)))
      return failure();
    uint32_t d = dest(in.ops[0], ok);
    if (!ok)
      return failure();
    auto a = PTXActiveMaskOp::create(b, curLocation, i32());
    out(a.getMask(), d);
    return decodeBuilt(a);
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// Asynchronous copies and TMA
//===----------------------------------------------------------------------===//

/// The engine handle of the tensormap a TMA instruction names: `[tmap,
/// {coords}]`'s first element.
static uint32_t tensorMapOperand(Translator &T, const Operand &tmap,
                                 bool &ok) {
  ok = true;
  auto e = std::make_unique<TensorMapRef>();
  e->instr = T.cur->text;
  for (const ParamVar &p : T.kernelParams)
    if (p.abi == "tensormap")
      e->params.push_back({p.offset, p.slot});
  if (const Reg *r = T.lookupReg(tmap.name)) {
    e->src = r->slot;
    if (tmap.imm) {
      e->src = T.temp();
      T.emitIntBin(IB::Add, SK::I64, e->src, r->slot, T.constant(tmap.imm));
    }
  } else if (T.params.count(tmap.name)) {
    // The parameter itself (a .param address).
    e->paramSpace = true;
    e->src = T.value(tmap, 64, ok);
  } else {
    ok = false;
    T.error() << "the tensormap operand '" << tmap.name
              << "' is neither a register nor a kernel parameter";
    return 0;
  }
  if (!ok)
    return 0;
  e->dst = T.temp();
  uint32_t d = e->dst;
  T.c.emitExt(std::move(e));
  return d;
}

LogicalResult Translator::translateCopy(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;
  Type smemPtr = ptrTo(b.getI8Type(), MemorySpace::Shared);
  Type clusterPtr = ptrTo(b.getI8Type(), MemorySpace::SharedCluster);
  Type globalPtr = ptrTo(b.getI8Type(), MemorySpace::Global);
  Type mbarType = ptrTo(i64(), MemorySpace::Shared);

  if (op == "st" && in.parts.size() > 1 && in.parts[1] == "async") {
    // st.async{.sem.scope}.shared::cluster.mbarrier::complete_tx::bytes{.v}.type
    //   [addr], value, [remote_bar]
    if (failed(expectOperands(in, 3, 3)))
      return failure();
    StringRef type = in.parts.back();
    unsigned esz = typeBytes(type);
    unsigned vec = in.has("v4") ? 4 : in.has("v2") ? 2 : 1;
    auto vt = llvm::StringSwitch<std::optional<ptx::ValType>>(type)
                  .Case("b32", ptx::ValType::B32)
                  .Case("b64", ptx::ValType::B64)
                  .Case("u32", ptx::ValType::U32)
                  .Case("s32", ptx::ValType::S32)
                  .Case("f32", ptx::ValType::F32)
                  .Case("u64", ptx::ValType::U64)
                  .Case("s64", ptx::ValType::S64)
                  .Case("f64", ptx::ValType::F64)
                  .Default(std::nullopt);
    if (!vt)
      return notModeled("type ." + type.str());
    uint32_t addr = address(in.ops[0], "shared::cluster", ok);
    if (!ok)
      return failure();
    std::vector<uint32_t> regs;
    for (const Operand *v : elemsOf(in.ops[1])) {
      regs.push_back(value(*v, esz * 8, ok));
      if (!ok)
        return failure();
    }
    uint32_t bar = address(in.ops[2], "shared::cluster", ok);
    if (!ok)
      return failure();
    Type elt = b.getIntegerType(esz * 8);
    Type valueType = vec == 1 ? elt : VectorType::get({int64_t(vec)}, elt);
    uint32_t src = vec == 1 ? regs[0] : pack(regs, esz);
    return decodeBuilt(PTXStAsyncOp::create(
        b, curLocation, ptx::ValTypeAttr::get(ctx, *vt),
        arg(clusterPtr, addr), arg(valueType, src),
        arg(ptrTo(i64(), MemorySpace::SharedCluster), bar)));
  }
  if (op == "red" && in.parts.size() > 1 && in.parts[1] == "async") {
    if (failed(expectOperands(in, 3, 3)))
      return failure();
    StringRef type = in.parts.back();
    std::optional<ptx::AtomKind> kind;
    for (const std::string &p : in.parts) {
      auto k = llvm::StringSwitch<std::optional<ptx::AtomKind>>(p)
                   .Case("and", ptx::AtomKind::And)
                   .Case("or", ptx::AtomKind::Or)
                   .Case("xor", ptx::AtomKind::Xor)
                   .Case("add", ptx::AtomKind::Add)
                   .Case("inc", ptx::AtomKind::Inc)
                   .Case("dec", ptx::AtomKind::Dec)
                   .Case("min", ptx::AtomKind::Min)
                   .Case("max", ptx::AtomKind::Max)
                   .Default(std::nullopt);
      if (k)
        kind = k;
    }
    auto vt = llvm::StringSwitch<std::optional<ptx::ValType>>(type)
                  .Case("b32", ptx::ValType::B32)
                  .Case("u32", ptx::ValType::U32)
                  .Case("s32", ptx::ValType::S32)
                  .Case("u64", ptx::ValType::U64)
                  .Default(std::nullopt);
    if (!kind || !vt)
      return notModeled();
    unsigned bits = typeBits(type);
    uint32_t addr = address(in.ops[0], "shared::cluster", ok);
    uint32_t v = ok ? value(in.ops[1], bits, ok) : 0;
    uint32_t bar = ok ? address(in.ops[2], "shared::cluster", ok) : 0;
    if (!ok)
      return failure();
    return decodeBuilt(PTXRedAsyncOp::create(
        b, curLocation, ptx::AtomKindAttr::get(ctx, *kind),
        ptx::ValTypeAttr::get(ctx, *vt), arg(clusterPtr, addr),
        arg(b.getIntegerType(bits), v),
        arg(ptrTo(i64(), MemorySpace::SharedCluster), bar)));
  }

  bool reduce = op == "cp" && in.parts.size() > 1 && in.parts[1] == "reduce";
  if (op != "cp" || in.parts.size() < 3 ||
      (!reduce && in.parts[1] != "async"))
    return handled = false, success();

  // cp.async (LDGSTS).
  if (!reduce && in.parts[2] != "bulk") {
    StringRef what = in.parts[2];
    if (what == "commit_group")
      return decodeBuilt(PTXCpAsyncCommitGroupOp::create(b, curLocation));
    if (what == "wait_all")
      return decodeBuilt(PTXCpAsyncWaitAllOp::create(b, curLocation));
    if (what == "wait_group") {
      if (failed(expectOperands(in, 1, 1)) || !isImm(in.ops[0]))
        return error() << "cp.async.wait_group takes an immediate";
      return decodeBuilt(PTXCpAsyncWaitGroupOp::create(
          b, curLocation, b.getI32IntegerAttr(in.ops[0].imm)));
    }
    if (what == "mbarrier") {
      if (failed(expectOperands(in, 1, 1)))
        return failure();
      std::string space = spaceOf(in);
      uint32_t bar = address(in.ops[0], space, ok);
      if (!ok)
        return failure();
      return decodeBuilt(PTXCpAsyncMBarrierArriveOp::create(
          b, curLocation, in.has("noinc") ? b.getUnitAttr() : UnitAttr(),
          arg(mbarType, bar)));
    }
    if (what == "ca" || what == "cg") {
      // cp.async.ca.shared{::cta}.global{...} [dst], [src], cp-size{, src-size}
      if (failed(expectOperands(in, 3, 5)))
        return failure();
      if (!isImm(in.ops[2]))
        return error() << "cp.async's copy size must be an immediate";
      // .L2::cache_hint: the cache policy is the last operand (a hint).
      bool hint = in.has("L2::cache_hint");
      size_t nOps = in.ops.size() - (hint ? 1 : 0);
      if (nOps < 3)
        return error() << "cp.async.L2::cache_hint takes a cache policy";
      uint32_t dst = address(in.ops[0], "shared", ok);
      uint32_t src = ok ? address(in.ops[1], "global", ok) : 0;
      Value policy;
      if (ok && hint)
        policy = arg(i64(), value(in.ops.back(), 64, ok));
      if (!ok)
        return failure();
      Value srcSize;
      if (nOps >= 4) {
        if (in.ops[3].kind == Operand::Kind::Reg ||
            in.ops[3].kind == Operand::Kind::Sym) {
          const Reg *r = lookupReg(in.ops[3].name);
          if (r && r->isPred) {
            // ignore-src: zero-fill when true.
            uint32_t s = temp();
            Inst sel = make(Opc::Select);
            sel.d = s;
            sel.a = r->slot;
            sel.b = constant(0);
            sel.c = constant(in.ops[2].imm);
            emit(sel);
            srcSize = arg(i32(), s);
          }
        }
        if (!srcSize) {
          uint32_t s = value(in.ops[3], 32, ok);
          if (!ok)
            return failure();
          srcSize = arg(i32(), s);
        }
      }
      // .L2::64B/128B/256B: a prefetch hint, kept on the op.
      ptx::PrefetchSizeAttr prefetch;
      for (auto [token, size] :
           {std::pair{"L2::64B", ptx::PrefetchSize::B64},
            std::pair{"L2::128B", ptx::PrefetchSize::B128},
            std::pair{"L2::256B", ptx::PrefetchSize::B256}})
        if (in.has(token))
          prefetch = ptx::PrefetchSizeAttr::get(ctx, size);
      return decodeBuilt(PTXCpAsyncOp::create(
          b, curLocation,
          ptx::CpAsyncCacheAttr::get(ctx, what == "ca" ? ptx::CpAsyncCache::CA
                                                       : ptx::CpAsyncCache::CG),
          arg(smemPtr, dst), arg(globalPtr, src),
          b.getI32IntegerAttr(in.ops[2].imm), srcSize, policy, prefetch));
    }
    return notModeled();
  }

  // cp.async.bulk / cp.reduce.async.bulk / cp.async.bulk.prefetch.tensor.
  size_t k = 0;
  for (size_t i = 0; i < in.parts.size(); ++i)
    if (in.parts[i] == "tensor")
      k = i;
  bool tensor = k != 0;
  if (!reduce && !tensor) {
    StringRef what = in.parts[3];
    if (what == "commit_group")
      return decodeBuilt(PTXCpAsyncBulkCommitGroupOp::create(b, curLocation));
    if (what == "wait_group") {
      if (failed(expectOperands(in, 1, 1)) || !isImm(in.ops[0]))
        return error() << "cp.async.bulk.wait_group takes an immediate";
      return decodeBuilt(PTXCpAsyncBulkWaitGroupOp::create(
          b, curLocation, b.getI32IntegerAttr(in.ops[0].imm),
          in.has("read") ? b.getUnitAttr() : UnitAttr()));
    }
    if (what == "prefetch") {
      if (in.has("tensor"))
        return notModeled();
      if (failed(expectOperands(in, 2, 3)))
        return failure();
      auto e = std::make_unique<PrefetchCheck>();
      e->instr = in.text;
      e->space = "global";
      e->addr = address(in.ops[0], "global", ok);
      if (!ok)
        return failure();
      c.emitExt(std::move(e));
      return success();
    }
    // Copies: cp.async.bulk.dst.src.completion{...}
    if (in.parts.size() < 6)
      return notModeled();
    StringRef dstSpace = in.parts[3], srcSpace = in.parts[4];
    bool hint = in.has("L2::cache_hint");
    if (in.has("cp_mask"))
      return notModeled("bulk copies with a byte mask (as at the IR level)");
    if ((dstSpace == "shared::cluster" || dstSpace == "shared::cta") &&
        srcSpace == "global") {
      bool mc = in.has("multicast::cluster");
      if (failed(expectOperands(in, 4, 4 + mc + hint)))
        return failure();
      uint32_t dst = address(in.ops[0], dstSpace, ok);
      uint32_t src = ok ? address(in.ops[1], "global", ok) : 0;
      uint32_t size = ok ? value(in.ops[2], 32, ok) : 0;
      uint32_t bar = ok ? address(in.ops[3], "shared", ok) : 0;
      Value mask;
      if (ok && mc) {
        uint32_t m = value(in.ops[4], 16, ok);
        mask = arg(b.getI16Type(), m);
      }
      if (!ok)
        return failure();
      bool ctaOnly = dstSpace == "shared::cta";
      return decodeBuilt(PTXCpAsyncBulkG2SOp::create(
          b, curLocation, arg(ctaOnly ? smemPtr : clusterPtr, dst),
          arg(globalPtr, src), arg(mbarType, bar), arg(i32(), size), mask,
          Value(), ctaOnly));
    }
    if (dstSpace == "global" && srcSpace == "shared::cta") {
      if (failed(expectOperands(in, 3, 3 + hint)))
        return failure();
      uint32_t dst = address(in.ops[0], "global", ok);
      uint32_t src = ok ? address(in.ops[1], "shared::cta", ok) : 0;
      uint32_t size = ok ? value(in.ops[2], 32, ok) : 0;
      if (!ok)
        return failure();
      return decodeBuilt(PTXCpAsyncBulkS2GOp::create(
          b, curLocation, arg(globalPtr, dst), arg(smemPtr, src),
          arg(i32(), size), Value(), Value()));
    }
    if (dstSpace == "shared::cluster" && srcSpace == "shared::cta") {
      if (failed(expectOperands(in, 4, 4)))
        return failure();
      uint32_t dst = address(in.ops[0], "shared::cluster", ok);
      uint32_t src = ok ? address(in.ops[1], "shared::cta", ok) : 0;
      uint32_t size = ok ? value(in.ops[2], 32, ok) : 0;
      uint32_t bar = ok ? address(in.ops[3], "shared::cluster", ok) : 0;
      if (!ok)
        return failure();
      return decodeBuilt(PTXCpAsyncBulkS2SOp::create(
          b, curLocation, arg(clusterPtr, dst), arg(smemPtr, src),
          arg(ptrTo(i64(), MemorySpace::SharedCluster), bar),
          arg(i32(), size)));
    }
    return notModeled();
  }
  // The non-tensor cp.reduce.async.bulk forms are table-generated ops
  // (PTXTableDecode.cpp).
  if (reduce && !tensor)
    return handled = false, success();

  // TMA: cp{.reduce}.async.bulk.tensor.Nd.dst.src{.mode}.completion...
  if (in.parts.size() < 7)
    return notModeled();
  StringRef dim = in.parts[k + 1];
  if (dim.size() != 2 || dim[1] != 'd' || dim[0] < '1' || dim[0] > '5')
    return notModeled();
  unsigned rank = dim[0] - '0';
  bool prefetch = in.parts[2] == "bulk" && in.has("prefetch");
  (void)prefetch;
  StringRef dstSpace = in.parts[k + 2], srcSpace = in.parts[k + 3];
  if (in.has("im2col") || in.has("im2col_no_offs") ||
      in.has("tile::gather4") || in.has("tile::scatter4"))
    return notModeled("TMA modes other than tile (as at the IR level)");
  bool hint = in.has("L2::cache_hint");
  auto tmapCoords = [&](const Operand &o, uint32_t &tm,
                        SmallVector<Value> &coords) -> LogicalResult {
    if (o.kind != Operand::Kind::Addr || o.elems.size() != 2 ||
        o.elems[1].kind != Operand::Kind::Vec)
      return error() << "'" << in.opcode << "' takes [tensormap, {coords}]";
    tm = tensorMapOperand(*this, o.elems[0], ok);
    if (!ok)
      return failure();
    if (o.elems[1].elems.size() != rank)
      return error() << "a " << rank << "-d TMA instruction with "
                     << o.elems[1].elems.size() << " coordinates";
    for (const Operand &e : o.elems[1].elems) {
      uint32_t s = value(e, 32, ok);
      if (!ok)
        return failure();
      coords.push_back(arg(i32(), s));
    }
    return success();
  };
  Type tmType = TensorMapType::get(ctx);
  auto rankAttr = b.getI32IntegerAttr(static_cast<int32_t>(rank));
  if (in.parts[3] == "prefetch") {
    // cp.async.bulk.prefetch.tensor.Nd.L2.global{.tile}: no dst space.
    // cp.async.bulk.prefetch.tensor.Nd.L2.global.tile [tmap, {coords}]
    uint32_t tm;
    SmallVector<Value> coords;
    if (failed(expectOperands(in, 1, 1 + hint)) ||
        failed(tmapCoords(in.ops[0], tm, coords)))
      return failure();
    return decodeBuilt(PTXTMAPrefetchOp::create(
        b, curLocation,
        ptx::TMALoadModeAttr::get(ctx, ptx::TMALoadMode::Tile), rankAttr,
        arg(tmType, tm), coords, ValueRange(), Value()));
  }
  if (!reduce && (dstSpace == "shared::cluster" || dstSpace == "shared::cta") &&
      srcSpace == "global") {
    bool mc = in.has("multicast::cluster");
    ptx::CTAGroupAttr group;
    if (in.has("cta_group::2"))
      group = ptx::CTAGroupAttr::get(ctx, ptx::CTAGroup::CTA2);
    else if (in.has("cta_group::1"))
      group = ptx::CTAGroupAttr::get(ctx, ptx::CTAGroup::CTA1);
    if (failed(expectOperands(in, 3, 3 + mc + hint)))
      return failure();
    uint32_t dst = address(in.ops[0], dstSpace, ok);
    if (!ok)
      return failure();
    uint32_t tm;
    SmallVector<Value> coords;
    if (failed(tmapCoords(in.ops[1], tm, coords)))
      return failure();
    uint32_t bar = address(in.ops[2], "shared", ok);
    Value mask;
    if (ok && mc) {
      uint32_t m = value(in.ops[3], 16, ok);
      mask = arg(b.getI16Type(), m);
    }
    if (!ok)
      return failure();
    bool ctaOnly = dstSpace == "shared::cta";
    return decodeBuilt(PTXTMALoadOp::create(
        b, curLocation, ptx::TMALoadModeAttr::get(ctx, ptx::TMALoadMode::Tile),
        rankAttr,
        arg(ctaOnly ? ptrTo(b.getI8Type(), MemorySpace::Shared) : clusterPtr,
            dst),
        arg(tmType, tm), coords, ValueRange(), arg(mbarType, bar), mask,
        Value(), group, ctaOnly ? b.getUnitAttr() : UnitAttr()));
  }
  if (dstSpace == "global" && srcSpace == "shared::cta") {
    if (failed(expectOperands(in, 2, 2 + hint)))
      return failure();
    uint32_t tm;
    SmallVector<Value> coords;
    if (failed(tmapCoords(in.ops[0], tm, coords)))
      return failure();
    uint32_t src = address(in.ops[1], "shared::cta", ok);
    if (!ok)
      return failure();
    auto mode = ptx::TMAStoreModeAttr::get(ctx, ptx::TMAStoreMode::Tile);
    if (!reduce)
      return decodeBuilt(PTXTMAStoreOp::create(b, curLocation, mode, rankAttr,
                                               arg(tmType, tm), coords,
                                               arg(smemPtr, src), Value()));
    std::optional<ptx::TMARedKind> kind;
    for (const std::string &p : in.parts) {
      auto kk = llvm::StringSwitch<std::optional<ptx::TMARedKind>>(p)
                    .Case("add", ptx::TMARedKind::Add)
                    .Case("min", ptx::TMARedKind::Min)
                    .Case("max", ptx::TMARedKind::Max)
                    .Case("inc", ptx::TMARedKind::Inc)
                    .Case("dec", ptx::TMARedKind::Dec)
                    .Case("and", ptx::TMARedKind::And)
                    .Case("or", ptx::TMARedKind::Or)
                    .Case("xor", ptx::TMARedKind::Xor)
                    .Default(std::nullopt);
      if (kk)
        kind = kk;
    }
    if (!kind)
      return notModeled();
    return decodeBuilt(PTXTMAReduceOp::create(
        b, curLocation, ptx::TMARedKindAttr::get(ctx, *kind), mode, rankAttr,
        arg(tmType, tm), coords, arg(smemPtr, src), Value()));
  }
  return notModeled();
}

//===----------------------------------------------------------------------===//
// ldmatrix, stmatrix, mma.sync, wgmma
//===----------------------------------------------------------------------===//

static std::optional<ptx::MMAType> mmaType(StringRef t) {
  return llvm::StringSwitch<std::optional<ptx::MMAType>>(t)
      .Case("f16", ptx::MMAType::F16)
      .Case("bf16", ptx::MMAType::BF16)
      .Case("tf32", ptx::MMAType::TF32)
      .Case("f32", ptx::MMAType::F32)
      .Case("f64", ptx::MMAType::F64)
      .Case("e4m3", ptx::MMAType::E4M3)
      .Case("e5m2", ptx::MMAType::E5M2)
      .Case("s8", ptx::MMAType::S8)
      .Case("u8", ptx::MMAType::U8)
      .Case("s4", ptx::MMAType::S4)
      .Case("u4", ptx::MMAType::U4)
      .Case("b1", ptx::MMAType::B1)
      .Case("s32", ptx::MMAType::S32)
      .Default(std::nullopt);
}

/// Parses `mMnNkK`.
static bool parseShape(StringRef s, int32_t &m, int32_t &n, int32_t &k) {
  if (!s.consume_front("m"))
    return false;
  auto [ms, rest] = s.split('n');
  auto [ns, ks] = rest.split('k');
  return !ms.getAsInteger(10, m) && !ns.getAsInteger(10, n) &&
         !ks.getAsInteger(10, k);
}

LogicalResult Translator::translateMMA(const Instr &in, bool &handled) {
  handled = true;
  StringRef op = in.parts[0];
  bool ok = true;
  auto regsOf = [&](const Operand &o, std::vector<uint32_t> &regs,
                    bool isDest, unsigned bits) -> LogicalResult {
    if (o.kind != Operand::Kind::Vec)
      return error() << "'" << in.opcode << "' takes a {...} register list";
    for (const Operand &e : o.elems) {
      regs.push_back(isDest ? dest(e, ok) : value(e, bits, ok));
      if (!ok)
        return failure();
    }
    return success();
  };
  if (op == "ldmatrix" || op == "stmatrix") {
    bool store = op == "stmatrix";
    if (!in.has("m8n8") || !in.has("b16"))
      return notModeled("only the m8n8 b16 shape (as at the IR level)");
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    unsigned num = in.has("x4") ? 4 : in.has("x2") ? 2 : 1;
    auto numAttr = ptx::MatrixNumAttr::get(
        ctx, num == 4   ? ptx::MatrixNum::X4
             : num == 2 ? ptx::MatrixNum::X2
                        : ptx::MatrixNum::X1);
    auto shape = ptx::MatrixShapeAttr::get(ctx, ptx::MatrixShape::M8N8);
    auto elt = ptx::MatrixEltAttr::get(ctx, ptx::MatrixElt::B16);
    UnitAttr trans = in.has("trans") ? b.getUnitAttr() : UnitAttr();
    uint32_t addr = address(in.ops[store ? 0 : 1], spaceOf(in).empty()
                                                       ? "shared"
                                                       : spaceOf(in),
                            ok);
    if (!ok)
      return failure();
    std::vector<uint32_t> regs;
    if (failed(regsOf(in.ops[store ? 1 : 0], regs, !store, 32)))
      return failure();
    if (regs.size() != num)
      return error() << "'" << in.opcode << "' moves " << num
                     << " registers, the list has " << regs.size();
    Type vt = VectorType::get({int64_t(num)}, i32());
    Value ptr = arg(ptrTo(b.getF16Type(), MemorySpace::Shared), addr);
    if (store)
      return decodeBuilt(PTXStMatrixOp::create(b, curLocation, ptr,
                                               arg(vt, pack(regs, 4)), shape,
                                               numAttr, elt, trans));
    uint32_t vec = temp((num * 4 + 7) / 8);
    auto ld =
        PTXLdMatrixOp::create(b, curLocation, vt, ptr, shape, numAttr, elt, trans);
    out(ld.getRes(), vec);
    if (failed(decodeBuilt(ld)))
      return failure();
    unpack(vec, regs, 4);
    return success();
  }
  if (op == "mma") {
    // mma.sync.aligned.shape.alayout.blayout{.satfinite}.dtype.atype.btype.ctype
    if (failed(expectOperands(in, 4, 4)) || in.parts.size() < 8)
      return failure();
    int32_t M, N, K;
    if (!parseShape(in.parts[3], M, N, K))
      return notModeled();
    // The types end the opcode, but for the b1 forms' .and/.xor.popc.
    size_t t = in.parts.size() - 4;
    if (in.parts.back() == "popc" && in.parts.size() >= 10)
      t -= 2;
    auto td = mmaType(in.parts[t]), ta = mmaType(in.parts[t + 1]),
         tb = mmaType(in.parts[t + 2]);
    if (!td || !ta || !tb)
      return notModeled();
    std::vector<uint32_t> d, a, bb, cc;
    if (failed(regsOf(in.ops[0], d, true, 32)) ||
        failed(regsOf(in.ops[1], a, false, 32)) ||
        failed(regsOf(in.ops[2], bb, false, 32)) ||
        failed(regsOf(in.ops[3], cc, false, 32)))
      return failure();
    unsigned accBytes = in.parts[t] == "f64" ? 8 : 4;
    unsigned inBytes = in.parts[t + 1] == "f64" ? 8 : 4;
    auto vec = [&](size_t n, unsigned bytes) {
      return VectorType::get({int64_t(n)}, b.getIntegerType(bytes * 8));
    };
    uint32_t res = temp((d.size() * accBytes + 7) / 8);
    auto mma = PTXMmaSyncOp::create(
        b, curLocation, vec(d.size(), accBytes),
        arg(vec(a.size(), inBytes), pack(a, inBytes)),
        arg(vec(bb.size(), inBytes), pack(bb, inBytes)),
        arg(vec(cc.size(), accBytes), pack(cc, accBytes)),
        b.getDenseI32ArrayAttr({M, N, K}), ptx::MMATypeAttr::get(ctx, *td),
        ptx::MMATypeAttr::get(ctx, *ta), ptx::MMATypeAttr::get(ctx, *tb),
        ptx::MMALayoutAttr::get(ctx, in.has("col") && !in.has("row")
                                         ? ptx::MMALayout::Col
                                         : ptx::MMALayout::Row),
        ptx::MMALayoutAttr::get(ctx, ptx::MMALayout::Col),
        in.has("satfinite") ? b.getUnitAttr() : UnitAttr());
    out(mma.getRes(), res);
    if (failed(decodeBuilt(mma)))
      return failure();
    unpack(res, d, accBytes);
    return success();
  }
  if (op == "wgmma") {
    StringRef what = in.parts.size() > 1 ? StringRef(in.parts[1]) : "";
    if (what == "fence")
      return decodeBuilt(PTXWGMMAFenceOp::create(b, curLocation));
    if (what == "commit_group")
      return decodeBuilt(PTXWGMMACommitGroupOp::create(b, curLocation));
    if (what == "wait_group") {
      if (failed(expectOperands(in, 1, 1)) || !isImm(in.ops[0]))
        return error() << "wgmma.wait_group takes an immediate";
      return decodeBuilt(PTXWGMMAWaitGroupOp::create(
          b, curLocation, b.getI32IntegerAttr(in.ops[0].imm)));
    }
    if (what != "mma_async")
      return notModeled();
    if (in.has("sp"))
      return notModeled("sparse wgmma");
    // wgmma.mma_async.sync.aligned.shape.dtype.atype.btype{.satfinite}
    //   d, a-desc|{a}, b-desc, scale-d{, imm-scale-a, imm-scale-b{,
    //   imm-tnsp-a}, imm-tnsp-b}
    // The shape and the three types, wherever .satfinite (before the types
    // in the s8/u8 forms) and .and.popc (b1) stand.
    std::vector<StringRef> words;
    for (size_t i = 4; i < in.parts.size(); ++i)
      if (in.parts[i] != "satfinite" && in.parts[i] != "and" &&
          in.parts[i] != "popc")
        words.push_back(in.parts[i]);
    if (words.size() != 4)
      return notModeled();
    int32_t M, N, K;
    if (!parseShape(words[0], M, N, K))
      return notModeled();
    auto td = mmaType(words[1]), ta = mmaType(words[2]),
         tb = mmaType(words[3]);
    if (!td || !ta || !tb)
      return notModeled();
    bool aRegs = in.ops.size() > 1 && in.ops[1].kind == Operand::Kind::Vec;
    bool f16ish = *ta == ptx::MMAType::F16 || *ta == ptx::MMAType::BF16;
    // Integer and b1 forms take no scale or transpose immediates.
    bool isInt = *ta == ptx::MMAType::S8 || *ta == ptx::MMAType::U8 ||
                 words[2] == "b1";
    size_t imms = isInt ? 0 : f16ish ? (aRegs ? 3 : 4) : 2;
    if (failed(expectOperands(in, 4 + imms, 4 + imms)))
      return failure();
    for (size_t i = 4; i < in.ops.size(); ++i)
      if (!isImm(in.ops[i]))
        return error() << "wgmma's scale and transpose operands are "
                          "immediates";
    std::vector<uint32_t> d;
    if (failed(regsOf(in.ops[0], d, true, 32)))
      return failure();
    // The accumulators are read too (scale-d): their current values.
    std::vector<uint32_t> dIn;
    for (const Operand &e : in.ops[0].elems) {
      dIn.push_back(value(e, 32, ok));
      if (!ok)
        return failure();
    }
    Value aVal;
    if (aRegs) {
      std::vector<uint32_t> a;
      if (failed(regsOf(in.ops[1], a, false, 32)))
        return failure();
      aVal = arg(VectorType::get({int64_t(a.size())}, i32()), pack(a, 4));
    } else {
      uint32_t a = value(in.ops[1], 64, ok);
      if (!ok)
        return failure();
      aVal = arg(i64(), a);
    }
    uint32_t bd = value(in.ops[2], 64, ok);
    uint32_t sd = ok ? value(in.ops[3], 1, ok) : 0;
    if (!ok)
      return failure();
    ptx::WGMMAScaleAttr scaleA, scaleB;
    ptx::MMALayoutAttr layoutA, layoutB;
    if (imms >= 2) {
      auto scale = [&](int64_t v) {
        return ptx::WGMMAScaleAttr::get(ctx, v == -1 ? ptx::WGMMAScale::Neg
                                                     : ptx::WGMMAScale::One);
      };
      scaleA = scale(in.ops[4].imm);
      scaleB = scale(in.ops[5].imm);
    }
    if (imms == 4) {
      layoutA = ptx::MMALayoutAttr::get(
          ctx, in.ops[6].imm ? ptx::MMALayout::Col : ptx::MMALayout::Row);
      layoutB = ptx::MMALayoutAttr::get(
          ctx, in.ops[7].imm ? ptx::MMALayout::Row : ptx::MMALayout::Col);
    } else if (imms == 3) {
      layoutB = ptx::MMALayoutAttr::get(
          ctx, in.ops[6].imm ? ptx::MMALayout::Row : ptx::MMALayout::Col);
    }
    Type accType = VectorType::get({int64_t(d.size())}, i32());
    uint32_t res = temp((d.size() * 4 + 7) / 8);
    auto w = PTXWGMMAMmaAsyncOp::create(
        b, curLocation, accType, aVal, arg(i64(), bd),
        arg(accType, pack(dIn, 4)), arg(i1(), sd),
        b.getDenseI32ArrayAttr({M, N, K}), ptx::MMATypeAttr::get(ctx, *td),
        ptx::MMATypeAttr::get(ctx, *ta), ptx::MMATypeAttr::get(ctx, *tb),
        scaleA, scaleB, layoutA, layoutB,
        in.has("satfinite") ? b.getUnitAttr() : UnitAttr());
    out(w.getRes(), res);
    if (failed(decodeBuilt(w)))
      return failure();
    unpack(res, d, 4);
    return success();
  }
  handled = false;
  return success();
}

//===----------------------------------------------------------------------===//
// tcgen05
//===----------------------------------------------------------------------===//

LogicalResult Translator::translateTcgen05(const Instr &in, bool &handled) {
  handled = true;
  if (in.parts[0] != "tcgen05")
    return handled = false, success();
  bool ok = true;
  StringRef what = in.parts.size() > 1 ? StringRef(in.parts[1]) : "";
  ptx::CTAGroupAttr group;
  if (in.has("cta_group::2"))
    group = ptx::CTAGroupAttr::get(ctx, ptx::CTAGroup::CTA2);
  else if (in.has("cta_group::1"))
    group = ptx::CTAGroupAttr::get(ctx, ptx::CTAGroup::CTA1);
  Type tmemPtr = ptrTo(b.getF32Type(), MemorySpace::TMem);
  if (what == "alloc") {
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    // Without a state space the slot is a generic address (into shared
    // memory, as the IR level checks).
    bool generic = !in.has("shared::cta");
    uint32_t slot = address(in.ops[0], generic ? "" : "shared", ok);
    uint32_t n = ok ? value(in.ops[1], 32, ok) : 0;
    if (!ok)
      return failure();
    return decodeBuilt(PTXTcgen05AllocOp::create(
        b, curLocation, group,
        arg(ptrTo(i32(), generic ? MemorySpace::Generic : MemorySpace::Shared),
            slot),
        arg(i32(), n)));
  }
  if (what == "dealloc") {
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    uint32_t t = value(in.ops[0], 32, ok);
    uint32_t n = ok ? value(in.ops[1], 32, ok) : 0;
    if (!ok)
      return failure();
    return decodeBuilt(PTXTcgen05DeallocOp::create(
        b, curLocation, group, arg(tmemPtr, t), arg(i32(), n)));
  }
  if (what == "relinquish_alloc_permit")
    return decodeBuilt(PTXTcgen05RelinquishOp::create(b, curLocation, group));
  if (what.starts_with("fence::")) {
    auto kind = what == "fence::before_thread_sync"
                    ? ptx::Tcgen05FenceKind::Before
                    : ptx::Tcgen05FenceKind::After;
    return decodeBuilt(PTXTcgen05FenceOp::create(
        b, curLocation, ptx::Tcgen05FenceKindAttr::get(ctx, kind)));
  }
  if (what.starts_with("wait::")) {
    auto kind = what == "wait::ld" ? ptx::Tcgen05WaitKind::Ld
                                   : ptx::Tcgen05WaitKind::St;
    return decodeBuilt(PTXTcgen05WaitOp::create(
        b, curLocation, ptx::Tcgen05WaitKindAttr::get(ctx, kind)));
  }
  if (what == "ld" || what == "st") {
    bool store = what == "st";
    if (!in.has("32x32b"))
      return notModeled("tcgen05.ld/st shapes other than 32x32b (as at the "
                        "IR level)");
    if (in.has("pack::16b") || in.has("unpack::16b"))
      return notModeled("pack/unpack (as at the IR level)");
    unsigned num = 0;
    for (const std::string &p : in.parts)
      if (p.size() > 1 && p[0] == 'x' &&
          !StringRef(p).drop_front().getAsInteger(10, num))
        break;
    if (!num)
      return notModeled();
    if (failed(expectOperands(in, 2, 2)))
      return failure();
    const Operand &ta = in.ops[store ? 0 : 1];
    if (ta.kind != Operand::Kind::Addr || ta.elems.size() != 1)
      return error() << "'" << in.opcode << "' takes [taddr]";
    uint32_t t = value(ta.elems[0], 32, ok);
    if (!ok)
      return failure();
    if (ta.elems[0].imm) {
      uint32_t s = temp();
      emitIntBin(IB::Add, SK::I32, s, t, constant(ta.elems[0].imm));
      t = s;
    }
    std::vector<uint32_t> regs;
    const Operand &list = in.ops[store ? 1 : 0];
    if (list.kind != Operand::Kind::Vec)
      return error() << "'" << in.opcode << "' takes a {...} register list";
    for (const Operand &e : list.elems) {
      regs.push_back(store ? value(e, 32, ok) : dest(e, ok));
      if (!ok)
        return failure();
    }
    if (regs.size() != num)
      return error() << "'" << in.opcode << "' moves " << num
                     << " registers, the list has " << regs.size();
    Type vt = VectorType::get({int64_t(num)}, i32());
    auto shape =
        ptx::Tcgen05LdStShapeAttr::get(ctx, ptx::Tcgen05LdStShape::S32x32b);
    auto numAttr = b.getI32IntegerAttr(static_cast<int32_t>(num));
    if (store)
      return decodeBuilt(PTXTcgen05StOp::create(
          b, curLocation, shape, numAttr, UnitAttr(), arg(tmemPtr, t),
          arg(vt, pack(regs, 4)), IntegerAttr()));
    uint32_t vec = temp((num * 4 + 7) / 8);
    auto ld = PTXTcgen05LdOp::create(b, curLocation, vt, shape, numAttr,
                                     UnitAttr(), arg(tmemPtr, t), IntegerAttr());
    out(ld.getRes(), vec);
    if (failed(decodeBuilt(ld)))
      return failure();
    unpack(vec, regs, 4);
    return success();
  }
  if (what == "mma") {
    if (in.has("ws") || in.has("block_scale") || in.has("sp"))
      return notModeled("tcgen05.mma.ws, block scaling and sparsity (as at "
                        "the IR level)");
    std::optional<ptx::Tcgen05Kind> kind;
    for (const std::string &p : in.parts) {
      if (p == "kind::f16")
        kind = ptx::Tcgen05Kind::F16;
      else if (p == "kind::tf32")
        kind = ptx::Tcgen05Kind::TF32;
      else if (p == "kind::f8f6f4")
        kind = ptx::Tcgen05Kind::F8F6F4;
      else if (p == "kind::i8")
        kind = ptx::Tcgen05Kind::I8;
    }
    if (!kind)
      return notModeled();
    // [d], a-desc|[a], b-desc, idesc, {disable-output-lane,} enable-input-d
    if (failed(expectOperands(in, 5, 6)))
      return failure();
    const Operand &dop = in.ops[0];
    if (dop.kind != Operand::Kind::Addr || dop.elems.size() != 1)
      return error() << "tcgen05.mma takes [d-tmem]";
    uint32_t d = value(dop.elems[0], 32, ok);
    if (!ok)
      return failure();
    if (in.ops[1].kind == Operand::Kind::Addr)
      return notModeled("an A operand in tensor memory (as at the IR level)");
    uint32_t a = value(in.ops[1], 64, ok);
    uint32_t bd = ok ? value(in.ops[2], 64, ok) : 0;
    uint32_t id = ok ? value(in.ops[3], 32, ok) : 0;
    if (!ok)
      return failure();
    if (in.ops.size() == 6)
      return notModeled("disable-output-lane (as at the IR level)");
    uint32_t en = value(in.ops[4], 1, ok);
    if (!ok)
      return failure();
    return decodeBuilt(PTXTcgen05MmaOp::create(
        b, curLocation, ptx::Tcgen05KindAttr::get(ctx, *kind), group,
        arg(tmemPtr, d), arg(i64(), a), arg(i64(), bd), arg(i32(), id),
        arg(i1(), en), Value()));
  }
  if (what == "commit") {
    bool mc = in.has("multicast::cluster");
    if (failed(expectOperands(in, 1 + mc, 1 + mc)))
      return failure();
    std::string space = spaceOf(in);
    uint32_t bar = address(in.ops[0], space, ok);
    Value mask;
    if (ok && mc) {
      uint32_t m = value(in.ops[1], 16, ok);
      mask = arg(b.getI16Type(), m);
    }
    if (!ok)
      return failure();
    return decodeBuilt(PTXTcgen05CommitOp::create(
        b, curLocation, group,
        arg(ptrTo(i64(), space == "shared::cluster" ? MemorySpace::SharedCluster
                         : space.empty()            ? MemorySpace::Generic
                                                    : MemorySpace::Shared),
           bar),
        mask));
  }
  if (what == "shift" || what == "cp")
    return notModeled("tcgen05." + what.str() + " (as at the IR level)");
  return notModeled();
}
