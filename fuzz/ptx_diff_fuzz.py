#!/usr/bin/env python3
"""Differential fuzzer of the lowering: random TIRx kernels whose IR-level
and PTX-level simulations must agree (tirx-sim --diff-ptx).

Each seed generates one kernel: integer and float scalars (arith, casts,
selects, 64-bit integers, f16/bf16 rounding, approximate math), loads of
the inputs, tirx.if and tirx.for over one-element local buffers, values
handed over through shared memory with barriers, warp collectives
(shfl.sync, vote.sync, redux.sync), atomics into global memory, and tile
primitives (copy, unary, binary, reduce, permute_layout) on register
fragments with random lane/register layouts (bit permutations of the
32-lane warp and its registers, replicated reduction results). Everything
it generates is defined behaviour (shift amounts masked, divisors made
nonzero, float-to-int conversions of clamped values, math on its domain),
so the two levels must end with the same bytes -- within APPROX_ULPS for a
kernel with approximate math.

A problem both levels report (a race, say) is the generator's fault and is
counted as such; one only the IR level reports is code LLVM deleted
(undefined behaviour the generator should not make). Either fails the run.

A finding -- the levels differ, the PTX level reports a problem the IR
level does not, the compiler fails on the kernel, a tool crashes -- is
minimized (statements dropped while the finding still shows, their uses
replaced by constants) and written to <out>/finding-<seed>.mlir with the
RUN line that shows it; fixed, it becomes a test in test/Regression/.

    make fuzz-ptx FUZZ_PTX_SECONDS=3600 [FUZZ_SEED=N]
    fuzz/ptx_diff_fuzz.py --build build --seconds 60 [--seed N] [--out DIR]
    fuzz/ptx_diff_fuzz.py --build build --seed 1 --count 40     # CI's run
    fuzz/ptx_diff_fuzz.py --build build --seed 17 --dump k.mlir   # one kernel
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

# ----------------------------------------------------------------------------
# Kernels
# ----------------------------------------------------------------------------


class Stmt:
    """One generated statement: defines value `name` of type `ty` from the
    values of earlier statements (`deps`)."""

    def __init__(self, kind, ty, deps, params, top_level=False):
        self.kind, self.ty, self.deps, self.params = kind, ty, deps, params
        self.top_level = top_level  # a barrier or collective: all threads


INT_BIN = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi",
           "maxui", "minui"]
FLT_BIN = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf",
           "minnumf"]
FLT_UN = ["negf", "absf", "floor", "ceil", "trunc", "roundeven", "sqrt"]
INT_PRED = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
EXACT_UN = ["neg", "abs", "relu"]
APPROX_UN = ["exp", "exp2", "tanh", "silu"]
# The ulp bound of the approximate tile functions (docs/Simulator.md: the
# PTX level computes .approx functions correctly rounded; the lowering's
# compositions, e.g. exp(x) as ex2.approx(x * log2(e)), add the rest), with
# one multiply after them.
APPROX_ULPS = 16
FLT_PRED = ["oeq", "one", "olt", "ole", "ogt", "oge", "ult", "uge", "une", "ord"]


class Kernel:
    def __init__(self, rng):
        self.rng = rng
        self.blocks = rng.choice([32, 64, 128])
        self.grid = rng.choice([1, 1, 2])
        self.loads = rng.randint(1, 3)       # inputs per thread
        self.stmts = []
        self.tile = rng.random() < 0.35 and self.blocks >= 32
        self.ulps = 0
        self.generate()

    # -- generation ---------------------------------------------------------

    def pick(self, ty):
        cands = [i for i, s in enumerate(self.stmts) if s.ty == ty]
        return self.rng.choice(cands) if cands else None

    def add(self, kind, ty, deps, params=None, top_level=False):
        self.stmts.append(Stmt(kind, ty, deps, params or {}, top_level))

    def generate(self):
        r = self.rng
        for k in range(self.loads):
            self.add("load", "i32", [], {"slot": k})
            self.add("load", "f32", [], {"slot": k})
        self.add("const", "f32", [], {"value": r.choice([0.1, 1.3, -2.75, 3.0e-3, 7.5])})
        n = r.randint(6, 28)
        for _ in range(n):
            kind = r.choices(
                ["ibin", "shift", "div", "fbin", "fun", "fma", "itof", "ftoi",
                 "select", "if", "loop", "shared", "shfl", "vote", "redux",
                 "atomic", "const", "half", "wide", "math"],
                weights=[8, 3, 3, 8, 4, 3, 3, 2, 4, 3, 3, 2, 3, 1, 2, 1, 2, 3,
                         2, 1])[0]
            getattr(self, "gen_" + kind)()
        if self.tile:
            self.gen_tile()

    def two(self, ty):
        a, b = self.pick(ty), self.pick(ty)
        return [a, b] if a is not None and b is not None else None

    def gen_const(self):
        r = self.rng
        if r.random() < 0.5:
            self.add("const", "i32", [], {"value": r.choice(
                [0, 1, -1, 7, 255, 1 << 20, -(1 << 31), (1 << 31) - 1,
                 r.randint(-1000, 1000)])})
        else:
            self.add("const", "f32", [], {"value": r.choice(
                [0.0, -0.0, 0.5, 1.0e30, -1.0e-30, 1.0e-40, r.uniform(-9, 9)])})

    def gen_ibin(self):
        d = self.two("i32")
        if d:
            self.add("ibin", "i32", d, {"op": self.rng.choice(INT_BIN)})

    def gen_shift(self):
        d = self.two("i32")
        if d:
            self.add("shift", "i32", d,
                     {"op": self.rng.choice(["shli", "shrui", "shrsi"])})

    def gen_div(self):
        d = self.two("i32")
        if d:
            self.add("div", "i32", d,
                     {"op": self.rng.choice(["divui", "remui", "divsi", "remsi"])})

    def gen_fbin(self):
        d = self.two("f32")
        if d:
            self.add("fbin", "f32", d, {"op": self.rng.choice(FLT_BIN)})

    def gen_fun(self):
        a = self.pick("f32")
        if a is not None:
            self.add("fun", "f32", [a], {"op": self.rng.choice(FLT_UN)})

    def gen_fma(self):
        a, b, c = self.pick("f32"), self.pick("f32"), self.pick("f32")
        if None not in (a, b, c):
            self.add("fma", "f32", [a, b, c])

    def gen_itof(self):
        a = self.pick("i32")
        if a is not None:
            self.add("itof", "f32", [a],
                     {"op": self.rng.choice(["sitofp", "uitofp"])})

    def gen_ftoi(self):
        a = self.pick("f32")
        if a is not None:
            self.add("ftoi", "i32", [a],
                     {"op": self.rng.choice(["fptosi", "fptoui"])})

    def gen_select(self):
        ty = self.rng.choice(["i32", "f32"])
        d, e = self.two(ty), self.two(ty)
        if d and e:
            pred = self.rng.choice(INT_PRED if ty == "i32" else FLT_PRED)
            self.add("select", ty, d + e, {"pred": pred})

    def gen_if(self):
        ty = self.rng.choice(["i32", "f32"])
        d = self.two(ty)
        c = self.two("i32")
        if d and c:
            op = self.rng.choice(INT_BIN if ty == "i32" else FLT_BIN[:3])
            self.add("if", ty, c + d, {"pred": self.rng.choice(INT_PRED),
                                       "op": op})

    def gen_loop(self):
        ty = self.rng.choice(["i32", "f32"])
        a = self.pick(ty)
        if a is not None:
            self.add("loop", ty, [a], {"trips": self.rng.randint(1, 5),
                                       "op": "addi" if ty == "i32" else "addf"})

    def gen_shared(self):
        ty = self.rng.choice(["i32", "f32"])
        a = self.pick(ty)
        if a is not None:
            self.add("shared", ty, [a], {"offset": self.rng.randint(1, self.blocks - 1)},
                     top_level=True)

    def gen_shfl(self):
        ty = self.rng.choice(["i32", "f32"])
        a = self.pick(ty)
        if a is not None:
            kind = self.rng.choice(["bfly", "idx", "up", "down"])
            self.add("shfl", ty, [a], {"kind": kind,
                                       "offset": self.rng.randint(0, 31)},
                     top_level=True)

    def gen_vote(self):
        a = self.pick("i32")
        if a is not None:
            self.add("vote", "i32", [a], {"kind": self.rng.choice(["ballot", "any", "all"])},
                     top_level=True)

    def gen_redux(self):
        a = self.pick("i32")
        if a is not None:
            self.add("redux", "i32", [a], {"kind": self.rng.choice(
                ["add", "min", "max", "umin", "umax", "and", "or", "xor"])},
                top_level=True)

    def gen_atomic(self):
        a = self.pick("i32")
        if a is not None:
            self.add("atomic", None, [a], {"op": self.rng.choice(["add u32", "xor b32", "or b32", "max u32", "min s32"])})

    def gen_half(self):
        """f32 -> f16/bf16 (.rn) -> f32, or an op in the narrow type."""
        d = self.two("f32")
        if d:
            self.add("half", "f32", d, {"ty": self.rng.choice(["f16", "bf16"]),
                                        "op": self.rng.choice([None, "addf", "mulf"])})

    def gen_wide(self):
        """64-bit integer arithmetic on sign/zero extended values."""
        d = self.two("i32")
        if d:
            self.add("wide", "i32", d, {
                "ext": self.rng.choice(["extsi", "extui"]),
                "op": self.rng.choice(["muli", "addi", "subi", "xori"]),
                "shift": self.rng.choice([0, 7, 32, 45])})

    def gen_math(self):
        """Approximate math (libdevice, .approx instructions): within the
        kernel's ulp bound."""
        a = self.pick("f32")
        if a is not None:
            # Type "f32m": stored, never an operand (a later subtraction
            # would amplify the approximation's relative error past any
            # ulp bound).
            self.add("math", "f32m", [a], {"op": self.rng.choice(
                ["exp", "exp2", "tanh", "log", "rsqrt"])})
            self.ulps = max(self.ulps, APPROX_ULPS)

    def gen_tile(self):
        """A 32xC f32 tile in registers: copy in from the float input, a
        unary op, an add with the same tile in another register layout, a
        row reduction into a replicated layout, copies out."""
        r = self.rng
        cols = r.choice([2, 4, 8])
        a = random_layout(r, 32 * cols)
        # Approximate functions (ex2.approx, tanh.approx): the levels agree
        # within the documented ulp bound, kept through ops that do not
        # amplify relative error (no sums of mixed signs).
        approx = r.random() < 0.3
        self.add("tile", "f32", [], {
            "cols": cols,
            "a": a,
            "b": permute_registers(r, a),
            "c": random_layout(r, 32 * cols),
            "approx": approx,
            "unary": r.choice(APPROX_UN if approx else EXACT_UN),
            "binary": r.choice(["mul", "max", "min"] if approx else
                               ["add", "sub", "mul", "max", "min"]),
            "reduce": r.choice(["max", "min"] if approx else
                               ["sum", "max", "min"])}, top_level=True)
        if approx:
            self.ulps = APPROX_ULPS

    # -- rendering ------------------------------------------------------------

    def render(self, keep=None):
        """MLIR text of the kernel with the statements in `keep` (indices;
        all by default): a dropped statement's uses become a constant."""
        keep = set(range(len(self.stmts))) if keep is None else set(keep)
        B, G, K = self.blocks, self.grid, self.loads
        N = B * G * K
        out_vals = [i for i in sorted(keep)
                    if self.stmts[i].ty in ("i32", "f32", "f32m")
                    and self.stmts[i].kind != "tile"]
        tiles = [i for i in sorted(keep) if self.stmts[i].kind == "tile"]
        W = max(1, len(out_vals))
        lines = []
        emit = lines.append
        consts = {}

        def cst(value, ty):
            key = (repr(value), ty)
            if key not in consts:
                name = f"%k{len(consts)}"
                if ty == "f32":
                    text = float_literal(value)
                else:
                    text = str(value)
                consts[key] = (name, f"    {name} = arith.constant {text} : {ty}")
            return consts[key][0]

        def val(i, ty):
            if i in keep:
                return f"%v{i}"
            return cst(0 if ty == "i32" else 1.0, ty)

        body = []
        b = body.append
        for i in sorted(keep):
            s = self.stmts[i]
            v = f"%v{i}"
            d = [val(j, self.stmts[j].ty) for j in s.deps]
            p = s.params
            t = s.ty
            if s.kind == "const":
                b(f"    {v} = arith.addi {cst(p['value'], t)}, {cst(0, t)} : i32"
                  if t == "i32" else
                  f"    {v} = arith.addf {cst(p['value'], t)}, {cst(0.0, t)} : f32")
            elif s.kind == "load":
                buf = "%ini" if t == "i32" else "%inf"
                b(f"    %i{i}a = arith.muli %gid, {cst(K, 'i32')} : i32")
                b(f"    %i{i}b = arith.addi %i{i}a, {cst(p['slot'], 'i32')} : i32")
                b(f"    %i{i} = arith.index_castui %i{i}b : i32 to index")
                b(f"    {v} = tirx.buffer_load {buf}[%i{i}] : !tirx.buffer<{N}x{t}, global> -> {t}")
            elif s.kind == "ibin":
                b(f"    {v} = arith.{p['op']} {d[0]}, {d[1]} : i32")
            elif s.kind == "shift":
                b(f"    %s{i} = arith.andi {d[1]}, {cst(31, 'i32')} : i32")
                b(f"    {v} = arith.{p['op']} {d[0]}, %s{i} : i32")
            elif s.kind == "div":
                if p["op"] in ("divsi", "remsi"):
                    # A positive divisor: no INT_MIN / -1.
                    b(f"    %s{i}a = arith.andi {d[1]}, {cst(0x7fff, 'i32')} : i32")
                    b(f"    %s{i} = arith.ori %s{i}a, {cst(1, 'i32')} : i32")
                else:
                    b(f"    %s{i} = arith.ori {d[1]}, {cst(1, 'i32')} : i32")
                b(f"    {v} = arith.{p['op']} {d[0]}, %s{i} : i32")
            elif s.kind == "fbin":
                b(f"    {v} = arith.{p['op']} {d[0]}, {d[1]} : f32")
            elif s.kind == "fun":
                op = p["op"]
                if op in ("negf", "absf"):
                    b(f"    {v} = {'arith' if op == 'negf' else 'math'}.{op} {d[0]} : f32")
                elif op == "sqrt":
                    b(f"    %s{i} = math.absf {d[0]} : f32")
                    b(f"    {v} = math.sqrt %s{i} : f32")
                else:
                    b(f"    {v} = math.{op} {d[0]} : f32")
            elif s.kind == "half":
                h = p["ty"]
                b(f"    %s{i}a = arith.truncf {d[0]} : f32 to {h}")
                if p["op"]:
                    b(f"    %s{i}b = arith.truncf {d[1]} : f32 to {h}")
                    b(f"    %s{i}c = arith.{p['op']} %s{i}a, %s{i}b : {h}")
                    b(f"    {v} = arith.extf %s{i}c : {h} to f32")
                else:
                    b(f"    {v} = arith.extf %s{i}a : {h} to f32")
            elif s.kind == "wide":
                b(f"    %s{i}a = arith.{p['ext']} {d[0]} : i32 to i64")
                b(f"    %s{i}b = arith.{p['ext']} {d[1]} : i32 to i64")
                b(f"    %s{i}c = arith.{p['op']} %s{i}a, %s{i}b : i64")
                b(f"    %s{i}k = arith.constant {p['shift']} : i64")
                b(f"    %s{i}d = arith.shrui %s{i}c, %s{i}k : i64")
                b(f"    {v} = arith.trunci %s{i}d : i64 to i32")
            elif s.kind == "math":
                op = p["op"]
                if op in ("log", "rsqrt"):
                    # A positive argument: |x| + 1.
                    b(f"    %s{i}a = math.absf {d[0]} : f32")
                    b(f"    %s{i}b = arith.addf %s{i}a, {cst(1.0, 'f32')} : f32")
                    b(f"    {v} = math.{op} %s{i}b : f32")
                else:
                    # Bounded (no overflow to inf): clamp to [-20, 20].
                    b(f"    %s{i}a = arith.maximumf {d[0]}, {cst(-20.0, 'f32')} : f32")
                    b(f"    %s{i}b = arith.minimumf %s{i}a, {cst(20.0, 'f32')} : f32")
                    b(f"    {v} = math.{op} %s{i}b : f32")
            elif s.kind == "fma":
                b(f"    {v} = math.fma {d[0]}, {d[1]}, {d[2]} : f32")
            elif s.kind == "itof":
                b(f"    {v} = arith.{p['op']} {d[0]} : i32 to f32")
            elif s.kind == "ftoi":
                # Clamped into range (out-of-range conversions are poison).
                lo = -1.0e6 if p["op"] == "fptosi" else 0.0
                b(f"    %s{i}a = arith.maximumf {d[0]}, {cst(lo, 'f32')} : f32")
                b(f"    %s{i}b = arith.minimumf %s{i}a, {cst(1.0e6, 'f32')} : f32")
                b(f"    %s{i}c = arith.cmpf ord, %s{i}b, %s{i}b : f32")
                b(f"    %s{i}d = arith.select %s{i}c, %s{i}b, {cst(0.0, 'f32')} : f32")
                b(f"    {v} = arith.{p['op']} %s{i}d : f32 to i32")
            elif s.kind == "select":
                cmp = "cmpi" if t == "i32" else "cmpf"
                b(f"    %s{i} = arith.{cmp} {p['pred']}, {d[0]}, {d[1]} : {t}")
                b(f"    {v} = arith.select %s{i}, {d[2]}, {d[3]} : {t}")
            elif s.kind == "if":
                op = p["op"]
                b(f"    %s{i} = arith.cmpi {p['pred']}, {d[0]}, {d[1]} : i32")
                b(f"    %m{i} = tirx.alloc_buffer : !tirx.buffer<1x{t}, local>")
                b(f"    tirx.if %s{i} {{")
                b(f"      %s{i}x = arith.{op} {d[2]}, {d[3]} : {t}")
                b(f"      tirx.buffer_store %s{i}x, %m{i}[%c0] : {t}, !tirx.buffer<1x{t}, local>")
                b("    } else {")
                b(f"      tirx.buffer_store {d[3]}, %m{i}[%c0] : {t}, !tirx.buffer<1x{t}, local>")
                b("    }")
                b(f"    {v} = tirx.buffer_load %m{i}[%c0] : !tirx.buffer<1x{t}, local> -> {t}")
            elif s.kind == "loop":
                b(f"    %m{i} = tirx.alloc_buffer : !tirx.buffer<1x{t}, local>")
                b(f"    tirx.buffer_store {d[0]}, %m{i}[%c0] : {t}, !tirx.buffer<1x{t}, local>")
                b(f"    tirx.for %l{i} = {cst(0, 'i32')} to {cst(p['trips'], 'i32')} step {cst(1, 'i32')} : i32 {{")
                b(f"      %l{i}a = tirx.buffer_load %m{i}[%c0] : !tirx.buffer<1x{t}, local> -> {t}")
                if t == "i32":
                    b(f"      %l{i}b = arith.muli %l{i}, {d[0]} : i32")
                    b(f"      %l{i}c = arith.addi %l{i}a, %l{i}b : i32")
                else:
                    b(f"      %l{i}k = arith.sitofp %l{i} : i32 to f32")
                    b(f"      %l{i}b = arith.mulf %l{i}k, {d[0]} : f32")
                    b(f"      %l{i}c = arith.addf %l{i}a, %l{i}b : f32")
                b(f"      tirx.buffer_store %l{i}c, %m{i}[%c0] : {t}, !tirx.buffer<1x{t}, local>")
                b("    }")
                b(f"    {v} = tirx.buffer_load %m{i}[%c0] : !tirx.buffer<1x{t}, local> -> {t}")
            elif s.kind == "shared":
                b(f"    %m{i} = tirx.alloc_buffer : !tirx.buffer<{B}x{t}, shared>")
                b(f"    tirx.buffer_store {d[0]}, %m{i}[%txi] : {t}, !tirx.buffer<{B}x{t}, shared>")
                b("    tirx.ptx.barrier.sync aligned")
                b(f"    %s{i}a = arith.addi %tx, {cst(p['offset'], 'i32')} : i32")
                b(f"    %s{i}b = arith.remui %s{i}a, {cst(B, 'i32')} : i32")
                b(f"    %s{i} = arith.index_castui %s{i}b : i32 to index")
                b(f"    {v} = tirx.buffer_load %m{i}[%s{i}] : !tirx.buffer<{B}x{t}, shared> -> {t}")
            elif s.kind == "shfl":
                b(f"    {v} = tirx.ptx.shfl.sync {p['kind']} %full, {d[0]}, {cst(p['offset'], 'i32')}, "
                  f"{cst(31 if p['kind'] != 'up' else 0, 'i32')} : {t}")
            elif s.kind == "vote":
                b(f"    %s{i}a = arith.andi {d[0]}, {cst(1, 'i32')} : i32")
                b(f"    %s{i} = arith.cmpi ne, %s{i}a, {cst(0, 'i32')} : i32")
                if p["kind"] == "ballot":
                    b(f"    {v} = tirx.ptx.vote.sync ballot %full, %s{i} : i32")
                else:
                    b(f"    %s{i}v = tirx.ptx.vote.sync {p['kind']} %full, %s{i} : i1")
                    b(f"    {v} = arith.extui %s{i}v : i1 to i32")
            elif s.kind == "redux":
                b(f"    {v} = tirx.ptx.redux.sync {p['kind']} {d[0]}, %full : i32")
            elif s.kind == "atomic":
                b(f"    %s{i}p = tirx.ptr_to %acc[%c0] : !tirx.buffer<4xi32, global>")
                b(f"    tirx.ptx.red global {p['op']} %s{i}p, {d[0]} : !tirx.ptr<i32, global>, i32")
        # Tiles: after the scalars (their own buffers, whole warps).
        for i in tiles:
            body.extend(render_tile(i, self.stmts[i].params, B, G))
        # Results: out[gid * W + j].
        for j, i in enumerate(out_vals):
            s = self.stmts[i]
            buf = "%outi" if s.ty == "i32" else "%outf"
            ty = "i32" if s.ty == "i32" else "f32"
            b(f"    %o{j}a = arith.muli %gid, {cst(W, 'i32')} : i32")
            b(f"    %o{j}b = arith.addi %o{j}a, {cst(j, 'i32')} : i32")
            b(f"    %o{j} = arith.index_castui %o{j}b : i32 to index")
            b(f"    tirx.buffer_store %v{i}, {buf}[%o{j}] : {ty}, !tirx.buffer<{B * G * W}x{ty}, global>")
        M = B * G * W
        tile_rows = 32 * (B // 32) * G
        head = [
            f"func.func @fuzz(%ini: !tirx.buffer<{N}xi32, global>, %inf: !tirx.buffer<{N}xf32, global>,",
            f"                %outi: !tirx.buffer<{M}xi32, global>, %outf: !tirx.buffer<{M}xf32, global>,",
            f"                %acc: !tirx.buffer<4xi32, global>, %tin: !tirx.buffer<{tile_rows}x8xf32, global>,",
            f"                %tout: !tirx.buffer<{tile_rows}x8xf32, global>, %trow: !tirx.buffer<{tile_rows}xf32, global>) {{",
            "  tirx.kernel {",
            f"    %bx = tirx.cta_id [{G}] : i32",
            f"    %tx = tirx.thread_id [{B}] : i32",
            f"    %warp = tirx.warp_id [{B // 32}] : i32",
            "    %c0 = arith.constant 0 : index",
            "    %full = arith.constant -1 : i32",
            f"    %cB = arith.constant {B} : i32",
            "    %gid0 = arith.muli %bx, %cB : i32",
            "    %gid = arith.addi %gid0, %tx : i32",
            "    %txi = arith.index_castui %tx : i32 to index",
        ]
        return "\n".join(head + [c for _, c in consts.values()] + body +
                         ["  }", "  return", "}", ""])


def float_literal(x):
    if x != x:
        return "0x7FC00000"
    import struct
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    return f"0x{bits:08X}"


def random_layout(r, n):
    """A random bijection of the 32 lanes and n/32 registers onto the n
    elements of a 32 x (n/32) tile, as a #tirx.layout: each binary digit
    of the element index goes to one lane bit or one register bit."""
    bits = n.bit_length() - 1
    roles = ["l%d" % k for k in range(5)] + ["r%d" % k for k in range(bits - 5)]
    r.shuffle(roles)
    strides = []
    for role in roles:
        k = int(role[1:])
        strides.append(f"{1 << k}@laneid" if role[0] == "l" else str(1 << k))
    extents = ", ".join(["2"] * bits)
    return f"S[({extents}):({', '.join(strides)})]"


def permute_registers(r, layout):
    """`layout` with its register digits shuffled (the lanes stay): the
    same elements in each lane, in another register order."""
    strides = layout[layout.index(":(") + 2:layout.rindex(")")].split(", ")
    regs = [s for s in strides if "@" not in s]
    r.shuffle(regs)
    it = iter(regs)
    out = [s if "@" in s else next(it) for s in strides]
    return layout[:layout.index(":(") + 2] + ", ".join(out) + ")]"


def replicated_rows(layout, rows, cols):
    """The layout of the row results of a reduction of a 32 x cols tile in
    `layout` (one value per row): the row digits keep their lane or
    register; the lanes of the column digits replicate it."""
    inner = layout[layout.index("(") + 1:layout.index(")")]
    strides = layout[layout.index(":(") + 2:layout.rindex(")")].split(", ")
    nbits = len(inner.split(", "))
    cbits = cols.bit_length() - 1
    row_strides = strides[:nbits - cbits]
    col_strides = strides[nbits - cbits:]
    regs = sorted(int(s) for s in row_strides if "@" not in s)
    rank = {v: 1 << k for k, v in enumerate(regs)}
    shard = [s if "@" in s else str(rank[int(s)]) for s in row_strides]
    reps = [s for s in col_strides if "@" in s]
    text = f"S[({', '.join(['2'] * len(shard))}):({', '.join(shard)})]"
    if reps:
        text += f" + R[({', '.join(['2'] * len(reps))}):({', '.join(reps)})]"
    return text


def render_tile(i, p, B, G):
    cols = p["cols"]
    ta = f"!tirx.buffer<32x{cols}xf32, local, #tirx.layout<{p['a']}>>"
    tb = f"!tirx.buffer<32x{cols}xf32, local, #tirx.layout<{p['b']}>>"
    tc = f"!tirx.buffer<32x{cols}xf32, local, #tirx.layout<{p['c']}>>"
    tws = f"!tirx.buffer<{32 * cols}xf32, shared>"
    tr = f"!tirx.buffer<32xf32, local, #tirx.layout<{replicated_rows(p['a'], 32, cols)}>>"
    rows = 32 * (B // 32) * G
    gin = f"!tirx.buffer<{rows}x8xf32, global>"
    # permute_layout through a shared workspace: one per warp (a CTA's
    # warps would race on a shared one).
    permute = []
    for w in range(B // 32):
        permute += [
            f"    %t{i}ws{w} = tirx.alloc_buffer : {tws}",
            f"    %t{i}wc{w} = arith.constant {w} : i32",
            f"    %t{i}wp{w} = arith.cmpi eq, %warp, %t{i}wc{w} : i32",
            f"    tirx.if %t{i}wp{w} {{",
            f"      tirx.tile.permute_layout warp %t{i}c, %t{i}a workspace %t{i}ws{w} : {tws} : {tc}, {ta}",
            "    }"]
    permute.append(
        f"    tirx.tile.copy warp %tout[%t{i}r, 0] [32, {cols}], %t{i}c : {gin}, {tc}")
    return [
        f"    %t{i}nw = arith.constant {B // 32} : i32",
        f"    %t{i}w0 = arith.muli %bx, %t{i}nw : i32",
        f"    %t{i}w = arith.addi %t{i}w0, %warp : i32",
        f"    %t{i}c32 = arith.constant 32 : i32",
        f"    %t{i}r0 = arith.muli %t{i}w, %t{i}c32 : i32",
        f"    %t{i}r = arith.index_castui %t{i}r0 : i32 to index",
        f"    %t{i}a = tirx.alloc_buffer : {ta}",
        f"    %t{i}b = tirx.alloc_buffer : {tb}",
        f"    %t{i}s = tirx.alloc_buffer : {tr}",
        f"    %t{i}c = tirx.alloc_buffer : {tc}",

        f"    tirx.tile.copy warp %t{i}a, %tin[%t{i}r, 0] [32, {cols}] : {ta}, {gin}",
        f"    tirx.tile.copy warp %t{i}b, %tin[%t{i}r, 0] [32, {cols}] : {tb}, {gin}",
        f"    tirx.tile.unary {p['unary']} warp %t{i}b, %t{i}b : {tb}, {tb}",
        f"    tirx.tile.binary {p['binary']} warp %t{i}a, %t{i}a, %t{i}b : {ta}, {ta}, {tb}",
        f"    tirx.tile.reduce {p['reduce']} warp %t{i}s, %t{i}a axes = [1] : {tr}, {ta}",
    ] + permute + [
        f"    tirx.tile.copy warp %trow[%t{i}r] [32], %t{i}s : !tirx.buffer<{rows}xf32, global>, {tr}",
    ]


# ----------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------

ARGS = ["--arg=rand"] * 2 + ["--arg=zeros"] * 3 + ["--arg=rand"] + ["--arg=zeros"] * 2


class Runner:
    def __init__(self, build, tmp, timeout=60):
        self.bin = os.path.join(build, "bin")
        self.tmp = tmp
        self.timeout = timeout

    def check(self, text, seed, ulps=0):
        """None when both levels agree, else (category, detail)."""
        src = os.path.join(self.tmp, f"k{seed}.mlir")
        with open(src, "w") as f:
            f.write(text)
        opt = subprocess.run(
            [os.path.join(self.bin, "tirx-opt"), src,
             "--tirx-attach-target=chip=sm_90a",
             "--tirx-dispatch-tile-primitives", "--tirx-resolve-layouts"],
            capture_output=True, text=True, timeout=self.timeout)
        if opt.returncode < 0:
            return ("crash", f"tirx-opt signal {-opt.returncode}")
        if opt.returncode:
            return ("invalid", opt.stderr.strip().splitlines()[0] if opt.stderr else "")
        cmd = [os.path.join(self.bin, "tirx-sim"), "-", "--diff-ptx",
               "--print=none", f"--data-seed={seed}", f"--seed={seed}"] + ARGS
        if ulps:
            cmd.append(f"--ulps={ulps}")
        try:
            r = subprocess.run(cmd, input=opt.stdout, capture_output=True,
                               text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return ("timeout", "")
        out = r.stdout + r.stderr
        if r.returncode < 0:
            return ("crash", f"tirx-sim signal {-r.returncode}")
        if "PTX level matches" in out:
            return None
        if "PTX level differs" in out:
            first = next(l for l in out.splitlines() if "PTX level differs" in l)
            kind = "mismatch" if "elements" in first else "ptx-only-error"
            return (kind, first)
        if "both levels report" in out:
            return ("both-error", first_error(out))
        if "IR level only" in out:
            return ("ir-only-error", first_error(out))
        if "is not modeled by the simulator" in out:
            return ("unmodeled", first_error(out))
        if "at the PTX level" in out or "cannot be converted" in out or \
                "LLVM" in out:
            return ("compile", out.strip().splitlines()[0] if out.strip() else "")
        return ("other", out.strip()[-300:])


def first_error(out):
    return next((l for l in out.splitlines() if "error" in l), "")


# Findings a kernel may have without the lowering being wrong: a problem
# both levels report is the generator's (it generates defined behaviour, so
# it is counted and printed, never hidden); the IR level alone reporting one
# is code LLVM may delete (undefined behaviour).
BENIGN = ("both-error", "ir-only-error", "invalid")


def minimize(kernel, runner, seed, finding):
    """Drops statements while the same category of finding shows."""
    keep = list(range(len(kernel.stmts)))
    category = finding[0]
    changed = True
    while changed:
        changed = False
        for i in reversed(list(keep)):
            trial = [k for k in keep if k != i]
            f = runner.check(kernel.render(trial), seed, kernel.ulps)
            if f and f[0] == category:
                keep = trial
                changed = True
    return keep


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--count", type=int, default=0, help="stop after N kernels")
    ap.add_argument("--out", default=None)
    ap.add_argument("--dump", default=None, help="write the seed's kernel")
    ap.add_argument("--no-minimize", action="store_true")
    args = ap.parse_args(argv)
    start_seed = (args.seed if args.seed is not None
                  else random.SystemRandom().randrange(1 << 30))
    if args.dump:
        with open(args.dump, "w") as f:
            f.write(Kernel(random.Random(start_seed)).render())
        return 0
    out = args.out or os.path.join(args.build, "fuzz-ptx")
    os.makedirs(out, exist_ok=True)
    stats = {}
    findings = 0
    deadline = time.time() + args.seconds
    seed = start_seed
    n = 0
    if args.seed is None:
        print(f"seeds from {start_seed} (FUZZ_SEED={start_seed} repeats this run)",
              flush=True)
    with tempfile.TemporaryDirectory(prefix="tirx-fuzz-ptx-") as tmp:
        runner = Runner(args.build, tmp)
        while time.time() < deadline and (not args.count or n < args.count):
            kernel = Kernel(random.Random(seed))
            f = runner.check(kernel.render(), seed, kernel.ulps)
            n += 1
            cat = f[0] if f else "agree"
            stats[cat] = stats.get(cat, 0) + 1
            if f and f[0] in ("both-error", "ir-only-error"):
                print(f"seed {seed}: {f[0]}: {f[1]}", flush=True)
            if f and f[0] not in BENIGN:
                findings += 1
                keep = (list(range(len(kernel.stmts))) if args.no_minimize
                        else minimize(kernel, runner, seed, f))
                text = kernel.render(keep)
                path = os.path.join(out, f"finding-{seed}.mlir")
                with open(path, "w") as fh:
                    detail = " ".join(f[1].split())
                    fh.write(f"// Found by fuzz/ptx_diff_fuzz.py (seed {seed}): "
                             f"{f[0]}: {detail}\n")
                    fh.write("// RUN: tirx-opt %s --tirx-attach-target=chip=sm_90a "
                             "--tirx-dispatch-tile-primitives --tirx-resolve-layouts | "
                             f"tirx-sim - --diff-ptx --print=none --data-seed={seed} "
                             f"--seed={seed} {' '.join(ARGS)}"
                             + (f" --ulps={kernel.ulps}" if kernel.ulps else "")
                             + " | FileCheck %s\n")
                    fh.write("// CHECK: PTX level matches the IR level\n\n")
                    fh.write(text)
                print(f"FINDING seed {seed}: {f[0]}: {f[1]} -> {path}", flush=True)
            elif f and f[0] == "invalid":
                print(f"generator produced invalid IR (seed {seed}): {f[1]}",
                      flush=True)
            seed += 1
    summary = ", ".join(f"{v} {k}" for k, v in sorted(stats.items()))
    print(f"{n} kernels from seed {start_seed}: {summary}; {findings} findings "
          f"({out})")
    bad = findings + stats.get("invalid", 0) + stats.get("both-error", 0) + \
        stats.get("ir-only-error", 0)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
