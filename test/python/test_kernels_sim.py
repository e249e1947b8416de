"""The example kernels in the CPU simulator at the configurations the GPU
benchmark runs (bench/gpu/kernel_bench.py): for each benchmark row's tile
shape, stages, cluster and schedule, the smallest problem that exercises
them -- the stage ring wraps, every CTA of a cluster takes part, the
persistent grid is min(132, tiles) as on the H200 -- with the outputs
poisoned with NaN, so a tile the kernel does not write fails the check.
The kernels take their buffers and build their tensor maps in their host
part, which the simulator evaluates as the launcher does.

Cost (measured on the 2-core CI machine; see docs/Kernels.md)."""

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


def test_e4m3_codes():
    codes = np.array([0x38, 0xB8, 0x40, 0x01, 0x7E, 0x7F], dtype=np.uint8)
    v = hopper_gemm.e4m3_values(codes)
    assert list(v[:5]) == [1.0, -1.0, 2.0, 2.0 ** -9, 448.0] and np.isnan(v[5])


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

def _gemm_id(dtype, cfg, shape):
    return "%s-%s-BN%d-S%d-C%dx%d-K%d-%dx%dx%d" % (
        {"bfloat16": "bf16", "float16": "fp16", "float8_e4m3fn": "fp8"}[dtype],
        cfg["SCHEDULE"][:4], cfg["BN"], cfg["STAGES"], cfg["CLUSTER_M"],
        cfg["CLUSTER_N"], cfg["SPLIT_K"], *shape)


def gemm_rows():
    """Every distinct configuration of the benchmark's GEMM rows at its
    smallest problem (kernel_bench.gemm_sim_configs), and the schedules,
    clusters and split-K the rows do not use (they are selectable)."""
    rows = [pytest.param(d, c, s, id=_gemm_id(d, c, s))
            for d, c, s in kernel_bench.gemm_sim_configs()]
    extra = [
        ("bfloat16", dict(BN=256, STAGES=4, SCHEDULE="cooperative", CLUSTER_M=2, CLUSTER_N=1,
                          SPLIT_K=1, GROUP_M=8)),
        ("bfloat16", dict(BN=128, STAGES=4, SCHEDULE="pingpong", CLUSTER_M=1, CLUSTER_N=2,
                          SPLIT_K=2, GROUP_M=8)),
    ]
    for d, c in extra:
        c = dict(c, SMS=c["CLUSTER_M"] * c["CLUSTER_N"])
        s = hopper_gemm.sim_shape(c, d)
        rows.append(pytest.param(d, c, s, id=_gemm_id(d, c, s)))
    return rows


@pytest.mark.parametrize("dtype,cfg,shape", gemm_rows())
def test_gemm_in_simulator(dtype, cfg, shape):
    M, N, K = shape
    k = hopper_gemm.make_gemm(M, N, K, dtype=dtype, **cfg)
    full = hopper_gemm.config_for(M, N, K, dtype=dtype, **cfg)
    rng = np.random.default_rng(0)
    a, bt, want = hopper_gemm.reference_inputs(rng, M, N, K, dtype)
    c = hopper_gemm.poisoned_output(M, N, dtype)
    args = hopper_gemm.call_args(a, bt, c, M, N, K, full, dtype)
    sim.run(k, *args, seed=0)
    check_close(hopper_gemm.output_values(c), want, 1e-2)
    if full["SPLIT_K"] > 1:
        # the last split of every tile half reset its ticket
        assert not args[-1].any()


def test_gemm_sim_rows_cover_the_benchmark():
    """Every configuration a benchmark row runs has a simulator row, and
    each row's problem exercises it: the ring wraps (more k-blocks per work
    item than stages), every CTA of the cluster takes two tiles (or more,
    with split-K) through the persistent loop."""
    strip = lambda cfg: tuple(sorted((k, v) for k, v in cfg.items() if k != "SMS"))
    bench = {(c["dtype"], strip(c["config"])) for c in kernel_bench.gemm_cases(quick=False)}
    covered = {(d, strip(hopper_gemm.config_for(*s, dtype=d, **c)))
               for d, c, s in kernel_bench.gemm_sim_configs()}
    assert bench <= covered
    assert {d for d, _ in bench} == set(hopper_gemm.DTYPES)
    for d, cfg, (M, N, K) in kernel_bench.gemm_sim_configs():
        full = hopper_gemm.config_for(M, N, K, dtype=d, **cfg)
        assert K // hopper_gemm.bk(d) // full["SPLIT_K"] > full["STAGES"]
        work = (M // full["BM"]) * (N // full["BN"]) * full["SPLIT_K"]
        grid = hopper_gemm.launch(M, N, K, full)["grid"][0]
        assert grid == full["CLUSTER_M"] * full["CLUSTER_N"]
        assert work >= 2 * grid


def test_gemm_sim_catches_a_wrong_epilogue(monkeypatch):
    """The simulator rows can fail: a kernel whose epilogue stores one
    staging chunk fewer leaves NaN in C."""
    d, cfg, (M, N, K) = kernel_bench.gemm_sim_configs()[0]
    k = hopper_gemm.make_gemm(M, N, K, dtype=d, **cfg)
    full = hopper_gemm.config_for(M, N, K, dtype=d, **cfg)
    rng = np.random.default_rng(0)
    a, bt, want = hopper_gemm.reference_inputs(rng, M, N, K, d)
    c = hopper_gemm.poisoned_output(M, N, d)
    sim.run(k, *hopper_gemm.call_args(a, bt, c, M, N, K, full, d), seed=0)
    check_close(hopper_gemm.output_values(c), want, 1e-2)
    c[:, -1] = 0x7FC0   # what a missing store would leave
    with pytest.raises(AssertionError, match="NaN poison"):
        check_close(hopper_gemm.output_values(c), want, 1e-2)


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
    return [pytest.param(bh, s, d, causal, dt, id="d%d-%s-%s-%dx%d" % (
        d, "causal" if causal else "full", dt, bh, s))
        for (bh, s, d, causal, dt) in kernel_bench.attention_sim_configs()]


def attention_reference(q, k, v, causal):
    S, D = q.shape
    s = q @ k.T / np.sqrt(D)
    if causal:
        s = np.where(np.tri(S, dtype=bool), s, -np.inf)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return (p / p.sum(axis=1, keepdims=True)) @ v


@pytest.mark.parametrize("BH,S,D,causal,dtype", attention_rows())
def test_attention_in_simulator(BH, S, D, causal, dtype):
    k = flash_attention.make_attention(BH, S, D, causal, dtype=dtype)
    rng = np.random.default_rng(1)
    if dtype == "float16":
        q, kk, v = (rng.standard_normal((BH * S, D)).astype(np.float16) for _ in range(3))
        f = lambda x: x.astype(np.float32)
        o = np.full((BH * S, D), np.nan, dtype=np.float16)
    else:
        q, kk, v = (to_bf16(rng.standard_normal((BH * S, D))) for _ in range(3))
        f = from_bf16
        o = poisoned_bf16((BH * S, D))
    sim.run(k, q, kk, v, o, seed=0)
    qf, kf, vf = (f(x) for x in (q, kk, v))
    want = np.concatenate([attention_reference(qf[h * S:(h + 1) * S], kf[h * S:(h + 1) * S],
                                               vf[h * S:(h + 1) * S], causal)
                           for h in range(BH)])
    check_close(f(o), want, 2e-2)


def test_attention_sim_rows_cover_the_benchmark():
    rows = {(c["D"], c["causal"], c["dtype"]) for c in kernel_bench.attention_cases()}
    sims = kernel_bench.attention_sim_configs()
    assert rows == {(d, causal, dt) for _, _, d, causal, dt in sims}
    for bh, s, d, causal, dt in sims:
        cfg = flash_attention.config_for(d)
        assert s // cfg["BN"] > cfg["STAGES"] and bh == 2


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


# -- the wide sweep (opt-in: TIRX_SIM_SWEEP=1; minutes) ------------------------------

def _sweep():
    import itertools
    rows = []
    keys = sorted(hopper_gemm.SPACE)
    for dtype in ("bfloat16", "float8_e4m3fn"):
        for vals in itertools.product(*(hopper_gemm.SPACE[k] for k in keys)):
            cfg = dict(zip(keys, vals), SPLIT_K=1, GROUP_M=2)
            if cfg["CLUSTER_M"] * cfg["CLUSTER_N"] > 2:
                continue
            cfg["SMS"] = cfg["CLUSTER_M"] * cfg["CLUSTER_N"]
            shape = hopper_gemm.sim_shape(cfg, dtype)
            if hopper_gemm._fits(*shape, cfg, dtype) is not True:
                continue
            rows.append(pytest.param(dtype, cfg, shape, id=_gemm_id(dtype, cfg, shape)))
    return rows


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TIRX_SIM_SWEEP"),
                    reason="the wide sweep over the GEMM's SPACE: TIRX_SIM_SWEEP=1")
@pytest.mark.parametrize("dtype,cfg,shape", _sweep())
def test_gemm_space_in_simulator(dtype, cfg, shape):
    """Every config of the tuner's SPACE that fits, bf16 and fp8."""
    test_gemm_in_simulator(dtype, cfg, shape)
