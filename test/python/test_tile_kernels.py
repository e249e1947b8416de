"""The tile-only example kernels (examples/kernels/tile_gemm.py,
tile_softmax.py: no T.ptx) in the CPU simulator against NumPy, compiled
to PTX and assembled by ptxas for the chips they claim."""

import os
import sys

import numpy as np
import pytest

import tirx

sim = pytest.importorskip("tirx.sim", reason="the CPU simulator is not in this build")

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "examples"))

from kernels import tile_gemm, tile_softmax  # noqa: E402

from script.helpers import assemble  # noqa: E402


def _no_ptx_ops(kernel, module):
    """The PTX-level ops the kernel has besides the CTA barrier of
    T.cuda.cta_sync (the source writes no T.ptx)."""
    src = open(module.__file__).read()
    assert "T.ptx." not in src and "T.ptx[" not in src
    found = []

    def visit(op):
        if op.name.startswith("tirx.ptx.") and op.name != "tirx.ptx.barrier.sync":
            found.append(op.name)
    kernel.module.operation.walk(visit)
    return found


@pytest.mark.parametrize("make,chips", [
    (tile_gemm.make_gemm_mma, ["sm_80", "sm_90a", "sm_100a"]),
    (tile_gemm.make_gemm_wgmma, ["sm_90a"]),
], ids=["mma", "wgmma"])
def test_tile_gemm(make, chips):
    M, N, K = 128, 64, 128
    k = make(M, N, K)
    assert _no_ptx_ops(k, tile_gemm) == []  # tile primitives only
    for chip in chips:
        assemble(tirx.compile(k, target=chip), chip)
    rng = np.random.default_rng(7)
    a = rng.standard_normal((M, K)).astype(np.float16)
    bt = rng.standard_normal((N, K)).astype(np.float16)
    c = np.full((M, N), np.nan, np.float32)
    sim.run(k, a, bt, c, chip="sm_90a")
    want = a.astype(np.float32) @ bt.astype(np.float32).T
    assert not np.isnan(c).any()
    np.testing.assert_allclose(c, want, rtol=2e-3, atol=2e-3)


# exp is ex2.approx in the PTX: the levels agree within a few ulps (2 seen)
@pytest.mark.sim_ulps(16)
def test_tile_softmax():
    R, C = 8, 64
    k = tile_softmax.make_softmax(R, C)
    assert _no_ptx_ops(k, tile_softmax) == []
    for chip in ("sm_90a", "sm_100a"):
        assemble(tirx.compile(k, target=chip), chip)
    x = np.random.default_rng(8).standard_normal((R, C)).astype(np.float32) * 3
    y = np.full((R, C), np.nan, np.float32)
    sim.run(k, x, y, chip="sm_90a")
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)
