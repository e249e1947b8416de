"""tirx.ptx.cvt's narrow-float lines of sm_100 (fp4 e2m1, fp6 e2m3/e3m2,
the ue8m0 scale, fp8 from packed halves) through the script, compiled
and assembled for sm_100a and simulated at both levels. The expected codes
are the formats' definitions worked by hand (round to nearest even, the
largest finite value under .satfinite, ue8m0 as a power of two)."""

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError
from tirx.script import tirx as T

from .helpers import compile_ptx


def _u32(x):
    return T.cast(T.reinterpret("uint16", x), "uint32") if x.ty.bits == 16 else (
        T.cast(T.reinterpret("uint8", x), "uint32") if x.ty.bits == 8 else
        T.reinterpret("uint32", x))


@T.prim_func
def _narrow(F: T.Buffer((12,), "float32"), U: T.Buffer((3,), "uint32"),
            O: T.Buffer((13,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    fp4 = T.ptx.cvt(F[0], F[1], rnd="rn", satfinite=True, dtype="e2m1x2", atype="f32")
    O[0] = _u32(fp4)
    O[1] = _u32(T.ptx.cvt(F[2], F[3], rnd="rn", satfinite=True, dtype="e2m1x2", atype="f32"))
    O[2] = _u32(T.ptx.cvt(F[4], F[5], rnd="rn", satfinite=True, relu=True,
                          dtype="e2m1x2", atype="f32"))
    O[3] = _u32(T.ptx.cvt(fp4, rnd="rn", dtype="f16x2", atype="e2m1x2"))
    O[4] = _u32(T.ptx.cvt(F[6], F[7], rnd="rn", satfinite=True, dtype="e2m3x2", atype="f32"))
    fp6 = T.ptx.cvt(F[8], F[9], rnd="rn", satfinite=True, dtype="e3m2x2", atype="f32")
    O[5] = _u32(fp6)
    O[6] = _u32(T.ptx.cvt(fp6, rnd="rn", dtype="f16x2", atype="e3m2x2"))
    O[7] = _u32(T.ptx.cvt(F[10], F[11], rnd="rz", dtype="ue8m0x2", atype="f32"))
    O[8] = _u32(T.ptx.cvt(F[10], T.float32(0.25), rnd="rp", satfinite=True,
                          dtype="ue8m0x2", atype="f32"))
    bf = T.reinterpret("int32", U[0])
    O[9] = _u32(T.ptx.cvt(bf, rnd="rp", dtype="ue8m0x2", atype="bf16x2"))
    scale = T.reinterpret("int16", T.cast(U[1], "uint16"))
    O[10] = _u32(T.ptx.cvt(scale, rnd="rn", dtype="bf16x2", atype="ue8m0x2"))
    h2 = T.reinterpret("int32", U[2])
    O[11] = _u32(T.ptx.cvt(h2, rnd="rn", satfinite=True, dtype="e4m3x2", atype="f16x2"))
    O[12] = _u32(T.ptx.cvt(h2, rnd="rn", satfinite=True, dtype="e2m1x2", atype="f16x2"))


_F = np.array([2.6, -0.7, 100.0, -7.0, -3.0, 5.0, 7.3, 0.1, 30.0, -0.3,
               10.0, 0.3], np.float32)
# bf16 pair (3.0, 1.0); ue8m0 pair (2^1, 2^-127); f16 pair (1.0, -2.0)
_U = np.array([0x40403F80, 0x8000, 0x3C00C000], np.uint32)
_EXPECT = [
    0x59,        # (2.6 -> 3.0 = 0b0101, -0.7 -> -0.5 = 0b1001)
    0x7F,        # (100 -> 6, -7 -> -6): .satfinite
    0x06,        # relu: (-3 -> 0, 5 -> 4, the even of 4 and 6)
    0x4200B800,  # f16x2 of 0x59: (3.0, -0.5)
    0x1F01,      # e2m3: (7.3 -> 7.5 = 0x1F, 0.1 -> 0.125 = 0x01)
    0x1F25,      # e3m2: (30 -> 28 = 0x1F, -0.3 -> -0.3125 = 0x25)
    0x4F00B500,  # f16x2 of 0x1F25: (28.0, -0.3125)
    0x827D,      # ue8m0 rz: (10 -> 2^3, 0.3 -> 2^-2)
    0x837D,      # ue8m0 rp: (10 -> 2^4, 0.25 -> 2^-2)
    0x817F,      # ue8m0 rp of bf16 (3.0, 1.0): (2^2, 2^0)
    0x40000040,  # bf16x2 of ue8m0 (2^1, 2^-127): (2.0, subnormal 2^-127)
    0x38C0,      # e4m3 of f16 (1.0, -2.0)
    0x2C,        # e2m1 of f16 (1.0 = 0b0010, -2.0 = 0b1100)
]


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_narrow_conversions_simulate_to_the_formats_definitions(level):
    o = np.zeros(13, np.uint32)
    sim.run(_narrow, _F.copy(), _U.copy(), o, chip="sm_100a", level=level)
    assert [hex(int(x)) for x in o] == [hex(x) for x in _EXPECT]


def test_narrow_conversions_assemble_for_sm100a_and_stage_the_fp4_byte():
    ptx = compile_ptx(_narrow, arch="sm_100a")
    for instr in ("cvt.rn.satfinite.e2m1x2.f32", "cvt.rn.f16x2.e2m1x2",
                  "cvt.rn.satfinite.e3m2x2.f32", "cvt.rz.ue8m0x2.f32",
                  "cvt.rp.satfinite.ue8m0x2.f32", "cvt.rp.ue8m0x2.bf16x2",
                  "cvt.rn.bf16x2.ue8m0x2", "cvt.rn.satfinite.e4m3x2.f16x2",
                  "cvt.rn.satfinite.e2m1x2.f16x2"):
        assert instr in ptx, instr
    # e2m1x2 has no register of its own width in inline asm: a .b8 staged
    assert ".reg .b8 %tirx_b8_<1>;" in ptx and "cvt.u16.u8" in ptx and "cvt.u8.u16" in ptx


def test_narrow_conversions_are_refused_before_sm100():
    with pytest.raises(Exception, match=r"cvt\.rn\.satfinite\.e2m1x2\.f32' requires sm_100a"):
        compile_ptx(_narrow, arch="sm_90a")


@T.prim_func
def _nan_to_fp4(F: T.Buffer((2,), "float32"), O: T.Buffer((1,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    O[0] = _u32(T.ptx.cvt(F[0], F[1], rnd="rn", satfinite=True, dtype="e2m1x2", atype="f32"))


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_a_nan_into_fp4_is_reported_not_guessed(level):
    f = np.array([np.nan, 1.0], np.float32)
    with pytest.raises(MLIRError, match=r"converts nan to \.e2m1, whose result "
                                        r"the simulator does not model"):
        sim.run(_nan_to_fp4, f, np.zeros(1, np.uint32), chip="sm_100a", level=level)


@T.prim_func
def _stochastic(F: T.Buffer((2,), "float32"), R: T.Buffer((1,), "uint32"),
                O: T.Buffer((1,), "uint32")):
    T.device_entry()
    T.thread_id([1])
    O[0] = T.reinterpret("uint32", T.ptx.cvt(F[0], F[1], T.reinterpret("int32", R[0]),
                                             rnd="rs", satfinite=True,
                                             dtype="bf16x2", atype="f32"))


def test_stochastic_rounding_compiles_for_sm100a_and_is_not_modeled():
    ptx = compile_ptx(_stochastic, arch="sm_100a")
    assert "cvt.rs.satfinite.bf16x2.f32" in ptx
    with pytest.raises(MLIRError, match=r"stochastic rounding \(\.rs\)"):
        sim.run(_stochastic, np.ones(2, np.float32), np.zeros(1, np.uint32),
                np.zeros(1, np.uint32), chip="sm_100a")
