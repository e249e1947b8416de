"""The scalar arithmetic PTX ops (TIRxPTXArithOps.td) from script, in both
spellings: the original's T.ptx["add.sat.s32"](dst, a, b) / T.ptx.setp.lt.s32
and the canonical T.ptx.add(a, b, type="s32", sat=True). Run in the
simulator against NumPy, compiled and assembled by ptxas, and the error of a
type the instruction does not take, at the call's line."""

import numpy as np
import pytest

from tirx import sim
from tirx.script import ScriptError
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _ints(A: T.Buffer((32,), "int32"), B: T.Buffer((32,), "int32"),
          O: T.Buffer((32, 7), "int32"), W: T.Buffer((32,), "int64")):
    T.device_entry()
    tx = T.thread_id([32])
    r = T.alloc_local((1,), "int32")
    T.ptx["add.sat.s32"](r[0], A[tx], B[tx])
    O[tx, 0] = r[0]
    O[tx, 1] = T.ptx.sub(A[tx], B[tx], type="s32", sat=True)
    p = T.alloc_local((1,), "bool")
    T.ptx.setp.lt.s32(p[0], A[tx], B[tx])
    T.ptx.selp.b32(r[0], A[tx], B[tx], p[0])
    O[tx, 2] = r[0]
    O[tx, 3] = T.ptx.max(A[tx], B[tx], type="s32", relu=True)
    T.ptx.mul.hi.s32(r[0], A[tx], B[tx])
    O[tx, 4] = r[0]
    T.ptx["xor.b32"](r[0], A[tx], B[tx])
    O[tx, 5] = r[0]
    T.ptx.shr.s32(r[0], A[tx], T.int32(3))
    O[tx, 6] = r[0]
    w = T.alloc_local((1,), "int64")
    T.ptx["mul.wide.s32"](w[0], A[tx], B[tx])
    W[tx] = w[0]


def _sat32(v):
    return max(-2**31, min(2**31 - 1, v))


def test_integer_arith_against_numpy():
    rng = np.random.default_rng(5)
    a = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    b = rng.integers(-2**31, 2**31, 32, dtype=np.int64).astype(np.int32)
    a[0], b[0] = 2**31 - 1, 2**31 - 1   # saturates up
    a[1], b[1] = -2**31, 1              # saturates down
    o = np.zeros((32, 7), np.int32)
    w = np.zeros(32, np.int64)
    sim.run(_ints, a, b, o, w)
    for i in range(32):
        x, y = int(a[i]), int(b[i])
        assert o[i, 0] == _sat32(x + y)
        assert o[i, 1] == _sat32(x - y)
        assert o[i, 2] == (x if x < y else y)
        assert o[i, 3] == max(x, y, 0)
        assert o[i, 4] == (x * y) >> 32
        assert o[i, 5] == x ^ y
        assert o[i, 6] == x >> 3
        assert w[i] == x * y
    ptx = compile_ptx(_ints)
    for instr in ("add.sat.s32", "sub.sat.s32", "setp.lt.s32", "selp.b32",
                  "max.relu.s32", "mul.hi.s32", "xor.b32", "shr.s32",
                  "mul.wide.s32"):
        assert instr in ptx, instr


@T.prim_func
def _floats(F: T.Buffer((32,), "float32"), H: T.Buffer((32,), "float16"),
            G: T.Buffer((32, 4), "float32"), K: T.Buffer((32,), "float16")):
    T.device_entry()
    tx = T.thread_id([32])
    f = T.alloc_local((1,), "float32")
    T.ptx.fma.rn.f32(f[0], F[tx], F[tx], T.float32(1.0))
    G[tx, 0] = f[0]
    G[tx, 1] = T.ptx.add(F[tx], T.float32(2.0), type="f32", sat=True)
    T.ptx["abs.f32"](f[0], F[tx])
    G[tx, 2] = f[0]
    T.ptx["ex2.approx.ftz.f32"](f[0], T.float32(3.0))
    G[tx, 3] = f[0]
    h = T.alloc_local((1,), "float16")
    T.ptx["mul.rn.f16"](h[0], H[tx], T.float16(2.0))
    K[tx] = h[0]


def test_float_arith_against_numpy():
    f = np.linspace(-3, 3, 32).astype(np.float32)
    h = np.linspace(-8, 8, 32).astype(np.float16)
    g = np.zeros((32, 4), np.float32)
    k = np.zeros(32, np.float16)
    sim.run(_floats, f, h, g, k)
    np.testing.assert_array_equal(g[:, 0], (f.astype(np.float64) ** 2 + 1).astype(np.float32))
    np.testing.assert_array_equal(g[:, 1], np.clip(f + np.float32(2), 0, 1))
    np.testing.assert_array_equal(g[:, 2], np.abs(f))
    np.testing.assert_array_equal(g[:, 3], np.full(32, 8, np.float32))
    np.testing.assert_array_equal(k, h * np.float16(2))
    ptx = compile_ptx(_floats)
    for instr in ("fma.rn.f32", "add.sat.f32", "abs.f32", "ex2.approx.ftz.f32",
                  "mul.rn.f16"):
        assert instr in ptx, instr


def test_a_type_the_instruction_lacks_is_located():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(A: T.Buffer((32,), "float32"), O: T.Buffer((32,), "float32")):
            T.device_entry()
            tx = T.thread_id([32])
            O[tx] = T.ptx.add(A[tx], A[tx], type="s32")  # ADD_F32_AS_S32
    text = str(err.value)
    assert "has no PTX variant with" in text and "type = s32" in text
    assert f":{line_of('ADD_F32_AS_S32')}:" in text


def test_a_modifier_the_original_spelling_lacks_is_unknown():
    with pytest.raises(ScriptError, match=r"unknown PTX instruction 'add\.sat\.u32'"):
        @T.prim_func
        def k(A: T.Buffer((32,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            r = T.alloc_local((1,), "int32")
            T.ptx["add.sat.u32"](r[0], A[tx], A[tx])


@T.prim_func
def _cuda_helpers(F: T.Buffer((4,), "float32"), U: T.Buffer((2,), "uint32"),
                  O: T.Buffer((3,), "uint32"), P: T.Buffer((2,), "uint64")):
    T.device_entry()
    T.thread_id([1])
    O[0] = T.cuda.fp8x4_e4m3_from_float4(F[0], F[1], F[2], F[3])
    O[1] = T.cuda.hmin2(U[0], U[1])
    O[2] = T.cuda.hmax2(U[0], U[1])
    a = T.cuda.make_float2(T.float32(1.5), T.float32(-2.0))
    b = T.cuda.make_float2(T.float32(2.0), T.float32(4.0))
    P[0] = T.cuda.fmul2_rn(a, b)
    P[1] = T.cuda.fadd2_rn(a, b)


def _float2(x, y):
    return int(np.array([x, y], np.float32).view(np.uint64)[0])


def test_cuda_helpers_on_the_scalar_ops():
    f = np.array([1.0, 2.0, -1.0, 1000.0], np.float32)
    # bfloat16 pairs, low lane first: (1.0, -2.0) and (0.5, 3.0)
    u = np.array([0xC0003F80, 0x40403F00], np.uint32)
    o = np.zeros(3, np.uint32)
    p = np.zeros(2, np.uint64)
    sim.run(_cuda_helpers, f, u, o, p)
    # e4m3: 1.0 = 0x38, 2.0 = 0x40, -1.0 = 0xB8, 1000 saturates to 448 = 0x7E
    assert int(o[0]) == 0x7EB84038
    assert int(o[1]) == 0xC0003F00  # (0.5, -2.0)
    assert int(o[2]) == 0x40403F80  # (1.0, 3.0)
    assert int(p[0]) == _float2(3.0, -8.0)
    assert int(p[1]) == _float2(3.5, 2.0)
    ptx = compile_ptx(_cuda_helpers)
    for instr in ("cvt.rn.satfinite.e4m3x2.f32", "min.bf16x2", "max.bf16x2",
                  "mul.rn.f32", "add.rn.f32"):
        assert instr in ptx, instr


@T.prim_func
def _reserved_mnemonics(A: T.Buffer((8,), "int32"), O: T.Buffer((8, 3), "int32")):
    T.device_entry()
    tx = T.thread_id([8])
    r = T.alloc_local((1,), "int32")
    T.ptx.and_.b32(r[0], A[tx], T.int32(6))
    O[tx, 0] = r[0]
    T.ptx.or_.b32(r[0], A[tx], T.int32(16))
    O[tx, 1] = r[0]
    T.ptx.not_.b32(r[0], A[tx])
    O[tx, 2] = r[0]


def test_mnemonics_python_reserves_take_a_trailing_underscore():
    a = np.arange(8, dtype=np.int32) + 5
    o = np.zeros((8, 3), np.int32)
    sim.run(_reserved_mnemonics, a, o)
    np.testing.assert_array_equal(o[:, 0], a & 6)
    np.testing.assert_array_equal(o[:, 1], a | 16)
    np.testing.assert_array_equal(o[:, 2], ~a)
