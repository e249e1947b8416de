"""The Python API cannot crash the interpreter: ownership, re-entrancy,
threads, diagnostics, depth, exact values, clear errors, memory (see
docs/Python.md). Each scenario started as a script that crashed, leaked or
misbehaved; each runs in a child process (a crash fails its test) and checks
the exception or the result it must give now."""

import gc
import re
import resource
import threading

import pytest

from childproc import main, registry, run_scenario

SCENARIOS, scenario = registry()


def counts(ctx):
    return ctx._get_ownership_counts()


def expect(exc, fn, match=None):
    """fn() must raise `exc` (with `match` in its message); returns it."""
    try:
        fn()
    except exc as e:
        if match is not None:
            assert re.search(match, str(e)), f"{match!r} not in {str(e)!r}"
        return e
    raise AssertionError(f"{fn} did not raise {exc.__name__}")


FUNC3 = """func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}"""

#---------------------------------------------------------------------------
# Ownership and invalidation
#---------------------------------------------------------------------------


@scenario
def detach_then_drop_module():
    from tirx.ir import Context, Location, Module
    with Context() as ctx, Location.unknown():
        m = Module.parse("""func.func @f(%n: i32) -> i32 {
          %c = arith.constant 7 : i32
          %a = arith.addi %n, %c : i32
          return %n : i32
        }""")
        add = m.body.operations[0].regions[0].blocks[0].operations[1]
        add.detach_from_parent()
        del m
        gc.collect()
        # The module is kept (parked) while `add` uses its values.
        assert counts(ctx)["parked_roots"] == 1
        assert add.is_valid
        assert str(add.operands[0].type) == "i32"
        assert add.operands[1].owner.name == "arith.constant"
        assert str(add.operands[0].owner.arguments[0].type) == "i32"
        del add
        gc.collect()
        assert counts(ctx) == {"live_wrappers": 0, "owned_roots": 0,
                               "parked_roots": 0, "deferred_roots": 0,
                               "abandoned_roots": 0}, counts(ctx)


@scenario
def cross_module_operand():
    from tirx.ir import (Context, InsertionPoint, IntegerType, Location,
                         Module, Operation)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        A = Module.parse("func.func @f() -> i32 {\n %c = arith.constant 7 : i32\n return %c : i32 }")
        B = Module.create()
        c = A.body.operations[0].regions[0].blocks[0].operations[0]
        Operation.create("arith.addi", results=[i32],
                         operands=[c.result, c.result], ip=InsertionPoint(B.body))
        del c, A
        gc.collect()
        assert B.body.operations[0].operands[0].owner.name == "arith.constant"
        assert "arith.constant 7" in str(B.body.operations[0].operands[0])
        del B
        gc.collect()
        assert counts(ctx)["parked_roots"] == 0
        assert counts(ctx)["live_wrappers"] == 0


@scenario
def erase_nested_value_used_outside():
    from tirx.ir import (Context, InsertionPoint, IntegerAttr, IntegerType,
                         Location, Module, Operation)
    with Context(), Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.create()
        r = Operation.create("scf.execute_region", regions=1, ip=InsertionPoint(m.body))
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 3)},
                             ip=InsertionPoint(r.regions[0].blocks.append()))
        u = Operation.create("arith.addi", results=[i32], operands=[c.result, c.result],
                             ip=InsertionPoint(m.body))
        expect(ValueError, r.erase, "still used.*'arith.constant'.*'arith.addi'")
        assert r.is_valid and c.is_valid
        assert u.operands[0].owner.name == "arith.constant"
        # A use inside the erased operation does not count; a self-use
        # neither.
        u.erase()
        r.erase()
        assert not r.is_valid and not c.is_valid
        expect(RuntimeError, lambda: c.name, "erased")


@scenario
def pass_erases_block_held_by_python():
    from tirx.ir import Context, Location, Module
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        m = Module.parse("""func.func @f(%x: i32) -> i32 {
          return %x : i32
        ^bb1(%y: i64):
          %z = arith.trunci %y : i64 to i32
          return %z : i32
        }""")
        f = m.body.operations[0]
        entry = f.regions[0].blocks[0]
        x = entry.arguments[0]
        dead = f.regions[0].blocks[1]
        y = dead.arguments[0]
        PassManager.parse("func.func(canonicalize)").run(f)
        assert f.is_valid and len(f.regions[0].blocks) == 1
        expect(RuntimeError, lambda: y.type, "block argument has been erased")
        expect(RuntimeError, lambda: dead.operations, "block has been erased")
        # What the pass kept is still usable.
        assert str(x.type) == "i32"
        assert entry.operations[0].name == "func.return"


@scenario
def replace_uses_with_itself():
    # Found by fuzz/python_api_fuzz.py (seed 1041): MLIR's
    # replaceAllUsesWith loops forever when a value replaces itself.
    from tirx.ir import Context, Location, Module
    with Context(), Location.unknown():
        m = Module.parse(FUNC3)
        a = m.body.operations[0].regions[0].blocks[0].operations[0]
        a.result.replace_all_uses_with(a.result)
        assert a.result.has_uses
        m.operation.verify()


@scenario
def keepalive_cycle():
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location,
                         Operation)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)}, ip=False)
        x = Operation.create("arith.addi", results=[i32],
                             operands=[c.result, c.result], ip=False)
        x.operands[0] = x.result  # a detached op using its own result
        del x, c
        gc.collect()
        assert ctx._get_live_operation_count() == 0
        assert counts(ctx)["parked_roots"] == 0


@scenario
def parked_roots_using_each_other():
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location,
                         Operation)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        a = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)}, ip=False)
        b = Operation.create("arith.addi", results=[i32],
                             operands=[a.result, a.result], ip=False)
        a2 = Operation.create("arith.addi", results=[i32],
                              operands=[b.result, b.result], ip=False)
        # b uses a, a2 uses b; drop the producers first: they are parked.
        del a, b
        gc.collect()
        assert counts(ctx)["parked_roots"] == 2
        assert a2.operands[0].owner.operands[0].owner.name == "arith.constant"
        del a2
        gc.collect()
        assert counts(ctx)["parked_roots"] == 0
        assert ctx._get_live_operation_count() == 0


@scenario
def parked_roots_in_a_cycle():
    # Found by fuzz/python_api_fuzz.py (seed 9013): two detached ops using
    # each other's results stayed parked after both handles were dropped.
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location,
                         Operation)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)}, ip=False)
        a = Operation.create("arith.addi", results=[i32],
                             operands=[c.result, c.result], ip=False)
        b = Operation.create("arith.addi", results=[i32],
                             operands=[a.result, a.result], ip=False)
        a.operands[0] = b.result  # a <-> b
        del c, a
        gc.collect()
        assert counts(ctx)["parked_roots"] == 2
        del b
        gc.collect()
        assert counts(ctx) == {"live_wrappers": 0, "owned_roots": 0,
                               "parked_roots": 0, "deferred_roots": 0,
                               "abandoned_roots": 0}, counts(ctx)


@scenario
def destroy_context_with_parked_and_live_roots():
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location, Module,
                         Operation)
    ctx = Context()
    with ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.parse(FUNC3)
        c = m.body.operations[0].regions[0].blocks[0].operations[0]
        d = Operation.create("arith.addi", results=[i32],
                             operands=[c.result, c.result], ip=False)
        del m, c
        gc.collect()
        assert counts(ctx)["parked_roots"] == 1
        e = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)}, ip=False)
    ctx.destroy()
    for fn in (lambda: d.name, lambda: e.operands, lambda: str(d)):
        expect(RuntimeError, fn, "destroyed")


#---------------------------------------------------------------------------
# Re-entrancy
#---------------------------------------------------------------------------


@scenario
def walk_callback_erases():
    from tirx.ir import Context, Location, Module, WalkOrder
    with Context(), Location.unknown():
        m = Module.parse(FUNC3)
        ops = m.body.operations[0].regions[0].blocks[0].operations
        seen = []

        def cb(op):
            seen.append(op.name)
            if op == ops[0]:
                ops[2].erase()
        expect(RuntimeError, lambda: m.operation.walk(cb, walk_order=WalkOrder.PRE_ORDER),
               "walk")
        assert seen == ["builtin.module", "func.func", "arith.constant"]
        assert [o.name for o in m.body.operations[0].regions[0].blocks[0].operations] == \
            ["arith.constant", "arith.constant", "arith.addi", "func.return"]
        # The documented way: collect, then change.
        found = []
        m.operation.walk(lambda op: found.append(op) if op.name == "arith.addi" else None)
        found[0].result.replace_all_uses_with(ops[0].result)
        found[0].erase()
        m.operation.verify()


@scenario
def walk_callback_runs_pass():
    from tirx.ir import Context, Location, Module, WalkOrder
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        m = Module.parse(FUNC3)
        pm = PassManager.parse("builtin.module(canonicalize)")

        def cb(op):
            if op.name == "arith.constant":
                pm.run(m.operation)
        expect(RuntimeError, lambda: m.operation.walk(cb, walk_order=WalkOrder.PRE_ORDER),
               "run a pass pipeline")
        pm.run(m.operation)  # fine after the walk
        assert "arith.constant 3" in str(m)


@scenario
def walk_callback_destroys_context():
    from tirx.ir import Context, Location, Module
    ctx = Context()
    with ctx, Location.unknown():
        m = Module.parse("func.func @f() {\n %a = arith.constant 1 : i32\n return }")

    def cb(op):
        ctx.destroy()
    expect(RuntimeError, lambda: m.operation.walk(cb), "destroy the Context")
    assert not ctx.is_destroyed and "arith.constant 1" in str(m)
    ctx.destroy()
    expect(RuntimeError, lambda: str(m), "destroyed")


@scenario
def walk_callback_reads_and_builds_detached():
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location, Module,
                         Operation, WalkResult)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        m = Module.parse(FUNC3)
        names = []

        def cb(op):
            names.append(op.name)
            # Reading, printing and detached ops (freed at once) are fine.
            str(op)
            op.attributes["seen"] = IntegerAttr.get(i32, len(names))
            Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 0)}, ip=False)
            return WalkResult.ADVANCE
        m.operation.walk(cb)
        assert names[-1] == "builtin.module" and len(names) == 6
        gc.collect()
        assert counts(ctx)["deferred_roots"] == 0
        assert counts(ctx)["owned_roots"] == 1  # only m


@scenario
def generator_operands_erase():
    from tirx.ir import (Context, IntegerAttr, IntegerType, Location,
                         Operation)
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)}, ip=False)

        def operands():
            yield c.result
            yield c.result
            c.erase()
        expect(RuntimeError, lambda: Operation.create(
            "arith.addi", results=[i32], operands=operands(), ip=False), "erased")
        gc.collect()
        assert ctx._get_live_operation_count() == 0


@scenario
def generator_results_destroy_ctx():
    from tirx.ir import Context, IntegerType, Location, Operation
    ctx = Context()
    loc = Location.unknown(context=ctx)
    i32 = IntegerType.get_signless(32, context=ctx)

    def results():
        yield i32
        ctx.destroy()
    expect(RuntimeError, lambda: Operation.create(
        "arith.constant", results=results(), loc=loc, ip=False), "destroyed")


@scenario
def generator_arg_types_erase_owner():
    from tirx.ir import Block, Context, IntegerType, Location, Operation
    with Context(), Location.unknown() as loc:
        i32 = IntegerType.get_signless(32)
        op = Operation.create("scf.execute_region", regions=1, ip=False)
        region = op.regions[0]

        def types():
            yield i32
            op.erase()
        expect(RuntimeError, lambda: Block.create_at_start(region, types(), arg_locs=[loc]),
               "erased")


@scenario
def generator_raising_midway():
    from tirx.ir import Context, IntegerType, Location, Operation
    with Context() as ctx, Location.unknown():
        i32 = IntegerType.get_signless(32)

        def results():
            yield i32
            raise KeyError("from the generator")
        expect(KeyError, lambda: Operation.create("arith.constant", results=results(), ip=False))
        gc.collect()
        assert ctx._get_live_operation_count() == 0


#---------------------------------------------------------------------------
# Threads
#---------------------------------------------------------------------------


@scenario
def thread_erases_during_walk():
    from tirx.ir import Context, Location, Module, WalkOrder
    with Context(), Location.unknown():
        m = Module.parse("func.func @f() {\n" + "\n".join(
            f"%c{i} = arith.constant {i} : i32" for i in range(300)) + "\nreturn }")
        ops = list(m.body.operations[0].regions[0].blocks[0].operations)[:-1]
    walking, erased = threading.Event(), threading.Event()
    outcome = {}

    def walker():
        def cb(op):
            walking.set()
            erased.wait(10)  # let the other thread try while we walk
        m.operation.walk(cb, walk_order=WalkOrder.PRE_ORDER)
        outcome["walked"] = True

    def eraser():
        walking.wait(10)
        try:
            ops[-1].erase()
        except RuntimeError as e:
            outcome["refused"] = str(e)
        erased.set()
    t1, t2 = threading.Thread(target=walker), threading.Thread(target=eraser)
    t1.start(); t2.start(); t1.join(); t2.join()
    assert outcome.get("walked") and "walk" in outcome.get("refused", ""), outcome
    for op in reversed(ops):  # after the walk: allowed
        op.erase()
    assert len(m.body.operations[0].regions[0].blocks[0].operations) == 1


@scenario
def threads_race_freely():
    # The original reproducer: no coordination; whatever interleaving the
    # scheduler picks, the outcome is an exception or success, never a crash.
    import sys
    from tirx.ir import Context, Location, Module, WalkOrder
    sys.setswitchinterval(1e-6)
    for _ in range(5):
        with Context(), Location.unknown():
            m = Module.parse("func.func @f() {\n" + "\n".join(
                f"%c{i} = arith.constant {i} : i32" for i in range(1000)) + "\nreturn }")
            ops = list(m.body.operations[0].regions[0].blocks[0].operations)[:-1]
        errors = []

        def walker():
            try:
                m.operation.walk(lambda op: sum(range(50)), walk_order=WalkOrder.PRE_ORDER)
            except RuntimeError as e:
                errors.append(e)

        def eraser():
            for op in reversed(ops):
                try:
                    op.erase()
                except RuntimeError as e:
                    errors.append(e)
        ts = [threading.Thread(target=walker), threading.Thread(target=eraser)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        for e in errors:
            assert "walk" in str(e), e
        str(m)


#---------------------------------------------------------------------------
# Diagnostics
#---------------------------------------------------------------------------


@scenario
def diagnostic_str_after_destroy():
    from tirx.ir import Context, MLIRError, Module
    ctx = Context()
    e = expect(MLIRError, lambda: Module.parse("func.func @f( {", context=ctx))
    d = e.error_diagnostics[0]
    before = str(d)
    assert before == "error: <string>:1:14: expected non-function type", before
    ctx.destroy()
    junk = [Context() for _ in range(3)]  # reuse the freed memory
    assert str(d) == before and repr(d) == f"DiagnosticInfo({before})"
    assert d.message == "expected non-function type"
    expect(RuntimeError, lambda: d.location, "destroyed")
    del junk


#---------------------------------------------------------------------------
# Depth
#---------------------------------------------------------------------------


@scenario
def deep_attribute_text():
    from tirx.ir import Attribute, Context, MLIRError, MAX_NESTING_DEPTH
    assert MAX_NESTING_DEPTH == 10000
    with Context():
        a = Attribute.parse("[" * 7000 + "]" * 7000)
        assert str(a).count("[") == 7000
        e = expect(MLIRError, lambda: Attribute.parse("[" * 10001 + "]" * 10001),
                   "nesting deeper than 10000 levels")
        assert str(e.error_diagnostics[0]) == \
            "error: <string>:1:10001: nesting deeper than 10000 levels (tirx.ir.MAX_NESTING_DEPTH)"


@scenario
def deep_module_text():
    from tirx.ir import Context, MLIRError, Module
    with Context():
        m = Module.parse("module {" * 10000 + "}" * 10000)
        m.operation.verify()
        n = []
        m.operation.walk(n.append)
        assert len(n) == 10000 and n[-1] == m.operation
        expect(MLIRError, lambda: Module.parse("module {" * 10001 + "}" * 10001),
               "<string>:1:80008: nesting deeper than 10000")
    # MLIR's thread pool (small stacks) stays out of deep work.
    ctx = Context()
    ctx.enable_multithreading(True)
    m = Module.parse("module {" * 5000 + "}" * 5000, context=ctx)
    m.operation.verify()
    from tirx.passmanager import PassManager
    PassManager.parse("builtin.module(cse)", context=ctx).run(m.operation)


@scenario
def deep_pipeline_text():
    from tirx.ir import Context, MLIRError
    from tirx.passmanager import PassManager
    with Context():
        pm = PassManager.parse("builtin.module(" * 3000 + "cse" + ")" * 3000)
        assert str(pm).count("builtin.module(") == 3000
        expect(MLIRError, lambda: PassManager.parse("builtin.module(" * 50000 + ")" * 50000),
               "nesting deeper than 10000")


@scenario
def deep_array_attribute():
    from tirx.ir import ArrayAttr, Context, StringAttr
    with Context():
        a = StringAttr.get("x")
        for _ in range(9999):
            a = ArrayAttr.get([a])
        assert len(str(a)) == 9999 * 2 + 3
        expect(ValueError, lambda: ArrayAttr.get([a]),
               "nests 10001 levels deep; the limit is 10000")


@scenario
def deep_locations_and_types():
    from tirx.ir import Context, F32Type, FunctionType, Location
    with Context():
        loc = Location.file("a.py", 1, 1)
        for i in range(9999):
            loc = Location.name(f"n{i}", childLoc=loc)
        assert str(loc).count("loc(") == 1
        expect(ValueError, lambda: Location.name("x", childLoc=loc), "10001 levels")
        t = F32Type.get()
        for _ in range(9999):
            t = FunctionType.get([t], [])
        assert str(t).count("(") >= 9999
        expect(ValueError, lambda: FunctionType.get([t], []), "10001 levels")


def _build_nest(n):
    from tirx.ir import (FunctionType, InsertionPoint, Module, Operation,
                         StringAttr, TypeAttr)
    m = Module.create()
    f = Operation.create("func.func", regions=1, attributes={
        "sym_name": StringAttr.get("f"),
        "function_type": TypeAttr.get(FunctionType.get([], []))},
        ip=InsertionPoint(m.body))
    entry = f.regions[0].blocks.append()
    blocks, cur = [], entry
    for _ in range(n):
        r = Operation.create("scf.execute_region", regions=1, ip=InsertionPoint(cur))
        cur = r.regions[0].blocks.append()
        blocks.append(cur)
    for b in blocks:
        Operation.create("scf.yield", ip=InsertionPoint(b))
    Operation.create("func.return", ip=InsertionPoint(entry))
    return m


@scenario
def deep_region_nest_within_limit():
    from tirx.ir import Context, Location, Module, WalkOrder
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        # 3000 levels: beyond what the default 8 MB stack takes for MLIR's
        # parser (about 3.5 KB a level), within the limit.
        m = _build_nest(3000)
        m.operation.verify()
        text = str(m)
        assert text.count("scf.execute_region") == 3000
        m2 = Module.parse(text)
        c = m.operation.clone()
        assert c.regions[0].blocks[0].operations[0].name == "func.func"
        n = []
        m.operation.walk(lambda op: n.append(1), walk_order=WalkOrder.PRE_ORDER)
        assert len(n) == 1 + 1 + 3000 * 2 + 1
        PassManager.parse("builtin.module(sccp,loop-invariant-code-motion)").run(m2.operation)
        assert str(m2).count("scf.yield") == 3000
        PassManager.parse("builtin.module(cse)").run(m2.operation)  # drops the nest
        assert "scf.yield" not in str(m2)
        del m, m2, c


@scenario
def deep_region_nest_beyond_limit():
    from tirx.ir import Context, Location
    from tirx.passmanager import PassManager
    with Context() as ctx, Location.unknown():
        m = _build_nest(40000)
        for fn, what in ((lambda: str(m), "printing"),
                         (m.operation.verify, "verify"),
                         (m.operation.clone, "clone"),
                         (lambda: PassManager.parse("builtin.module(cse)").run(m.operation),
                          "PassManager.run")):
            expect(ValueError, fn, what + r".*nests 40002 regions deep; the limit is 10000")
        # Walking and freeing are iterative: any depth.
        n = [0]

        def count(op):
            n[0] += 1
        m.operation.walk(count)
        assert n[0] == 40000 * 2 + 3
        del m
        gc.collect()
        assert ctx._get_live_operation_count() == 0


#---------------------------------------------------------------------------
# Values
#---------------------------------------------------------------------------


@scenario
def integer_attribute_values():
    from tirx.ir import Attribute, BoolAttr, Context, IndexType, IntegerAttr, IntegerType
    with Context():
        i1, i8 = IntegerType.get_signless(1), IntegerType.get_signless(8)
        ui64, i128 = IntegerType.get_unsigned(64), IntegerType.get_signless(128)
        expect(ValueError, lambda: IntegerAttr.get(i8, 1000), r"1000 is out of range for i8 \(-128 to 255\)")
        expect(ValueError, lambda: IntegerAttr.get(i1, 128), r"out of range for i1 \(-1 to 1\)")
        a = IntegerAttr.get(i128, -1)
        assert str(a) == "-1 : i128" and a.value == -1
        for text, value in [("18446744073709551615 : ui64", 2**64 - 1),
                            ("18446744073709551616 : i128", 2**64),
                            ("340282366920938463463374607431768211455 : ui128", 2**128 - 1),
                            ("-170141183460469231731687303715884105728 : i128", -2**127),
                            ("255 : i8", -1), ("1 : i1", 1), ("0 : i1", 0)]:
            assert IntegerAttr(Attribute.parse(text)).value == value, text
        expect(TypeError, lambda: IntegerAttr.get(i8, 1.5), "value must be an int, not float")
        expect(ValueError, lambda: IntegerAttr.get(ui64, -1), "0 to 18446744073709551615")
        assert IntegerAttr.get(IndexType.get(), -2**63).value == -2**63
        expect(ValueError, lambda: IntegerAttr.get(IndexType.get(), 2**63))
        assert BoolAttr(IntegerAttr.get(i1, True)).value is True
        # Every width and signedness: the bounds round-trip exactly (through
        # the printed form too), one past them is refused.
        for w in [1, 2, 7, 8, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 256, 1000]:
            for kind in ("signless", "signed", "unsigned"):
                t = getattr(IntegerType, "get_" + kind)(w)
                lo, hi = {"signless": (-2**(w - 1), 2**w - 1),
                          "signed": (-2**(w - 1), 2**(w - 1) - 1),
                          "unsigned": (0, 2**w - 1)}[kind]
                for v in (lo, hi, 0, lo + 1, hi - 1, (lo + hi) // 3):
                    attr = IntegerAttr.get(t, v)
                    back = IntegerAttr(Attribute.parse(str(attr))).value
                    # Signless reads signed (i1: 0/1), like the printer.
                    expected = v
                    if kind == "signless":
                        expected = v - 2**w if v >= 2**(w - 1) and w > 1 else v
                        if w == 1:
                            expected = v & 1
                    assert attr.value == expected == back, (w, kind, v, attr.value, back)
                for bad in (lo - 1, hi + 1):
                    expect(ValueError, lambda: IntegerAttr.get(t, bad), "out of range")


@scenario
def wrong_kind_inherent_attribute():
    from tirx.ir import (Context, FunctionType, IntegerAttr, IntegerType,
                         Location, Module, Operation, StringAttr, TypeAttr)
    with Context() as ctx, Location.unknown():
        m = Module.parse("func.func @f() { return }")
        f = m.body.operations[0]
        i32 = IntegerType.get_signless(32)
        expect(TypeError, lambda: f.attributes.__setitem__("sym_name", IntegerAttr.get(i32, 3)),
               "attribute 'sym_name' of 'func.func' cannot hold 3 : i32")
        assert str(f.attributes["sym_name"]) == '"f"'
        f.attributes["sym_name"] = StringAttr.get("g")  # the right kind
        assert "@g" in str(m)
        f.attributes["note"] = IntegerAttr.get(i32, 3)  # discardable: any kind
        assert "note = 3 : i32" in str(m)
        expect(TypeError, lambda: Operation.create(
            "func.func", regions=1, ip=False,
            attributes={"sym_name": IntegerAttr.get(i32, 3),
                        "function_type": TypeAttr.get(FunctionType.get([], []))}),
            "attribute 'sym_name' of 'func.func' cannot hold")
        gc.collect()
        assert counts(ctx)["owned_roots"] == 1  # m only: nothing half-made


@scenario
def clear_argument_errors():
    from tirx.ir import (BufferType, Context, DictAttr, F32Type, IntegerAttr,
                         IntegerType, Location, Module, Operation, PtrType,
                         UnitAttr, ArrayAttr, Block)
    from tirx import compiler
    with Context(), Location.unknown():
        f32, i32 = F32Type.get(), IntegerType.get_signless(32)
        m = Module.parse("func.func @f() { return }")
        cases = [
            (lambda: BufferType.get([1.5], f32, "global"), TypeError, r"shape\[0\] must be an int, not float"),
            (lambda: BufferType.get([2**63], f32, "global"), ValueError, r"shape\[0\] = 9223372036854775808 does not fit"),
            (lambda: BufferType.get(7, f32, "global"), TypeError, "shape must be iterable, not int"),
            (lambda: DictAttr.get({1: UnitAttr.get()}), TypeError, "DictAttr keys must be str, not int"),
            (lambda: DictAttr.get({"a": 1}), TypeError, r"value\['a'\] must be a tirx.ir.Attribute, not int"),
            (lambda: ArrayAttr.get([UnitAttr.get(), 3]), TypeError, r"attributes\[1\] must be a tirx.ir.Attribute, not int"),
            (lambda: Operation.create("arith.constant", results=[i32], attributes={1: IntegerAttr.get(i32, 1)}, ip=False),
             TypeError, "attributes keys must be str, not int"),
            (lambda: Operation.create("arith.constant", results=[5], ip=False), TypeError, r"results\[0\] must be a tirx.ir.Type, not int"),
            (lambda: Operation.create("arith.addi", operands=[m], ip=False), TypeError, r"operands\[0\] must be a tirx.ir.Value, not Module"),
            (lambda: Operation.create("func.return", ip=m.body), TypeError, "ip must be an InsertionPoint, None or False, not Block"),
            (lambda: Operation.create("arith.nope\x00x", ip=False), ValueError, r"name must not contain NUL characters: 'arith.nope\\x00x'"),
            (lambda: m.body.operations[0].clone(ip=5), TypeError, "ip must be an InsertionPoint, None or False, not int"),
            (lambda: compiler.emit_ptx(5), TypeError, "module must be a tirx.ir.Module or Operation, not int"),
            (lambda: PtrType.get(f32, "shared\x00"), ValueError, r"unknown storage scope 'shared\\x00'"),
            (lambda: compiler.emit_ptx(m, "sm_90a\x00"), ValueError, r"chip must not contain NUL characters: 'sm_90a\\x00'"),
            (lambda: Location.file("a\x00b.py", 1, 1), ValueError, "filename must not contain NUL"),
            (lambda: Block.create_at_start(m.body, [f32]), TypeError, "parent must be a tirx.ir.Region, not Block"),
            (lambda: m.body.operations[0].move_before(3), TypeError, "other must be a tirx.ir.Operation or tirx.ir.Module, not int"),
        ]
        for fn, exc, pattern in cases:
            e = expect(exc, fn, pattern)
            assert "bad_cast" not in str(e) and "\x00" not in str(e)


#---------------------------------------------------------------------------
# Memory
#---------------------------------------------------------------------------

ELECT_ON_SM80 = """module attributes {gpu.container_module} { gpu.module @k {
  gpu.func @k(%out: !llvm.ptr<1>) kernel {
    %e = nvvm.elect.sync -> i1
    %z = llvm.zext %e : i1 to i32
    llvm.store %z, %out : i32, !llvm.ptr<1>
    gpu.return } } }"""


@scenario
def repeated_llvm_fatal_error():
    from tirx.ir import Context, Location, MLIRError, Module
    from tirx import compiler
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        m = Module.parse(ELECT_ON_SM80)
        e = expect(MLIRError, lambda: compiler.emit_ptx(m, "sm_80"),
                   "LLVM fatal error while compiling for sm_80: Cannot select")
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        for _ in range(300):
            expect(MLIRError, lambda: compiler.emit_ptx(m, "sm_80"),
                   "failed before; LLVM is not run on it again.*Cannot select")
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss
        assert grown < 20 * 1024, f"max RSS grew by {grown} KB"
        assert m.operation.is_valid  # emit_* lowers a clone
        # In place, through a pass manager: the IR is discarded once...
        pm = PassManager.parse("builtin.module(tirx-to-ptx-pipeline{chip=sm_80})")
        m2 = Module.parse(ELECT_ON_SM80)
        expect(MLIRError, lambda: pm.run(m2.operation), "LLVM fatal error")
        assert not m2.operation.is_valid
        # ... and the same input is not run again: it stays intact.
        m3 = Module.parse(ELECT_ON_SM80)
        expect(MLIRError, lambda: pm.run(m3.operation), "failed before")
        assert m3.operation.is_valid and "nvvm.elect.sync" in str(m3)
        # The chip that has the instruction still compiles it.
        assert "elect.sync" in compiler.emit_ptx(m, "sm_90a")


AXPY = """func.func @axpy(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>, %alpha: f32) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %i = arith.index_cast %tx : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<64xf32, global> -> f32
    %b = arith.mulf %a, %alpha : f32
    tirx.buffer_store %b, %B[%i] : f32, !tirx.buffer<64xf32, global>
  }
  return
}"""


@scenario
def compiles_after_llvm_fatal_errors():
    # Found by fuzz/python_api_fuzz.py (seed 115, then seed 120 in the same
    # process): after a recovered fatal error, LLVM's global "misc" timer
    # group still links a Timer local to MLIR's serializer in the abandoned
    # frames; the next compilation wrote through it (a crash, or silent
    # stack corruption when it was the caller's own stack).
    from tirx.ir import Attribute, Context, Location, MLIRError, Module
    from tirx import compiler
    from tirx.passmanager import PassManager
    for i in range(3):
        a = Context()
        with a, Location.unknown():
            Attribute.parse("[" * 200 + "]" * 200)  # deep: work off-thread
            m = Module.parse(ELECT_ON_SM80.replace("@k", f"@k{i}"))
            expect(MLIRError, lambda: compiler.emit_ptx(m, "sm_80"), "Cannot select")
            pm = PassManager.parse("builtin.module(tirx-to-ptx-pipeline{chip=sm_80})")
            expect(MLIRError, lambda: pm.run(Module.parse(ELECT_ON_SM80.replace("@k", f"@p{i}"))),
                   "Cannot select")
        a.destroy()
        with Context(), Location.unknown():
            for _ in range(5):
                assert ".entry axpy" in compiler.emit_ptx(Module.parse(AXPY), "sm_90a")
            m = Module.parse(AXPY)
            PassManager.parse("builtin.module(tirx-to-ptx-pipeline{chip=sm_90a})").run(m)
            assert "gpu.binary" in str(m)


@scenario
def unclosed_with_blocks():
    from tirx.ir import Context, InsertionPoint, Location, Module
    ctx = Context()
    ctx.__enter__()  # never exited
    Location.unknown().__enter__()
    InsertionPoint(Module.create().body).__enter__()

    def in_thread():  # left open by a thread that ends
        Context().__enter__()
        Location.unknown().__enter__()
    t = threading.Thread(target=in_thread)
    t.start()
    t.join()
    # (the child's stderr must not show nanobind's leak report at exit)


#---------------------------------------------------------------------------
# The opt-in switches
#---------------------------------------------------------------------------


@scenario
def invalidate_ops_false_keeps_survivors_only():
    from tirx.ir import Context, Location, Module
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        m = Module.parse(FUNC3)
        ops = m.body.operations[0].regions[0].blocks[0].operations
        PassManager.parse("builtin.module(canonicalize)").run(m.operation, invalidate_ops=False)
        junk = [Module.parse("func.func @g() { return }") for _ in range(50)]
        valid = [o.is_valid for o in ops]
        assert valid[:3] == [False, False, False] and valid[3], valid
        assert ops[3].name == "func.return"
        assert ops[3].parent.name == "func.func"
        expect(RuntimeError, lambda: ops[0].name, "erased or invalidated")
        del junk


@scenario
def assume_verified_is_ignored():
    from tirx.ir import Context, F32Type, Location, Operation
    with Context(), Location.unknown():
        k = Operation.create("tirx.buffer_load", results=[F32Type.get()], ip=False)
        generic = '%0 = "tirx.buffer_load"() : () -> f32'
        assert k.get_asm().strip() == generic
        assert k.get_asm(assume_verified=True).strip() == generic


@scenario
def verifier_off_still_verifies_input():
    from tirx.ir import Context, InsertionPoint, Location, MLIRError, Module, Operation
    from tirx.passmanager import PassManager
    with Context(), Location.unknown():
        m = Module.parse("""module attributes {tirx.target = #tirx.target<"sm_100a">} {
          func.func @f(%n: i32, %b: i1) { tirx.kernel { %t = tirx.thread_id [128] : i32 }
          return } }""")
        blk = m.body.operations[0].regions[0].blocks[0]
        n, b = blk.arguments
        kb = blk.operations[0].regions[0].blocks[0]
        Operation.create("tirx.ptx.cp.async.bulk.s2s", results=[n.type], operands=[b, n],
                         ip=InsertionPoint(kb))
        pm = PassManager.parse("builtin.module(tirx-to-ptx-pipeline{chip=sm_100a})")
        pm.enable_verifier(False)
        expect(MLIRError, lambda: pm.run(m), "Verification failed before running passes")
        assert m.operation.is_valid



@scenario
def compile_verifies_input():
    import tirx
    from tirx.ir import Context, InsertionPoint, Location, MLIRError, Module, Operation
    from tirx.script import ScriptError
    with Context(), Location.unknown():
        m = Module.parse("""module {
          func.func @f(%n: i32, %b: i1) { tirx.kernel { %t = tirx.thread_id [128] : i32 }
          return } }""")
        blk = m.body.operations[0].regions[0].blocks[0]
        n, b = blk.arguments
        kb = blk.operations[0].regions[0].blocks[0]
        Operation.create("tirx.ptx.cp.async.bulk.s2s", results=[n.type], operands=[b, n],
                         ip=InsertionPoint(kb))
        expect(MLIRError, m.operation.verify)
        for emit in ("ptx", "llvm"):
            e = expect(ScriptError, lambda: tirx.compile(m, "sm_100a", emit=emit))
            assert "tirx.ptx.cp.async.bulk.s2s" in str(e), str(e)
        assert m.operation.is_valid

@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_api_safety(name):
    run_scenario(__file__, name)


if __name__ == "__main__":
    main(SCENARIOS)
