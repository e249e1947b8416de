"""tirx.ptx.cp.reduce.async.bulk (non-tensor) from script: four CTAs add
their shared rows into one global row at once (s2g), a signed min through
the PTX-text spelling, a peer-CTA reduction (s2s) completing on the peer's
mbarrier, each run at both simulator levels; the print round trip; and a
reduction the ISA's grid lacks refused at its line."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _to_global(O: T.Buffer((8,), "float32"), M: T.Buffer((4,), "int32")):
    T.device_entry()
    b = T.cta_id([4])
    tx = T.thread_id([32])
    row = T.alloc_buffer([8], "float32", scope="shared", align=16)
    neg = T.alloc_buffer([4], "int32", scope="shared", align=16)
    if tx < 8:
        row[tx] = T.cast(b + 1, "float32") * T.float32(0.5)
    if tx < 4:
        neg[tx] = 0 - (b * 4 + tx)
    T.ptx.fence.proxy.async_("shared.cta")
    T.ptx.barrier.sync()
    if tx == 0:
        T.ptx.cp.reduce.async_.bulk.s2g(O.ptr_to([0]), row.ptr_to([0]), 32,
                                        op="add", type="f32")
        T.ptx["cp.reduce.async.bulk.global.shared::cta.bulk_group.min.s32"](
            M.ptr_to([0]), neg.ptr_to([0]), 16)
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_s2g_add_and_min_from_four_ctas(level):
    o = np.arange(8, dtype=np.float32)
    m = np.array([3, -1, 100, -50], np.int32)
    sim.run(_to_global, o, m, level=level)
    # Each element gains 0.5 * (1 + 2 + 3 + 4); the min of -(4b + t) over
    # the four CTAs is -(12 + t), unless the element already holds less.
    np.testing.assert_array_equal(o, np.arange(8, dtype=np.float32) + 5.0)
    np.testing.assert_array_equal(m, [-12, -13, -14, -50])


@T.prim_func
def _to_peer(O: T.Buffer((8,), "int32")):
    T.device_entry()
    rank = T.cta_id_in_cluster([2])
    tx = T.thread_id([32])
    box = T.alloc_buffer([4], "int32", scope="shared", align=16)
    src = T.alloc_buffer([4], "int32", scope="shared", align=16)
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    if tx < 4:
        box[tx] = rank * 100 + tx
        src[tx] = (rank + 1) * 10
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
        T.ptx.mbarrier.arrive.expect_tx(bar.ptr_to([0]), 16)
    T.ptx.fence.proxy.async_("shared.cta")
    T.ptx.barrier.cluster.arrive(sem="release", aligned=True)
    T.ptx.barrier.cluster.wait(acquire=True, aligned=True)
    if tx == 0:
        peer = rank ^ 1
        T.ptx.cp.reduce.async_.bulk.s2s(
            T.ptx.mapa(box.ptr_to([0]), peer), src.ptr_to([0]),
            T.ptx.mapa(bar.ptr_to([0]), peer), 16, op="add", type="u32")
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    if tx < 4:
        O[rank * 4 + tx] = box[tx]
    T.ptx.barrier.cluster.arrive(sem="release", aligned=True)
    T.ptx.barrier.cluster.wait(acquire=True, aligned=True)


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_s2s_add_into_the_peer(level):
    o = np.zeros(8, np.int32)
    sim.run(_to_peer, o, level=level)
    # CTA 0's box gains CTA 1's 20, CTA 1's gains CTA 0's 10.
    np.testing.assert_array_equal(o, [20, 21, 22, 23, 110, 111, 112, 113])


def test_compiles_and_prints():
    ptx = compile_ptx(_to_global)
    assert "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32" in ptx
    assert "cp.reduce.async.bulk.global.shared::cta.bulk_group.min.s32" in ptx
    ptx = compile_ptx(_to_peer)
    assert ("cp.reduce.async.bulk.shared::cluster.shared::cta."
            "mbarrier::complete_tx::bytes.add.u32") in ptx
    for k in (_to_global, _to_peer):
        text = k.script()
        assert "T.ptx.cp.reduce.async_.bulk.s" in text
        assert from_source(text).script() == text


def test_a_reduction_off_the_grid_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(O: T.Buffer((4,), "float32")):
            T.device_entry()
            T.thread_id([1])
            s = T.alloc_buffer([4], "float32", scope="shared", align=16)
            T.ptx.cp.reduce.async_.bulk.s2g(  # OFFGRID
                O.ptr_to([0]), s.ptr_to([0]), 16, op="min", type="f32")
    text = str(err.value)
    assert ("'tirx.ptx.cp.reduce.async.bulk.s2g' op has no PTX variant with "
            "op = min, type = f32") in text
    assert f":{line_of('# OFFGRID')}:" in text
