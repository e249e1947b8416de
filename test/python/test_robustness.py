"""Robustness: thousands of objects created and dropped, malformed inputs,
invalid IR, use after erase / after the context is destroyed. Each scenario
runs in a child process, so a crash is a test failure (not a dead pytest) and
nanobind's leak report at exit is checked too."""

import gc
import random

import pytest

from childproc import main, registry, run_scenario

SCENARIOS, scenario = registry()


VALID = """
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @k(%p: !tirx.ptr<f32, global>, %b: !tirx.buffer<128x?xf16, shared, strided<[64, 1], offset: ?>>, %n: i32) -> i32 {
    %c = arith.constant 4 : i32
    %m = arith.muli %n, %c : i32
    %r = scf.for %i = %c to %m step %c iter_args(%acc = %n) -> (i32) : i32 {
      %s = arith.addi %acc, %i : i32
      scf.yield %s : i32
    }
    return %r : i32
  }
}
"""


@scenario
def churn_objects():
    from tirx.ir import (Context, Location, Module, Operation, InsertionPoint,
                         IntegerType, IntegerAttr, PtrType, BufferType,
                         F32Type, TargetAttr, StringAttr, Type)
    for _ in range(50):  # contexts are created and dropped
        with Context() as ctx, Location.file("churn.py", 1, 1):
            m = Module.parse(VALID)
            v = m.body.operations[0].regions[0].blocks[0].arguments[0]
            del m
            assert str(v.type) == "!tirx.ptr<f32, global>"  # v keeps it alive
    ctx = Context()
    with ctx, Location.file("churn.py", 2, 2):
        i32 = IntegerType.get_signless(32)
        for i in range(3000):
            PtrType.get(F32Type.get(), "shared")
            BufferType.get([i % 7 + 1, None], F32Type.get(), "global")
            TargetAttr.get("sm_90a")
            Location.callsite(Location.file("a.py", i + 1, 1),
                              [Location.file("b.py", 1, 1)])
            Type.parse("!tirx.ptr<ui64, shared>")
            # a detached op dropped at once
            Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, i)})
        # detached ops using each other's results, dropped producer-first
        for i in range(1000):
            a = Operation.create("arith.constant", results=[i32],
                                 attributes={"value": IntegerAttr.get(i32, i)})
            b = Operation.create("arith.addi", results=[i32],
                                 operands=[a.result, a.result])
            del a  # b keeps a alive
            assert b.operands[0].owner.name == "arith.constant"
            del b
        m = Module.create()
        with InsertionPoint(m.body):
            for i in range(2000):
                Operation.create("arith.constant", results=[i32],
                                 attributes={"value": IntegerAttr.get(i32, i)})
        ops = m.body.operations
        assert len(ops) == 2000
        for op in ops[::2]:
            op.erase()
        assert len(m.body.operations) == 1000
        # Walk a big module, holding every op wrapper, then drop the module.
        big = Module.parse(VALID * 1 if False else VALID)
        seen = []
        big.operation.walk(seen.append)
        del big
        assert seen[-1].name == "builtin.module"
        del seen, ops, m
        gc.collect()
        assert ctx._get_live_operation_count() == 0, ctx._get_live_operation_count()
        StringAttr.get("still fine")


def _mutate(rng, text, n):
    chars = list(text)
    alphabet = "{}()<>[]%@!#:,=?x0123456789 \n\"'\\abcdefgtirx._-^"
    for _ in range(n):
        k = rng.randrange(4)
        pos = rng.randrange(len(chars) + 1)
        if k == 0 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif k == 1:
            chars.insert(pos, rng.choice(alphabet))
        elif k == 2 and chars:
            chars[min(pos, len(chars) - 1)] = rng.choice(alphabet)
        else:
            j = rng.randrange(len(chars) + 1)
            chars[pos:pos] = chars[j:j + rng.randrange(8)]
    return "".join(chars)


@scenario
def malformed_inputs():
    from tirx.ir import Attribute, Context, MLIRError, Module, Type
    from tirx.passmanager import PassManager
    rng = random.Random(1234)
    types = ["!tirx.ptr<f32, shared>", "!tirx.buffer<128x?xf16, shared, strided<[64, 1], offset: ?>>",
             "!tirx.tensormap", "!tirx.ptr<!tirx.tensormap, param>", "vector<4xf16>",
             "!tirx.buffer<f32, local>"]
    attrs = ['#tirx.target<"sm_90a">', "#tirx.launch<max_registers = 168, cluster_dims = [2, 1, 1]>",
             "#tirx.scope<shared.dyn>", "strided<[64, 1], offset: ?>", "dense<[1, 2]> : vector<2xi32>"]
    pipelines = ["builtin.module(canonicalize,cse)", "builtin.module(func.func(canonicalize{max-iterations=3}))",
                 "builtin.module(nvvm-attach-target{chip=sm_90a O=3},gpu.module(convert-gpu-to-nvvm))"]
    counts = {"ok": 0, "error": 0}
    with Context():
        for i in range(1500):
            for src, parse in ((rng.choice(types), Type.parse),
                               (rng.choice(attrs), Attribute.parse),
                               (rng.choice(pipelines), PassManager.parse)):
                try:
                    parse(_mutate(rng, src, rng.randrange(1, 4)))
                    counts["ok"] += 1
                except (MLIRError, ValueError):
                    counts["error"] += 1
            if i % 3 == 0:
                text = _mutate(rng, VALID, rng.randrange(1, 6))
                try:
                    m = Module.parse(text)
                except MLIRError as e:
                    assert e.error_diagnostics and e.error_diagnostics[0].location
                    counts["error"] += 1
                    continue
                try:
                    m.operation.verify()
                except MLIRError:
                    counts["error"] += 1
                str(m)
                m.operation.get_asm(enable_debug_info=True, print_generic_op_form=True)
        garbage = ["", "\x00", "}}}}", "module {", "%0 = ", "\"a\"() : () -> ()",
                   "func.func @f(", "!" * 1000, "(" * 5000, "module {" * 300,
                   "\udcff", bytes(range(256)).decode("latin-1")]
        for g in garbage:
            for parse in (Module.parse, Type.parse, Attribute.parse, PassManager.parse):
                try:
                    parse(g)
                except (MLIRError, ValueError, TypeError, UnicodeError):
                    pass
    assert counts["error"] > 100 and counts["ok"] > 0, counts


@scenario
def invalid_ops():
    from tirx.ir import (Context, F32Type, IndexType, InsertionPoint,
                         IntegerType, Location, MLIRError, Module, Operation,
                         PtrType)
    rng = random.Random(7)
    names = ["arith.addi", "arith.constant", "arith.muli", "arith.index_cast",
             "func.func", "func.return", "func.call", "scf.for", "scf.yield",
             "scf.if", "cf.br", "cf.cond_br", "memref.load", "gpu.func",
             "gpu.module", "gpu.thread_id", "llvm.getelementptr", "llvm.load",
             "nvvm.mbarrier.init", "nvvm.elect.sync", "builtin.module"]
    with Context() as ctx, Location.file("bad.py", 3, 3):
        types = [IntegerType.get_signless(32), F32Type.get(), IndexType.get(),
                 PtrType.get(F32Type.get(), "shared")]
        failures = 0
        for i in range(600):
            m = Module.create()
            with InsertionPoint(m.body):
                seed = Operation.create("arith.constant", results=[types[0]],
                                        attributes={"value": __import__("tirx").ir.IntegerAttr.get(types[0], 1)})
                vals = [seed.result]
                op = Operation.create(
                    rng.choice(names),
                    results=[rng.choice(types) for _ in range(rng.randrange(3))],
                    operands=[rng.choice(vals) for _ in range(rng.randrange(4))],
                    regions=rng.randrange(2))
            try:
                m.operation.verify()
            except MLIRError as e:
                failures += 1
                assert "bad.py:3:3" in str(e)
            str(m)
            str(op)
            op.get_asm(enable_debug_info=True)
        assert failures > 500, failures


@scenario
def use_after_destroy():
    from tirx.ir import (Context, F32Type, InsertionPoint, IntegerAttr,
                         IntegerType, Location, Module, Operation, PtrType)
    from tirx.passmanager import PassManager
    from tirx import compiler
    ctx = Context()
    with ctx, Location.file("x.py", 1, 1):
        i32 = IntegerType.get_signless(32)
        m = Module.parse(VALID)
        func = m.body.operations[0]
        arg = func.regions[0].blocks[0].arguments[0]
        block = func.regions[0].blocks[0]
        region = func.regions[0]
        t = PtrType.get(F32Type.get(), "global")
        loc = Location.file("y.py", 2, 2)
        detached = Operation.create("arith.constant", results=[i32],
                                    attributes={"value": IntegerAttr.get(i32, 1)})
        pm = PassManager.parse("builtin.module(cse)")
    ctx.destroy()
    assert ctx.is_destroyed
    checks = [lambda: str(m), lambda: func.name, lambda: arg.type,
              lambda: block.operations, lambda: region.blocks, lambda: str(t),
              lambda: t.scope, lambda: str(loc), lambda: detached.verify(),
              lambda: pm.run(m.operation), lambda: str(pm),
              lambda: Module.parse("module {}", context=ctx),
              lambda: F32Type.get(context=ctx), lambda: compiler.emit_ptx(m),
              lambda: InsertionPoint(block), lambda: ctx.loaded_dialects]
    for i, check in enumerate(checks):
        try:
            check()
        except RuntimeError as e:
            assert "destroyed" in str(e) or "invalidated" in str(e), (i, e)
        else:
            raise AssertionError(f"check {i} did not raise")
    ctx.destroy()  # twice is fine
    del m, func, arg, block, region, t, loc, detached, pm
    gc.collect()


@scenario
def lifetimes_without_references():
    from tirx.ir import Context, Module, PtrType, F32Type
    # Only a nested value / type survives: it keeps module and context alive.
    def make():
        ctx = Context()
        m = Module.parse(VALID, context=ctx)
        return m.body.operations[0].regions[0].blocks[0].arguments[2], \
            PtrType.get(F32Type.get(context=ctx), "shared")
    v, t = make()
    gc.collect()
    assert str(v.type) == "i32" and str(t) == "!tirx.ptr<f32, shared>"
    assert v.owner.owner.parent.name == "builtin.module"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_in_child_process(name):
    run_scenario(__file__, name)


if __name__ == "__main__":
    main(SCENARIOS)
