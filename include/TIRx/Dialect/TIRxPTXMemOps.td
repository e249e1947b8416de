//===- TIRxPTXMemOps.td - PTX memory instructions ----------*- tablegen -*-===//
//
// ld, st, atom, red, red.async and st.async: the PTX memory instructions
// with their full modifier sets. Each lowers to exactly the instruction it
// names (inline PTX), so the modifiers mean what the PTX ISA says.
//
// The pointer and the state space. `space` names the state space of the
// instruction (absent: generic addressing). The pointer must be in that
// space or convertible to it: a `generic` pointer goes with any space, a
// `shared`/`shared.dyn` pointer with `shared.cta` (the executing CTA's
// memory), `shared.cluster` (any CTA of the cluster) or generic
// addressing, a `shared.cluster` pointer with `shared.cluster` or generic
// addressing, and `global`/`local` pointers with their own space or
// generic addressing.
//
// Value types. `type` is how PTX reads the bits: the value (or each
// element of a vector value, for the `.v2`/`.v4`/`.v8` forms) is an integer
// or float of that width (`i128` for `.b128`; `vector<2xf16>`/
// `vector<2xbf16>` for one `.f16x2`/`.bf16x2` register).
//
// Expression helpers the tables below use (defined by the table engine,
// python/tirx/ptxtable.py): `elt(type)` the MLIR scalar type of a PTX type
// (f16 for f16x2), `vt(V, type)` the value type of V registers of it,
// `bits(type)` its width, `lanes(type)` its elements per register,
// `vec_ok(V, type)` (up to 128 bits), `vec256(V, type)` (the 256-bit
// forms) and `ptrscope(space)` the pointer scope of a state space.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXMEMOPS_TD
#define TIRX_DIALECT_TIRXPTXMEMOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

defvar TIRx_LdStTypes = "type: b8 | b16 | b32 | b64 | b128@PTX_SM70_PTX83"
    # " | u8 | u16 | u32 | u64 | s8 | s16 | s32 | s64 | f32 | f64";
defvar TIRx_Types256 = "type: b32 | b64 | u32 | u64 | s32 | s64 | f32 | f64";
defvar TIRx_VecDim = "V: 1= | 2=.v2 | 4=.v4 | 8=.v8";
defvar TIRx_CacheHintDim = "cache_hint(.L2::cache_hint): - | +@PTX_SM80_PTX74";
defvar TIRx_PrefetchDim =
    "prefetch: - | L2_64B@PTX_SM75_PTX74 | L2_128B@PTX_SM75_PTX74 | L2_256B@PTX_SM80_PTX74";
defvar TIRx_L1EvictDim = "l1_evict: evict_normal@PTX_SM70_PTX74"
    # " | evict_unchanged@PTX_SM70_PTX74 | evict_first@PTX_SM70_PTX74"
    # " | evict_last@PTX_SM70_PTX74 | no_allocate@PTX_SM70_PTX74";
defvar TIRx_L1EvictOptDim = "l1_evict: - | evict_normal@PTX_SM70_PTX74"
    # " | evict_unchanged@PTX_SM70_PTX74 | evict_first@PTX_SM70_PTX74"
    # " | evict_last@PTX_SM70_PTX74 | no_allocate@PTX_SM70_PTX74";
defvar TIRx_L2EvictOptDim = "l2_evict: - | evict_normal | evict_first | evict_last";
defvar TIRx_ScopeDim = "scope: cta | cluster@PTX_SM90 | gpu | sys";
// ptxas: "Feature '.b128 with .sys' requires PTX ISA .version 8.4".
defvar TIRx_B128SysReq = "PTX_ISA84: type == 'b128' and scope == 'sys'";
defvar TIRx_AllSpacesDim =
    "space: - | global | shared.cta | shared.cluster@PTX_SM90 | local";
// ptxas: "Modifier '.volatile' cannot be applied to '.local' space".
defvar TIRx_VolatileSpacesDim =
    "space: - | global | shared.cta | shared.cluster@PTX_SM90";
// The L2 qualifiers (cache hint, prefetch size, eviction priorities) go
// with global memory or generic addressing only.
defvar TIRx_L2Where = "(space in (None, 'global') or (cache_hint is None and"
    # " prefetch is None and l1_evict is None))";
defvar TIRx_LdTypes = ["ptr : !tirx.ptr<{elt(type)}, {ptrscope(space)}>",
                       "res : {vt(V, type)}"];
defvar TIRx_StTypes = ["ptr : !tirx.ptr<{elt(type)}, {ptrscope(space)}>",
                       "value : {vt(V, type)}"];

def TIRx_MemValue : AnyTypeOf<[AnyInteger, AnyFloat,
    VectorOfRankAndType<[1], [AnyInteger, AnyFloat]>]>;

//===----------------------------------------------------------------------===//
// ld / st
//===----------------------------------------------------------------------===//

def TIRx_PTXLdOp : TIRx_PTXOp<"ld", PTX_SM70,
    ["ld{.weak}{.ss}{.cop}{.L2::cache_hint}{.L2::prefetch_size}{.vec}.type",
     "ld{.weak}{.ss}{.L1::evict}{.L2::evict}{.L2::cache_hint}{.L2::prefetch_size}{.vec}.type",
     "ld.volatile{.ss}{.L2::prefetch_size}{.vec}.type",
     "ld.{relaxed,acquire}.scope{.ss}{.L1::evict}{.L2::evict}{.L2::cache_hint}{.L2::prefetch_size}{.vec}.type",
     "ld.global{.cop}.nc{.L1::evict}{.L2::evict}{.L2::cache_hint}{.L2::prefetch_size}{.vec}.type"]> {
  let summary = "Load from memory (PTX ld)";
  let ptxDoc = [{
Loads `res` from `ptr` with PTX's `ld` and all of its modifiers: memory
semantics `sem` (`weak`, `volatile`, `relaxed` or `acquire`; the last two
with a `scope`), state space `space` (absent: generic addressing), cache
operator `cop` (`ca`, `cg`, `cs`, `lu`, `cv`), `nc` (the non-coherent
read-only path, global only), L1 and L2 eviction priorities, an L2
`prefetch` size and an L2 `cache_hint` policy. A vector result is the
`.v2`/`.v4`/`.v8` form: up to 128 bits, or the 256-bit `.v8` (32-bit
types) and `.v4` (64-bit types) on sm_100 (global memory; the only forms
with an L2 eviction priority).

  }];
  let ptxExample = [{
%v = tirx.ptx.ld shared.cta u32 %p : !tirx.ptr<i32, shared> -> vector<4xi32>
%w = tirx.ptx.ld global nc L1 no_allocate L2 evict_normal prefetch L2_256B u64 %q : !tirx.ptr<i64, global> -> vector<4xi64>
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
      OptionalAttr<TIRx_PTXMemScope>:$scope,
      OptionalAttr<TIRx_PTXMemSpace>:$space,
      OptionalAttr<TIRx_PTXCacheOp>:$cop, UnitAttr:$nc,
      OptionalAttr<TIRx_PTXL1Evict>:$l1_evict,
      OptionalAttr<TIRx_PTXL2Evict>:$l2_evict,
      OptionalAttr<TIRx_PTXPrefetchSize>:$prefetch,
      TIRx_PTXValType:$type, TIRx_MemPtr:$ptr, Optional<I64>:$cache_hint);
  let results = (outs TIRx_MemValue:$res);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? ($space^)? ($cop^)? (`nc` $nc^)? (`L1` $l1_evict^)?
    (`L2` $l2_evict^)? (`prefetch` $prefetch^)? $type $ptr
    (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($ptr)) `->`
    type($res)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["out res", "in ptr", "in cache_hint"];
  let ptxVariants = [
    TIRx_PTXForm<"ld{sem}{space}{cop}{cache_hint}{prefetch}{V}{type}",
      ["sem: - | weak", TIRx_AllSpacesDim, "cop: - | ca | cg | cs | lu | cv",
       TIRx_CacheHintDim, TIRx_PrefetchDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_LdTypes,
      "vec_ok(V, type) and (space in (None, 'global') or"
      # " (cache_hint is None and prefetch is None))">,
    TIRx_PTXForm<"ld{sem}{space}{l1_evict}{cache_hint}{prefetch}{V}{type}",
      ["sem: - | weak", "space: - | global", TIRx_L1EvictDim,
       TIRx_CacheHintDim, TIRx_PrefetchDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_LdTypes, "vec_ok(V, type)">,
    TIRx_PTXForm<"ld{sem}{space}{prefetch}{V}{type}",
      ["sem: volatile", TIRx_VolatileSpacesDim, TIRx_PrefetchDim,
       TIRx_VecDim, TIRx_LdStTypes],
      TIRx_LdTypes, "vec_ok(V, type) and (space in (None, 'global') or"
      # " prefetch is None)">,
    TIRx_PTXForm<"ld{sem}{scope}{space}{l1_evict}{cache_hint}{prefetch}{V}{type}",
      ["sem: relaxed | acquire", TIRx_ScopeDim,
       "space: - | global | shared.cta | shared.cluster@PTX_SM90",
       TIRx_L1EvictOptDim, TIRx_CacheHintDim, TIRx_PrefetchDim, TIRx_VecDim,
       TIRx_LdStTypes],
      TIRx_LdTypes, !strconcat("vec_ok(V, type) and ", TIRx_L2Where), [], 0,
      [TIRx_B128SysReq]>,
    TIRx_PTXForm<"ld.global{cop}.nc{l1_evict}{cache_hint}{prefetch}{V}{type}",
      ["space: global", "cop: - | ca | cg | cs", TIRx_L1EvictOptDim,
       TIRx_CacheHintDim, TIRx_PrefetchDim, TIRx_VecDim, TIRx_LdStTypes],
      !listconcat(TIRx_LdTypes, ["nc = unit"]),
      "vec_ok(V, type) and (cop is None or l1_evict is None)">,
    // The 256-bit forms (sm_100, PTX ISA 8.8), the only ones with an L2
    // eviction priority.
    TIRx_PTXForm<"ld{sem}{space}{cop}{l1_evict}{l2_evict}{cache_hint}{prefetch}{V}{type}",
      ["sem: - | weak", "space: - | global", "cop: - | ca | cg | cs | lu | cv",
       TIRx_L1EvictOptDim, TIRx_L2EvictOptDim, TIRx_CacheHintDim,
       TIRx_PrefetchDim, "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_LdTypes, "vec256(V, type) and (cop is None or (l1_evict is None"
      # " and l2_evict is None))", [PTX_SM100_PTX88]>,
    TIRx_PTXForm<"ld{sem}{space}{prefetch}{V}{type}",
      ["sem: volatile", "space: - | global", TIRx_PrefetchDim,
       "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_LdTypes, "vec256(V, type)", [PTX_SM100_PTX88]>,
    TIRx_PTXForm<"ld{sem}{scope}{space}{l1_evict}{l2_evict}{cache_hint}{prefetch}{V}{type}",
      ["sem: relaxed | acquire", TIRx_ScopeDim, "space: - | global",
       TIRx_L1EvictOptDim, TIRx_L2EvictOptDim, TIRx_CacheHintDim,
       TIRx_PrefetchDim, "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_LdTypes, "vec256(V, type)", [PTX_SM100_PTX88]>,
    TIRx_PTXForm<"ld.global{cop}.nc{l1_evict}{l2_evict}{cache_hint}{prefetch}{V}{type}",
      ["space: global", "cop: - | ca | cg | cs", TIRx_L1EvictOptDim,
       TIRx_L2EvictOptDim, TIRx_CacheHintDim, TIRx_PrefetchDim,
       "V: 4=.v4 | 8=.v8", TIRx_Types256],
      !listconcat(TIRx_LdTypes, ["nc = unit"]),
      "vec256(V, type) and (cop is None or (l1_evict is None and"
      # " l2_evict is None))", [PTX_SM100_PTX88]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXStOp : TIRx_PTXOp<"st", PTX_SM70,
    ["st{.weak}{.ss}{.cop}{.L2::cache_hint}{.vec}.type",
     "st{.weak}{.ss}{.L1::evict}{.L2::evict}{.L2::cache_hint}{.vec}.type",
     "st.volatile{.ss}{.vec}.type",
     "st.{relaxed,release}.scope{.ss}{.L1::evict}{.L2::evict}{.L2::cache_hint}{.vec}.type"]> {
  let summary = "Store to memory (PTX st)";
  let ptxDoc = [{
Stores `value` to `ptr` with PTX's `st` and all of its modifiers: memory
semantics `sem` (`weak`, `volatile`, `relaxed` or `release`; the last two
with a `scope`), state space `space` (absent: generic addressing), cache
operator `cop` (`wb`, `cg`, `cs`, `wt`), L1 and L2 eviction priorities
and an L2 `cache_hint` policy. A vector value is the `.v2`/`.v4`/`.v8`
form, up to 128 bits or the 256-bit forms of sm_100 (see `tirx.ptx.ld`).

  }];
  let ptxExample = [{
tirx.ptx.st shared.cta u32 %p, %v : !tirx.ptr<i32, shared>, vector<4xi32>
tirx.ptx.st release gpu global b32 %q, %x : !tirx.ptr<i32, global>, i32
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
      OptionalAttr<TIRx_PTXMemScope>:$scope,
      OptionalAttr<TIRx_PTXMemSpace>:$space,
      OptionalAttr<TIRx_PTXCacheOp>:$cop,
      OptionalAttr<TIRx_PTXL1Evict>:$l1_evict,
      OptionalAttr<TIRx_PTXL2Evict>:$l2_evict,
      TIRx_PTXValType:$type, TIRx_MemPtr:$ptr, TIRx_MemValue:$value,
      Optional<I64>:$cache_hint);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? ($space^)? ($cop^)? (`L1` $l1_evict^)?
    (`L2` $l2_evict^)? $type $ptr `,` $value (`cache_hint` $cache_hint^)?
    attr-dict `:` qualified(type($ptr)) `,` type($value)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in ptr", "in value", "in cache_hint"];
  let ptxVariants = [
    TIRx_PTXForm<"st{sem}{space}{cop}{cache_hint}{V}{type}",
      ["sem: - | weak", TIRx_AllSpacesDim, "cop: - | wb | cg | cs | wt",
       TIRx_CacheHintDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_StTypes,
      "vec_ok(V, type) and (space in (None, 'global') or cache_hint is None)">,
    TIRx_PTXForm<"st{sem}{space}{l1_evict}{cache_hint}{V}{type}",
      ["sem: - | weak", "space: - | global", TIRx_L1EvictDim,
       TIRx_CacheHintDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_StTypes, "vec_ok(V, type)">,
    TIRx_PTXForm<"st{sem}{space}{V}{type}",
      ["sem: volatile", TIRx_VolatileSpacesDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_StTypes, "vec_ok(V, type)">,
    TIRx_PTXForm<"st{sem}{scope}{space}{l1_evict}{cache_hint}{V}{type}",
      ["sem: relaxed | release", TIRx_ScopeDim,
       "space: - | global | shared.cta | shared.cluster@PTX_SM90",
       TIRx_L1EvictOptDim, TIRx_CacheHintDim, TIRx_VecDim, TIRx_LdStTypes],
      TIRx_StTypes, "vec_ok(V, type) and (space in (None, 'global') or"
      # " (cache_hint is None and l1_evict is None))", [], 0, [TIRx_B128SysReq]>,
    TIRx_PTXForm<"st{sem}{space}{cop}{l1_evict}{l2_evict}{cache_hint}{V}{type}",
      ["sem: - | weak", "space: - | global", "cop: - | wb | cg | cs | wt",
       TIRx_L1EvictOptDim, TIRx_L2EvictOptDim, TIRx_CacheHintDim,
       "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_StTypes, "vec256(V, type) and (cop is None or (l1_evict is None"
      # " and l2_evict is None))", [PTX_SM100_PTX88]>,
    TIRx_PTXForm<"st{sem}{space}{V}{type}",
      ["sem: volatile", "space: - | global", "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_StTypes, "vec256(V, type)", [PTX_SM100_PTX88]>,
    TIRx_PTXForm<"st{sem}{scope}{space}{l1_evict}{l2_evict}{cache_hint}{V}{type}",
      ["sem: relaxed | release", TIRx_ScopeDim, "space: - | global",
       TIRx_L1EvictOptDim, TIRx_L2EvictOptDim, TIRx_CacheHintDim,
       "V: 4=.v4 | 8=.v8", TIRx_Types256],
      TIRx_StTypes, "vec256(V, type)", [PTX_SM100_PTX88]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

//===----------------------------------------------------------------------===//
// atom / red
//===----------------------------------------------------------------------===//

// op x type of the `.op` lines (PTX ISA tables of atom and red).
defvar TIRx_AtomOpTypeWhere = "type in dict(and_=('b32', 'b64'),"
    # " or_=('b32', 'b64'), xor=('b32', 'b64'), inc=('u32',), dec=('u32',),"
    # " min=('u32', 's32', 'u64', 's64'), max=('u32', 's32', 'u64', 's64'),"
    # " add=('u32', 's32', 'u64', 'f32', 'f64'))[op + '_' * (op in ('and', 'or'))]";
defvar TIRx_AtomSpaceDim = "space: - | global | shared.cta | shared.cluster@PTX_SM90";
defvar TIRx_AtomScopeDim = "scope: - | cta | cluster@PTX_SM90 | gpu | sys";
defvar TIRx_AtomHintWhere = "(space in (None, 'global') or cache_hint is None)";

class TIRx_PTXAtomicOp<string mnemonic, bit hasResult, string semDim,
                       list<string> forms>
    : TIRx_PTXOp<mnemonic, PTX_SM70, forms,
        !if(hasResult, [AttrSizedOperandSegments, AllTypesMatch<["value", "res"]>,
                                    OptionalTypesMatchWith<"the expected value has the value's type",
                                                           "value", "cmp", "$_self">], [])> {
  let arguments = !if(hasResult,
      (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
           OptionalAttr<TIRx_PTXMemScope>:$scope,
           OptionalAttr<TIRx_PTXMemSpace>:$space, TIRx_PTXAtomKind:$op,
           TIRx_PTXValType:$type, TIRx_MemPtr:$ptr, Optional<TIRx_MemValue>:$cmp,
           TIRx_MemValue:$value, Optional<I64>:$cache_hint),
      (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
           OptionalAttr<TIRx_PTXMemScope>:$scope,
           OptionalAttr<TIRx_PTXMemSpace>:$space, TIRx_PTXAtomKind:$op,
           TIRx_PTXValType:$type, TIRx_MemPtr:$ptr, TIRx_MemValue:$value,
           Optional<I64>:$cache_hint));
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  defvar sets = !if(hasResult,
      ["ptr : !tirx.ptr<{elt(type)}, {ptrscope(space)}>", "value : {vt(V, type)}",
       "res : {vt(V, type)}"],
      ["ptr : !tirx.ptr<{elt(type)}, {ptrscope(space)}>", "value : {vt(V, type)}"]);
  let ptxVariants = !listconcat([
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}{op}{cache_hint}{type}",
      [semDim, TIRx_AtomScopeDim, TIRx_AtomSpaceDim,
       "op: and | or | xor | add | inc | dec | min | max",
       TIRx_CacheHintDim, "V: 1",
       "type: b32 | b64 | u32 | u64 | s32 | s64 | f32 | f64"],
      sets, !strconcat(TIRx_AtomOpTypeWhere, " and ", TIRx_AtomHintWhere)>,
    // The half-precision adds (`.noftz` is required).
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}.add.noftz{cache_hint}{type}",
      [semDim, TIRx_AtomScopeDim, TIRx_AtomSpaceDim, TIRx_CacheHintDim, "V: 1",
       "type: f16@PTX_SM70_PTX63 | f16x2@PTX_SM70_PTX63 | bf16@PTX_SM90"
       # " | bf16x2@PTX_SM90"],
      !listconcat(sets, ["op = add"]), TIRx_AtomHintWhere>,
    // The vector forms (sm_90, PTX ISA 8.1; global memory).
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}{op}.noftz{cache_hint}{V}{type}",
      [semDim, TIRx_AtomScopeDim, "space: - | global", "op: add | min | max",
       TIRx_CacheHintDim, "V: 2=.v2 | 4=.v4 | 8=.v8",
       "type: f16 | bf16 | f16x2 | bf16x2"],
      sets, "lanes(type) == 1 or V < 8", [PTX_SM90_PTX81]>,
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}.add{cache_hint}{V}{type}",
      [semDim, TIRx_AtomScopeDim, "space: - | global", TIRx_CacheHintDim,
       "V: 2=.v2 | 4=.v4", "type: f32"],
      !listconcat(sets, ["op = add"]), "", [PTX_SM90_PTX81]>],
    !if(hasResult, [
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}.cas{type}",
      [semDim, TIRx_AtomScopeDim, TIRx_AtomSpaceDim, "V: 1",
       "type: b16@PTX_SM70_PTX63 | b32 | b64 | b128@PTX_SM90_PTX83"],
      !listconcat(sets, ["op = cas", "cmp : {vt(V, type)}"]), "", [], 0,
      [TIRx_B128SysReq]>,
    TIRx_PTXForm<mnemonic # "{sem}{scope}{space}.exch{cache_hint}{type}",
      [semDim, TIRx_AtomScopeDim, TIRx_AtomSpaceDim, TIRx_CacheHintDim, "V: 1",
       "type: b32 | b64 | b128@PTX_SM90_PTX83"],
      !listconcat(sets, ["op = exch"]), TIRx_AtomHintWhere, [], 0,
      [TIRx_B128SysReq]>], []));
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXAtomOp : TIRx_PTXAtomicOp<"atom", 1,
    "sem: - | relaxed | acquire | release | acq_rel",
    ["atom{.sem}{.scope}{.space}.op{.L2::cache_hint}.type",
     "atom{.sem}{.scope}{.space}.add.noftz{.L2::cache_hint}.{f16,f16x2,bf16,bf16x2}",
     "atom{.sem}{.scope}{.global}.{add,min,max}.noftz{.L2::cache_hint}.{v2,v4,v8}.{f16,bf16,f16x2,bf16x2}",
     "atom{.sem}{.scope}{.global}.add{.L2::cache_hint}.{v2,v4}.f32",
     "atom{.sem}{.scope}{.space}.cas.{b16,b32,b64,b128}",
     "atom{.sem}{.scope}{.space}.exch{.L2::cache_hint}.{b32,b64,b128}"]> {
  let summary = "Atomic read-modify-write (PTX atom)";
  let ptxDoc = [{
Atomically combines `value` into the memory at `ptr` with `op` and
returns the old value (PTX's `atom`, all forms): `and`/`or`/`xor`
(b32, b64), `add` (u32, s32, u64, f32, f64, and with `.noftz`
f16/f16x2/bf16/bf16x2), `inc`/`dec` (u32), `min`/`max` (u32, s32, u64,
s64), `exch` (b32, b64, b128) and `cas` (b16 to b128; `cmp` is the
expected value). `sem` (`relaxed`, `acquire`, `release`, `acq_rel`),
`scope` and `space` (absent: generic addressing) as for `tirx.ptx.ld`;
`cache_hint` is an L2 policy. A vector value is the sm_90 vector form
(global memory): `.v2`/`.v4`/`.v8` of f16/bf16 and `.v2`/`.v4` of
f16x2/bf16x2 for add/min/max, `.v2`/`.v4` of f32 for add.

  }];
  let ptxExample = [{
%old = tirx.ptx.atom relaxed gpu global add u32 %p, %x : !tirx.ptr<i32, global>, i32
%prev = tirx.ptx.atom cas b64 %q, cmp %expected, %new : !tirx.ptr<i64, shared>, i64
  }];
  let results = (outs TIRx_MemValue:$res);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? ($space^)? $op $type $ptr `,` (`cmp` $cmp^ `,`)? $value
    (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($ptr)) `,`
    type($value)
  }];
  let ptxOperands = ["out res", "in ptr", "in cmp", "in value", "in cache_hint"];
}

def TIRx_PTXRedOp : TIRx_PTXAtomicOp<"red", 0, "sem: - | relaxed | release",
    ["red{.sem}{.scope}{.space}.op{.L2::cache_hint}.type",
     "red{.sem}{.scope}{.space}.add.noftz{.L2::cache_hint}.{f16,f16x2,bf16,bf16x2}",
     "red{.sem}{.scope}{.global}.{add,min,max}.noftz{.L2::cache_hint}.{v2,v4,v8}.{f16,bf16,f16x2,bf16x2}",
     "red{.sem}{.scope}{.global}.add{.L2::cache_hint}.{v2,v4}.f32"]> {
  let summary = "Reduction into memory (PTX red)";
  let ptxDoc = [{
`tirx.ptx.atom` without a result (PTX's `red`): `sem` is `relaxed` or
`release`, and there is no `cas` or `exch`.

  }];
  let ptxExample = [{
tirx.ptx.red release gpu global add f32 %p, %x : !tirx.ptr<f32, global>, f32
  }];
  let assemblyFormat = [{
    ($sem^)? ($scope^)? ($space^)? $op $type $ptr `,` $value
    (`cache_hint` $cache_hint^)? attr-dict `:` qualified(type($ptr)) `,`
    type($value)
  }];
  let ptxOperands = ["in ptr", "in value", "in cache_hint"];
}

//===----------------------------------------------------------------------===//
// red.async / st.async (remote DSMEM with mbarrier completion)
//===----------------------------------------------------------------------===//

def TIRx_PTXRedAsyncOp : TIRx_PTXOp<"red.async", PTX_SM90_PTX81,
    ["red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{inc,dec}.u32",
     "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{min,max}.{u32,s32}",
     "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.{and,or,xor}.b32",
     "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.{u32,s32,u64}"]> {
  let summary = "Asynchronous reduction into a CTA's shared memory in the cluster";
  let ptxDoc = [{
Combines `value` into the memory at `ptr` (shared memory of any CTA of
the cluster) with `op` and completes a transaction of its size on the
mbarrier `bar` of the CTA that owns `ptr`.

  }];
  let ptxExample = [{
tirx.ptx.red.async add u32 %remote, %x, %remote_bar : !tirx.ptr<i32, shared.cluster>, i32, !tirx.ptr<i64, shared.cluster>
  }];
  let arguments = (ins TIRx_PTXAtomKind:$op, TIRx_PTXValType:$type,
      TIRx_SharedOrClusterPtr:$ptr, AnyInteger:$value, TIRx_MBarAny:$bar);
  let assemblyFormat = [{
    $op $type $ptr `,` $value `,` $bar attr-dict `:` qualified(type($ptr)) `,`
    type($value) `,` qualified(type($bar))
  }];
  let hasVerifier = 1;
  let ptxOperands = ["in ptr", "in value", "in bar"];
  let ptxVariants = [TIRx_PTXForm<
      "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes{op}{type}",
      ["op: inc | dec | min | max | and | or | xor | add",
       "type: u32 | s32 | u64 | b32", "P: shared | shared.cluster",
       "B: shared | shared.cluster", "V: 1"],
      ["ptr : !tirx.ptr<{elt(type)}, {P}>", "value : {elt(type)}",
       "bar : !tirx.ptr<i64, {B}>"],
      "type in dict(inc=('u32',), dec=('u32',), min=('u32', 's32'),"
      # " max=('u32', 's32'), and_=('b32',), or_=('b32',), xor=('b32',),"
      # " add=('u32', 's32', 'u64'))[op + '_' * (op in ('and', 'or'))]">];
}

def TIRx_PTXStAsyncOp : TIRx_PTXOp<"st.async", PTX_SM90_PTX81,
    ["st.async.shared::cluster.mbarrier::complete_tx::bytes{.v2,.v4}.{b32,b64,u32,u64,s32,s64,f32,f64}"]> {
  let summary = "Asynchronous store to a CTA's shared memory in the cluster";
  let ptxDoc = [{
Stores `value` to `ptr` (shared memory of any CTA of the cluster,
typically a peer's) and completes a transaction of its size on the
mbarrier `bar` of the CTA that owns `ptr`. A vector value is the `.v2`
(32- and 64-bit types) or `.v4` (32-bit types) form.

  }];
  let ptxExample = [{
tirx.ptx.st.async b32 %remote, %x, %remote_bar : !tirx.ptr<i32, shared.cluster>, i32, !tirx.ptr<i64, shared.cluster>
  }];
  let arguments = (ins TIRx_PTXValType:$type, TIRx_SharedOrClusterPtr:$ptr,
      TIRx_MemValue:$value, TIRx_MBarAny:$bar);
  let assemblyFormat = [{
    $type $ptr `,` $value `,` $bar attr-dict `:` qualified(type($ptr)) `,`
    type($value) `,` qualified(type($bar))
  }];
  let hasVerifier = 1;
  let ptxOperands = ["in ptr", "in value", "in bar"];
  let ptxVariants = [
    TIRx_PTXForm<"st.async.shared::cluster.mbarrier::complete_tx::bytes{V}{type}",
      ["V: 1= | 2=.v2 | 4=.v4", "type: b32 | b64 | u32 | u64 | s32 | s64 | f32 | f64",
       "P: shared | shared.cluster", "B: shared | shared.cluster"],
      ["ptr : !tirx.ptr<{elt(type)}, {P}>", "value : {vt(V, type)}",
       "bar : !tirx.ptr<i64, {B}>"], "V < 4 or bits(type) == 32">,
    TIRx_PTXForm<"st.async.weak.shared::cluster.mbarrier::complete_tx::bytes{V}{type}",
      ["V: 1= | 2=.v2 | 4=.v4", "type: b32 | b64 | u32 | u64 | s32 | s64 | f32 | f64"],
      ["ptr : !tirx.ptr<{elt(type)}, shared.cluster>", "value : {vt(V, type)}",
       "bar : !tirx.ptr<i64, shared.cluster>"], "V < 4 or bits(type) == 32",
      [], 1>];
}

def TIRx_SharedOrGenericPtr : TIRx_PtrIn<["Shared", "SharedDyn", "Generic"],
    "pointer in shared, shared.dyn or generic memory">;

def TIRx_PTXStBulkOp : TIRx_PTXTableOp<"st.bulk", PTX_SM100,
    ["st.bulk{.weak}{.shared::cta}"]> {
  let summary = "Zero a range of shared memory";
  let ptxDoc = [{
Sets the `size` bytes at `addr` to zero, a weak store of each byte. `addr`
is the executing CTA's shared memory (a `shared`/`shared.dyn` pointer, the
`.shared::cta` form) or a generic address of it; `size` and `addr` are
multiples of 8. The instruction's initial value operand is always 0 (in
script, `T.ptx["st.bulk.weak.shared::cta"](addr, size, 0)`).
  }];
  let ptxExample = "tirx.ptx.st.bulk %buf, %n : !tirx.ptr<f32, shared>";
  let arguments = (ins UnitAttr:$weak, TIRx_SharedOrGenericPtr:$addr, I64:$size);
  let assemblyFormat = "(`weak` $weak^)? $addr `,` $size attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["in addr", "in size", "lit 0"];
  let ptxVariants = [TIRx_PTXForm<
      "st.bulk{weak}{'' if S == 'generic' else '.shared::cta'}",
      ["weak(.weak): - | +", "S: shared | shared.dyn | generic"],
      ["addr : !tirx.ptr<i8, {S}>"]>];
}

//===----------------------------------------------------------------------===//
// ldu: a load whose address is the same in every thread of the warp
//===----------------------------------------------------------------------===//

def TIRx_PTXLduOp : TIRx_PTXTableOp<"ldu", PTX_SM70,
    ["ldu{.global}{.v2,.v4}.{b8,b16,b32,b64,u8,u16,u32,u64,s8,s16,s32,s64,f32,f64}"]> {
  let summary = "Load a warp-uniform value from global memory (PTX ldu)";
  let ptxDoc = [{
Loads `res` from `ptr` (global memory, or a generic address of it) through
the uniform path: the address must be the same in every active thread of
the warp. A vector result is the `.v2`/`.v4` form (up to 128 bits). The
value is what a weak `ld` of the same type reads. (`.b128`, which needs a
128-bit register, is not among the forms.)
  }];
  let ptxExample = [{
%v = tirx.ptx.ldu f32 %p : !tirx.ptr<f32, global> -> vector<4xf32>
  }];
  let arguments = (ins TIRx_PTXValType:$type, TIRx_GenericOrGlobalPtr:$ptr);
  let results = (outs TIRx_MemValue:$res);
  let assemblyFormat = [{
    $type $ptr attr-dict `:` qualified(type($ptr)) `->` type($res)
  }];
  let ptxOperands = ["out res", "in ptr"];
  let ptxVariants = [TIRx_PTXForm<
      "ldu{'.global' if S == 'global' else ''}{V}{type}",
      ["S: global | generic", "V: 1= | 2=.v2 | 4=.v4",
       "type: b8 | b16 | b32 | b64 | u8 | u16 | u32 | u64 | s8 | s16 | s32 | s64 | f32 | f64"],
      ["ptr : !tirx.ptr<{elt(type)}, {S}>", "res : {vt(V, type)}"],
      "vec_ok(V, type)">];
}

//===----------------------------------------------------------------------===//
// cvta, isspacep: addresses between the generic space and a state space
//===----------------------------------------------------------------------===//

// The spaces and what each needs beyond the op's own (shared::cta and
// shared::cluster came with PTX ISA 7.8, the cluster window with sm_90;
// .param with 7.7 and .param::entry with 8.3).
defvar TIRx_CvtaSpace = "space: const | global | local | shared | shared.cta@PTX_ISA78 | shared.cluster@PTX_SM90 | param@PTX_SM70_PTX83 | param.entry@PTX_SM70_PTX83";

def TIRx_PTXCvtaToOp : TIRx_PTXTableOp<"cvta.to", PTX_SM70,
    ["cvta.to.{const,global,local,shared,shared::cta,shared::cluster,param,param::entry}.u64"],
    [Pure]> {
  let summary = "Convert a generic address to an address in a state space";
  let ptxDoc = [{
The address in `space`'s own window of the generic address `a` (both raw
64-bit values). An address outside that window converts to one outside it.
  }];
  let ptxExample = "%s = tirx.ptx.cvta.to shared.cta %g : i64";
  let arguments = (ins TIRx_PTXAddrSpace:$space, I64:$a);
  let results = (outs I64:$res);
  let assemblyFormat = "$space $a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"cvta.to{space}.u64", [TIRx_CvtaSpace]>];
}

def TIRx_PTXCvtaOp : TIRx_PTXTableOp<"cvta", PTX_SM70,
    ["cvta.{const,global,local,shared,shared::cta,shared::cluster,param,param::entry}.u64"],
    [Pure]> {
  let summary = "Convert an address in a state space to a generic address";
  let ptxDoc = [{
The generic address of `a`, an address in `space`'s own window (both raw
64-bit values).
  }];
  let ptxExample = "%g = tirx.ptx.cvta shared.cta %s : i64";
  let arguments = (ins TIRx_PTXAddrSpace:$space, I64:$a);
  let results = (outs I64:$res);
  let assemblyFormat = "$space $a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"cvta{space}.u64", [TIRx_CvtaSpace]>];
}

def TIRx_PTXIsspacepOp : TIRx_PTXTableOp<"isspacep", PTX_SM70,
    ["isspacep.{const,global,local,shared,shared::cta,shared::cluster,param,param::entry}"],
    [Pure]> {
  let summary = "Whether a generic address falls in a state space";
  let ptxDoc = [{
True when the generic address `a` (a raw 64-bit value) lies in `space`'s
window of the generic space.
  }];
  let ptxExample = "%p = tirx.ptx.isspacep global %g : i64";
  let arguments = (ins TIRx_PTXAddrSpace:$space, I64:$a);
  let results = (outs I1:$res);
  let assemblyFormat = "$space $a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"isspacep{space}", [TIRx_CvtaSpace]>];
}

//===----------------------------------------------------------------------===//
// multimem: one address, every GPU's copy (NVLink SHARP)
//===----------------------------------------------------------------------===//

// A multimem value: a register, or the braced group of a `.vec` line (a
// vector, one register per element; an f16x2/bf16x2 element is an i32).
def TIRx_PTXRegGroup : AnyTypeOf<[I32, I64, F16, BF16, F32, F64,
    VectorOfRankAndType<[1], [I32, F16, BF16, F32]>],
    "PTX register or braced register group">;
def TIRx_MultimemPtr : TIRx_PtrIn<["Generic", "Global"],
    "multimem address (generic or global pointer)">;

// The shared dims of the multimem lines. `.weak` is a line of its own with
// no scope; the other semantics take a scope and a scope takes one (ptxas:
// "Modifier '.relaxed' requires scope", "'.cta' requires order").
defvar TIRx_MMScope = "scope: - | cta | cluster | gpu | sys";
defvar TIRx_MMSemScope = "((scope is None) == (sem in (None, 'weak')))";
defvar TIRx_MMSpace = "S: global | generic";
defvar TIRx_MMAddr = "addr : !tirx.ptr<i8, {S}>";
// op x type of the integer lines (the ISA's table; `.add` has no .s64).
defvar TIRx_MMIntOps = "(type in dict(min=('u32', 'u64', 's32', 's64'), max=('u32', 'u64', 's32', 's64'), add=('u32', 'u64', 's32'), and_=('b32', 'b64'), or_=('b32', 'b64'), xor=('b32', 'b64'))[op + '_' * (op in ('and', 'or'))])";
defvar TIRx_MMIntType = "type: b32 | b64 | u32 | u64 | s32 | s64";
// .vec x type of the floating lines: 32, 64 or 128 bits in all.
defvar TIRx_MMVec = "V: 1= | 2=.v2 | 4=.v4 | 8=.v8";
defvar TIRx_MMFloatType = "type: f16 | f16x2 | bf16 | bf16x2 | f32 | f64";
defvar TIRx_MMVecTypes = "(type in {1: ('f16x2', 'bf16x2', 'f32', 'f64'), 2: ('f16', 'f16x2', 'bf16', 'bf16x2', 'f32'), 4: ('f16', 'f16x2', 'bf16', 'bf16x2', 'f32'), 8: ('f16', 'bf16')}[V])";
// The register (group) of V values of a floating type.
defvar TIRx_MMValue = "{reg(type) if V == 1 else 'vector<%dx%s>' % (V, reg(type))}";

def TIRx_PTXMultimemLdReduceOp : TIRx_PTXTableOp<"multimem.ld_reduce",
    PTX_SM90_PTX81,
    ["multimem.ld_reduce{.weak,.relaxed,.acquire}{.scope}{.global}.{min,max,add,and,or,xor}.{b32,b64,u32,u64,s32,s64}",
     "multimem.ld_reduce{.weak,.relaxed,.acquire}{.scope}{.global}.{min,max,add}{.acc::f32}{.v2,.v4,.v8}.{f16,f16x2,bf16,bf16x2,f32,f64}"]> {
  let summary = "Load and reduce the copies of a multimem address";
  let ptxDoc = [{
Reads the location `addr` names on every GPU of its multimem object and
returns their reduction by `op`. The floating lines reduce `.v2`/`.v4`/
`.v8` values at once (a vector result, an f16x2/bf16x2 element an `i32`)
and may accumulate halves in f32 (`acc_f32`, with `add`). `sem` is `weak`
(no scope) or `relaxed`/`acquire` with a `scope`. The simulator, which
models one GPU, does not model it.
  }];
  let ptxExample = [{
%s = tirx.ptx.multimem.ld_reduce relaxed gpu add u32 %mc : !tirx.ptr<i32, global> -> i32
%v = tirx.ptx.multimem.ld_reduce add acc_f32 bf16x2 %mc : !tirx.ptr<bf16, global> -> vector<4xi32>
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
      OptionalAttr<TIRx_PTXMemScope>:$scope, TIRx_PTXAtomKind:$op,
      UnitAttr:$acc_f32, TIRx_PTXValType:$type,
      TIRx_MultimemPtr:$addr);
  let results = (outs TIRx_PTXRegGroup:$d);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? $op (`acc_f32` $acc_f32^)? $type $addr
    attr-dict `:` qualified(type($addr)) `->` type($d)
  }];
  let ptxOperands = ["out d", "in addr"];
  let ptxVariants = [
    TIRx_PTXForm<"multimem.ld_reduce{sem}{scope}{'.global' if S == 'global' else ''}{op}{type}",
        ["sem: - | weak | relaxed | acquire", TIRx_MMScope,
         "op: min | max | add | and | or | xor", TIRx_MMIntType, TIRx_MMSpace],
        [TIRx_MMAddr, "d : {elt(type)}"],
        !strconcat(TIRx_MMSemScope, " and ", TIRx_MMIntOps)>,
    TIRx_PTXForm<"multimem.ld_reduce{sem}{scope}{'.global' if S == 'global' else ''}{op}{acc_f32}{V}{type}",
        ["sem: - | weak | relaxed | acquire", TIRx_MMScope, "op: min | max | add",
         "acc_f32(.acc::f32): - | +@PTX_SM90_PTX82", TIRx_MMVec, TIRx_MMFloatType, TIRx_MMSpace],
        [TIRx_MMAddr, !strconcat("d : ", TIRx_MMValue)],
        !strconcat(TIRx_MMSemScope, " and ", TIRx_MMVecTypes,
                   " and (op == 'add' or type not in ('f32', 'f64'))",
                   " and (not acc_f32 or (op == 'add' and type not in ('f32', 'f64')))")>];
}

def TIRx_PTXMultimemStOp : TIRx_PTXTableOp<"multimem.st", PTX_SM90_PTX81,
    ["multimem.st{.weak,.relaxed,.release}{.scope}{.global}.{b32,b64,u32,u64,s32,s64}",
     "multimem.st{.weak,.relaxed,.release}{.scope}{.global}{.v2,.v4,.v8}.{f16,f16x2,bf16,bf16x2,f32,f64}"]> {
  let summary = "Store to every copy of a multimem address";
  let ptxDoc = [{
Writes `value` to the location `addr` names on every GPU of its multimem
object. The floating lines store `.v2`/`.v4`/`.v8` values at once (a
vector operand). `sem` is `weak` (no scope) or `relaxed`/`release` with a
`scope`. The simulator does not model it.
  }];
  let ptxExample = [{
tirx.ptx.multimem.st release sys b32 %mc, %x : !tirx.ptr<i32, global>, i32
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
      OptionalAttr<TIRx_PTXMemScope>:$scope,
      TIRx_PTXValType:$type, TIRx_MultimemPtr:$addr, TIRx_PTXRegGroup:$value);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? $type $addr `,` $value attr-dict `:`
    qualified(type($addr)) `,` type($value)
  }];
  let ptxOperands = ["in addr", "in value"];
  let ptxVariants = [
    TIRx_PTXForm<"multimem.st{sem}{scope}{'.global' if S == 'global' else ''}{type}",
        ["sem: - | weak | relaxed | release", TIRx_MMScope, TIRx_MMIntType,
         TIRx_MMSpace],
        [TIRx_MMAddr, "value : {elt(type)}"], TIRx_MMSemScope>,
    TIRx_PTXForm<"multimem.st{sem}{scope}{'.global' if S == 'global' else ''}{V}{type}",
        ["sem: - | weak | relaxed | release", TIRx_MMScope, TIRx_MMVec,
         TIRx_MMFloatType, TIRx_MMSpace],
        [TIRx_MMAddr, !strconcat("value : ", TIRx_MMValue)],
        !strconcat(TIRx_MMSemScope, " and ", TIRx_MMVecTypes)>];
}

def TIRx_PTXMultimemRedOp : TIRx_PTXTableOp<"multimem.red", PTX_SM90_PTX81,
    ["multimem.red{.relaxed,.release}{.scope}{.global}.{min,max,add,and,or,xor}.{b32,b64,u32,u64,s32,s64}",
     "multimem.red{.relaxed,.release}{.scope}{.global}.add{.v2,.v4,.v8}.{f16,f16x2,bf16,bf16x2,f32,f64}"]> {
  let summary = "Reduce into every copy of a multimem address";
  let ptxDoc = [{
Combines `value` by `op` into the location `addr` names on every GPU of
its multimem object. The floating lines take `add` only and reduce
`.v2`/`.v4`/`.v8` values at once (a vector operand). `sem` is
`relaxed`/`release` with a `scope`, or neither. The simulator does not
model it.
  }];
  let ptxExample = [{
tirx.ptx.multimem.red relaxed gpu add f32 %mc, %v : !tirx.ptr<f32, global>, vector<2xf32>
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXMemSem>:$sem,
      OptionalAttr<TIRx_PTXMemScope>:$scope, TIRx_PTXAtomKind:$op,
      TIRx_PTXValType:$type, TIRx_MultimemPtr:$addr,
      TIRx_PTXRegGroup:$value);
  let assemblyFormat = [{
    ($sem^)? ($scope^)? $op $type $addr `,` $value attr-dict `:`
    qualified(type($addr)) `,` type($value)
  }];
  let ptxOperands = ["in addr", "in value"];
  let ptxVariants = [
    TIRx_PTXForm<"multimem.red{sem}{scope}{'.global' if S == 'global' else ''}{op}{type}",
        ["sem: - | relaxed | release", TIRx_MMScope,
         "op: min | max | add | and | or | xor", TIRx_MMIntType, TIRx_MMSpace],
        [TIRx_MMAddr, "value : {elt(type)}"],
        !strconcat("((sem is None) == (scope is None)) and ", TIRx_MMIntOps)>,
    TIRx_PTXForm<"multimem.red{sem}{scope}{'.global' if S == 'global' else ''}.add{V}{type}",
        ["sem: - | relaxed | release", TIRx_MMScope, TIRx_MMVec,
         TIRx_MMFloatType, TIRx_MMSpace],
        [TIRx_MMAddr, !strconcat("value : ", TIRx_MMValue), "op = add"],
        !strconcat("((sem is None) == (scope is None)) and ", TIRx_MMVecTypes)>];
}

#endif // TIRX_DIALECT_TIRXPTXMEMOPS_TD
