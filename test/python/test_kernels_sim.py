"""The example kernels in the CPU simulator at the configurations the GPU
benchmark runs (bench/gpu/kernel_bench.py): for each benchmark row's tile
shape, stages, cluster and schedule, the smallest problem that exercises
them -- the stage ring wraps, every CTA of a cluster takes part, the
persistent grid is min(132, tiles) as on the H200 -- with the outputs
poisoned with NaN, so a tile the kernel does not write fails the check.
The kernels take their buffers and build their tensor maps in their host
part, which the simulator evaluates as the launcher does.

Cost (measured on the 2-core CI machine; see docs/Kernels.md): the GEMM
rows take most of it, each a few seconds."""

import os
import sys

import numpy as np
import pytest

sim = pytest.importorskip("tirx.sim", reason="the CPU simulator is not in this build")

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "examples"))
sys.path.insert(0, os.path.join(REPO, "bench", "gpu"))

from kernels import (blackwell_gemm, bulk_copy, elementwise, flash_attention,  # noqa: E402
                     hopper_gemm)
import kernel_bench  # noqa: E402

pytestmark = pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                                reason="simulating a GEMM under ASan is slow; the "
                                "normal build runs it")

BF16_NAN = 0x7FC0


def to_bf16(x):
    """float32 -> bfloat16 bits (uint16), rounding to nearest even."""
    u = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def from_bf16(b):
    return (b.astype(np.uint32) << 16).view(np.float32)


def poisoned_bf16(shape):
    return np.full(shape, BF16_NAN, dtype=np.uint16)


def test_bf16_helpers_round_trip():
    x = np.array([1.0, -2.5, 3.140625, 1e-3], dtype=np.float32)
    assert np.array_equal(from_bf16(to_bf16(x))[:3], x[:3])
    assert abs(from_bf16(to_bf16(x))[3] - 1e-3) < 1e-5
    assert np.isnan(from_bf16(poisoned_bf16((1,))))[0]


def check_close(got, want, tol):
    assert not np.isnan(got).any(), (
        f"{int(np.isnan(got).sum())} of {got.size} outputs still hold the "
        f"NaN poison (unwritten)")
    err = np.linalg.norm(got - want) / np.linalg.norm(want)
    assert err <= tol, f"relative error {err:.3g} > {tol}"


# -- the GEMM ------------------------------------------------------------------

def gemm_rows():
    """(id, M, N, K, config overrides): every distinct configuration of the
    benchmark's GEMM rows at its smallest problem, and the persistent loop
    with two tile pairs per cluster."""
    rows = []
    for cfg, (M, N, K) in kernel_bench.gemm_sim_configs():
        rows.append(pytest.param(M, N, K, cfg, id="BN%d-S%d-C%d-%dx%dx%d" % (
            cfg["BN"], cfg["STAGES"], cfg["CLUSTER"], M, N, K)))
    rows.append(pytest.param(256, 256, 128, dict(BN=128, STAGES=2, CLUSTER=2, SMS=2),
                             id="persistent-2-tiles-per-cluster"))
    return rows


@pytest.mark.parametrize("M,N,K,cfg", gemm_rows())
def test_gemm_in_simulator(M, N, K, cfg):
    k = hopper_gemm.make_gemm(M, N, K, **cfg)
    rng = np.random.default_rng(0)
    a = to_bf16(rng.standard_normal((M, K)))
    bt = to_bf16(rng.standard_normal((N, K)))
    c = poisoned_bf16((M, N))
    sim.run(k, a, bt, c, seed=0)
    want = from_bf16(a) @ from_bf16(bt).T
    check_close(from_bf16(c), want, 1e-2)


def test_gemm_sim_rows_cover_the_benchmark():
    """Every configuration a benchmark row runs has a simulator row, and
    each row's problem exercises it: the ring wraps (more k-blocks than
    stages), a cluster's CTAs all take tiles."""
    bench = {tuple(sorted(hopper_gemm.config_for(c["M_pad"], c["N"], c["K"]).items()))
             for c in kernel_bench.gemm_cases(quick=False)}
    covered = {tuple(sorted(hopper_gemm.config_for(M, N, K, **cfg).items()))
               for cfg, (M, N, K) in kernel_bench.gemm_sim_configs()}
    assert bench <= covered
    for cfg, (M, N, K) in kernel_bench.gemm_sim_configs():
        full = hopper_gemm.config_for(M, N, K, **cfg)
        assert K // full["BK"] > full["STAGES"]
        tiles = (M // full["BM"]) * (N // full["BN"])
        assert tiles >= full["CLUSTER"]


@pytest.mark.parametrize("cfg,shape", kernel_bench.blackwell_sim_configs(),
                         ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else "")
def test_blackwell_gemm_in_simulator(cfg, shape):
    """The tcgen05 GEMM (no Blackwell GPU runs it): tensor-memory
    accumulator, the stage ring, the tcgen05.ld epilogue."""
    M, N, K = shape
    k = blackwell_gemm.make_gemm(M, N, K, **cfg)
    rng = np.random.default_rng(4)
    a = to_bf16(rng.standard_normal((M, K)))
    bt = to_bf16(rng.standard_normal((N, K)))
    c = poisoned_bf16((M, N))
    sim.run(k, a, bt, c, seed=0, chip="sm_100a")  # the PTX level compiles for it
    check_close(from_bf16(c), from_bf16(a) @ from_bf16(bt).T, 1e-2)


# -- attention -------------------------------------------------------------------

def attention_rows():
    return [pytest.param(bh, s, d, causal, id="d%d-%s-%dx%d" % (
        d, "causal" if causal else "full", bh, s))
        for (bh, s, d, causal) in kernel_bench.attention_sim_configs()]


def attention_reference(q, k, v, causal):
    S, D = q.shape
    s = q @ k.T / np.sqrt(D)
    if causal:
        s = np.where(np.tri(S, dtype=bool), s, -np.inf)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v


@pytest.mark.parametrize("BH,S,D,causal", attention_rows())
def test_attention_in_simulator(BH, S, D, causal):
    k = flash_attention.make_attention(BH, S, D, causal)
    rng = np.random.default_rng(1)
    q, kk, v = (to_bf16(rng.standard_normal((BH * S, D))) for _ in range(3))
    o = poisoned_bf16((BH * S, D))
    sim.run(k, q, kk, v, o, seed=0)
    qf, kf, vf = (from_bf16(x) for x in (q, kk, v))
    want = np.concatenate([attention_reference(qf[h * S:(h + 1) * S], kf[h * S:(h + 1) * S],
                                               vf[h * S:(h + 1) * S], causal)
                           for h in range(BH)])
    check_close(from_bf16(o), want, 2e-2)


# -- the bulk copy and the elementwise kernel --------------------------------------

def test_bulk_copy_in_simulator():
    n_bytes = kernel_bench.copy_sim_bytes()
    k = bulk_copy.make_copy(n_bytes)
    src = np.random.default_rng(2).standard_normal(n_bytes // 4).astype(np.float32)
    dst = np.full_like(src, np.nan)
    sim.run(k, src, dst, seed=0)
    assert np.array_equal(dst, src)


def test_elementwise_in_simulator():
    n = kernel_bench.elementwise_sim_elems()
    k = elementwise.make_axpy(n)
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    c = np.full_like(a, np.nan)
    sim.run(k, a, b, c, np.float32(2.5), seed=0)
    want = a.astype(np.float64) * 2.5 + b
    check_close(c.astype(np.float64), want, 1e-6)
