#!/usr/bin/env python3
"""Python API fuzzer: seeded random sequences of tirx.ir calls.

Each sequence (one seed) is a few hundred statements generated on the fly
from pools of live handles -- contexts, modules, operations, values, blocks,
regions, types, attributes, locations, pass managers -- and executed one by
one: parse (valid and damaged text), create (right and wrong operands,
attributes, insertion points, generators that mutate while they are
consumed), clone, detach, move, erase, set operands and attributes, replace
uses, walk with callbacks that try to change the IR, pass pipelines, emit
PTX, deep nesting, dropping handles, modules and contexts in random order,
and threads that walk while others mutate.

A statement may raise what the API documents (docs/Python.md): MLIRError,
RuntimeError, ValueError, TypeError, IndexError, KeyError. Findings:

* a crash or a sanitizer report (the child dies);
* any other exception (AttributeError, SystemError, ...);
* an LLVM crash signal recovered inside a pass (a compiler bug);
* IR left behind once every handle of a sequence is dropped (an owned,
  parked or deferred root, or a live wrapper), or nanobind's leak report at
  exit.

Usage (the driver runs sequences in child interpreters, many per child):

    fuzz/python_api_fuzz.py --build build-asan --seconds 180     # a campaign
    fuzz/python_api_fuzz.py --build build --seed 17 --dump s.py  # one seed
    python3 s.py                                                 # its replay

With a sanitizer build (-DTIRX_ENABLE_SANITIZERS=ON) the children run with
the ASan runtime preloaded (TIRX_ASAN_RUNTIME in its CMake cache). A failing
seed is written to <out>/crash-<seed>.py, a standalone script of the
statements up to the failure; it becomes a test in
test/python/test_api_safety.py once fixed.
"""

import argparse
import os
import random
import subprocess
import sys
import time

#---------------------------------------------------------------------------
# The child: generate and run statements
#---------------------------------------------------------------------------

TEXTS = [
    """func.func @f(%n: i32) -> i32 {
  %c = arith.constant 7 : i32
  %a = arith.addi %n, %c : i32
  %m = arith.muli %a, %a : i32
  return %m : i32
}""",
    """func.func @g(%x: i32, %p: i1) -> i32 {
  cf.cond_br %p, ^bb1(%x : i32), ^bb2
^bb1(%y: i32):
  return %y : i32
^bb2:
  %z = arith.constant 0 : i32
  cf.br ^bb1(%z : i32)
^bb3(%w: i64):
  %t = arith.trunci %w : i64 to i32
  return %t : i32
}""",
    """module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @k(%p: !tirx.ptr<f32, global>, %n: i32) -> i32 {
    %c = arith.constant 4 : i32
    %m = arith.muli %n, %c : i32
    %r = scf.for %i = %c to %m step %c iter_args(%acc = %n) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    %e = scf.execute_region -> i32 {
      %q = arith.addi %r, %r : i32
      scf.yield %q : i32
    }
    return %e : i32
  }
}""",
    """func.func @axpy(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>, %alpha: f32) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %i = arith.index_cast %tx : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<64xf32, global> -> f32
    %b = arith.mulf %a, %alpha : f32
    tirx.buffer_store %b, %B[%i] : f32, !tirx.buffer<64xf32, global>
  }
  return
}""",
    """module attributes {gpu.container_module} { gpu.module @k {
  gpu.func @k(%out: !llvm.ptr<1>) kernel {
    %e = nvvm.elect.sync -> i1
    %z = llvm.zext %e : i1 to i32
    llvm.store %z, %out : i32, !llvm.ptr<1>
    gpu.return } } }""",
    "module {}",
]

PIPELINES = [
    "builtin.module(canonicalize)", "builtin.module(cse)",
    "builtin.module(func.func(canonicalize,cse))", "builtin.module(sccp,symbol-dce)",
    "builtin.module(inline)", "builtin.module(convert-scf-to-cf)",
    "builtin.module(mem2reg)", "any(cse)", "func.func(canonicalize)",
    "builtin.module(tirx-to-nvvm-pipeline{chip=sm_90a})",
    "builtin.module(tirx-to-ptx-pipeline{chip=sm_80})",
    "builtin.module(canonicalize{max-iterations=2})",
    "builtin.module(cse", "builtin.module(nope)", "",
]

OP_NAMES = ["arith.constant", "arith.addi", "arith.muli", "arith.trunci",
            "func.func", "func.return", "func.call", "scf.execute_region",
            "scf.yield", "scf.if", "cf.br", "cf.cond_br", "tirx.kernel",
            "tirx.thread_id", "tirx.buffer_load", "builtin.module",
            "nvvm.elect.sync", "llvm.zext", "nope.op", "arith"]

TYPE_TEXTS = ["i32", "i1", "i64", "index", "f32", "f16", "!tirx.ptr<f32, shared>",
              "!tirx.buffer<4x?xf16, global>", "vector<4xf32>", "() -> i32",
              "!tirx.tensormap", "tensor<2xf32>", "!llvm.ptr<1>"]

ATTR_TEXTS = ['"s"', "unit", "1 : i32", "-1 : i128", "18446744073709551615 : ui64",
              "[1, [2, [3]]]", "{a = 1, b = \"x\"}", '#tirx.target<"sm_90a">',
              "#tirx.scope<shared.dyn>", "dense<[1, 2]> : vector<2xi32>",
              "@sym", "i32", "array<i64: 1, 2>", "strided<[4, 1], offset: ?>"]

ALLOWED = "(MLIRError, RuntimeError, ValueError, TypeError, IndexError, KeyError)"


def damage(rng, text):
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        pos = rng.randrange(len(chars) + 1)
        k = rng.randrange(3)
        if k == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif k == 1:
            chars.insert(pos, rng.choice("{}()<>[]%^:,=0123456789 \"\\x\x00"))
        else:
            j = rng.randrange(len(chars) + 1)
            chars[pos:pos] = chars[j:j + rng.randrange(10)]
    return "".join(chars)


class Generator:
    """Statements for one seed, chosen from what the pools hold."""

    def __init__(self, rng, pools):
        self.rng = rng
        self.P = pools

    def pick(self, kind):
        items = self.P[kind]
        if not items:
            return None
        return f"P[{kind!r}][{self.rng.randrange(len(items))}]"

    def any_of(self, *kinds):
        kinds = [k for k in kinds if self.P[k]]
        return self.pick(self.rng.choice(kinds)) if kinds else None

    def ctx(self):
        # Mostly the newest context: handles of one context meet more often.
        if self.P["ctx"] and self.rng.random() < 0.8:
            return f"P['ctx'][{len(self.P['ctx']) - 1}]"
        return self.pick("ctx") or "Context()"

    def rand_int(self):
        r = self.rng
        return r.choice([0, 1, -1, 2**7, 2**8 - 1, 2**31, -2**63, 2**64 - 1, 2**64,
                         2**127, -2**128, r.randrange(-10**6, 10**6), 10**40])

    def statement(self):
        r = self.rng
        actions = [
            (1, self.new_context), (6, self.parse_module), (2, self.parse_other),
            (10, self.create_op), (3, self.clone), (3, self.detach), (3, self.move),
            (5, self.erase), (4, self.set_operand), (4, self.set_attribute),
            (2, self.replace_uses), (4, self.walk), (4, self.run_pipeline),
            (5, self.navigate), (4, self.inspect), (6, self.drop), (1, self.destroy),
            (3, self.build_type_or_attr), (2, self.location), (2, self.add_block),
            (1, self.emit), (1, self.threads), (1, self.deep), (1, self.with_block),
            (1, self.collect),
        ]
        total = sum(w for w, _ in actions)
        x = r.randrange(total)
        for w, fn in actions:
            if x < w:
                return fn()
            x -= w

    #--- the actions --------------------------------------------------------
    def new_context(self):
        return "P['ctx'].append(Context())"

    def parse_module(self):
        text = self.rng.choice(TEXTS)
        if self.rng.random() < 0.3:
            text = damage(self.rng, text)
        return f"P['mod'].append(Module.parse({text!r}, context={self.ctx()}))"

    def parse_other(self):
        r = self.rng
        c = self.ctx()
        k = r.randrange(4)
        if k == 0:
            t = r.choice(TYPE_TEXTS)
            return f"P['type'].append(Type.parse({damage(r, t) if r.random() < 0.3 else t!r}, context={c}))"
        if k == 1:
            a = r.choice(ATTR_TEXTS)
            return f"P['attr'].append(Attribute.parse({damage(r, a) if r.random() < 0.3 else a!r}, context={c}))"
        if k == 2:
            p = r.choice(PIPELINES)
            return f"P['pm'].append(PassManager.parse({p!r}, context={c}))"
        return f"P['op'].append(Operation.parse({r.choice(TEXTS[:4])!r}, context={c}))"

    def operand_list(self):
        r = self.rng
        vals = [self.pick("val") for _ in range(r.randrange(3))]
        vals = [v for v in vals if v]
        items = ", ".join(vals)
        k = r.randrange(5)
        if k == 0 and vals:  # a generator that changes things midway
            side = r.choice(["erase_some()", "drop_some()", "destroy_some()", "None"])
            return f"gen([{items}], lambda: {side})"
        return f"[{items}]"

    def create_op(self):
        r = self.rng
        name = r.choice(OP_NAMES)
        results = ", ".join(x for x in (self.pick("type") for _ in range(r.randrange(3))) if x)
        attrs = {}
        for _ in range(r.randrange(3)):
            key = r.choice(["value", "sym_name", "function_type", "predicate", "note", "x\x00y"])
            a = self.pick("attr")
            if a:
                attrs[key] = a
        attr_text = "{" + ", ".join(f"{k!r}: {v}" for k, v in attrs.items()) + "}"
        succ = ", ".join(x for x in (self.pick("blk") for _ in range(r.randrange(2))) if x)
        ip = r.choice(["False", "None", f"InsertionPoint({self.pick('blk')})" if self.P["blk"] else "False",
                       f"InsertionPoint({self.pick('blk')})" if self.P["blk"] else "None",
                       self.pick("ip") or "False",
                       f"InsertionPoint({self.pick('op')})" if self.P["op"] else "False",
                       "5" if r.random() < 0.2 else "None"])
        # The location decides the context: mostly one matching an operand
        # or a result type, so that the rest of the call is exercised.
        anchor = results.split(",")[0] or (self.pick("val") or "")
        k = r.randrange(4)
        if k < 2 and anchor:
            loc = f"Location.unknown(context={anchor}.context)"
        elif k == 2:
            loc = self.pick("loc") or "None"
        else:
            loc = f"Location.unknown(context={self.ctx()})"
        return (f"P['op'].append(Operation.create({name!r}, results=[{results}], "
                f"operands={self.operand_list()}, attributes={attr_text}, "
                f"successors=[{succ}], regions={r.randrange(3)}, loc={loc}, ip={ip}))")

    def clone(self):
        op = self.pick("op")
        if not op:
            return self.create_op()
        ip = f"InsertionPoint({self.pick('blk')})" if self.P["blk"] and self.rng.random() < 0.5 else "None"
        return f"P['op'].append({op}.clone(ip={ip}))"

    def detach(self):
        op = self.any_of("op", "mod")
        return f"{op}.operation.detach_from_parent()" if op else self.create_op()

    def move(self):
        a, b = self.pick("op"), self.pick("op")
        if not (a and b):
            return self.create_op()
        return f"{a}.move_{self.rng.choice(['before', 'after'])}({b})"

    def erase(self):
        op = self.pick("op")
        return f"{op}.erase()" if op else self.create_op()

    def set_operand(self):
        op, v = self.pick("op"), self.pick("val")
        if not (op and v):
            return self.navigate()
        return f"{op}.operands[{self.rng.randrange(-2, 3)}] = {v}"

    def set_attribute(self):
        op, a = self.pick("op"), self.pick("attr")
        if not (op and a):
            return self.build_type_or_attr()
        key = self.rng.choice(["value", "sym_name", "function_type", "note", "predicate"])
        if self.rng.random() < 0.2:
            return f"del {op}.attributes[{key!r}]"
        return f"{op}.attributes[{key!r}] = {a}"

    def replace_uses(self):
        a, b = self.pick("val"), self.pick("val")
        return f"{a}.replace_all_uses_with({b})" if a and b else self.navigate()

    def walk(self):
        op = self.any_of("op", "mod")
        if not op:
            return self.parse_module()
        spec = "".join(self.rng.choice("rrrrpeEcdsmvi") for _ in range(4))
        order = self.rng.choice(["WalkOrder.PRE_ORDER", "WalkOrder.POST_ORDER"])
        return f"{op}.operation.walk(walker({spec!r}), walk_order={order})"

    def run_pipeline(self):
        target = self.any_of("mod", "op")
        if not target:
            return self.parse_module()
        pm = self.pick("pm") if self.P["pm"] and self.rng.random() < 0.5 else \
            f"PassManager.parse({self.rng.choice(PIPELINES)!r}, context={target}.context)"
        inv = self.rng.choice(["True", "False"])
        if self.rng.random() < 0.1:
            return f"pm_ = {pm}; pm_.enable_verifier(False); pm_.run({target}, invalidate_ops={inv})"
        return f"{pm}.run({target}, invalidate_ops={inv})"

    def navigate(self):
        r = self.rng
        op = self.pick("op")
        mod = self.pick("mod")
        choices = []
        if mod:
            choices += [f"P['blk'].append({mod}.body)",
                        f"P['op'].extend({mod}.body.operations)",
                        f"P['op'].append({mod}.operation)"]
        if op:
            choices += [f"P['val'].extend({op}.results)", f"P['val'].extend(list({op}.operands))",
                        f"P['reg'].extend({op}.regions)", f"P['op'].append({op}.parent)",
                        f"P['blk'].append({op}.block)", f"P['blk'].extend({op}.successors)"]
        reg, blk, val = self.pick("reg"), self.pick("blk"), self.pick("val")
        if reg:
            choices += [f"P['blk'].extend(list({reg}.blocks))", f"P['op'].append({reg}.owner)"]
        if blk:
            choices += [f"P['op'].extend({blk}.operations)", f"P['val'].extend({blk}.arguments)",
                        f"P['op'].append({blk}.owner)", f"P['reg'].append({blk}.region)"]
        if val:
            choices += [f"P['any'].append({val}.owner)", f"P['type'].append({val}.type)"]
        if not choices:
            return self.parse_module()
        return r.choice(choices)

    def inspect(self):
        x = self.any_of("op", "mod", "val", "blk", "type", "attr", "loc", "pm", "any")
        if not x:
            return self.parse_module()
        k = self.rng.randrange(6)
        if k == 4 and self.P["val"]:
            v = self.pick("val")
            return (f"{v}.get_name(use_local_scope={self.rng.random() < 0.5}); "
                    f"{v}.type; {v}.location; {v}.has_uses")
        if k == 5 and self.P["blk"]:
            b = self.pick("blk")
            at = self.rng.choice(["at_block_begin", "at_block_terminator"])
            return f"str({b}); P['ip'].append(InsertionPoint.{at}({b}))"
        if k == 0:
            return f"str({x}); repr({x})"
        if k == 1 and self.P["op"]:
            op = self.pick("op")
            return (f"{op}.get_asm(enable_debug_info={self.rng.random() < 0.5}, "
                    f"print_generic_op_form={self.rng.random() < 0.5}, "
                    f"use_local_scope={self.rng.random() < 0.5}, "
                    f"assume_verified={self.rng.random() < 0.5})")
        if k == 2 and (self.P["op"] or self.P["mod"]):
            return f"{self.any_of('op', 'mod')}.operation.verify()"
        return f"hash({x}); {x} == {x}"

    def drop(self):
        kinds = [k for k in self.P if self.P[k] and k != "ctx"]
        if not kinds:
            return "pass"
        k = self.rng.choice(kinds)
        i = self.rng.randrange(len(self.P[k]))
        gc = "; gc.collect()" if self.rng.random() < 0.2 else ""
        return f"del P[{k!r}][{i}]{gc}"

    def destroy(self):
        c = self.pick("ctx")
        if not c:
            return "pass"
        if self.rng.random() < 0.5:
            return f"{c}.destroy()"
        return f"del P['ctx'][{self.rng.randrange(len(self.P['ctx']))}]"

    def build_type_or_attr(self):
        r = self.rng
        c = self.ctx()
        t = self.pick("type")
        choices = [
            f"P['type'].append(IntegerType.get_signless({r.choice([1, 8, 32, 64, 128, 0, 2**24])}, context={c}))",
            f"P['type'].append(IntegerType.get_unsigned({r.choice([1, 16, 64])}, context={c}))",
            f"P['type'].append(F32Type.get(context={c}))",
            f"P['type'].append(IndexType.get(context={c}))",
            f"P['attr'].append(StringAttr.get({r.choice(['a', 'x', 'sym'])!r}, context={c}))",
            f"P['attr'].append(UnitAttr.get(context={c}))",
            f"P['attr'].append(ArrayAttr.get([{', '.join(x for x in (self.pick('attr') for _ in range(2)) if x)}], context={c}))",
            f"P['attr'].append(DictAttr.get({{'k': {self.pick('attr') or 'UnitAttr.get()'}, {r.choice(['1', repr('z')])}: UnitAttr.get(context={c})}}, context={c}))",
            f"P['attr'].append(TargetAttr.get({r.choice(['sm_90a', 'sm_80', 'sm_1', 'sm_90a' + chr(0)])!r}, context={c}))",
            f"P['attr'].append(FlatSymbolRefAttr.get('f', context={c}))",
        ]
        if t:
            choices += [
                f"P['attr'].append(IntegerAttr.get({t}, {self.rand_int()}))",
                f"P['attr'].append(TypeAttr.get({t}))",
                f"P['type'].append(PtrType.get({t}, {r.choice(['global', 'shared', 'bogus', 'shared' + chr(0)])!r}))",
                f"P['type'].append(BufferType.get({r.choice(['[4, None]', '[1.5]', '[2**63]', '[]', '5'])}, {t}, 'global'))",
                f"P['type'].append(FunctionType.get([{t}], [{self.pick('type')}]))",
                f"P['attr'].append(FloatAttr.get({t}, 1.5))",
            ]
        return r.choice(choices)

    def location(self):
        r = self.rng
        c = self.ctx()
        l1, l2 = self.pick("loc"), self.pick("loc")
        choices = [f"P['loc'].append(Location.file('k.py', {r.randrange(100)}, {r.randrange(80)}, context={c}))",
                   f"P['loc'].append(Location.unknown(context={c}))",
                   f"P['loc'].append(Location.name('n', context={c}))"]
        if l1 and l2:
            choices += [f"P['loc'].append(Location.callsite({l1}, [{l2}], context={l1}.context))",
                        f"P['loc'].append(Location.fused([{l1}, {l2}], context={l1}.context))",
                        f"P['loc'].append(Location.name('m', childLoc={l1}, context={l1}.context))"]
        return r.choice(choices)

    def add_block(self):
        reg, t = self.pick("reg"), self.pick("type")
        if not reg:
            return self.navigate()
        args = t or ""
        k = self.rng.randrange(3)
        if k == 0:
            return f"P['blk'].append({reg}.blocks.append({args}))"
        if k == 1:
            return f"P['blk'].append(Block.create_at_start({reg}, gen([{args}], lambda: erase_some())))"
        blk = self.pick("blk")
        return f"P['val'].append({blk}.add_argument({t}))" if blk and t else "pass"

    def emit(self):
        m = self.pick("mod")
        if not m:
            return self.parse_module()
        chip = self.rng.choice(["sm_90a", "sm_80", "sm_100a", "bogus"])
        return f"compiler.emit_ptx({m}, {chip!r})"

    def threads(self):
        op = self.any_of("mod", "op")
        other = self.pick("op")
        if not (op and other):
            return self.parse_module()
        return f"race({op}, {other})"

    def deep(self):
        r = self.rng
        n = r.choice([70, 200, 1000])
        c = self.ctx()
        k = r.randrange(3)
        if k == 0:
            return f"P['mod'].append(Module.parse('module {{' * {n} + '}}' * {n}, context={c}))"
        if k == 1:
            return f"P['attr'].append(Attribute.parse('[' * {n} + ']' * {n}, context={c}))"
        return f"P['mod'].append(nest({n}, {c}))"

    def with_block(self):
        c = self.pick("ctx") or self.pick("loc")
        if not c:
            return self.new_context()
        if self.rng.random() < 0.7:
            return f"with {c}:\n    P['mod'].append(Module.create())"
        return f"{c}.__enter__()"

    def collect(self):
        return "gc.collect()"


def child_globals(pools, rng_seed):
    """What the statements see."""
    import gc
    import threading
    import tirx.ir as ir
    from tirx import compiler
    from tirx.passmanager import PassManager
    g = {name: getattr(ir, name) for name in ir.__all__}
    g.update(P=pools, gc=gc, compiler=compiler, PassManager=PassManager)
    rng = random.Random(rng_seed)

    def gen(items, side):
        def it():
            for i, x in enumerate(items):
                yield x
                if i == 0:
                    side()
        return it()

    def erase_some():
        if pools["op"]:
            pools["op"][rng.randrange(len(pools["op"]))].erase()

    def drop_some():
        for k in ("op", "mod", "val"):
            if pools[k]:
                del pools[k][rng.randrange(len(pools[k]))]
        gc.collect()

    def destroy_some():
        if pools["ctx"]:
            pools["ctx"][rng.randrange(len(pools["ctx"]))].destroy()

    def walker(spec):
        steps = iter(spec * 2)

        def cb(op):
            s = next(steps, "r")
            if s == "r":
                op.name
            elif s == "p":
                str(op)
            elif s == "e":
                op.erase()
            elif s == "E" and pools["op"]:
                pools["op"][-1].erase()
            elif s == "c":
                ir.Operation.create("arith.constant", ip=False,
                                    loc=ir.Location.unknown(context=op.context))
            elif s == "d":
                op.context.destroy()
            elif s == "s":
                return ir.WalkResult.SKIP
            elif s == "m" and pools["op"]:
                pools["op"][-1].move_before(op)
            elif s == "v":
                PassManager.parse("any(cse)", context=op.context).run(op)
            elif s == "i":
                return ir.WalkResult.INTERRUPT
        return cb

    def race(root, other):
        failures = []
        started = threading.Event()

        def walk():
            try:
                def cb(op):
                    started.set()
                    for _ in range(20):
                        pass
                root.operation.walk(cb)
            except Exception as e:  # checked below
                failures.append(e)
        t = threading.Thread(target=walk)
        t.start()
        started.wait(1)
        for fn in (other.erase, other.detach_from_parent, lambda: str(other)):
            try:
                fn()
            except Exception as e:
                failures.append(e)
        t.join()
        for e in failures:
            if not isinstance(e, (ir.MLIRError, RuntimeError, ValueError, TypeError,
                                  IndexError, KeyError)):
                raise AssertionError(f"thread: unexpected {type(e).__name__}: {e}")

    def nest(n, ctx):
        with ctx, ir.Location.unknown():
            m = ir.Module.create()
            cur = m.body
            for _ in range(n):
                r = ir.Operation.create("scf.execute_region", regions=1,
                                        ip=ir.InsertionPoint(cur))
                cur = r.regions[0].blocks.append()
            return m

    g.update(gen=gen, erase_some=erase_some, drop_some=drop_some,
             destroy_some=destroy_some, walker=walker, race=race, nest=nest)
    return g


POOL_KINDS = ("ctx", "mod", "op", "val", "blk", "reg", "type", "attr", "loc", "pm", "ip", "any")
POOL_CAP = 48


class Finding(Exception):
    pass


def keep_kinds(pools, kinds):
    """Navigation may yield None (no parent) or another kind: keep each pool
    to its kind; and when the operation pool fills up, drop invalid handles
    first (the replay scripts do the same)."""
    for k, cls in kinds.items():
        if any(not isinstance(x, cls) for x in pools[k]):
            pools[k][:] = [x for x in pools[k] if isinstance(x, cls)]
    if len(pools["op"]) > POOL_CAP // 2:
        pools["op"][:] = [x for x in pools["op"] if x.is_valid]


def run_sequence(seed, steps, dump=None):
    """Runs one seed; raises Finding on an unexpected outcome."""
    import gc
    import tirx.ir as ir
    from tirx import _tirx
    rng = random.Random(seed)
    pools = {k: [] for k in POOL_KINDS}
    g = child_globals(pools, seed + 1)
    gen = Generator(rng, pools)
    allowed = (ir.MLIRError, RuntimeError, ValueError, TypeError, IndexError, KeyError)
    kinds = {"ctx": ir.Context, "mod": ir.Module, "op": ir.Operation, "val": ir.Value,
             "blk": ir.Block, "reg": ir.Region, "type": ir.Type, "attr": ir.Attribute,
             "loc": ir.Location, "pm": g["PassManager"], "ip": ir.InsertionPoint,
             "any": object}
    out = open(dump, "w") if dump else None
    if out:
        out.write(REPLAY_HEADER.format(
            seed=seed, fuzzdir=os.path.dirname(os.path.abspath(__file__))))
    try:
        for _ in range(steps):
            for k in POOL_KINDS:  # bounded pools
                while len(pools[k]) > POOL_CAP:
                    del pools[k][0]
            code = gen.statement()
            if out:
                out.write("try:\n" + "".join("    " + line + "\n" for line in code.split("\n"))
                          + f"except {ALLOWED}:\n    pass\nkeep_kinds(P, KINDS)\n")
                out.flush()
            try:
                exec(code, g)
                keep_kinds(pools, kinds)
            except allowed as e:
                if "LLVM crashed" in str(e):
                    raise Finding(f"a pass crashed: {e}\nstatement: {code}")
            except Exception as e:
                raise Finding(f"unexpected {type(e).__name__}: {e}\nstatement: {code}")
        # Everything dropped: no IR may stay behind.
        _tirx._clear_with_stacks()
        contexts = [c for c in pools["ctx"] if not c.is_destroyed]
        for k in POOL_KINDS:
            pools[k].clear()
        g.clear()
        gc.collect()
        for c in contexts:
            counts = c._get_ownership_counts()
            leftover = {k: v for k, v in counts.items() if v and k != "abandoned_roots"}
            if leftover:
                raise Finding(f"IR left behind after every handle was dropped: {counts}")
    finally:
        if out:
            out.write("print('replayed')\n")
            out.close()


REPLAY_HEADER = """# Replay of python_api_fuzz.py seed {seed}: the statements it ran, in order.
import gc, sys
sys.path.insert(0, {fuzzdir!r})
from python_api_fuzz import child_globals, keep_kinds, POOL_KINDS
from tirx.ir import *
from tirx.passmanager import PassManager
P = {{k: [] for k in POOL_KINDS}}
globals().update(child_globals(P, {seed} + 1))
KINDS = {{"ctx": Context, "mod": Module, "op": Operation, "val": Value, "blk": Block,
         "reg": Region, "type": Type, "attr": Attribute, "loc": Location,
         "pm": PassManager, "ip": InsertionPoint, "any": object}}
"""


def child_main(args):
    import faulthandler
    first, count = args.child
    for seed in range(first, first + count):
        if args.deadline and time.time() > args.deadline:
            break
        # A sequence that hangs (even inside C++) ends the child with the
        # Python stack of every thread.
        faulthandler.dump_traceback_later(args.hang_seconds, exit=True)
        print(f"SEED {seed}", flush=True)
        try:
            run_sequence(seed, args.steps)
        except Finding as e:
            print(f"FINDING {seed}: {e}", flush=True)
            sys.exit(3)
    print("DONE", flush=True)


#---------------------------------------------------------------------------
# The driver
#---------------------------------------------------------------------------

FORBIDDEN = ("leaked", "AddressSanitizer", "LeakSanitizer", "runtime error:",
             "Segmentation fault", "Fatal Python error")


def child_env(build):
    env = dict(os.environ)
    pkg = os.path.abspath(os.path.join(build, "python_packages"))
    env["PYTHONPATH"] = pkg + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    cache = os.path.join(build, "CMakeCache.txt")
    runtime = ""
    if os.path.exists(cache):
        for line in open(cache):
            if line.startswith("TIRX_ASAN_RUNTIME:"):
                runtime = line.split("=", 1)[1].strip()
    if runtime:
        env["LD_PRELOAD"] = runtime
        env.setdefault("ASAN_OPTIONS", "halt_on_error=1:abort_on_error=1:detect_leaks=0:"
                       "allow_user_poisoning=0")
        env.setdefault("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1")
    return env, bool(runtime)


def run_child(build, first, count, steps, timeout, deadline):
    env, _ = child_env(build)
    cmd = [sys.executable, os.path.abspath(__file__), "--child", str(first), str(count),
           "--steps", str(steps), "--deadline", str(deadline)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired as e:
        def text(x):
            return x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
        rc, out, err = "timeout", text(e.stdout), text(e.stderr)
    seeds = [int(line.split()[1]) for line in out.splitlines() if line.startswith("SEED ")]
    bad = rc != 0 or "DONE" not in out or any(f in err for f in FORBIDDEN)
    return bad, rc, out, err, (seeds[-1] if seeds else first)


def dump_seed(build, seed, steps, path, timeout):
    """Writes the replay script of `seed` (up to where it fails, or up to
    where it hangs)."""
    env, _ = child_env(build)
    cmd = [sys.executable, os.path.abspath(__file__), "--seed", str(seed),
           "--steps", str(steps), "--dump", path]
    try:
        subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        pass


def driver(args):
    os.makedirs(args.out, exist_ok=True)
    _, sanitized = child_env(args.build)
    start = time.time()
    seed, runs, sequences, findings = args.first_seed, 0, 0, []
    print(f"[fuzz-python] package {args.build}/python_packages"
          f"{' (ASan+UBSan)' if sanitized else ''}; {args.seconds} s, "
          f"{args.per_child} sequences of {args.steps} statements per child, from seed {seed}",
          flush=True)
    while time.time() - start < args.seconds:
        bad, rc, out, err, last = run_child(args.build, seed, args.per_child, args.steps,
                                            timeout=args.hang_seconds * (args.per_child + 1),
                                            deadline=start + args.seconds)
        runs += 1
        if not bad:
            done = len([l for l in out.splitlines() if l.startswith("SEED ")])
            sequences += done
            seed += done
            continue
        sequences += last - seed + 1
        path = os.path.join(args.out, f"crash-{last}.py")
        log = os.path.join(args.out, f"crash-{last}.log")
        open(log, "w").write(f"exit status: {rc}\n--- stdout\n{out}\n--- stderr\n{err}\n")
        try:
            dump_seed(args.build, last, args.steps, path, args.hang_seconds)
        except Exception as e:  # the log is there either way
            print(f"[fuzz-python] could not write the replay of seed {last}: {e}")
        findings.append(last)
        summary = (out.splitlines() or [""])[-1][:300]
        print(f"[fuzz-python] FINDING at seed {last} (exit {rc}): {summary}\n"
              f"  replay: {path}\n  log: {log}", flush=True)
        if args.stop_on_finding:
            break
        seed = last + 1
    wall = time.time() - start
    import resource
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    print(f"[fuzz-python] {sequences} sequences ({sequences * args.steps} statements) "
          f"in {runs} children, {wall:.0f} s wall, {cpu:.0f} s CPU; findings: {len(findings)}"
          f"{' ' + str(findings) if findings else ''}; next seed {seed}", flush=True)
    return 1 if findings else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.environ.get("TIRX_BUILD", "build-asan"))
    ap.add_argument("--seconds", type=float, default=180)
    ap.add_argument("--steps", type=int, default=150, help="statements per sequence")
    ap.add_argument("--per-child", type=int, default=20, help="sequences per child")
    ap.add_argument("--first-seed", type=int, default=int(os.environ.get("FUZZ_SEED", "1")))
    ap.add_argument("--hang-seconds", type=float, default=120,
                    help="a sequence taking longer is a finding (a hang)")
    ap.add_argument("--out", default=None, help="where findings go ($BUILD/fuzz-python)")
    ap.add_argument("--stop-on-finding", action="store_true")
    ap.add_argument("--seed", type=int, help="run this one seed here (no child)")
    ap.add_argument("--dump", help="with --seed: write its statements as a script")
    ap.add_argument("--child", nargs=2, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--deadline", type=float, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return child_main(args)
    if args.seed is not None:
        try:
            run_sequence(args.seed, args.steps, dump=args.dump)
        except Finding as e:
            print(f"FINDING {args.seed}: {e}")
            return 3
        print(f"seed {args.seed}: no finding")
        return 0
    args.out = args.out or os.path.join(args.build, "fuzz-python")
    return driver(args)


if __name__ == "__main__":
    sys.exit(main())
