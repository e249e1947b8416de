"""tirx.ptx.ldu from script: scalar and vector forms, global and generic
addressing, in both spellings, run at both simulator levels (the PTX level
runs the inline PTX the lowering writes, with its 8-bit register), an
unsigned PTX type giving an unsigned result, and a shared pointer refused
at its line with the variants there are."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _uniform(A: T.Buffer((8,), "int8"), F: T.Buffer((4,), "float32"),
             O: T.Buffer((32, 4), "int32"), G: T.Buffer((32, 4), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    O[tx, 0] = T.cast(T.ptx.ldu(A.ptr_to([1]), type="s8"), "int32")
    O[tx, 1] = T.cast(T.ptx.ldu(A.ptr_to([1]), type="u8"), "int32")
    r = T.alloc_local((1,), "int8")
    T.ptx["ldu.global.s8"](r[0], A.ptr_to([2]))
    O[tx, 2] = T.cast(r[0], "int32")
    g = T.reinterpret(T.handle("int32", "generic"), A.ptr_to([4]))
    O[tx, 3] = T.ptx.ldu(g, type="b32")
    v = T.ptx.ldu(F.ptr_to([0]), type="f32", result_type="vector<4xf32>")
    for i in range(4):
        G[tx, i] = v[i]


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_ldu_reads_what_ld_reads(level):
    a = np.array([1, -3, -128, 4, 5, 6, 7, 8], np.int8)
    f = np.arange(4, dtype=np.float32) + 0.5
    o = np.zeros((32, 4), np.int32)
    g = np.zeros((32, 4), np.float32)
    sim.run(_uniform, a, f, o, g, level=level)
    word = int.from_bytes(a[4:8].tobytes(), "little", signed=True)
    np.testing.assert_array_equal(o, np.tile([-3, 253, -128, word], (32, 1)))
    np.testing.assert_array_equal(g, np.tile(f, (32, 1)))


def test_ldu_compiles_and_prints():
    ptx = compile_ptx(_uniform)
    for instr in ("ldu.global.s8", "ldu.global.u8", "ldu.b32",
                  "ldu.global.v4.f32"):
        assert instr in ptx, instr
    text = _uniform.script()
    assert "T.ptx.ldu(" in text
    assert from_source(text).script() == text


def test_ldu_of_a_shared_pointer_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(O: T.Buffer((1,), "float32")):
            T.device_entry()
            T.thread_id([1])
            s = T.alloc_shared((1,), "float32")
            O[0] = T.ptx.ldu(s.ptr_to([0]), type="f32")  # SHAREDLDU
    text = str(err.value)
    assert ("tirx.ptx.ldu has no PTX variant with type = f32, "
            "ptr : !tirx.ptr<f32, shared>") in text
    assert "`ldu.global.f32` (ptr : !tirx.ptr<f32, global>, res : f32)" in text
    assert f":{line_of('# SHAREDLDU')}:" in text
