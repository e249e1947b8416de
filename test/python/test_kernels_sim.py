"""The example kernels in the CPU simulator at small sizes, against NumPy
within bf16 tolerance: the Hopper GEMM with its whole pipeline (TMA ring,
warp specialization, 2-CTA cluster with multicast, two tiles per cluster
through the persistent loop) and attention with a few key blocks. Skipped
until the simulator (`tirx.sim`) is part of the build."""

import os
import sys

import numpy as np
import pytest

sim = pytest.importorskip("tirx.sim", reason="the CPU simulator is not in this build")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "examples"))

from kernels import flash_attention, hopper_gemm  # noqa: E402

pytestmark = pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                                reason="simulating a GEMM under ASan is slow; the "
                                "normal build runs it")


def to_bf16(x):
    """float32 -> bfloat16 bits (uint16), rounding to nearest even."""
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def test_bf16_helpers_round_trip():
    x = np.array([1.0, -2.5, 3.140625, 1e-3], dtype=np.float32)
    assert np.array_equal(from_bf16(to_bf16(x))[:3], x[:3])
    assert abs(from_bf16(to_bf16(x))[3] - 1e-3) < 1e-5


def test_gemm_in_simulator():
    M = N = 256
    K = 128
    cfg = dict(BN=128, STAGES=2, CLUSTER=2, SMS=2)   # one cluster, two tile pairs
    k = hopper_gemm.make_gemm(M, N, K, **cfg)
    full = hopper_gemm.config_for(M, N, K, **cfg)
    rng = np.random.default_rng(0)
    a = to_bf16(rng.standard_normal((M, K)))
    bt = to_bf16(rng.standard_normal((N, K)))
    c = np.zeros((M, N), dtype=np.uint16)
    maps = hopper_gemm.tensor_maps(M, N, K, full)
    args = [sim.TensorMap(arr, tuple(m["box"]),
                          swizzle="128B" if m["swizzle"] == 128 else "none",
                          dtype="bfloat16")
            for arr, m in zip((a, bt, c), maps)]
    sim.run(k, *args, seed=0)
    want = from_bf16(a) @ from_bf16(bt).T
    got = from_bf16(c)
    assert np.abs(got - want).max() <= 2e-2 * np.abs(want).max()


@pytest.mark.parametrize("D,causal", [(64, True), (128, False)])
def test_attention_in_simulator(D, causal):
    BH, S = 1, 256
    k = flash_attention.make_attention(BH, S, D, causal)
    cfg = flash_attention.config_for(D)
    rng = np.random.default_rng(1)
    q, kk, v = (to_bf16(rng.standard_normal((BH * S, D))) for _ in range(3))
    o = np.zeros((BH * S, D), dtype=np.uint16)
    maps = flash_attention.tensor_maps(BH, S, D, cfg)
    args = [sim.TensorMap(arr, tuple(m["box"]),
                          swizzle="128B" if m["swizzle"] == 128 else "none",
                          dtype="bfloat16")
            for arr, m in zip((q, kk, v, o), maps)]
    sim.run(k, *args, seed=0)
    qf, kf, vf = (from_bf16(x) for x in (q, kk, v))
    s = qf @ kf.T / np.sqrt(D)
    if causal:
        s = np.where(np.tri(S, dtype=bool), s, -np.inf)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    want = (p / p.sum(axis=1, keepdims=True)) @ vf
    got = from_bf16(o)
    assert np.abs(got - want).max() <= 2e-2 * np.abs(want).max()
