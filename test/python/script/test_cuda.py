"""T.cuda helpers: compositions written as TIRx script, each compiled to
PTX that ptxas accepts; their ops carry a call-site chain to the user's
line."""

import numpy as np
import pytest

from tirx.script import ScriptError
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


def test_barriers_and_election():
    @T.prim_func
    def k(out: T.Buffer((128,), "int32")):
        T.device_entry()
        T.cta_id_in_cluster([2])
        tx = T.thread_id([128])
        T.cuda.cta_sync()
        T.cuda.warp_sync()
        T.cuda.warpgroup_sync(1)
        T.cuda.cluster_sync()
        if T.cuda.elect_sync():
            out[tx] = 1
        T.cuda.thread_fence()

    text = str(k)
    assert "tirx.ptx.barrier.sync aligned" in text and "tirx.ptx.bar.warp.sync" in text
    assert "tirx.ptx.barrier.cluster.arrive release aligned" in text
    assert "tirx.ptx.elect.sync" in text and "tirx.ptx.fence sc gpu" in text
    ptx = compile_ptx(k)
    assert "bar.sync" in ptx and "elect.sync" in ptx and "barrier.cluster.wait" in ptx


def test_mbarrier_wait_loops_on_try_wait():
    @T.prim_func
    def k(out: T.Buffer((128,), "int32")):
        T.device_entry()
        tx = T.thread_id([128])
        bar = T.shared_scalar("uint64")
        if tx == 0:
            T.ptx.mbarrier.init(T.address_of(bar), 1)
        T.cuda.cta_sync()
        T.ptx.mbarrier.arrive(T.address_of(bar))
        T.cuda.mbarrier_wait(T.address_of(bar), 0)  # WAIT

    loop = ops(k, "tirx.while")
    assert len(loop) == 1
    wait = ops(k, "tirx.ptx.mbarrier.try_wait.parity")[0]
    loc = wait.location
    assert loc.is_a_callsite() and loc.caller.start_line == line_of("# WAIT")
    ptx = compile_ptx(k)
    assert "mbarrier.try_wait.parity" in ptx


@pytest.mark.parametrize("helper", ["warp_sum", "warp_max", "warp_min"])
def test_warp_reductions(helper):
    @T.prim_func
    def k(out: T.Buffer((32,), "float32")):
        T.device_entry()
        T.warp_id([1])
        lane = T.lane_id([32])
        v: T.f32 = T.float32(lane)
        v = getattr(T.cuda, helper)(v)
        out[lane] = v

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 5
    ptx = compile_ptx(k)
    assert ptx.count("shfl.sync.bfly.b32") == 5


def test_partial_width_warp_reduce_and_cta_reduce():
    @T.prim_func
    def k(out: T.Buffer((256,), "int32")):
        T.device_entry()
        tid = T.thread_id([256])
        scratch = T.alloc_buffer((8,), "int32", scope="shared")
        a = T.cuda.warp_reduce(tid, "sum", width=4)
        b = T.cuda.cta_sum(tid, 8, scratch.ptr_to([0]))
        out[tid] = a + b

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 2 + 5 + 5
    compile_ptx(k)


def test_shuffles_mov_sreg_and_tmem_address():
    @T.prim_func
    def k(out: T.Buffer((32,), "int32")):
        clx = T.launch_thread("clusterCtaIdx.x", 2)
        tx = T.launch_thread("threadIdx.x", 32)
        T.launch_thread("blockIdx.x", 4)
        a = T.tvm_warp_shuffle(T.uint32(0xFFFFFFFF), tx // 2, 0, 32, 32)
        b = T.cuda.__shfl_xor_sync(0xFFFFFFFF, tx, 1)
        c: T.let[T.int32] = T.cuda.mov_sreg(32, "clusterid.x")
        t = T.cuda.get_tmem_addr(T.uint32(0x10020), tx, 4)
        out[tx] = a + b + c + T.int32(t)

    assert len(ops(k, "tirx.ptx.shfl.sync")) == 2
    assert len(ops(k, "tirx.cluster_id")) == 1
    compile_ptx(k)


def test_descriptor_encoders_and_address_helpers():
    @T.prim_func
    def k(out: T.Buffer((4,), "uint64")):
        T.device_entry()
        tx = T.thread_id([32])
        smem = T.alloc_buffer((64,), "uint32", scope="shared")
        if tx == 0:
            desc = T.local_scalar("uint64")
            T.cuda.tcgen05.encode_matrix_descriptor(T.address_of(desc), smem.ptr_to([0]),
                                                    ldo=1, sdo=8, swizzle=3)
            out[0] = desc
            T.cuda.wgmma.encode_matrix_descriptor(T.address_of(desc), smem.ptr_to([0]), 1, 8, 1)
            out[1] = desc
            out[2] = T.cast(T.cuda.cvta_generic_to_shared(smem.ptr_to([0])), "uint64")
            out[3] = T.cast(T.cuda.sm100_2sm_leader_smem_addr(smem.ptr_to([0])), "uint64")

    compile_ptx(k)


def test_printf():
    @T.prim_func
    def k(out: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        T.cuda.printf("tx=%d v=%f\\n", tx, out[tx])

    assert "gpu.printf" in str(k)
    assert "vprintf" in compile_ptx(k)


@T.prim_func
def _conversions_and_warp_reductions(
        A: T.Buffer((32,), "float32"), H: T.Buffer((32,), "float16"),
        G: T.Buffer((32,), "bfloat16"), U: T.Buffer((32,), "uint32"),
        P: T.Buffer((32,), "uint64"), X: T.Buffer((32,), "float32"),
        Y: T.Buffer((32,), "float32"), S: T.Buffer((32,), "uint32"),
        M: T.Buffer((32,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    p = T.cuda.make_float2(A[tx], A[tx] * T.float32(-2.0))
    P[tx] = p
    X[tx] = T.cuda.float2_x(p) + T.cuda.half2float(H[tx])
    Y[tx] = T.cuda.float2_y(p) + T.cuda.bfloat162float(G[tx])
    S[tx] = T.cuda.reduce_add_sync_u32(0xFFFFFFFF, U[tx])
    if tx < 16:  # every lane that executes redux.sync is in its mask
        M[tx] = T.cuda.reduce_min_sync_u32(0x0000FFFF, U[tx])


def test_conversions_packs_and_uint_warp_reductions():
    """half2float / bfloat162float / make_float2 / float2_x / float2_y /
    reduce_{add,min}_sync_u32 against NumPy in the simulator, and the PTX
    instructions they are built on."""
    import numpy as np
    from tirx import sim

    rng = np.random.default_rng(7)
    a = rng.standard_normal(32).astype(np.float32)
    a[0] = -0.0  # the sign bit in the low word must not spill into the high
    h = rng.standard_normal(32).astype(np.float16)
    g32 = rng.standard_normal(32).astype(np.float32)
    g = (g32.view(np.uint32) >> 16).astype(np.uint16)  # bfloat16 bits
    u = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    u[3] = 0xFFFFFFFF
    p = np.zeros(32, np.uint64)
    x = np.zeros(32, np.float32)
    y = np.zeros(32, np.float32)
    s = np.zeros(32, np.uint32)
    m = np.zeros(32, np.uint32)
    sim.run(_conversions_and_warp_reductions, a, h, g, u, p, x, y, s, m)
    bits_lo = a.view(np.uint32).astype(np.uint64)
    bits_hi = (a * np.float32(-2.0)).view(np.uint32).astype(np.uint64)
    np.testing.assert_array_equal(p, (bits_hi << np.uint64(32)) | bits_lo)
    np.testing.assert_array_equal(x, a + h.astype(np.float32))
    g_f32 = (g.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(y, a * np.float32(-2.0) + g_f32)
    assert (s == np.uint32(int(u.astype(np.uint64).sum()) % 2**32)).all()
    np.testing.assert_array_equal(m[:16], np.full(16, u[:16].min(), np.uint32))
    assert (m[16:] == 0).all()

    ptx = compile_ptx(_conversions_and_warp_reductions)
    assert "redux.sync.add.s32" in ptx  # add is the same bits signed or not
    assert "redux.sync.min.u32" in ptx
    assert "cvt.f32.f16" in ptx and "cvt.f32.bf16" in ptx


@T.prim_func
def _bf16_packs(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"),
                P: T.Buffer((32,), "uint32"), Q: T.Buffer((32,), "uint32"),
                W: T.Buffer((32,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    P[tx] = T.cuda.float22bfloat162_rn(A[tx], B[tx])
    Q[tx] = T.cuda.float22bfloat162_rn_from_float2(T.cuda.make_float2(A[tx], B[tx]))
    W[tx] = T.cuda.bfloat1622float2(P[tx])


def test_bfloat16_pair_packs_round_to_nearest_even():
    """float22bfloat162_rn / _from_float2 / bfloat1622float2 against a NumPy
    round-to-nearest-even, ties included, in the simulator; cvt.rn.bf16 in
    the PTX."""
    import numpy as np
    from tirx import sim

    rng = np.random.default_rng(3)
    a = rng.standard_normal(32).astype(np.float32)
    b = (rng.standard_normal(32) * 1e3).astype(np.float32)
    # exact ties: even (rounds down) and odd (rounds up) last kept bits
    a[:4] = np.array([0x3F808000, 0x3F818000, 0xBF808000, 0x40490FDB],
                     np.uint32).view(np.float32)

    def rne(x):
        u = x.view(np.uint32).astype(np.uint64)
        return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint32)

    p = np.zeros(32, np.uint32)
    q = np.zeros(32, np.uint32)
    w = np.zeros(32, np.uint64)
    sim.run(_bf16_packs, a, b, p, q, w)
    want = (rne(b) << np.uint32(16)) | rne(a)
    np.testing.assert_array_equal(p, want)
    np.testing.assert_array_equal(q, want)
    assert [hex(x) for x in p[:3] & 0xFFFF] == ["0x3f80", "0x3f82", "0xbf80"]
    lo = (p & np.uint32(0xFFFF)).astype(np.uint64) << np.uint64(16)
    hi = (p >> np.uint32(16)).astype(np.uint64) << np.uint64(16)
    np.testing.assert_array_equal(w, (hi << np.uint64(32)) | lo)
    ptx = compile_ptx(_bf16_packs)
    assert "cvt.rn.bf16.f32" in ptx


@T.prim_func
def _ldg(A: T.Buffer((128,), "float32"), U: T.Buffer((32,), "uint32"),
         B: T.Buffer((64,), "float32"), C: T.Buffer((32,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    v = T.alloc_local([4], "float32")
    T.cuda.ldg(A[tx * 4], "float32", dst=[v[0], v[1], v[2], v[3]], vec="v4")
    B[tx] = T.cuda.ldg(A[127 - tx], "float32")
    B[32 + tx] = v[0] - v[1] + v[2] * v[3]
    C[tx] = T.cuda.ldg(U[tx], "uint32") + T.uint32(1)


def test_ldg_scalar_and_vector_through_the_read_only_path():
    import numpy as np
    from tirx import sim

    a = np.arange(128, dtype=np.float32) * np.float32(0.5)
    u = np.arange(32, dtype=np.uint32) * np.uint32(0x01000001)
    b = np.zeros(64, np.float32)
    c = np.zeros(32, np.uint32)
    sim.run(_ldg, a, u, b, c)
    np.testing.assert_array_equal(b[:32], a[::-1][:32])
    q = a.reshape(32, 4)
    np.testing.assert_array_equal(b[32:], q[:, 0] - q[:, 1] + q[:, 2] * q[:, 3])
    np.testing.assert_array_equal(c, u + np.uint32(1))
    ptx = compile_ptx(_ldg)
    assert "ld.global.nc.v4.f32" in ptx and "ld.global.nc.f32" in ptx
    assert "ld.global.nc.u32" in ptx


@pytest.mark.parametrize("body,message", [
    ("T.cuda.ldg(S[0], 'float32')", "reads global memory"),
    ("T.cuda.ldg(A[0], 'int32')", "of int32 through a pointer to float32"),
    ("T.cuda.ldg(A[0], 'float32', vec='v4')", "needs dst"),
    ("T.cuda.ldg(A[0], 'float32', dst=[A[1]], vec='v4')", "needs 4 destinations"),
    ("T.cuda.ldg(A[0], 'float32', dst=[A[1], A[2]], vec='v3')", "'v2' or 'v4'"),
])
def test_ldg_misuse_is_located(body, message):
    from tirx.script import ScriptError, from_source
    src = f'''
@T.prim_func
def k(A: T.Buffer((8,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    S = T.alloc_buffer([8], "float32", scope="shared")
    {body}
'''
    with pytest.raises(ScriptError, match=message) as e:
        from_source(src)
    assert ":7:" in str(e.value) or "line 7" in str(e.value) or "7 |" in str(e.value)


@T.prim_func
def _conversions(S: T.Buffer((8,), "float32"), H: T.Buffer((8,), "float16"),
                 F: T.Buffer((8,), "float32"), G: T.Buffer((8,), "float16"),
                 D: T.Buffer((2,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    T.cuda.float22half2(G, S)
    T.cuda.float8tohalf8(S.ptr_to([0]), H)
    T.cuda.half8tofloat8(H, F)
    T.cuda.runtime_instr_desc(D, 2)
    T.cuda.runtime_instr_desc(D.ptr_to([1]), D[0] >> 29)


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_conversion_and_descriptor_helpers(level):
    from tirx import sim
    s = np.array([1.0, 2.5, 65520.0, -1e-8, 3.0, 1 / 3, 5.0, 6.0], np.float32)
    h = np.zeros(8, np.float16)
    f = np.zeros(8, np.float32)
    g = np.zeros(8, np.float16)
    d = np.array([0xFFFFFFFF, 0x12345678], np.uint32)
    sim.run(_conversions, s, h, f, g, d, level=level)
    # float22half2: the first two, rounded to nearest even
    assert g.tolist() == [1.0, 2.5, 0, 0, 0, 0, 0, 0]
    # float8tohalf8 then half8tofloat8: f16's rounding (65520 overflows
    # to inf, 1e-8 underflows to -0, 1/3 to the nearest half)
    with np.errstate(over="ignore"):
        want = s.astype(np.float16)
    np.testing.assert_array_equal(h, want)
    np.testing.assert_array_equal(f, want.astype(np.float32))
    assert np.isinf(f[2]) and np.signbit(f[3])
    # sf_id 2 into bits 4-5 and 29-30, the other bits kept; the second
    # from a runtime value (0xDFFFFFEF >> 29 = 6, its two bits 2)
    assert [hex(int(x)) for x in d] == ["0xdfffffef", "0x52345668"]


def test_runtime_instr_desc_takes_a_two_bit_id():
    with pytest.raises(ScriptError, match=r"sf_id is a 2-bit field \(0 \.\.\. 3\), got 4"):
        @T.prim_func
        def k(D: T.Buffer((1,), "uint32")):
            T.device_entry()
            T.thread_id([1])
            T.cuda.runtime_instr_desc(D, 4)


@T.prim_func
def _trap(A: T.Buffer((2,), "float32")):
    T.device_entry()
    T.thread_id([1])
    T.cuda.trap_when_assert_failed(A[0] < 100.0)  # TRAP
    A[1] = A[0]


def test_trap_when_assert_failed_traps_only_when_false():
    from tirx import sim
    a = np.array([1.0, 0.0], np.float32)
    sim.run(_trap, a)
    assert a[1] == 1.0
    a = np.array([1000.0, 0.0], np.float32)
    with pytest.raises(Exception, match=r"executes 'trap': the kernel aborts") as e:
        sim.run(_trap, a)
    assert f"{line_of('# TRAP')}" in str(e.value)
    ptx = compile_ptx(_trap)
    assert "trap;" in ptx


def test_trap_when_assert_failed_on_a_static_condition():
    with pytest.raises(ScriptError, match="the condition is false while compiling"):
        @T.prim_func
        def k(A: T.Buffer((1,), "float32")):
            T.device_entry()
            T.thread_id([1])
            T.cuda.trap_when_assert_failed(False)


@T.prim_func
def _wait(flag: T.Buffer((1,), "uint32"), data: T.Buffer((1,), "int32"),
          out: T.Buffer((2,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    if tx == 32:
        data[0] = 42
        T.ptx["st.release.gpu.global.u32"](flag.ptr_to([0]), T.uint32(1))
    if tx == 0:
        v = T.local_scalar("uint32")
        T.cuda.wait_until(v, flag.ptr_to([0]), lambda x: x == 1, backoff_ns=20)
        out[0] = data[0]
        out[1] = T.cast(v, "int32")


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_wait_until_polls_relaxed_and_closes_with_acquire(level):
    from tirx import sim
    o = np.zeros(2, np.int32)
    sim.run(_wait, np.zeros(1, np.uint32), np.zeros(1, np.int32), o, level=level)
    assert o.tolist() == [42, 1]
    if level == "ir":
        ptx = compile_ptx(_wait, sync=True)
        loads = [l.split()[0] for l in ptx.splitlines() if "[%rd1]" in l and "ld." in l]
        assert loads == ["ld.relaxed.gpu.global.u32"] * 2 + ["ld.acquire.gpu.global.u32"]
        assert "nanosleep.u32" in ptx


@pytest.mark.parametrize("kwargs,message", [
    (dict(space="shared"), "belongs on an mbarrier"),
    (dict(scope="warp"), "scope must be one of"),
    (dict(ptx_type="b128"), "does not take a 128-bit word"),
    (dict(ptx_type="u64"), "is not the width of the uint32 word"),
])
def test_wait_until_rejects_what_it_cannot_wait_on(kwargs, message):
    with pytest.raises(ScriptError, match=message):
        @T.prim_func
        def k(flag: T.Buffer((1,), "uint32")):
            T.device_entry()
            T.thread_id([1])
            v = T.local_scalar("uint32")
            T.cuda.wait_until(v, flag.ptr_to([0]), lambda x: x == 1, **kwargs)


def test_wait_until_needs_a_callable_predicate():
    with pytest.raises(ScriptError, match="must be a callable of the polled value"):
        @T.prim_func
        def k(flag: T.Buffer((1,), "uint32")):
            T.device_entry()
            T.thread_id([1])
            v = T.local_scalar("uint32")
            T.cuda.wait_until(v, flag.ptr_to([0]), v == 1)


@T.prim_func
def _mma_store(A: T.Buffer((16, 24), "float32"), F: T.Buffer((8,), "float32"),
               B: T.Buffer((20, 40), "int32"), stride: T.int32):
    T.device_entry()
    lane = T.thread_id([32])
    acc = T.alloc_local([8], "float32")
    T.cuda.mma_fill(8, acc, 0, dtype="float32")
    for k in range(8):
        acc[k] = acc[k] + T.float32(lane * 8 + k)
    T.cuda.mma_store(16, 16, A, acc, 0, 24, dtype="float32")
    iacc = T.alloc_local([10], "int32")
    for k in range(8):
        iacc[k + 2] = lane * 8 + k
    # a dynamic stride, a destination element and a source offset
    T.cuda.mma_store_legacy(16, 16, B.ptr_to([2, 3]), iacc, 2, stride, dtype="int32")
    if lane == 0:
        T.cuda.mma_fill_legacy(4, F, 2, dtype="float32")


def _fragment_owner(i, j):
    """Lane and element of the 16x16 mma.sync accumulator tile's (i, j):
    the original's shared_16x16_to_ldmatrix_32x8_layout."""
    return 4 * (i % 8) + (j % 8) // 2, 4 * (j // 8) + 2 * (i // 8) + j % 2


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_mma_store_and_fill(level):
    from tirx import sim
    a = np.full((16, 24), -1, np.float32)
    f = np.arange(8, dtype=np.float32) + 1
    b = np.full((20, 40), -1, np.int32)
    sim.run(_mma_store, a, f, b, 40, level=level)
    want = np.full((16, 24), -1, np.float32)
    want_b = np.full((20, 40), -1, np.int32)
    for i in range(16):
        for j in range(16):
            lane, k = _fragment_owner(i, j)
            want[i, j] = lane * 8 + k
            want_b[2 + i, 3 + j] = lane * 8 + k
    np.testing.assert_array_equal(a, want)
    np.testing.assert_array_equal(b, want_b)
    assert f.tolist() == [1, 2, 0, 0, 0, 0, 7, 8]


def test_mma_store_compiles():
    ptx = compile_ptx(_mma_store)
    # 8 + 8 stores of the two tiles, 4 of the fill (the local fragments
    # live in registers)
    assert ptx.count("st.global.b32") == 20 and "st.local" not in ptx


def _located_error(params, body, message, threads=32):
    """Parsing a kernel whose last line is `body` fails with `message`,
    located at that line."""
    from tirx.script import from_source
    lines = ["@T.prim_func", f"def k({params}):", "    T.device_entry()",
             f"    T.thread_id([{threads}])", *("    " + b for b in body)]
    with pytest.raises(ScriptError, match=message) as e:
        from_source("\n".join(lines) + "\n")
    assert f"{len(lines)} |" in str(e.value)


@pytest.mark.parametrize("call, message", [
    ("T.cuda.mma_store(16, 8, A, acc, 0, 16, dtype='float32')",
     r"stores a 16x16 tile; m=16, n=8 is not supported"),
    ("T.cuda.mma_store(16, 16, A, acc, 0, 8, dtype='float32')",
     r"dst_stride is at least 16 \(a row of the tile\), got 8"),
    ("T.cuda.mma_store(16, 16, A, acc, 0, 16)", r"mma_store needs dtype="),
    ("T.cuda.mma_store(16, 16, A, acc, 0, 16, dtype='float16')",
     r"mma_store of float16 through a pointer to float32"),
    ("T.cuda.mma_fill(0, acc, 0, dtype='float32')",
     r"local_size is a positive Python integer, got 0"),
    ("T.cuda.grid_sync()", r"T.cuda.grid_sync is not provided: a grid-wide "
     r"barrier needs a cooperative launch"),
    ("T.cuda.func_call('f', source_code='')",
     r"T.cuda.func_call is not provided: it calls a function written in CUDA C"),
])
def test_mma_helpers_reject(call, message):
    _located_error("A: T.Buffer((16, 16), 'float32')",
                   ["acc = T.alloc_local([8], 'float32')", call], message)


def test_unprovided_helpers_are_absent():
    assert not hasattr(T.cuda, "grid_sync") and not hasattr(T.cuda, "func_call")
    assert hasattr(T.cuda, "mma_store_legacy") and hasattr(T.cuda, "mma_fill")


@T.prim_func
def _noop_barrier(A: T.Buffer((4,), "float32"), U: T.Buffer((2,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    acc = T.local_scalar("float32")
    acc = A[0] * 2.0
    T.cuda.wgmma.noop_barrier(acc)
    A[1] = acc + 1.0
    U[1] = U[0] + 5
    T.cuda.wgmma.noop_barrier(U[1])
    A[2] = T.register_barrier(A[0]) + 3.0


def test_wgmma_noop_barrier_pins_and_keeps_the_value():
    from tirx import sim
    assert len(ops(_noop_barrier, "tirx.register_barrier")) == 3
    ptx = compile_ptx(_noop_barrier)
    # no instruction: the values flow through unchanged
    assert "st.global.f32" in ptx or "st.global.b32" in ptx
    for level in ("ir", "ptx"):
        a = np.array([1.5, 0, 0, 0], np.float32)
        u = np.array([7, 0], np.uint32)
        sim.run(_noop_barrier, a, u, level=level)
        assert a.tolist() == [1.5, 4.0, 4.5, 0] and u.tolist() == [7, 12]


def test_register_barrier_prints_and_reparses():
    from tirx.script import from_source
    text = _noop_barrier.script()
    assert text.count("T.register_barrier(") == 3
    again = from_source(text)
    assert again.script() == text
    assert len(ops(again, "tirx.register_barrier")) == 3


@pytest.mark.parametrize("body, message", [
    ("T.cuda.wgmma.noop_barrier(A[0] + 1.0)",
     r"pins a variable or a buffer element \(it is read and written back\)"),
    ("T.cuda.wgmma.noop_barrier(H[0])",
     r"pins a 32- or 64-bit register \(int32, uint32, float32, int64, uint64, "
     r"float64\), got float16"),
])
def test_noop_barrier_misuse_is_located(body, message):
    _located_error("A: T.Buffer((4,), 'float32'), H: T.Buffer((4,), 'float16')",
                   [body], message, threads=1)
