//===- TIRxPTXArithOps.td - Scalar arithmetic PTX ops ------*- tablegen -*-===//
//
// The scalar instructions of PTX ISA 9.7.1 (integer), 9.7.3 (float), 9.7.4
// (half precision), 9.7.5 (mixed precision), 9.7.6 (comparison and
// selection) and 9.7.7 (logic and shift) with the modifiers arith has no
// word for: saturation, the high or wide half of a product, IEEE rounding,
// flush-to-zero, approximations, NaN-propagating and xorsign min/max,
// packed half pairs, setp with a predicate combine.
//
// Every op is a TIRx_PTXTableOp: its verifier, requirements and lowering
// (the one inline-PTX pattern) come from its variant table. The `type`
// attribute is the instruction type; the operands are the registers PTX
// gives it (`i1` for .pred; the packed pairs one register of their total
// width: `i32` for f16x2, bf16x2, u16x2 and s16x2, `i64` for f32x2).
// The simulator runs each op at the IR level with the semantics the PTX
// level runs the same instruction with (decodeTableScalarOp in
// lib/Sim/PTXTableDecode.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXARITHOPS_TD
#define TIRX_DIALECT_TIRXPTXARITHOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

def TIRx_PTXReg : AnyTypeOf<[I1, I8, I16, I32, I64, F16, BF16, F32, F64],
                            "PTX register value">;

// The type dims the families share (`reg(t)` is the register of type t).
defvar TIRx_ArithInt6 = "type: u16 | u32 | u64 | s16 | s32 | s64";
defvar TIRx_ArithHalf = "type: f16 | f16x2 | bf16 | bf16x2";
defvar TIRx_ArithSame2 = ["a : {reg(type)}", "b : {reg(type)}", "res : {reg(type)}"];
defvar TIRx_ArithSame1 = ["a : {reg(type)}", "res : {reg(type)}"];
defvar TIRx_ArithSame3 = ["a : {reg(type)}", "b : {reg(type)}", "c : {reg(type)}",
                          "res : {reg(type)}"];

//===----------------------------------------------------------------------===//
// add, sub, mul, mad, fma
//===----------------------------------------------------------------------===//

// add and sub: the integer, float, half and mixed-precision lines.
class TIRx_PTXAddSubOp<string name, string sum, string intTypes>
    : TIRx_PTXTableOp<name, PTX_SM70,
        [name # "{.sat}.{u16,u32,u64,s16,s32,s64}",
         name # "{.rnd}{.ftz}{.sat}.{f32,f32x2,f64}",
         name # "{.rn}{.ftz}{.sat}.{f16,f16x2,bf16,bf16x2}",
         name # "{.rnd}{.sat}.f32.{f16,bf16}"], [Pure]> {
  let summary = sum;
  let ptxDoc = [{
`a` and `b` combined in the instruction type: modulo 2^n for integers
(`sat` clamps s32 to its range), IEEE with rounding `rnd` (default `rn`)
for floats, `ftz` flushing f32 subnormals, `sat` clamping a float to
[0, 1]; `srctype` (f16 or bf16) converts `a` to f32 first.
  }];
  let ptxExample = "%r = tirx.ptx." # name # " rn ftz f32 %a, %b : (f32, f32) -> f32";
  let arguments = (ins OptionalAttr<TIRx_PTXFRnd>:$rnd, UnitAttr:$ftz,
                       UnitAttr:$sat, TIRx_PTXArithType:$type,
                       OptionalAttr<TIRx_PTXArithType>:$srctype,
                       TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($rnd^)? (`ftz` $ftz^)? (`sat` $sat^)? $type (`from` $srctype^)? $a `,` $b
    attr-dict `:` functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [
    TIRx_PTXForm<name # "{sat}{type}", ["sat(.sat): - | +", intTypes],
        TIRx_ArithSame2, "not sat or type == 's32'">,
    TIRx_PTXForm<name # "{rnd}{ftz}{sat}{type}",
        ["rnd", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f32 | f64 | f32x2@PTX_SM100"], TIRx_ArithSame2,
        "type == 'f32' or (type == 'f64' and not (ftz or sat)) or "
        "(type == 'f32x2' and not sat)">,
    TIRx_PTXForm<name # "{rnd}{ftz}{sat}{type}",
        ["rnd: - | rn", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f16 | f16x2 | bf16@PTX_SM90 | bf16x2@PTX_SM90"], TIRx_ArithSame2,
        "type in ('f16', 'f16x2') or not (ftz or sat)">,
    TIRx_PTXForm<name # "{rnd}{sat}{type}{srctype}",
        ["rnd", "sat(.sat): - | +", "type: f32", "srctype: f16 | bf16"],
        ["a : {reg(srctype)}", "b : f32", "res : f32"], "", [PTX_SM100]>];
}

def TIRx_PTXAddOp : TIRx_PTXAddSubOp<"add", "Add",
    "type: u16 | u32 | u64 | s16 | s32 | s64 | u16x2@PTX_SM90_PTX80 | s16x2@PTX_SM90_PTX80">;
def TIRx_PTXSubOp : TIRx_PTXAddSubOp<"sub", "Subtract", TIRx_ArithInt6>;

def TIRx_PTXMulOp : TIRx_PTXTableOp<"mul", PTX_SM70,
    ["mul.{hi,lo,wide}.{u16,u32,u64,s16,s32,s64}",
     "mul{.rnd}{.ftz}{.sat}.{f32,f32x2,f64}",
     "mul{.rn}{.ftz}{.sat}.{f16,f16x2,bf16,bf16x2}"], [Pure]> {
  let summary = "Multiply";
  let ptxDoc = [{
The product of `a` and `b`: for integers its low half (`lo`), high half
(`hi`) or the whole double-width product (`wide`, for 16- and 32-bit
types); for floats IEEE with rounding `rnd`, `ftz` and `sat` as for `add`.
  }];
  let ptxExample = "%p = tirx.ptx.mul wide s32 %a, %b : (i32, i32) -> i64";
  let arguments = (ins OptionalAttr<TIRx_PTXMulMode>:$mode,
                       OptionalAttr<TIRx_PTXFRnd>:$rnd, UnitAttr:$ftz,
                       UnitAttr:$sat, TIRx_PTXArithType:$type,
                       TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($mode^)? ($rnd^)? (`ftz` $ftz^)? (`sat` $sat^)? $type $a `,` $b attr-dict
    `:` functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [
    TIRx_PTXForm<"mul{mode}{type}", ["mode: hi | lo", TIRx_ArithInt6],
        TIRx_ArithSame2>,
    TIRx_PTXForm<"mul{mode}{type}", ["mode: wide", "type: u16 | u32 | s16 | s32"],
        ["a : {reg(type)}", "b : {reg(type)}", "res : {wide(type)}"]>,
    TIRx_PTXForm<"mul{rnd}{ftz}{sat}{type}",
        ["rnd", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f32 | f64 | f32x2@PTX_SM100"], TIRx_ArithSame2,
        "type == 'f32' or (type == 'f64' and not (ftz or sat)) or "
        "(type == 'f32x2' and not sat)">,
    TIRx_PTXForm<"mul{rnd}{ftz}{sat}{type}",
        ["rnd: - | rn", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f16 | f16x2 | bf16@PTX_SM90 | bf16x2@PTX_SM90"], TIRx_ArithSame2,
        "type in ('f16', 'f16x2') or not (ftz or sat)">];
}

def TIRx_PTXMadOp : TIRx_PTXTableOp<"mad", PTX_SM70,
    ["mad.{hi,lo,wide}.{u16,u32,u64,s16,s32,s64}", "mad.hi.sat.s32",
     "mad.rnd{.ftz}{.sat}.{f32,f64}"], [Pure]> {
  let summary = "Multiply and add";
  let ptxDoc = [{
`a * b + c`: for integers the product's `lo` or `hi` half plus `c`
(`hi sat` clamps s32), or the `wide` product plus a double-width `c`; for
floats the fused product and sum rounded once with `rnd` (mandatory).
  }];
  let ptxExample = "%r = tirx.ptx.mad lo u32 %a, %b, %c : (i32, i32, i32) -> i32";
  let arguments = (ins OptionalAttr<TIRx_PTXMulMode>:$mode,
                       OptionalAttr<TIRx_PTXFRnd>:$rnd, UnitAttr:$ftz,
                       UnitAttr:$sat, TIRx_PTXArithType:$type,
                       TIRx_PTXReg:$a, TIRx_PTXReg:$b, TIRx_PTXReg:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($mode^)? ($rnd^)? (`ftz` $ftz^)? (`sat` $sat^)? $type $a `,` $b `,` $c
    attr-dict `:` functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [
    TIRx_PTXForm<"mad{mode}{sat}{type}",
        ["mode: hi | lo", "sat(.sat): - | +", TIRx_ArithInt6], TIRx_ArithSame3,
        "not sat or (mode == 'hi' and type == 's32')">,
    TIRx_PTXForm<"mad{mode}{type}", ["mode: wide", "type: u16 | u32 | s16 | s32"],
        ["a : {reg(type)}", "b : {reg(type)}", "c : {wide(type)}",
         "res : {wide(type)}"]>,
    TIRx_PTXForm<"mad{rnd}{ftz}{sat}{type}",
        ["rnd: rn | rz | rm | rp", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f32 | f64"], TIRx_ArithSame3, "type == 'f32' or not (ftz or sat)">];
}

def TIRx_PTXFmaOp : TIRx_PTXTableOp<"fma", PTX_SM70,
    ["fma.rnd{.ftz}{.sat}.{f32,f32x2,f64}", "fma.rnd{.sat}.f32.{f16,bf16}",
     "fma.rn{.ftz}{.sat}{.relu}.{f16,f16x2,bf16,bf16x2}",
     "fma.rn.oob{.relu}.{f16,f16x2,bf16,bf16x2}"], [Pure]> {
  let summary = "Fused multiply-add";
  let ptxDoc = [{
`a * b + c` rounded once with `rnd` (mandatory; `rn` for the half types).
`srctype` (f16 or bf16) converts `a` and `b` to f32 first; `relu` clamps a
negative result to 0; `oob` gives 0 when an operand is an out-of-bounds
marker NaN; `ftz` and `sat` as for `add`.
  }];
  let ptxExample = "%r = tirx.ptx.fma rn f32 %a, %b, %c : (f32, f32, f32) -> f32";
  let arguments = (ins OptionalAttr<TIRx_PTXFRnd>:$rnd, UnitAttr:$ftz,
                       UnitAttr:$sat, UnitAttr:$oob, UnitAttr:$relu,
                       TIRx_PTXArithType:$type,
                       OptionalAttr<TIRx_PTXArithType>:$srctype,
                       TIRx_PTXReg:$a, TIRx_PTXReg:$b, TIRx_PTXReg:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($rnd^)? (`ftz` $ftz^)? (`sat` $sat^)? (`oob` $oob^)? (`relu` $relu^)?
    $type (`from` $srctype^)? $a `,` $b `,` $c attr-dict `:`
    functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [
    TIRx_PTXForm<"fma{rnd}{ftz}{sat}{type}",
        ["rnd: rn | rz | rm | rp", "ftz(.ftz): - | +", "sat(.sat): - | +",
         "type: f32 | f64 | f32x2@PTX_SM100"], TIRx_ArithSame3,
        "type == 'f32' or (type == 'f64' and not (ftz or sat)) or "
        "(type == 'f32x2' and not sat)">,
    TIRx_PTXForm<"fma{rnd}{sat}{type}{srctype}",
        ["rnd: rn | rz | rm | rp", "sat(.sat): - | +", "type: f32",
         "srctype: f16 | bf16"],
        ["a : {reg(srctype)}", "b : {reg(srctype)}", "c : f32", "res : f32"],
        "", [PTX_SM100]>,
    TIRx_PTXForm<"fma{rnd}{ftz}{sat}{relu}{type}",
        ["rnd: rn", "ftz(.ftz): - | +", "sat(.sat): - | +", "relu(.relu): - | +",
         TIRx_ArithHalf], TIRx_ArithSame3,
        "not (sat and relu) and (type in ('f16', 'f16x2') or not (ftz or sat))">,
    TIRx_PTXForm<"fma{rnd}{oob}{relu}{type}",
        ["rnd: rn", "oob(.oob): +", "relu(.relu): - | +", TIRx_ArithHalf],
        TIRx_ArithSame3, "", [PTX_SM90_PTX81]>];
}

//===----------------------------------------------------------------------===//
// div, rem, abs, neg, min, max, copysign
//===----------------------------------------------------------------------===//

def TIRx_PTXDivOp : TIRx_PTXTableOp<"div", PTX_SM70,
    ["div.{u16,u32,u64,s16,s32,s64}", "div.{approx,full}{.ftz}.f32",
     "div.rnd{.ftz}.f32", "div.rnd.f64"], [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Divide";
  let ptxDoc = [{
`a / b`: integer division truncating toward zero; for floats a fast
approximation (`approx`, `full` with full range), or IEEE with rounding
`rn`/`rz`/`rm`/`rp`.
  }];
  let ptxExample = "%q = tirx.ptx.div approx ftz f32 %a, %b : f32";
  let arguments = (ins OptionalAttr<TIRx_PTXDivMode>:$mode, UnitAttr:$ftz,
                       TIRx_PTXArithType:$type, TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($mode^)? (`ftz` $ftz^)? $type $a `,` $b attr-dict `:` type($res)
  }];
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [
    TIRx_PTXForm<"div{type}", [TIRx_ArithInt6], TIRx_ArithSame2>,
    TIRx_PTXForm<"div{mode}{ftz}{type}",
        ["mode: approx | full | rn | rz | rm | rp", "ftz(.ftz): - | +",
         "type: f32 | f64"], TIRx_ArithSame2,
        "type == 'f32' or (mode not in ('approx', 'full') and not ftz)">];
}

def TIRx_PTXRemOp : TIRx_PTXTableOp<"rem", PTX_SM70,
    ["rem.{u16,u32,u64,s16,s32,s64}"], [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Integer remainder";
  let ptxDoc = "`a - b * (a / b)`, the remainder of the division truncating toward zero.";
  let ptxExample = "%r = tirx.ptx.rem s32 %a, %b : i32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a `,` $b attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<"rem{type}", [TIRx_ArithInt6], TIRx_ArithSame2>];
}

// abs and neg: signed integers, f32/f64 and the half types.
class TIRx_PTXAbsNegOp<string name, string sum, string doc>
    : TIRx_PTXTableOp<name, PTX_SM70,
        [name # ".{s16,s32,s64}", name # "{.ftz}.{f32,f64}",
         name # "{.ftz}.{f16,f16x2,bf16,bf16x2}"],
        [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = sum;
  let ptxDoc = doc;
  let ptxExample = "%r = tirx.ptx." # name # " ftz f32 %a : f32";
  let arguments = (ins UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "(`ftz` $ftz^)? $type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [
    TIRx_PTXForm<name # "{type}", ["type: s16 | s32 | s64"], TIRx_ArithSame1>,
    TIRx_PTXForm<name # "{ftz}{type}", ["ftz(.ftz): - | +", "type: f32 | f64"],
        TIRx_ArithSame1, "type == 'f32' or not ftz">,
    TIRx_PTXForm<name # "{ftz}{type}", ["ftz(.ftz): - | +", TIRx_ArithHalf],
        TIRx_ArithSame1, "type in ('f16', 'f16x2') or not ftz">];
}

def TIRx_PTXAbsOp : TIRx_PTXAbsNegOp<"abs", "Absolute value",
    "`|a|` (the most negative integer stays itself; a float's sign bit cleared).">;
def TIRx_PTXNegOp : TIRx_PTXAbsNegOp<"neg", "Negate",
    "`-a` (modulo 2^n for integers; a float's sign bit flipped).">;

// min and max: integers (relu clamps at 0), floats (NaN propagates NaN,
// xorsign gives the magnitude's min/max the XOR of the signs), and the
// three-input f32 form of sm_100.
class TIRx_PTXMinMaxOp<string name, string sum>
    : TIRx_PTXTableOp<name, PTX_SM70,
        [name # "{.relu}.{u16,u32,u64,s16,s32,s64,u16x2,s16x2}",
         name # "{.ftz}{.NaN}{.xorsign.abs}.{f32,f16,f16x2,bf16,bf16x2}",
         name # ".f64", name # "{.ftz}{.NaN}{.abs}.f32 (three inputs)"], [Pure]> {
  let summary = sum;
  let ptxDoc = [{
The smaller (`min`) or larger (`max`) of `a` and `b` (and `c`, f32 on
sm_100). For integers `relu` clamps the result at 0. For floats a NaN
operand is ignored unless `nan` (PTX's `.NaN`) makes the result NaN;
`xorsign` (PTX's `.xorsign.abs`) compares magnitudes and gives the result
the XOR of the operands' signs; `abs` takes the magnitudes.
  }];
  let ptxExample = "%m = tirx.ptx." # name # " nan f32 %a, %b : (f32, f32) -> f32";
  let arguments = (ins UnitAttr:$relu, UnitAttr:$ftz, UnitAttr:$nan,
                       UnitAttr:$xorsign, UnitAttr:$abs, TIRx_PTXArithType:$type,
                       TIRx_PTXReg:$a, TIRx_PTXReg:$b,
                       Optional<TIRx_PTXReg>:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    (`relu` $relu^)? (`ftz` $ftz^)? (`nan` $nan^)? (`xorsign` $xorsign^)?
    (`abs` $abs^)? $type $a `,` $b (`,` $c^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [
    TIRx_PTXForm<name # "{relu}{type}",
        ["relu(.relu): - | +",
         "type: u16 | u32 | u64 | s16 | s32 | s64 | u16x2@PTX_SM90_PTX80 | s16x2@PTX_SM90_PTX80"],
        TIRx_ArithSame2, "not relu or type in ('s32', 's16x2')", [], 0,
        ["PTX_SM90_PTX80: relu"]>,
    TIRx_PTXForm<name # "{ftz}{nan}{xorsign}{type}",
        ["ftz(.ftz): - | +", "nan(.NaN): - | +",
         "xorsign(.xorsign.abs): - | +@PTX_SM86_PTX72", "type: f32 | f64"],
        TIRx_ArithSame2, "type == 'f32' or not (ftz or nan or xorsign)">,
    TIRx_PTXForm<name # "{ftz}{nan}{xorsign}{type}",
        ["ftz(.ftz): - | +", "nan(.NaN): - | +",
         "xorsign(.xorsign.abs): - | +@PTX_SM86_PTX72", TIRx_ArithHalf],
        TIRx_ArithSame2, "type in ('f16', 'f16x2') or not ftz">,
    TIRx_PTXForm<name # "{ftz}{nan}{abs}{type}",
        ["ftz(.ftz): - | +", "nan(.NaN): - | +", "abs(.abs): - | +",
         "type: f32", "c: +"], TIRx_ArithSame3, "", [PTX_SM100_PTX88]>];
}

def TIRx_PTXMinOp : TIRx_PTXMinMaxOp<"min", "Minimum">;
def TIRx_PTXMaxOp : TIRx_PTXMinMaxOp<"max", "Maximum">;

def TIRx_PTXCopysignOp : TIRx_PTXTableOp<"copysign", PTX_SM70,
    ["copysign.{f32,f64}"], [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Copy the sign";
  let ptxDoc = "`b` with the sign of `a`.";
  let ptxExample = "%r = tirx.ptx.copysign f32 %a, %b : f32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a `,` $b attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<"copysign{type}", ["type: f32 | f64"],
      TIRx_ArithSame2>];
}

//===----------------------------------------------------------------------===//
// rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh, testp
//===----------------------------------------------------------------------===//

def TIRx_PTXRcpOp : TIRx_PTXTableOp<"rcp", PTX_SM70,
    ["rcp.approx{.ftz}.f32", "rcp.approx.ftz.f64", "rcp.rnd{.ftz}.f32",
     "rcp.rnd.f64"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Reciprocal";
  let ptxDoc = "`1 / a`: a fast approximation (`approx`) or IEEE with rounding `rn`/`rz`/`rm`/`rp`.";
  let ptxExample = "%r = tirx.ptx.rcp approx ftz f32 %a : f32";
  let arguments = (ins TIRx_PTXDivMode:$mode, UnitAttr:$ftz,
                       TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$mode (`ftz` $ftz^)? $type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"rcp{mode}{ftz}{type}",
      ["mode: approx | rn | rz | rm | rp", "ftz(.ftz): - | +", "type: f32 | f64"],
      TIRx_ArithSame1,
      "type == 'f32' or (mode == 'approx') == (ftz is True)">];
}

def TIRx_PTXSqrtOp : TIRx_PTXTableOp<"sqrt", PTX_SM70,
    ["sqrt.approx{.ftz}.f32", "sqrt.rnd{.ftz}.f32", "sqrt.rnd.f64"],
    [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Square root";
  let ptxDoc = "`sqrt(a)`: a fast approximation (`approx`) or IEEE with rounding `rn`/`rz`/`rm`/`rp`.";
  let ptxExample = "%r = tirx.ptx.sqrt rn f64 %a : f64";
  let arguments = (ins TIRx_PTXDivMode:$mode, UnitAttr:$ftz,
                       TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$mode (`ftz` $ftz^)? $type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"sqrt{mode}{ftz}{type}",
      ["mode: approx | rn | rz | rm | rp", "ftz(.ftz): - | +", "type: f32 | f64"],
      TIRx_ArithSame1, "type == 'f32' or (mode != 'approx' and not ftz)">];
}

def TIRx_PTXRsqrtOp : TIRx_PTXTableOp<"rsqrt", PTX_SM70,
    ["rsqrt.approx{.ftz}.{f32,f64}"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Approximate reciprocal square root";
  let ptxDoc = "An approximation of `1 / sqrt(a)`.";
  let ptxExample = "%r = tirx.ptx.rsqrt ftz f32 %a : f32";
  let arguments = (ins UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "(`ftz` $ftz^)? $type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"rsqrt.approx{ftz}{type}",
      ["ftz(.ftz): - | +", "type: f32 | f64"], TIRx_ArithSame1>];
}

// sin, cos and lg2: one line each, `op.approx{.ftz}.f32`.
class TIRx_PTXApproxF32Op<string name, string sum, string doc>
    : TIRx_PTXTableOp<name, PTX_SM70, [name # ".approx{.ftz}.f32"], [Pure]> {
  let summary = sum;
  let ptxDoc = doc;
  let ptxExample = "%r = tirx.ptx." # name # " ftz %a";
  let arguments = (ins UnitAttr:$ftz, F32:$a);
  let results = (outs F32:$res);
  let assemblyFormat = "(`ftz` $ftz^)? $a attr-dict";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<name # ".approx{ftz}.f32", ["ftz(.ftz): - | +"]>];
}

def TIRx_PTXSinOp : TIRx_PTXApproxF32Op<"sin", "Approximate sine",
    "An approximation of the sine of `a` (radians).">;
def TIRx_PTXCosOp : TIRx_PTXApproxF32Op<"cos", "Approximate cosine",
    "An approximation of the cosine of `a` (radians).">;
def TIRx_PTXLg2Op : TIRx_PTXApproxF32Op<"lg2", "Approximate base-2 logarithm",
    "An approximation of `log2(a)`.">;

def TIRx_PTXEx2Op : TIRx_PTXTableOp<"ex2", PTX_SM70,
    ["ex2.approx{.ftz}.f32", "ex2.approx.{f16,f16x2}", "ex2.approx.ftz.{bf16,bf16x2}"],
    [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Approximate base-2 exponential";
  let ptxDoc = "An approximation of `2^a` (per half of a packed pair).";
  let ptxExample = "%r = tirx.ptx.ex2 ftz f32 %a : f32";
  let arguments = (ins UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "(`ftz` $ftz^)? $type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [
    TIRx_PTXForm<"ex2.approx{ftz}{type}", ["ftz(.ftz): - | +", "type: f32"],
        TIRx_ArithSame1>,
    TIRx_PTXForm<"ex2.approx{type}", ["type: f16 | f16x2"], TIRx_ArithSame1>,
    TIRx_PTXForm<"ex2.approx{ftz}{type}", ["ftz(.ftz): +", "type: bf16 | bf16x2"],
        TIRx_ArithSame1, "", [PTX_SM90]>];
}

def TIRx_PTXTanhOp : TIRx_PTXTableOp<"tanh", PTX_SM75,
    ["tanh.approx.{f32,f16,f16x2,bf16,bf16x2}"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Approximate hyperbolic tangent";
  let ptxDoc = "An approximation of `tanh(a)` (per half of a packed pair).";
  let ptxExample = "%r = tirx.ptx.tanh f32 %a : f32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"tanh.approx{type}",
      ["type: f32 | f16 | f16x2 | bf16@PTX_SM90 | bf16x2@PTX_SM90"], TIRx_ArithSame1>];
}

def TIRx_PTXTestpOp : TIRx_PTXTableOp<"testp", PTX_SM70,
    ["testp.{finite,infinite,number,notanumber,normal,subnormal}.{f32,f64}"], [Pure]> {
  let summary = "Test a float's class";
  let ptxDoc = [{
True when `a` is finite, infinite, a number, not a number, normal or
subnormal (`kind`).
  }];
  let ptxExample = "%p = tirx.ptx.testp notanumber f32 %a : f32";
  let arguments = (ins TIRx_PTXTestpKind:$kind, TIRx_PTXArithType:$type,
                       TIRx_PTXReg:$a);
  let results = (outs I1:$res);
  let assemblyFormat = "$kind $type $a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"testp{kind}{type}", ["kind", "type: f32 | f64"],
      ["a : {reg(type)}"]>];
}

//===----------------------------------------------------------------------===//
// setp, selp, slct
//===----------------------------------------------------------------------===//

def TIRx_PTXSetpOp : TIRx_PTXTableOp<"setp", PTX_SM70,
    ["setp.cmp{.bool}.{b16,b32,b64,u16,u32,u64,s16,s32,s64}",
     "setp.cmp{.bool}{.ftz}.{f32,f64,f16,bf16}"],
    [Pure, AllTypesMatch<["a", "b"]>]> {
  let summary = "Compare into a predicate";
  let ptxDoc = [{
`a cmp b` in the instruction type: `eq`, `ne`, `lt`, `le`, `gt`, `ge`
(signed for s types), `lo`, `ls`, `hi`, `hs` (unsigned), and for floats
the unordered `equ` ... `geu`, `num` (neither is NaN) and `nan` (either
is). With `bool` (and, or, xor) the comparison is combined with the
predicate `c`.
  }];
  let ptxExample = "%p = tirx.ptx.setp lt and s32 %a, %b, %q : i32";
  let arguments = (ins TIRx_PTXCmpOp:$cmp, OptionalAttr<TIRx_PTXBoolOp>:$bool_op,
                       UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a,
                       TIRx_PTXReg:$b, Optional<I1>:$c);
  let results = (outs I1:$res);
  let assemblyFormat = [{
    $cmp ($bool_op^)? (`ftz` $ftz^)? $type $a `,` $b (`,` $c^)? attr-dict `:`
    type($a)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  defvar cSet = "(bool_op is None) == (not c)";
  let ptxVariants = [
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne", "bool_op", "c: - | +", "type: b16 | b32 | b64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne | lt | le | gt | ge | lo | ls | hi | hs", "bool_op",
         "c: - | +", "type: u16 | u32 | u64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne | lt | le | gt | ge", "bool_op", "c: - | +",
         "type: s16 | s32 | s64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{ftz}{type}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +",
         "type: f32 | f64 | f16 | bf16@PTX_SM90"],
        ["a : {reg(type)}", "b : {reg(type)}"],
        cSet # " and (type in ('f32', 'f16') or not ftz)">];
}

def TIRx_PTXSetpPQOp : TIRx_PTXTableOp<"setp.pq", PTX_SM70,
    ["setp.cmp{.bool}.{b16,b32,b64,u16,u32,u64,s16,s32,s64} p|q",
     "setp.cmp{.bool}{.ftz}.{f32,f64,f16x2,bf16x2} p|q"],
    [Pure, AllTypesMatch<["a", "b"]>]> {
  let summary = "Compare into two predicates";
  let ptxDoc = [{
The `p|q` form of `setp`. On a scalar type, `p` is `a cmp b` and `q` its
complement, each combined with the predicate `c` by `bool` (and, or,
xor) when it is given. On a packed f16x2 or bf16x2 pair the halves are
compared apart: `p` is the low half's result and `q` the high half's
(each combined with `c`). The lone halves (f16, bf16) have no `p|q`
form. The comparisons are those of `setp`.
  }];
  let ptxExample = "%p, %q = tirx.ptx.setp.pq lt f16x2 %a, %b : i32";
  let arguments = (ins TIRx_PTXCmpOp:$cmp, OptionalAttr<TIRx_PTXBoolOp>:$bool_op,
                       UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a,
                       TIRx_PTXReg:$b, Optional<I1>:$c);
  let results = (outs I1:$p, I1:$q);
  let assemblyFormat = [{
    $cmp ($bool_op^)? (`ftz` $ftz^)? $type $a `,` $b (`,` $c^)? attr-dict `:`
    type($a)
  }];
  let ptxOperands = ["out p", "|out q", "in a", "in b", "in c"];
  defvar cSet = "(bool_op is None) == (not c)";
  let ptxVariants = [
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne", "bool_op", "c: - | +", "type: b16 | b32 | b64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne | lt | le | gt | ge | lo | ls | hi | hs", "bool_op",
         "c: - | +", "type: u16 | u32 | u64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{type}",
        ["cmp: eq | ne | lt | le | gt | ge", "bool_op", "c: - | +",
         "type: s16 | s32 | s64"],
        ["a : {reg(type)}", "b : {reg(type)}"], cSet>,
    TIRx_PTXForm<"setp{cmp}{bool_op}{ftz}{type}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +",
         "type: f32 | f64 | f16x2 | bf16x2@PTX_SM90"],
        ["a : {reg(type)}", "b : {reg(type)}"],
        cSet # " and (type in ('f32', 'f16x2') or not ftz)">];
}

def TIRx_PTXSelpOp : TIRx_PTXTableOp<"selp", PTX_SM70,
    ["selp.{b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64}"],
    [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Select by a predicate";
  let ptxDoc = "`a` when the predicate `c` is true, else `b`.";
  let ptxExample = "%r = tirx.ptx.selp b32 %a, %b, %p : i32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a, TIRx_PTXReg:$b,
                       I1:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a `,` $b `,` $c attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [TIRx_PTXForm<"selp{type}",
      ["type: b16 | b32 | b64 | u16 | u32 | u64 | s16 | s32 | s64 | f32 | f64"],
      TIRx_ArithSame2>];
}

def TIRx_PTXSlctOp : TIRx_PTXTableOp<"slct", PTX_SM70,
    ["slct.{b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64}.s32",
     "slct{.ftz}.{b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64}.f32"],
    [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Select by the sign of a value";
  let ptxDoc = "`a` when `c` (an i32 or f32) is non-negative, else `b`.";
  let ptxExample = "%r = tirx.ptx.slct f32 %a, %b, %c : f32, i32";
  let arguments = (ins UnitAttr:$ftz, TIRx_PTXArithType:$type, TIRx_PTXReg:$a,
                       TIRx_PTXReg:$b, AnyTypeOf<[I32, F32]>:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    (`ftz` $ftz^)? $type $a `,` $b `,` $c attr-dict `:` type($res) `,` type($c)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  defvar types = "type: b16 | b32 | b64 | u16 | u32 | u64 | s16 | s32 | s64 | f32 | f64";
  let ptxVariants = [
    TIRx_PTXForm<"slct{type}.s32", [types],
        !listconcat(TIRx_ArithSame2, ["c : i32"])>,
    TIRx_PTXForm<"slct{ftz}{type}.f32", ["ftz(.ftz): - | +", types],
        !listconcat(TIRx_ArithSame2, ["c : f32"])>];
}

//===----------------------------------------------------------------------===//
// and, or, xor, not, shl, shr, szext, bmsk, fns
//===----------------------------------------------------------------------===//

class TIRx_PTXLogicOp<string name, string sum, string doc>
    : TIRx_PTXTableOp<name, PTX_SM70, [name # ".{pred,b16,b32,b64}"],
        [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = sum;
  let ptxDoc = doc;
  let ptxExample = "%r = tirx.ptx." # name # " b32 %a, %b : i32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a, TIRx_PTXReg:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a `,` $b attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<name # "{type}", ["type: pred | b16 | b32 | b64"],
      TIRx_ArithSame2>];
}

def TIRx_PTXAndOp : TIRx_PTXLogicOp<"and", "Bitwise and", "`a & b` (of predicates: both true).">;
def TIRx_PTXOrOp : TIRx_PTXLogicOp<"or", "Bitwise or", "`a | b` (of predicates: either true).">;
def TIRx_PTXXorOp : TIRx_PTXLogicOp<"xor", "Bitwise exclusive or", "`a ^ b` (of predicates: exactly one true).">;

def TIRx_PTXNotOp : TIRx_PTXTableOp<"not", PTX_SM70, ["not.{pred,b16,b32,b64}"],
    [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Bitwise complement";
  let ptxDoc = "`~a` (of a predicate: its negation).";
  let ptxExample = "%r = tirx.ptx.not pred %p : i1";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"not{type}", ["type: pred | b16 | b32 | b64"],
      TIRx_ArithSame1>];
}

class TIRx_PTXShiftOp<string name, string sum, string doc, string types>
    : TIRx_PTXTableOp<name, PTX_SM70, [name # "." # types],
        [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = sum;
  let ptxDoc = doc;
  let ptxExample = "%r = tirx.ptx." # name # " b32 %a, %n : i32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a, I32:$b);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a `,` $b attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a", "in b"];
}

def TIRx_PTXShlOp : TIRx_PTXShiftOp<"shl", "Shift left",
    "`a << b`; a shift of the width or more gives 0.", "{b16,b32,b64}"> {
  let ptxVariants = [TIRx_PTXForm<"shl{type}", ["type: b16 | b32 | b64"],
      TIRx_ArithSame1>];
}
def TIRx_PTXShrOp : TIRx_PTXShiftOp<"shr", "Shift right",
    "`a >> b`, arithmetic for s types (sign fill) and logical otherwise; shifts of the width or more fill completely.",
    "{b16,b32,b64,u16,u32,u64,s16,s32,s64}"> {
  let ptxVariants = [TIRx_PTXForm<"shr{type}",
      ["type: b16 | b32 | b64 | u16 | u32 | u64 | s16 | s32 | s64"], TIRx_ArithSame1>];
}

def TIRx_PTXSzextOp : TIRx_PTXTableOp<"szext", PTX_SM70_PTX76,
    ["szext.{clamp,wrap}.{u32,s32}"], [Pure]> {
  let summary = "Sign- or zero-extend a bit field";
  let ptxDoc = [{
The low `b` bits of `a` zero-extended (`u32`) or sign-extended (`s32`) to
32 bits; `b` is clamped to 32 (`clamp`) or read modulo 32 (`wrap`).
  }];
  let ptxExample = "%r = tirx.ptx.szext wrap s32 %a, %n";
  let arguments = (ins TIRx_PTXShfMode:$mode, TIRx_PTXArithType:$type, I32:$a,
                       I32:$b);
  let results = (outs I32:$res);
  let assemblyFormat = "$mode $type $a `,` $b attr-dict";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<"szext{mode}{type}", ["mode", "type: u32 | s32"]>];
}

def TIRx_PTXBmskOp : TIRx_PTXTableOp<"bmsk", PTX_SM70_PTX76,
    ["bmsk.{clamp,wrap}.b32"], [Pure]> {
  let summary = "Bit field mask";
  let ptxDoc = [{
A mask of `b` ones starting at bit `a` (bits past 31 dropped); `b` and `a`
are clamped to 32 (`clamp`) or read modulo 32 (`wrap`).
  }];
  let ptxExample = "%m = tirx.ptx.bmsk clamp %pos, %len";
  let arguments = (ins TIRx_PTXShfMode:$mode, I32:$a, I32:$b);
  let results = (outs I32:$res);
  let assemblyFormat = "$mode $a `,` $b attr-dict";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<"bmsk{mode}.b32", ["mode"]>];
}

def TIRx_PTXFnsOp : TIRx_PTXTableOp<"fns", PTX_SM70, ["fns.b32"], [Pure]> {
  let summary = "Find the n-th set bit";
  let ptxDoc = [{
The position of the `offset`-th set bit of `mask` counted from bit `base`
(upward for a positive offset, downward for a negative one), or
0xffffffff when there is none.
  }];
  let ptxExample = "%i = tirx.ptx.fns %mask, %base, %offset";
  let arguments = (ins I32:$mask, I32:$base, I32:$offset);
  let results = (outs I32:$res);
  let assemblyFormat = "$mask `,` $base `,` $offset attr-dict";
  let ptxOperands = ["out res", "in mask", "in base", "in offset"];
  let ptxVariants = [TIRx_PTXForm<"fns.b32">];
}

//===----------------------------------------------------------------------===//
// mov, set, cvt
//===----------------------------------------------------------------------===//

def TIRx_PTXMovOp : TIRx_PTXTableOp<"mov", PTX_SM70,
    ["mov.{pred,b16,b32,b64,u16,u32,u64,s16,s32,s64,f32,f64}"],
    [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Move a register";
  let ptxDoc = "`a`, unchanged.";
  let ptxExample = "%r = tirx.ptx.mov b32 %a : i32";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXReg:$a);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = "$type $a attr-dict `:` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"mov{type}",
      ["type: pred | b16 | b32 | b64 | u16 | u32 | u64 | s16 | s32 | s64 | f32 | f64"],
      TIRx_ArithSame1>];
}

// mov's pack and unpack forms: `.type` is the whole width; the lanes are
// a braced group (a vector), element 0 the lowest bits.
def TIRx_PTXLanes : VectorOfRankAndType<[1], [I16, I32]>;

def TIRx_PTXMovPackOp : TIRx_PTXTableOp<"mov.pack", PTX_SM70,
    ["mov.b32 d, {a0, a1} (16-bit lanes)", "mov.b64 d, {a0, a1} (32-bit lanes)",
     "mov.b64 d, {a0, a1, a2, a3} (16-bit lanes)"], [Pure]> {
  let summary = "Pack lanes into one register";
  let ptxDoc = [{
The lanes of the vector `a` concatenated into one register of `type`'s
width, element 0 in the lowest bits (PTX's `mov.b32 d, {a0, a1}`).
  }];
  let ptxExample = "%r = tirx.ptx.mov.pack b64 %v : vector<4xi16> -> i64";
  let arguments = (ins TIRx_PTXArithType:$type, TIRx_PTXLanes:$a);
  let results = (outs AnyTypeOf<[I32, I64]>:$res);
  let assemblyFormat = "$type $a attr-dict `:` type($a) `->` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"mov{type}",
      ["type: b32 | b64", "n: 2 | 4"],
      ["a : vector<{n}xi{bits(type) // n}>", "res : i{bits(type)}"],
      "bits(type) // n >= 16">];
}

def TIRx_PTXMovUnpackOp : TIRx_PTXTableOp<"mov.unpack", PTX_SM70,
    ["mov.b32 {d0, d1}, a (16-bit lanes)", "mov.b64 {d0, d1}, a (32-bit lanes)",
     "mov.b64 {d0, d1, d2, d3}, a (16-bit lanes)"], [Pure]> {
  let summary = "Split one register into lanes";
  let ptxDoc = [{
The register `a` of `type`'s width split into the lanes of a vector,
element 0 the lowest bits (PTX's `mov.b32 {d0, d1}, a`).
  }];
  let ptxExample = "%v = tirx.ptx.mov.unpack b32 %x : i32 -> vector<2xi16>";
  let arguments = (ins TIRx_PTXArithType:$type, AnyTypeOf<[I32, I64]>:$a);
  let results = (outs TIRx_PTXLanes:$res);
  let assemblyFormat = "$type $a attr-dict `:` type($a) `->` type($res)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"mov{type}",
      ["type: b32 | b64", "n: 2 | 4"],
      ["a : i{bits(type)}", "res : vector<{n}xi{bits(type) // n}>"],
      "bits(type) // n >= 16">];
}

def TIRx_PTXSetOp : TIRx_PTXTableOp<"set", PTX_SM70,
    ["set.cmp{.bool}.{u32,s32,f32}.{b16,b32,b64,u16,u32,u64,s16,s32,s64}",
     "set.cmp{.bool}{.ftz}.{u32,s32,f32}.{f32,f64}",
     "set.cmp{.bool}{.ftz}.{f16,bf16}.{b16,b32,b64,u16,u32,u64,s16,s32,s64,f16,f32,f64}",
     "set.cmp{.bool}{.ftz}.{u16,s16,u32,s32}.{f16,bf16}",
     "set.cmp{.bool}{.ftz}.{f16x2,u32,s32}.f16x2", "set.cmp{.bool}.{bf16x2,u32,s32}.bf16x2"],
    [Pure, AllTypesMatch<["a", "b"]>]> {
  let summary = "Compare into a value";
  let ptxDoc = [{
`a cmp b` (as for `setp`, and combined with the predicate `c` by `bool`)
written as a value of `dtype`: all ones for an integer (0 when false), 1.0
for f32, f16 and bf16 (0.0 when false). A packed f16x2 or bf16x2 source
compares its two halves apart and writes two 16-bit results (1.0 in the
packed type, or 0xFFFF each for u32/s32), the low half's in the low half.
  }];
  let ptxExample = "%r = tirx.ptx.set lt u32 from s32 %a, %b : i32 -> i32";
  let arguments = (ins TIRx_PTXCmpOp:$cmp, OptionalAttr<TIRx_PTXBoolOp>:$bool_op,
                       UnitAttr:$ftz, TIRx_PTXArithType:$dtype,
                       TIRx_PTXArithType:$stype, TIRx_PTXReg:$a, TIRx_PTXReg:$b,
                       Optional<I1>:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    $cmp ($bool_op^)? (`ftz` $ftz^)? $dtype `from` $stype $a `,` $b (`,` $c^)?
    attr-dict `:` type($a) `->` type($res)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  defvar cSet = "(bool_op is None) == (not c)";
  defvar dtypes = "dtype: u32 | s32 | f32";
  defvar sets = ["a : {reg(stype)}", "b : {reg(stype)}", "res : {reg(dtype)}"];
  let ptxVariants = [
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne", "bool_op", "c: - | +", dtypes, "stype: b16 | b32 | b64"],
        sets, cSet>,
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | lo | ls | hi | hs", "bool_op",
         "c: - | +", dtypes, "stype: u16 | u32 | u64"], sets, cSet>,
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge", "bool_op", "c: - | +", dtypes,
         "stype: s16 | s32 | s64"], sets, cSet>,
    TIRx_PTXForm<"set{cmp}{bool_op}{ftz}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +", dtypes, "stype: f32 | f64"],
        sets, cSet # " and (stype == 'f32' or not ftz)">,
    // The half-precision lines (PTX ISA, half precision comparison): an f16
    // or bf16 result of any source, an integer result of a half source, and
    // the packed pairs. `.ftz` flushes inputs: f16, f32 and f16x2 sources
    // take it, a bf16 result does not; no unsigned lo/ls/hi/hs here.
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne", "bool_op", "c: - | +", "dtype: f16 | bf16@PTX_SM90",
         "stype: b16 | b32 | b64"], sets, cSet>,
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge", "bool_op", "c: - | +",
         "dtype: f16 | bf16@PTX_SM90", "stype: u16 | u32 | u64 | s16 | s32 | s64"],
        sets, cSet>,
    TIRx_PTXForm<"set{cmp}{bool_op}{ftz}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +", "dtype: f16 | bf16@PTX_SM90",
         "stype: f16 | f32 | f64"],
        sets, cSet # " and (not ftz or (dtype == 'f16' and stype != 'f64'))">,
    TIRx_PTXForm<"set{cmp}{bool_op}{ftz}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +", "dtype: u16 | s16 | u32 | s32",
         "stype: f16 | bf16@PTX_SM90"],
        sets, cSet # " and (not ftz or stype == 'f16')", [PTX_SM70_PTX65]>,
    TIRx_PTXForm<"set{cmp}{bool_op}{ftz}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "ftz(.ftz): - | +", "dtype: f16x2 | u32 | s32",
         "stype: f16x2"],
        sets, cSet, [], 0, ["PTX_SM70_PTX65: dtype != 'f16x2'"]>,
    TIRx_PTXForm<"set{cmp}{bool_op}{dtype}{stype}",
        ["cmp: eq | ne | lt | le | gt | ge | equ | neu | ltu | leu | gtu | geu | num | nan",
         "bool_op", "c: - | +", "dtype: bf16x2 | u32 | s32", "stype: bf16x2"],
        sets, cSet, [PTX_SM90]>];
}

// cvt's source: a register, or the braced group of four f32 of the .rs x4
// lines (a vector<4xf32>).
def TIRx_PTXRegOrF32x4 : AnyTypeOf<[TIRx_PTXReg, VectorOfLengthAndType<[4], [F32]>],
    "PTX register value or vector of four f32">;

def TIRx_PTXCvtOp : TIRx_PTXTableOp<"cvt", PTX_SM70,
    ["cvt{.irnd,.frnd}{.ftz}{.sat}.{u8,u16,u32,u64,s8,s16,s32,s64,bf16,f16,f32,f64}.{same}",
     "cvt.{rn,rz}{.relu}{.satfinite}.{f16,bf16}.f32",
     "cvt.{rn,rz}{.relu}{.satfinite}.{f16x2,bf16x2}.f32 (two sources)",
     "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32 (two sources)",
     "cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}",
     "cvt.rna{.satfinite}.tf32.f32", "cvt.{rn,rz}{.satfinite}{.relu}.tf32.f32",
     "cvt.pack.sat.{u16,s16}.s32", "cvt.pack.sat.{u2,s2,u4,s4,u8,s8}.s32.b32",
     "cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 (two sources, random bits)",
     "cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2",
     "cvt.rn.satfinite{.relu}.{e2m1x2,e2m3x2,e3m2x2}.f32 (two sources)",
     "cvt.rn.satfinite{.relu}.e2m1x2.f16x2",
     "cvt.{rz,rp}{.satfinite}.ue8m0x2.{f32 (two sources),bf16x2}",
     "cvt.rn{.relu}.f16x2.{e2m1x2,e2m3x2,e3m2x2}", "cvt.rn.bf16x2.ue8m0x2",
     "cvt.rs{.relu}.satfinite.{e4m3x4,e5m2x4,e2m1x4,e2m3x4,e3m2x4}.f32 (four sources, random bits)"],
    [Pure, AttrSizedOperandSegments]> {
  let summary = "Convert between types";
  let ptxDoc = [{
`a` converted from `atype` to `dtype`. Rounding: an integer rounding
(`rni`, `rzi`, `rmi`, `rpi`) to or within an integer value, a float
rounding (`rn`, `rz`, `rm`, `rp`) where precision is lost; `sat` clamps to
the destination's range (floats to [0, 1]), `ftz` flushes f32 subnormals,
`relu` clamps negatives to 0 and `satfinite` saturates to the largest
finite value. The packed forms convert two f32 sources `a` (the high half)
and `b` (the low half) into one register, or a pair of fp8 values into an
f16x2; `pack` (PTX's `.pack.sat`) narrows the saturated `a` and `b` (and
`c`'s remaining fields) into one 32-bit register.

The narrow formats of sm_100: e2m1 (fp4, an 8-bit register holding two:
`a` in the high nibble), e2m3 and e3m2 (fp6, each in the low 6 bits of a
byte of a 16-bit register) and ue8m0 (an unsigned power-of-two scale, two
in a 16-bit register), converted from two f32 sources (`a` the high
lane), from a packed half pair, or to an f16x2 (bf16x2 for ue8m0). `rs`
rounds stochastically with the random bits of its last operand (an i32:
`c` of the two-source lines, `b` of the x4 lines, which convert the four
f32 of a `vector<4xf32>` `a`, element 0 the lowest lane, into four
fp8/fp6 values in an i32 or four fp4 values in an i16).
  }];
  let ptxExample = "%h = tirx.ptx.cvt rn f16 from f32 %x : (f32) -> f16";
  let arguments = (ins OptionalAttr<TIRx_PTXCvtRnd>:$rnd, UnitAttr:$relu,
                       UnitAttr:$satfinite, UnitAttr:$ftz, UnitAttr:$sat,
                       UnitAttr:$pack, TIRx_PTXCvtType:$dtype,
                       TIRx_PTXCvtType:$atype, TIRx_PTXRegOrF32x4:$a,
                       Optional<TIRx_PTXReg>:$b, Optional<TIRx_PTXReg>:$c);
  let results = (outs TIRx_PTXReg:$res);
  let assemblyFormat = [{
    ($rnd^)? (`relu` $relu^)? (`satfinite` $satfinite^)? (`ftz` $ftz^)?
    (`sat` $sat^)? (`pack` $pack^)? $dtype `from` $atype $a (`,` $b^)?
    (`,` $c^)? attr-dict `:` functional-type(operands, results)
  }];
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  defvar basic = "u8 | u16 | u32 | u64 | s8 | s16 | s32 | s64 | bf16 | f16 | f32 | f64";
  defvar irnd = "('rni', 'rzi', 'rmi', 'rpi')";
  defvar frnd = "('rn', 'rz', 'rm', 'rp')";
  let ptxVariants = [
    // The scalar line, with the ISA's rules: integer rounding for float to
    // integer (and optionally within a float type), float rounding where
    // precision is lost, none otherwise; ftz only with an f32 side; sat
    // only where the destination's range does not hold the source's (any
    // float destination but bf16); no bf16 with an 8-bit integer or as a
    // saturated source (ptxas).
    TIRx_PTXForm<"cvt{rnd}{ftz}{sat}{dtype}{atype}",
        ["rnd: - | rni | rzi | rmi | rpi | rn | rz | rm | rp", "ftz(.ftz): - | +",
         "sat(.sat): - | +", "dtype: " # basic, "atype: " # basic],
        ["a : {reg(atype)}", "res : {reg(dtype)}"],
        "not ('bf16' in (dtype, atype) and ('u8' in (dtype, atype) or "
        "'s8' in (dtype, atype))) and (not ftz or 'f32' in (dtype, atype)) and "
        "not (sat and (atype == 'bf16' or dtype == 'bf16' or (isint(dtype) and "
        "isint(atype) and covers(dtype, atype)))) and ("
        "((rnd is None) if isint(dtype) else rnd not in " # frnd # ") if dtype == atype "
        "else (rnd is None) if isint(dtype) and isint(atype) "
        "else (rnd in " # irnd # ") if isint(dtype) "
        "else (rnd in " # frnd # ") if isint(atype) "
        "else (rnd in " # frnd # ") if lossy(dtype, atype) else rnd is None)",
        [], 0, ["PTX_SM90: 'bf16' in (dtype, atype) and ('f32' not in (dtype, atype) "
                "or (atype == 'bf16' and ftz))",
               "PTX_SM80_PTX71: dtype == 'f32' and atype == 'bf16'"]>,
    TIRx_PTXForm<"cvt{rnd}{relu}{satfinite}{dtype}{atype}",
        ["rnd: rn | rz", "relu(.relu): - | +", "satfinite(.satfinite): - | +",
         "dtype: f16 | bf16", "atype: f32"],
        ["a : f32", "res : {reg(dtype)}"], "relu or satfinite", [], 0,
        ["PTX_SM80_PTX81: satfinite"]>,
    TIRx_PTXForm<"cvt{rnd}{relu}{satfinite}{dtype}{atype}",
        ["rnd: rn | rz", "relu(.relu): - | +", "satfinite(.satfinite): - | +",
         "dtype: f16x2 | bf16x2", "atype: f32", "b: +"],
        ["a : f32", "b : f32", "res : i32"], "", [], 0,
        ["PTX_SM80_PTX81: satfinite"]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{relu}{dtype}{atype}",
        ["rnd: rn", "satfinite(.satfinite): +", "relu(.relu): - | +",
         "dtype: e4m3x2 | e5m2x2", "atype: f32", "b: +"],
        ["a : f32", "b : f32", "res : i16"], "", [PTX_SM89_PTX81]>,
    TIRx_PTXForm<"cvt{rnd}{relu}{dtype}{atype}",
        ["rnd: rn", "relu(.relu): - | +", "dtype: f16x2",
         "atype: e4m3x2 | e5m2x2"],
        ["a : i16", "res : i32"], "", [PTX_SM89_PTX81]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{dtype}{atype}",
        ["rnd: rna", "satfinite(.satfinite): - | +", "dtype: tf32", "atype: f32"],
        ["a : f32", "res : i32"], "", [], 0, ["PTX_SM80_PTX81: satfinite"]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{relu}{dtype}{atype}",
        ["rnd: rn | rz", "satfinite(.satfinite): - | +", "relu(.relu): - | +",
         "dtype: tf32", "atype: f32"],
        ["a : f32", "res : i32"], "", [PTX_SM90], 0, ["PTX_SM100: satfinite"]>,
    TIRx_PTXForm<"cvt{pack}{dtype}{atype}",
        ["pack(.pack.sat): +", "dtype: u16 | s16", "atype: s32", "b: +"],
        ["a : i32", "b : i32", "res : i32"]>,
    TIRx_PTXForm<"cvt{pack}{dtype}{atype}.b32",
        ["pack(.pack.sat): +", "dtype: u2 | s2 | u4 | s4 | u8 | s8",
         "atype: s32", "b: +", "c: +"],
        ["a : i32", "b : i32", "c : i32", "res : i32"]>,
    // The narrow-float lines of sm_100 (ptxas 13.0, PTX ISA 9.0; the
    // bf16x2 sources and destinations of fp8/fp6/fp4 and the scaled and
    // s2f6x2 lines are PTX ISA 9.1).
    TIRx_PTXForm<"cvt{rnd}{relu}{satfinite}{dtype}{atype}",
        ["rnd: rs", "relu(.relu): - | +", "satfinite(.satfinite): - | +",
         "dtype: f16x2 | bf16x2", "atype: f32", "b: +", "c: +"],
        ["a : f32", "b : f32", "c : i32", "res : i32"], "", [PTX_CvtRS]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{relu}{dtype}{atype}",
        ["rnd: rn", "satfinite(.satfinite): +", "relu(.relu): - | +",
         "dtype: e4m3x2 | e5m2x2", "atype: f16x2"],
        ["a : i32", "res : i16"], "", [PTX_SM89_PTX81]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{relu}{dtype}{atype}",
        ["rnd: rn", "satfinite(.satfinite): +", "relu(.relu): - | +",
         "dtype: e2m1x2 | e2m3x2 | e3m2x2", "atype: f32", "b: +"],
        ["a : f32", "b : f32", "res : {'i8' if dtype == 'e2m1x2' else 'i16'}"],
        "", [PTX_NarrowFloat]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{relu}{dtype}{atype}",
        ["rnd: rn", "satfinite(.satfinite): +", "relu(.relu): - | +",
         "dtype: e2m1x2", "atype: f16x2"],
        ["a : i32", "res : i8"], "", [PTX_NarrowFloat]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{dtype}{atype}",
        ["rnd: rz | rp", "satfinite(.satfinite): - | +", "dtype: ue8m0x2",
         "atype: f32", "b: +"],
        ["a : f32", "b : f32", "res : i16"], "", [PTX_NarrowFloat]>,
    TIRx_PTXForm<"cvt{rnd}{satfinite}{dtype}{atype}",
        ["rnd: rz | rp", "satfinite(.satfinite): - | +", "dtype: ue8m0x2",
         "atype: bf16x2"],
        ["a : i32", "res : i16"], "", [PTX_NarrowFloat]>,
    TIRx_PTXForm<"cvt{rnd}{relu}{dtype}{atype}",
        ["rnd: rn", "relu(.relu): - | +", "dtype: f16x2",
         "atype: e2m1x2 | e2m3x2 | e3m2x2"],
        ["a : {'i8' if atype == 'e2m1x2' else 'i16'}", "res : i32"], "",
        [PTX_NarrowFloat]>,
    TIRx_PTXForm<"cvt{rnd}{dtype}{atype}",
        ["rnd: rn", "dtype: bf16x2", "atype: ue8m0x2"],
        ["a : i16", "res : i32"], "", [PTX_NarrowFloat]>,
    // The .rs x4 lines: four f32 in one braced group, four results packed
    // in a .b32 (fp8, fp6) or a .b16 (fp4); the random bits are `b` (the
    // second operand in the assembly format).
    TIRx_PTXForm<"cvt{rnd}{relu}{satfinite}{dtype}{atype}",
        ["rnd: rs", "relu(.relu): - | +", "satfinite(.satfinite): +",
         "dtype: e4m3x4 | e5m2x4 | e2m1x4 | e2m3x4 | e3m2x4", "atype: f32",
         "b: +"],
        ["a : vector<4xf32>", "b : i32",
         "res : {'i16' if dtype == 'e2m1x4' else 'i32'}"], "", [PTX_CvtRS]>];
}

#endif // TIRX_DIALECT_TIRXPTXARITHOPS_TD
