"""Layouts in script (docs/Layouts.md): TileLayout / ComposeLayout / S / R /
axes, buffers with layouts (alloc_buffer, decl_buffer, match_buffer,
view, sub, elem_offset_of, local), register fragments, and printing them
back; each construct parses, prints, round-trips and reports a bad use at
the user's line."""

import numpy as np
import pytest

from tirx import layout as L
from tirx.script import ScriptError, from_source, structural_equal
from tirx.script import tile as Tx
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops

sim = pytest.importorskip("tirx.sim", reason="the CPU simulator is not in this build")


# -- the layout values ----------------------------------------------------------

def test_tile_layout_text_and_apply():
    lay = L.TileLayout(L.S[(2, 8, 4, 2):(2, 4 @ L.laneid, 1 @ L.laneid, 1)])
    assert lay.mlir == "#tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>"
    # element (row 9, col 5) of the m16n8 accumulator: lane 4 * 1 + 2, reg 2 + 1
    assert lay.apply(9, 5, shape=(16, 8)) == {"m": 3, "laneid": 6}
    assert lay.size() == 128 and lay.span() == 4 and lay.span("laneid") == 32
    assert lay.has_thread_axes() and lay.storage().span() == 4


def test_replica_offset_and_extents_only():
    lay = L.TileLayout(L.S[8, 4] + L.R[2:4 @ L.warpid] + 5 @ L.warpid + 3)
    assert lay.mlir == "#tirx.layout<S[(8, 4):(4, 1)] + R[2:4@warpid] + 3 + 5@warpid>"
    assert lay.apply(6) == {"m": 1 * 4 + 2 + 3, "warpid": 5}


def test_compose_layout_is_the_cute_swizzle():
    lay = L.ComposeLayout(3, 3, 3, L.TileLayout(L.S[64, 64]))
    assert lay.mlir == "#tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>"
    for r, c in [(0, 0), (1, 8), (5, 17), (63, 63)]:
        x = r * 64 + c
        want = x ^ ((x >> 3) & (7 << 3))
        assert lay.apply(r, c, shape=(64, 64))["m"] == want
    assert lay.span() == 4096 and lay.is_swizzle()


def test_parse_layout_round_trips_the_printed_forms():
    for lay in [L.TileLayout(L.S[(2, 8, 4, 2):(2, 4 @ L.laneid, 1 @ L.laneid, 1)]),
                L.TileLayout(L.S[16:1] + L.R[4:1 @ L.laneid]),
                L.TileLayout(L.S[(128, 64):(1 @ L.TLane, 1 @ L.TCol)]),
                L.ComposeLayout(2, 3, 3, L.TileLayout(L.S[32, 64]))]:
        assert L.parse_layout(lay.mlir) == lay
        assert lay.verify_well_formed()


@pytest.mark.parametrize("build,msg", [
    (lambda: L.TileLayout(L.S[(8, 4):(1,)]), "2 extents but 1 strides"),
    (lambda: L.TileLayout(L.S[8:-1]), "strides must be non-negative"),
    (lambda: L.Axis.get("pid"), "unknown layout axis 'pid'"),
    (lambda: L.Axis.P, "Trainium axis"),
    (lambda: L.ComposeLayout(3, 3, 2, L.TileLayout(L.S[64])), "atom_len >= swizzle_len"),
    (lambda: L.ComposeLayout(3, 3, 3, L.TileLayout(L.S[64]), False), "swizzle_inner=False"),
    (lambda: L.ComposeLayout(0, 1, 1, L.TileLayout(L.S[(4, 4):(1 @ L.laneid, 1 @ L.warpid)])),
     "needs the memory axis"),
    (lambda: L.tmem_datapath_layout("D", 64, 32), "has 128 rows"),
])
def test_bad_layouts_are_errors(build, msg):
    with pytest.raises(L.LayoutError, match=msg):
        build()


def test_factories_match_the_hardware_fragments():
    acc = L.wgmma_acc_layout(64)
    # warp 1, lane 4*3 + 2 holds rows 16 + 3 and 16 + 11, columns 8q + 4, 8q + 5
    for q in range(8):
        for dr in (0, 8):
            for dc in (0, 1):
                p = acc.apply(16 + 3 + dr, 8 * q + 4 + dc, shape=(64, 64))
                assert p["wid_in_wg"] == 1 and p["laneid"] == 14
    d = L.tmem_datapath_layout("F", 64, 32, sub_slab=1)
    assert d.apply(17, 3, shape=(64, 32)) == {"TLane": 32 + 16 + 1, "TCol": 3}
    assert L.wg_local_layout(8).apply(5, 3, shape=(128, 8)) == {"tid_in_wg": 5, "m": 3}


# -- buffers with layouts in script ------------------------------------------------

def test_alloc_with_layouts_prints_and_round_trips():
    @T.prim_func
    def k(A: T.Buffer((64, 64), "float16")):
        T.device_entry()
        T.thread_id([128])
        S = T.alloc_buffer((64, 64), "float16", scope="shared",
                           layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[64, 64])))
        F = T.alloc_buffer((16, 8), "float32", scope="local",
                           layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ T.Axis.laneid,
                                                                  1 @ T.Axis.laneid, 1)]))
        Tx.cta.copy(S, A)
        T.cuda.cta_sync()
        Tx.warp.fill(F, 0.0)

    (s, f) = ops(k, "tirx.alloc_buffer")
    assert "swizzle<3, 3, 3>" in str(s.results[0].type)
    assert "4@laneid" in str(f.results[0].type)
    text = k.script()
    assert "layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[(64, 64):(64, 1)]))" in text
    assert "4 @ T.Axis.laneid" in text
    assert structural_equal(from_source(text), k)
    compile_ptx(k)


def test_layout_of_the_wrong_size_is_an_error_at_its_line():
    src = '''
from tirx.script import tirx as T

@T.prim_func
def k():
    T.device_entry()
    T.thread_id([32])
    S = T.alloc_buffer((64,), "float32", scope="shared", layout=T.TileLayout(T.S[32]))
'''
    with pytest.raises(ScriptError, match="layout covers 32 elements but the buffer has 64") as e:
        from_source(src)
    assert e.value.line == 8


def test_thread_axis_in_shared_memory_is_an_error():
    with pytest.raises(ScriptError, match="layout axis 'laneid' is not allowed in a 'shared' buffer") as e:
        @T.prim_func
        def k():
            T.device_entry()
            T.thread_id([32])
            T.alloc_buffer((32,), "float32", scope="shared",
                           layout=T.TileLayout(T.S[32:1 @ T.Axis.laneid]))  # bad-axis
    assert e.value.line == line_of("# bad-axis") - 1


def test_view_sub_and_elem_offset_of_run_in_the_simulator():
    @T.prim_func
    def k(src: T.Buffer((1024,), "int32"), out: T.Buffer((4, 4), "int32")):
        T.device_entry()
        T.thread_id([1])
        dst = T.alloc_local((4, 4), "int32")
        blk = src.view(1024 // 64, 4, 4, 4).sub[3, :, 1, :]
        Tx.copy(dst[:, :], blk[:, :])
        for i in T.unroll(4):
            for j in T.unroll(4):
                out[i, j] = dst[i, j]
        out[0, 0] = blk.elem_offset_of([1, 2])

    (d,) = [o for o in ops(k, "tirx.decl_buffer")]
    assert "strided<[16, 1], offset: 196>" in str(d.results[0].type)
    src = np.arange(1024, dtype=np.int32)
    out = np.zeros((4, 4), np.int32)
    sim.run(k, src, out)
    want = src.reshape(16, 4, 4, 4)[3, :, 1, :].copy()
    want[0, 0] = 16 + 2
    assert np.array_equal(out, want)
    assert structural_equal(from_source(k.script()), k)


def test_sub_of_a_tile_layout_keeps_the_swizzle():
    @T.prim_func
    def k(A: T.Buffer((64, 64), "float16"), B: T.Buffer((32, 64), "float16")):
        T.device_entry()
        T.thread_id([128])
        S = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024,
                           layout=T.ComposeLayout(3, 3, 3, T.TileLayout(T.S[64, 64])))
        Tx.cta.copy(S, A)
        T.cuda.cta_sync()
        Tx.cta.copy(B, S.sub[32:64, :])

    (d,) = ops(k, "tirx.decl_buffer")
    assert "S[(32, 64):(64, 1)] + 2048, swizzle<3, 3, 3>" in str(d.results[0].type)
    a = (np.arange(64 * 64) % 977).astype(np.float16).reshape(64, 64)
    b = np.zeros((32, 64), np.float16)
    sim.run(k, a, b)
    assert np.array_equal(b, a[32:])
    assert structural_equal(from_source(k.script()), k)


def test_local_view_of_a_fragment():
    @T.prim_func
    def k(out: T.Buffer((32, 4), "float32")):
        T.device_entry()
        lane = T.thread_id([32])
        F = T.alloc_buffer((16, 8), "float32", scope="local",
                           layout=T.TileLayout(T.S[(2, 8, 4, 2):(2, 4 @ T.Axis.laneid,
                                                                  1 @ T.Axis.laneid, 1)]))
        Tx.warp.fill(F, 2.0)
        regs = F.local()
        for i in T.unroll(4):
            out[lane, i] = regs[i] + T.float32(i)

    assert "tirx.tile.local_view" in str(k)
    out = np.zeros((32, 4), np.float32)
    sim.run(k, out)
    assert np.array_equal(out, np.tile(np.arange(4, dtype=np.float32) + 2, (32, 1)))
    assert ".local()" in k.script()


def test_tmem_buffer_from_allocated_addr():
    @T.prim_func
    def k():
        T.device_entry()
        T.thread_id([128])
        slot = T.alloc_buffer((1,), "uint32", scope="shared")
        addr = slot[0]
        acc = T.decl_buffer((128, 64), "float32", scope="tmem", allocated_addr=addr,
                            layout=T.TileLayout(T.S[(128, 64):(1 @ T.Axis.TLane,
                                                              1 @ T.Axis.TCol)]))
        T.evaluate(acc.data)

    (d,) = ops(k, "tirx.decl_buffer")
    assert "tmem, #tirx.layout<S[(128, 64):(1@TLane, 1@TCol)]>" in str(d.results[0].type)


def test_register_fragment_helpers():
    @T.prim_func
    def k():
        T.device_entry()
        T.thread_id([128])
        a = T.wg_reg_tile(16)
        b = T.alloc_cast_frag(a, "float16")
        Tx.wg.fill(a, 1.0)
        Tx.wg.cast(b, a)

    types = [str(o.results[0].type) for o in ops(k, "tirx.alloc_buffer")]
    assert types[0].startswith("!tirx.buffer<128x16xf32, local, #tirx.layout<S[(128, 16):(1@tid_in_wg, 1)]>")
    assert types[1].startswith("!tirx.buffer<128x16xf16, local,")
    compile_ptx(k)


def test_store_of_an_int_into_a_float_buffer_converts():
    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = tx * 2

    a = np.zeros(32, np.float32)
    sim.run(k, a)
    assert np.array_equal(a, np.arange(32, dtype=np.float32) * 2)
