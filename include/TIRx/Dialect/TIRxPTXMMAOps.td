//===- TIRxPTXMMAOps.td - PTX matrix ops -------------------*- tablegen -*-===//
//
// wgmma (Hopper), mma.sync, ldmatrix/stmatrix and the tcgen05 family
// (Blackwell).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXMMAOPS_TD
#define TIRX_DIALECT_TIRXPTXMMAOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

//===----------------------------------------------------------------------===//
// wgmma
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
  let ptxOperands = ["imm n"];
  let ptxVariants = [TIRx_PTXForm<"wgmma.wait_group.sync.aligned", ["n: 0 | 1 | 7"]>];
}

// The N of integer and b1 wgmma (PTX: 8, 16, 24 and the multiples of 16).
defvar TIRx_WGMMAIntN = "N: =[8, 16, 24] + list(range(32, 257, 16))";
defvar TIRx_WGMMAFloatN = "N: =list(range(8, 257, 8))";
// The SS (descriptor) and RS (registers) forms of `a`, and a constant or
// run-time scale-d (the constant SS form is nvvm.wgmma.mma_async, the
// others are inline PTX).
defvar TIRx_WGMMAOperands = ["a : {'i64' if A == 'ss' else 'vector<4xi32>'}",
    "b : i64", "scale_d : i1{' = true' if SD == 'one' else ''}",
    "shape = array<i32: 64, {N}, {K}>"];

def TIRx_PTXWGMMAMmaAsyncOp : TIRx_PTXOp<"wgmma.mma_async", PTX_SM90a,
    ["wgmma.mma_async.sync.aligned.m64nNk16.{f32,f16}.{f16,bf16}.{f16,bf16} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk8.f32.tf32.tf32 (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk32.{f32,f16}.{e4m3,e5m2}.{e4m3,e5m2} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk32{.satfinite}.s32.{s8,u8}.{s8,u8} (SS, RS)",
     "wgmma.mma_async.sync.aligned.m64nNk256.s32.b1.b1.and.popc (SS)"],
    [AllTypesMatch<["d", "res"]>]> {
  let summary = "Warpgroup asynchronous matrix multiply-accumulate";
  let ptxDoc = [{
`res = a * b + (scale_d ? d : 0)` for an `m`x`n`x`k` tile, issued by a
warpgroup. `b` is a 64-bit shared-memory matrix descriptor; `a` is one
(SS form) or `vector<4xi32>` registers (RS form). `d` is the per-thread
accumulator, `vector<(n/2) x T>`. `scale_a`/`scale_b` negate inputs of
floating-point kinds, `layout_a`/`layout_b` transpose f16/bf16 inputs in
shared memory, and `satfinite` clamps integer results. Integer and b1
inputs take n in {8, 16, 24, 32, 48, ..., 256}; mixing s8 and u8 needs
PTX ISA 8.4.

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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["inout d>res", "in a", "in b", "in scale_d",
                     "imm scale_a{1:one,-1:neg}", "imm scale_b{1:one,-1:neg}",
                     "imm layout_a{0:row,1:col}", "imm layout_b{0:col,1:row}"];
  let ptxTypes = ["res : $d"];
  let ptxVariants = [
    // f16/bf16 inputs, every n, both forms, the scale-d kinds.
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k16{type_d}{type_a}{type_b}",
      [TIRx_WGMMAFloatN, "K: 16", "type_d: f32 | f16", "type_a: f16 | bf16",
       "type_b: f16 | bf16", "A: ss | rs", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["d : vector<{N // 2}x{type_d}>"]),
      "type_a == type_b and (type_d == 'f32' or type_a == 'f16')">,
    // Input scales and transposes.
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k16{type_d}{type_a}{type_b}",
      ["N: 8 | 256", "K: 16", "type_d: f32", "type_a: f16 | bf16",
       "type_b: f16 | bf16", "A: ss | rs", "SD: arg",
       "scale_a: - | one | neg", "scale_b: - | one | neg",
       "layout_a: - | row | col", "layout_b: - | row | col"],
      !listconcat(TIRx_WGMMAOperands, ["d : vector<{N // 2}xf32>"]),
      "type_a == type_b and (A == 'ss' or layout_a is None)"
      # " and (scale_a, scale_b, layout_a, layout_b) != (None, None, None, None)">,
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k8.f32.tf32.tf32",
      [TIRx_WGMMAFloatN, "K: 8", "A: ss | rs", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["type_d = f32", "type_a = tf32", "type_b = tf32",
                   "d : vector<{N // 2}xf32>"])>,
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k8.f32.tf32.tf32",
      ["N: 8 | 256", "K: 8", "A: ss | rs", "SD: arg",
       "scale_a: - | neg", "scale_b: - | neg"],
      !listconcat(TIRx_WGMMAOperands,
                  ["type_d = f32", "type_a = tf32", "type_b = tf32",
                   "d : vector<{N // 2}xf32>"]),
      "(scale_a, scale_b) != (None, None)">,
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k32{type_d}{type_a}{type_b}",
      [TIRx_WGMMAFloatN, "K: 32", "type_d: f32 | f16", "type_a: e4m3 | e5m2",
       "type_b: e4m3 | e5m2", "A: ss | rs", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["d : vector<{N // 2}x{type_d}>"])>,
    // Integer inputs: the same signedness, then mixed (PTX ISA 8.4).
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k32{satfinite}.s32{type_a}{type_b}",
      [TIRx_WGMMAIntN, "K: 32", "satfinite(.satfinite): - | +",
       "type_a: s8 | u8", "type_b: s8 | u8", "A: ss | rs", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["type_d = s32", "d : vector<{N // 2}xi32>"]),
      "type_a == type_b">,
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k32{satfinite}.s32{type_a}{type_b}",
      [TIRx_WGMMAIntN, "K: 32", "satfinite(.satfinite): - | +",
       "type_a: s8 | u8", "type_b: s8 | u8", "A: ss | rs", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["type_d = s32", "d : vector<{N // 2}xi32>"]),
      "type_a != type_b", [PTX_SM90a_PTX84]>,
    TIRx_PTXForm<"wgmma.mma_async.sync.aligned.m64n{N}k256.s32.b1.b1.and.popc",
      [TIRx_WGMMAIntN, "K: 256", "A: ss", "SD: arg | one"],
      !listconcat(TIRx_WGMMAOperands,
                  ["type_d = s32", "type_a = b1", "type_b = b1",
                   "d : vector<{N // 2}xi32>"])>];
  // LLVM writes `.satfinite` after the types (ptxas takes either order).
  let ptxSpellings = [
    ".satfinite.s32.s8.s8=.s32.s8.s8.satfinite",
    ".satfinite.s32.s8.u8=.s32.s8.u8.satfinite",
    ".satfinite.s32.u8.s8=.s32.u8.s8.satfinite",
    ".satfinite.s32.u8.u8=.s32.u8.u8.satfinite"];
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

def TIRx_PTXMmaSyncOp : TIRx_PTXOp<"mma.sync", PTX_SM80,
    ["mma.sync.aligned.m8n8k4.{row,col}.{row,col}.{f32,f16}.f16.f16.{f32,f16}",
     "mma.sync.aligned.m16n8k{8,16}.row.col.{f32,f16}.f16.f16.{f32,f16}",
     "mma.sync.aligned.m16n8k{8,16}.row.col.f32.bf16.bf16.f32",
     "mma.sync.aligned.m16n8k{4,8}.row.col.f32.tf32.tf32.f32",
     "mma.sync.aligned.m16n8k32.row.col.{f32,f16}.{e4m3,e5m2}.{e4m3,e5m2}.{f32,f16}",
     "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
     "mma.sync.aligned.{m8n8k16,m16n8k16,m16n8k32}.row.col{.satfinite}.s32.{s8,u8}.{s8,u8}.s32",
     "mma.sync.aligned.{m8n8k32,m16n8k32,m16n8k64}.row.col{.satfinite}.s32.{s4,u4}.{s4,u4}.s32",
     "mma.sync.aligned.{m8n8k128,m16n8k128,m16n8k256}.row.col.s32.b1.b1.s32.and.popc"],
    [AllTypesMatch<["c", "res"]>]> {
  let summary = "Warp-level synchronous matrix multiply-accumulate";
  let ptxDoc = [{
`res = a * b + c` over an `m`x`n`x`k` tile held in the registers of a
warp. Fragments are vectors of the registers PTX names; layouts other
than `row`/`col` need the m8n8k4 shape; e4m3/e5m2 need sm_89 (PTX ISA 8.4,
with an f16 accumulator 8.7).

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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxTypes = ["res : $c"];
  let ptxVariants = [
    TIRx_PTXForm<"mma.sync.aligned.m8n8k4{layout_a}{layout_b}{type_d}.f16.f16{type_d}",
      ["layout_a: -=.row | col", "layout_b: row | -=.col", "type_d: f32 | f16"],
      ["shape = array<i32: 8, 8, 4>", "type_a = f16", "type_b = f16",
       "a : vector<2xi32>", "b : vector<2xi32>", "c : vector<8x{type_d}>"]>,
    TIRx_PTXForm<"mma.sync.aligned.m16n8k{K}.row.col{type_d}.f16.f16{type_d}",
      ["K: 8 | 16", "type_d: f32 | f16"],
      ["shape = array<i32: 16, 8, {K}>", "type_a = f16", "type_b = f16",
       "a : vector<{K // 4}xi32>", "b : vector<{K // 8}xi32>",
       "c : vector<4x{type_d}>"]>,
    TIRx_PTXForm<"mma.sync.aligned.m16n8k{K}.row.col.f32.bf16.bf16.f32",
      ["K: 8 | 16"],
      ["shape = array<i32: 16, 8, {K}>", "type_d = f32", "type_a = bf16",
       "type_b = bf16", "a : vector<{K // 4}xi32>", "b : vector<{K // 8}xi32>",
       "c : vector<4xf32>"]>,
    TIRx_PTXForm<"mma.sync.aligned.m16n8k{K}.row.col.f32.tf32.tf32.f32",
      ["K: 4 | 8"],
      ["shape = array<i32: 16, 8, {K}>", "type_d = f32", "type_a = tf32",
       "type_b = tf32", "a : vector<{K // 2}xi32>", "b : vector<{K // 4}xi32>",
       "c : vector<4xf32>"]>,
    TIRx_PTXForm<"mma.sync.aligned.m16n8k32.row.col{type_d}{type_a}{type_b}{type_d}",
      ["type_d: f32 | f16@PTX_ISA87", "type_a: e4m3 | e5m2", "type_b: e4m3 | e5m2"],
      ["shape = array<i32: 16, 8, 32>", "a : vector<4xi32>", "b : vector<2xi32>",
       "c : vector<4x{type_d}>"], "", [PTX_SM89_PTX84]>,
    TIRx_PTXForm<"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", [],
      ["shape = array<i32: 8, 8, 4>", "type_d = f64", "type_a = f64",
       "type_b = f64", "a : vector<1xf64>", "b : vector<1xf64>",
       "c : vector<2xf64>"]>,
    TIRx_PTXForm<"mma.sync.aligned.m{M}n8k{K}.row.col{satfinite}.s32{type_a}{type_b}.s32",
      ["M: 8 | 16", "K: 16 | 32", "satfinite(.satfinite): - | +",
       "type_a: s8 | u8", "type_b: s8 | u8"],
      ["shape = array<i32: {M}, 8, {K}>", "type_d = s32",
       "a : vector<{1 if M == 8 else K // 8}xi32>",
       "b : vector<{1 if M == 8 or K == 16 else 2}xi32>",
       "c : vector<{2 if M == 8 else 4}xi32>"], "M == 16 or K == 16">,
    TIRx_PTXForm<"mma.sync.aligned.m{M}n8k{K}.row.col{satfinite}.s32{type_a}{type_b}.s32",
      ["M: 8 | 16", "K: 32 | 64", "satfinite(.satfinite): - | +",
       "type_a: s4 | u4", "type_b: s4 | u4"],
      ["shape = array<i32: {M}, 8, {K}>", "type_d = s32",
       "a : vector<{1 if M == 8 else K // 16}xi32>",
       "b : vector<{1 if M == 8 or K == 32 else 2}xi32>",
       "c : vector<{2 if M == 8 else 4}xi32>"], "M == 16 or K == 32">,
    TIRx_PTXForm<"mma.sync.aligned.m{M}n8k{K}.row.col.s32.b1.b1.s32.and.popc",
      ["M: 8 | 16", "K: 128 | 256"],
      ["shape = array<i32: {M}, 8, {K}>", "type_d = s32", "type_a = b1",
       "type_b = b1", "a : vector<{1 if M == 8 else K // 64}xi32>",
       "b : vector<{1 if M == 8 or K == 128 else 2}xi32>",
       "c : vector<{2 if M == 8 else 4}xi32>"], "M == 16 or K == 128",
      [PTX_SM80_PTX71]>];
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix
//===----------------------------------------------------------------------===//

def TIRx_PTXLdMatrixOp : TIRx_PTXOp<"ldmatrix", PTX_SM75,
    ["ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared::cta.b16",
     "ldmatrix.sync.aligned.m16n16.{x1,x2}.trans.shared::cta.{b8,b8x16.b6x16_p32,b8x16.b4x16_p64}",
     "ldmatrix.sync.aligned.m8n16.{x1,x2,x4}.shared::cta.{b8x16.b6x16_p32,b8x16.b4x16_p64}"]> {
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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["out res", "in ptr"];
  let ptxTypes = ["ptr : !tirx.ptr<f16, shared>"];
  let ptxVariants = [
    TIRx_PTXForm<"ldmatrix.sync.aligned{shape}{num}{trans}.shared::cta{elt}",
      ["shape: m8n8", "num", "trans(.trans): - | +", "elt: b16"],
      ["res : vector<{int(num[1])}xi32>"]>,
    TIRx_PTXForm<"ldmatrix.sync.aligned{shape}{num}{trans}.shared::cta{elt}",
      ["shape: m16n16", "num: x1 | x2", "trans(.trans): +",
       "elt: b8 | b8x16.b6x16_p32 | b8x16.b4x16_p64"],
      ["res : vector<{2 * int(num[1])}xi32>"], "", [PTX_SM100f]>,
    TIRx_PTXForm<"ldmatrix.sync.aligned{shape}{num}.shared::cta{elt}",
      ["shape: m8n16", "num", "elt: b8x16.b6x16_p32 | b8x16.b4x16_p64"],
      ["res : vector<{int(num[1])}xi32>"], "", [PTX_SM100f]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

def TIRx_PTXStMatrixOp : TIRx_PTXOp<"stmatrix", PTX_SM90,
    ["stmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared::cta.b16",
     "stmatrix.sync.aligned.m16n8.{x1,x2,x4}.trans.shared::cta.b8"]> {
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
  let extraClassDeclaration = [{
    void collectModifierRequirements(::mlir::tirx::PTXNeeds &needs);
  }];
  let ptxOperands = ["in ptr", "in vals"];
  let ptxTypes = ["ptr : !tirx.ptr<f16, shared>"];
  let ptxVariants = [
    TIRx_PTXForm<"stmatrix.sync.aligned{shape}{num}{trans}.shared::cta{elt}",
      ["shape: m8n8", "num", "trans(.trans): - | +", "elt: b16"],
      ["vals : vector<{int(num[1])}xi32>"]>,
    TIRx_PTXForm<"stmatrix.sync.aligned{shape}{num}{trans}.shared::cta{elt}",
      ["shape: m16n8", "num", "trans(.trans): +", "elt: b8"],
      ["vals : vector<{int(num[1])}xi32>"], "", [PTX_SM100f]>];
  let ptxSpellings = [".shared::cta=.shared"];
}

//===----------------------------------------------------------------------===//
// tcgen05 (Blackwell)
//
// The chips are what LLVM 22 can emit: its NVVM tcgen05 ops accept sm_100a
// and sm_101a (tcgen05.shift also sm_103a; the MMAs sm_100a and sm_110a),
// not the `f` chips. All tcgen05 ops of a kernel must use the same CTA
// group (absent means cta_1); `tirx-attach-target` reports a kernel that
// mixes them.
//===----------------------------------------------------------------------===//

defvar TIRx_CTAGroupDim = "cta_group: cta_1 | cta_2 | -=.cta_group::1";

def TIRx_PTXTcgen05AllocOp : TIRx_PTXOp<"tcgen05.alloc", PTX_Tcgen05,
    ["tcgen05.alloc.cta_group::{1,2}.sync.aligned{.shared::cta}.b32"]> {
  let summary = "Allocate tensor memory columns";
  let ptxDoc = [{
Allocates `ncols` columns (a power of two, at least 32) of tensor memory
and writes its address to the 32-bit shared-memory `slot`. A generic
`slot` (PTX's form without a state space) must point into shared memory.

  }];
  let ptxExample = "tirx.ptx.tcgen05.alloc cta_2 %slot, %c256 : !tirx.ptr<ui32, shared>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
                       TIRx_TmemSlot:$slot, I32:$ncols);
  let assemblyFormat = "($cta_group^)? $slot `,` $ncols attr-dict `:` qualified(type($slot))";
  let ptxOperands = ["in slot", "in ncols"];
  let ptxTypes = ["slot : !tirx.ptr<i32, shared>"];
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.alloc{cta_group}.sync.aligned{S}.b32",
      [TIRx_CTAGroupDim, "S: shared=.shared::cta | generic="],
      ["slot : !tirx.ptr<i32, {S}>"]>];
}

def TIRx_PTXTcgen05DeallocOp : TIRx_PTXOp<"tcgen05.dealloc", PTX_Tcgen05,
    ["tcgen05.dealloc.cta_group::{1,2}.sync.aligned.b32"]> {
  let summary = "Free tensor memory columns";
  let ptxDoc = "Frees `ncols` columns of tensor memory starting at `taddr`.";
  let ptxExample = "tirx.ptx.tcgen05.dealloc %t, %c256 : !tirx.ptr<f32, tmem>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
                       TIRx_TmemPtr:$taddr, I32:$ncols);
  let assemblyFormat = "($cta_group^)? $taddr `,` $ncols attr-dict `:` qualified(type($taddr))";
  let ptxOperands = ["in taddr", "in ncols"];
  let ptxTypes = ["taddr : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.dealloc{cta_group}.sync.aligned.b32", [TIRx_CTAGroupDim]>];
}

def TIRx_PTXTcgen05RelinquishOp : TIRx_PTXOp<"tcgen05.relinquish_alloc_permit",
    PTX_Tcgen05, ["tcgen05.relinquish_alloc_permit.cta_group::{1,2}.sync.aligned"]> {
  let summary = "Give up the right to allocate tensor memory";
  let ptxDoc = "After it, the CTA may no longer call `tcgen05.alloc`.";
  let ptxExample = "tirx.ptx.tcgen05.relinquish_alloc_permit cta_1";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group);
  let assemblyFormat = "($cta_group^)? attr-dict";
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.relinquish_alloc_permit{cta_group}.sync.aligned", [TIRx_CTAGroupDim]>];
}

def TIRx_PTXTcgen05MmaOp : TIRx_PTXOp<"tcgen05.mma", PTX_Tcgen05MMA,
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
  let ptxOperands = ["in d", "in a", "in b", "in idesc", "in disable_output_lane",
                     "in enable_input_d"];
  let ptxTypes = ["d : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<"tcgen05.mma{cta_group}{kind}",
      [TIRx_CTAGroupDim, "kind", "A: desc | tmem",
       "disable_output_lane: - | +"],
      ["a : {'i64' if A == 'desc' else '!tirx.ptr<f16, tmem>'}",
       "disable_output_lane : {'vector<8xi32>' if cta_group == 'cta_2' else 'vector<4xi32>' if disable_output_lane else 'none'}"]>];
  // The default collector usage, which LLVM spells out.
  let ptxSpellings = [".kind::f16=.kind::f16.collector::a::discard",
                      ".kind::tf32=.kind::tf32.collector::a::discard",
                      ".kind::f8f6f4=.kind::f8f6f4.collector::a::discard",
                      ".kind::i8=.kind::i8.collector::a::discard"];
}

def TIRx_PTXTcgen05MmaBlockScaleOp : TIRx_PTXOp<"tcgen05.mma.block_scale",
    PTX_Tcgen05MMA_PTX88,
    ["tcgen05.mma.cta_group::{1,2}.kind::mxf8f6f4.block_scale.scale_vec::1X",
     "tcgen05.mma.cta_group::{1,2}.kind::mxf4.block_scale.scale_vec::2X",
     "tcgen05.mma.cta_group::{1,2}.kind::mxf4nvf4.block_scale.scale_vec::{2X,4X}"]> {
  let summary = "Block-scaled tensor-core MMA (MX formats)";
  let ptxDoc = [{
`tcgen05.mma` whose inputs are scaled per block by the scale factors in
tensor memory at `scale_a` and `scale_b`. `mxf8f6f4` uses
`scale_vec_1x`, `mxf4` `scale_vec_2x`, `mxf4nvf4` `scale_vec_2x` or
`scale_vec_4x`. LLVM writes the scale vector as the kind's default,
`.block32` or `.block16`, which ptxas accepts from PTX ISA 8.8 only (it
reads even the default as `.block32`), hence the op's PTX ISA 8.8.

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
  let ptxOperands = ["in d", "in a", "in b", "in idesc", "in scale_a",
                     "in scale_b", "in enable_input_d"];
  let ptxTypes = ["d : !tirx.ptr<f32, tmem>", "scale_a : !tirx.ptr<i8, tmem>",
                  "scale_b : !tirx.ptr<i8, tmem>"];
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.mma{cta_group}{kind}.block_scale{scale_vec}",
      [TIRx_CTAGroupDim, "kind",
       "scale_vec: scale_vec_1x | scale_vec_2x | scale_vec_4x", "A: desc | tmem"],
      ["a : {'i64' if A == 'desc' else '!tirx.ptr<f16, tmem>'}"],
      "(kind, scale_vec) in [('mxf8f6f4', 'scale_vec_1x'), ('mxf4', 'scale_vec_2x'),"
      # " ('mxf4nvf4', 'scale_vec_2x'), ('mxf4nvf4', 'scale_vec_4x')]">];
  let ptxSpellings = [
    ".kind::mxf8f6f4.block_scale.scale_vec::1X=.kind::mxf8f6f4.block_scale",
    ".kind::mxf4.block_scale.scale_vec::2X=.kind::mxf4.block_scale",
    ".kind::mxf4nvf4.block_scale.scale_vec::2X=.kind::mxf4nvf4.block_scale.block32",
    ".kind::mxf4nvf4.block_scale.scale_vec::4X=.kind::mxf4nvf4.block_scale.block16",
    // The default collector usage, which LLVM spells out.
    ".scale_vec::1X=.scale_vec::1X.collector::a::discard",
    ".scale_vec::2X=.scale_vec::2X.collector::a::discard",
    ".scale_vec::4X=.scale_vec::4X.collector::a::discard"];
}

def TIRx_PTXTcgen05MmaWsOp : TIRx_PTXOp<"tcgen05.mma.ws", PTX_Tcgen05MMA,
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
  let ptxOperands = ["in d", "in a", "in b", "in idesc", "in enable_input_d",
                     "in zero_col_mask"];
  let ptxTypes = ["d : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<"tcgen05.mma.ws.cta_group::1{kind}",
      ["kind", "A: desc | tmem", "zero_col_mask: - | +"],
      ["a : {'i64' if A == 'desc' else '!tirx.ptr<f16, tmem>'}"]>];
  // The default collector usage, which LLVM spells out.
  let ptxSpellings = [".kind::f16=.kind::f16.collector::b0::discard",
                      ".kind::tf32=.kind::tf32.collector::b0::discard",
                      ".kind::f8f6f4=.kind::f8f6f4.collector::b0::discard",
                      ".kind::i8=.kind::i8.collector::b0::discard"];
}

// tcgen05.ld / tcgen05.st share their shape/count rules: `num` repetitions
// of the shape move num x R 32-bit registers per thread (R is 2 for
// 16x128b, 4 for 16x256b, 1 otherwise), at most 128; `pack`/`unpack` pack
// two 16-bit elements into each register and do not change the count.
def TIRx_Tcgen05Num : ConfinedAttr<I32Attr,
    [IntIsOneOf<[1, 2, 4, 8, 16, 32, 64, 128]>]>;
defvar TIRx_Tcgen05Regs =
    "num * dict(shape_16x128b=2, shape_16x256b=4).get(shape, 1)";

def TIRx_PTXTcgen05LdOp : TIRx_PTXOp<"tcgen05.ld", PTX_Tcgen05,
    ["tcgen05.ld.sync.aligned.{16x64b,16x128b,16x256b,32x32b}.{x1..x128}{.pack::16b}.b32",
     "tcgen05.ld.sync.aligned.16x32bx2.{x1..x128}{.pack::16b}.b32 ..., immHalfSplitoff"]> {
  let summary = "Load from tensor memory into registers";
  let ptxDoc = [{
Each thread of the warp loads `num` repetitions of `shape` from tensor
memory at `taddr`: the result holds num x (1 for 32x32b/16x64b/
16x32bx2, 2 for 16x128b, 4 for 16x256b) 32-bit registers, at most 128.
With `pack` each register holds two 16-bit elements (the count does not
change). `shape_16x32bx2` needs the immediate half-split `offset`.

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
  let ptxOperands = ["out res", "in taddr", "imm offset"];
  let ptxTypes = ["taddr : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<"tcgen05.ld.sync.aligned{shape}{num}{pack}.b32",
      ["shape", "num(.x#): 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128",
       "pack(.pack::16b): - | +"],
      [!strconcat("res : vector<{", TIRx_Tcgen05Regs, "}xi32>"),
       "offset = {'16 : i64' if shape == 'shape_16x32bx2' else None}"],
      !strconcat(TIRx_Tcgen05Regs, " <= 128")>];
}

def TIRx_PTXTcgen05StOp : TIRx_PTXOp<"tcgen05.st", PTX_Tcgen05,
    ["tcgen05.st.sync.aligned.{16x64b,16x128b,16x256b,32x32b}.{x1..x128}{.unpack::16b}.b32",
     "tcgen05.st.sync.aligned.16x32bx2.{x1..x128}{.unpack::16b}.b32 ..., immHalfSplitoff"]> {
  let summary = "Store registers to tensor memory";
  let ptxDoc = [{
The store counterpart of `tcgen05.ld`, with the same register count;
`unpack` splits each register into two 16-bit elements.

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
  let ptxOperands = ["in taddr", "imm offset", "in vals"];
  let ptxTypes = ["taddr : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<"tcgen05.st.sync.aligned{shape}{num}{unpack}.b32",
      ["shape", "num(.x#): 1 | 2 | 4 | 8 | 16 | 32 | 64 | 128",
       "unpack(.unpack::16b): - | +"],
      [!strconcat("vals : vector<{", TIRx_Tcgen05Regs, "}xi32>"),
       "offset = {'16 : i64' if shape == 'shape_16x32bx2' else None}"],
      !strconcat(TIRx_Tcgen05Regs, " <= 128")>];
}

def TIRx_PTXTcgen05CpOp : TIRx_PTXOp<"tcgen05.cp", PTX_Tcgen05,
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
  let ptxOperands = ["in taddr", "in sdesc"];
  let ptxTypes = ["taddr : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.cp{cta_group}{shape}{multicast}{src_fmt}",
      [TIRx_CTAGroupDim, "shape", "multicast", "src_fmt"], [],
      "(multicast is None) == (shape in ('shape_128x256b', 'shape_4x256b', 'shape_128x128b'))"
      # " and (shape != 'shape_32x128b' or multicast == 'warpx4')"
      # " and (shape != 'shape_64x128b' or multicast != 'warpx4')">];
}

def TIRx_PTXTcgen05ShiftOp : TIRx_PTXOp<"tcgen05.shift", PTX_Tcgen05Shift,
    ["tcgen05.shift.cta_group::{1,2}.down"]> {
  let summary = "Shift tensor-memory rows down by one";
  let ptxDoc = "Shifts the 32-byte rows of the matrix at `taddr` down by one row.";
  let ptxExample = "tirx.ptx.tcgen05.shift %t : !tirx.ptr<f32, tmem>";
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group, TIRx_TmemPtr:$taddr);
  let assemblyFormat = "($cta_group^)? $taddr attr-dict `:` qualified(type($taddr))";
  let ptxOperands = ["in taddr"];
  let ptxTypes = ["taddr : !tirx.ptr<f32, tmem>"];
  let ptxVariants = [TIRx_PTXForm<"tcgen05.shift{cta_group}.down", [TIRx_CTAGroupDim]>];
}

def TIRx_PTXTcgen05CommitOp : TIRx_PTXOp<"tcgen05.commit", PTX_Tcgen05,
    ["tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one{.shared::cluster}.b64",
     "tcgen05.commit.cta_group::{1,2}.mbarrier::arrive::one{.shared::cluster}.multicast::cluster.b64"]> {
  let summary = "Arrive on an mbarrier when prior tcgen05 ops complete";
  let ptxDoc = [{
Makes the mbarrier `bar` track completion of the thread's prior async
tcgen05 ops; with `multicast`, on the same barrier in every CTA of the
16-bit mask. `bar` may be the executing CTA's or, through a
`shared.cluster` pointer, a peer's (the 2-SM pattern signals the leader).
A generic `bar` (PTX's form without a state space) must point into the
executing CTA's shared memory.

  }];
  let ptxExample = [{
tirx.ptx.tcgen05.commit cta_2 %bar multicast %mask : !tirx.ptr<i64, shared>
  }];
  let arguments = (ins OptionalAttr<TIRx_PTXCTAGroup>:$cta_group,
      TIRx_MBarAnyOrGeneric:$bar, Optional<I16>:$multicast_mask);
  let assemblyFormat = "($cta_group^)? $bar (`multicast` $multicast_mask^)? attr-dict `:` qualified(type($bar))";
  let ptxOperands = ["in bar", "in multicast_mask"];
  let ptxVariants = [TIRx_PTXForm<
      "tcgen05.commit{cta_group}.mbarrier::arrive::one{B}{multicast_mask}.b64",
      [TIRx_CTAGroupDim,
       "B: shared=.shared::cluster | shared.cluster=.shared::cluster | generic=",
       "multicast_mask(.multicast::cluster): - | +"],
      ["bar : !tirx.ptr<i64, {B}>"]>];
}

def TIRx_PTXTcgen05FenceOp : TIRx_PTXOp<"tcgen05.fence", PTX_Tcgen05,
    ["tcgen05.fence::before_thread_sync", "tcgen05.fence::after_thread_sync"]> {
  let summary = "Order tcgen05 ops around thread synchronization";
  let ptxDoc = "Orders async tcgen05 ops before or after a following/preceding thread barrier.";
  let ptxExample = "tirx.ptx.tcgen05.fence after_thread_sync";
  let arguments = (ins TIRx_PTXTcgen05FenceKind:$kind);
  let assemblyFormat = "$kind attr-dict";
  let ptxVariants = [TIRx_PTXForm<"tcgen05.fence{kind}", ["kind"]>];
}

def TIRx_PTXTcgen05WaitOp : TIRx_PTXOp<"tcgen05.wait", PTX_Tcgen05,
    ["tcgen05.wait::ld.sync.aligned", "tcgen05.wait::st.sync.aligned"]> {
  let summary = "Wait for the thread's prior tcgen05.ld or tcgen05.st";
  let ptxDoc = "Waits until the thread's prior `tcgen05.ld` (`ld`) or `tcgen05.st` (`st`) complete.";
  let ptxExample = "tirx.ptx.tcgen05.wait ld";
  let arguments = (ins TIRx_PTXTcgen05WaitKind:$kind);
  let assemblyFormat = "$kind attr-dict";
  let ptxVariants = [TIRx_PTXForm<"tcgen05.wait{kind}.sync.aligned", ["kind"]>];
}

#endif // TIRX_DIALECT_TIRXPTXMMAOPS_TD
