"""Programs that used to compile silently into a different kernel: each now
means what it says (checked by running it in the simulator against what
Python computes) or is an error at the user's line."""

import contextlib

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import line_of


def run(kernel, *arrays):
    arrays = [np.array(a) for a in arrays]
    sim.run(kernel, *arrays, seed=0)
    return arrays


# -- break / continue of a loop unrolled while parsing ------------------------

def test_break_in_a_python_loop_inside_an_ir_loop_acts_on_the_python_loop():
    @T.prim_func
    def k(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        acc = 0
        for i in range(4):
            for k in [0, 1, 2]:
                if k == 2:
                    break
                acc = acc + 1
        A[tx] = acc

    (a,) = run(k, np.zeros(4, np.int32))
    assert list(a) == [8, 8, 8, 8]  # Python: 4 * 2 (was 4: the IR loop broke)
    assert "tirx.break" not in k.mlir()


def test_continue_in_a_python_loop_inside_an_ir_loop():
    @T.prim_func
    def k(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        acc = 0
        for i in range(3):
            for k in [0, 1, 2, 3]:
                if k % 2 == 0:
                    continue
                acc = acc + k
        A[tx] = acc

    (a,) = run(k, np.zeros(4, np.int32))
    assert list(a) == [12] * 4  # 3 * (1 + 3)


def _python_model(b, outer):
    acc = 0
    for _ in range(outer):
        for k in range(3):
            if b[k] > 0:
                break
            acc += 1
            if b[k] < -5:
                continue
            acc += 10
    return acc


@pytest.mark.parametrize("b", [[0, 0, 1, 0], [0, -9, 0, 1], [5, 0, 0, 0], [-9, -9, -9, 0]])
def test_break_and_continue_under_a_runtime_condition(b):
    """A break/continue of an unrolled loop under an IR `if` is a flag: the
    rest of the iteration (and the later iterations) run only if it did not
    happen."""
    @T.prim_func
    def k(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        acc = 0
        for i in range(2):
            for k in [0, 1, 2]:
                if B[k] > 0:
                    break
                acc = acc + 1
                if B[k] < -5:
                    continue
                acc = acc + 10
        A[tx] = acc

    a, _ = run(k, np.zeros(4, np.int32), np.array(b, np.int32))
    assert list(a) == [_python_model(b, 2)] * 4


def test_break_of_an_unrolled_loop_outside_any_ir_loop():
    @T.prim_func
    def k(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        acc = 0
        for k in range(4):
            if B[k] == 0:
                break
            acc = acc + B[k]
        A[tx] = acc

    a, _ = run(k, np.zeros(4, np.int32), np.array([3, 4, 0, 9], np.int32))
    assert list(a) == [7] * 4


def test_break_in_a_multi_dimensional_grid_is_an_error():
    src = '''
@T.prim_func
def k(A: T.Buffer((16,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    for i, j in T.grid(4, 4):
        if A[i] == 0:
            break
        A[j] = 1
'''
    with pytest.raises(ScriptError, match="several dimensions") as info:
        from_source(src)
    assert info.value.line == 8


def test_break_in_a_macro_body_is_not_the_callers():
    src = '''
@T.prim_func
def k(A: T.Buffer((16,), "int32")):
    @T.macro
    def body(i):
        break
    T.device_entry()
    tx = T.thread_id([1])
    for i in range(4):
        body(i)
'''
    with pytest.raises(ScriptError, match="'break' outside a loop") as info:
        from_source(src)
    assert info.value.line == 6


# -- two helpers with one name -------------------------------------------------

def _make_helper(k):
    @T.prim_func(private=True)
    def helper(x: T.int32) -> T.int32:
        return x * k
    return helper


def test_two_private_helpers_of_one_name_stay_two_functions():
    double, triple = _make_helper(2), _make_helper(3)

    @T.prim_func
    def k(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        A[tx] = double(tx) + triple(tx) * 100

    text = k.mlir()
    assert "func.func private @helper(" in text and "func.func private @helper_1(" in text
    (a,) = run(k, np.zeros(4, np.int32))
    assert list(a) == [t * 2 + t * 3 * 100 for t in range(4)]


def test_the_same_helper_twice_is_copied_once():
    double = _make_helper(2)

    @T.prim_func
    def k(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        A[tx] = double(tx) + double(tx + 1)

    assert k.mlir().count("func.func private @helper") == 1


def test_two_public_functions_of_one_name_are_an_error():
    @T.prim_func
    def f(x: T.int32) -> T.int32:
        return x + 1

    g = f

    @T.prim_func
    def f(x: T.int32) -> T.int32:  # noqa: F811 - the point of the test
        return x + 2

    with pytest.raises(ScriptError, match="two different functions named 'f'"):
        @T.prim_func
        def k(A: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([4])
            A[tx] = g(tx) + f(tx)


# -- integer constants that do not fit ----------------------------------------

@pytest.mark.parametrize("expr,what", [("10**30", "int64"), ("T.int64(2**64)", "int64"),
                                       ("T.int32(2**32)", "int32"),
                                       ("T.uint8(256)", "uint8")])
def test_out_of_range_integer_constants_are_errors(expr, what):
    src = f'''
@T.prim_func
def k(A: T.Buffer((4,), "int64")):
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = {expr}
'''
    with pytest.raises(ScriptError, match=f"does not fit in {what}") as info:
        from_source(src)
    assert info.value.line == 6


def test_a_range_wider_than_int64_is_an_error_not_three_iterations():
    src = '''
@T.prim_func
def k(A: T.Buffer((4,), "int64")):
    T.device_entry()
    tx = T.thread_id([1])
    for i in range(2**80 + 3):
        A[0] = i
'''
    with pytest.raises(ScriptError, match="does not fit in int64") as info:
        from_source(src)
    assert info.value.line == 6


def test_wide_python_bounds_widen_the_loop():
    f = from_source('''
@T.prim_func
def k(A: T.Buffer((4,), "int64")):
    T.device_entry()
    tx = T.thread_id([1])
    for i in range(2**40, 2**40 + 2):
        A[0] = i
''')
    assert "i64" in str(f).split("tirx.for")[1].split("\n")[0]


def test_bit_patterns_of_the_width_are_kept():
    f = from_source('''
@T.prim_func
def k(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "uint32")):
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = A[tx] & 0xFFFFFFFF
    B[tx] = T.uint32(-1)
''')
    assert "-1 : i32" in str(f)


# -- a with-statement cannot swallow the frontend's error ---------------------

def test_contextlib_suppress_does_not_drop_a_statement():
    with pytest.raises(ScriptError, match="has no attribute 'nonexistent'") as info:
        @T.prim_func
        def k(A: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([4])
            with contextlib.suppress(Exception):
                A[tx] = T.nonexistent(tx)
    assert info.value.line == line_of("A[tx] = T.nonexistent(tx)")


# -- T.let is immutable -------------------------------------------------------

@pytest.mark.parametrize("stmt", ["n = n + 1", "n += 1", "n = 5"])
def test_reassigning_a_let_is_an_error(stmt):
    src = f'''
@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    n: T.let = tx * 2
    {stmt}
    A[tx] = n
'''
    with pytest.raises(ScriptError, match="'n' is bound with T.let") as info:
        from_source(src)
    assert info.value.line == 7


def test_a_let_declared_again_in_an_unrolled_loop_is_fine():
    f = from_source('''
@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    for j in [1, 2]:
        n: T.let = tx * j
        A[j] = n
''')
    assert str(f).count("tirx.bind") == 2


def test_a_scalar_variable_is_its_value_not_its_storage():
    # `a` holds a global address. Given for a pointer operand it used to
    # stand for the address of its own local storage, so T.ptx.ld read the
    # address bits back (and the printed `T.ptx.mapa(a, r)` reparsed into
    # another program); it is now its value: the pointer operand gets an
    # i64, a located error, and the mapa of a variable is the mapa of the
    # value it holds.
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(A: T.Buffer((4,), "int64"), O: T.Buffer((4,), "int64")):
            T.device_entry()
            T.thread_id([1])
            a = T.reinterpret("int64", A.ptr_to([2]))
            O[0] = T.ptx.ld(a, type="b64", result_type="i64")  # SCALAR
    text = str(err.value)
    assert "'tirx.ptx.ld' op operand #0 must be pointer" in text
    assert "but got 'i64'" in text
    assert f":{line_of('# SCALAR')}:" in text

    @T.prim_func
    def m(O: T.Buffer((2,), "int32")):
        T.device_entry()
        rank = T.cta_id_in_cluster([2])
        tx = T.thread_id([1])
        buf = T.alloc_buffer([1], "int32", scope="shared")
        a = T.reinterpret("int32", buf.ptr_to([0]))
        w = T.ptx.mapa(a, rank ^ 1)
        O[rank] = T.ptx.getctarank(w)

    assert "!tirx.ptr<i32, local>" not in str(m.module)
    (o,) = run(m, np.zeros(2, np.int32))
    assert o.tolist() == [1, 0]
    text = m.script()
    assert from_source(text).script() == text
