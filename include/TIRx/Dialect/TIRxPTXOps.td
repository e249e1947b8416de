//===- TIRxPTXOps.td - TIRx PTX-level ops ------------------*- tablegen -*-===//
//
// PTX-level ops (`tirx.ptx.*`), generated separately from the core ops so the
// two families compile in separate translation units. The definitions are
// table-driven (see TIRxPTXBase.td) and split by family:
//
//   TIRxPTXSyncOps.td  cluster addressing, mbarrier, fences, barriers,
//                      warp-level ops, launch control, special registers
//   TIRxPTXCopyOps.td  cp.async, cp.async.bulk, TMA, prefetch
//   TIRxPTXMMAOps.td   wgmma, mma.sync, ldmatrix/stmatrix, tcgen05
//   TIRxPTXMemOps.td   ld, st, atom, red, red.async, st.async, st.bulk
//   TIRxPTXCacheOps.td L2 cache control: applypriority, discard,
//                      createpolicy, table-generated
//   TIRxPTXIntOps.td   integer bit manipulation (brev, popc, clz, bfind,
//                      bfe, bfi, prmt, lop3, shf), table-generated
//   TIRxPTXArithOps.td scalar arithmetic, comparison, selection, logic and
//                      shifts (add ... fma, min/max, rcp ... tanh, setp,
//                      selp, slct, and/or/xor/not, shl/shr), table-generated
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXOPS_TD
#define TIRX_DIALECT_TIRXPTXOPS_TD

include "TIRx/Dialect/TIRxPTXSyncOps.td"
include "TIRx/Dialect/TIRxPTXCopyOps.td"
include "TIRx/Dialect/TIRxPTXMMAOps.td"
include "TIRx/Dialect/TIRxPTXMemOps.td"
include "TIRx/Dialect/TIRxPTXIntOps.td"
include "TIRx/Dialect/TIRxPTXCacheOps.td"
include "TIRx/Dialect/TIRxPTXArithOps.td"

#endif // TIRX_DIALECT_TIRXPTXOPS_TD
