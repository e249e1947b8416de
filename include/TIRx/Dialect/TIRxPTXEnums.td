//===- TIRxPTXEnums.td - Modifiers of the PTX-level ops ----*- tablegen -*-===//
//
// Instruction modifiers of the `tirx.ptx.*` ops. Each is an I32EnumAttr so
// the declarative assembly formats print it as a bare keyword. PTX spells
// many modifiers with `::` (`shared::cta`, `cta_group::1`); keywords cannot
// contain `:`, so we write `.` or `_` instead. Keywords cannot start with a
// digit either, so shapes carry a `shape_` prefix like upstream NVVM's.
//
// Every case also records its PTX spelling (the token as the instruction
// text writes it, usually "." and the keyword) and, where the NVVM dialect
// has the same modifier, the NVVM enumerator it lowers to: the variant
// table (TIRxPTXBase.td) and the generated lowering read both.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXENUMS_TD
#define TIRX_DIALECT_TIRXPTXENUMS_TD

include "mlir/IR/EnumAttr.td"

// A modifier enum: `name` is the C++ enum, `cases` are
// [symbol, keyword, PTX spelling?, NVVM enumerator?] numbered in order; the
// PTX spelling defaults to "." and the keyword. `nvvm` names the NVVM
// dialect enum (C++) the cases map to, if any.
class TIRx_PTXEnum<string name, string summary, list<list<string>> cases,
                   string nvvm = "">
    : I32EnumAttr<name, summary,
        !foreach(i, !range(!size(cases)),
          I32EnumAttrCase<cases[i][0], i, cases[i][1]>)> {
  let cppNamespace = "::mlir::tirx::ptx";
  list<string> ptxTokens = !foreach(c, cases,
      !if(!ge(!size(c), 3), c[2], "." # c[1]));
  string nvvmEnum = nvvm;
  list<string> nvvmCases = !foreach(c, cases,
      !if(!ge(!size(c), 4), c[3], ""));
}

def TIRx_PTXArriveSem : TIRx_PTXEnum<"ArriveSem",
  "memory semantics of an mbarrier arrive",
  [["Release", "release"], ["Relaxed", "relaxed"]]>;
def TIRx_PTXWaitSem : TIRx_PTXEnum<"WaitSem",
  "memory semantics of an mbarrier wait",
  [["Acquire", "acquire"], ["Relaxed", "relaxed"]]>;
def TIRx_PTXClusterScope : TIRx_PTXEnum<"ClusterScope",
  "cta or cluster scope",
  [["CTA", "cta", ".cta", "CTA"], ["Cluster", "cluster", ".cluster", "CLUSTER"]],
  "::mlir::NVVM::MemScopeKind">;
def TIRx_PTXFenceSem : TIRx_PTXEnum<"FenceSem", "memory semantics of a fence",
  [["SC", "sc"], ["AcqRel", "acq_rel"], ["Acquire", "acquire"],
   ["Release", "release"]]>;
def TIRx_PTXMemScope : TIRx_PTXEnum<"MemScope", "memory-consistency scope",
  [["CTA", "cta", ".cta", "CTA"], ["Cluster", "cluster", ".cluster", "CLUSTER"],
   ["GPU", "gpu", ".gpu", "GPU"], ["Sys", "sys", ".sys", "SYS"]],
  "::mlir::NVVM::MemScopeKind">;
def TIRx_PTXProxySpace : TIRx_PTXEnum<"ProxySpace",
  "state space of an async-proxy fence",
  [["SharedCTA", "shared.cta", ".shared::cta"],
   ["SharedCluster", "shared.cluster", ".shared::cluster"],
   ["Global", "global"]]>;
def TIRx_PTXTensormapSem : TIRx_PTXEnum<"TensormapSem",
  "direction of a tensormap proxy fence",
  [["Release", "release"], ["Acquire", "acquire"]]>;
def TIRx_PTXBarRedKind : TIRx_PTXEnum<"BarRedKind",
  "reduction of bar.red", [["Popc", "popc"], ["And", "and"], ["Or", "or"]]>;
def TIRx_PTXShflKind : TIRx_PTXEnum<"ShflKind", "shuffle mode",
  [["Up", "up", ".up", "up"], ["Down", "down", ".down", "down"],
   ["Bfly", "bfly", ".bfly", "bfly"], ["Idx", "idx", ".idx", "idx"]],
  "::mlir::NVVM::ShflKind">;
def TIRx_PTXVoteKind : TIRx_PTXEnum<"VoteKind", "vote mode",
  [["All", "all", ".all", "all"], ["Any", "any", ".any", "any"],
   ["Uni", "uni", ".uni", "uni"], ["Ballot", "ballot", ".ballot", "ballot"]],
  "::mlir::NVVM::VoteSyncKind">;
def TIRx_PTXReduxKind : TIRx_PTXEnum<"ReduxKind", "warp reduction",
  [["Add", "add", ".add", "ADD"], ["Min", "min", ".min", "MIN"],
   ["Max", "max", ".max", "MAX"], ["UMin", "umin", ".min", "UMIN"],
   ["UMax", "umax", ".max", "UMAX"], ["And", "and", ".and", "AND"],
   ["Or", "or", ".or", "OR"], ["Xor", "xor", ".xor", "XOR"],
   ["FMin", "fmin", ".min", "FMIN"], ["FMax", "fmax", ".max", "FMAX"]],
  "::mlir::NVVM::ReduxKind">;
def TIRx_PTXMatchKind : TIRx_PTXEnum<"MatchKind", "match.sync mode",
  [["Any", "any", ".any", "any"], ["All", "all", ".all", "all"]],
  "::mlir::NVVM::MatchSyncKind">;
def TIRx_PTXCpAsyncCache : TIRx_PTXEnum<"CpAsyncCache",
  "cache operator of cp.async",
  [["CA", "ca", ".ca", "CA"], ["CG", "cg", ".cg", "CG"]],
  "::mlir::NVVM::LoadCacheModifierKind">;
def TIRx_PTXTMALoadMode : TIRx_PTXEnum<"TMALoadMode",
  "addressing mode of a TMA load or prefetch",
  [["Tile", "tile", ".tile", "TILE"], ["Im2col", "im2col", ".im2col", "IM2COL"],
   ["TileGather4", "tile.gather4", ".tile::gather4", "TILE_GATHER4"]],
  "::mlir::NVVM::TMALoadMode">;
def TIRx_PTXTMAStoreMode : TIRx_PTXEnum<"TMAStoreMode",
  "addressing mode of a TMA store or reduction",
  [["Tile", "tile", ".tile", "TILE"],
   ["Im2col", "im2col", ".im2col_no_offs", "IM2COL"],
   ["TileScatter4", "tile.scatter4", ".tile::scatter4", "TILE_SCATTER4"]],
  "::mlir::NVVM::TMAStoreMode">;
def TIRx_PTXTMARedKind : TIRx_PTXEnum<"TMARedKind",
  "reduction of cp.reduce.async.bulk(.tensor)",
  [["Add", "add", ".add", "ADD"], ["Min", "min", ".min", "MIN"],
   ["Max", "max", ".max", "MAX"], ["Inc", "inc", ".inc", "INC"],
   ["Dec", "dec", ".dec", "DEC"], ["And", "and", ".and", "AND"],
   ["Or", "or", ".or", "OR"], ["Xor", "xor", ".xor", "XOR"]],
  "::mlir::NVVM::TMAReduxKind">;
def TIRx_PTXCTAGroup : TIRx_PTXEnum<"CTAGroup", "cta_group of TMA and tcgen05",
  [["CTA1", "cta_1", ".cta_group::1", "CTA_1"],
   ["CTA2", "cta_2", ".cta_group::2", "CTA_2"]],
  "::mlir::NVVM::CTAGroupKind">;
def TIRx_PTXMMAType : TIRx_PTXEnum<"MMAType",
  "element type of an MMA operand or accumulator",
  [["F16", "f16"], ["BF16", "bf16"], ["TF32", "tf32"], ["F32", "f32"],
   ["F64", "f64"], ["E4M3", "e4m3"], ["E5M2", "e5m2"], ["S8", "s8"],
   ["U8", "u8"], ["S4", "s4"], ["U4", "u4"], ["B1", "b1"], ["S32", "s32"]]>;
def TIRx_PTXMMALayout : TIRx_PTXEnum<"MMALayout", "operand layout",
  [["Row", "row", ".row", "row"], ["Col", "col", ".col", "col"]],
  "::mlir::NVVM::MMALayout">;
def TIRx_PTXWGMMAScale : TIRx_PTXEnum<"WGMMAScale", "wgmma input scale",
  [["One", "one", "", "one"], ["Neg", "neg", "", "neg"]],
  "::mlir::NVVM::WGMMAScaleIn">;
def TIRx_PTXMatrixShape : TIRx_PTXEnum<"MatrixShape",
  "ldmatrix/stmatrix shape",
  [["M8N8", "m8n8"], ["M16N16", "m16n16"], ["M8N16", "m8n16"],
   ["M16N8", "m16n8"]]>;
def TIRx_PTXMatrixElt : TIRx_PTXEnum<"MatrixElt",
  "ldmatrix/stmatrix element format",
  [["B16", "b16"], ["B8", "b8"], ["B8x16B6x16P32", "b8x16.b6x16_p32"],
   ["B8x16B4x16P64", "b8x16.b4x16_p64"]]>;
def TIRx_PTXMatrixNum : TIRx_PTXEnum<"MatrixNum",
  "number of matrices of ldmatrix/stmatrix",
  [["X1", "x1"], ["X2", "x2"], ["X4", "x4"]]>;
def TIRx_PTXTcgen05Kind : TIRx_PTXEnum<"Tcgen05Kind", "tcgen05.mma kind",
  [["F16", "f16", ".kind::f16", "F16"], ["TF32", "tf32", ".kind::tf32", "TF32"],
   ["F8F6F4", "f8f6f4", ".kind::f8f6f4", "F8F6F4"],
   ["I8", "i8", ".kind::i8", "I8"]],
  "::mlir::NVVM::Tcgen05MMAKind">;
def TIRx_PTXTcgen05BlockScaleKind : TIRx_PTXEnum<"Tcgen05BlockScaleKind",
  "tcgen05.mma.block_scale kind",
  [["MXF8F6F4", "mxf8f6f4", ".kind::mxf8f6f4", "MXF8F6F4"],
   ["MXF4", "mxf4", ".kind::mxf4", "MXF4"],
   ["MXF4NVF4", "mxf4nvf4", ".kind::mxf4nvf4", "MXF4NVF4"]],
  "::mlir::NVVM::MMABlockScaleKind">;
def TIRx_PTXTcgen05ScaleVec : TIRx_PTXEnum<"Tcgen05ScaleVec",
  "scale-vector size of a block-scaled tcgen05.mma",
  [["X1", "scale_vec_1x", ".scale_vec::1X"],
   ["X2", "scale_vec_2x", ".scale_vec::2X"],
   ["X4", "scale_vec_4x", ".scale_vec::4X"]]>;
def TIRx_PTXTcgen05LdStShape : TIRx_PTXEnum<"Tcgen05LdStShape",
  "tcgen05.ld/st shape",
  [["S16x64b", "shape_16x64b", ".16x64b", "SHAPE_16X64B"],
   ["S16x128b", "shape_16x128b", ".16x128b", "SHAPE_16X128B"],
   ["S16x256b", "shape_16x256b", ".16x256b", "SHAPE_16X256B"],
   ["S32x32b", "shape_32x32b", ".32x32b", "SHAPE_32X32B"],
   ["S16x32bx2", "shape_16x32bx2", ".16x32bx2", "SHAPE_16X32BX2"]],
  "::mlir::NVVM::Tcgen05LdStShape">;
def TIRx_PTXTcgen05CpShape : TIRx_PTXEnum<"Tcgen05CpShape", "tcgen05.cp shape",
  [["S128x256b", "shape_128x256b", ".128x256b", "SHAPE_128x256b"],
   ["S4x256b", "shape_4x256b", ".4x256b", "SHAPE_4x256b"],
   ["S128x128b", "shape_128x128b", ".128x128b", "SHAPE_128x128b"],
   ["S64x128b", "shape_64x128b", ".64x128b", "SHAPE_64x128b"],
   ["S32x128b", "shape_32x128b", ".32x128b", "SHAPE_32x128b"]],
  "::mlir::NVVM::Tcgen05CpShape">;
def TIRx_PTXTcgen05CpMulticast : TIRx_PTXEnum<"Tcgen05CpMulticast",
  "tcgen05.cp warp multicast",
  [["Warpx2_02_13", "warpx2_02_13", ".warpx2::02_13", "WARPX2_02_13"],
   ["Warpx2_01_23", "warpx2_01_23", ".warpx2::01_23", "WARPX2_01_23"],
   ["Warpx4", "warpx4", ".warpx4", "WARPX4"]],
  "::mlir::NVVM::Tcgen05CpMulticast">;
def TIRx_PTXTcgen05CpSrcFmt : TIRx_PTXEnum<"Tcgen05CpSrcFmt",
  "tcgen05.cp decompression source format",
  [["B6x16P32", "b6x16_p32", ".b8x16.b6x16_p32", "B6x16_P32"],
   ["B4x16P64", "b4x16_p64", ".b8x16.b4x16_p64", "B4x16_P64"]],
  "::mlir::NVVM::Tcgen05CpSrcFormat">;
def TIRx_PTXTcgen05FenceKind : TIRx_PTXEnum<"Tcgen05FenceKind",
  "tcgen05.fence kind",
  [["Before", "before_thread_sync", "::before_thread_sync", "BEFORE_THREAD_SYNC"],
   ["After", "after_thread_sync", "::after_thread_sync", "AFTER_THREAD_SYNC"]],
  "::mlir::NVVM::Tcgen05FenceKind">;
def TIRx_PTXTcgen05WaitKind : TIRx_PTXEnum<"Tcgen05WaitKind",
  "tcgen05.wait kind",
  [["Ld", "ld", "::ld", "LOAD"], ["St", "st", "::st", "STORE"]],
  "::mlir::NVVM::Tcgen05WaitKind">;
def TIRx_PTXRegAction : TIRx_PTXEnum<"RegAction", "setmaxnreg direction",
  [["Inc", "inc", ".inc", "increase"], ["Dec", "dec", ".dec", "decrease"]],
  "::mlir::NVVM::SetMaxRegisterAction">;
def TIRx_PTXGridDepKind : TIRx_PTXEnum<"GridDepKind", "griddepcontrol action",
  [["LaunchDependents", "launch_dependents", ".launch_dependents",
    "launch_dependents"],
   ["Wait", "wait", ".wait", "wait"]],
  "::mlir::NVVM::GridDepActionKind">;
def TIRx_PTXCLCQuery : TIRx_PTXEnum<"CLCQuery",
  "clusterlaunchcontrol.query_cancel query",
  [["IsCanceled", "is_canceled", ".is_canceled", "IS_CANCELED"],
   ["FirstCtaIdX", "get_first_ctaid_x", ".get_first_ctaid::x",
    "GET_FIRST_CTA_ID_X"],
   ["FirstCtaIdY", "get_first_ctaid_y", ".get_first_ctaid::y",
    "GET_FIRST_CTA_ID_Y"],
   ["FirstCtaIdZ", "get_first_ctaid_z", ".get_first_ctaid::z",
    "GET_FIRST_CTA_ID_Z"]],
  "::mlir::NVVM::ClusterLaunchControlQueryType">;
def TIRx_PTXCacheLevel : TIRx_PTXEnum<"CacheLevel",
  "cache level (and L2 eviction priority) of prefetch",
  [["L1", "L1", ".L1"], ["L2", "L2", ".L2"],
   ["L2EvictLast", "L2_evict_last", ".L2::evict_last"],
   ["L2EvictNormal", "L2_evict_normal", ".L2::evict_normal"]]>;

//===----------------------------------------------------------------------===//
// Memory instructions: ld, st, atom, red, red.async, st.async
//===----------------------------------------------------------------------===//

def TIRx_PTXMemSem : TIRx_PTXEnum<"MemSem",
  "memory-consistency semantics of a memory instruction",
  [["Weak", "weak"], ["Volatile", "volatile"], ["Relaxed", "relaxed"],
   ["Acquire", "acquire"], ["Release", "release"], ["AcqRel", "acq_rel"]]>;
// The state space a memory instruction names; absent = generic addressing.
def TIRx_PTXMemSpace : TIRx_PTXEnum<"MemSpace",
  "state space of a memory instruction",
  [["Global", "global"], ["SharedCTA", "shared.cta", ".shared::cta"],
   ["SharedCluster", "shared.cluster", ".shared::cluster"],
   ["Local", "local"]]>;
// The state spaces cvta converts between and isspacep tests.
def TIRx_PTXAddrSpace : TIRx_PTXEnum<"AddrSpace",
  "state space of cvta and isspacep",
  [["Const", "const"], ["Global", "global"], ["Local", "local"],
   ["Shared", "shared"], ["SharedCTA", "shared.cta", ".shared::cta"],
   ["SharedCluster", "shared.cluster", ".shared::cluster"],
   ["Param", "param"], ["ParamEntry", "param.entry", ".param::entry"]]>;
def TIRx_PTXCacheOp : TIRx_PTXEnum<"CacheOp",
  "cache operator of ld (ca, cg, cs, lu, cv) or st (wb, cg, cs, wt)",
  [["CA", "ca"], ["CG", "cg"], ["CS", "cs"], ["LU", "lu"], ["CV", "cv"],
   ["WB", "wb"], ["WT", "wt"]]>;
def TIRx_PTXL1Evict : TIRx_PTXEnum<"L1Evict", "L1 eviction priority",
  [["EvictNormal", "evict_normal", ".L1::evict_normal"],
   ["EvictUnchanged", "evict_unchanged", ".L1::evict_unchanged"],
   ["EvictFirst", "evict_first", ".L1::evict_first"],
   ["EvictLast", "evict_last", ".L1::evict_last"],
   ["NoAllocate", "no_allocate", ".L1::no_allocate"]]>;
def TIRx_PTXL2Evict : TIRx_PTXEnum<"L2Evict", "L2 eviction priority",
  [["EvictNormal", "evict_normal", ".L2::evict_normal"],
   ["EvictFirst", "evict_first", ".L2::evict_first"],
   ["EvictLast", "evict_last", ".L2::evict_last"]]>;
def TIRx_PTXPrefetchSize : TIRx_PTXEnum<"PrefetchSize", "L2 prefetch size",
  [["B64", "L2_64B", ".L2::64B"], ["B128", "L2_128B", ".L2::128B"],
   ["B256", "L2_256B", ".L2::256B"]]>;
// The `.type` of a memory instruction: how PTX reads the bits.
def TIRx_PTXValType : TIRx_PTXEnum<"ValType",
  "PTX type of a memory instruction's value",
  [["B8", "b8"], ["B16", "b16"], ["B32", "b32"], ["B64", "b64"],
   ["B128", "b128"], ["U8", "u8"], ["U16", "u16"], ["U32", "u32"],
   ["U64", "u64"], ["S8", "s8"], ["S16", "s16"], ["S32", "s32"],
   ["S64", "s64"], ["F16", "f16"], ["F16x2", "f16x2"], ["BF16", "bf16"],
   ["BF16x2", "bf16x2"], ["F32", "f32"], ["F64", "f64"]]>;
def TIRx_PTXAtomKind : TIRx_PTXEnum<"AtomKind", "operation of atom and red",
  [["And", "and"], ["Or", "or"], ["Xor", "xor"], ["Add", "add"],
   ["Inc", "inc"], ["Dec", "dec"], ["Min", "min"], ["Max", "max"],
   ["Exch", "exch"], ["Cas", "cas"]]>;
// Integer bit manipulation (TIRxPTXIntOps.td). A signedness token is the
// first letter of the PTX type; the width follows it in the form text.
def TIRx_PTXIntSign : TIRx_PTXEnum<"IntSign", "signedness of an integer instruction",
  [["Unsigned", "u", ".u"], ["Signed", "s", ".s"]]>;
def TIRx_PTXPrmtMode : TIRx_PTXEnum<"PrmtMode", "byte-selection mode of prmt",
  [["F4E", "f4e"], ["B4E", "b4e"], ["RC8", "rc8"], ["ECL", "ecl"],
   ["ECR", "ecr"], ["RC16", "rc16"]]>;
def TIRx_PTXShfDir : TIRx_PTXEnum<"ShfDir", "direction of a funnel shift",
  [["Left", "l"], ["Right", "r"]]>;
def TIRx_PTXShfMode : TIRx_PTXEnum<"ShfMode", "shift-amount mode of a funnel shift",
  [["Clamp", "clamp"], ["Wrap", "wrap"]]>;
// The L2 priorities of createpolicy (TIRxPTXCacheOps.td).
def TIRx_PTXL2Priority : TIRx_PTXEnum<"L2Priority", "L2 eviction priority of a cache policy",
  [["EvictLast", "evict_last", ".L2::evict_last"],
   ["EvictNormal", "evict_normal", ".L2::evict_normal"],
   ["EvictFirst", "evict_first", ".L2::evict_first"],
   ["EvictUnchanged", "evict_unchanged", ".L2::evict_unchanged"]]>;
def TIRx_PTXHalf : TIRx_PTXEnum<"Half", "which half of a wide product",
  [["Lo", "lo"], ["Hi", "hi"]]>;

// The fields of a tensormap that tensormap.replace writes.
def TIRx_PTXTensorMapValueField : TIRx_PTXEnum<"TensorMapValueField",
  "tensormap field written from a register",
  [["GlobalAddress", "global_address"], ["Rank", "rank"],
   ["BoxDim", "box_dim"], ["GlobalDim", "global_dim"],
   ["GlobalStride", "global_stride"], ["ElementStride", "element_stride"]]>;
def TIRx_PTXTensorMapLayoutField : TIRx_PTXEnum<"TensorMapLayoutField",
  "tensormap field written from an immediate encoding",
  [["ElemType", "elemtype"], ["InterleaveLayout", "interleave_layout"],
   ["SwizzleMode", "swizzle_mode"], ["FillMode", "fill_mode"]]>;

// Scalar arithmetic, comparison and selection (TIRxPTXArithOps.td). The
// instruction type: packed pairs ride one register of their total width
// (f16x2, bf16x2, u16x2 and s16x2 a 32-bit one, f32x2 a 64-bit one).
def TIRx_PTXArithType : TIRx_PTXEnum<"ArithType", "PTX type of an arithmetic instruction",
  [["Pred", "pred"], ["B16", "b16"], ["B32", "b32"], ["B64", "b64"],
   ["U16", "u16"], ["U32", "u32"], ["U64", "u64"], ["S16", "s16"],
   ["S32", "s32"], ["S64", "s64"], ["U16x2", "u16x2"], ["S16x2", "s16x2"],
   ["F16", "f16"], ["F16x2", "f16x2"], ["BF16", "bf16"], ["BF16x2", "bf16x2"],
   ["F32", "f32"], ["F32x2", "f32x2"], ["F64", "f64"]]>;
def TIRx_PTXFRnd : TIRx_PTXEnum<"FRnd", "IEEE rounding of a float instruction",
  [["RN", "rn"], ["RZ", "rz"], ["RM", "rm"], ["RP", "rp"]]>;
def TIRx_PTXMulMode : TIRx_PTXEnum<"MulMode", "which part of an integer product",
  [["Hi", "hi"], ["Lo", "lo"], ["Wide", "wide"]]>;
def TIRx_PTXDivMode : TIRx_PTXEnum<"DivMode",
  "approximation or rounding of div, rcp and sqrt",
  [["Approx", "approx"], ["Full", "full"], ["RN", "rn"], ["RZ", "rz"],
   ["RM", "rm"], ["RP", "rp"]]>;
def TIRx_PTXCmpOp : TIRx_PTXEnum<"CmpOp", "comparison of setp",
  [["EQ", "eq"], ["NE", "ne"], ["LT", "lt"], ["LE", "le"], ["GT", "gt"],
   ["GE", "ge"], ["LO", "lo"], ["LS", "ls"], ["HI", "hi"], ["HS", "hs"],
   ["EQU", "equ"], ["NEU", "neu"], ["LTU", "ltu"], ["LEU", "leu"],
   ["GTU", "gtu"], ["GEU", "geu"], ["NoNaN", "num"], ["AnyNaN", "nan"]]>;
def TIRx_PTXBoolOp : TIRx_PTXEnum<"BoolOp", "how setp combines its comparison with c",
  [["And", "and"], ["Or", "or"], ["Xor", "xor"]]>;
def TIRx_PTXTestpKind : TIRx_PTXEnum<"TestpKind", "property testp tests",
  [["Finite", "finite"], ["Infinite", "infinite"], ["Number", "number"],
   ["NotANumber", "notanumber"], ["Normal", "normal"],
   ["Subnormal", "subnormal"]]>;

// cvt (TIRxPTXArithOps.td): the rounding (integer rounding rni ... rpi,
// float rounding rn ... rp, rna for tf32) and the types it converts
// between (the packed narrow floats one register: e4m3x2 and e5m2x2 16
// bits; the sub-byte integers of cvt.pack the destination's fields).
def TIRx_PTXCvtRnd : TIRx_PTXEnum<"CvtRnd", "rounding of a conversion",
  [["RNI", "rni"], ["RZI", "rzi"], ["RMI", "rmi"], ["RPI", "rpi"],
   ["RN", "rn"], ["RZ", "rz"], ["RM", "rm"], ["RP", "rp"], ["RNA", "rna"],
   ["RS", "rs"]]>;
def TIRx_PTXCvtType : TIRx_PTXEnum<"CvtType", "PTX type of a conversion",
  [["U8", "u8"], ["U16", "u16"], ["U32", "u32"], ["U64", "u64"],
   ["S8", "s8"], ["S16", "s16"], ["S32", "s32"], ["S64", "s64"],
   ["BF16", "bf16"], ["F16", "f16"], ["F32", "f32"], ["F64", "f64"],
   ["F16x2", "f16x2"], ["BF16x2", "bf16x2"], ["TF32", "tf32"],
   ["E4M3x2", "e4m3x2"], ["E5M2x2", "e5m2x2"], ["U2", "u2"], ["S2", "s2"],
   ["U4", "u4"], ["S4", "s4"], ["E2M1x2", "e2m1x2"], ["E2M3x2", "e2m3x2"],
   ["E3M2x2", "e3m2x2"], ["UE8M0x2", "ue8m0x2"], ["E4M3x4", "e4m3x4"],
   ["E5M2x4", "e5m2x4"], ["E2M1x4", "e2m1x4"], ["E2M3x4", "e2m3x4"],
   ["E3M2x4", "e3m2x4"]]>;

#endif // TIRX_DIALECT_TIRXPTXENUMS_TD
