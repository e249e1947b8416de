//===- TIRxPTXCopyOps.td - PTX asynchronous copy ops -------*- tablegen -*-===//
//
// cp.async (LDGSTS), cp.async.bulk, cp.async.bulk.tensor (TMA), prefetches.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXCOPYOPS_TD
#define TIRX_DIALECT_TIRXPTXCOPYOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

//===----------------------------------------------------------------------===//
// cp.async (LDGSTS)
//===----------------------------------------------------------------------===//

def TIRx_PTXCpAsyncOp : TIRx_PTXOp<"cp.async", PTX_SM80,
    ["cp.async.ca.shared::cta.global{.L2::cache_hint}{.L2::{64B,128B,256B}} [d], [s], {4,8,16}{, src_size}",
     "cp.async.cg.shared::cta.global{.L2::cache_hint}{.L2::{64B,128B,256B}} [d], [s], 16{, src_size}"],
    [AttrSizedOperandSegments]> {
  let summary = "Asynchronous global-to-shared copy of 4, 8 or 16 bytes";
  let ptxDoc = [{
Copies `size` bytes from `src` (global) to `dst` (shared). `ca` caches
in L1 and L2, `cg` only in L2 and copies exactly 16 bytes. `src_size`
reads fewer bytes and zero-fills the rest (PTX's `ignore-src` predicate is
`src_size` 0); `cache_hint` is an L2 cache policy; `prefetch` lets the L2
fetch a 64-, 128- or 256-byte block around the source (a hint: the copy
is the same).

  }];
  let ptxExample = [{
tirx.ptx.cp.async cg %dst, %src, 16 src_size %n : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
tirx.ptx.cp.async ca %dst, %src, 8 prefetch L2_128B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  }];
  let arguments = (ins TIRx_PTXCpAsyncCache:$cache, TIRx_SharedPtr:$dst,
      TIRx_GlobalPtr:$src, ConfinedAttr<I32Attr, [IntIsOneOf<[4, 8, 16]>]>:$size,
      Optional<I32>:$src_size, Optional<I64>:$cache_hint,
      OptionalAttr<TIRx_PTXPrefetchSize>:$prefetch);
  let assemblyFormat = "$cache $dst `,` $src `,` $size (`src_size` $src_size^)? (`cache_hint` $cache_hint^)? (`prefetch` $prefetch^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($src))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in dst", "in src", "imm size", "in src_size",
                     "in cache_hint"];
  let ptxTypes = ["dst : !tirx.ptr<i8, shared>", "src : !tirx.ptr<i8, global>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async{cache}.shared::cta.global{cache_hint}{prefetch}",
      ["cache", "size: 4 | 8 | 16", "cache_hint(.L2::cache_hint): - | +@PTX_SM80_PTX74",
       "prefetch: - | L2_64B@PTX_SM80_PTX74 | L2_128B@PTX_SM80_PTX74 | L2_256B@PTX_SM80_PTX74",
       "src_size: - | +"], [], "cache == 'ca' or size == 16">];
  let ptxSpellings = [".shared::cta=.shared"];
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
  let ptxOperands = ["imm n"];
  let ptxVariants = [TIRx_PTXForm<"cp.async.wait_group", ["n: 0 | 1 | 7"]>];
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
the transaction on `bar`, in the executing CTA's shared memory. A
`shared.cluster` destination may be multicast to the CTAs in the 16-bit
`multicast` mask. `cta_only` writes the `.shared::cta` destination form
(PTX ISA 8.6): the destination is a `shared` pointer of the executing CTA,
with no multicast; the `.shared::cluster` form addresses the same bytes
through the cluster window.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.g2s %dst, %src, %bar, %bytes multicast %mask : !tirx.ptr<f16, shared.cluster>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
tirx.ptx.cp.async.bulk.g2s %dst, %src, %bar, %bytes cta_only : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
  }];
  let arguments = (ins TIRx_SharedOrClusterPtr:$dst, TIRx_GlobalPtr:$src,
      TIRx_MBar:$bar, I32:$size, Optional<I16>:$multicast_mask,
      Optional<I64>:$cache_hint, UnitAttr:$cta_only);
  let assemblyFormat = "$dst `,` $src `,` $bar `,` $size (`multicast` $multicast_mask^)? (`cache_hint` $cache_hint^)? (`cta_only` $cta_only^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($bar))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in dst", "in src", "in size", "in bar",
                     "in multicast_mask", "in cache_hint"];
  let ptxTypes = ["src : !tirx.ptr<i8, global>", "bar : !tirx.ptr<i64, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk{cta_only}.global.mbarrier::complete_tx::bytes{multicast_mask}{cache_hint}",
      ["cta_only: -=.shared::cluster | +=.shared::cta@PTX_SM90_PTX86",
       "D: shared | shared.cluster", "multicast_mask(.multicast::cluster): - | +",
       "cache_hint(.L2::cache_hint): - | +"],
      ["dst : !tirx.ptr<i8, {D}>"],
      "not cta_only or (D == 'shared' and not multicast_mask)">];
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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in dst", "in src", "in size", "in cache_hint",
                     "in byte_mask"];
  let ptxTypes = ["dst : !tirx.ptr<i8, global>", "src : !tirx.ptr<i8, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk.global.shared::cta.bulk_group{cache_hint}{byte_mask}",
      ["cache_hint(.L2::cache_hint): - | +", "byte_mask(.cp_mask): - | +@PTX_SM100"]>];
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
  let ptxOperands = ["in dst", "in src", "in size", "in bar"];
  let ptxTypes = ["dst : !tirx.ptr<i8, shared.cluster>",
                  "src : !tirx.ptr<i8, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes",
      ["B: shared | shared.cluster"], ["bar : !tirx.ptr<i64, {B}>"]>];
}

//===----------------------------------------------------------------------===//
// cp.reduce.async.bulk (non-tensor): a bulk copy that combines into its
// destination
//===----------------------------------------------------------------------===//

// The ISA's op x type grid of each destination (PTX ISA, cp.reduce.async.bulk).
defvar TIRx_CpRedBulkGlobalTypes = "(type in dict(add=('u32', 's32', 'u64', 'f32', 'f64', 'f16', 'bf16'), min=('u32', 's32', 'u64', 's64', 'f16', 'bf16'), max=('u32', 's32', 'u64', 's64', 'f16', 'bf16'), inc=('u32',), dec=('u32',), and_=('b32', 'b64'), or_=('b32', 'b64'), xor=('b32', 'b64'))[op + '_' * (op in ('and', 'or'))])";
defvar TIRx_CpRedBulkClusterTypes = "(type in dict(add=('u32', 's32', 'u64'), min=('u32', 's32'), max=('u32', 's32'), inc=('u32',), dec=('u32',), and_=('b32',), or_=('b32',), xor=('b32',))[op + '_' * (op in ('and', 'or'))])";

def TIRx_PTXCpReduceAsyncBulkS2GOp : TIRx_PTXTableOp<"cp.reduce.async.bulk.s2g",
    PTX_SM90_PTX80,
    ["cp.reduce.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}.{add,min,max,inc,dec,and,or,xor}{.noftz}.{f16,bf16,b32,u32,s32,b64,u64,s64,f32,f64}"]> {
  let summary = "Bulk reduction of shared memory into global memory";
  let ptxDoc = [{
Combines the `size` bytes at `src` (the executing CTA's shared memory),
element by element as `type`, into the bytes at `dst` with `op`, and
completes in the thread's bulk group (`cp.async.bulk.commit_group` /
`wait_group`). `size` and both addresses are multiples of 16. Each
element's reduction is atomic (relaxed at `.gpu` scope); `add` on `f16` and
`bf16` is the `.noftz` line (subnormals kept), `add` on `f32` flushes
subnormal inputs and results to zero, `min`/`max` on halves ignore a NaN
operand. The ops and types per op are the ISA's grid: `add` u32, s32, u64,
f32, f64, f16, bf16; `min`/`max` u32, s32, u64, s64, f16, bf16; `inc`/`dec`
u32; `and`/`or`/`xor` b32, b64.
  }];
  let ptxExample = [{
tirx.ptx.cp.reduce.async.bulk.s2g add f32 %dst, %src, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  }];
  let arguments = (ins TIRx_PTXTMARedKind:$op, TIRx_PTXValType:$type,
      TIRx_GlobalPtr:$dst, TIRx_SharedPtr:$src, I32:$size,
      Optional<I64>:$cache_hint);
  let assemblyFormat = [{
    $op $type $dst `,` $src `,` $size (`cache_hint` $cache_hint^)? attr-dict
    `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let ptxOperands = ["in dst", "in src", "in size", "in cache_hint"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.reduce.async.bulk.global.shared::cta.bulk_group{cache_hint}{op}{'.noftz' if op == 'add' and type in ('f16', 'bf16') else ''}{type}",
      ["op", "type: f16 | bf16 | b32 | u32 | s32 | b64 | u64 | s64 | f32 | f64",
       "S: shared | shared.dyn", "cache_hint(.L2::cache_hint): - | +"],
      ["dst : !tirx.ptr<{elt(type)}, global>", "src : !tirx.ptr<{elt(type)}, {S}>"],
      TIRx_CpRedBulkGlobalTypes>];
}

def TIRx_PTXCpReduceAsyncBulkS2SOp : TIRx_PTXTableOp<"cp.reduce.async.bulk.s2s",
    PTX_SM90_PTX80,
    ["cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.{add,min,max,inc,dec,and,or,xor}.{b32,u32,s32,u64}"]> {
  let summary = "Bulk reduction of this CTA's shared memory into another CTA's";
  let ptxDoc = [{
Combines the `size` bytes at `src` (the executing CTA's shared memory),
element by element as `type`, into `dst` in the shared memory of a CTA of
the cluster with `op`, and completes the transaction on that CTA's `bar`
(`size` bytes). `size` and both addresses are multiples of 16. The ops and
types per op are the ISA's grid: `add` u32, s32, u64; `min`/`max` u32, s32;
`inc`/`dec` u32; `and`/`or`/`xor` b32.
  }];
  let ptxExample = [{
tirx.ptx.cp.reduce.async.bulk.s2s add u32 %dst, %src, %bar, %bytes : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
  }];
  let arguments = (ins TIRx_PTXTMARedKind:$op, TIRx_PTXValType:$type,
      TIRx_ClusterPtr:$dst, TIRx_SharedPtr:$src, TIRx_MBarAny:$bar,
      I32:$size);
  let assemblyFormat = [{
    $op $type $dst `,` $src `,` $bar `,` $size attr-dict `:`
    qualified(type($dst)) `,` qualified(type($src)) `,` qualified(type($bar))
  }];
  let ptxOperands = ["in dst", "in src", "in size", "in bar"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes{op}{type}",
      ["op", "type: b32 | u32 | s32 | u64", "S: shared | shared.dyn",
       "B: shared | shared.cluster"],
      ["dst : !tirx.ptr<{elt(type)}, shared.cluster>",
       "src : !tirx.ptr<{elt(type)}, {S}>", "bar : !tirx.ptr<i64, {B}>"],
      TIRx_CpRedBulkClusterTypes>];
}

def TIRx_PTXCpAsyncBulkPrefetchOp : TIRx_PTXOp<"cp.async.bulk.prefetch",
    PTX_SM90_PTX80, ["cp.async.bulk.prefetch.L2.global{.L2::cache_hint}"]> {
  let summary = "Bulk prefetch from global memory into L2";
  let ptxDoc = "Prefetches `size` bytes at `src` into the L2 cache.";
  let ptxExample = "tirx.ptx.cp.async.bulk.prefetch %src, %bytes : !tirx.ptr<f16, global>";
  let arguments = (ins TIRx_GlobalPtr:$src, I32:$size, Optional<I64>:$cache_hint);
  let assemblyFormat = "$src `,` $size (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($src))";
  let ptxOperands = ["in src", "in size", "in cache_hint"];
  let ptxTypes = ["src : !tirx.ptr<i8, global>"];
  let ptxVariants = [TIRx_PTXForm<"cp.async.bulk.prefetch.L2.global{cache_hint}",
      ["cache_hint(.L2::cache_hint): - | +"]>];
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
  let ptxOperands = ["imm n"];
  let ptxVariants = [TIRx_PTXForm<"cp.async.bulk.wait_group{read}",
      ["read(.read): - | +", "n: 0 | 1 | 7"]>];
}

//===----------------------------------------------------------------------===//
// cp.async.bulk.tensor (TMA)
//===----------------------------------------------------------------------===//

def TIRx_TensorRank : ConfinedAttr<I32Attr, [IntMinValue<1>, IntMaxValue<5>]>;

// The dims every TMA op shares: rank and addressing mode (im2col needs a
// rank of 3 to 5; gather4/scatter4 rank 2 and the sm_100a family).
defvar TIRx_TMAShapeWhere =
    "(mode != 'im2col' or rank >= 3) and (mode[:5] != 'tile.' or rank == 2)";
defvar TIRx_TMACoords =
    "coords : {rank + 3 if mode[:5] == 'tile.' else rank} x i32";

def TIRx_PTXTMALoadOp : TIRx_PTXOp<"cp.async.bulk.tensor.load", PTX_SM90_PTX80,
    ["cp.async.bulk.tensor.{1..5}d.shared::{cluster,cta}.global.tile.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}",
     "cp.async.bulk.tensor.{3..5}d.shared::{cluster,cta}.global.im2col.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}",
     "cp.async.bulk.tensor.2d.shared::{cluster,cta}.global.tile::gather4.mbarrier::complete_tx::bytes{.multicast::cluster}{.cta_group::{1,2}}{.L2::cache_hint}"],
    [AttrSizedOperandSegments]> {
  let summary = "TMA load of a tensor tile from global to shared memory";
  let ptxDoc = [{
Loads the box of the rank-`rank` tensor described by `tmap` at
`coords` into `dst` and completes the transaction on `bar`. `im2col`
takes `rank - 2` 16-bit offsets; `tile.gather4` (rank 2, sm_100a family)
takes a column and four row coordinates. `multicast` (a 16-bit CTA mask)
needs a `shared.cluster` destination; `cta_1`/`cta_2` (sm_100a family)
select the CTA group of a pair-UMMA, and with `cta_2` the barrier may be
the peer CTA's (a `shared.cluster` pointer, the 2-SM pattern);
`cache_hint` is an L2 policy. `cta_only` writes the `.shared::cta`
destination form (PTX ISA 8.6): the destination and the barrier are the
executing CTA's (`shared` pointers), with no multicast.

  }];
  let ptxExample = [{
tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %tmap[%x, %y], %bar multicast %mask : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %tmap[%x, %y], %peer_bar cta_2 : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared.cluster>
tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %dst, %tmap[%x], %bar cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  }];
  let arguments = (ins TIRx_PTXTMALoadMode:$mode, TIRx_TensorRank:$rank,
      TIRx_SharedOrClusterPtr:$dst, TIRx_TensorMapRef:$tmap,
      Variadic<I32>:$coords, Variadic<I16>:$im2col_offsets, TIRx_MBarAny:$bar,
      Optional<I16>:$multicast_mask, Optional<I64>:$cache_hint,
      OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, UnitAttr:$cta_only);
  let assemblyFormat = [{
    $mode `rank` $rank $dst `,` $tmap `[` $coords `]`
    (`im2col` `[` $im2col_offsets^ `]`)? `,` $bar
    (`multicast` $multicast_mask^)? (`cache_hint` $cache_hint^)?
    ($cta_group^)? (`cta_only` $cta_only^)? attr-dict `:` qualified(type($dst)) `,` qualified(type($tmap)) `,` qualified(type($bar))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in dst", "in tmap", "in coords", "in bar",
                     "in im2col_offsets", "in multicast_mask", "in cache_hint"];
  let ptxTypes = ["tmap : !tirx.tensormap"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk.tensor.{rank}d{cta_only}.global{mode}.mbarrier::complete_tx::bytes{multicast_mask}{cta_group}{cache_hint}",
      ["rank: 1 | 2 | 3 | 4 | 5",
       "mode: tile | im2col | tile.gather4@PTX_SM100f",
       "cta_only: -=.shared::cluster | +=.shared::cta@PTX_SM90_PTX86",
       "D: shared | shared.cluster", "B: shared | shared.cluster",
       "multicast_mask(.multicast::cluster): - | +",
       "cta_group: - | cta_1@PTX_SM100f | cta_2@PTX_SM100f",
       "cache_hint(.L2::cache_hint): - | +"],
      ["dst : !tirx.ptr<f16, {D}>", "bar : !tirx.ptr<i64, {B}>",
       TIRx_TMACoords,
       "im2col_offsets : {rank - 2 if mode == 'im2col' else 0} x i16"],
      TIRx_TMAShapeWhere
      # " and (B == 'shared' or cta_group == 'cta_2')"
      # " and (not cta_only or (D == 'shared' and B == 'shared'"
      # " and not multicast_mask))">];
  // `.tile` is the default load mode; LLVM writes the cache hint before the
  // CTA group (ptxas takes either order).
  let ptxSpellings = [
    ".global.tile.mbarrier::complete_tx::bytes=.global.mbarrier::complete_tx::bytes",
    ".cta_group::1.L2::cache_hint=.L2::cache_hint.cta_group::1",
    ".cta_group::2.L2::cache_hint=.L2::cache_hint.cta_group::2"];
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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in tmap", "in coords", "in src", "in cache_hint"];
  let ptxTypes = ["tmap : !tirx.tensormap", "src : !tirx.ptr<f16, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk.tensor.{rank}d.global.shared::cta{mode}.bulk_group{cache_hint}",
      ["rank: 1 | 2 | 3 | 4 | 5",
       "mode: tile | im2col | tile.scatter4@PTX_SM100f",
       "cache_hint(.L2::cache_hint): - | +"],
      [TIRx_TMACoords], TIRx_TMAShapeWhere>];
  let ptxSpellings = [".shared::cta.tile.bulk_group=.shared::cta.bulk_group"];
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
  let ptxOperands = ["in tmap", "in coords", "in src", "in cache_hint"];
  let ptxTypes = ["tmap : !tirx.tensormap", "src : !tirx.ptr<f32, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.reduce.async.bulk.tensor.{rank}d.global.shared::cta{kind}{mode}.bulk_group{cache_hint}",
      ["rank: 1 | 2 | 3 | 4 | 5", "kind", "mode: tile | im2col",
       "cache_hint(.L2::cache_hint): - | +"],
      [TIRx_TMACoords], TIRx_TMAShapeWhere>];
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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in tmap", "in coords", "in im2col_offsets",
                     "in cache_hint"];
  let ptxTypes = ["tmap : !tirx.tensormap"];
  let ptxVariants = [TIRx_PTXForm<
      "cp.async.bulk.prefetch.tensor.{rank}d.L2.global{mode}{cache_hint}",
      ["rank: 1 | 2 | 3 | 4 | 5",
       "mode: tile | im2col | tile.gather4@PTX_SM100f",
       "cache_hint(.L2::cache_hint): - | +"],
      [TIRx_TMACoords,
       "im2col_offsets : {rank - 2 if mode == 'im2col' else 0} x i16"],
      TIRx_TMAShapeWhere>];
}

def TIRx_PTXPrefetchTensormapOp : TIRx_PTXOp<"prefetch.tensormap", PTX_SM90_PTX80,
    ["prefetch.tensormap"]> {
  let summary = "Prefetch a TMA descriptor";
  let ptxDoc = "Brings the tensor descriptor `tmap` into the cache ahead of TMA use.";
  let ptxExample = "tirx.ptx.prefetch.tensormap %tmap : !tirx.tensormap";
  let arguments = (ins TIRx_TensorMapRef:$tmap);
  let assemblyFormat = "$tmap attr-dict `:` qualified(type($tmap))";
  let ptxOperands = ["in tmap"];
  let ptxVariants = [TIRx_PTXForm<"prefetch.tensormap", ["A: desc | gptr"],
      ["tmap : {'!tirx.tensormap' if A == 'desc' else '!tirx.ptr<!tirx.tensormap, global>'}"]>];
}

def TIRx_PTXPrefetchOp : TIRx_PTXTableOp<"prefetch", PTX_SM70,
    ["prefetch{.global,.local}.{L1,L2}",
     "prefetch.global.L2::{evict_last,evict_normal}"]> {
  let summary = "Prefetch a line into L1 or L2";
  let ptxDoc = [{
Prefetches the cache line holding `ptr` into `L1` or `L2`. A global
pointer may instead give the line an L2 eviction priority as it is brought
in (`L2_evict_last`, `L2_evict_normal`; sm_80, PTX 7.4). A hint: it reads
and writes nothing.
  }];
  let ptxExample = [{
tirx.ptx.prefetch L2 %p : !tirx.ptr<f32, global>
tirx.ptx.prefetch L2_evict_last %p : !tirx.ptr<f32, global>
  }];
  let arguments = (ins TIRx_PTXCacheLevel:$level, TIRx_PrefetchPtr:$ptr);
  let assemblyFormat = "$level $ptr attr-dict `:` qualified(type($ptr))";
  let ptxOperands = ["in ptr"];
  let ptxVariants = [TIRx_PTXForm<"prefetch{S}{level}",
      ["S: generic= | global=.global | local=.local",
       "level: L1 | L2 | L2_evict_last@PTX_SM80_PTX74 | L2_evict_normal@PTX_SM80_PTX74"],
      ["ptr : !tirx.ptr<f32, {S}>"],
      "S == 'global' or level in ('L1', 'L2')">];
}

def TIRx_TensorMapImagePtr : TIRx_PtrIn<["Global", "Shared", "SharedDyn", "Generic"],
    "pointer in global, shared, shared.dyn or generic memory">;

def TIRx_PTXTensorMapReplaceOp : TIRx_PTXTableOp<"tensormap.replace",
    PTX_SM90aFam_PTX83,
    ["tensormap.replace.tile.{global_address,global_stride}{.global,.shared::cta}.b1024.b64",
     "tensormap.replace.tile.{rank,box_dim,global_dim,element_stride}{.global,.shared::cta}.b1024.b32"]> {
  let summary = "Write a field of a tensormap in memory from a register";
  let ptxDoc = [{
Writes `value` into `field` of the 128-byte tensormap at `addr` (global
memory, the executing CTA's shared memory, or a generic address of
either): the global address and strides are 64-bit, the rank and the
dimensions 32-bit. The per-dimension fields (`box_dim`, `global_dim`,
`global_stride`, `element_stride`) take the dimension `ord` (0 ... 4).
Order the write with its TMA uses through `fence.proxy.tensormap`.
  }];
  let ptxExample = "tirx.ptx.tensormap.replace box_dim ord 1 %map, %n : !tirx.ptr<i8, shared>, i32";
  let arguments = (ins TIRx_PTXTensorMapValueField:$field,
      OptionalAttr<ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<4>]>>:$ord,
      TIRx_TensorMapImagePtr:$addr, AnyTypeOf<[I32, I64]>:$value);
  let assemblyFormat = [{
    $field (`ord` $ord^)? $addr `,` $value attr-dict `:` qualified(type($addr)) `,` type($value)
  }];
  let ptxOperands = ["in addr", "imm ord", "in value"];
  let ptxVariants = [TIRx_PTXForm<
      "tensormap.replace.tile{field}{'' if S == 'generic' else '.global' if S == 'global' else '.shared::cta'}.b1024.b{64 if field in ('global_address', 'global_stride') else 32}",
      ["field", "ord: - | 0 | 4", "S: global | shared | shared.dyn | generic"],
      ["value : i{64 if field in ('global_address', 'global_stride') else 32}",
       "addr : !tirx.ptr<i8, {S}>"],
      "(ord is None) == (field in ('global_address', 'rank'))">];
}

def TIRx_PTXTensorMapCpFenceProxyOp : TIRx_PTXTableOp<"tensormap.cp_fenceproxy",
    PTX_SM90_PTX83,
    ["tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.{cta,cluster,gpu,sys}.sync.aligned"]> {
  let summary = "Copy a tensormap from shared to global memory and fence the tensormap proxy";
  let ptxDoc = [{
Copies the 128-byte tensormap at `src` (the executing CTA's shared memory,
where `tensormap.replace` edited it) to `dst` in global memory and makes
the copy visible to the tensormap proxy with a release fence at `scope`
(a `fence.proxy.tensormap::generic.release` of the copied bytes); a TMA
that uses the global tensormap acquires it with
`fence.proxy.tensormap::generic.acquire`. Every thread of the warp
executes it together (`.sync.aligned`). `dst` and `src` are 128-byte
aligned. The simulator does not model tensormaps held in memory.
  }];
  let ptxExample = [{
tirx.ptx.tensormap.cp_fenceproxy gpu %gmap, %smap : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
  }];
  let arguments = (ins TIRx_PTXMemScope:$scope, TIRx_GlobalPtr:$dst,
      TIRx_SharedPtr:$src);
  let assemblyFormat = [{
    $scope $dst `,` $src attr-dict `:` qualified(type($dst)) `,` qualified(type($src))
  }];
  let ptxOperands = ["in dst", "in src", "lit 128"];
  let ptxVariants = [TIRx_PTXForm<
      "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release{scope}.sync.aligned",
      ["scope", "S: shared | shared.dyn"],
      ["dst : !tirx.ptr<i8, global>", "src : !tirx.ptr<i8, {S}>"]>];
}

def TIRx_PTXTensorMapReplaceLayoutOp : TIRx_PTXTableOp<"tensormap.replace.layout",
    PTX_SM90aFam_PTX83,
    ["tensormap.replace.tile.{elemtype,interleave_layout,swizzle_mode,fill_mode}{.global,.shared::cta}.b1024.b32"]> {
  let summary = "Write a layout field of a tensormap in memory";
  let ptxDoc = [{
Writes the encoding `value` (an immediate: the `CUtensorMap` enumerator
of the element type, interleave, swizzle or out-of-bounds fill) into
`field` of the 128-byte tensormap at `addr`.
  }];
  let ptxExample = "tirx.ptx.tensormap.replace.layout swizzle_mode 3 %map : !tirx.ptr<i8, global>";
  let arguments = (ins TIRx_PTXTensorMapLayoutField:$field,
      ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<15>]>:$value,
      TIRx_TensorMapImagePtr:$addr);
  let assemblyFormat = "$field $value $addr attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["in addr", "imm value"];
  let ptxVariants = [TIRx_PTXForm<
      "tensormap.replace.tile{field}{'' if S == 'generic' else '.global' if S == 'global' else '.shared::cta'}.b1024.b32",
      ["field", "value: 0 | 1", "S: global | shared | shared.dyn | generic"],
      ["addr : !tirx.ptr<i8, {S}>"]>];
}

#endif // TIRX_DIALECT_TIRXPTXCOPYOPS_TD
