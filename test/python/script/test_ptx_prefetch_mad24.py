"""prefetch's L2 eviction-priority forms and mad24.hi.sat.s32 from script:
the keyword spellings and the PTX-text spellings compile to the ISA's
instructions (assembled by ptxas), mad24's saturation runs at both
simulator levels with the ISA's values, and the forms the ISA lacks
(an eviction priority on a generic pointer, `.sat` with `.lo`) are errors
at their line."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _prefetch(A: T.Buffer((64,), "float32"), O: T.Buffer((2,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    if tx == 0:
        T.ptx.prefetch(A.ptr_to([0]), level="L2_evict_last")
        T.ptx["prefetch.global.L2::evict_normal"](A.ptr_to([32]))
        T.ptx.prefetch(A.ptr_to([16]), level="L2")
        O[0] = A[0] + A[32]
        O[1] = A[16]


@T.prim_func
def _mad24(X: T.Buffer((4,), "int32"), O: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    if tx == 0:
        O[0] = T.ptx.mad24(X[0], X[0], X[1], half="hi", sign="s", sat=True)
        O[1] = T.ptx.mad24(X[0], X[0], X[1], half="hi", sign="s")
        T.ptx["mad24.hi.sat.s32"](O[2], X[2], X[0], X[3])
        O[3] = T.ptx.mad24(X[2], X[0], X[3], half="hi", sign="s")


def test_prefetch_eviction_priorities_compile_and_print():
    ptx = compile_ptx(_prefetch)
    assert "prefetch.global.L2::evict_last" in ptx
    assert "prefetch.global.L2::evict_normal" in ptx
    assert "prefetch.global.L2 [" in ptx
    text = _prefetch.script()
    assert "T.ptx.prefetch(A.ptr_to([0]), 'L2_evict_last')" in text
    assert from_source(text).script() == text


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_prefetch_is_a_hint(level):
    a = np.arange(64, dtype=np.float32)
    o = np.zeros(2, np.float32)
    sim.run(_prefetch, a, o, level=level)
    np.testing.assert_array_equal(o, [32.0, 16.0])


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_mad24_hi_sat_clamps(level):
    # (2^23-1)^2 >> 16 plus INT32_MAX saturates (wraps without .sat);
    # -2^23 * (2^23-1) >> 16 plus INT32_MIN saturates low.
    x = np.array([8388607, 2147483647, 8388608, -2147483648], np.int32)
    o = np.zeros(4, np.int32)
    sim.run(_mad24, x, o, level=level)
    np.testing.assert_array_equal(
        o, [2147483647, -1073742081, -2147483648, 1073741952])


def test_mad24_sat_compiles_and_prints():
    ptx = compile_ptx(_mad24)
    assert ptx.count("mad24.hi.sat.s32") == 2
    assert ptx.count("mad24.hi.s32") == 2
    text = _mad24.script()
    assert from_source(text).script() == text


def test_eviction_priority_on_a_generic_pointer_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(A: T.Buffer((4,), "float32")):
            T.device_entry()
            T.thread_id([1])
            p = T.reinterpret(T.handle("float32", "generic"),
                              T.reinterpret("int64", A.ptr_to([0])))
            T.ptx.prefetch(p, level="L2_evict_last")  # GENERIC
    text = str(err.value)
    assert ("'tirx.ptx.prefetch' op has no PTX variant with "
            "level = L2_evict_last, ptr in generic") in text
    assert f":{line_of('# GENERIC')}:" in text


def test_mad24_sat_with_lo_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(O: T.Buffer((1,), "int32")):
            T.device_entry()
            T.thread_id([1])
            O[0] = T.ptx.mad24(O[0], O[0], O[0], half="lo", sign="s",  # LO
                               sat=True)
    text = str(err.value)
    assert "'tirx.ptx.mad24' op has no PTX variant with half = lo, sat" in text
    assert f":{line_of('# LO')}:" in text
