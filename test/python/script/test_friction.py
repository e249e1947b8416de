"""What a new user ran into: each is fixed and checked here (atomic_add,
red's type from its value, 'did you mean', the `acc = 0` hint,
tirx.build(target="sim"), remote stores through a `shared` pointer, the T.cuda
helpers in the docs)."""

import inspect
import os

import numpy as np
import pytest

import tirx
from tirx import sim
from tirx.script import PointerType, PrimType, ScriptError, from_source
from tirx.script import tirx as T

from .helpers import line_of, ops

DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))), "docs", "Script.md")


@T.prim_func
def _histogram(A: T.Buffer((4,), "int32"), Old: T.Buffer((64,), "int32"),
               F: T.Buffer((1,), "float32")):
    T.device_entry()
    tx = T.thread_id([64])
    Old[tx] = T.cuda.atomic_add(A[tx % 4], 1)
    T.cuda.atomic_add(F.ptr_to([0]), 0.5)


def test_atomic_add():
    a = np.zeros(4, np.int32)
    old = np.full(64, -1, np.int32)
    f = np.zeros(1, np.float32)
    sim.run(_histogram, a, old, f)
    assert list(a) == [16, 16, 16, 16]
    assert f[0] == 32.0
    # every thread saw a distinct old value of its counter
    for c in range(4):
        assert sorted(old[c::4]) == list(range(16))
    atoms = ops(_histogram, "tirx.ptx.atom")
    assert [str(x.results[0].type) for x in atoms] == ["i32", "f32"]


def test_red_takes_its_type_from_the_value():
    @T.prim_func
    def k(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.red(A.ptr_to([0]), T.float32(1.0), op="add", space="global")
        T.ptx.red(B.ptr_to([0]), tx, op="max", space="global")

    types = [str(r.attributes["type"]) for r in ops(k, "tirx.ptx.red")]
    assert types == ["17 : i32", "11 : i32"]  # f32, s32
    a, b = np.zeros(1, np.float32), np.zeros(1, np.int32)
    sim.run(k, a, b)
    assert a[0] == 32.0 and b[0] == 31


def test_unknown_ptx_instruction_suggests_the_right_one():
    with pytest.raises(ScriptError, match="did you mean 'mma.sync'") as info:
        @T.prim_func
        def k(A: T.Buffer((1,), "float32")):
            T.device_entry()
            tx = T.thread_id([32])
            T.ptx.mma(A[0])
    assert info.value.line == line_of("T.ptx.mma(A[0])")


def test_integer_accumulator_hint_suggests_a_float_literal():
    with pytest.raises(ScriptError) as info:
        @T.prim_func
        def k(A: T.Buffer((8,), "float32")):
            T.device_entry()
            tx = T.thread_id([1])
            acc = 0
            for i in range(8):
                acc = acc + A[i]
            A[0] = acc
    e = info.value
    assert "`acc = 0` declared it with an integer" in e.message
    assert "acc = 0.0" in e.message and "T.cast" not in e.message
    assert e.line == line_of("acc = acc + A[i]")


@T.prim_func
def _scale(A: T.Buffer((64,), "float32"), s: T.float32):
    T.device_entry()
    tx = T.thread_id([64])
    A[tx] = A[tx] * s


def test_build_for_the_simulator():
    k = tirx.build(_scale, target="sim")
    assert isinstance(k, sim.Kernel)
    a = np.arange(64, dtype=np.float32)
    k(a, 2.0)
    np.testing.assert_array_equal(a, np.arange(64, dtype=np.float32) * 2)


@T.prim_func
def _remote_store(out: T.Buffer((2,), "uint64")):
    T.device_entry()
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([32])
    slot = T.alloc_buffer([1], "uint64", scope="shared")
    T.cuda.cluster_sync()
    peer = T.meta_var(1 - rank)
    remote = T.reinterpret(PointerType(PrimType("uint64"), "shared"),
                           T.ptx.map_shared_rank(slot.ptr_to([0]), peer))
    remote_slot = T.decl_buffer([1], "uint64", data=remote, scope="shared")
    if tx == 0:
        remote_slot[0] = T.uint64(100 + rank)
    T.cuda.cluster_sync()
    if tx == 0:
        out[rank] = slot[0]
    T.cuda.cluster_sync()


def test_remote_store_through_a_shared_pointer_compiles_and_simulates():
    """The seed idiom's `shared` pointer to a peer's memory: the compiler
    stores through the generic address, the simulator agrees."""
    ptx = tirx.compile(_remote_store, target="sm_90a", emit="ptx")
    assert "mapa" in ptx
    out = np.zeros(2, np.uint64)
    sim.run(_remote_store, out)
    assert list(out) == [101, 100]


def test_every_cuda_helper_is_in_the_docs_with_its_signature():
    from tirx.script._cuda import _CudaNamespace
    text = open(DOCS).read()
    missing = []
    for name, v in vars(_CudaNamespace).items():
        if name.startswith("_") or not callable(getattr(v, "__func__", v)):
            continue
        f = getattr(v, "__func__", v)
        fn = getattr(f, "func", f)  # a @T.macro
        sig = str(inspect.signature(fn))
        if f"`T.cuda.{name}{sig}`" not in text:
            missing.append(f"T.cuda.{name}{sig}")
    for ns in ("tcgen05", "wgmma"):
        f = getattr(_CudaNamespace, ns).encode_matrix_descriptor
        sig = str(inspect.signature(f))
        if f"`T.cuda.{ns}.encode_matrix_descriptor{sig}`" not in text:
            missing.append(f"T.cuda.{ns}.encode_matrix_descriptor{sig}")
    assert not missing, "docs/Script.md lacks: " + "; ".join(missing)


def test_from_source_knows_tx():
    f = from_source('''
@T.prim_func
def k(A: T.Buffer((64,), "float16")):
    T.device_entry()
    tx = T.thread_id([32])
    s = T.alloc_buffer((64,), "float16", scope="shared")
    Tx.warp.copy(s, A)
''')
    assert ops(f, "tirx.tile.copy")


def test_parameter_names_reach_the_printer_and_the_launch_description():
    import json
    from tirx import _tirx, ir
    from tirx.passmanager import PassManager

    @T.prim_func
    def axpy(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32"), alpha: T.float32):
        T.device_entry()
        tx = T.thread_id([64])
        Y[tx] = X[tx] * alpha + Y[tx]

    assert 'def axpy(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32"), ' \
        "alpha: T.float32):" in axpy.script()
    with ir.Context():
        m = ir.Module.parse(axpy.module.operation.get_asm(enable_debug_info=True))
        PassManager.parse("builtin.module(tirx-split-host-device)").run(m.operation)
        d = json.loads(_tirx.export_launch_description(m.operation))
    assert [p["name"] for f in d["functions"] for p in f["params"]] == ["X", "Y", "alpha"]
