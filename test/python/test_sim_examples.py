"""Every kernel in examples/ runs in the simulator and matches NumPy.

Inputs are small integers (exact in every float format), so the results
compare exactly. Each example runs under several scheduler seeds.
"""

import os

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError, Module

from conftest import REPO_ROOT

SEEDS = [0, 1, 2]


def load(ctx, name):
    with open(os.path.join(REPO_ROOT, "examples", name)) as f:
        return Module.parse(f.read())


def ints(rng, shape, dtype, lo=-4, hi=4):
    return rng.integers(lo, hi + 1, shape).astype(dtype)


# Examples the simulator cannot run, and why. A new example must be covered
# by a test below or listed here.
NOT_SIMULATED = {}


def test_every_example_is_covered():
    names = sorted(n for n in os.listdir(os.path.join(REPO_ROOT, "examples"))
                   if n.endswith(".mlir"))
    covered = {"elementwise.mlir", "byte_pool_view.mlir",
               "dsmem_remote_arrive.mlir", "tma_tile_load.mlir",
               "warp_reduce.mlir", "mma_sync_tile.mlir", "wgmma_tile.mlir",
               "tcgen05_tile.mlir", "warp_sum.mlir", "cta_sum.mlir",
               "py_func.mlir", "wgmma_gemm_tile.mlir",
               "tcgen05_gemm_tile.mlir", "tma_pipeline_copy.mlir",
               "axpy_dynamic.mlir", "tma_tile_copy.mlir"}
    assert not covered & set(NOT_SIMULATED)
    everything = covered | set(NOT_SIMULATED)
    assert set(names) == everything, set(names) ^ everything


@pytest.mark.parametrize("seed", SEEDS)
def test_elementwise(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, 1024, np.float32)
    b = ints(rng, 1024, np.float32)
    ref = b.copy()
    ref[:1000] = a[:1000] * 2.0 + b[:1000]
    stats = sim.run(load(ctx, "elementwise.mlir"), a, b, 2.0, 1000, seed=seed)
    np.testing.assert_array_equal(b, ref)
    assert stats.threads == 1024 and stats.ctas == 8 and stats.races_checked


@pytest.mark.parametrize("seed", SEEDS)
def test_byte_pool_view(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, 256, np.float32)
    b = np.zeros(256, np.float32)
    sim.run(load(ctx, "byte_pool_view.mlir"), a, b, seed=seed)
    np.testing.assert_array_equal(b, a)


@pytest.mark.parametrize("seed", SEEDS)
def test_dsmem_remote_arrive(ctx, seed):
    out = np.full(2, -1, np.int32)
    stats = sim.run(load(ctx, "dsmem_remote_arrive.mlir"), out, seed=seed)
    # Each CTA records the rank of the peer that arrived on its barrier.
    np.testing.assert_array_equal(out, [1, 0])
    assert stats.clusters == 1 and stats.ctas == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_tma_tile_load(ctx, seed):
    rng = np.random.default_rng(seed)
    tensor = ints(rng, (1024, 64), np.float16)
    out = np.zeros(65536, np.float16)
    stats = sim.run(load(ctx, "tma_tile_load.mlir"),
                    sim.TensorMap(tensor, (64, 64)), out, seed=seed)
    np.testing.assert_array_equal(out, tensor.reshape(-1))
    assert stats.async_ops == 16


@pytest.mark.parametrize("seed", SEEDS)
def test_warp_reduce(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, 1024, np.float32)
    b = rng.integers(-1000, 1000, 1024).astype(np.int32)
    sums = np.zeros(4, np.float32)
    maxes = np.zeros(4, np.int32)
    sim.run(load(ctx, "warp_reduce.mlir"), a, b, sums, maxes, seed=seed)
    np.testing.assert_array_equal(sums, a.reshape(4, 256).sum(axis=1))
    np.testing.assert_array_equal(maxes, b.reshape(4, 256).max(axis=1))


@pytest.mark.parametrize("seed", SEEDS)
def test_mma_sync_tile(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, (16, 16), np.float16)
    bt = ints(rng, (8, 16), np.float16)
    c = np.zeros((16, 8), np.float32)
    c16 = np.zeros((16, 8), np.float16)
    sim.run(load(ctx, "mma_sync_tile.mlir"), a, bt, c, c16, seed=seed)
    ref = a.astype(np.float32) @ bt.astype(np.float32).T
    np.testing.assert_array_equal(c, ref)
    np.testing.assert_array_equal(c16, ref.astype(np.float16))


@pytest.mark.parametrize("seed", SEEDS)
def test_wgmma_tile(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, (64, 64), np.float16)
    bt = ints(rng, (64, 64), np.float16)
    c = np.zeros((64, 64), np.float32)
    sim.run(load(ctx, "wgmma_tile.mlir"),
            sim.TensorMap(a, (64, 64), swizzle="128B"),
            sim.TensorMap(bt, (64, 64), swizzle="128B"), c, seed=seed)
    np.testing.assert_array_equal(
        c, a.astype(np.float32) @ bt.astype(np.float32).T)


@pytest.mark.parametrize("seed", SEEDS)
def test_tcgen05_tile(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, (128, 64), np.float16)
    bt = ints(rng, (64, 64), np.float16)
    c = np.zeros((128, 64), np.float32)
    sim.run(load(ctx, "tcgen05_tile.mlir"),
            sim.TensorMap(a, (64, 128), swizzle="128B"),
            sim.TensorMap(bt, (64, 64), swizzle="128B"), c, seed=seed)
    np.testing.assert_array_equal(
        c, a.astype(np.float32) @ bt.astype(np.float32).T)


def test_wgmma_real_values(ctx):
    # Non-integer inputs: f16 products summed in f32 agree with NumPy's
    # f32 matmul of the f16 values to f32 rounding.
    rng = np.random.default_rng(7)
    a = rng.standard_normal((64, 64)).astype(np.float16)
    bt = rng.standard_normal((64, 64)).astype(np.float16)
    c = np.zeros((64, 64), np.float32)
    sim.run(load(ctx, "wgmma_tile.mlir"),
            sim.TensorMap(a, (64, 64), swizzle="128B"),
            sim.TensorMap(bt, (64, 64), swizzle="128B"), c)
    ref = a.astype(np.float64) @ bt.astype(np.float64).T
    np.testing.assert_allclose(c, ref, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("seed", SEEDS)
def test_warp_sum(ctx, seed):
    rng = np.random.default_rng(seed)
    x = ints(rng, 32768, np.float32)
    y = np.full(128, -1, np.float32)
    stats = sim.run(load(ctx, "warp_sum.mlir"), x, y, seed=seed)
    np.testing.assert_array_equal(y, x.reshape(128, 256).sum(axis=1))
    assert stats.ctas == 8 and stats.threads == 4096


@pytest.mark.parametrize("seed", SEEDS)
def test_cta_sum(ctx, seed):
    rng = np.random.default_rng(seed)
    x = ints(rng, (64, 1024), np.float32)
    y = np.full(64, -1, np.float32)
    stats = sim.run(load(ctx, "cta_sum.mlir"), x, y, seed=seed)
    np.testing.assert_array_equal(y, x.sum(axis=1))
    assert stats.ctas == 64 and stats.threads == 64 * 256


@pytest.mark.parametrize("seed", SEEDS)
def test_py_func(ctx, seed):
    # The kernel runs in the simulator; the module's Python function
    # (tirx.py_func @twice, its source taken from the IR) is defined as the
    # launcher defines it, with `cls.axpy` launching the simulated kernel.
    module = load(ctx, "py_func.mlir")
    sources = [op.attributes["source"].value
               for op in module.body.operations
               if op.operation.name == "tirx.py_func"]
    assert len(sources) == 1
    launches = []

    class Package:
        @staticmethod
        def axpy(*args):
            launches.append(sim.run(module, *args, func="axpy", seed=seed))

    env = {"cls": Package}
    exec(compile(sources[0], "<tirx.py_func twice>", "exec"), env)
    rng = np.random.default_rng(seed)
    a = ints(rng, 1024, np.float32)
    b = ints(rng, 1024, np.float32)
    ref = b.copy()
    ref[:1000] = a[:1000] * 3.0 * 2 + b[:1000]
    env["twice"](a, b, 3.0, 1000)
    np.testing.assert_array_equal(b, ref)
    assert len(launches) == 2 and all(s.ctas == 8 for s in launches)


@pytest.mark.parametrize("seed", SEEDS)
def test_wgmma_gemm_tile(ctx, seed):
    # Tile primitives: tirx.sim.Kernel dispatches them (the module's
    # #tirx.target is sm_90a) and resolves the layouts before decoding.
    rng = np.random.default_rng(seed)
    a = ints(rng, (64, 64), np.float16)
    bt = ints(rng, (64, 64), np.float16)
    c = np.full((64, 64), -1, np.float32)
    stats = sim.run(load(ctx, "wgmma_gemm_tile.mlir"), a, bt, c,
                    sim.TensorMap(a, (64, 64), swizzle="128B"),
                    sim.TensorMap(bt, (64, 64), swizzle="128B"), seed=seed)
    np.testing.assert_array_equal(
        c, a.astype(np.float32) @ bt.astype(np.float32).T)
    assert stats.async_ops > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_tcgen05_gemm_tile(ctx, seed):
    rng = np.random.default_rng(seed)
    a = ints(rng, (128, 64), np.float16)
    bt = ints(rng, (64, 64), np.float16)
    c = np.full((128, 64), -1, np.float32)
    stats = sim.run(load(ctx, "tcgen05_gemm_tile.mlir"), a, bt, c,
                    sim.TensorMap(a, (64, 128), swizzle="128B"),
                    sim.TensorMap(bt, (64, 64), swizzle="128B"), seed=seed)
    np.testing.assert_array_equal(
        c, a.astype(np.float32) @ bt.astype(np.float32).T)
    assert stats.async_ops > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_tma_pipeline_copy(ctx, seed):
    # The module has no #tirx.target: chip= picks the variants (TMA).
    rng = np.random.default_rng(seed)
    src = ints(rng, (1024, 64), np.float16)
    dst = np.full((1024, 64), -1, np.float16)
    stats = sim.run(load(ctx, "tma_pipeline_copy.mlir"), src, dst,
                    sim.TensorMap(src, (64, 64), swizzle="128B"),
                    chip="sm_90a", seed=seed)
    np.testing.assert_array_equal(dst, src)
    # 2 CTAs x 8 tiles, one TMA load each.
    assert stats.async_ops == 16


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("n", [1, 256, 1000, 1025])
def test_axpy_dynamic(ctx, seed, n):
    # The host part reads the length (tirx.buffer_dim) and computes the
    # grid: ceil(n / 256) CTAs.
    rng = np.random.default_rng(seed)
    a = ints(rng, n, np.float32)
    b = ints(rng, n, np.float32)
    ref = a * 3.0 + b
    stats = sim.run(load(ctx, "axpy_dynamic.mlir"), a, b, 3.0, seed=seed)
    np.testing.assert_array_equal(b, ref)
    assert stats.ctas == (n + 255) // 256


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("rows", [1024, 1000, 64, 1])
def test_tma_tile_copy(ctx, seed, rows):
    # The host part encodes the tensor map over the ?x64 input (its row
    # count read with tirx.buffer_dim); rows past the input's end arrive
    # as zeros (TMA out-of-bounds fill).
    rng = np.random.default_rng(seed)
    a = ints(rng, (rows, 64), np.float16)
    b = np.full((1024, 64), -1, np.float16)
    ref = np.zeros((1024, 64), np.float16)
    ref[:rows] = a
    stats = sim.run(load(ctx, "tma_tile_copy.mlir"), a, b, seed=seed)
    np.testing.assert_array_equal(b, ref)
    assert stats.ctas == 16 and stats.async_ops == 16


def test_host_part_errors(ctx):
    # An empty input: the encoded tensor map and the computed grid are
    # invalid, reported at the host op / the launch.
    empty = np.zeros((0, 64), np.float16)
    with pytest.raises(MLIRError, match="invalid tensor map: globalDim"):
        sim.run(load(ctx, "tma_tile_copy.mlir"), empty,
                np.zeros((1024, 64), np.float16))
    with pytest.raises(MLIRError, match="grid extent 0 computed on the host "
                                        "is 0"):
        sim.run(load(ctx, "axpy_dynamic.mlir"), np.zeros(0, np.float32),
                np.zeros(0, np.float32), 1.0)
