"""Control flow: loops of every kind, starred loop targets and indices,
while, if/elif/else with parse-time folding, chained comparisons,
break/continue, return and assert."""

import pytest

from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


def test_range_serial_unroll_vectorized_and_annotations():
    @T.prim_func
    def k(A: T.Buffer((64,), "float32")):
        T.device_entry()
        tx = T.thread_id([1])
        for i in range(4):
            A[i] = T.float32(0)
        for i in range(4, 16, 2):
            A[i] = T.float32(1)
        for i in T.serial(8, unroll=4):
            A[i + 16] = T.float32(2)
        for i in T.serial(0, 8, unroll=True):
            A[i + 24] = T.float32(3)
        for i in T.unroll(8):
            A[i + 32] = T.float32(4)
        for i in T.vectorized(4):
            A[i + 40] = T.float32(5)
        for i in T.parallel(4):
            A[i + 44] = T.float32(6)

    text = str(k)
    assert "{annotations = {pragma_unroll = 4 : i64}}" in text
    assert "{annotations = {pragma_unroll = true}}" in text
    assert " unroll " in text and " vectorized " in text and " parallel " in text
    fors = ops(k, "tirx.for")
    assert len(fors) == 7


def test_loop_variable_types_follow_the_bounds():
    @T.prim_func
    def k(A: T.Buffer((64,), "float32"), n: T.int64, m: T.uint32):
        T.device_entry()
        T.thread_id([1])
        for i in range(n):
            A[i] = T.float32(0)
        for j in T.serial(m, dtype="uint32"):
            A[j] = T.float32(1)

    fors = ops(k, "tirx.for")
    assert [str(f.regions[0].blocks[0].arguments[0].type) for f in fors] == ["i64", "i32"]
    compile_ptx(k)


def test_grid_with_starred_targets_and_starred_indices():
    @T.prim_func
    def k(A: T.Buffer((2, 3, 4), "float32"), B: T.Buffer((2, 3), "float32")):
        T.device_entry()
        T.thread_id([1])
        for *spatial, r in T.grid(*A.shape):
            B[*spatial] = B[*spatial] + A[*spatial, r]
        for i, j in T.grid(2, 3):
            idx = T.meta_var([i, j])
            B[*idx] = B[idx[0], idx[1]] * T.float32(2)

    fors = ops(k, "tirx.for")
    assert len(fors) == 5
    compile_ptx(k)


def test_python_iterables_unroll_while_parsing():
    @T.prim_func
    def k(A: T.Buffer((8,), "int32")):
        T.device_entry()
        T.thread_id([1])
        for i, v in enumerate([3, 5, 7]):
            A[i] = v

    assert ops(k, "tirx.for") == []
    assert len(ops(k, "tirx.buffer_store")) == 3


def test_while_break_continue():
    @T.prim_func
    def k(A: T.Buffer((10,), "int32")):
        T.device_entry()
        T.thread_id([1])
        i = T.alloc_buffer((1,), "int32", scope="local")
        i[0] = 0
        while i[0] < 10:
            if i[0] % 2 == 1:
                i[0] += 1
                continue
            A[i[0]] = i[0]
            i[0] += 1
            if i[0] == 7:
                break
        for j in T.serial(10):
            if j == 2:
                continue
            if j == 8:
                break
            A[j] = A[j] + 1

    assert len(ops(k, "tirx.break")) == 2 and len(ops(k, "tirx.continue")) == 2
    assert len(ops(k, "tirx.while")) == 1
    compile_ptx(k)


def test_if_elif_else_and_parse_time_folding():
    flag = False
    mode = "col"

    @T.prim_func
    def k(A: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        if tx < 8:
            A[tx] = 0
        elif tx < 16:
            A[tx] = 1
        else:
            A[tx] = 2
        if flag:
            A[tx] = 99  # folded away
        if mode == "col":
            y = tx + 1  # no scope: visible after the if
        A[tx] = A[tx] + y

    text = str(k)
    assert len(ops(k, "tirx.if")) == 2
    assert "99" not in text
    compile_ptx(k)


def test_chained_comparisons_boolean_logic_and_conditional_expressions():
    @T.prim_func
    def k(A: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        if 4 <= tx < 12 and not tx == 8 or tx == 31:
            A[tx] = 1
        A[tx] = A[tx] + (tx if tx < 4 else 0)

    text = str(k)
    assert text.count("arith.cmpi") >= 5 and "arith.andi" in text and "arith.ori" in text
    compile_ptx(k)


def test_return_in_host_function_and_kernel():
    @T.prim_func(private=True)
    def add(a: T.int32, b: T.int32) -> T.int32:
        return a + b

    assert "return %0 : i32" in str(add)

    @T.prim_func
    def k(A: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = 1
        return

    compile_ptx(k)


def test_return_inside_control_flow_is_rejected():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(A: T.Buffer((32,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            if tx == 0:
                return  # early exit
            A[tx] = 1
    assert "only supported at the end of a function" in e.value.message
    assert e.value.line == line_of("return  # early exit")


def test_assert_runtime_and_parse_time():
    @T.prim_func
    def k(A: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        assert tx < 32, "tx in range"
        assert 2 + 2 == 4
        A[tx] = 1

    asserts = ops(k, "cf.assert")
    assert len(asserts) == 1 and str(asserts[0].attributes["msg"]) == '"tx in range"'
    compile_ptx(k)

    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k2(A: T.Buffer((32,), "int32")):
            assert 1 == 2, "impossible"
    assert e.value.message == "assertion failed: impossible"
    assert e.value.line == line_of('assert 1 == 2, "impossible"')


def test_break_outside_a_loop():
    # Python itself rejects this in a file; script text reaches the parser.
    src = """
@T.prim_func
def k(A: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        break
"""
    with pytest.raises(ScriptError) as e:
        from_source(src)
    assert e.value.message == "'break' outside a loop"
    assert e.value.line == 7
