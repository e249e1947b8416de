"""Meta-programming: closures, macros (hygienic or not, on methods, value
producing), inline helpers (late binding, nested), modules with
cross-function calls, private functions."""

import pytest

from tirx.script import ScriptError
from tirx.script import ir as I
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops

SCALE = 3


def test_closure_values_in_body_and_annotations():
    def make(n, dtype):
        @T.prim_func
        def k(A: T.Buffer((n,), dtype)):  # n, dtype only in annotations
            T.device_entry()
            tx = T.thread_id([32])
            A[tx] = A[tx] * SCALE

        return k

    assert "!tirx.buffer<64xi32, global>" in str(make(64, "int32"))
    assert "!tirx.buffer<128xi64, global>" in str(make(128, "int64"))


def test_nested_enclosing_frames_supply_annotation_names():
    def outer(m):
        def middle(n):
            @T.prim_func
            def k(A: T.Buffer((m, n), "float32")):
                T.evaluate(0)
            return k
        return middle(8)

    assert "!tirx.buffer<16x8xf32, global>" in str(outer(16))


@T.macro
def store_twice(buf, i, v):
    buf[i] = v
    buf[i + 1] = v


@T.macro(hygienic=False)
def bump(i):
    acc = acc + i  # `acc` is the caller's variable


@T.macro
def squared(x):
    return x * x


def test_macros_hygienic_non_hygienic_and_value_producing():
    @T.prim_func
    def k(A: T.Buffer((64,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        acc = 0
        store_twice(A, tx * 2, tx)
        bump(5)
        A[tx] = acc + squared(tx) + squared(squared(2))

    text = str(k)
    assert text.count("tirx.buffer_store") == 5  # acc init, two stores, bump, A[tx]
    compile_ptx(k)


class Pipe:
    def __init__(self, depth):
        self.depth = depth

    @T.macro
    def fill(self, buf, v):
        for i in range(self.depth):
            buf[i] = v

    @T.macro
    def total(self, buf):
        return buf[0] + buf[self.depth - 1]


def test_macros_on_methods():
    pipe = Pipe(4)

    @T.prim_func
    def k(A: T.Buffer((8,), "float32")):
        T.device_entry()
        tx = T.thread_id([1])
        pipe.fill(A, T.float32(1))
        A[7] = pipe.total(A)

    loops = ops(k, "tirx.for")
    assert len(loops) == 1
    assert "arith.constant 4 : i32" in str(k)


def test_inline_late_binding_nested_and_recursive():
    @T.inline
    def twice(f, x):
        return f(f(x))

    @T.prim_func
    def k(A: T.Buffer((16,), "int32")):
        T.device_entry()
        tx = T.thread_id([16])
        base = T.meta_var(10)

        @T.inline
        def add_base(x):
            return x + base  # late binding: base at the call

        @T.inline
        def power(x, n):
            if n == 0:
                return 1
            return x * power(x, n - 1)

        base = T.meta_var(20)
        A[tx] = twice(add_base, tx) + power(tx, 3)

    text = str(k)
    assert "arith.constant 20 : i32" in text and "arith.constant 10 : i32" not in text
    assert text.count("arith.muli") == 3
    compile_ptx(k)


def test_inline_with_defaults_and_modes_as_in_the_original():
    @T.prim_func
    def k(D: T.Buffer((16, 8), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        local = T.alloc_local([4], "float32")

        @T.inline
        def g2l(buf_local, buf_global, blocks, mode="row"):
            if mode == "row":
                for i in range(blocks):
                    row = T.meta_var(i % 2 * 8 + tx // 4)
                    col = T.meta_var(i // 2 * 8 + (tx % 4) * 2)
                    for j in range(2):
                        buf_local[i * 2 + j] = buf_global[row, col + j]
            elif mode == "col":
                buf_local[0] = buf_global[0, 0]

        g2l(local, D, 2)
        g2l(local, D, 1, "col")

    assert len(ops(k, "tirx.for")) == 2
    compile_ptx(k)


def test_ir_module_calls_forward_references_and_private():
    @I.ir_module
    class Module:
        @T.prim_func
        def main(A: T.Buffer((32,), "int32")):
            host: T.let = Module.helper(1, 2)  # a forward reference
            T.device_entry()
            tx = T.thread_id([32])
            A[tx] = cls.helper(tx, host) + Module.zero()

        @T.prim_func(private=True)
        def helper(a: T.int32, b: T.int32) -> T.int32:
            return a * b + 1

        @T.prim_func(private=True)
        def zero() -> T.int32:
            return 0

    text = str(Module)
    assert "func.func private @helper(%arg0: i32, %arg1: i32) -> i32" in text
    assert "func.func private @zero() -> i32" in text
    assert "func.func @main" in text
    assert text.count("call @helper") == 2 and "call @zero()" in text
    assert set(Module.functions) == {"main", "helper", "zero"}
    compile_ptx(Module)


def test_ir_module_with_let_bind_and_func_attr():
    @I.ir_module
    class Before:
        @T.prim_func(private=True)
        def add(a: T.int32, b: T.int32) -> T.int32:
            return a + b

        @T.prim_func
        def main(A: T.Buffer((1,), "int32")):
            T.func_attr({"global_symbol": "main"})
            host_value: T.let[T.int32] = Before.add(1, 2)
            T.device_entry()
            tx = T.thread_id([1])
            A[tx] = Before.add(host_value, 3)

    compile_ptx(Before)


def test_private_function_with_a_public_symbol_is_an_error():
    with pytest.raises(ScriptError) as e:
        @T.prim_func(private=True)
        def k(A: T.Buffer((1,), "int32")):
            T.func_attr({"global_symbol": "k"})
    assert "private function" in e.value.message and "global_symbol" in e.value.message
    assert e.value.line == line_of('T.func_attr({"global_symbol": "k"})')


def test_calling_a_standalone_prim_func():
    @T.prim_func(private=True)
    def triple(x: T.int32) -> T.int32:
        return x * 3

    @T.prim_func
    def k(A: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = triple(tx)

    assert "func.func private @triple" in str(k) and "call @triple" in str(k)
    compile_ptx(k)


def test_a_macro_called_outside_a_script():
    with pytest.raises(ScriptError, match="can only be called inside a TIRx script"):
        squared(3)


def test_from_source_parses_a_module_class_with_extra_vars():
    from tirx.script import from_source
    mod = from_source('''
@I.ir_module
class M:
    @T.prim_func
    def main(A: T.Buffer((N,), "int32")):
        T.device_entry()
        tx = T.thread_id([N])
        A[tx] = M.sq(tx)

    @T.prim_func(private=True)
    def sq(x: T.int32) -> T.int32:
        return x * x
''', extra_vars={"N": 64})
    text = str(mod)
    assert "!tirx.buffer<64xi32, global>" in text and "func.func private @sq" in text
    compile_ptx(mod)
