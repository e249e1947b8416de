"""Every kernel in examples/ runs in the simulator and matches NumPy.

Inputs are small integers (exact in every float format), so the results
compare exactly. Each example runs under several scheduler seeds.
"""

import os

import numpy as np
import pytest

from tirx import sim
from tirx.ir import Module

from conftest import REPO_ROOT

SEEDS = [0, 1, 2]


def load(ctx, name):
    with open(os.path.join(REPO_ROOT, "examples", name)) as f:
        return Module.parse(f.read())


def ints(rng, shape, dtype, lo=-4, hi=4):
    return rng.integers(lo, hi + 1, shape).astype(dtype)


def test_every_example_is_covered():
    names = sorted(n for n in os.listdir(os.path.join(REPO_ROOT, "examples"))
                   if n.endswith(".mlir"))
    covered = {"elementwise.mlir", "byte_pool_view.mlir",
               "dsmem_remote_arrive.mlir", "tma_tile_load.mlir",
               "warp_reduce.mlir", "mma_sync_tile.mlir", "wgmma_tile.mlir",
               "tcgen05_tile.mlir"}
    assert set(names) == covered, set(names) ^ covered


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
            sim.TensorMap(a, (128, 64), swizzle="128B"),
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
