"""The table-generated PTX ops (TIRx_PTXTableOp) from script: the integer
bit-manipulation family against NumPy in the simulator, in both spellings
(T.ptx.<op>(...) and the original's T.ptx["..."](dst, ...)); st.bulk and the
cache-control ops compiled through the one inline-PTX pattern; cvta and
isspacep simulated, compiled and printed; and the
errors of a fixed (`lit`) operand and of a width the table lacks."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _bits(A: T.Buffer((32,), "uint32"), B: T.Buffer((32,), "uint32"),
          O: T.Buffer((32, 9), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    O[tx, 0] = T.ptx.brev(A[tx])
    O[tx, 1] = T.ptx.popc(A[tx])
    O[tx, 2] = T.ptx.bfind(A[tx], sign="u")
    O[tx, 3] = T.ptx.prmt(A[tx], B[tx], T.uint32(0x5140))
    O[tx, 4] = T.ptx.lop3(A[tx], B[tx], T.uint32(0xFF00FF00), lut=0xE8)
    r = T.alloc_local((1,), "uint32")
    T.ptx["bfe.u32"](r[0], A[tx], T.uint32(4), T.uint32(8))
    O[tx, 5] = r[0]
    T.ptx["shf.l.wrap.b32"](r[0], A[tx], B[tx], T.uint32(8))
    O[tx, 6] = r[0]
    T.ptx["prmt.b32.ecl"](r[0], A[tx], B[tx], T.uint32(2))
    O[tx, 7] = r[0]
    O[tx, 8] = T.ptx.clz(A[tx])


def _bytes(x):
    return [(int(x) >> (8 * i)) & 0xFF for i in range(4)]


def _prmt_default(a, b, sel):
    src = _bytes(a) + _bytes(b)
    out = 0
    for i in range(4):
        nib = (sel >> (4 * i)) & 0xF
        v = src[nib & 7]
        if nib & 8:
            v = 0xFF if v & 0x80 else 0
        out |= v << (8 * i)
    return out


def test_integer_bits_against_numpy():
    rng = np.random.default_rng(11)
    a = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    a[0], a[1] = 0, 0x80000000
    o = np.zeros((32, 9), np.uint32)
    sim.run(_bits, a, b, o)
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        assert o[i, 0] == int(f"{x:032b}"[::-1], 2)
        assert o[i, 1] == bin(x).count("1")
        assert o[i, 2] == (x.bit_length() - 1 if x else 0xFFFFFFFF)
        assert o[i, 3] == _prmt_default(x, y, 0x5140)
        # 0xE8 is the majority function of the three inputs
        z = 0xFF00FF00
        assert o[i, 4] == (x & y) | (x & z) | (y & z)
        assert o[i, 5] == (x >> 4) & 0xFF
        assert o[i, 6] == ((y << 8) | (x >> 24)) & 0xFFFFFFFF
        src = _bytes(x) + _bytes(y)  # ecl, selector 2: bytes 3 2 2 2
        assert o[i, 7] == src[2] | src[2] << 8 | src[2] << 16 | src[3] << 24
        assert o[i, 8] == 32 - x.bit_length()
    ptx = compile_ptx(_bits)
    for instr in ("brev.b32", "popc.b32", "bfind.u32", "prmt.b32 ",
                  "lop3.b32", "bfe.u32", "shf.l.wrap.b32", "prmt.b32.ecl",
                  "clz.b32"):
        assert instr in ptx, instr


def test_bulk_zero_and_cache_control_compile_for_sm100():
    @T.prim_func
    def k(A: T.Buffer((128,), "float32"), P: T.Buffer((1,), "int64")):
        T.device_entry()
        tx = T.thread_id([128])
        s = T.alloc_shared((128,), "float32")
        s[tx] = A[tx]
        T.cuda.cta_sync()
        if tx == 0:
            T.ptx["st.bulk.weak.shared::cta"](s.ptr_to([64]), T.int64(256), 0)
            T.ptx.applypriority(A.ptr_to([0]))
            P[0] = T.ptx.createpolicy.fractional(primary="evict_last")
            T.ptx.discard(A.ptr_to([32]))
            T.ptx.prefetchu(T.reinterpret(T.handle("float32", "generic"),
                                          A.ptr_to([0])))
        T.cuda.cta_sync()
        A[tx] = s[tx]

    ptx = compile_ptx(k, arch="sm_100a")
    assert "st.bulk.weak.shared::cta [" in ptx and "], %rd" in ptx
    assert "applypriority.global.L2::evict_normal [" in ptx
    assert "createpolicy.fractional.L2::evict_last.b64" in ptx
    assert "discard.global.L2 [" in ptx
    assert "prefetchu.L1 [" in ptx
    a = np.arange(128, dtype=np.float32)
    p = np.zeros(1, np.int64)
    sim.run(k, a, p)
    assert p[0] != 0  # an opaque policy
    expected = np.arange(128, dtype=np.float32)
    expected[64:128] = 0
    np.testing.assert_array_equal(a, expected)


def test_a_fixed_operand_takes_only_its_literal():
    with pytest.raises(ScriptError, match=r"this operand can only be the literal 0, got 1"):
        @T.prim_func
        def k(A: T.Buffer((128,), "float32")):
            T.device_entry()
            T.thread_id([128])
            s = T.alloc_shared((128,), "float32")
            T.ptx["st.bulk.weak.shared::cta"](s.ptr_to([0]), T.int64(256), 1)


def test_a_width_the_table_lacks_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(A: T.Buffer((32,), "uint16"), O: T.Buffer((32,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            O[tx] = T.ptx.popc(A[tx])  # POPC16
    text = str(err.value)
    assert "has no PTX variant with a : i16" in text
    assert "`popc.b32`" in text and "`popc.b64`" in text
    assert f":{line_of('# POPC16')}:" in text


@T.prim_func
def _ffs(A: T.Buffer((32,), "uint32"), O: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    O[tx] = T.cuda.ffs_u32(A[tx])


def test_ffs_u32_matches_cuda_ffs():
    """T.cuda.ffs_u32 is __ffs: 1 + the trailing-zero count, 0 for 0."""
    rng = np.random.default_rng(5)
    a = rng.integers(0, 2**32, 32, dtype=np.uint64).astype(np.uint32)
    a[:4] = [0, 1, 0x80000000, 0x00010000]
    o = np.zeros(32, np.int32)
    sim.run(_ffs, a, o)
    want = [(int(x) & -int(x)).bit_length() for x in a]
    np.testing.assert_array_equal(o, np.array(want, np.int32))
    assert list(o[:4]) == [0, 1, 32, 17]
    ptx = compile_ptx(_ffs)
    assert "brev.b32" in ptx and "bfind.shiftamt.u32" in ptx


def test_cvta_and_isspacep_in_both_spellings():
    # A shared address to its window and back (canonical spelling), then
    # back again in the original's; isspacep tells shared from global.
    @T.prim_func
    def k(O: T.Buffer((4,), "int32")):
        T.device_entry()
        T.thread_id([1])
        s = T.alloc_shared((1,), "int32")
        g = T.reinterpret("int64", s.ptr_to([0]))
        w = T.ptx.cvta.to(g, space="shared.cta")
        r = T.alloc_local((1,), "int64")
        T.ptx["cvta.shared::cta.u64"](r[0], w)
        p = T.reinterpret(T.handle("int32", "shared"), r[0])
        b = T.decl_buffer((1,), "int32", data=p, scope="shared")
        b[0] = 7
        O[0] = s[0]
        O[1] = T.cast(T.ptx.isspacep(g, space="shared"), "int32")
        O[2] = T.cast(T.ptx.isspacep(g, space="global"), "int32")
        og = T.reinterpret("int64", O.ptr_to([0]))
        O[3] = T.cast(T.ptx.isspacep(og, space="global"), "int32")

    o = np.zeros(4, np.int32)
    sim.run(k, o)
    assert o.tolist() == [7, 1, 0, 1]
    # The PTX level's windows are distinct from the generic space (a
    # missing cvta would fault there): the same results.
    o = np.zeros(4, np.int32)
    sim.run(k, o, level="ptx")
    assert o.tolist() == [7, 1, 0, 1]
    ptx = compile_ptx(k)
    for instr in ("cvta.to.shared::cta.u64", "cvta.shared::cta.u64",
                  "isspacep.shared", "isspacep.global"):
        assert instr in ptx, instr
    text = k.script()
    assert "T.ptx.cvta.to(" in text and "T.ptx.cvta(" in text
    assert from_source(text).script() == text


def test_cvta_of_the_cluster_window_needs_sm90():
    @T.prim_func
    def k(O: T.Buffer((1,), "int64")):
        T.device_entry()
        T.thread_id([1])
        s = T.alloc_shared((1,), "int32")
        g = T.reinterpret("int64", s.ptr_to([0]))
        O[0] = T.ptx.cvta.to(g, space="shared.cluster")  # CLUSTERWIN

    with pytest.raises(ScriptError) as err:
        compile_ptx(k, arch="sm_80")
    text = str(err.value)
    assert "'cvta.to.shared::cluster.u64' requires sm_90 or newer" in text
    assert f":{line_of('# CLUSTERWIN')}:" in text
