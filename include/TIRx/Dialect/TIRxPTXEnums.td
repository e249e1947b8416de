//===- TIRxPTXEnums.td - Modifiers of the PTX-level ops ----*- tablegen -*-===//
//
// Instruction modifiers of the `tirx.ptx.*` ops. Each is an I32EnumAttr so
// the declarative assembly formats print it as a bare keyword. PTX spells
// many modifiers with `::` (`shared::cta`, `cta_group::1`); keywords cannot
// contain `:`, so we write `.` or `_` instead. Keywords cannot start with a
// digit either, so shapes carry a `shape_` prefix like upstream NVVM's.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXENUMS_TD
#define TIRX_DIALECT_TIRXPTXENUMS_TD

include "mlir/IR/EnumAttr.td"

// A modifier enum: `name` is the C++ enum, `cases` are [symbol, keyword]
// pairs numbered in order.
class TIRx_PTXEnum<string name, string summary, list<list<string>> cases>
    : I32EnumAttr<name, summary,
        !foreach(i, !range(!size(cases)),
          I32EnumAttrCase<cases[i][0], i, cases[i][1]>)> {
  let cppNamespace = "::mlir::tirx::ptx";
}

def TIRx_PTXArriveSem : TIRx_PTXEnum<"ArriveSem",
  "memory semantics of an mbarrier arrive",
  [["Release", "release"], ["Relaxed", "relaxed"]]>;
def TIRx_PTXWaitSem : TIRx_PTXEnum<"WaitSem",
  "memory semantics of an mbarrier wait",
  [["Acquire", "acquire"], ["Relaxed", "relaxed"]]>;
def TIRx_PTXClusterScope : TIRx_PTXEnum<"ClusterScope",
  "cta or cluster scope", [["CTA", "cta"], ["Cluster", "cluster"]]>;
def TIRx_PTXFenceSem : TIRx_PTXEnum<"FenceSem", "memory semantics of a fence",
  [["SC", "sc"], ["AcqRel", "acq_rel"], ["Acquire", "acquire"],
   ["Release", "release"]]>;
def TIRx_PTXMemScope : TIRx_PTXEnum<"MemScope", "memory-consistency scope",
  [["CTA", "cta"], ["Cluster", "cluster"], ["GPU", "gpu"], ["Sys", "sys"]]>;
def TIRx_PTXProxySpace : TIRx_PTXEnum<"ProxySpace",
  "state space of an async-proxy fence",
  [["SharedCTA", "shared.cta"], ["SharedCluster", "shared.cluster"],
   ["Global", "global"]]>;
def TIRx_PTXTensormapSem : TIRx_PTXEnum<"TensormapSem",
  "direction of a tensormap proxy fence",
  [["Release", "release"], ["Acquire", "acquire"]]>;
def TIRx_PTXBarRedKind : TIRx_PTXEnum<"BarRedKind",
  "reduction of bar.red", [["Popc", "popc"], ["And", "and"], ["Or", "or"]]>;
def TIRx_PTXShflKind : TIRx_PTXEnum<"ShflKind", "shuffle mode",
  [["Up", "up"], ["Down", "down"], ["Bfly", "bfly"], ["Idx", "idx"]]>;
def TIRx_PTXVoteKind : TIRx_PTXEnum<"VoteKind", "vote mode",
  [["All", "all"], ["Any", "any"], ["Uni", "uni"], ["Ballot", "ballot"]]>;
def TIRx_PTXReduxKind : TIRx_PTXEnum<"ReduxKind", "warp reduction",
  [["Add", "add"], ["Min", "min"], ["Max", "max"], ["UMin", "umin"],
   ["UMax", "umax"], ["And", "and"], ["Or", "or"], ["Xor", "xor"],
   ["FMin", "fmin"], ["FMax", "fmax"]]>;
def TIRx_PTXMatchKind : TIRx_PTXEnum<"MatchKind", "match.sync mode",
  [["Any", "any"], ["All", "all"]]>;
def TIRx_PTXCpAsyncCache : TIRx_PTXEnum<"CpAsyncCache",
  "cache operator of cp.async", [["CA", "ca"], ["CG", "cg"]]>;
def TIRx_PTXTMALoadMode : TIRx_PTXEnum<"TMALoadMode",
  "addressing mode of a TMA load or prefetch",
  [["Tile", "tile"], ["Im2col", "im2col"], ["TileGather4", "tile.gather4"]]>;
def TIRx_PTXTMAStoreMode : TIRx_PTXEnum<"TMAStoreMode",
  "addressing mode of a TMA store or reduction",
  [["Tile", "tile"], ["Im2col", "im2col"], ["TileScatter4", "tile.scatter4"]]>;
def TIRx_PTXTMARedKind : TIRx_PTXEnum<"TMARedKind",
  "reduction of cp.reduce.async.bulk(.tensor)",
  [["Add", "add"], ["Min", "min"], ["Max", "max"], ["Inc", "inc"],
   ["Dec", "dec"], ["And", "and"], ["Or", "or"], ["Xor", "xor"]]>;
def TIRx_PTXCTAGroup : TIRx_PTXEnum<"CTAGroup", "cta_group of TMA and tcgen05",
  [["CTA1", "cta_1"], ["CTA2", "cta_2"]]>;
def TIRx_PTXMMAType : TIRx_PTXEnum<"MMAType",
  "element type of an MMA operand or accumulator",
  [["F16", "f16"], ["BF16", "bf16"], ["TF32", "tf32"], ["F32", "f32"],
   ["F64", "f64"], ["E4M3", "e4m3"], ["E5M2", "e5m2"], ["S8", "s8"],
   ["U8", "u8"], ["S4", "s4"], ["U4", "u4"], ["B1", "b1"], ["S32", "s32"]]>;
def TIRx_PTXMMALayout : TIRx_PTXEnum<"MMALayout", "operand layout",
  [["Row", "row"], ["Col", "col"]]>;
def TIRx_PTXWGMMAScale : TIRx_PTXEnum<"WGMMAScale", "wgmma input scale",
  [["One", "one"], ["Neg", "neg"]]>;
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
  [["F16", "f16"], ["TF32", "tf32"], ["F8F6F4", "f8f6f4"], ["I8", "i8"]]>;
def TIRx_PTXTcgen05BlockScaleKind : TIRx_PTXEnum<"Tcgen05BlockScaleKind",
  "tcgen05.mma.block_scale kind",
  [["MXF8F6F4", "mxf8f6f4"], ["MXF4", "mxf4"], ["MXF4NVF4", "mxf4nvf4"]]>;
def TIRx_PTXTcgen05ScaleVec : TIRx_PTXEnum<"Tcgen05ScaleVec",
  "scale-vector size of a block-scaled tcgen05.mma",
  [["X1", "scale_vec_1x"], ["X2", "scale_vec_2x"], ["X4", "scale_vec_4x"]]>;
def TIRx_PTXTcgen05LdStShape : TIRx_PTXEnum<"Tcgen05LdStShape",
  "tcgen05.ld/st shape",
  [["S16x64b", "shape_16x64b"], ["S16x128b", "shape_16x128b"],
   ["S16x256b", "shape_16x256b"], ["S32x32b", "shape_32x32b"],
   ["S16x32bx2", "shape_16x32bx2"]]>;
def TIRx_PTXTcgen05CpShape : TIRx_PTXEnum<"Tcgen05CpShape", "tcgen05.cp shape",
  [["S128x256b", "shape_128x256b"], ["S4x256b", "shape_4x256b"],
   ["S128x128b", "shape_128x128b"], ["S64x128b", "shape_64x128b"],
   ["S32x128b", "shape_32x128b"]]>;
def TIRx_PTXTcgen05CpMulticast : TIRx_PTXEnum<"Tcgen05CpMulticast",
  "tcgen05.cp warp multicast",
  [["Warpx2_02_13", "warpx2_02_13"], ["Warpx2_01_23", "warpx2_01_23"],
   ["Warpx4", "warpx4"]]>;
def TIRx_PTXTcgen05CpSrcFmt : TIRx_PTXEnum<"Tcgen05CpSrcFmt",
  "tcgen05.cp decompression source format",
  [["B6x16P32", "b6x16_p32"], ["B4x16P64", "b4x16_p64"]]>;
def TIRx_PTXTcgen05FenceKind : TIRx_PTXEnum<"Tcgen05FenceKind",
  "tcgen05.fence kind",
  [["Before", "before_thread_sync"], ["After", "after_thread_sync"]]>;
def TIRx_PTXTcgen05WaitKind : TIRx_PTXEnum<"Tcgen05WaitKind",
  "tcgen05.wait kind", [["Ld", "ld"], ["St", "st"]]>;
def TIRx_PTXRegAction : TIRx_PTXEnum<"RegAction", "setmaxnreg direction",
  [["Inc", "inc"], ["Dec", "dec"]]>;
def TIRx_PTXGridDepKind : TIRx_PTXEnum<"GridDepKind", "griddepcontrol action",
  [["LaunchDependents", "launch_dependents"], ["Wait", "wait"]]>;
def TIRx_PTXCLCQuery : TIRx_PTXEnum<"CLCQuery",
  "clusterlaunchcontrol.query_cancel query",
  [["IsCanceled", "is_canceled"], ["FirstCtaIdX", "get_first_ctaid_x"],
   ["FirstCtaIdY", "get_first_ctaid_y"], ["FirstCtaIdZ", "get_first_ctaid_z"]]>;
def TIRx_PTXCacheLevel : TIRx_PTXEnum<"CacheLevel", "cache level of prefetch",
  [["L1", "L1"], ["L2", "L2"]]>;

#endif // TIRX_DIALECT_TIRXPTXENUMS_TD
