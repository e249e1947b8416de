"""Binding rules: pointer binds, mutable numeric locals, T.let, T.meta_var,
`var1 = var2`, extra_vars shadowing, and non-bool `==` values in scope."""

import numpy as np
import pytest

from tirx.script import PointerType, PrimType, ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


def test_pointer_assignment_binds_with_the_exact_rhs_type():
    @T.prim_func
    def k(out: T.Buffer((4,), "float32")):
        T.device_entry()
        tx = T.thread_id([4])
        pool = T.alloc_buffer([64], "uint8", scope="shared.dyn")
        view = T.decl_buffer([4], "float32", data=pool.data)
        raw = T.alloc_buffer([1], "uint64", scope="shared")
        p = view.ptr_to([tx])
        r = T.reinterpret(PointerType(PrimType("uint64"), "shared"),
                          T.ptx.map_shared_rank(raw.ptr_to([0]), 1))
        q = T.address_of(raw[0])
        out[tx] = view[tx]

    binds = {str(b.attributes["name"]): b for b in ops(k, "tirx.bind")}
    assert set(binds) == {'"p"', '"r"', '"q"'}
    for name, want in (('"p"', "!tirx.ptr<f32, shared.dyn>"),
                       ('"r"', "!tirx.ptr<ui64, shared>"),
                       ('"q"', "!tirx.ptr<ui64, shared>")):
        bind = binds[name]
        # the bound value has exactly the right-hand side's type
        assert str(bind.results[0].type) == want
        assert str(bind.operands[0].type) == want
    # no mutable local was made for a pointer
    assert not any("!tirx.ptr" in str(a.results[0].type) for a in ops(k, "tirx.alloc_buffer"))


def test_pointer_reassignment_is_a_located_error():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(out: T.Buffer((4,), "float32")):
            T.device_entry()
            T.thread_id([4])
            s = T.alloc_buffer([8], "float32", scope="shared")
            p = s.ptr_to([0])
            p = s.ptr_to([4])  # reassigned
    assert e.value.message == "Pointer variable 'p' cannot be reassigned"
    assert e.value.line == line_of("p = s.ptr_to([4])  # reassigned")
    assert isinstance(e.value, RuntimeError)


def test_pointer_rebinding_in_an_inner_scope_is_allowed():
    @T.prim_func
    def k(out: T.Buffer((4,), "float32")):
        T.device_entry()
        tx = T.thread_id([4])
        s = T.alloc_buffer([8], "float32", scope="shared")
        p = s.ptr_to([0])
        for i in range(2):
            p = s.ptr_to([i])
        out[tx] = s[tx]

    assert len(ops(k, "tirx.bind")) == 2


def test_shadowing_an_extra_vars_or_closure_name_is_allowed():
    src = '''
@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    T.thread_id([4])
    s = T.alloc_buffer([8], "float32", scope="shared")
    p = s.ptr_to([0])
'''
    f = from_source(src, extra_vars={"p": 42})
    assert len(ops(f, "tirx.bind")) == 1
    p = 42  # noqa: F841 - a closure/global name the kernel shadows

    @T.prim_func
    def k2(out: T.Buffer((4,), "float32")):
        T.device_entry()
        T.thread_id([4])
        s = T.alloc_buffer([8], "float32", scope="shared")
        p = s.ptr_to([0])

    assert len(ops(k2, "tirx.bind")) == 1


def test_numeric_assignment_creates_a_mutable_local():
    @T.prim_func
    def k(out: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        x = tx * 2
        x = x + 1
        x += 3
        n = 5
        out[tx] = x + n

    allocs = ops(k, "tirx.alloc_buffer")
    names = sorted(str(a.attributes["name"]) for a in allocs)
    assert names == ['"n"', '"x"']
    assert all(str(a.results[0].type) == "!tirx.buffer<1xi32, local>" for a in allocs)
    assert len(ops(k, "tirx.buffer_store")) == 5
    compile_ptx(k)


def test_annotated_scalars_arrays_let_and_meta_var():
    @T.prim_func
    def k(out: T.Buffer((4,), "float32")):
        T.device_entry()
        tx = T.thread_id([4])
        acc: T.f32 = 0.0
        idx: T.int32
        v: T.f32[4]
        n: T.let = tx + 1
        m: T.let[T.int64] = tx
        w = T.meta_var(tx * 3)
        idx = w
        for i in range(4):
            v[i] = T.float32(i + n)
            acc = acc + v[i]
        out[tx] = acc + T.float32(idx + T.int32(m))

    text = str(k)
    assert "!tirx.buffer<1xf32, local>" in text
    assert "!tirx.buffer<4xf32, local>" in text
    assert 'tirx.bind' in text and 'as "n" : i32' in text and 'as "m" : i64' in text
    # meta_var binds the Python value: no local, no bind
    names = [str(o.attributes["name"]) for o in ops(k, "tirx.alloc_buffer") + ops(k, "tirx.bind")
             if "name" in o.attributes]
    assert '"w"' not in names and '"acc"' in names
    compile_ptx(k)


def test_var_to_var_assignment_emits_a_bind():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        t2 = tx
        out[t2] = t2

    binds = ops(k, "tirx.bind")
    assert len(binds) == 1
    assert str(binds[0].attributes["name"]) == '"t2"'
    tid = ops(k, "tirx.thread_id")[0]
    assert binds[0].operands[0] == tid.results[0]


def test_a_scope_id_assigned_to_a_name_is_that_name():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        out[tx] = tx

    assert ops(k, "tirx.bind") == [] and ops(k, "tirx.alloc_buffer") == []


def test_numpy_arrays_and_non_bool_eq_objects_in_scope():
    a = np.zeros((10, 10), dtype="int8")
    shape = (4,)

    class WeirdEq:
        def __eq__(self, other):
            return np.array([1, 2])

    tx = WeirdEq()

    @T.prim_func
    def k(out: T.Buffer(shape, "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        a = T.alloc_buffer(shape, "int32", scope="local")
        a[0] = tx
        out[tx] = a[0] + T.int32(a.shape[0])

    assert len(ops(k, "tirx.alloc_buffer")) == 1
    compile_ptx(k)
    assert a.shape == (10, 10)
