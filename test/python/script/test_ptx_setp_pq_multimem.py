"""setp's p|q form (tirx.ptx.setp.pq) and the multimem family through the
script. setp.pq is simulated at both levels against values worked by hand;
a text two ops express (`setp.lt.s32`) goes to the op whose operands the
arguments fill. multimem compiles to its braced-group PTX, which ptxas
assembles, and the simulator refuses it by name (it runs one GPU)."""

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError
from tirx.script import tirx as T

from .helpers import compile_ptx, ops


@T.prim_func
def _setp_pq(A: T.Buffer((4,), "int32"), O: T.Buffer((7,), "int32")):
    T.device_entry()
    T.thread_id([1])
    # f16x2 (lo 1.0, hi 3.0) < (2.0, 2.0): the low half's compare, the high's
    p, q = T.ptx.setp.pq(A[0], A[1], cmp="lt", type="f16x2")
    O[0] = T.Select(p, 1, 0)
    O[1] = T.Select(q, 1, 0)
    # the original's spelling with two destinations: s32 2 < 5 and its complement
    a: T.bool = False
    b: T.bool = False
    T.ptx["setp.lt.s32"](a, b, A[2], A[3])
    O[2] = T.Select(a, 1, 0)
    O[3] = T.Select(b, 1, 0)
    # one destination: the one-predicate setp
    c: T.bool = False
    T.ptx["setp.gt.s32"](c, A[2], A[3])
    O[4] = T.Select(c, 1, 0)
    # bf16x2 (lo NaN, hi 1.0) >= (0, 0), combined by xor with true
    r, s = T.ptx.setp.pq(A[0] * 0 + 0x3F807FC0, A[0] * 0, T.bool(True),
                         cmp="ge", bool_op="xor", type="bf16x2")
    O[5] = T.Select(r, 1, 0)
    O[6] = T.Select(s, 1, 0)


_A = np.array([0x42003C00, 0x40004000, 2, 5], np.int32)


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_setp_pq_simulates_both_predicates(level):
    o = np.zeros(7, np.int32)
    sim.run(_setp_pq, _A.copy(), o, chip="sm_90a", level=level)
    assert o.tolist() == [1, 0, 1, 0, 0, 1, 0]


def test_the_arguments_choose_between_setp_and_setp_pq():
    assert len(ops(_setp_pq, "tirx.ptx.setp.pq")) == 3
    assert len(ops(_setp_pq, "tirx.ptx.setp")) == 1


def test_setp_pq_writes_one_pipe_operand():
    ptx = compile_ptx(_setp_pq, arch="sm_90a")
    assert "setp.lt.f16x2" in ptx and "setp.ge.xor.bf16x2" in ptx
    pipes = [line for line in ptx.splitlines() if "setp.lt.s32" in line]
    assert pipes and all("|" in line for line in pipes), pipes


@T.prim_func
def _multimem(A: T.Buffer((8,), "float32"), O: T.Buffer((1,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    d: T.uint32 = 0
    T.ptx["multimem.ld_reduce.relaxed.gpu.global.add.u32"](
        d, T.reinterpret("handle", A.data))
    O[0] = d
    # a .v2 value is two registers in the original's spelling
    T.ptx["multimem.red.release.sys.global.add.v2.f32"](A.access_ptr("w"), A[0], A[1])


def test_multimem_lowers_to_braced_groups_and_assembles():
    ptx = compile_ptx(_multimem, arch="sm_90a")
    lines = [line.strip() for line in ptx.splitlines() if "multimem." in line]
    assert any(line.startswith("multimem.ld_reduce.relaxed.gpu.global.add.u32")
               for line in lines), lines
    red = [line for line in lines if line.startswith("multimem.red.release.sys.global.add.v2.f32")]
    assert red and "{" in red[0] and "}" in red[0], lines


def test_multimem_is_not_modeled_by_the_simulator():
    o = np.zeros(1, np.uint32)
    with pytest.raises(MLIRError, match="'tirx.ptx.multimem.ld_reduce' is not modeled "
                       "by the simulator: a multimem address names a location on every GPU"):
        sim.run(_multimem, np.zeros(8, np.float32), o, chip="sm_90a", level="ir")
