"""The 32-bit forms of mapa and getctarank from script: a shared pointer's
32-bit window address (T.reinterpret to int32) maps to the next CTA's
32-bit shared::cluster address and getctarank recovers that CTA, at both
simulator levels; the keyword and PTX-text spellings compile to the .u32
instructions (assembled by ptxas)."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import from_source
from tirx.script import tirx as T

from .helpers import compile_ptx


@T.prim_func
def _ring(O: T.Buffer((8,), "int32")):
    T.device_entry()
    rank = T.cta_id_in_cluster([4])
    tx = T.thread_id([32])
    buf = T.alloc_buffer([4], "int32", scope="shared")
    if tx == 0:
        # (An expression, not a variable: a scalar variable passed to an
        # operand that takes a pointer stands for its own address.)
        O[rank] = T.ptx.getctarank(
            T.ptx.mapa(T.reinterpret("int32", buf.ptr_to([0])), (rank + 1) % 4))
        a = T.reinterpret("int32", buf.ptr_to([0]))
        r = T.alloc_local((1,), "int32")
        T.ptx["mapa.shared::cluster.u32"](r[0], a, (rank + 3) % 4)
        T.ptx["getctarank.shared::cluster.u32"](O[4 + rank], r[0])


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_the_32_bit_forms_map_to_the_peer(level):
    o = np.zeros(8, np.int32)
    sim.run(_ring, o, level=level)
    np.testing.assert_array_equal(o, [1, 2, 3, 0, 3, 0, 1, 2])


def test_compiles_to_the_32_bit_forms_and_prints():
    ptx = compile_ptx(_ring)
    assert ptx.count("mapa.shared::cluster.u32") == 2
    assert ptx.count("getctarank.shared::cluster.u32") == 2
    text = _ring.script()
    assert from_source(text).script() == text
