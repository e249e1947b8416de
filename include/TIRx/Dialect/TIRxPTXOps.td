//===- TIRxPTXOps.td - TIRx PTX-level ops ------------------*- tablegen -*-===//
//
// PTX-level ops (`tirx.ptx.*`). Generated separately from the core ops so the
// two families compile in separate translation units.
//
// The definitions are table-driven: every op is one `def` of a class below
// that carries its minimum target (`TIRx_PTXReq`), the PTX instruction forms
// it covers (`ptxForms`, which feed the generated coverage table) and a
// short description plus example from which its documentation is built.
// Families of similar ops (mbarrier arrives, TMA ops, special registers)
// share a class or are generated with `foreach`, so a new variant is one
// entry.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXOPS_TD
#define TIRX_DIALECT_TIRXPTXOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"
include "TIRx/Dialect/TIRxTypes.td"
include "TIRx/Dialect/TIRxAttrs.td"
include "TIRx/Dialect/TIRxPTXEnums.td"

//===----------------------------------------------------------------------===//
// Target requirements
//===----------------------------------------------------------------------===//

// kind: 0 plain (sm_N or newer), 1 arch-specific (exactly sm_Na),
// 2 family-specific (sm_Na/sm_Nf or newer in the same family). `ptxVer` is
// the PTX ISA version times ten. `alsoSMs` are further base chips of
// arch/family features (see PTXRequirement in TIRxPTXOps.h).
class TIRx_PTXReq<int reqKind, int reqSM, int ptxVer, list<int> alsoSMs = []> {
  int kind = reqKind;
  int sm = reqSM;
  int ptx = ptxVer;
  list<int> also = alsoSMs;
  // Template arguments of the C++ PTXRequires trait.
  string traitParams = reqKind # ", " # reqSM # ", " # ptxVer
                       # !foldl("", alsoSMs, acc, x, acc # ", " # x);
  // Human-readable; mirrors describePTXRequirement() in C++.
  string text = !cond(
      !eq(reqKind, 0): "sm_" # reqSM # " or newer",
      !eq(reqKind, 1): "sm_" # reqSM # "a"
                       # !foldl("", alsoSMs, acc, x, acc # " or sm_" # x # "a"),
      true: "sm_" # reqSM # "a or newer in its family"
            # !if(!empty(alsoSMs), "",
                  ", or " # !interleave(!foreach(x, alsoSMs, "sm_" # x # "a"), ", ")
                  # " or newer in theirs"));
  string ptxText = "PTX ISA " # !div(ptxVer, 10) # "." # !sub(ptxVer, !mul(!div(ptxVer, 10), 10));
}

def PTX_SM70       : TIRx_PTXReq<0, 70, 60>;
def PTX_SM70_PTX75 : TIRx_PTXReq<0, 70, 75>;
def PTX_SM75       : TIRx_PTXReq<0, 75, 65>;
def PTX_SM80       : TIRx_PTXReq<0, 80, 70>;
def PTX_SM80_PTX71 : TIRx_PTXReq<0, 80, 71>;
def PTX_SM90       : TIRx_PTXReq<0, 90, 78>;
def PTX_SM90_PTX80 : TIRx_PTXReq<0, 90, 80>;
def PTX_SM90_PTX83 : TIRx_PTXReq<0, 90, 83>;
def PTX_SM90_PTX86 : TIRx_PTXReq<0, 90, 86>;
def PTX_SM100      : TIRx_PTXReq<0, 100, 86>;
def PTX_SM90a      : TIRx_PTXReq<1, 90, 80>;
def PTX_SM100f     : TIRx_PTXReq<2, 100, 86, [110]>;
def PTX_SM90aFam   : TIRx_PTXReq<2, 90, 80, [100, 110, 120]>;

class TIRx_PTXRequires<TIRx_PTXReq req>
    : ParamNativeOpTrait<"PTXRequires", req.traitParams> {
  let cppNamespace = "::mlir::tirx";
}

//===----------------------------------------------------------------------===//
// Operand constraints
//===----------------------------------------------------------------------===//

class TIRx_ScopeList<list<string> scopes> {
  string cpp = "{" # !interleave(!foreach(s, scopes,
                   "::mlir::tirx::MemorySpace::" # s), ", ") # "}";
}

class TIRx_PtrIn<list<string> scopes, string desc>
    : Type<CPred<"::mlir::tirx::ptxPtrIn($_self, "
                 # TIRx_ScopeList<scopes>.cpp # ")">,
           desc, "::mlir::tirx::PtrType">;

class TIRx_IntPtrIn<int width, list<string> scopes, string desc>
    : Type<CPred<"::mlir::tirx::ptxIntPtrIn($_self, " # width # ", "
                 # TIRx_ScopeList<scopes>.cpp # ")">,
           desc, "::mlir::tirx::PtrType">;

def TIRx_AnyPtr : Type<CPred<"::llvm::isa<::mlir::tirx::PtrType>($_self)">,
                       "TIRx pointer", "::mlir::tirx::PtrType">;
def TIRx_SharedPtr : TIRx_PtrIn<["Shared", "SharedDyn"],
    "pointer in shared or shared.dyn memory">;
def TIRx_ClusterPtr : TIRx_PtrIn<["SharedCluster"],
    "pointer in shared.cluster memory">;
def TIRx_SharedOrClusterPtr : TIRx_PtrIn<["Shared", "SharedDyn", "SharedCluster"],
    "pointer in shared, shared.dyn or shared.cluster memory">;
def TIRx_GlobalPtr : TIRx_PtrIn<["Global"], "pointer in global memory">;
def TIRx_GenericOrGlobalPtr : TIRx_PtrIn<["Generic", "Global"],
    "pointer in generic or global memory">;
def TIRx_PrefetchPtr : TIRx_PtrIn<["Generic", "Global", "Local"],
    "pointer in generic, global or local memory">;
def TIRx_TmemPtr : TIRx_PtrIn<["TMem"], "pointer in tmem">;
def TIRx_MapaSrc : TIRx_PtrIn<["Shared", "SharedDyn", "Generic"],
    "pointer in shared, shared.dyn or generic memory">;
def TIRx_CtaRankSrc : TIRx_PtrIn<["SharedCluster", "Generic"],
    "pointer in shared.cluster or generic memory">;
def TIRx_MBar : TIRx_IntPtrIn<64, ["Shared", "SharedDyn"],
    "pointer to a 64-bit mbarrier in shared or shared.dyn memory">;
def TIRx_MBarAny : TIRx_IntPtrIn<64, ["Shared", "SharedDyn", "SharedCluster"],
    "pointer to a 64-bit mbarrier in shared, shared.dyn or shared.cluster memory">;
def TIRx_TmemSlot : TIRx_IntPtrIn<32, ["Shared", "SharedDyn"],
    "pointer to a 32-bit slot in shared or shared.dyn memory">;
def TIRx_TensorMapRef : Type<Or<[
      CPred<"::llvm::isa<::mlir::tirx::TensorMapType>($_self)">,
      CPred<"::mlir::tirx::ptxIsTensorMapPtr($_self)">]>,
    "!tirx.tensormap or pointer to one">;
def TIRx_RegVector : VectorOfRankAndType<[1], [I32, F32]>;

//===----------------------------------------------------------------------===//
// Base class
//===----------------------------------------------------------------------===//

class TIRx_PTXOp<string mnemonic, TIRx_PTXReq req, list<string> forms,
                 list<Trait> traits = []>
    : TIRx_Op<"ptx." # mnemonic,
              !listconcat([TIRx_PTXRequires<req>], traits)> {
  // Read by the coverage-table generator (docs/).
  TIRx_PTXReq ptxRequirement = req;
  list<string> ptxForms = forms;
  // One paragraph on what the op does, and an example in MLIR syntax.
  string ptxDoc = "";
  string ptxExample = "";
  let description = ptxDoc # "\n\n"
      # "Minimum target: " # req.text # " (" # req.ptxText # ").\n\n"
      # "PTX forms: " # !interleave(!foreach(f, forms, "`" # f # "`"), ", ")
      # ".\n\nExample:\n\n```mlir\n" # ptxExample # "\n```\n";
}

// An op with no operands, no results and a fixed spelling.
class TIRx_PTXNullaryOp<string mnemonic, TIRx_PTXReq req, list<string> forms,
                        string sum>
    : TIRx_PTXOp<mnemonic, req, forms> {
  let summary = sum;
  let ptxDoc = sum # ".";
  let ptxExample = "tirx.ptx." # mnemonic;
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Cluster addressing
//===----------------------------------------------------------------------===//

def TIRx_PTXMapaOp : TIRx_PTXOp<"mapa", PTX_SM90,
    ["mapa.shared::cluster.u32", "mapa.u64"]> {
  let summary = "Map an address to the same location in another CTA of the cluster";
  let ptxDoc = [{
Maps `addr`, an address in the executing CTA, to the corresponding address
in the CTA of the cluster whose rank is `rank`. A `shared`/`shared.dyn`
pointer maps to a `shared.cluster` pointer of the same pointee
(`mapa.shared::cluster.u32`); a `generic` pointer maps to a `generic`
pointer and a raw `i64` generic address to an `i64` (`mapa.u64`, the
form of the original's `T.ptx.map_shared_rank`).

  }];
  let ptxExample = [{
%peer = tirx.ptx.mapa %bar, %rank : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
%raw = tirx.ptx.mapa %addr, %rank : i64 -> i64
  }];
  let arguments = (ins AnyTypeOf<[TIRx_MapaSrc, I64]>:$addr, I32:$rank);
  let results = (outs AnyTypeOf<[TIRx_AnyPtr, I64]>:$result);
  let assemblyFormat = "$addr `,` $rank attr-dict `:` qualified(type($addr)) `->` qualified(type($result))";
  let hasVerifier = 1;
}

def TIRx_PTXGetCtaRankOp : TIRx_PTXOp<"getctarank", PTX_SM90,
    ["getctarank.shared::cluster.u32", "getctarank.u64"]> {
  let summary = "Rank of the CTA that owns a cluster address";
  let ptxDoc = [{
Returns the rank, within the cluster, of the CTA whose shared memory
holds `addr` (a `shared.cluster` pointer, a `generic` pointer or a raw
`i64` generic address).

  }];
  let ptxExample = [{
%r = tirx.ptx.getctarank %p : !tirx.ptr<f32, shared.cluster>
  }];
  let arguments = (ins AnyTypeOf<[TIRx_CtaRankSrc, I64]>:$addr);
  let results = (outs I32:$rank);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
}

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

def TIRx_PTXMBarrierInitOp : TIRx_PTXOp<"mbarrier.init", PTX_SM80,
    ["mbarrier.init.shared::cta.b64"]> {
  let summary = "Initialize an mbarrier with an expected arrival count";
  let ptxDoc = "Initializes the mbarrier at `bar` to expect `count` arrivals per phase.";
  let ptxExample = "tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, shared>";
  let arguments = (ins TIRx_MBar:$bar, I32:$count);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
}

def TIRx_PTXMBarrierInvalOp : TIRx_PTXOp<"mbarrier.inval", PTX_SM80,
    ["mbarrier.inval.shared::cta.b64"]> {
  let summary = "Invalidate an mbarrier";
  let ptxDoc = "Invalidates the mbarrier at `bar` so its memory can be reused.";
  let ptxExample = "tirx.ptx.mbarrier.inval %bar : !tirx.ptr<ui64, shared.dyn>";
  let arguments = (ins TIRx_MBar:$bar);
  let assemblyFormat = "$bar attr-dict `:` qualified(type($bar))";
}

// mbarrier.arrive / arrive_drop (optionally with a count or expect_tx).
// `countName` is the optional/required i32 operand; the state result is
// absent for a remote (shared.cluster) barrier.
class TIRx_PTXMBarrierArriveBase<string mnemonic, TIRx_PTXReq req,
                                 list<string> forms, bit txRequired>
    : TIRx_PTXOp<mnemonic, req, forms> {
  let arguments = !if(txRequired,
      (ins OptionalAttr<TIRx_PTXArriveSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope,
           TIRx_MBarAny:$bar, I32:$count),
      (ins OptionalAttr<TIRx_PTXArriveSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope,
           TIRx_MBarAny:$bar, Optional<I32>:$count));
  let results = (outs Optional<I64>:$state);
  let assemblyFormat = !if(txRequired,
      "($sem^)? ($scope^)? $bar `,` `tx` $count attr-dict `:` qualified(type($bar)) (`->` qualified(type($state))^)?",
      "($sem^)? ($scope^)? $bar (`,` $count^)? attr-dict `:` qualified(type($bar)) (`->` qualified(type($state))^)?");
  bit ptxExpectTx = txRequired;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static constexpr bool kExpectTx = }] # !if(txRequired, "true", "false") # [{;
  }];
}

def TIRx_PTXMBarrierArriveOp : TIRx_PTXMBarrierArriveBase<"mbarrier.arrive",
    PTX_SM80, ["mbarrier.arrive.shared::cta.b64",
               "mbarrier.arrive.{release,relaxed}.{cta,cluster}.shared::cta.b64",
               "mbarrier.arrive.{release,relaxed}.{cta,cluster}.shared::cluster.b64"], 0> {
  let summary = "Arrive on an mbarrier";
  let ptxDoc = [{
Performs an arrive (with an optional arrival `count`) on the mbarrier at
`bar` and returns the barrier state. `release`/`relaxed` and `cta`/
`cluster` select the memory semantics and scope (sm_90). A
`shared.cluster` barrier is a remote arrive on another CTA's barrier and
returns no state.

  }];
  let ptxExample = [{
%s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
tirx.ptx.mbarrier.arrive release cluster %peer, %c1 : !tirx.ptr<i64, shared.cluster>
  }];
}

def TIRx_PTXMBarrierArriveDropOp : TIRx_PTXMBarrierArriveBase<"mbarrier.arrive_drop",
    PTX_SM80, ["mbarrier.arrive_drop.shared::cta.b64",
               "mbarrier.arrive_drop.{release,relaxed}.{cta,cluster}.shared::cta.b64",
               "mbarrier.arrive_drop.{release,relaxed}.{cta,cluster}.shared::cluster.b64"], 0> {
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
    ["mbarrier.arrive.expect_tx{.release,.relaxed}{.cta,.cluster}.shared::cta.b64",
     "mbarrier.arrive.expect_tx{.release,.relaxed}{.cta,.cluster}.shared::cluster.b64"], 1> {
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
    ["mbarrier.arrive_drop.expect_tx{.release,.relaxed}{.cta,.cluster}.shared::cta.b64",
     "mbarrier.arrive_drop.expect_tx{.release,.relaxed}{.cta,.cluster}.shared::cluster.b64"], 1> {
  let summary = "Arrive-drop on an mbarrier and expect a transaction count";
  let ptxDoc = "`mbarrier.arrive_drop` preceded by an `expect_tx` of `tx` bytes.";
  let ptxExample = [{
tirx.ptx.mbarrier.arrive_drop.expect_tx relaxed cluster %peer, tx %bytes : !tirx.ptr<i64, shared.cluster>
  }];
}

def TIRx_PTXMBarrierArriveNoCompleteOp : TIRx_PTXOp<"mbarrier.arrive.nocomplete",
    PTX_SM80, ["mbarrier.arrive.noComplete.shared::cta.b64"]> {
  let summary = "Arrive on an mbarrier without completing the phase";
  let ptxDoc = "Arrives `count` times on `bar`; must not complete the current phase.";
  let ptxExample = "%s = tirx.ptx.mbarrier.arrive.nocomplete %bar, %c1 : !tirx.ptr<i64, shared>";
  let arguments = (ins TIRx_MBar:$bar, I32:$count);
  let results = (outs I64:$state);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
}

// mbarrier.expect_tx / complete_tx.
class TIRx_PTXMBarrierTxOp<string mnemonic, string sum>
    : TIRx_PTXOp<mnemonic, PTX_SM90_PTX80,
        [mnemonic # ".relaxed{.cta,.cluster}.shared::cta.b64",
         mnemonic # ".relaxed{.cta,.cluster}.shared::cluster.b64"]> {
  let summary = sum;
  let ptxDoc = sum # " by `tx` bytes on the mbarrier at `bar` (local or remote).";
  let ptxExample = "tirx.ptx." # mnemonic
      # " cluster %bar, %bytes : !tirx.ptr<i64, shared>";
  let arguments = (ins OptionalAttr<TIRx_PTXClusterScope>:$scope,
                       TIRx_MBarAny:$bar, I32:$tx);
  let assemblyFormat = "($scope^)? $bar `,` $tx attr-dict `:` qualified(type($bar))";
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
        [mnemonic # "{.acquire,.relaxed}{.cta,.cluster}.shared::cta.b64"]> {
  let summary = "Wait on an mbarrier phase (" # mnemonic # ")";
  let ptxDoc = "Tests whether the phase of `bar` identified by `" # waitOn
      # "` has completed and returns the result as an i1"
      # !if(hasHint, "; the thread may suspend for up to `suspend_hint` "
                     # "nanoseconds before returning", "") # ".";
  let ptxExample = "%done = tirx.ptx." # mnemonic # " acquire cta %bar, %"
      # waitOn # !if(hasHint, ", suspend_hint %ns", "")
      # " : !tirx.ptr<i64, shared>";
  let arguments = !con(
      (ins OptionalAttr<TIRx_PTXWaitSem>:$sem,
           OptionalAttr<TIRx_PTXClusterScope>:$scope, TIRx_MBar:$bar),
      !if(!eq(waitOn, "state"), (ins I64:$state), (ins I32:$phase)),
      !if(hasHint, (ins Optional<I32>:$suspend_hint), (ins)));
  let results = (outs I1:$done);
  let assemblyFormat = "($sem^)? ($scope^)? $bar `,` $" # waitOn
      # !if(hasHint, " (`,` `suspend_hint` $suspend_hint^)?", "")
      # " attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
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
}

def TIRx_PTXCpAsyncMBarrierArriveOp : TIRx_PTXOp<"cp.async.mbarrier.arrive",
    PTX_SM80, ["cp.async.mbarrier.arrive.shared::cta.b64",
               "cp.async.mbarrier.arrive.noinc.shared::cta.b64"]> {
  let summary = "Arrive on an mbarrier when prior cp.async copies complete";
  let ptxDoc = [{
Makes the mbarrier track completion of the thread's prior `cp.async`
copies; `noinc` does not increment the pending count first.

  }];
  let ptxExample = "tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, shared>";
  let arguments = (ins UnitAttr:$noinc, TIRx_MBar:$bar);
  let assemblyFormat = "(`noinc` $noinc^)? $bar attr-dict `:` qualified(type($bar))";
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
  let hasVerifier = 1;
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
takes the address of the 128-byte descriptor about to be used.

  }];
  let ptxExample = [{
tirx.ptx.fence.proxy.tensormap release gpu
tirx.ptx.fence.proxy.tensormap acquire gpu %desc : !tirx.ptr<!tirx.tensormap, global>
  }];
  let arguments = (ins TIRx_PTXTensormapSem:$sem, TIRx_PTXMemScope:$scope,
                       Optional<TIRx_GenericOrGlobalPtr>:$addr);
  let assemblyFormat = "$sem $scope ($addr^ `:` qualified(type($addr)))? attr-dict";
  let hasVerifier = 1;
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
of the CTA by default) arrive. `aligned` asserts all threads of the warp
execute it (`bar.sync` is `barrier.sync.aligned`).

  }];
  let ptxExample = "tirx.ptx.barrier.sync aligned id %c1 count %c128";
  let arguments = (ins UnitAttr:$aligned, Optional<I32>:$id, Optional<I32>:$count);
  let assemblyFormat = "(`aligned` $aligned^)? (`id` $id^)? (`count` $count^)? attr-dict";
  let hasVerifier = 1;
}

def TIRx_PTXBarrierArriveOp : TIRx_PTXOp<"barrier.arrive", PTX_SM70,
    ["bar.arrive a, b", "barrier.arrive{.aligned} a, b"]> {
  let summary = "Arrive at a named barrier without waiting";
  let ptxDoc = "Arrives at the named barrier `id` of `count` threads and continues.";
  let ptxExample = "tirx.ptx.barrier.arrive aligned %c1, %c256";
  let arguments = (ins UnitAttr:$aligned, I32:$id, I32:$count);
  let assemblyFormat = "(`aligned` $aligned^)? $id `,` $count attr-dict";
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
}

def TIRx_PTXBarWarpSyncOp : TIRx_PTXOp<"bar.warp.sync", PTX_SM70,
    ["bar.warp.sync"]> {
  let summary = "Warp barrier over a member mask";
  let ptxDoc = "Synchronizes the lanes of the warp named in `mask`.";
  let ptxExample = "tirx.ptx.bar.warp.sync %mask";
  let arguments = (ins I32:$mask);
  let assemblyFormat = "$mask attr-dict";
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
}

def TIRx_PTXBarrierClusterWaitOp : TIRx_PTXOp<"barrier.cluster.wait",
    PTX_SM90, ["barrier.cluster.wait{.acquire}{.aligned}"]> {
  let summary = "Wait at the cluster barrier";
  let ptxDoc = "Waits for all threads of the cluster to arrive (acquire semantics).";
  let ptxExample = "tirx.ptx.barrier.cluster.wait acquire aligned";
  let arguments = (ins UnitAttr:$acquire, UnitAttr:$aligned);
  let assemblyFormat = "(`acquire` $acquire^)? (`aligned` $aligned^)? attr-dict";
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
}

def TIRx_PTXActiveMaskOp : TIRx_PTXOp<"activemask", PTX_SM70, ["activemask.b32"]> {
  let summary = "Mask of the currently active lanes";
  let ptxDoc = "Returns the 32-bit mask of the lanes executing this instruction.";
  let ptxExample = "%m = tirx.ptx.activemask";
  let results = (outs I32:$mask);
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// cp.async (LDGSTS)
//===----------------------------------------------------------------------===//

def TIRx_PTXCpAsyncOp : TIRx_PTXOp<"cp.async", PTX_SM80,
    ["cp.async.ca.shared::cta.global{.L2::cache_hint} [d], [s], {4,8,16}{, src_size}",
     "cp.async.cg.shared::cta.global{.L2::cache_hint} [d], [s], 16{, src_size}"],
    [AttrSizedOperandSegments]> {
  let summary = "Asynchronous global-to-shared copy of 4, 8 or 16 bytes";
  let ptxDoc = [{
Copies `size` bytes from `src` (global) to `dst` (shared). `ca` caches
in L1 and L2, `cg` only in L2 and copies exactly 16 bytes. `src_size`
reads fewer bytes and zero-fills the rest; `cache_hint` is an L2 cache
policy.

  }];
  let ptxExample = [{
tirx.ptx.cp.async cg %dst, %src, 16, src_size %n : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  }];
  let arguments = (ins TIRx_PTXCpAsyncCache:$cache, TIRx_SharedPtr:$dst,
      TIRx_GlobalPtr:$src, ConfinedAttr<I32Attr, [IntIsOneOf<[4, 8, 16]>]>:$size,
      Optional<I32>:$src_size, Optional<I64>:$cache_hint);
  let assemblyFormat = "$cache $dst `,` $src `,` $size (`src_size` $src_size^)? (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($src))";
  let hasVerifier = 1;
}

def TIRx_PTXCpAsyncCommitGroupOp : TIRx_PTXNullaryOp<"cp.async.commit_group",
    PTX_SM80, ["cp.async.commit_group"],
    "Commit the thread's prior cp.async copies as a group">;

def TIRx_PTXCpAsyncWaitAllOp : TIRx_PTXNullaryOp<"cp.async.wait_all",
    PTX_SM80, ["cp.async.wait_all"],
    "Wait for all of the thread's cp.async copies">;

def TIRx_PTXCpAsyncWaitGroupOp : TIRx_PTXOp<"cp.async.wait_group", PTX_SM80,
    ["cp.async.wait_group N"]> {
  let summary = "Wait until at most N cp.async groups are pending";
  let ptxDoc = "Waits until at most `n` of the thread's committed groups are pending.";
  let ptxExample = "tirx.ptx.cp.async.wait_group 1";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$n);
  let assemblyFormat = "$n attr-dict";
}

//===----------------------------------------------------------------------===//
// cp.async.bulk (non-tensor)
//===----------------------------------------------------------------------===//

def TIRx_PTXCpAsyncBulkG2SOp : TIRx_PTXOp<"cp.async.bulk.g2s", PTX_SM90_PTX80,
    ["cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes{.multicast::cluster}{.L2::cache_hint}",
     "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "Bulk copy from global to shared memory";
  let ptxDoc = [{
Copies `size` bytes (a multiple of 16) from `src` to `dst` and completes
the transaction on `bar`. A `shared.cluster` destination may be
multicast to the CTAs in the 16-bit `multicast` mask.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.g2s %dst, %src, %bar, %bytes multicast %mask : !tirx.ptr<f16, shared.cluster>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
  }];
  let arguments = (ins TIRx_SharedOrClusterPtr:$dst, TIRx_GlobalPtr:$src,
      TIRx_MBar:$bar, I32:$size, Optional<I16>:$multicast_mask,
      Optional<I64>:$cache_hint);
  let assemblyFormat = "$dst `,` $src `,` $bar `,` $size (`multicast` $multicast_mask^)? (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($bar))";
  let hasVerifier = 1;
}

def TIRx_PTXCpAsyncBulkS2GOp : TIRx_PTXOp<"cp.async.bulk.s2g", PTX_SM90_PTX80,
    ["cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}",
     "cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}.cp_mask"],
    [AttrSizedOperandSegments]> {
  let summary = "Bulk copy from shared to global memory";
  let ptxDoc = [{
Copies `size` bytes from `src` to `dst`, completing in the thread's bulk
group. `byte_mask` (sm_100) selects the bytes written in each 16-byte
chunk.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.s2g %dst, %src, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  }];
  let arguments = (ins TIRx_GlobalPtr:$dst, TIRx_SharedPtr:$src, I32:$size,
      Optional<I64>:$cache_hint, Optional<I16>:$byte_mask);
  let assemblyFormat = "$dst `,` $src `,` $size (`cache_hint` $cache_hint^)? (`byte_mask` $byte_mask^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($src))";
  let hasVerifier = 1;
}

def TIRx_PTXCpAsyncBulkS2SOp : TIRx_PTXOp<"cp.async.bulk.s2s", PTX_SM90_PTX80,
    ["cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes"]> {
  let summary = "Bulk copy from this CTA's shared memory to another CTA's";
  let ptxDoc = [{
Copies `size` bytes from `src` to `dst` in the shared memory of another
CTA of the cluster and completes the transaction on that CTA's `bar`.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.s2s %dst, %src, %bar, %bytes : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, shared>, !tirx.ptr<i64, shared.cluster>
  }];
  let arguments = (ins TIRx_ClusterPtr:$dst, TIRx_SharedPtr:$src,
      TIRx_MBarAny:$bar, I32:$size);
  let assemblyFormat = "$dst `,` $src `,` $bar `,` $size attr-dict `:` qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($bar))";
}

def TIRx_PTXCpAsyncBulkPrefetchOp : TIRx_PTXOp<"cp.async.bulk.prefetch",
    PTX_SM90_PTX80, ["cp.async.bulk.prefetch.L2.global{.L2::cache_hint}"]> {
  let summary = "Bulk prefetch from global memory into L2";
  let ptxDoc = "Prefetches `size` bytes at `src` into the L2 cache.";
  let ptxExample = "tirx.ptx.cp.async.bulk.prefetch %src, %bytes : !tirx.ptr<f16, global>";
  let arguments = (ins TIRx_GlobalPtr:$src, I32:$size, Optional<I64>:$cache_hint);
  let assemblyFormat = "$src `,` $size (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($src))";
}

def TIRx_PTXCpAsyncBulkCommitGroupOp : TIRx_PTXNullaryOp<
    "cp.async.bulk.commit_group", PTX_SM90_PTX80, ["cp.async.bulk.commit_group"],
    "Commit the thread's prior bulk copies as a bulk group">;

def TIRx_PTXCpAsyncBulkWaitGroupOp : TIRx_PTXOp<"cp.async.bulk.wait_group",
    PTX_SM90_PTX80, ["cp.async.bulk.wait_group{.read} N"]> {
  let summary = "Wait until at most N bulk groups are pending";
  let ptxDoc = [{
Waits until at most `n` bulk groups are pending; with `read`, only until
their source reads are done (the source may then be reused).

  }];
  let ptxExample = "tirx.ptx.cp.async.bulk.wait_group 0 read";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$n, UnitAttr:$read);
  let assemblyFormat = "$n (`read` $read^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// cp.async.bulk.tensor (TMA)
//===----------------------------------------------------------------------===//

def TIRx_TensorRank : ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<5>]>;

def TIRx_PTXTMALoadOp : TIRx_PTXOp<"cp.async.bulk.tensor.load", PTX_SM90_PTX80,
    ["cp.async.bulk.tensor.{1..5}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}",
     "cp.async.bulk.tensor.{3..5}d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}",
     "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}",
     "cp.async.bulk.tensor.{1..5}d.shared::cta.global.{tile,im2col}.mbarrier::complete_tx::bytes{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "TMA load of a tensor tile from global to shared memory";
  let ptxDoc = [{
Loads the box of the rank-`rank` tensor described by `tmap` at
`coords` into `dst` and completes the transaction on `bar`. `im2col`
takes `rank - 2` 16-bit offsets; `tile.gather4` (rank 2, sm_100a family)
takes a column and four row coordinates. `multicast` (a 16-bit CTA mask)
needs a `shared.cluster` destination; `cta_1`/`cta_2` (sm_100a family)
select the CTA group of a pair-UMMA; `cache_hint` is an L2 policy.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %tmap[%x, %y], %bar multicast %mask : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
  }];
  let arguments = (ins TIRx_PTXTMALoadMode:$mode, TIRx_TensorRank:$rank,
      TIRx_SharedOrClusterPtr:$dst, TIRx_TensorMapRef:$tmap,
      Variadic<I32>:$coords, Variadic<I16>:$im2col_offsets, TIRx_MBar:$bar,
      Optional<I16>:$multicast_mask, Optional<I64>:$cache_hint,
      OptionalAttr<TIRx_PTXCTAGroup>:$cta_group);
  let assemblyFormat = [{
    $mode `rank` $rank $dst `,` $tmap `[` $coords `]`
    (`im2col` `[` $im2col_offsets^ `]`)? `,` $bar
    (`multicast` $multicast_mask^)? (`cache_hint` $cache_hint^)?
    ($cta_group^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($tmap)) `,` qualified(type($bar))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTMAStoreOp : TIRx_PTXOp<"cp.async.bulk.tensor.store", PTX_SM90_PTX80,
    ["cp.async.bulk.tensor.{1..5}d.global.shared::cta.tile.bulk_group{.L2::cache_hint}",
     "cp.async.bulk.tensor.{3..5}d.global.shared::cta.im2col_no_offs.bulk_group{.L2::cache_hint}",
     "cp.async.bulk.tensor.2d.global.shared::cta.tile::scatter4.bulk_group{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "TMA store of a tensor tile from shared to global memory";
  let ptxDoc = [{
Stores `src` to the box of the rank-`rank` tensor described by `tmap` at
`coords`, completing in the bulk group. `tile.scatter4` (rank 2,
sm_100a family) takes a column and four row coordinates.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %tmap[%x, %y], %src : !tirx.tensormap, !tirx.ptr<f16, shared>
  }];
  let arguments = (ins TIRx_PTXTMAStoreMode:$mode, TIRx_TensorRank:$rank,
      TIRx_TensorMapRef:$tmap, Variadic<I32>:$coords, TIRx_SharedPtr:$src,
      Optional<I64>:$cache_hint);
  let assemblyFormat = [{
    $mode `rank` $rank $tmap `[` $coords `]` `,` $src
    (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($tmap)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTMAReduceOp : TIRx_PTXOp<"cp.async.bulk.tensor.reduce", PTX_SM90_PTX80,
    ["cp.reduce.async.bulk.tensor.{1..5}d.global.shared::cta.{add,min,max,inc,dec,and,or,xor}.tile.bulk_group{.L2::cache_hint}",
     "cp.reduce.async.bulk.tensor.{3..5}d.global.shared::cta.{add,min,max,inc,dec,and,or,xor}.im2col_no_offs.bulk_group{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "TMA reduction of a shared tile into a global tensor";
  let ptxDoc = [{
Combines `src` into the box of the tensor described by `tmap` at
`coords` with the reduction `kind`.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 1 %tmap[%x], %src : !tirx.tensormap, !tirx.ptr<f32, shared>
  }];
  let arguments = (ins TIRx_PTXTMARedKind:$kind, TIRx_PTXTMAStoreMode:$mode,
      TIRx_TensorRank:$rank, TIRx_TensorMapRef:$tmap, Variadic<I32>:$coords,
      TIRx_SharedPtr:$src, Optional<I64>:$cache_hint);
  let assemblyFormat = [{
    $kind $mode `rank` $rank $tmap `[` $coords `]` `,` $src
    (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($tmap)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTMAPrefetchOp : TIRx_PTXOp<"cp.async.bulk.tensor.prefetch",
    PTX_SM90_PTX80,
    ["cp.async.bulk.prefetch.tensor.{1..5}d.L2.global.tile{.L2::cache_hint}",
     "cp.async.bulk.prefetch.tensor.{3..5}d.L2.global.im2col{.L2::cache_hint}",
     "cp.async.bulk.prefetch.tensor.2d.L2.global.tile::gather4{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "TMA prefetch of a tensor tile into L2";
  let ptxDoc = "Prefetches the box of the tensor described by `tmap` at `coords` into L2.";
  let ptxExample = [{
tirx.ptx.cp.async.bulk.tensor.prefetch tile rank 3 %tmap[%x, %y, %z] : !tirx.tensormap
  }];
  let arguments = (ins TIRx_PTXTMALoadMode:$mode, TIRx_TensorRank:$rank,
      TIRx_TensorMapRef:$tmap, Variadic<I32>:$coords,
      Variadic<I16>:$im2col_offsets, Optional<I64>:$cache_hint);
  let assemblyFormat = [{
    $mode `rank` $rank $tmap `[` $coords `]`
    (`im2col` `[` $im2col_offsets^ `]`)? (`cache_hint` $cache_hint^)?
    attr-dict `:` qualified(type($tmap))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXPrefetchTensormapOp : TIRx_PTXOp<"prefetch.tensormap", PTX_SM90_PTX80,
    ["prefetch.tensormap", "prefetch.param.tensormap", "prefetch.global.tensormap"]> {
  let summary = "Prefetch a TMA descriptor";
  let ptxDoc = "Brings the tensor descriptor `tmap` into the cache ahead of TMA use.";
  let ptxExample = "tirx.ptx.prefetch.tensormap %tmap : !tirx.tensormap";
  let arguments = (ins TIRx_TensorMapRef:$tmap);
  let assemblyFormat = "$tmap attr-dict `:` qualified(type($tmap))";
}

def TIRx_PTXPrefetchOp : TIRx_PTXOp<"prefetch", PTX_SM70,
    ["prefetch{.global,.local}.{L1,L2}"]> {
  let summary = "Prefetch a line into L1 or L2";
  let ptxDoc = "Prefetches the cache line holding `ptr` into `L1` or `L2`.";
  let ptxExample = "tirx.ptx.prefetch L2 %p : !tirx.ptr<f32, global>";
  let arguments = (ins TIRx_PTXCacheLevel:$level, TIRx_PrefetchPtr:$ptr);
  let assemblyFormat = "$level $ptr attr-dict `:` qualified(type($ptr))";
}

//===----------------------------------------------------------------------===//
// MMA: wgmma, mma.sync, ldmatrix, stmatrix
//===----------------------------------------------------------------------===//

def TIRx_PTXWGMMAFenceOp : TIRx_PTXNullaryOp<"wgmma.fence", PTX_SM90a,
    ["wgmma.fence.sync.aligned"],
    "Order register accesses before wgmma.mma_async">;
def TIRx_PTXWGMMACommitGroupOp : TIRx_PTXNullaryOp<"wgmma.commit_group",
    PTX_SM90a, ["wgmma.commit_group.sync.aligned"],
    "Commit the warpgroup's prior wgmma.mma_async ops as a group">;

def TIRx_PTXWGMMAWaitGroupOp : TIRx_PTXOp<"wgmma.wait_group", PTX_SM90a,
    ["wgmma.wait_group.sync.aligned N"]> {
  let summary = "Wait until at most N wgmma groups are pending";
  let ptxDoc = "Waits until at most `n` of the warpgroup's wgmma groups are pending.";
  let ptxExample = "tirx.ptx.wgmma.wait_group 0";
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$n);
  let assemblyFormat = "$n attr-dict";
}

def TIRx_PTXWGMMAMmaAsyncOp : TIRx_PTXOp<"wgmma.mma_async", PTX_SM90a,
    ["wgmma.mma_async.sync.aligned.m64nNk16.{f32,f16}.{f16,bf16}.{f16,bf16} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32 (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk32.{f32,f16}.{e4m3,e5m2}.{e4m3,e5m2} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk32.s32{.satfinite}.{s8,u8}.{s8,u8} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk256.s32.b1.b1.and.popc (SS)"],
    [AllTypesMatch<["d", "res"]>]> {
  let summary = "Warpgroup asynchronous matrix multiply-accumulate";
  let ptxDoc = [{
`res = a * b + (scale_d ? d : 0)` for an `m`x`n`x`k` tile, issued by a
warpgroup. `b` is a 64-bit shared-memory matrix descriptor; `a` is one
(SS form) or `vector<4xi32>` registers (RS form). `d` is the per-thread
accumulator, `vector<(n/2) x T>`. `scale_a`/`scale_b` negate inputs of
floating-point kinds, `layout_a`/`layout_b` transpose f16/bf16 inputs in
shared memory, and `satfinite` clamps integer results.

  }];
  let ptxExample = [{
%r = tirx.ptx.wgmma.mma_async %da, %db, %acc, %scale shape = [64, 128, 16] d = f32 a = f16 b = f16 : i64, vector<64xf32>
  }];
  let arguments = (ins AnyTypeOf<[I64, VectorOfLengthAndType<[4], [I32]>]>:$a,
      I64:$b, VectorOfRankAndType<[1], [F32, F16, I32]>:$d, I1:$scale_d,
      DenseI32ArrayAttr:$shape, TIRx_PTXMMAType:$type_d,
      TIRx_PTXMMAType:$type_a, TIRx_PTXMMAType:$type_b,
      OptionalAttr<TIRx_PTXWGMMAScale>:$scale_a,
      OptionalAttr<TIRx_PTXWGMMAScale>:$scale_b,
      OptionalAttr<TIRx_PTXMMALayout>:$layout_a,
      OptionalAttr<TIRx_PTXMMALayout>:$layout_b, UnitAttr:$satfinite);
  let results = (outs VectorOfRankAndType<[1], [F32, F16, I32]>:$res);
  let assemblyFormat = [{
    $a `,` $b `,` $d `,` $scale_d `shape` `=` $shape `d` `=` $type_d
    `a` `=` $type_a `b` `=` $type_b (`scale_a` `=` $scale_a^)?
    (`scale_b` `=` $scale_b^)? (`layout_a` `=` $layout_a^)?
    (`layout_b` `=` $layout_b^)? (`satfinite` $satfinite^)?
    attr-dict `:` qualified(type($a)) `,` qualified(type($d))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXMmaSyncOp : TIRx_PTXOp<"mma.sync", PTX_SM80,
    ["mma.sync.aligned.m8n8k4.{row,col}.{row,col}.{f32,f16}.f16.f16.{f32,f16}",
     "mma.sync.aligned.m16n8k{8,16}.row.col.{f32,f16}.f16.f16.{f32,f16}",
     "mma.sync.aligned.m16n8k{8,16}.row.col.f32.bf16.bf16.f32",
     "mma.sync.aligned.m16n8k{4,8}.row.col.f32.tf32.tf32.f32",
     "mma.sync.aligned.m16n8k32.row.col.f32.{e4m3,e5m2}.{e4m3,e5m2}.f32",
     "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
     "mma.sync.aligned.{m8n8k16,m16n8k16,m16n8k32}.row.col{.satfinite}.s32.{s8,u8}.{s8,u8}.s32",
     "mma.sync.aligned.{m8n8k32,m16n8k32,m16n8k64}.row.col{.satfinite}.s32.{s4,u4}.{s4,u4}.s32",
     "mma.sync.aligned.{m8n8k128,m16n8k128,m16n8k256}.row.col.s32.b1.b1.s32.and.popc"],
    [AllTypesMatch<["c", "res"]>]> {
  let summary = "Warp-level synchronous matrix multiply-accumulate";
  let ptxDoc = [{
`res = a * b + c` over an `m`x`n`x`k` tile held in the registers of a
warp. Fragments are vectors of the registers PTX names; layouts other
than `row`/`col` need the m8n8k4 shape; e4m3/e5m2 need sm_89.

  }];
  let ptxExample = [{
%d = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  }];
  let arguments = (ins VectorOfRankAndType<[1], [I32, F64]>:$a,
      VectorOfRankAndType<[1], [I32, F64]>:$b,
      VectorOfRankAndType<[1], [F32, F16, F64, I32]>:$c,
      DenseI32ArrayAttr:$shape, TIRx_PTXMMAType:$type_d,
      TIRx_PTXMMAType:$type_a, TIRx_PTXMMAType:$type_b,
      OptionalAttr<TIRx_PTXMMALayout>:$layout_a,
      OptionalAttr<TIRx_PTXMMALayout>:$layout_b, UnitAttr:$satfinite);
  let results = (outs VectorOfRankAndType<[1], [F32, F16, F64, I32]>:$res);
  let assemblyFormat = [{
    $a `,` $b `,` $c `shape` `=` $shape `d` `=` $type_d `a` `=` $type_a
    `b` `=` $type_b (`layout_a` `=` $layout_a^)? (`layout_b` `=` $layout_b^)?
    (`satfinite` $satfinite^)? attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXLdMatrixOp : TIRx_PTXOp<"ldmatrix", PTX_SM75,
    ["ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16",
     "ldmatrix.sync.aligned.m16n16.{x1,x2}.trans.shared.{b8,b8x16.b6x16_p32,b8x16.b4x16_p64}",
     "ldmatrix.sync.aligned.m8n16.{x1,x2,x4}.shared.{b8x16.b6x16_p32,b8x16.b4x16_p64}"]> {
  let summary = "Load matrices from shared memory into warp registers";
  let ptxDoc = [{
Loads `num` matrices of `shape` from shared memory; each lane receives
one i32 per 8x8 b16 matrix (two per m16n16 matrix). `m16n16` and `m8n16`
need the sm_100a family.

  }];
  let ptxExample = [{
%v = tirx.ptx.ldmatrix %p m8n8 x4 b16 trans : !tirx.ptr<f16, shared> -> vector<4xi32>
  }];
  let arguments = (ins TIRx_SharedPtr:$ptr, TIRx_PTXMatrixShape:$shape,
      TIRx_PTXMatrixNum:$num, TIRx_PTXMatrixElt:$elt, UnitAttr:$trans);
  let results = (outs VectorOfRankAndType<[1], [I32]>:$res);
  let assemblyFormat = "$ptr $shape $num $elt (`trans` $trans^)? attr-dict `:` qualified(type($ptr)) `->` qualified(type($res))";
  let hasVerifier = 1;
}

def TIRx_PTXStMatrixOp : TIRx_PTXOp<"stmatrix", PTX_SM90,
    ["stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16",
     "stmatrix.sync.aligned.m16n8.{x1,x2,x4}.trans.shared.b8"]> {
  let summary = "Store matrices from warp registers to shared memory";
  let ptxDoc = [{
Stores `num` matrices of `shape` (`m8n8` b16, or `m16n8` b8 transposed
on the sm_100a family) from the lanes' registers to shared memory.

  }];
  let ptxExample = [{
tirx.ptx.stmatrix %p, %v m8n8 x4 b16 : !tirx.ptr<f16, shared>, vector<4xi32>
  }];
  let arguments = (ins TIRx_SharedPtr:$ptr, VectorOfRankAndType<[1], [I32]>:$vals,
      TIRx_PTXMatrixShape:$shape, TIRx_PTXMatrixNum:$num,
      TIRx_PTXMatrixElt:$elt, UnitAttr:$trans);
  let assemblyFormat = "$ptr `,` $vals $shape $num $elt (`trans` $trans^)? attr-dict `:` qualified(type($ptr)) `,` qualified(type($vals))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tcgen05 (Blackwell)
//===----------------------------------------------------------------------===//

def TIRx_PTXTcgen05AllocOp : TIRx_PTXOp<"tcgen05.alloc", PTX_SM100f,
    ["tcgen05.alloc.cta_group::{1,2}.sync.aligned.shared::cta.b32"]> {
  let summary = "Allocate tensor memory columns";
  let ptxDoc = [{
Allocates `ncols` columns (a power of two, at least 32) of tensor memory
and writes its address to the 32-bit shared-memory `slot`.

  }];
  let ptxExample = "tirx.ptx.tcgen05.alloc cta_2 %slot, %c256 : !tirx.ptr<ui32, shared>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
                       TIRx_TmemSlot:$slot, I32:$ncols);
  let assemblyFormat = "($cta_group^)? $slot `,` $ncols attr-dict `:` qualified(type($slot))";
}

def TIRx_PTXTcgen05DeallocOp : TIRx_PTXOp<"tcgen05.dealloc", PTX_SM100f,
    ["tcgen05.dealloc.cta_group::{1,2}.sync.aligned.b32"]> {
  let summary = "Free tensor memory columns";
  let ptxDoc = "Frees `ncols` columns of tensor memory starting at `taddr`.";
  let ptxExample = "tirx.ptx.tcgen05.dealloc %t, %c256 : !tirx.ptr<f32, tmem>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
                       TIRx_TmemPtr:$taddr, I32:$ncols);
  let assemblyFormat = "($cta_group^)? $taddr `,` $ncols attr-dict `:` qualified(type($taddr))";
}

def TIRx_PTXTcgen05RelinquishOp : TIRx_PTXOp<"tcgen05.relinquish_alloc_permit",
    PTX_SM100f, ["tcgen05.relinquish_alloc_permit.cta_group::{1,2}.sync.aligned"]> {
  let summary = "Give up the right to allocate tensor memory";
  let ptxDoc = "After it, the CTA may no longer call `tcgen05.alloc`.";
  let ptxExample = "tirx.ptx.tcgen05.relinquish_alloc_permit cta_1";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group);
  let assemblyFormat = "($cta_group^)? attr-dict";
}

def TIRx_PTXTcgen05MmaOp : TIRx_PTXOp<"tcgen05.mma", PTX_SM100f,
    ["tcgen05.mma.cta_group::{1,2}.kind::{f16,tf32,f8f6f4,i8} [d], adesc, bdesc, idesc, p",
     "tcgen05.mma.cta_group::{1,2}.kind::{f16,tf32,f8f6f4,i8} [d], [a], bdesc, idesc, p",
     "tcgen05.mma.cta_group::{1,2}.kind::{f16,tf32,f8f6f4,i8} ..., disable_output_lane, p"]> {
  let summary = "Single-thread-issued tensor-core MMA into tensor memory";
  let ptxDoc = [{
`d = a * b + (enable_input_d ? d : 0)` with `d` in tensor memory, `b` a
shared-memory descriptor and `a` a descriptor (SS) or a tensor-memory
pointer (TS). `idesc` is the 32-bit instruction descriptor.
`disable_output_lane` is a vector of 4 (cta_1) or 8 (cta_2) lane masks.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.mma f16 cta_1 %d, %adesc, %bdesc, %idesc, %acc : !tirx.ptr<f32, tmem>, i64
  }];
  let arguments = (ins TIRx_PTXTcgen05Kind:$kind,
      OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, TIRx_TmemPtr:$d,
      AnyTypeOf<[I64, TIRx_TmemPtr]>:$a, I64:$b, I32:$idesc, I1:$enable_input_d,
      Optional<VectorOfRankAndType<[1], [I32]>>:$disable_output_lane);
  let assemblyFormat = [{
    $kind ($cta_group^)? $d `,` $a `,` $b `,` $idesc `,` $enable_input_d
    (`disable_output_lane` $disable_output_lane^ `:` qualified(type($disable_output_lane)))?
    attr-dict `:` qualified(type($d)) `,` qualified(type($a))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTcgen05MmaBlockScaleOp : TIRx_PTXOp<"tcgen05.mma.block_scale",
    PTX_SM100f,
    ["tcgen05.mma.cta_group::{1,2}.kind::mxf8f6f4.block_scale.scale_vec::1X",
     "tcgen05.mma.cta_group::{1,2}.kind::mxf4.block_scale.scale_vec::2X",
     "tcgen05.mma.cta_group::{1,2}.kind::mxf4nvf4.block_scale.scale_vec::{2X,4X}"]> {
  let summary = "Block-scaled tensor-core MMA (MX formats)";
  let ptxDoc = [{
`tcgen05.mma` whose inputs are scaled per block by the scale factors in
tensor memory at `scale_a` and `scale_b`. `mxf8f6f4` uses
`scale_vec_1x`, `mxf4` `scale_vec_2x`, `mxf4nvf4` `scale_vec_2x` or
`scale_vec_4x`.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.mma.block_scale mxf8f6f4 scale_vec_1x %d, %adesc, %bdesc, %idesc, %sa, %sb, %acc : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  }];
  let arguments = (ins TIRx_PTXTcgen05BlockScaleKind:$kind,
      TIRx_PTXTcgen05ScaleVec:$scale_vec,
      OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, TIRx_TmemPtr:$d,
      AnyTypeOf<[I64, TIRx_TmemPtr]>:$a, I64:$b, I32:$idesc,
      TIRx_TmemPtr:$scale_a, TIRx_TmemPtr:$scale_b, I1:$enable_input_d);
  let assemblyFormat = [{
    $kind $scale_vec ($cta_group^)? $d `,` $a `,` $b `,` $idesc `,` $scale_a
    `,` $scale_b `,` $enable_input_d attr-dict `:` qualified(type($d)) `,` qualified(type($a)) `,`
    qualified(type($scale_a)) `,` qualified(type($scale_b))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTcgen05MmaWsOp : TIRx_PTXOp<"tcgen05.mma.ws", PTX_SM100f,
    ["tcgen05.mma.ws.cta_group::1.kind::{f16,tf32,f8f6f4,i8} [d], {adesc,[a]}, bdesc, idesc, p{, zero_col_mask}"]> {
  let summary = "Weight-stationary tensor-core MMA";
  let ptxDoc = [{
The weight-stationary variant of `tcgen05.mma` (CTA group 1 only), with
an optional 64-bit `zero_col_mask`.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.mma.ws i8 %d, %adesc, %bdesc, %idesc, %acc : !tirx.ptr<i32, tmem>, i64
  }];
  let arguments = (ins TIRx_PTXTcgen05Kind:$kind, TIRx_TmemPtr:$d,
      AnyTypeOf<[I64, TIRx_TmemPtr]>:$a, I64:$b, I32:$idesc, I1:$enable_input_d,
      Optional<I64>:$zero_col_mask);
  let assemblyFormat = [{
    $kind $d `,` $a `,` $b `,` $idesc `,` $enable_input_d
    (`zero_col_mask` $zero_col_mask^)? attr-dict `:` qualified(type($d)) `,` qualified(type($a))
  }];
}

// tcgen05.ld / tcgen05.st share their shape/count rules.
def TIRx_Tcgen05Num : ConfinedAttr<I32Attr,
    [IntIsOneOf<[1, 2, 4, 8, 16, 32, 64, 128]>]>;

def TIRx_PTXTcgen05LdOp : TIRx_PTXOp<"tcgen05.ld", PTX_SM100f,
    ["tcgen05.ld.sync.aligned.{16x64b,16x128b,16x256b,32x32b}.{x1..x128}{.pack::16b}.b32",
     "tcgen05.ld.sync.aligned.16x32bx2.{x1..x128}{.pack::16b}.b32 ..., immHalfSplitoff"]> {
  let summary = "Load from tensor memory into registers";
  let ptxDoc = [{
Each thread of the warp loads `num` repetitions of `shape` from tensor
memory at `taddr`: the result holds num x (1 for 32x32b/16x64b/
16x32bx2, 2 for 16x128b, 4 for 16x256b) 32-bit registers, half of that
with `pack` (two 16-bit elements per register). `shape_16x32bx2` needs
the immediate half-split `offset`.

  }];
  let ptxExample = [{
%v = tirx.ptx.tcgen05.ld shape_32x32b num = 16 %t : !tirx.ptr<f32, tmem> -> vector<16xf32>
  }];
  let arguments = (ins TIRx_PTXTcgen05LdStShape:$shape, TIRx_Tcgen05Num:$num,
      UnitAttr:$pack, TIRx_TmemPtr:$taddr, OptionalAttr<I64Attr>:$offset);
  let results = (outs TIRx_RegVector:$res);
  let assemblyFormat = [{
    $shape `num` `=` $num (`pack` $pack^)? $taddr (`offset` `=` $offset^)?
    attr-dict `:` qualified(type($taddr)) `->` qualified(type($res))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTcgen05StOp : TIRx_PTXOp<"tcgen05.st", PTX_SM100f,
    ["tcgen05.st.sync.aligned.{16x64b,16x128b,16x256b,32x32b}.{x1..x128}{.unpack::16b}.b32",
     "tcgen05.st.sync.aligned.16x32bx2.{x1..x128}{.unpack::16b}.b32 ..., immHalfSplitoff"]> {
  let summary = "Store registers to tensor memory";
  let ptxDoc = [{
The store counterpart of `tcgen05.ld`; `unpack` splits each register
into two 16-bit elements.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.st shape_16x256b num = 2 %t, %v : !tirx.ptr<f32, tmem>, vector<8xf32>
  }];
  let arguments = (ins TIRx_PTXTcgen05LdStShape:$shape, TIRx_Tcgen05Num:$num,
      UnitAttr:$unpack, TIRx_TmemPtr:$taddr, TIRx_RegVector:$vals,
      OptionalAttr<I64Attr>:$offset);
  let assemblyFormat = [{
    $shape `num` `=` $num (`unpack` $unpack^)? $taddr `,` $vals
    (`offset` `=` $offset^)? attr-dict `:` qualified(type($taddr)) `,` qualified(type($vals))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTcgen05CpOp : TIRx_PTXOp<"tcgen05.cp", PTX_SM100f,
    ["tcgen05.cp.cta_group::{1,2}.{128x256b,4x256b,128x128b}{.b8x16.b6x16_p32,.b8x16.b4x16_p64}",
     "tcgen05.cp.cta_group::{1,2}.64x128b.warpx2::{02_13,01_23}{.b8x16.b6x16_p32,.b8x16.b4x16_p64}",
     "tcgen05.cp.cta_group::{1,2}.32x128b.warpx4{.b8x16.b6x16_p32,.b8x16.b4x16_p64}"]> {
  let summary = "Copy a shared-memory matrix into tensor memory";
  let ptxDoc = [{
Copies the matrix described by the shared-memory descriptor `sdesc` to
tensor memory at `taddr`. `shape_64x128b` needs a `warpx2` multicast,
`shape_32x128b` needs `warpx4`, the other shapes take none; `b6x16_p32`
and `b4x16_p64` decompress 6- and 4-bit data to 8 bits.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.cp shape_64x128b warpx2_02_13 cta_1 %t, %sdesc : !tirx.ptr<f32, tmem>
  }];
  let arguments = (ins TIRx_PTXTcgen05CpShape:$shape,
      OptionalAttr<TIRx_PTXTcgen05CpMulticast>:$multicast,
      OptionalAttr<TIRx_PTXTcgen05CpSrcFmt>:$src_fmt,
      OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, TIRx_TmemPtr:$taddr,
      I64:$sdesc);
  let assemblyFormat = [{
    $shape ($multicast^)? ($src_fmt^)? ($cta_group^)? $taddr `,` $sdesc
    attr-dict `:` qualified(type($taddr))
  }];
  let hasVerifier = 1;
}

def TIRx_PTXTcgen05ShiftOp : TIRx_PTXOp<"tcgen05.shift", PTX_SM100f,
    ["tcgen05.shift.cta_group::{1,2}.down"]> {
  let summary = "Shift tensor-memory rows down by one";
  let ptxDoc = "Shifts the 32-byte rows of the matrix at `taddr` down by one row.";
  let ptxExample = "tirx.ptx.tcgen05.shift %t : !tirx.ptr<f32, tmem>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, TIRx_TmemPtr:$taddr);
  let assemblyFormat = "($cta_group^)? $taddr attr-dict `:` qualified(type($taddr))";
}

def TIRx_PTXTcgen05CommitOp : TIRx_PTXOp<"tcgen05.commit", PTX_SM100f,
    ["tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one.shared::cluster.b64",
     "tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64"]> {
  let summary = "Arrive on an mbarrier when prior tcgen05 ops complete";
  let ptxDoc = [{
Makes the mbarrier `bar` track completion of the thread's prior async
tcgen05 ops; with `multicast`, on the same barrier in every CTA of the
16-bit mask.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.commit cta_2 %bar multicast %mask : !tirx.ptr<i64, shared>
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
      TIRx_MBarAny:$bar, Optional<I16>:$multicast_mask);
  let assemblyFormat = "($cta_group^)? $bar (`multicast` $multicast_mask^)? attr-dict `:` qualified(type($bar))";
}

def TIRx_PTXTcgen05FenceOp : TIRx_PTXOp<"tcgen05.fence", PTX_SM100f,
    ["tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync"]> {
  let summary = "Order tcgen05 ops around thread synchronization";
  let ptxDoc = "Orders async tcgen05 ops before or after a following/preceding thread barrier.";
  let ptxExample = "tirx.ptx.tcgen05.fence after_thread_sync";
  let arguments = (ins TIRx_PTXTcgen05FenceKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

def TIRx_PTXTcgen05WaitOp : TIRx_PTXOp<"tcgen05.wait", PTX_SM100f,
    ["tcgen05.wait::ld.sync.aligned", "tcgen05.wait::st.sync.aligned"]> {
  let summary = "Wait for the thread's prior tcgen05.ld or tcgen05.st";
  let ptxDoc = "Waits until the thread's prior `tcgen05.ld` (`ld`) or `tcgen05.st` (`st`) complete.";
  let ptxExample = "tirx.ptx.tcgen05.wait ld";
  let arguments = (ins TIRx_PTXTcgen05WaitKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

//===----------------------------------------------------------------------===//
// Launch and register control
//===----------------------------------------------------------------------===//

def TIRx_PTXSetMaxNRegOp : TIRx_PTXOp<"setmaxnreg", PTX_SM90aFam,
    ["setmaxnreg.inc.sync.aligned.u32 N", "setmaxnreg.dec.sync.aligned.u32 N"]> {
  let summary = "Change the warpgroup's per-thread register budget";
  let ptxDoc = [{
Raises (`inc`) or lowers (`dec`) the register count of every thread of
the warpgroup to `count`, a multiple of 8 in [24, 256].

  }];
  let ptxExample = "tirx.ptx.setmaxnreg inc 232";
  let arguments = (ins TIRx_PTXRegAction:$action, I32Attr:$count);
  let assemblyFormat = "$action $count attr-dict";
  let hasVerifier = 1;
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
}

def TIRx_PTXNanosleepOp : TIRx_PTXOp<"nanosleep", PTX_SM70, ["nanosleep.u32"]> {
  let summary = "Suspend the thread for about a number of nanoseconds";
  let ptxDoc = "Suspends the thread for up to `ns` nanoseconds (at most 1 ms).";
  let ptxExample = "tirx.ptx.nanosleep %ns";
  let arguments = (ins I32:$ns);
  let assemblyFormat = "$ns attr-dict";
}

//===----------------------------------------------------------------------===//
// Special registers: one op per register, generated from the table below.
//===----------------------------------------------------------------------===//

class TIRx_SReg<string n, string d, Type t, TIRx_PTXReq r> {
  string name = n;
  string doc = d;
  Type type = t;
  TIRx_PTXReq req = r;
}

foreach sreg = [
    TIRx_SReg<"clock", "32-bit cycle counter", I32, PTX_SM70>,
    TIRx_SReg<"clock64", "64-bit cycle counter", I64, PTX_SM70>,
    TIRx_SReg<"globaltimer", "64-bit nanosecond global timer", I64, PTX_SM70>,
    TIRx_SReg<"globaltimer_lo", "low 32 bits of the global timer", I32, PTX_SM70>,
    TIRx_SReg<"globaltimer_hi", "high 32 bits of the global timer", I32, PTX_SM70>,
    TIRx_SReg<"smid", "SM identifier", I32, PTX_SM70>,
    TIRx_SReg<"nsmid", "number of SM identifiers", I32, PTX_SM70>,
    TIRx_SReg<"warpid", "warp identifier within the SM", I32, PTX_SM70>,
    TIRx_SReg<"nwarpid", "number of warp identifiers", I32, PTX_SM70>,
    TIRx_SReg<"laneid", "lane within the warp", I32, PTX_SM70>,
    TIRx_SReg<"gridid", "grid identifier", I64, PTX_SM70>,
    TIRx_SReg<"lanemask_eq", "mask of this lane", I32, PTX_SM70>,
    TIRx_SReg<"lanemask_le", "mask of lanes up to this one", I32, PTX_SM70>,
    TIRx_SReg<"lanemask_lt", "mask of lanes below this one", I32, PTX_SM70>,
    TIRx_SReg<"lanemask_ge", "mask of lanes from this one", I32, PTX_SM70>,
    TIRx_SReg<"lanemask_gt", "mask of lanes above this one", I32, PTX_SM70>,
    TIRx_SReg<"dynamic_smem_size", "dynamic shared memory of the CTA in bytes", I32, PTX_SM70>,
    TIRx_SReg<"total_smem_size", "total shared memory of the CTA in bytes", I32, PTX_SM70>,
    TIRx_SReg<"cluster_ctarank", "rank of the CTA in its cluster", I32, PTX_SM90>,
    TIRx_SReg<"cluster_nctarank", "number of CTAs in the cluster", I32, PTX_SM90>,
    TIRx_SReg<"is_explicit_cluster", "whether the launch set a cluster shape", I1, PTX_SM90>
  ] in {
  def TIRx_PTXSReg_ # sreg.name # _Op : TIRx_PTXOp<"sreg." # sreg.name, sreg.req,
      ["mov.u32/u64 r, %" # !subst("_ctarank", ".ctarank",
                             !subst("_nctarank", ".nctarank", sreg.name))]> {
    let summary = "Read %" # sreg.name # " (" # sreg.doc # ")";
    let ptxDoc = "Reads the special register %" # sreg.name # ", the " # sreg.doc # ".";
    let ptxExample = "%r = tirx.ptx.sreg." # sreg.name;
    let results = (outs sreg.type:$result);
    let assemblyFormat = "attr-dict";
  }
}

#endif // TIRX_DIALECT_TIRXPTXOPS_TD
