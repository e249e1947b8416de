"""The Tx spelling of tile primitives: ops, scopes, regions, config and
dispatch, and the located error of a misspelled config key."""

import pytest

from tirx.script import ScriptError
from tirx.script import tile as Tx
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


def test_copy_scopes_regions_and_config():
    @T.prim_func
    def k(A: T.Buffer((64, 128), "float16"), B: T.Buffer((64, 128), "float16")):
        T.device_entry()
        tx = T.thread_id([128])
        S = T.alloc_buffer((64, 64), "float16", scope="shared")
        Tx.cta.copy_async(S, A[0:64, 64:128], commit=True)
        T.ptx["cp.async.wait_group"](0)
        T.ptx.barrier.sync()
        Tx.warp.copy(B[0:16, 0:64], S[0:16, 0:64], vec_len=4, dispatch="vec")
        Tx.cta.copy(B[:, 64:128], S)

    (ca,) = ops(k, "tirx.tile.copy_async")
    assert "tirx.tile.copy_async cta" in str(ca)
    assert "[0, 64] [64, 64]" in str(ca) and "config {commit = true}" in str(ca)
    c1, c2 = ops(k, "tirx.tile.copy")
    assert "tirx.tile.copy warp" in str(c1)
    assert 'config {vec_len = 4 : i64} dispatch "vec"' in str(c1)
    assert "tirx.tile.copy cta" in str(c2) and "[0, 64] [64, 64]" in str(c2)
    ptx = compile_ptx(k)
    assert "cp.async.cg.shared.global" in ptx and "cp.async.commit_group" in ptx
    assert "ld.shared.v2" in ptx  # vec_len = 4 f16: 8-byte vectors


def test_dynamic_region_offsets():
    @T.prim_func
    def k(A: T.Buffer((1024, 64), "float32"), B: T.Buffer((1024, 64), "float32")):
        T.device_entry()
        b = T.cta_id([16])
        T.thread_id([128])
        S = T.alloc_buffer((64, 64), "float32", scope="shared")
        Tx.cta.copy(S, A[b * 64:b * 64 + 64, :])
        T.ptx.barrier.sync()
        Tx.cta.copy(B[b * 64:b * 64 + 64, 0:64], S)

    c1, _ = ops(k, "tirx.tile.copy")
    assert "[%" in str(c1) and "[64, 64]" in str(c1)
    compile_ptx(k)


def test_elementwise_and_reductions():
    @T.prim_func
    def k(A: T.Buffer((64, 64), "float32"), R: T.Buffer((64,), "float32"),
          x: T.float32):
        T.device_entry()
        T.thread_id([128])
        S = T.alloc_buffer((64, 64), "float32", scope="shared")
        M = T.alloc_buffer((64,), "float32", scope="shared")
        Tx.cta.copy(S, A)
        T.ptx.barrier.sync()
        Tx.cta.exp(S, S)
        Tx.cta.add(S, S, x)
        Tx.cta.maximum(S, S, S)
        Tx.cta.fma(S, S, x, S)
        T.ptx.barrier.sync()
        Tx.cta.sum(M, S, axes=1)
        T.ptx.barrier.sync()
        Tx.warp.copy(R, M)

    assert "tirx.tile.unary exp cta" in str(ops(k, "tirx.tile.unary")[0])
    b1, b2 = ops(k, "tirx.tile.binary")
    assert "tirx.tile.binary add cta" in str(b1)
    assert "tirx.tile.binary max cta" in str(b2)
    assert "axes = [1]" in str(ops(k, "tirx.tile.reduce")[0])
    ptx = compile_ptx(k)
    assert "shfl.sync.bfly" in ptx and "ex2.approx" in ptx


def test_thread_scope_fill_cast_and_reduce_accumulate():
    @T.prim_func
    def k(A: T.Buffer((32, 8), "float32"), H: T.Buffer((32, 8), "float16"),
          R: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        r = T.alloc_buffer((8,), "float32", scope="local")
        h = T.alloc_buffer((8,), "float16", scope="local")
        m = T.alloc_buffer((1,), "float32", scope="local")
        Tx.copy(r, A[tx, 0:8])
        Tx.zero(m)
        Tx.max(m, r, axes=0, accum=True)
        Tx.cast(h, r)
        Tx.copy(H[tx, 0:8], h)
        R[tx] = m[0]

    assert "tirx.tile.fill thread" in str(ops(k, "tirx.tile.fill")[0])
    red = str(ops(k, "tirx.tile.reduce")[0])
    assert "tirx.tile.reduce max thread" in red and "accumulate" in red
    ptx = compile_ptx(k)
    assert "cvt.rn.f16x2.f32" in ptx


def test_misspelled_config_key_is_located():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(A: T.Buffer((64, 64), "float16")):
            T.device_entry()
            T.thread_id([128])
            S = T.alloc_buffer((64, 64), "float16", scope="shared")
            Tx.cta.copy(S, A, vec_lne=4)  # misspelled key
    assert ("unknown config key 'vec_lne'; did you mean 'vec_len'?"
            in e.value.message)
    assert e.value.line == line_of("# misspelled key")


def test_wrong_config_type_is_located():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(A: T.Buffer((64, 64), "float16")):
            T.device_entry()
            T.thread_id([128])
            S = T.alloc_buffer((64, 64), "float16", scope="shared")
            Tx.cta.copy(S, A, vec_len="wide")  # wrong type
    assert "vec_len" in e.value.message
    assert e.value.line == line_of("# wrong type")


def test_bad_calls_raise_at_the_call():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(A: T.Buffer((64,), "float32")):
            T.device_entry()
            T.thread_id([32])
            Tx.warp.copy(A, 3)  # not a region
    assert "'src' must be a buffer or a buffer region" in e.value.message
    assert e.value.line == line_of("# not a region")

    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k2(A: T.Buffer((64,), "float32")):
            T.device_entry()
            T.thread_id([32])
            Tx.warp.copy(A, A, vec_len=[4])  # a list value
    # a list of integers is a config value (the type of some keys), not vec_len's
    assert "config key 'vec_len' must be an integer (variant 'vec')" in e.value.message
    assert e.value.line == line_of("# a list value")

    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k4(A: T.Buffer((64,), "float32")):
            T.device_entry()
            T.thread_id([32])
            Tx.warp.copy(A, A, vec_len={"x": 4})  # a dict value
    assert "config 'vec_len' must be a bool, int, float, string or a list of " \
        "integers" in e.value.message

    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k3(A: T.Buffer((64,), "float32")):
            T.device_entry()
            T.thread_id([32])
            Tx.warp.scatter(A, A)  # no such primitive
    assert "Tx.scatter is not a tile primitive" in e.value.message
