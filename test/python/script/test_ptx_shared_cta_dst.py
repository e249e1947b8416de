"""The `.shared::cta` destination forms (cta_only) of the TMA load and the
bulk copy from script: the PTX-text spelling and the keyword builds the
op with `cta_only`, the compiled PTX holds the `.shared::cta` instruction
(assembled by ptxas for sm_90a and sm_100a), both simulator levels load
the same bytes, and the printer keeps the attribute."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, ops


@T.prim_func
def _load(A: T.Buffer((64,), "float32"), out: T.Buffer((64,), "float32"),
          m: T.TensorMap()):
    T.device_entry()
    tx = T.thread_id([64])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    tile = T.alloc_buffer([64], "float32", scope="shared", align=128)
    copy = T.alloc_buffer([64], "float32", scope="shared", align=128)
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
        T.ptx.fence.proxy.async_("shared.cta")
    T.cuda.cta_sync()  # the init before the other threads' waits
    if tx == 0:
        T.ptx.mbarrier.arrive.expect_tx(bar.ptr_to([0]), 512)
        T.ptx["cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes"](
            tile.data, m, 0, 0, bar.ptr_to([0]))
        T.ptx.cp.async_.bulk.g2s(copy.data, A.data, bar.ptr_to([0]), 256, cta_only=True)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    out[tx] = tile[tx] + copy[tx] * 1000.0


def test_both_spellings_build_cta_only():
    loads = ops(_load, "tirx.ptx.cp.async.bulk.tensor.load")
    copies = ops(_load, "tirx.ptx.cp.async.bulk.g2s")
    assert len(loads) == 1 and "cta_only" in loads[0].attributes
    assert len(copies) == 1 and "cta_only" in copies[0].attributes


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100a"])
def test_compiles_to_the_shared_cta_forms(arch):
    ptx = compile_ptx(_load, arch=arch)
    assert "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes" in ptx
    assert "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes" in ptx
    assert "cp.async.bulk.shared::cluster" not in ptx
    assert "tensor.2d.shared::cluster" not in ptx


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_loads_into_the_executing_cta(level):
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    a = np.arange(64, dtype=np.float32) + 0.5
    out = np.zeros(64, np.float32)
    sim.run(_load, a, out, sim.TensorMap(x, (8, 8)), level=level)
    np.testing.assert_array_equal(out, x.reshape(-1) + a * 1000.0)


def test_prints_and_reparses():
    text = _load.script()
    again = from_source(text)
    assert again.script() == text
    assert "cta_only" in ops(again, "tirx.ptx.cp.async.bulk.tensor.load")[0].attributes
    assert "cta_only" in ops(again, "tirx.ptx.cp.async.bulk.g2s")[0].attributes


def test_multicast_with_cta_only_is_located():
    src = '''
@T.prim_func
def k(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    s = T.alloc_buffer([64], "float32", scope="shared")
    T.ptx.cp.async_.bulk.g2s(s.data, A.data, bar.ptr_to([0]), 256, T.uint16(3), cta_only=True)
'''
    with pytest.raises(ScriptError, match="does not multicast") as e:
        from_source(src)
    assert "8 |" in str(e.value)
