"""The original TIRx's tile primitives from script (docs/TilePrimitives.md):
each primitive and variant at the scopes and operand kinds it takes, in the
simulator against NumPy, through ptxas for the chips it claims; the
original's variant names and config keys; the dispatch-failure message
listing every candidate."""

import numpy as np
import pytest

import tirx
from tirx.script import ScriptError, ScriptWarning, from_source, structural_equal
from tirx.script import tile as Tx
from tirx.script import tirx as T

from .helpers import assemble, compile_ptx, line_of, ops

sim = pytest.importorskip("tirx.sim", reason="the CPU simulator is not in this build")

LANE = T.Axis.laneid
ACC = T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ LANE, 1 @ LANE, 1)])   # m16n8 C
A16 = T.TileLayout(T.S[(2, 8, 2, 4, 2):(2, 4 @ LANE, 4, 1 @ LANE, 1)])  # m16k16 A
BT16 = T.TileLayout(T.S[(8, 2, 4, 2):(4 @ LANE, 2, 1 @ LANE, 1)])  # n8k16 B^T


def roundtrip(k):
    assert structural_equal(from_source(k.script()), k)


def assemble_for(k, chips=("sm_80", "sm_90a", "sm_100a")):
    """The kernel's PTX for each chip, assembled by ptxas."""
    for chip in chips:
        compile_ptx(k, chip)


# -- copy: the forced widths and their cache hints ------------------------------

@pytest.mark.parametrize("variant,dtype,n,insn", [
    ("vec_16b", "uint16", 1, "u16"), ("vec_32b", "float32", 1, "u32"),
    ("vec_64b", "float16", 4, "v2.u32"), ("vec_128b", "int32", 4, "v4.u32"),
])
def test_forced_vec_copy_widths(variant, dtype, n, insn):
    @T.prim_func
    def k(A: T.Buffer((n,), dtype), B: T.Buffer((n,), dtype)):
        T.device_entry()
        T.cta_id([1])
        T.thread_id([1])
        smem = T.alloc_buffer((n,), dtype, scope="shared", align=16)
        reg = T.alloc_local((n,), dtype)
        Tx.copy(reg[:], A[:], dispatch=variant)
        Tx.copy(smem[:], reg[:], dispatch=variant)
        T.cuda.cta_sync()
        Tx.copy(reg[:], smem[:], dispatch=variant)
        for i in range(n):
            B[i] = reg[i]

    ptx = compile_ptx(k)
    assert f"ld.global.{insn}" in ptx and f"st.shared.{insn}" in ptx and \
        f"ld.shared.{insn}" in ptx
    a = (np.arange(n) + 3).astype(dtype)
    b = np.zeros(n, dtype)
    sim.run(k, a, b)
    assert np.array_equal(a, b)
    roundtrip(k)


def test_vec_256b_with_the_originals_cache_hints():
    @T.prim_func
    def k(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
        T.device_entry()
        T.cta_id([1])
        T.thread_id([1])
        reg = T.alloc_local((8,), "int32")
        Tx.copy(reg[:], A[:], dispatch="vec_256b", cache="nc", l1_evict="L1::no_allocate",
                l2_evict="L2::evict_first", prefetch_size="L2::256B")
        Tx.copy(B[:], reg[:], dispatch="vec_256b")

    ptx = compile_ptx(k, "sm_100a")
    assert "ld.global.nc.L1::no_allocate.L2::evict_first.L2::256B.v8.u32" in ptx
    assert "st.global.v8.u32" in ptx
    a = np.arange(8, dtype=np.int32) * 7
    b = np.zeros(8, np.int32)
    sim.run(k, a, b, chip="sm_100a")
    assert np.array_equal(a, b)
    with pytest.raises(ScriptError, match="256-bit loads and stores need sm_100"):
        tirx.compile(k, target="sm_90a")


def test_misspelled_config_key_names_the_valid_ones():
    with pytest.raises(ScriptError, match=r"unknown config key 'l1_evic' for variant "
                       r"'vec_128b'; did you mean 'l1_evict'\? \(known keys: cache, "
                       r"l1_evict, l2_evict, prefetch_size\)") as e:
        @T.prim_func
        def k(A: T.Buffer((4,), "float32")):
            T.device_entry()
            T.thread_id([1])
            reg = T.alloc_local((4,), "float32")
            Tx.copy(reg[:], A[:], dispatch="vec_128b", l1_evic="L1::no_allocate")  # typo
    assert e.value.line == line_of("# typo")


def test_dispatch_failure_lists_every_candidate():
    @T.prim_func
    def k(A: T.Buffer((8,), "float32")):
        T.device_entry()
        T.thread_id([32])
        S = T.alloc_buffer((8,), "float32", scope="shared")
        Tx.warp.copy(S, A, cache="nc")  # no-variant

    with pytest.raises(ScriptError) as e:
        tirx.compile(k)
    text = str(e.value)
    assert "no variant of tile primitive 'copy' applies" in text
    for v in ("vec_128b", "vec_16b", "vec_256b", "vec_32b", "vec_64b", "ldstmatrix",
              "vec", "fallback"):
        assert f"variant '{v}'" in text
    assert "requires explicit dispatch=\"vec_128b\"" in text
    assert "does not take config key 'cache'" in text
    assert e.value.line == line_of("# no-variant")


def test_the_originals_variant_names():
    @T.prim_func
    def k(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
        T.device_entry()
        T.thread_id([32])
        S = T.alloc_buffer((64,), "float32", scope="shared")
        Tx.warp.copy(S, A, dispatch="vec_auto")
        T.cuda.cta_sync()
        Tx.warp.copy(B, S, dispatch="vec_auto")

    a = np.arange(64, dtype=np.float32)
    b = np.zeros(64, np.float32)
    sim.run(k, a, b)
    assert np.array_equal(a, b)
    with pytest.raises(ScriptError, match=r"aliases: vec_auto \(vec\)"):
        @T.prim_func
        def bad(A: T.Buffer((64,), "float32")):
            T.device_entry()
            T.thread_id([32])
            S = T.alloc_buffer((64,), "float32", scope="shared")
            Tx.warp.copy(S, A, dispatch="vec_512b")


# -- gemm / gemm_async on register fragments -----------------------------------

def test_warp_gemm_on_fragments():
    @T.prim_func
    def k(A: T.Buffer((16, 16), "float16"), Bt: T.Buffer((8, 16), "float16"),
          C: T.Buffer((16, 8), "float32")):
        T.device_entry()
        T.thread_id([32])
        sa = T.alloc_buffer((16, 16), "float16", scope="shared")
        sb = T.alloc_buffer((8, 16), "float16", scope="shared")
        a = T.alloc_buffer((16, 16), "float16", scope="local", layout=A16)
        b = T.alloc_buffer((8, 16), "float16", scope="local", layout=BT16)
        d = T.alloc_buffer((16, 8), "float32", scope="local", layout=ACC)
        Tx.warp.copy(sa, A)
        Tx.warp.copy(sb, Bt)
        T.cuda.cta_sync()
        Tx.warp.copy(a, sa)
        Tx.warp.copy(b, sb)
        Tx.warp.gemm(d, a, b, d, transpose_B=True)  # beta = 0: d = a @ b
        Tx.warp.copy(C, d)

    ptx = compile_ptx(k)
    assert "ldmatrix.sync.aligned.m8n8.x4" in ptx and "mma.sync.aligned.m16n8k16" in ptx
    rng = np.random.default_rng(0)
    a = rng.standard_normal((16, 16)).astype(np.float16)
    bt = rng.standard_normal((8, 16)).astype(np.float16)
    c = np.full((16, 8), np.nan, np.float32)
    sim.run(k, a, bt, c, chip="sm_90a")
    np.testing.assert_allclose(c, a.astype(np.float32) @ bt.astype(np.float32).T,
                               rtol=1e-3, atol=1e-3)
    roundtrip(k)


def test_gemm_alpha_other_than_one_is_an_error():
    with pytest.raises(ScriptError, match="Tx.gemm supports alpha = 1"):
        @T.prim_func
        def k():
            T.device_entry()
            T.thread_id([32])
            d = T.alloc_buffer((16, 8), "float32", scope="local", layout=ACC)
            Tx.warp.gemm(d, d, d, d, alpha=2.0)


def test_warpgroup_gemm_async_dispatches_to_wgmma():
    sw = T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[64, 64]))

    @T.prim_func
    def k(A: T.Buffer((64, 64), "float16"), Bt: T.Buffer((64, 64), "float16"),
          C: T.Buffer((64, 64), "float32")):
        T.device_entry()
        T.thread_id([128])
        sa = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=sw)
        sb = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=sw)
        acc = T.alloc_buffer((64, 64), "float32", scope="local",
                             layout=tirx.layout.wgmma_acc_layout(64))
        Tx.cta.copy(sa, A)
        Tx.cta.copy(sb, Bt)
        T.cuda.cta_sync()
        Tx.wg.gemm_async(acc, sa, sb, transB=True, wait=0)
        Tx.wg.copy(C, acc)

    ptx = compile_ptx(k, "sm_90a")
    assert "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16" in ptx
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 64)).astype(np.float16)
    bt = rng.standard_normal((64, 64)).astype(np.float16)
    c = np.full((64, 64), np.nan, np.float32)
    sim.run(k, a, bt, c, chip="sm_90a")
    np.testing.assert_allclose(c, a.astype(np.float32) @ bt.astype(np.float32).T,
                               rtol=2e-3, atol=2e-3)
    roundtrip(k)


def test_gemm_async_tcgen05_into_tensor_memory():
    sw = T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[128, 64]))
    swb = T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[64, 64]))

    @T.prim_func
    def k(A: T.Buffer((128, 64), "float16"), Bt: T.Buffer((64, 64), "float16"),
          C: T.Buffer((128, 64), "float32")):
        T.device_entry()
        warp = T.warp_id([4])
        tx = T.thread_id([128])
        a = T.alloc_buffer((128, 64), "float16", scope="shared", align=1024, layout=sw)
        b = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024, layout=swb)
        done = T.shared_scalar("uint64")
        tmem_addr = T.shared_scalar("uint32")
        if warp == 0:
            T.ptx["tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"](
                T.address_of(tmem_addr), T.uint32(64))
        if tx == 0:
            T.ptx.mbarrier.init.shared.b64(T.address_of(done), T.uint32(1))
        Tx.cta.copy(a, A)
        Tx.cta.copy(b, Bt)
        T.ptx.fence.proxy.async_.shared__cta()
        T.ptx.tcgen05.fence__before_thread_sync()
        T.cuda.cta_sync()
        T.ptx.tcgen05.fence__after_thread_sync()
        acc = T.decl_buffer((128, 64), "float32", scope="tmem", allocated_addr=tmem_addr)
        if tx == 0:
            Tx.gemm_async(acc, a, b, transB=True, mbar=T.address_of(done))
        T.cuda.mbarrier_wait(T.address_of(done), 0)
        T.ptx.tcgen05.fence__after_thread_sync()
        r = T.alloc_tcgen05_ldst_frag("32x32b", (128, 64))
        Tx.wg.copy_async(r, acc, dispatch="tmem<->local")
        Tx.wg.copy(C, r)
        T.ptx.tcgen05.fence__before_thread_sync()
        T.cuda.cta_sync()
        if warp == 0:
            T.ptx["tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned"]()
            T.ptx["tcgen05.dealloc.cta_group::1.sync.aligned.b32"](tmem_addr, T.uint32(64))

    ptx = compile_ptx(k, "sm_100a")
    assert "tcgen05.mma.cta_group::1.kind::f16" in ptx and "tcgen05.ld.sync.aligned.32x32b" in ptx
    rng = np.random.default_rng(2)
    a = rng.standard_normal((128, 64)).astype(np.float16)
    bt = rng.standard_normal((64, 64)).astype(np.float16)
    c = np.full((128, 64), np.nan, np.float32)
    sim.run(k, a, bt, c, chip="sm_100a")
    np.testing.assert_allclose(c, a.astype(np.float32) @ bt.astype(np.float32).T,
                               rtol=2e-3, atol=2e-3)
    roundtrip(k)


def test_block_scaled_gemm_async_is_a_located_error():
    with pytest.raises(ScriptError, match="block-scaled Tx.gemm_async"):
        @T.prim_func
        def k():
            T.device_entry()
            T.thread_id([128])
            s = T.alloc_buffer((64, 64), "float16", scope="shared")
            Tx.gemm_async(s, s, s, s, s)


# -- elementwise, select, reductions and the compose ops -------------------------

@pytest.mark.parametrize("scope", ["thread", "warp", "cta"])
def test_select_causal_mask(scope):
    mem = "local" if scope == "thread" else "shared"
    threads = {"thread": 1, "warp": 32, "cta": 64}[scope]

    @T.prim_func
    def k(X: T.Buffer((16, 16), "float32"), Y: T.Buffer((16, 16), "float32")):
        T.device_entry()
        T.thread_id([threads])
        S = T.alloc_buffer((16, 16), "float32", scope=mem)
        Tx.copy(S, X, scope=scope if mem == "shared" else "thread")
        T.cuda.cta_sync()
        Tx.select(S, S, T.float32(-1e30), lambda i, j: j <= i, scope=scope)
        T.cuda.cta_sync()
        Tx.copy(Y, S, scope=scope if mem == "shared" else "thread")

    assemble_for(k)
    x = np.arange(256, dtype=np.float32).reshape(16, 16)
    y = np.zeros_like(x)
    sim.run(k, x, y)
    assert np.array_equal(y, np.where(np.tri(16, dtype=bool), x, np.float32(-1e30)))
    text = k.script()
    assert "lambda i0, i1:" in text
    roundtrip(k)


def test_unary_with_bias_and_scale_and_memset():
    @T.prim_func
    def k(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32"),
          Z: T.Buffer((64,), "float32")):
        T.device_entry()
        T.thread_id([64])
        S = T.alloc_buffer((64,), "float32", scope="shared")
        Tx.cta.copy(S, X)
        T.cuda.cta_sync()
        Tx.cta.exp2(S, S, bias=T.float32(1.0), scale=T.float32(0.5))
        T.cuda.cta_sync()
        Tx.cta.copy(Y, S)
        Tx.cta.memset(S, T.float32(3.0))
        T.cuda.cta_sync()
        Tx.cta.copy(Z, S)

    assert len(ops(k, "tirx.tile.compose")) == 1
    assemble_for(k)
    x = np.linspace(-2, 2, 64).astype(np.float32)
    y, z = np.zeros_like(x), np.zeros_like(x)
    sim.run(k, x, y, z)
    np.testing.assert_allclose(y, np.exp2(x * 0.5 + 1.0), rtol=1e-5)
    assert np.all(z == 3.0)
    roundtrip(k)


def test_compose_ops_on_shared_memory():
    @T.prim_func
    def k(X: T.Buffer((128, 32), "float32"), Y: T.Buffer((128, 32), "float32"),
          S1: T.Buffer((128,), "float32"), M1: T.Buffer((128,), "float32"),
          E: T.Buffer((128, 32), "float32"), S2: T.Buffer((128,), "float32")):
        T.device_entry()
        T.thread_id([128])
        x = T.alloc_buffer((128, 32), "float32", scope="shared")
        y = T.alloc_buffer((128, 32), "float32", scope="shared")
        s = T.alloc_buffer((128,), "float32", scope="shared")
        m = T.alloc_buffer((128,), "float32", scope="shared")
        s2 = T.alloc_buffer((128,), "float32", scope="shared")
        e = T.alloc_buffer((128, 32), "float32", scope="shared")
        Tx.cta.copy(x, X)
        T.cuda.cta_sync()
        Tx.cta.binary_reduce(y, s, x, x, "mul", "sum", reduce_axes=1)
        Tx.cta.reduce_negate(m, x, "max")
        Tx.cta.unary_reduce(e, s2, x, "exp", "sum", scale=T.float32(0.25), reduce_axes=-1)
        T.cuda.cta_sync()
        Tx.cta.binary_chain(y, y, T.float32(2.0), T.float32(1.0), "mul", "sub", reverse1=True)
        T.cuda.cta_sync()
        Tx.cta.copy(Y, y)
        Tx.cta.copy(S1, s)
        Tx.cta.copy(M1, m)
        Tx.cta.copy(E, e)
        Tx.cta.copy(S2, s2)

    # 50 KiB of static shared memory: over sm_80's 48 KiB.
    assemble_for(k, ("sm_90a", "sm_100a"))
    rng = np.random.default_rng(3)
    x = rng.standard_normal((128, 32)).astype(np.float32)
    outs = [np.zeros((128, 32), np.float32), np.zeros(128, np.float32),
            np.zeros(128, np.float32), np.zeros((128, 32), np.float32),
            np.zeros(128, np.float32)]
    sim.run(k, x, *outs)
    y, s, m, e, s2 = outs
    np.testing.assert_allclose(s, (x * x).sum(axis=1), rtol=1e-5)
    np.testing.assert_allclose(y, 1.0 - 2.0 * x * x, rtol=1e-5)
    np.testing.assert_allclose(m, -x.max(axis=1))
    np.testing.assert_allclose(e, np.exp(x * 0.25), rtol=1e-5)
    np.testing.assert_allclose(s2, np.exp(x * 0.25).sum(axis=1), rtol=1e-5)
    text = k.script()
    assert "Tx.cta.binary_reduce(y, s, x, x, 'mul', 'sum', reduce_axes=[1])" in text
    roundtrip(k)


def test_compose_op_frame():
    @T.prim_func
    def k(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32")):
        T.device_entry()
        T.thread_id([64])
        s = T.alloc_buffer((64,), "float32", scope="shared")
        with Tx.compose_op():
            Tx.cta.copy(s, X)
            Tx.cta.exp(s)
            Tx.cta.copy(Y, s)

    ir = str(k)
    assert "tirx.tile.compose cta" in ir
    ptx = compile_ptx(k)
    import re
    assert len(re.findall(r"\bbar(?:rier)?\.sync(?:\.aligned)?\s+0;", ptx)) >= 2  # between steps
    assemble_for(k, ("sm_80", "sm_100a"))
    x = np.linspace(-1, 1, 64).astype(np.float32)
    y = np.zeros_like(x)
    sim.run(k, x, y)
    np.testing.assert_allclose(y, np.exp(x), rtol=1e-5)
    assert "with Tx.compose_op():" in k.script()
    roundtrip(k)


def test_reductions_on_a_warp_fragment():
    row = T.TileLayout(T.S[(1, 2, 32):(1, 1, 1 @ LANE)])
    one = T.TileLayout(T.S[1:1] + T.R[32:1 @ LANE])

    @T.prim_func
    def k(X: T.Buffer((1, 64), "float32"), R: T.Buffer((2,), "float32")):
        T.device_entry()
        lane = T.thread_id([32])
        x = T.alloc_buffer((1, 64), "float32", scope="local", layout=row)
        mx = T.alloc_buffer((1,), "float32", scope="local", layout=one)
        sm = T.alloc_buffer((1,), "float32", scope="local", layout=one)
        Tx.warp.copy(x, X)
        Tx.warp.max(mx, x, axes=-1)
        Tx.warp.sum(sm, x)
        if lane == 0:
            R[0] = mx[0]
            R[1] = sm[0]

    assemble_for(k)
    x = np.random.default_rng(5).standard_normal((1, 64)).astype(np.float32)
    r = np.zeros(2, np.float32)
    sim.run(k, x, r)
    np.testing.assert_allclose(r, [x.max(), x.sum()], rtol=1e-5)


@pytest.mark.parametrize("n,accum", [(8, False), (9, True), (16, False), (33, True)])
def test_sm100_packed_sum(n, accum):
    """The original's sm100_packed reduction: on sm_100 a thread's sum of
    >= 8 f32 registers is a tree of add.f32x2 (also for an odd count, the
    last element added on its own); on sm_90a, sequential adds."""

    @T.prim_func
    def k(X: T.Buffer((64, n), "float32"), R: T.Buffer((64,), "float32")):
        T.device_entry()
        tx = T.thread_id([64])
        x = T.alloc_local((n,), "float32")
        r = T.alloc_local((1,), "float32")
        r[0] = T.float32(0.5)
        Tx.copy(x, X[tx, 0:n])
        Tx.sum(r, x, accum=accum)
        R[tx] = r[0]

    ptx = compile_ptx(k, "sm_100a")
    assert ptx.count("add.rn.f32x2") == n // 2 - 1
    assert "add.rn.f32x2" not in compile_ptx(k, "sm_90a")
    x = np.random.default_rng(n).standard_normal((64, n)).astype(np.float32)
    r = np.full(64, np.nan, np.float32)
    sim.run(k, x, r, chip="sm_100a")
    np.testing.assert_allclose(r, x.sum(axis=1) + (0.5 if accum else 0.0),
                               rtol=1e-5, atol=1e-5)


def test_compose_ops_on_registers():
    """Thread scope on private registers and warp scope on a fragment:
    binary_chain, reduce_negate with accumulate, select."""
    frag = T.TileLayout(T.S[(2, 32):(1, 1 @ LANE)])

    @T.prim_func
    def k(X: T.Buffer((2, 32), "float32"), Y: T.Buffer((2, 32), "float32"),
          M: T.Buffer((4,), "float32"), Z: T.Buffer((2, 32), "float32")):
        T.device_entry()
        lane = T.thread_id([32])
        x = T.alloc_buffer((2, 32), "float32", scope="local", layout=frag)
        Tx.warp.copy(x, X)
        Tx.warp.select(x, x, T.float32(0.0), lambda i, j: (j % 2) == 0)
        Tx.warp.copy(Z, x)
        if lane == 0:
            r = T.alloc_local((4, 8), "float32")
            m = T.alloc_local((4,), "float32")
            y = T.alloc_local((8,), "float32")
            for i in T.unroll(4):
                m[i] = T.float32(-100.0)
                for j in T.unroll(8):
                    r[i, j] = X[i // 2, (i % 2) * 8 + j]
            Tx.reduce_negate(m, r, "max", accum=True)
            for i in T.unroll(4):
                M[i] = m[i]
            for j in T.unroll(8):
                y[j] = X[0, j]
            Tx.binary_chain(y, y, T.float32(3.0), T.float32(1.0), "mul", "add")
            for j in T.unroll(8):
                Y[0, j] = y[j]

    assemble_for(k)
    x = np.random.default_rng(9).standard_normal((2, 32)).astype(np.float32)
    y, m, z = np.zeros((2, 32), np.float32), np.zeros(4, np.float32), np.zeros((2, 32), np.float32)
    sim.run(k, x, y, m, z)
    rows = np.stack([x[i // 2, (i % 2) * 8:(i % 2) * 8 + 8] for i in range(4)])
    np.testing.assert_allclose(m, -np.maximum(rows.max(axis=1), 100.0))
    np.testing.assert_allclose(y[0, :8], x[0, :8] * 3 + 1, rtol=1e-6)
    want = x.copy()
    want[:, 1::2] = 0
    assert np.array_equal(z, want)
    roundtrip(k)


@pytest.mark.parametrize("scope,layout", [
    ("cta", T.TileLayout(T.S[(4, 32, 2):(1 @ T.Axis.warpid, 1 @ LANE, 1)])),
    ("cta", T.TileLayout(T.S[(128, 2):(1 @ T.Axis.tx, 1)])),
    ("warpgroup", T.TileLayout(T.S[(128, 2):(1 @ T.Axis.tid_in_wg, 1)])),
], ids=["cta-warpid-laneid", "cta-tx", "warpgroup"])
def test_elementwise_on_cta_and_warpgroup_fragments(scope, layout):
    """Register fragments of a CTA and of a warpgroup: copy in, exp, add a
    scalar, copy out, each thread on its own two registers."""

    @T.prim_func
    def k(X: T.Buffer((128, 2), "float32"), Y: T.Buffer((128, 2), "float32")):
        T.device_entry()
        T.thread_id([128])
        f = T.alloc_buffer((128, 2), "float32", scope="local", layout=layout)
        Tx.copy(f, X, scope=scope)
        Tx.exp(f, f, scope=scope)
        Tx.add(f, f, T.float32(1.0), scope=scope)
        Tx.copy(Y, f, scope=scope)

    assemble_for(k)
    x = np.random.default_rng(11).standard_normal((128, 2)).astype(np.float32)
    y = np.full_like(x, np.nan)
    sim.run(k, x, y)
    np.testing.assert_allclose(y, np.exp(x) + 1.0, rtol=1e-5)
    assert "layout=T.TileLayout(" in k.script()
    roundtrip(k)


# -- script namespaces -------------------------------------------------------------

def test_encode_instr_descriptors():
    from tirx.script._cuda import (encode_instr_descriptor_block_scaled_value,
                                   encode_instr_descriptor_value)
    d = encode_instr_descriptor_value("float32", "bfloat16", "bfloat16", 128, 256, 16,
                                      False, True)
    assert d == (1 << 4) | (1 << 7) | (1 << 10) | (1 << 16) | (32 << 17) | (8 << 24)
    bs = encode_instr_descriptor_block_scaled_value(
        "float32", "float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu", "float8_e8m0fnu",
        128, 128, 32, False, False)
    assert bs == (0 << 7) | (1 << 10) | (16 << 17) | (1 << 23) | (8 << 24)
    with pytest.raises(Exception, match="N = 12 is not a tcgen05.mma shape"):
        encode_instr_descriptor_value("float32", "float16", "float16", 128, 12, 16,
                                      False, False)

    @T.prim_func
    def k(O: T.Buffer((1,), "uint32")):
        T.device_entry()
        T.thread_id([1])
        desc = T.local_scalar("uint32")
        T.cuda.tcgen05.encode_instr_descriptor_block_scaled(
            T.address_of(desc), d_dtype="float32", a_dtype="float4_e2m1fn",
            b_dtype="float4_e2m1fn", sfa_dtype="float8_e4m3fn", sfb_dtype="float8_e4m3fn",
            sfa_tmem_addr=0, sfb_tmem_addr=0, M=128, N=128, K=64, trans_a=False,
            trans_b=False)
        O[0] = desc

    o = np.zeros(1, np.uint32)
    sim.run(k, o)
    assert o[0] == (1 << 7) | (1 << 10) | (16 << 17) | (8 << 24)


def test_t_target_in_func_attr():
    @T.prim_func
    def k():
        T.func_attr({"target": T.target("cuda", host="llvm")})
        T.device_entry()
        T.thread_id([32])

    compile_ptx(k, check=False)
    with pytest.raises(ScriptError, match="unknown kind 'rocm'"):
        @T.prim_func
        def bad():
            T.func_attr({"target": T.target("rocm")})


def test_nvshmem_needs_nvshmem_unless_linked():
    @T.prim_func
    def k(O: T.Buffer((2,), "int32"), sig: T.Buffer((1,), "uint64")):
        T.device_entry()
        T.thread_id([32])
        O[0] = T.nvshmem.my_pe()  # nvshmem-call
        T.nvshmem.signal_op(sig.data, T.uint64(1), "add", 0)
        T.nvshmem.putmem_nbi.warp(O.data, O.data, T.int64(8), 1)
        T.nvshmem.quiet()

    with pytest.raises(ScriptError, match="needs NVSHMEM") as e:
        tirx.compile(k)
    assert e.value.line == line_of("# nvshmem-call")
    ptx = tirx.compile(k, nvshmem=True)
    assert ".extern .func  (.param .b32 func_retval0) nvshmem_my_pe" in ptx
    assert "_mlir_ciface" not in ptx
    assert "nvshmemx_signal_op" in ptx and "nvshmemx_putmem_nbi_warp" in ptx
    text = k.script()
    assert "T.nvshmem.my_pe()" in text and "T.nvshmem.putmem_nbi.warp(" in text
    roundtrip(k)


def test_preferred_cluster_dims():
    @T.prim_func
    def k():
        T.device_entry()
        T.cta_id([8])
        T.cta_id_in_cluster([2, 1], preferred=[2, 2])
        T.thread_id([32])

    (op,) = ops(k, "tirx.cta_id_in_cluster")
    assert str(op.attributes["tirx.preferred_cluster"]) == "array<i64: 2, 2>"
    assert "preferred=[2, 2]" in k.script()
    roundtrip(k)
    compile_ptx(k)
    with pytest.raises(ScriptError, match="multiples of the cluster's"):
        @T.prim_func
        def bad():
            T.device_entry()
            T.cta_id_in_cluster([2], preferred=[3])
            T.thread_id([32])


def test_never_encoded_descriptor_becomes_a_parameter():
    src = '''
from tirx.script import tirx as T

@T.prim_func
def k(A_ptr: T.handle):
    _ = T.match_buffer(A_ptr, (16, 16), "float32")
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.device_entry()
    T.thread_id([128])
    s = T.alloc_buffer((16, 16), "float32", scope="shared")
    T.ptx["cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group"](
        T.address_of(A_map), 0, 0, s.data)
'''
    with pytest.warns(ScriptWarning, match="allocated .* but never encoded") as w:
        k = from_source(src)
    assert " --> " in str(w[0].message) and ":7:" in str(w[0].message)
    assert "!tirx.tensormap" in str(k.module.operation.regions[0].blocks[0].operations[0]
                                     .attributes["function_type"])
    assemble(tirx.compile(k))
