"""T.ptx: every tirx.ptx op in the canonical spelling (generated from the
ODS metadata), the seed's map_shared_rank and positional mapa, the token
escaping of the attribute chain, pred=/T.ptx.pred/T.ptx.addr, and the
original PTX spelling through the table interface."""

import sys
import types

import pytest

from tirx._ods import OPS
from tirx.script import PointerType, PrimType, ScriptError
from tirx.script import tirx as T
from tirx.script._ptx import resolve, unescape

from .helpers import compile_ptx, ops


def test_every_ptx_op_is_reachable_from_T_ptx():
    names = [n for n in OPS if n.startswith("tirx.ptx.")]
    assert len(names) > 90
    for name in names:
        text = name[len("tirx.ptx."):]
        # the chain T.ptx.a.b.c spells the op's mnemonic
        chain = T.ptx
        for tok in text.split("."):
            chain = getattr(chain, tok)
        assert resolve(".".join(chain._tokens)) == ("op", name)
        assert resolve(text) == ("op", name)


@pytest.mark.parametrize("token,text", [
    ("async_", "async"), ("global_", "global"), ("shared__cta", "shared::cta"),
    ("fence__before_thread_sync", "fence::before_thread_sync"), ("b64", "b64")])
def test_token_escaping(token, text):
    assert unescape(token) == text


def test_canonical_forms_build_ops_with_attributes():
    @T.prim_func
    def k(A: T.Buffer((128,), "float32"), m: T.TensorMap()):
        T.device_entry()
        tx = T.thread_id([128])
        bar = T.alloc_buffer([1], "uint64", scope="shared")
        smem = T.alloc_buffer([128], "float32", scope="shared", align=128)
        if tx == 0:
            T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
            T.ptx.fence.proxy.async_("shared.cta")
            T.ptx.mbarrier.arrive.expect_tx(bar.ptr_to([0]), 512)
            T.ptx.cp.async_.bulk.tensor.load(smem.data, m, [0], bar.ptr_to([0]),
                                            mode="tile", rank=1)
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
        s = T.ptx.mbarrier.arrive(bar.ptr_to([0]), result_type="i64")
        T.ptx.fence(sem="acq_rel", scope="cluster")
        A[tx] = smem[tx]

    text = str(k)
    assert "tirx.ptx.mbarrier.init" in text
    assert "tirx.ptx.fence.proxy.async shared.cta" in text
    assert "tirx.ptx.mbarrier.arrive.expect_tx" in text
    assert "tirx.ptx.cp.async.bulk.tensor.load tile" in text
    assert "tirx.ptx.fence acq_rel cluster" in text
    compile_ptx(k)


def test_seed_map_shared_rank_and_positional_mapa():
    @T.prim_func
    def k(out: T.Buffer((2,), "int32")):
        T.device_entry()
        rank = T.cta_id_in_cluster([2])
        tx = T.thread_id([32])
        bar = T.alloc_buffer([1], "uint64", scope="shared")
        raw = T.ptx.map_shared_rank(bar.ptr_to([0]), rank)
        typed = T.ptx.mapa(bar.ptr_to([0]), rank)
        out[rank] = T.int32(raw & T.uint64(7))

    mapas = ops(k, "tirx.ptx.mapa")
    assert [str(m.results[0].type) for m in mapas] == ["i64", "!tirx.ptr<ui64, shared.cluster>"]
    types_ = {str(b.attributes["name"]): str(b.results[0].type) for b in ops(k, "tirx.bind")}
    assert types_ == {'"typed"': "!tirx.ptr<ui64, shared.cluster>"}


def test_attributes_in_the_canonical_positional_form():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        T.ptx.fence("acq_rel", "cluster")
        T.ptx.cp.async_.bulk.wait_group(0, True)
        T.ptx.barrier.sync(1, 64, True)

    text = str(k)
    assert "tirx.ptx.fence acq_rel cluster" in text
    assert "tirx.ptx.cp.async.bulk.wait_group 0 read" in text
    assert "tirx.ptx.barrier.sync aligned id" in text and "count" in text
    compile_ptx(k)


def test_pred_and_operand_helpers():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        bar = T.alloc_buffer([2], "uint64", scope="shared")
        T.ptx.mbarrier.arrive(bar.ptr_to([1]), pred=tx == 0)
        T.ptx.mbarrier.init(T.ptx.addr(bar.data, 8), T.ptx.pred(1))

    text = str(k)
    assert "tirx.if" in text and "tirx.ptr_byte_offset" in text


def test_unknown_op_and_bad_arguments_are_located():
    with pytest.raises(ScriptError, match="has no operand or attribute 'bogus'"):
        @T.prim_func
        def k(out: T.Buffer((32,), "int32")):
            T.device_entry()
            T.thread_id([32])
            T.ptx.fence(sem="sc", scope="gpu", bogus=1)


# --- the original spelling, through a table with tirx.ptxtable's interface ---

class _Slot(dict):
    __getattr__ = dict.get


class _Variant:
    def __init__(self, op, attrs, operands):
        self.op, self.attrs, self.operands = op, attrs, operands
        self.ptx = ""
        self.requirement = ""


_TABLE = {
    "mbarrier.init.shared.b64": _Variant(
        "tirx.ptx.mbarrier.init", {},
        [_Slot(name="bar", role="in"), _Slot(name="count", role="in")]),
    "mbarrier.arrive.shared.b64": _Variant(
        "tirx.ptx.mbarrier.arrive", {},
        [_Slot(name="bar", role="in"), _Slot(name="count", role="in", optional=True)]),
    "fence.proxy.async.shared::cta": _Variant(
        "tirx.ptx.fence.proxy.async", {"space": "0 : i32"}, []),
    "cp.async.bulk.commit_group": _Variant("tirx.ptx.cp.async.bulk.commit_group", {}, []),
    "cp.async.bulk.wait_group": _Variant(
        "tirx.ptx.cp.async.bulk.wait_group", {}, [_Slot(name="n", role="imm")]),
    "mapa.u64": _Variant(
        "tirx.ptx.mapa", {},
        [_Slot(name="result", role="out"), _Slot(name="addr", role="in"),
         _Slot(name="rank", role="in")]),
    "activemask.b32": _Variant("tirx.ptx.activemask", {},
                               [_Slot(name="mask", role="out")]),
}


@pytest.fixture
def fake_table(monkeypatch):
    mod = types.ModuleType("tirx.ptxtable")
    mod.lookup = _TABLE.get
    mod.lookup_all = lambda text: [_TABLE[text]] if text in _TABLE else []
    mod._data = lambda: {"ops": []}  # no table-generated ops
    mod.variants = lambda: list(_TABLE.values())
    import tirx
    monkeypatch.setitem(sys.modules, "tirx.ptxtable", mod)
    monkeypatch.setattr(tirx, "ptxtable", mod, raising=False)
    yield mod


def test_original_spelling_through_the_table(fake_table):
    @T.prim_func
    def k(out: T.Buffer((32,), "uint64")):
        T.device_entry()
        tx = T.thread_id([32])
        bar = T.shared_scalar("uint64")
        mapped = T.alloc_local([1], "uint64")
        mask = T.local_scalar("uint32")
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx["cp.async.bulk.commit_group"]()
        T.ptx.cp.async_.bulk.wait_group(0)
        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bar))
        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bar), T.uint32(2))
        T.ptx.mapa.u64(mapped[0], T.reinterpret("int64", T.address_of(bar)), T.uint32(1))
        T.ptx.activemask.b32(mask)
        out[tx] = mapped[0] + T.uint64(mask)

    text = str(k)
    assert "tirx.ptx.fence.proxy.async shared.cta" in text
    assert "tirx.ptx.cp.async.bulk.wait_group 0" in text
    assert text.count("tirx.ptx.mbarrier.arrive ") == 2
    # the destination lvalue receives the op's result
    mapa = ops(k, "tirx.ptx.mapa")[0]
    as_u64 = [o for o in ops(k, "tirx.reinterpret") if o.operands[0] == mapa.results[0]]
    assert len(as_u64) == 1 and str(as_u64[0].results[0].type) == "ui64"
    stores = [o for o in ops(k, "tirx.buffer_store") if o.operands[0] == as_u64[0].results[0]]
    assert len(stores) == 1 and "!tirx.buffer<1xui64, local>" in str(stores[0].operands[1].type)
    compile_ptx(k)


def test_original_spelling_errors(fake_table):
    with pytest.raises(ScriptError, match=r"takes 2 argument\(s\) \(bar, count\); got 1"):
        @T.prim_func
        def k(out: T.Buffer((32,), "uint64")):
            T.device_entry()
            T.thread_id([32])
            bar = T.shared_scalar("uint64")
            T.ptx.mbarrier.init.shared.b64(T.address_of(bar))
    with pytest.raises(ScriptError, match="the destination mask must be buffer elements or scalar"):
        @T.prim_func
        def k2(out: T.Buffer((32,), "uint64")):
            T.device_entry()
            T.thread_id([32])
            T.ptx.activemask.b32(5)


def _have_table():
    try:
        import tirx.ptxtable  # noqa: F401
        return True
    except ImportError:
        return False


@pytest.mark.skipif(not _have_table(), reason="tirx.ptxtable not built")
def test_original_spelling_with_the_ptx_table():
    @T.prim_func
    def k(D: T.Buffer((4,), "float32"), out: T.Buffer((2,), "uint64")):
        T.device_entry()
        T.cta_id([1])
        tx = T.thread_id([32])
        bar = T.shared_scalar("uint64")
        d = T.alloc_local([4], "float32")
        a = T.alloc_local([4], "uint32")
        b = T.alloc_local([2], "uint32")
        c = T.alloc_local([4], "float32")
        mapped = T.alloc_local([1], "uint64")
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.bar.sync(T.uint32(0))
        T.ptx.bar.sync(T.uint32(1), T.uint32(64))
        T.ptx.mbarrier.arrive.shared.b64(T.address_of(bar), T.uint32(2))
        T.ptx["mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"](
            *[d[i] for i in range(4)], *[a[i] for i in range(4)],
            *[b[i] for i in range(2)], *[c[i] for i in range(4)])
        T.ptx.mapa.u64(mapped[0], T.address_of(bar), T.uint32(0))
        for i in range(4):
            D[i] = d[i]
        out[0] = mapped[0]

    text = str(k)
    assert "tirx.ptx.mma.sync" in text and "vector.from_elements" in text
    assert text.count("tirx.ptx.barrier.sync") == 2
    mapa = ops(k, "tirx.ptx.mapa")[0]
    assert str(mapa.results[0].type) == "i64"
    ptx = compile_ptx(k)
    assert "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32" in ptx


def test_cp_async_prefetch_size_in_both_spellings():
    """cp.async's L2 prefetch size: the original's spelling through the
    table, the canonical keyword, and the PTX both lower to."""
    @T.prim_func
    def k(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        s = T.alloc_buffer([128], "float32", scope="shared", align=16)
        T.ptx["cp.async.cg.shared.global.L2::128B"](
            s.ptr_to([tx * 4]), A.ptr_to([tx * 4]), 16)
        T.ptx.cp.async_(s.ptr_to([tx * 4]), A.ptr_to([tx * 4]), cache="ca",
                        size=16, prefetch="L2_256B")
        T.ptx.cp.async_.commit_group()
        T.ptx.cp.async_.wait_group(0)
        T.ptx.bar.sync(T.uint32(0))
        B[tx] = s[tx]

    text = str(k)
    assert "tirx.ptx.cp.async cg" in text and "prefetch L2_128B" in text
    assert "tirx.ptx.cp.async ca" in text and "prefetch L2_256B" in text
    ptx = compile_ptx(k)
    assert "cp.async.cg.shared.global.L2::128B" in ptx
    assert "cp.async.ca.shared.global.L2::256B" in ptx


@T.prim_func
def _cp_async_ignore_src(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    s = T.alloc_buffer([128], "float32", scope="shared", align=16)
    # the original's ignore-src predicate: lanes 8.. copy zeros
    T.ptx["cp.async.ca.shared.global"](s.ptr_to([tx * 4]), A.ptr_to([tx * 4]), 16,
                                       tx >= 8)
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.ptx.bar.sync(T.uint32(0))
    for i in range(4):
        B[tx * 4 + i] = s[tx * 4 + i]


def test_cp_async_ignore_src_predicate_copies_zeros():
    """`ignore-src` is a predicate: true copies zeros. It becomes src_size 0
    (not a src_size of 1 byte, which a bool converted to an integer would
    be), in the simulator as in the PTX."""
    import numpy as np
    from tirx import sim

    a = np.arange(1, 129, dtype=np.float32)
    b = np.full(128, -1.0, np.float32)
    sim.run(_cp_async_ignore_src, a, b)
    want = a.copy()
    want[32:] = 0.0
    np.testing.assert_array_equal(b, want)
    ptx = compile_ptx(_cp_async_ignore_src)
    assert "cp.async.ca.shared.global" in ptx and "selp.b32" in ptx


def test_a_boolean_for_an_integer_operand_is_an_error():
    with pytest.raises(ScriptError, match="a boolean for an operand of type i32"):
        @T.prim_func
        def k(out: T.Buffer((32,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            r = T.alloc_local([1], "int32")
            T.ptx["redux.sync.add.u32"](r[0], tx > 3, T.uint32(0xFFFFFFFF))
            out[tx] = r[0]


def test_vector_results_are_prim_type_vectors():
    """An op whose result is a vector (wgmma's accumulator) gives a value of
    the vector PrimType, which a vector store accepts."""
    from tirx.script._types import script_type_of_mlir

    assert script_type_of_mlir("vector<64xf32>") == PrimType("float32x64")
    assert script_type_of_mlir("vector<4xi32>") == PrimType("int32x4")
    assert type(script_type_of_mlir("vector<4x!tirx.tensormap>")).__name__ == "OpaqueType"

    @T.prim_func
    def k(out: T.Buffer((128, 64), "float32")):
        T.device_entry()
        tid = T.thread_id([128])
        acc = T.alloc_buffer([64], "float32", scope="local")
        acc.vstore([0], T.cast(0.0, "float32x64"))
        r = T.ptx.wgmma.mma_async(T.uint64(0), T.uint64(0), acc.vload([0], "float32x64"), True,
                                  shape=[64, 128, 16], type_d="f32", type_a="bf16",
                                  type_b="bf16")
        acc.vstore([0], r)
        out.vstore([tid, 0], acc.vload([0], "float32x64"))

    assert "vector<64xf32>" in str(k)
    assert "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16" in compile_ptx(k)
