//===- TIRxPTXCacheOps.td - L2 cache-control PTX ops -------*- tablegen -*-===//
//
// applypriority, discard and createpolicy: the L2 controls kernels use
// with the `.L2::cache_hint` operands of loads, stores and bulk copies.
// Every op here is a TIRx_PTXTableOp (verifier, requirements and lowering
// generated from its variant table). The simulator has no caches: it
// checks the addresses and otherwise gives these ops no effect, and a
// cache policy is an opaque 64-bit value (docs/Simulator.md).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXCACHEOPS_TD
#define TIRX_DIALECT_TIRXPTXCACHEOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

def TIRx_PTXApplyPriorityOp : TIRx_PTXTableOp<"applypriority", PTX_SM80_PTX74,
    ["applypriority{.global}.L2::evict_normal"]> {
  let summary = "Set the L2 eviction priority of a cache line to normal";
  let ptxDoc = [{
Gives the 128-byte L2 line at `addr` (128-byte aligned, in global memory)
the normal eviction priority.
  }];
  let ptxExample = "tirx.ptx.applypriority %p : !tirx.ptr<f32, global>";
  let arguments = (ins TIRx_GenericOrGlobalPtr:$addr);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["in addr", "lit 128"];
  // `.global` for a global pointer, generic addressing for a generic one.
  let ptxVariants = [TIRx_PTXForm<
      "applypriority{'.global' if S == 'global' else ''}.L2::evict_normal",
      ["S: global | generic"], ["addr : !tirx.ptr<i8, {S}>"]>];
}

def TIRx_PTXPrefetchuOp : TIRx_PTXTableOp<"prefetchu", PTX_SM70,
    ["prefetchu.L1"]> {
  let summary = "Prefetch a line into the uniform cache";
  let ptxDoc = [{
Brings the line holding the generic address `addr` into the L1 uniform
cache (the path of `ldu`). A hint: it reads and writes nothing.
  }];
  let ptxExample = "tirx.ptx.prefetchu %p : !tirx.ptr<f32, generic>";
  let arguments = (ins TIRx_GenericPtr:$addr);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["in addr"];
  let ptxVariants = [TIRx_PTXForm<"prefetchu.L1", [],
      ["addr : !tirx.ptr<i8, generic>"]>];
}

def TIRx_PTXDiscardOp : TIRx_PTXTableOp<"discard", PTX_SM80_PTX74,
    ["discard{.global}.L2"]> {
  let summary = "Discard an L2 cache line";
  let ptxDoc = [{
Drops the 128-byte L2 line at `addr` (128-byte aligned, in global memory)
without writing it back: its contents become unspecified.
  }];
  let ptxExample = "tirx.ptx.discard %p : !tirx.ptr<f32, global>";
  let arguments = (ins TIRx_GenericOrGlobalPtr:$addr);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
  let ptxOperands = ["in addr", "lit 128"];
  let ptxVariants = [TIRx_PTXForm<
      "discard{'.global' if S == 'global' else ''}.L2",
      ["S: global | generic"], ["addr : !tirx.ptr<i8, {S}>"]>];
}

def TIRx_PTXCreatePolicyFractionalOp : TIRx_PTXTableOp<"createpolicy.fractional",
    PTX_SM80_PTX74,
    ["createpolicy.fractional.L2::{evict_last,evict_normal,evict_first,evict_unchanged}{.L2::evict_first,.L2::evict_unchanged}.b64"],
    [Pure]> {
  let summary = "A cache policy for a fraction of the accesses";
  let ptxDoc = [{
A 64-bit cache policy that gives the `primary` priority to a fraction of
the accesses that use it (`fraction`, in (0, 1], 1 when absent) and the
`secondary` one (default `evict_unchanged`) to the rest.
  }];
  let ptxExample = "%pol = tirx.ptx.createpolicy.fractional evict_last fraction %f";
  let arguments = (ins TIRx_PTXL2Priority:$primary,
                       OptionalAttr<TIRx_PTXL2Priority>:$secondary,
                       Optional<F32>:$fraction);
  let results = (outs I64:$policy);
  let assemblyFormat = "$primary (`secondary` $secondary^)? (`fraction` $fraction^)? attr-dict";
  let ptxOperands = ["out policy", "in fraction"];
  let ptxVariants = [TIRx_PTXForm<"createpolicy.fractional{primary}{secondary}.b64",
      ["primary", "secondary: - | evict_first | evict_unchanged", "fraction: - | +"]>];
}

def TIRx_PTXCreatePolicyRangeOp : TIRx_PTXTableOp<"createpolicy.range",
    PTX_SM80_PTX74,
    ["createpolicy.range{.global}.L2::{evict_last,evict_normal,evict_first,evict_unchanged}{.L2::evict_first,.L2::evict_unchanged}.b64"],
    [Pure]> {
  let summary = "A cache policy for an address range";
  let ptxDoc = [{
A 64-bit cache policy that gives the `primary` priority to the accesses
within `primary_size` bytes from `addr`, and the `secondary` one (default
`evict_unchanged`) to the rest of the `total_size` bytes.
  }];
  let ptxExample = "%pol = tirx.ptx.createpolicy.range evict_first %p, %n, %total : !tirx.ptr<f32, global>";
  let arguments = (ins TIRx_PTXL2Priority:$primary,
                       OptionalAttr<TIRx_PTXL2Priority>:$secondary,
                       TIRx_GenericOrGlobalPtr:$addr, I32:$primary_size,
                       I32:$total_size);
  let results = (outs I64:$policy);
  let assemblyFormat = [{
    $primary (`secondary` $secondary^)? $addr `,` $primary_size `,` $total_size
    attr-dict `:` qualified(type($addr))
  }];
  let ptxOperands = ["out policy", "in addr", "in primary_size", "in total_size"];
  let ptxVariants = [TIRx_PTXForm<
      "createpolicy.range{'.global' if S == 'global' else ''}{primary}{secondary}.b64",
      ["primary", "secondary: - | evict_first | evict_unchanged", "S: global | generic"],
      ["addr : !tirx.ptr<i8, {S}>"]>];
}

def TIRx_PTXCreatePolicyCvtOp : TIRx_PTXTableOp<"createpolicy.cvt",
    PTX_SM80_PTX74, ["createpolicy.cvt.L2.b64"], [Pure]> {
  let summary = "Convert a CUDA access-property policy to a cache policy";
  let ptxDoc = "The cache policy of the CUDA `cudaAccessProperty` encoding `policy`.";
  let ptxExample = "%pol = tirx.ptx.createpolicy.cvt %old";
  let arguments = (ins I64:$old);
  let results = (outs I64:$policy);
  let assemblyFormat = "$old attr-dict";
  let ptxOperands = ["out policy", "in old"];
  let ptxVariants = [TIRx_PTXForm<"createpolicy.cvt.L2.b64">];
}

#endif // TIRX_DIALECT_TIRXPTXCACHEOPS_TD
