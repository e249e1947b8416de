//===- TIRxPTXSyncOps.td - PTX synchronization ops ---------*- tablegen -*-===//
//
// Cluster addressing, mbarriers, fences, barriers, warp-level ops, launch and
// register control, special registers.
//
// Shared-memory pointers and the cluster. A `shared`/`shared.dyn` pointer
// addresses shared memory of a CTA of the cluster: the executing CTA's, or,
// when it was made from a mapped raw address (`tirx.reinterpret` of a
// `tirx.ptx.mapa` result), a peer's. Ops whose PTX instruction only acts on
// the executing CTA's shared memory (mbarrier.init, waits, an arrive that
// returns a state, ...) require that; ops that can reach a peer (an arrive
// without a state, expect_tx, complete_tx) use the `.shared::cluster` form,
// which is valid for either. See docs/Design-notes.md.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXSYNCOPS_TD
#define TIRX_DIALECT_TIRXPTXSYNCOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

//===----------------------------------------------------------------------===//
// Cluster addressing
//===----------------------------------------------------------------------===//

def TIRx_PTXMapaOp : TIRx_PTXOp<"mapa", PTX_SM90,
    ["mapa.shared::cluster.{u32,u64}", "mapa.u64"]> {
  let summary = "Map an address to the same location in another CTA of the cluster";
  let ptxDoc = [{
Maps `addr`, an address in the executing CTA's shared memory, to the
corresponding address in the CTA of the cluster whose rank is `rank`. A
`shared`/`shared.dyn` pointer maps to a `shared.cluster` pointer of the same
pointee (`mapa.shared::cluster`); a `generic` pointer maps to a `generic`
pointer and a raw `i64` address, which is always a generic address, to an
`i64` generic address (`mapa.u64`, the form of CUDA's
`__cluster_map_shared_rank` and of the original's `T.ptx.map_shared_rank`).
A raw `i32` is a 32-bit shared window address (what `tirx.reinterpret`
makes of a shared pointer): it maps to the peer's 32-bit shared::cluster
address (`mapa.shared::cluster.u32`).

  }];
  let ptxExample = [{
%peer = tirx.ptx.mapa %bar, %rank : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
%raw = tirx.ptx.mapa %addr, %rank : i64 -> i64
%win = tirx.ptx.mapa %addr32, %rank : i32 -> i32
  }];
  let arguments = (ins AnyTypeOf<[TIRx_MapaSrc, I64, I32]>:$addr, I32:$rank);
  let results = (outs AnyTypeOf<[TIRx_AnyPtr, I64, I32]>:$result);
  let assemblyFormat = "$addr `,` $rank attr-dict `:` qualified(type($addr)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let ptxOperands = ["out result", "in addr", "in rank"];
  let ptxVariants = [
    TIRx_PTXForm<"mapa.u64", [], ["addr : i64", "result : i64"]>,
    TIRx_PTXForm<"mapa.u64", [], ["addr : !tirx.ptr<i8, generic>",
                                  "result : !tirx.ptr<i8, generic>"]>,
    TIRx_PTXForm<"mapa.shared::cluster.u64", [],
                 ["addr : !tirx.ptr<i64, shared>",
                  "result : !tirx.ptr<i64, shared.cluster>"]>,
    TIRx_PTXForm<"mapa.shared::cluster.u32", [],
                 ["addr : i32", "result : i32"]>];
  // No spelling maps `.u32` to `.u64`: the width is the address register's.
}

def TIRx_PTXGetCtaRankOp : TIRx_PTXOp<"getctarank", PTX_SM90,
    ["getctarank.shared::cluster.{u32,u64}", "getctarank.u64"]> {
  let summary = "Rank of the CTA that owns a cluster address";
  let ptxDoc = [{
Returns the rank, within the cluster, of the CTA whose shared memory
holds `addr` (a `shared.cluster` pointer, a `generic` pointer, a raw
`i64` generic address, or a raw `i32` 32-bit shared::cluster address, as
`mapa` of an `i32` returns).

  }];
  let ptxExample = [{
%r = tirx.ptx.getctarank %p : !tirx.ptr<f32, shared.cluster>
  }];
  let arguments = (ins AnyTypeOf<[TIRx_CtaRankSrc, I64, I32]>:$addr);
  let results = (outs I32:$rank);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["out rank", "in addr"];
  let ptxVariants = [
    TIRx_PTXForm<"getctarank.u64", [], ["addr : i64"]>,
    TIRx_PTXForm<"getctarank.u64", [], ["addr : !tirx.ptr<f32, generic>"]>,
    // A shared.cluster pointer is held in a 64-bit register, as LLVM
    // writes it; a raw i32 is a 32-bit shared::cluster address.
    TIRx_PTXForm<"getctarank.shared::cluster.u64", [],
                 ["addr : !tirx.ptr<f32, shared.cluster>"]>,
    TIRx_PTXForm<"getctarank.shared::cluster.u32", [], ["addr : i32"]>];
}

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

// The executing CTA's barrier: a shared pointer (`.shared::cta`) or a
// generic address into shared memory (no state space).
defvar TIRx_MBarSpaceDim = "S: shared=.shared::cta | generic=";

def TIRx_PTXMBarrierInitOp : TIRx_PTXOp<"mbarrier.init", PTX_SM80,
    ["mbarrier.init{.shared::cta}.b64"]> {
  let summary = "Initialize an mbarrier with an expected arrival count";
  let ptxDoc = [{
Initializes the mbarrier at `bar`, in the executing CTA's shared memory
(a `shared` pointer, or a generic one into it), to expect `count` arrivals
per phase.
  }];
  let ptxExample = "tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, shared>";
  let arguments = (ins TIRx_MBarOrGeneric:$bar, I32:$count);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["in bar", "in count"];
  let ptxVariants = [TIRx_PTXForm<"mbarrier.init{S}.b64",
      [TIRx_MBarSpaceDim], ["bar : !tirx.ptr<i64, {S}>"]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXMBarrierInvalOp : TIRx_PTXOp<"mbarrier.inval", PTX_SM80,
    ["mbarrier.inval{.shared::cta}.b64"]> {
  let summary = "Invalidate an mbarrier";
  let ptxDoc = "Invalidates the mbarrier at `bar` so its memory can be reused.";
  let ptxExample = "tirx.ptx.mbarrier.inval %bar : !tirx.ptr<ui64, shared.dyn>";
  let arguments = (ins TIRx_MBarOrGeneric:$bar);
  let assemblyFormat = "$bar attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["in bar"];
  let ptxVariants = [TIRx_PTXForm<"mbarrier.inval{S}.b64",
      [TIRx_MBarSpaceDim], ["bar : !tirx.ptr<i64, {S}>"]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

// The dims shared by the arrive family: `sem` and `scope` come together
// (PTX: "Qualifiers .sem and .scope must be specified together").
defvar TIRx_ArriveSemDims = [
  "sem: - | release@PTX_SM90_PTX80 | relaxed@PTX_SM90_PTX86",
  "scope: - | cta | cluster"];
defvar TIRx_ArriveSemWhere = "(sem is None) == (scope is None)";

// mbarrier.arrive / arrive_drop (optionally with a count or expect_tx).
// With a state result it is PTX's `state, [addr]` form, on the executing
// CTA's barrier; without one it is the `_, [addr]` form (sm_90), which
// PTX defines on the shared::cluster window, so `bar` may be a peer's.
class TIRx_PTXMBarrierArriveBase<string mnemonic, TIRx_PTXReq req,
                                 list<string> forms, bit txRequired,
                                 string ptxName>
    : TIRx_PTXOp<mnemonic, req, forms> {
  let arguments = !if(txRequired,
      (ins OptionalAttr<TIRx_PTXArriveSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope,
           TIRx_MBarAnyOrGeneric:$bar, I32:$count),
      (ins OptionalAttr<TIRx_PTXArriveSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope,
           TIRx_MBarAnyOrGeneric:$bar, Optional<I32>:$count));
  let results = (outs Optional<I64>:$state);
  let assemblyFormat = !if(txRequired,
      "($sem^)? ($scope^)? $bar `,` `tx` $count attr-dict `:` qualified(type($bar)) (`->` qualified(type($state))^)?",
      "($sem^)? ($scope^)? $bar (`,` $count^)? attr-dict `:` qualified(type($bar)) (`->` qualified(type($state))^)?");
  bit ptxExpectTx = txRequired;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static constexpr bool kExpectTx = }] # !if(txRequired, "true", "false") # [{;
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["out state", "in bar", "in count"];
  let ptxVariants = [
    // The state form: the executing CTA's barrier (or a generic address
    // of it).
    TIRx_PTXForm<ptxName # "{sem}{scope}{S}.b64",
      !listconcat(TIRx_ArriveSemDims, [TIRx_MBarSpaceDim],
                  !if(txRequired, [], ["count: - | +@PTX_SM90_PTX80"])),
      ["state : i64", "bar : !tirx.ptr<i64, {S}>"], TIRx_ArriveSemWhere>,
    // The sink form: any CTA's barrier in the cluster.
    TIRx_PTXForm<ptxName # "{sem}{scope}.shared::cluster.b64",
      !listconcat(TIRx_ArriveSemDims, ["B: shared | shared.cluster"],
                  !if(txRequired, [], ["count: - | +"])),
      ["state : none", "bar : !tirx.ptr<i64, {B}>"], TIRx_ArriveSemWhere,
      [PTX_SM90_PTX80]>,
    // The sink form on a generic address (of any CTA's barrier).
    TIRx_PTXForm<ptxName # "{sem}{scope}.b64",
      !listconcat(TIRx_ArriveSemDims,
                  !if(txRequired, [], ["count: - | +"])),
      ["state : none", "bar : !tirx.ptr<i64, generic>"], TIRx_ArriveSemWhere,
      [PTX_SM90_PTX80]>,
    // PTX's sink form spelled with .shared::cta (the executing CTA's
    // barrier): the same op without a state.
    TIRx_PTXForm<ptxName # "{sem}{scope}.shared::cta.b64",
      !listconcat(TIRx_ArriveSemDims,
                  !if(txRequired, [], ["count: - | +"])),
      ["state : none", "bar : !tirx.ptr<i64, shared>"], TIRx_ArriveSemWhere,
      [PTX_SM90_PTX80], 1>];
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXMBarrierArriveOp : TIRx_PTXMBarrierArriveBase<"mbarrier.arrive",
    PTX_SM80, ["mbarrier.arrive{.sem.scope}{.shared::cta}.b64 state, [bar]{, count}",
               "mbarrier.arrive{.sem.scope}{.shared::cluster}.b64 _, [bar]{, count}"],
    0, "mbarrier.arrive"> {
  let summary = "Arrive on an mbarrier";
  let ptxDoc = [{
Performs an arrive (with an optional arrival `count`, sm_90) on the
mbarrier at `bar`. With a state result it returns the barrier state and
`bar` must be in the executing CTA's shared memory. Without one it is
PTX's sink form (sm_90): `bar` may be any CTA's barrier in the cluster (a
`shared.cluster` pointer, or a `shared` pointer made from a mapped
address). A `generic` pointer is PTX's form without a state space: the
address must point into shared memory (the executing CTA's for the state
form). `release`/`relaxed` and `cta`/`cluster` select the memory
semantics and scope (sm_90, given together).

  }];
  let ptxExample = [{
%s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
tirx.ptx.mbarrier.arrive release cluster %peer, %c1 : !tirx.ptr<i64, shared.cluster>
  }];
}

def TIRx_PTXMBarrierArriveDropOp : TIRx_PTXMBarrierArriveBase<"mbarrier.arrive_drop",
    PTX_SM80, ["mbarrier.arrive_drop{.sem.scope}{.shared::cta}.b64 state, [bar]{, count}",
               "mbarrier.arrive_drop{.sem.scope}{.shared::cluster}.b64 _, [bar]{, count}"],
    0, "mbarrier.arrive_drop"> {
  let summary = "Arrive on an mbarrier and drop out of later phases";
  let ptxDoc = [{
Like `mbarrier.arrive`, and also decrements the expected arrival count of
every later phase.

  }];
  let ptxExample = [{
%s = tirx.ptx.mbarrier.arrive_drop %bar, %c1 : !tirx.ptr<i64, shared> -> i64
  }];
}

def TIRx_PTXMBarrierArriveExpectTxOp : TIRx_PTXMBarrierArriveBase<
    "mbarrier.arrive.expect_tx", PTX_SM90_PTX80,
    ["mbarrier.arrive.expect_tx{.sem.scope}{.shared::cta}.b64 state, [bar], tx",
     "mbarrier.arrive.expect_tx{.sem.scope}{.shared::cluster}.b64 _, [bar], tx"], 1,
    "mbarrier.arrive.expect_tx"> {
  let summary = "Arrive on an mbarrier and expect a transaction count";
  let ptxDoc = [{
Increases the pending transaction count of the mbarrier by `tx` bytes,
then arrives on it. Used before TMA and bulk copies that complete on the
barrier.

  }];
  let ptxExample = [{
%s = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
  }];
}

def TIRx_PTXMBarrierArriveDropExpectTxOp : TIRx_PTXMBarrierArriveBase<
    "mbarrier.arrive_drop.expect_tx", PTX_SM90_PTX80,
    ["mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared::cta}.b64 state, [bar], tx",
     "mbarrier.arrive_drop.expect_tx{.sem.scope}{.shared::cluster}.b64 _, [bar], tx"], 1,
    "mbarrier.arrive_drop.expect_tx"> {
  let summary = "Arrive-drop on an mbarrier and expect a transaction count";
  let ptxDoc = "`mbarrier.arrive_drop` preceded by an `expect_tx` of `tx` bytes.";
  let ptxExample = [{
tirx.ptx.mbarrier.arrive_drop.expect_tx relaxed cluster %peer, tx %bytes : !tirx.ptr<i64, shared.cluster>
  }];
}

// arrive.noComplete / arrive_drop.noComplete: `count` arrivals that must
// not complete the phase, on the executing CTA's barrier.
class TIRx_PTXMBarrierNoCompleteOp<string mnemonic, string ptxName, string sum,
                                   string doc>
    : TIRx_PTXOp<mnemonic, PTX_SM80, [ptxName # "{.shared::cta}.b64"]> {
  let summary = sum;
  let ptxDoc = doc;
  let ptxExample = "%s = tirx.ptx." # mnemonic
      # " %bar, %c1 : !tirx.ptr<i64, shared>";
  let arguments = (ins TIRx_MBarOrGeneric:$bar, I32:$count);
  let results = (outs I64:$state);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["out state", "in bar", "in count"];
  let ptxVariants = [TIRx_PTXForm<ptxName # "{S}.b64",
      [TIRx_MBarSpaceDim], ["bar : !tirx.ptr<i64, {S}>"]>];
  // `.release.cta` are the default semantics and scope.
  let ptxSpellings = [".shared::cta=.shared",
      ptxName # "=" # ptxName # ".release.cta"];
}

def TIRx_PTXMBarrierArriveNoCompleteOp : TIRx_PTXMBarrierNoCompleteOp<
    "mbarrier.arrive.nocomplete", "mbarrier.arrive.noComplete",
    "Arrive on an mbarrier without completing the phase",
    "Arrives `count` times on `bar`; must not complete the current phase.">;

def TIRx_PTXMBarrierArriveDropNoCompleteOp : TIRx_PTXMBarrierNoCompleteOp<
    "mbarrier.arrive_drop.nocomplete", "mbarrier.arrive_drop.noComplete",
    "Arrive-drop on an mbarrier without completing the phase",
    [{Arrives `count` times on `bar` and decrements the expected arrival
count of every later phase by `count`; must not complete the current phase.}]>;

// mbarrier.expect_tx / complete_tx: no state, so the shared::cluster form,
// valid for the executing CTA's barrier and a peer's.
class TIRx_PTXMBarrierTxOp<string mnemonic, string sum>
    : TIRx_PTXOp<mnemonic, PTX_SM90_PTX80,
        [mnemonic # ".relaxed{.cta,.cluster}{.shared::cluster}.b64"]> {
  let summary = sum;
  let ptxDoc = sum # " by `tx` bytes on the mbarrier at `bar` (local or "
      # "remote; a generic pointer must point into shared memory).";
  let ptxExample = "tirx.ptx." # mnemonic
      # " cluster %bar, %bytes : !tirx.ptr<i64, shared>";
  let arguments = (ins OptionalAttr<TIRx_PTXClusterScope>:$scope,
                       TIRx_MBarAnyOrGeneric:$bar, I32:$tx);
  let assemblyFormat = "($scope^)? $bar `,` $tx attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["in bar", "in tx"];
  let ptxVariants = [
    TIRx_PTXForm<mnemonic # ".relaxed{scope}.shared::cluster.b64",
      ["scope: cta | cluster | -=.cta", "B: shared | shared.cluster"],
      ["bar : !tirx.ptr<i64, {B}>"]>,
    // The shared::cta spelling means the same on the executing CTA's barrier.
    TIRx_PTXForm<mnemonic # ".relaxed{scope}.shared::cta.b64",
      ["scope: cta | cluster"], ["bar : !tirx.ptr<i64, shared>"], "", [], 1>,
    // A generic address (of any CTA's barrier in the cluster).
    TIRx_PTXForm<mnemonic # ".relaxed{scope}.b64",
      ["scope: cta | cluster | -=.cta"], ["bar : !tirx.ptr<i64, generic>"]>];
  // Without semantics and scope: `.relaxed.cta`.
  let ptxSpellings = [".shared::cta=.shared",
      mnemonic # ".relaxed.cta=" # mnemonic];
}

def TIRx_PTXMBarrierExpectTxOp : TIRx_PTXMBarrierTxOp<"mbarrier.expect_tx",
  "Increase the pending transaction count of an mbarrier">;
def TIRx_PTXMBarrierCompleteTxOp : TIRx_PTXMBarrierTxOp<"mbarrier.complete_tx",
  "Decrease the pending transaction count of an mbarrier">;

// test_wait / try_wait, with a state or a phase parity, optional suspend
// hint (try_wait only).
class TIRx_PTXMBarrierWaitOp<string mnemonic, TIRx_PTXReq req, string waitOn,
                             bit hasHint>
    : TIRx_PTXOp<mnemonic, req,
        [mnemonic # "{.acquire,.relaxed}{.cta,.cluster}{.shared::cta}.b64"]> {
  let summary = "Wait on an mbarrier phase (" # mnemonic # ")";
  let ptxDoc = "Tests whether the phase of `bar` identified by `" # waitOn
      # "` has completed and returns the result as an i1"
      # !if(hasHint, "; the thread may suspend for up to `suspend_hint` "
                     # "nanoseconds before returning", "") # ". `sem` and "
      # "`scope` (sm_90) are given together.";
  let ptxExample = "%done = tirx.ptx." # mnemonic # " acquire cta %bar, %"
      # waitOn # !if(hasHint, ", suspend_hint %ns", "")
      # " : !tirx.ptr<i64, shared>";
  let arguments = !con(
      (ins OptionalAttr<TIRx_PTXWaitSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope, TIRx_MBarOrGeneric:$bar),
      !if(!eq(waitOn, "state"), (ins I64:$state), (ins I32:$phase)),
      !if(hasHint, (ins Optional<I32>:$suspend_hint), (ins)));
  let results = (outs I1:$done);
  let assemblyFormat = "($sem^)? ($scope^)? $bar `,` $" # waitOn
      # !if(hasHint, " (`,` `suspend_hint` $suspend_hint^)?", "")
      # " attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = !listconcat(["out done", "in bar", "in " # waitOn],
                                !if(hasHint, ["in suspend_hint"], []));
  let ptxVariants = [TIRx_PTXForm<mnemonic # "{sem}{scope}{S}.b64",
      ["sem: - | acquire@PTX_SM90_PTX80 | relaxed@PTX_SM90_PTX86",
       "scope: - | cta | cluster", TIRx_MBarSpaceDim],
      ["bar : !tirx.ptr<i64, {S}>"], "(sem is None) == (scope is None)">];
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXMBarrierTestWaitOp
    : TIRx_PTXMBarrierWaitOp<"mbarrier.test_wait", PTX_SM80, "state", 0>;
def TIRx_PTXMBarrierTestWaitParityOp
    : TIRx_PTXMBarrierWaitOp<"mbarrier.test_wait.parity", PTX_SM80_PTX71, "phase", 0>;
def TIRx_PTXMBarrierTryWaitOp
    : TIRx_PTXMBarrierWaitOp<"mbarrier.try_wait", PTX_SM90, "state", 1>;
def TIRx_PTXMBarrierTryWaitParityOp
    : TIRx_PTXMBarrierWaitOp<"mbarrier.try_wait.parity", PTX_SM90, "phase", 1>;

def TIRx_PTXMBarrierPendingCountOp : TIRx_PTXOp<"mbarrier.pending_count",
    PTX_SM80, ["mbarrier.pending_count.b64"]> {
  let summary = "Pending arrival count of an mbarrier state";
  let ptxDoc = "Extracts the pending arrival count from a state returned by an arrive.";
  let ptxExample = "%n = tirx.ptx.mbarrier.pending_count %state";
  let arguments = (ins I64:$state);
  let results = (outs I32:$count);
  let assemblyFormat = "$state attr-dict";
  let ptxOperands = ["out count", "in state"];
  let ptxVariants = [TIRx_PTXForm<"mbarrier.pending_count.b64">];
}

def TIRx_PTXCpAsyncMBarrierArriveOp : TIRx_PTXOp<"cp.async.mbarrier.arrive",
    PTX_SM80, ["cp.async.mbarrier.arrive{.noinc}{.shared::cta}.b64"]> {
  let summary = "Arrive on an mbarrier when prior cp.async copies complete";
  let ptxDoc = [{
Makes the mbarrier track completion of the thread's prior `cp.async`
copies; `noinc` does not increment the pending count first. `bar` is in
the executing CTA's shared memory (a generic pointer must point there).

  }];
  let ptxExample = "tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, shared>";
  let arguments = (ins UnitAttr:$noinc, TIRx_MBarOrGeneric:$bar);
  let assemblyFormat = "(`noinc` $noinc^)? $bar attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["in bar"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.mbarrier.arrive{noinc}{S}.b64",
      ["noinc(.noinc): - | +", TIRx_MBarSpaceDim], ["bar : !tirx.ptr<i64, {S}>"]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

def TIRx_PTXFenceOp : TIRx_PTXOp<"fence", PTX_SM70,
    ["fence.{sc,acq_rel}.{cta,gpu,sys}", "fence.{sc,acq_rel}.cluster",
     "fence.{acquire,release}.{cta,cluster,gpu,sys}"]> {
  let summary = "Memory fence with semantics and scope";
  let ptxDoc = [{
Orders memory accesses at `scope`. The `cluster` scope needs sm_90; the
`acquire` and `release` semantics need sm_90 (PTX ISA 8.6).

  }];
  let ptxExample = "tirx.ptx.fence acq_rel cluster";
  let arguments = (ins TIRx_PTXFenceSem:$sem, TIRx_PTXMemScope:$scope);
  let assemblyFormat = "$sem $scope attr-dict";
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxVariants = [TIRx_PTXForm<"fence{sem}{scope}",
      ["sem: sc | acq_rel | acquire@PTX_SM90_PTX86 | release@PTX_SM90_PTX86",
       "scope: cta | cluster@PTX_SM90 | gpu | sys"]>];
  // Without `.sem`, a fence is `.acq_rel`.
  let ptxSpellings = ["fence.acq_rel.cta=fence.cta",
                      "fence.acq_rel.cluster=fence.cluster",
                      "fence.acq_rel.gpu=fence.gpu",
                      "fence.acq_rel.sys=fence.sys"];
}

def TIRx_PTXFenceProxyAsyncOp : TIRx_PTXOp<"fence.proxy.async", PTX_SM90_PTX80,
    ["fence.proxy.async", "fence.proxy.async.shared::cta",
     "fence.proxy.async.shared::cluster", "fence.proxy.async.global"]> {
  let summary = "Order generic-proxy and async-proxy accesses";
  let ptxDoc = [{
A bidirectional proxy fence between the generic and the async proxy, for
all state spaces or just `shared.cta`, `shared.cluster` or `global`.

  }];
  let ptxExample = "tirx.ptx.fence.proxy.async shared.cta";
  let arguments = (ins OptionalAttr<TIRx_PTXProxySpace>:$space);
  let assemblyFormat = "($space^)? attr-dict";
  let ptxVariants = [TIRx_PTXForm<"fence.proxy.async{space}", ["space"]>];
}

def TIRx_PTXFenceProxyAliasOp : TIRx_PTXNullaryOp<"fence.proxy.alias",
    PTX_SM70_PTX75, ["fence.proxy.alias"],
    "Order accesses through aliased virtual addresses">;

def TIRx_PTXFenceMBarrierInitOp : TIRx_PTXNullaryOp<"fence.mbarrier_init",
    PTX_SM90_PTX80, ["fence.mbarrier_init.release.cluster"],
    "Make prior mbarrier initializations visible to the cluster">;

def TIRx_PTXFenceProxyTensormapOp : TIRx_PTXOp<"fence.proxy.tensormap",
    PTX_SM90_PTX83,
    ["fence.proxy.tensormap::generic.release.{cta,cluster,gpu,sys}",
     "fence.proxy.tensormap::generic.acquire.{cta,cluster,gpu,sys} [addr], 128"]> {
  let summary = "Order tensormap writes with later TMA uses";
  let ptxDoc = [{
A proxy fence between the generic proxy and the tensormap proxy. The
`release` half follows tensormap modifications; the `acquire` half
takes the 128-byte descriptor about to be used: a generic or global
pointer to one in global memory (PTX takes a generic address of global
memory). On a `!tirx.tensormap` kernel parameter (a by-value
`__grid_constant__` descriptor, read-only for the whole launch) the
acquire orders nothing and lowers to no instruction.

  }];
  let ptxExample = [{
tirx.ptx.fence.proxy.tensormap release gpu
tirx.ptx.fence.proxy.tensormap acquire sys %desc : !tirx.tensormap
tirx.ptx.fence.proxy.tensormap acquire gpu %p : !tirx.ptr<!tirx.tensormap, global>
  }];
  let arguments = (ins TIRx_PTXTensormapSem:$sem, TIRx_PTXMemScope:$scope,
      Optional<AnyTypeOf<[TIRx_GenericOrGlobalPtr, TIRx_TensorMapType]>>:$addr);
  let assemblyFormat = "$sem $scope ($addr^ `:` qualified(type($addr)))? attr-dict";
  let hasVerifier = 1;
  let ptxOperands = ["in addr"];
  let ptxVariants = [
    TIRx_PTXForm<"fence.proxy.tensormap::generic.release{scope}", ["scope"],
                 ["sem = 0 : i32"]>,
    TIRx_PTXForm<"fence.proxy.tensormap::generic.acquire{scope}",
      ["scope", "A: gptr | generic"],
      ["sem = 1 : i32",
       "addr : {dict(gptr='!tirx.ptr<!tirx.tensormap, global>', generic='!tirx.ptr<!tirx.tensormap, generic>')[A]}"]>];
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def TIRx_PTXBarrierSyncOp : TIRx_PTXOp<"barrier.sync", PTX_SM70,
    ["bar.sync a{, b}", "barrier.sync{.aligned} a{, b}"],
    [AttrSizedOperandSegments]> {
  let summary = "CTA barrier (named, with an optional thread count)";
  let ptxDoc = [{
Waits at the named barrier `id` (0 by default) until `count` threads (all
of the CTA by default; a multiple of 32) arrive. `aligned` asserts all
threads of the warp execute it (`bar.sync` is `barrier.sync.aligned`).

  }];
  let ptxExample = "tirx.ptx.barrier.sync aligned id %c1 count %c128";
  let arguments = (ins UnitAttr:$aligned, Optional<I32>:$id, Optional<I32>:$count);
  let assemblyFormat = "(`aligned` $aligned^)? (`id` $id^)? (`count` $count^)? attr-dict";
  let hasVerifier = 1;
  let ptxOperands = ["in id", "in count"];
  let ptxTypes = ["count : i32 = 128"];
  let ptxVariants = [
    TIRx_PTXForm<"barrier.sync{aligned}", ["aligned(.aligned): - | +",
                                           "id: - | +", "count: - | +"],
                 [], "id or not count">,
    TIRx_PTXForm<"bar.sync", ["id: - | +", "count: - | +"],
                 ["aligned = unit"], "id or not count", [], 1>];
  // `.cta` (PTX ISA 8.0) names the default and only scope.
  let ptxSpellings = ["barrier.sync=barrier.cta.sync", "bar.sync=bar.cta.sync",
                      "barrier.sync.aligned=bar.sync"];
}

def TIRx_PTXBarrierArriveOp : TIRx_PTXOp<"barrier.arrive", PTX_SM70,
    ["bar.arrive a, b", "barrier.arrive{.aligned} a, b"]> {
  let summary = "Arrive at a named barrier without waiting";
  let ptxDoc = [{
Arrives at the named barrier `id` of `count` threads (a multiple of 32)
and continues.
  }];
  let ptxExample = "tirx.ptx.barrier.arrive aligned %c1, %c256";
  let arguments = (ins UnitAttr:$aligned, I32:$id, I32:$count);
  let assemblyFormat = "(`aligned` $aligned^)? $id `,` $count attr-dict";
  let hasVerifier = 1;
  let ptxOperands = ["in id", "in count"];
  let ptxTypes = ["count : i32 = 128"];
  let ptxVariants = [
    TIRx_PTXForm<"barrier.arrive{aligned}", ["aligned(.aligned): - | +"]>,
    TIRx_PTXForm<"bar.arrive", [], ["aligned = unit"], "", [], 1>];
  let ptxSpellings = ["barrier.arrive=barrier.cta.arrive",
                      "bar.arrive=bar.cta.arrive",
                      "barrier.arrive.aligned=bar.arrive"];
}

def TIRx_PTXBarrierRedOp : TIRx_PTXOp<"barrier.red", PTX_SM70,
    ["bar.red.popc.u32", "bar.red.{and,or}.pred",
     "barrier.red{.aligned}.popc.u32", "barrier.red{.aligned}.{and,or}.pred"],
    [AttrSizedOperandSegments]> {
  let summary = "CTA barrier with a predicate reduction";
  let ptxDoc = [{
Synchronizes like `barrier.sync` and reduces `pred` over the
participating threads: `popc` counts (i32 result), `and`/`or` give an i1.

  }];
  let ptxExample = "%n = tirx.ptx.barrier.red popc aligned %p : i32";
  let arguments = (ins TIRx_PTXBarRedKind:$kind, UnitAttr:$aligned, I1:$pred,
                       Optional<I32>:$id, Optional<I32>:$count);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = "$kind (`aligned` $aligned^)? $pred (`id` $id^)? (`count` $count^)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let ptxOperands = ["out result", "in id", "in count", "in pred"];
  let ptxTypes = ["count : i32 = 128"];
  let ptxVariants = [
    TIRx_PTXForm<"barrier.red{aligned}{kind}{'.u32' if kind == 'popc' else '.pred'}",
      ["aligned(.aligned): - | +", "kind", "id: - | +", "count: - | +"],
      ["result : {'i32' if kind == 'popc' else 'i1'}"], "id or not count">];
  // `.cta` is the default scope; the ISA writes `.aligned` after the
  // reduction (`barrier.red.popc.aligned.u32`), the form before it.
  let ptxSpellings = ["barrier.red=barrier.cta.red", "bar.red=bar.cta.red",
                      "barrier.red.aligned.popc=barrier.red.popc.aligned",
                      "barrier.red.aligned.and=barrier.red.and.aligned",
                      "barrier.red.aligned.or=barrier.red.or.aligned",
                      "barrier.red.aligned=bar.red"];
}

def TIRx_PTXBarWarpSyncOp : TIRx_PTXOp<"bar.warp.sync", PTX_SM70,
    ["bar.warp.sync"]> {
  let summary = "Warp barrier over a member mask";
  let ptxDoc = "Synchronizes the lanes of the warp named in `mask`.";
  let ptxExample = "tirx.ptx.bar.warp.sync %mask";
  let arguments = (ins I32:$mask);
  let assemblyFormat = "$mask attr-dict";
  let ptxOperands = ["in mask"];
  let ptxVariants = [TIRx_PTXForm<"bar.warp.sync">];
}

def TIRx_PTXBarrierClusterArriveOp : TIRx_PTXOp<"barrier.cluster.arrive",
    PTX_SM90, ["barrier.cluster.arrive{.release,.relaxed}{.aligned}"]> {
  let summary = "Arrive at the cluster barrier";
  let ptxDoc = [{
Arrives at the cluster-wide barrier with `release` (default) or
`relaxed` semantics; `aligned` asserts warp-uniform execution.

  }];
  let ptxExample = "tirx.ptx.barrier.cluster.arrive relaxed aligned";
  let arguments = (ins OptionalAttr<TIRx_PTXArriveSem>:$sem, UnitAttr:$aligned);
  let assemblyFormat = "($sem^)? (`aligned` $aligned^)? attr-dict";
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxVariants = [TIRx_PTXForm<"barrier.cluster.arrive{sem}{aligned}",
      ["sem: - | release@PTX_SM90_PTX80 | relaxed@PTX_SM90_PTX80",
       "aligned(.aligned): - | +"]>];
  // Release is the default semantics.
  let ptxSpellings = ["barrier.cluster.arrive.release=barrier.cluster.arrive"];
}

def TIRx_PTXBarrierClusterWaitOp : TIRx_PTXOp<"barrier.cluster.wait",
    PTX_SM90, ["barrier.cluster.wait{.acquire}{.aligned}"]> {
  let summary = "Wait at the cluster barrier";
  let ptxDoc = "Waits for all threads of the cluster to arrive (acquire semantics).";
  let ptxExample = "tirx.ptx.barrier.cluster.wait acquire aligned";
  let arguments = (ins UnitAttr:$acquire, UnitAttr:$aligned);
  let assemblyFormat = "(`acquire` $acquire^)? (`aligned` $aligned^)? attr-dict";
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxVariants = [TIRx_PTXForm<"barrier.cluster.wait{acquire}{aligned}",
      ["acquire(.acquire): - | +@PTX_SM90_PTX80", "aligned(.aligned): - | +"]>];
  // Acquire is the default semantics.
  let ptxSpellings = ["barrier.cluster.wait.acquire=barrier.cluster.wait"];
}

//===----------------------------------------------------------------------===//
// Warp level
//===----------------------------------------------------------------------===//

def TIRx_PTXElectSyncOp : TIRx_PTXOp<"elect.sync", PTX_SM90_PTX80,
    ["elect.sync"]> {
  let summary = "Elect one leader lane of a warp";
  let ptxDoc = "Returns true in exactly one active lane of `mask` (all lanes by default).";
  let ptxExample = "%leader = tirx.ptx.elect.sync";
  let arguments = (ins Optional<I32>:$mask);
  let results = (outs I1:$pred);
  let assemblyFormat = "(`mask` $mask^)? attr-dict";
  let ptxOperands = ["out pred", "in mask"];
  let ptxVariants = [TIRx_PTXForm<"elect.sync", ["mask: - | +"]>];
}

def TIRx_PTXShflSyncOp : TIRx_PTXOp<"shfl.sync", PTX_SM70,
    ["shfl.sync.{up,down,bfly,idx}.b32", "shfl.sync.{up,down,bfly,idx}.b32 d|p"],
    [AllTypesMatch<["val", "res"]>]> {
  let summary = "Exchange a register between the lanes of a warp";
  let ptxDoc = [{
Reads `val` from the lane selected by `kind` and `offset` (clamped by
`clamp`); with `-> i1` it also returns whether the source lane was in
range.

  }];
  let ptxExample = "%v, %ok = tirx.ptx.shfl.sync bfly %mask, %x, %c1, %c31 : f32 -> i1";
  let arguments = (ins TIRx_PTXShflKind:$kind, I32:$mask,
                       AnyTypeOf<[I32, F32]>:$val, I32:$offset, I32:$clamp);
  let results = (outs AnyTypeOf<[I32, F32]>:$res, Optional<I1>:$valid);
  let assemblyFormat = "$kind $mask `,` $val `,` $offset `,` $clamp attr-dict `:` qualified(type($val)) (`->` qualified(type($valid))^)?";
  let ptxOperands = ["out res", "out valid", "in val", "in offset", "in clamp",
                     "in mask"];
  let ptxVariants = [TIRx_PTXForm<"shfl.sync{kind}.b32",
      ["kind", "T: i32 | f32", "valid: - | +"],
      ["val : {T}", "res : {T}", "valid : {'i1' if valid else 'none'}"]>];
}

def TIRx_PTXVoteSyncOp : TIRx_PTXOp<"vote.sync", PTX_SM70,
    ["vote.sync.{all,any,uni}.pred", "vote.sync.ballot.b32"]> {
  let summary = "Warp vote on a predicate";
  let ptxDoc = "`all`/`any`/`uni` return an i1; `ballot` returns the i32 lane mask.";
  let ptxExample = "%b = tirx.ptx.vote.sync ballot %mask, %p : i32";
  let arguments = (ins TIRx_PTXVoteKind:$kind, I32:$mask, I1:$pred);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = "$kind $mask `,` $pred attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let ptxOperands = ["out result", "in pred", "in mask"];
  let ptxVariants = [TIRx_PTXForm<
      "vote.sync{kind}{'.b32' if kind == 'ballot' else '.pred'}", ["kind"],
      ["result : {'i32' if kind == 'ballot' else 'i1'}"]>];
}

def TIRx_PTXReduxSyncOp : TIRx_PTXOp<"redux.sync", PTX_SM80,
    ["redux.sync.{add,min,max}.{u32,s32}", "redux.sync.{and,or,xor}.b32",
     "redux.sync.{min,max}{.abs}{.NaN}.f32"],
    [AllTypesMatch<["val", "res"]>]> {
  let summary = "Warp-wide reduction";
  let ptxDoc = [{
Reduces `val` over the lanes of `mask`. Integer kinds take i32 (`min`/
`max` signed, `umin`/`umax` unsigned); `fmin`/`fmax` take f32, accept
`abs` and `nan` and need sm_100a or its family.

  }];
  let ptxExample = "%s = tirx.ptx.redux.sync add %x, %mask : i32";
  let arguments = (ins TIRx_PTXReduxKind:$kind, AnyTypeOf<[I32, F32]>:$val,
                       I32:$mask, UnitAttr:$abs, UnitAttr:$nan);
  let results = (outs AnyTypeOf<[I32, F32]>:$res);
  let assemblyFormat = "$kind $val `,` $mask (`abs` $abs^)? (`nan` $nan^)? attr-dict `:` qualified(type($val))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["out res", "in val", "in mask"];
  let ptxVariants = [
    TIRx_PTXForm<"redux.sync{kind}{dict(add='.s32', min='.s32', max='.s32', umin='.u32', umax='.u32').get(kind, '.b32')}",
      ["kind: add | min | max | umin | umax | and | or | xor"],
      ["val : i32", "res : i32"]>,
    TIRx_PTXForm<"redux.sync{kind}{abs}{nan}.f32",
      ["kind: fmin | fmax", "abs(.abs): - | +", "nan(.NaN): - | +"],
      ["val : f32", "res : f32"], "", [PTX_SM100af]>,
    TIRx_PTXForm<"redux.sync.add.u32", [], ["kind = 0 : i32", "val : i32", "res : i32"],
                 "", [], 1>];
}

def TIRx_PTXMatchSyncOp : TIRx_PTXOp<"match.sync", PTX_SM70,
    ["match.any.sync.{b32,b64}", "match.all.sync.{b32,b64} d|p"]> {
  let summary = "Find lanes holding the same value";
  let ptxDoc = [{
`any` returns the mask of lanes whose `val` equals this lane's; `all`
returns the mask if all lanes agree (0 otherwise) plus an i1.

  }];
  let ptxExample = "%m, %same = tirx.ptx.match.sync all %mask, %x : i32 -> i32, i1";
  let arguments = (ins TIRx_PTXMatchKind:$kind, I32:$mask, AnyTypeOf<[I32, I64]>:$val);
  let results = (outs I32:$lanes, Optional<I1>:$pred);
  let assemblyFormat = "$kind $mask `,` $val attr-dict `:` qualified(type($val)) `->` qualified(type($lanes)) (`,` qualified(type($pred))^)?";
  let hasVerifier = 1;
  let ptxOperands = ["out lanes", "out pred", "in val", "in mask"];
  let ptxVariants = [TIRx_PTXForm<"match{kind}.sync.b{W}", ["kind", "W: 32 | 64"],
      ["val : i{W}", "pred : {'i1' if kind == 'all' else 'none'}"]>];
}

def TIRx_PTXActiveMaskOp : TIRx_PTXOp<"activemask", PTX_SM70, ["activemask.b32"]> {
  let summary = "Mask of the currently active lanes";
  let ptxDoc = "Returns the 32-bit mask of the lanes executing this instruction.";
  let ptxExample = "%m = tirx.ptx.activemask";
  let results = (outs I32:$mask);
  let assemblyFormat = "attr-dict";
  let ptxOperands = ["out mask"];
  let ptxVariants = [TIRx_PTXForm<"activemask.b32">];
}

//===----------------------------------------------------------------------===//
// Launch and register control
//===----------------------------------------------------------------------===//

def TIRx_PTXSetMaxNRegOp : TIRx_PTXOp<"setmaxnreg", PTX_SM90aFam,
    ["setmaxnreg.inc.sync.aligned.u32 N", "setmaxnreg.dec.sync.aligned.u32 N"]> {
  let summary = "Change the warpgroup's per-thread register budget";
  let ptxDoc = [{
Raises (`inc`) or lowers (`dec`) the register count of every thread of
the warpgroup to `count`, a multiple of 8 in [24, 256]. ptxas honours it
only when it knows the kernel's register count at entry, so the kernel's
function must set `max_registers` or `min_blocks_per_sm` in its
`#tirx.launch` (`tirx-attach-target` reports the op otherwise).

  }];
  let ptxExample = "tirx.ptx.setmaxnreg inc 232";
  let arguments = (ins TIRx_PTXRegAction:$action, I32Attr:$count);
  let assemblyFormat = "$action $count attr-dict";
  let hasVerifier = 1;
  let ptxOperands = ["imm count"];
  let ptxVariants = [TIRx_PTXForm<"setmaxnreg{action}.sync.aligned.u32",
      ["action", "count: =list(range(24, 257, 8))"]>];
}

def TIRx_PTXGridDepControlOp : TIRx_PTXOp<"griddepcontrol", PTX_SM90,
    ["griddepcontrol.launch_dependents", "griddepcontrol.wait"]> {
  let summary = "Programmatic dependent launch control";
  let ptxDoc = [{
`launch_dependents` lets the dependent grid start launching;
`wait` waits for the prerequisite grids to complete and flush memory.

  }];
  let ptxExample = "tirx.ptx.griddepcontrol wait";
  let arguments = (ins TIRx_PTXGridDepKind:$kind);
  let assemblyFormat = "$kind attr-dict";
  let ptxVariants = [TIRx_PTXForm<"griddepcontrol{kind}", ["kind"]>];
}

def TIRx_PTXCLCTryCancelOp : TIRx_PTXOp<"clusterlaunchcontrol.try_cancel",
    PTX_SM100,
    ["clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128",
     "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128"]> {
  let summary = "Request to cancel the launch of a not-yet-running cluster";
  let ptxDoc = [{
Asynchronously tries to cancel a pending cluster and writes the 16-byte
response to `response` (shared memory), completing on `bar`; with
`multicast` the response goes to every CTA of the cluster.

  }];
  let ptxExample = [{
tirx.ptx.clusterlaunchcontrol.try_cancel multicast %resp, %bar : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
  }];
  let arguments = (ins UnitAttr:$multicast, TIRx_SharedPtr:$response, TIRx_MBar:$bar);
  let assemblyFormat = "(`multicast` $multicast^)? $response `,` $bar attr-dict `:` qualified(type($response)) `,` qualified(type($bar))";
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in response", "in bar"];
  let ptxTypes = ["response : !tirx.ptr<i128, shared>",
                  "bar : !tirx.ptr<i64, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes{multicast}.b128",
      ["multicast(.multicast::cluster::all): - | +@PTX_SM100f"]>];
}

def TIRx_PTXCLCQueryCancelOp : TIRx_PTXOp<"clusterlaunchcontrol.query_cancel",
    PTX_SM100,
    ["clusterlaunchcontrol.query_cancel.is_canceled.pred.b128",
     "clusterlaunchcontrol.query_cancel.get_first_ctaid::{x,y,z}.b32.b128"]> {
  let summary = "Decode a cluster-launch-control response";
  let ptxDoc = [{
`is_canceled` returns whether the request succeeded (i1);
`get_first_ctaid_{x,y,z}` return a coordinate of the canceled cluster's
first CTA (i32).

  }];
  let ptxExample = "%ok = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %resp : i1";
  let arguments = (ins TIRx_PTXCLCQuery:$query, I128:$response);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = "$query $response attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let ptxOperands = ["out result", "in response"];
  let ptxVariants = [TIRx_PTXForm<
      "clusterlaunchcontrol.query_cancel{query}{'.pred' if query == 'is_canceled' else '.b32'}.b128",
      ["query"], ["result : {'i1' if query == 'is_canceled' else 'i32'}"]>];
}

def TIRx_PTXNanosleepOp : TIRx_PTXOp<"nanosleep", PTX_SM70, ["nanosleep.u32"]> {
  let summary = "Suspend the thread for about a number of nanoseconds";
  let ptxDoc = "Suspends the thread for up to `ns` nanoseconds (at most 1 ms).";
  let ptxExample = "tirx.ptx.nanosleep %ns";
  let arguments = (ins I32:$ns);
  let assemblyFormat = "$ns attr-dict";
  let ptxOperands = ["in ns"];
  let ptxVariants = [TIRx_PTXForm<"nanosleep.u32">];
}

def TIRx_PTXTrapOp : TIRx_PTXTableOp<"trap", PTX_SM70, ["trap"]> {
  let summary = "Abort the kernel";
  let ptxDoc = [{
Aborts the kernel at once: the launch fails with an error the host sees
(`cudaErrorIllegalInstruction`) and the context is unusable afterwards.
The simulator reports the trap at the op's location.
  }];
  let ptxExample = "tirx.ptx.trap";
  let assemblyFormat = "attr-dict";
  let ptxVariants = [TIRx_PTXForm<"trap">];
}

//===----------------------------------------------------------------------===//
// Special registers: one op per register, generated from the table below.
//===----------------------------------------------------------------------===//

class TIRx_SReg<string n, string d, Type t, string m, TIRx_PTXReq r> {
  string name = n;
  string doc = d;
  Type type = t;
  // The PTX `mov` that reads it.
  string mov = m;
  TIRx_PTXReq req = r;
}

foreach sreg = [
    TIRx_SReg<"clock", "32-bit cycle counter", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"clock64", "64-bit cycle counter", I64, "mov.u64", PTX_SM70>,
    TIRx_SReg<"globaltimer", "64-bit nanosecond global timer", I64, "mov.u64", PTX_SM70>,
    TIRx_SReg<"globaltimer_lo", "low 32 bits of the global timer", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"globaltimer_hi", "high 32 bits of the global timer", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"smid", "SM identifier", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"nsmid", "number of SM identifiers", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"warpid", "warp identifier within the SM", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"nwarpid", "number of warp identifiers", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"laneid", "lane within the warp", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"gridid", "grid identifier", I64, "mov.u64", PTX_SM70>,
    TIRx_SReg<"lanemask_eq", "mask of this lane", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"lanemask_le", "mask of lanes up to this one", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"lanemask_lt", "mask of lanes below this one", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"lanemask_ge", "mask of lanes from this one", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"lanemask_gt", "mask of lanes above this one", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"dynamic_smem_size", "dynamic shared memory of the CTA in bytes", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"total_smem_size", "total shared memory of the CTA in bytes", I32, "mov.u32", PTX_SM70>,
    TIRx_SReg<"cluster_ctarank", "rank of the CTA in its cluster", I32, "mov.u32", PTX_SM90>,
    TIRx_SReg<"cluster_nctarank", "number of CTAs in the cluster", I32, "mov.u32", PTX_SM90>,
    TIRx_SReg<"is_explicit_cluster", "whether the launch set a cluster shape", I1, "mov.pred", PTX_SM90>
  ] in {
  def TIRx_PTXSReg_ # sreg.name # _Op : TIRx_PTXOp<"sreg." # sreg.name, sreg.req,
      [sreg.mov # " r, %" # sreg.name]> {
    let summary = "Read %" # sreg.name # " (" # sreg.doc # ")";
    let ptxDoc = "Reads the special register %" # sreg.name # ", the " # sreg.doc # ".";
    let ptxExample = "%r = tirx.ptx.sreg." # sreg.name;
    let results = (outs sreg.type:$result);
    let assemblyFormat = "attr-dict";
    let ptxOperands = ["out result"];
    let ptxVariants = [TIRx_PTXForm<sreg.mov # " %" # sreg.name>];
  }
}

#endif // TIRX_DIALECT_TIRXPTXSYNCOPS_TD
