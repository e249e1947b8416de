//===- TIRxPTXIntOps.td - Integer bit-manipulation PTX ops -*- tablegen -*-===//
//
// brev, popc, clz, bfind, bfe, bfi, prmt, lop3, shf: the integer
// instructions kernels reach for when they pack, unpack and permute bits;
// and mul24, mad24, sad, cnot, dp4a, dp2a, the integer arithmetic PTX has
// and arith does not.
// Every op here is a TIRx_PTXTableOp: its verifier, requirements and
// lowering (one inline-PTX pattern) are generated from its variant table;
// the simulator runs them with the integer semantics it runs the emitted
// PTX with (lib/Sim/PTXExtOps.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXINTOPS_TD
#define TIRX_DIALECT_TIRXPTXINTOPS_TD

include "TIRx/Dialect/TIRxPTXBase.td"

// The value operands take any signless integer; the variant table says
// which widths each instruction has (i32 and i64), and its generated
// verifier names them.
def TIRx_PTXIntValue : Type<AnySignlessInteger.predicate, "signless integer">;

def TIRx_PTXBrevOp : TIRx_PTXTableOp<"brev", PTX_SM70,
    ["brev.b32", "brev.b64"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Bit reverse";
  let ptxDoc = "Reverses the order of the bits of `a` (bit 0 becomes the most significant).";
  let ptxExample = "%r = tirx.ptx.brev %a : i32";
  let arguments = (ins TIRx_PTXIntValue:$a);
  let results = (outs TIRx_PTXIntValue:$res);
  let assemblyFormat = "$a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"brev.b{W}", ["W: 32 | 64"],
      ["a : i{W}", "res : i{W}"]>];
}

def TIRx_PTXPopcOp : TIRx_PTXTableOp<"popc", PTX_SM70,
    ["popc.b32", "popc.b64"], [Pure]> {
  let summary = "Population count";
  let ptxDoc = "The number of set bits of `a`, as an `i32`.";
  let ptxExample = "%n = tirx.ptx.popc %a : i64";
  let arguments = (ins TIRx_PTXIntValue:$a);
  let results = (outs I32:$res);
  let assemblyFormat = "$a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"popc.b{W}", ["W: 32 | 64"], ["a : i{W}"]>];
}

def TIRx_PTXClzOp : TIRx_PTXTableOp<"clz", PTX_SM70,
    ["clz.b32", "clz.b64"], [Pure]> {
  let summary = "Count leading zeros";
  let ptxDoc = "The number of leading zero bits of `a` (its width for 0), as an `i32`.";
  let ptxExample = "%n = tirx.ptx.clz %a : i32";
  let arguments = (ins TIRx_PTXIntValue:$a);
  let results = (outs I32:$res);
  let assemblyFormat = "$a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"clz.b{W}", ["W: 32 | 64"], ["a : i{W}"]>];
}

def TIRx_PTXBfindOp : TIRx_PTXTableOp<"bfind", PTX_SM70,
    ["bfind{.shiftamt}.{u32,s32,u64,s64}"], [Pure]> {
  let summary = "Find the most significant non-sign bit";
  let ptxDoc = [{
The bit position of the most significant non-sign bit of `a` (the most
significant set bit for `u`, the most significant bit that differs from the
sign for `s`), or 0xffffffff when there is none. With `shiftamt` the result
is the left shift that moves that bit to the most significant position.
  }];
  let ptxExample = "%i = tirx.ptx.bfind shiftamt u %a : i32";
  let arguments = (ins UnitAttr:$shiftamt, TIRx_PTXIntSign:$sign,
                       TIRx_PTXIntValue:$a);
  let results = (outs I32:$res);
  let assemblyFormat = "(`shiftamt` $shiftamt^)? $sign $a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"bfind{shiftamt}{sign}{W}",
      ["shiftamt(.shiftamt): - | +", "sign", "W: 32 | 64"], ["a : i{W}"]>];
}

def TIRx_PTXBfeOp : TIRx_PTXTableOp<"bfe", PTX_SM70,
    ["bfe.{u32,s32,u64,s64}"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "Bit field extract";
  let ptxDoc = [{
Extracts `len` bits of `a` starting at bit `pos` (both read modulo 256),
zero-extended (`u`) or sign-extended from the field's last bit (`s`).
  }];
  let ptxExample = "%f = tirx.ptx.bfe s %a, %pos, %len : i32";
  let arguments = (ins TIRx_PTXIntSign:$sign, TIRx_PTXIntValue:$a, I32:$pos,
                       I32:$len);
  let results = (outs TIRx_PTXIntValue:$res);
  let assemblyFormat = "$sign $a `,` $pos `,` $len attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a", "in pos", "in len"];
  let ptxVariants = [TIRx_PTXForm<"bfe{sign}{W}", ["sign", "W: 32 | 64"],
      ["a : i{W}", "res : i{W}"]>];
}

def TIRx_PTXBfiOp : TIRx_PTXTableOp<"bfi", PTX_SM70,
    ["bfi.b32", "bfi.b64"], [Pure, AllTypesMatch<["a", "b", "res"]>]> {
  let summary = "Bit field insert";
  let ptxDoc = "`b` with its `len` bits from bit `pos` replaced by the low bits of `a`.";
  let ptxExample = "%r = tirx.ptx.bfi %a, %b, %pos, %len : i32";
  let arguments = (ins TIRx_PTXIntValue:$a, TIRx_PTXIntValue:$b, I32:$pos,
                       I32:$len);
  let results = (outs TIRx_PTXIntValue:$res);
  let assemblyFormat = "$a `,` $b `,` $pos `,` $len attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a", "in b", "in pos", "in len"];
  let ptxVariants = [TIRx_PTXForm<"bfi.b{W}", ["W: 32 | 64"],
      ["a : i{W}", "b : i{W}", "res : i{W}"]>];
}

def TIRx_PTXPrmtOp : TIRx_PTXTableOp<"prmt", PTX_SM70,
    ["prmt.b32{.f4e,.b4e,.rc8,.ecl,.ecr,.rc16}"], [Pure]> {
  let summary = "Permute bytes";
  let ptxDoc = [{
Picks four bytes out of the eight of `{b, a}` by the selector `sel`: in the
default mode each of the selector's four low nibbles names a byte (bit 3
replicates its sign); the modes (`f4e` forward, `b4e` backward, `rc8`
replicate, `ecl`/`ecr` edge clamp, `rc16` replicate halves) read the two low
bits of `sel` instead.
  }];
  let ptxExample = "%r = tirx.ptx.prmt %a, %b, %sel";
  let arguments = (ins OptionalAttr<TIRx_PTXPrmtMode>:$mode, I32:$a, I32:$b,
                       I32:$sel);
  let results = (outs I32:$res);
  let assemblyFormat = "($mode^)? $a `,` $b `,` $sel attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in sel"];
  let ptxVariants = [TIRx_PTXForm<"prmt.b32{mode}", ["mode"]>];
}

def TIRx_PTXLop3Op : TIRx_PTXTableOp<"lop3", PTX_SM70, ["lop3.b32"], [Pure]> {
  let summary = "Arbitrary logical operation on three inputs";
  let ptxDoc = [{
Bit `i` of the result is bit `(a_i << 2) | (b_i << 1) | c_i` of the 8-bit
lookup table `lut` (0xF0 is `a`, 0xCC is `b`, 0xAA is `c`; `0xF0 & 0xCC`
is `a & b`).
  }];
  let ptxExample = "%r = tirx.ptx.lop3 %a, %b, %c, 150";
  let arguments = (ins I32:$a, I32:$b, I32:$c,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<255>]>:$lut);
  let results = (outs I32:$res);
  let assemblyFormat = "$a `,` $b `,` $c `,` $lut attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in c", "imm lut"];
  // The sweep's instances; any table is legal (`imm` operands are not part
  // of a variant's key).
  let ptxVariants = [TIRx_PTXForm<"lop3.b32", ["lut: 0 | 150 | 232 | 255"]>];
}

def TIRx_PTXShfOp : TIRx_PTXTableOp<"shf", PTX_SM70,
    ["shf.{l,r}.{clamp,wrap}.b32"], [Pure]> {
  let summary = "Funnel shift";
  let ptxDoc = [{
Shifts the 64-bit value `{b, a}` left (`l`, the high word is the result)
or right (`r`, the low word) by `shift`, which `clamp` limits to 32 and
`wrap` reads modulo 32.
  }];
  let ptxExample = "%r = tirx.ptx.shf l wrap %a, %b, %n";
  let arguments = (ins TIRx_PTXShfDir:$dir, TIRx_PTXShfMode:$mode, I32:$a,
                       I32:$b, I32:$shift);
  let results = (outs I32:$res);
  let assemblyFormat = "$dir $mode $a `,` $b `,` $shift attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in shift"];
  let ptxVariants = [TIRx_PTXForm<"shf{dir}{mode}.b32", ["dir", "mode"]>];
}

def TIRx_PTXMul24Op : TIRx_PTXTableOp<"mul24", PTX_SM70,
    ["mul24.{lo,hi}.{u32,s32}"], [Pure]> {
  let summary = "Multiply the low 24 bits";
  let ptxDoc = [{
The product of the low 24 bits of `a` and `b` (zero- or sign-extended), a
48-bit value: its low 32 bits (`lo`) or its high 32 bits (`hi`, bits 16
to 47).
  }];
  let ptxExample = "%p = tirx.ptx.mul24 hi s %a, %b";
  let arguments = (ins TIRx_PTXHalf:$half, TIRx_PTXIntSign:$sign, I32:$a, I32:$b);
  let results = (outs I32:$res);
  let assemblyFormat = "$half $sign $a `,` $b attr-dict";
  let ptxOperands = ["out res", "in a", "in b"];
  let ptxVariants = [TIRx_PTXForm<"mul24{half}{sign}32", ["half", "sign"]>];
}

def TIRx_PTXMad24Op : TIRx_PTXTableOp<"mad24", PTX_SM70,
    ["mad24.{lo,hi}.{u32,s32}", "mad24.hi.sat.s32"], [Pure]> {
  let summary = "Multiply the low 24 bits and add";
  let ptxDoc = [{
`mul24` of `a` and `b` plus `c` (modulo 2^32). With `sat` (only `hi` and
signed) the sum of the high 32 bits of the 48-bit product and `c` is
clamped to the signed 32-bit range instead.
  }];
  let ptxExample = [{
%p = tirx.ptx.mad24 lo u %a, %b, %c
%q = tirx.ptx.mad24 hi sat s %a, %b, %c
  }];
  let arguments = (ins TIRx_PTXHalf:$half, UnitAttr:$sat,
                       TIRx_PTXIntSign:$sign, I32:$a, I32:$b, I32:$c);
  let results = (outs I32:$res);
  let assemblyFormat = "$half (`sat` $sat^)? $sign $a `,` $b `,` $c attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [TIRx_PTXForm<"mad24{half}{sat}{sign}32",
      ["half", "sat(.sat): - | +", "sign"],
      [], "sat is None or (half == 'hi' and sign == 's')">];
}

def TIRx_PTXSadOp : TIRx_PTXTableOp<"sad", PTX_SM70,
    ["sad.{u16,s16,u32,s32,u64,s64}"], [Pure, AllTypesMatch<["a", "b", "c", "res"]>]> {
  let summary = "Sum of absolute difference";
  let ptxDoc = "`|a - b| + c`, with `a` and `b` read as unsigned (`u`) or signed (`s`).";
  let ptxExample = "%d = tirx.ptx.sad u %a, %b, %c : i32";
  let arguments = (ins TIRx_PTXIntSign:$sign, TIRx_PTXIntValue:$a,
                       TIRx_PTXIntValue:$b, TIRx_PTXIntValue:$c);
  let results = (outs TIRx_PTXIntValue:$res);
  let assemblyFormat = "$sign $a `,` $b `,` $c attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [TIRx_PTXForm<"sad{sign}{W}", ["sign", "W: 16 | 32 | 64"],
      ["a : i{W}", "b : i{W}", "c : i{W}", "res : i{W}"]>];
}

def TIRx_PTXCnotOp : TIRx_PTXTableOp<"cnot", PTX_SM70,
    ["cnot.{b16,b32,b64}"], [Pure, AllTypesMatch<["a", "res"]>]> {
  let summary = "C-style logical negation";
  let ptxDoc = "1 when `a` is zero, else 0.";
  let ptxExample = "%z = tirx.ptx.cnot %a : i32";
  let arguments = (ins TIRx_PTXIntValue:$a);
  let results = (outs TIRx_PTXIntValue:$res);
  let assemblyFormat = "$a attr-dict `:` type($a)";
  let ptxOperands = ["out res", "in a"];
  let ptxVariants = [TIRx_PTXForm<"cnot.b{W}", ["W: 16 | 32 | 64"],
      ["a : i{W}", "res : i{W}"]>];
}

def TIRx_PTXDp4aOp : TIRx_PTXTableOp<"dp4a", PTX_SM70,
    ["dp4a.{u32,s32}.{u32,s32}"], [Pure]> {
  let summary = "Four-way byte dot product and accumulate";
  let ptxDoc = [{
`c` plus the dot product of the four bytes of `a` and the four bytes of
`b`, each read as unsigned or signed by `a_sign` and `b_sign`.
  }];
  let ptxExample = "%d = tirx.ptx.dp4a s s %a, %b, %c";
  let arguments = (ins TIRx_PTXIntSign:$a_sign, TIRx_PTXIntSign:$b_sign,
                       I32:$a, I32:$b, I32:$c);
  let results = (outs I32:$res);
  let assemblyFormat = "$a_sign $b_sign $a `,` $b `,` $c attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [TIRx_PTXForm<"dp4a{a_sign}32{b_sign}32", ["a_sign", "b_sign"]>];
}

def TIRx_PTXDp2aOp : TIRx_PTXTableOp<"dp2a", PTX_SM70,
    ["dp2a.{lo,hi}.{u32,s32}.{u32,s32}"], [Pure]> {
  let summary = "Two-way 16-bit by 8-bit dot product and accumulate";
  let ptxDoc = [{
`c` plus the dot product of the two 16-bit halves of `a` and two bytes of
`b`: bytes 0 and 1 (`lo`) or 2 and 3 (`hi`); each read as unsigned or
signed by `a_sign` and `b_sign`.
  }];
  let ptxExample = "%d = tirx.ptx.dp2a hi u s %a, %b, %c";
  let arguments = (ins TIRx_PTXHalf:$half, TIRx_PTXIntSign:$a_sign,
                       TIRx_PTXIntSign:$b_sign, I32:$a, I32:$b, I32:$c);
  let results = (outs I32:$res);
  let assemblyFormat = "$half $a_sign $b_sign $a `,` $b `,` $c attr-dict";
  let ptxOperands = ["out res", "in a", "in b", "in c"];
  let ptxVariants = [TIRx_PTXForm<"dp2a{half}{a_sign}32{b_sign}32",
      ["half", "a_sign", "b_sign"]>];
}

#endif // TIRX_DIALECT_TIRXPTXINTOPS_TD
