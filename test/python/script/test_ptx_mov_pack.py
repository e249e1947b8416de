"""mov's pack and unpack forms (tirx.ptx.mov.pack / mov.unpack) through
the script: lanes as a vector, element 0 the lowest bits, simulated at
both levels; the original's spelling `T.ptx["mov.b32"]` with arguments
that fit both forms is a located error, not a guess."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError
from tirx.script import tirx as T

from .helpers import compile_ptx


@T.prim_func
def _pack(A: T.Buffer((2,), "int16"), W: T.Buffer((1,), "int64"),
          O: T.Buffer((6,), "int64")):
    T.device_entry()
    T.thread_id([1])
    p = T.ptx.mov.pack(T.int16x2([A[0], A[1]]), type="b32")
    O[0] = T.cast(T.reinterpret("uint32", p), "int64")
    u = T.ptx.mov.unpack(W[0], type="b64", result_type="vector<4xi16>")
    back = T.ptx.mov.pack(u, type="b64")
    O[5] = back


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_pack_and_unpack_keep_element_zero_lowest(level):
    o = np.zeros(6, np.int64)
    sim.run(_pack, np.array([0x1234, 0x5678], np.int16),
            np.array([0x0004000300020001], np.int64), o, level=level)
    assert o[0] == 0x56781234
    assert o[5] == 0x0004000300020001


def test_pack_and_unpack_assemble_as_braced_groups():
    ptx = compile_ptx(_pack, arch="sm_90a")
    movs = [line.strip() for line in ptx.splitlines()
            if line.strip().startswith(("mov.b32", "mov.b64")) and "{" in line]
    assert any(m.startswith("mov.b64") and m.count(",") >= 4 for m in movs), movs


def test_original_spelling_that_fits_pack_and_unpack_is_an_error():
    with pytest.raises(ScriptError, match=r"'mov.b32' with these 3 arguments is the "
                       r"instruction of more than one op; spell the op: "
                       r"T.ptx.mov.pack\(...\), T.ptx.mov.unpack\(...\)"):
        @T.prim_func
        def f(A: T.Buffer((2,), "int16"), X: T.Buffer((1,), "int32")):
            T.device_entry()
            T.thread_id([1])
            T.ptx["mov.b32"](X[0], A[0], A[1])
