"""The example kernels (examples/kernels): each compiles through
tirx.compile for its chips, ptxas accepts it with no spills, and the PTX
has the instructions the kernel is built around. The GEMM's configuration
checks reject shapes it cannot run."""

import os
import re
import sys

import pytest

from tirx.compiler import find_ptxas

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "examples"))

from kernels import (blackwell_gemm, bulk_copy, common, elementwise,  # noqa: E402
                     flash_attention, hopper_gemm)

ASAN = "asan" in os.environ.get("LD_PRELOAD", "")
needs_ptxas = pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")


def _build(ptx, chip, entry):
    stats = common.ptxas_stats(ptx, chip)
    assert list(stats) == [entry]
    s = stats[entry]
    assert s["spill_stores"] == 0 and s["spill_loads"] == 0, s
    assert s["stack"] == 0, s
    assert 0 < s["registers"] <= 255, s
    return s


@needs_ptxas
@pytest.mark.parametrize("chip", common.CHIPS["elementwise"])
def test_elementwise_vector_loads(chip):
    k = elementwise.make_axpy(1 << 20)
    ptx, _ = common.compile_kernel(k, chip)
    # one 16-byte access per operand (v4.b32 on sm_90a, v2.b64 on sm_100a)
    assert ptx.count("ld.global.v") == 2 and ptx.count("st.global.v") == 1
    _build(ptx, chip, "axpy")


@needs_ptxas
@pytest.mark.parametrize("chip", common.CHIPS["bulk_copy"])
def test_bulk_copy_pipeline(chip):
    k = bulk_copy.make_copy(1 << 22, STAGES=3, PER_CTA=4)
    ptx, _ = common.compile_kernel(k, chip)
    assert "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" in ptx
    assert "cp.async.bulk.global.shared::cta.bulk_group" in ptx
    assert "cp.async.bulk.wait_group.read" in ptx
    _build(ptx, chip, "bulk_copy")


def _budget(s, dec, inc, consumers=2):
    """The setmaxnreg split: every warpgroup enters with ptxas's register
    count R; the producer's decrease to `dec` must free what the consumers'
    increase to `inc` takes, else the increase waits forever."""
    R = s["registers"]
    assert 128 * (1 + consumers) * R <= 65536, s
    assert 128 * (R - dec) >= 128 * consumers * (inc - R), (
        f"ptxas allocates {R} registers per thread: the producer's "
        f"setmaxnreg.dec {dec} frees too few for the consumers' inc {inc}")


GEMM_CASES = [
    # (dtype, config, M, N, K)
    ("bfloat16", dict(SCHEDULE="pingpong", BN=256, STAGES=4, CLUSTER_M=2, CLUSTER_N=1), 512, 512, 256),
    ("bfloat16", dict(SCHEDULE="cooperative", BN=256, STAGES=4, CLUSTER_M=1, CLUSTER_N=2), 512, 512, 256),
    ("bfloat16", dict(SCHEDULE="cooperative", BN=128, STAGES=6, CLUSTER_M=1, CLUSTER_N=1,
                      SPLIT_K=4), 128, 512, 2048),
    ("float16", dict(SCHEDULE="pingpong", BN=256, STAGES=4, CLUSTER_M=1, CLUSTER_N=1), 256, 512, 256),
    ("float8_e4m3fn", dict(SCHEDULE="pingpong", BN=256, STAGES=4, CLUSTER_M=2, CLUSTER_N=1),
     512, 512, 512),
]


@needs_ptxas
@pytest.mark.skipif(ASAN, reason="GEMM builds take ~10x longer under ASan; "
                    "the normal build runs them")
@pytest.mark.parametrize("dtype,cfg,M,N,K", GEMM_CASES,
                         ids=["pingpong-2x1", "coop-1x2", "coop-splitk", "fp16-pingpong",
                              "fp8-pingpong-2x1"])
def test_hopper_gemm(dtype, cfg, M, N, K):
    k = hopper_gemm.make_gemm(M, N, K, dtype=dtype, **cfg)
    full = hopper_gemm.config_for(M, N, K, dtype=dtype, **cfg)
    ptx, _ = common.compile_kernel(k, "sm_90a")
    bn = cfg["BN"]
    wt = hopper_gemm.DTYPES[dtype][0]
    wk = hopper_gemm.DTYPES[dtype][2]
    assert f"wgmma.mma_async.sync.aligned.m64n{bn}k{wk}.f32.{wt}.{wt}" in ptx
    assert re.search(r"setmaxnreg.dec.sync.aligned.u32\s+40;", ptx)
    assert re.search(r"setmaxnreg.inc.sync.aligned.u32\s+232;", ptx)
    assert "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" in ptx
    assert re.search(r"wgmma.wait_group.sync.aligned\s+1;", ptx)
    # the epilogue: stmatrix into the swizzled staging tile, TMA store,
    # the staging tile reused once its store has read it
    assert re.search(r"stmatrix\.sync\.aligned\.(?:m8n8\.)?x4\.shared(?:::cta)?\.b16", ptx)
    assert "st.shared.b16" not in ptx and "st.shared.u16" not in ptx
    assert "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" in ptx
    assert "cp.async.bulk.wait_group.read" in ptx
    assert ptx.count("prefetch.tensormap") == 3
    cluster = cfg["CLUSTER_M"] * cfg["CLUSTER_N"]
    if cluster > 1:
        # one operand multicast to both CTAs; stages released to both
        # producers with cta-scope releases (no MEMBAR.GPU per arrive)
        assert ".multicast::cluster" in ptx
        assert "mapa" in ptx and "barrier.cluster.arrive" in ptx
        # (PTX's default semantics of the sink form are .release.cta, the
        # form LLVM prints)
        assert re.search(r"mbarrier\.arrive(?:\.release\.cta)?\.shared::cluster\.b64\s+_,", ptx)
        assert "mbarrier.arrive.release.cluster" not in ptx
    else:
        assert ".multicast::cluster" not in ptx
    # the ping-pong order: named barriers of the two math warpgroups (256)
    turns = re.findall(r"bar(?:rier)?\.(?:sync|arrive)(?:\.aligned)?\s+[^,;]+,\s*256;", ptx)
    if cfg["SCHEDULE"] == "pingpong":
        assert any("arrive" in t for t in turns) and any("sync" in t for t in turns)
    else:
        assert not turns
    if full["SPLIT_K"] > 1:
        assert re.search(r"atom(?:\.relaxed)?(?:\.gpu)?\.global\.add\.[su]32", ptx)
        assert "fence.acq_rel.gpu" in ptx
    else:
        assert "atom." not in ptx
    s = _build(ptx, "sm_90a", "gemm")
    _budget(s, 40, 232)


@needs_ptxas
@pytest.mark.skipif(ASAN, reason="attention builds take ~10x longer under ASan; "
                    "the normal build runs them")
@pytest.mark.parametrize("D,causal,dtype", [(64, True, "bfloat16"), (128, False, "bfloat16"),
                                            (128, True, "float16"), (256, True, "bfloat16")])
def test_flash_attention(D, causal, dtype):
    k = flash_attention.make_attention(2, 512, D, causal, dtype=dtype)
    ptx, _ = common.compile_kernel(k, "sm_90a")
    cfg = flash_attention.config_for(D)
    bn = cfg["BN"]
    wt = flash_attention.DTYPES[dtype]
    # S = Q K^T: both operands in shared memory, K-major
    ss = re.findall(rf"wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.{wt}.{wt} "
                    r"\{[^}]*\}, %rd\d+, %rd\d+, p, 1,\s+1, 0,\s+0;", ptx)
    assert ss and len(ss) % (D // 16) == 0
    # O += P V: P from registers, V transposed (imm-trans-b = 1)
    rs = re.findall(rf"wgmma.mma_async.sync.aligned.m64n{D}k16.f32.{wt}.{wt} "
                    r"\{[^}]*\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, %rd\d+, %p, 1, 1, 1;", ptx)
    assert rs and len(rs) % (bn // 16) == 0
    # intra-warpgroup overlap: the loop keeps the PV product in flight
    # across the QK^T of the next block
    assert re.search(r"wgmma.wait_group.sync.aligned\s+1;", ptx)
    # exp2 with the scale folded (one FFMA) and .ftz
    assert "ex2.approx.ftz.f32" in ptx and "ex2.approx.f32" not in ptx
    assert "shfl.sync.bfly" in ptx
    # the GEMM turns of the two consumer warpgroups: named barriers of 256
    assert re.search(r"bar(?:rier)?\.arrive(?:\.aligned)?\s+[^,;]+,\s*256;", ptx)
    assert re.search(r"bar(?:rier)?\.sync(?:\.aligned)?\s+[^,;]+,\s*256;", ptx)
    # K and V on separate barriers: qbar + 4 per stage
    assert ptx.count("mbarrier.init") == 1 + 4 * cfg["STAGES"]
    # the causal mask: at most one select of -inf per score of the blocks
    # crossing the diagonal (BM / BN of them, the first ones walked; LLVM
    # folds a few), none in the loop over the other blocks
    masks = len(re.findall(r"selp\.(?:f32|b32)\s+%\w+,\s*0fFF800000", ptx))
    masked_blocks = (flash_attention.BM // bn) if causal else 0
    assert masks <= masked_blocks * (bn // 2)
    assert (masks > masked_blocks * (bn // 2) * 3 // 4) if causal else masks == 0
    # the epilogue writes O with stmatrix into the Q tile and stores it by TMA
    assert re.search(r"stmatrix\.sync\.aligned\.(?:m8n8\.)?x4\.shared(?:::cta)?\.b16", ptx)
    assert ptx.count("prefetch.tensormap") == 4
    s = _build(ptx, "sm_90a", "attention")
    _budget(s, 24, 240)


@needs_ptxas
@pytest.mark.parametrize("group", [1, 2])
def test_blackwell_gemm(group):
    """sm_100a only: ptxas is this kernel's only check on this project's
    machines (no Blackwell GPU)."""
    k = blackwell_gemm.make_gemm(512, 512, 256, CTA_GROUP=group)
    ptx, _ = common.compile_kernel(k, "sm_100a")
    g = f"cta_group::{group}"
    assert f"tcgen05.alloc.{g}.sync.aligned.shared::cta.b32" in ptx
    # BK / 16 = 4 per k block; the 4 k blocks of K = 256 may be unrolled
    assert len(re.findall(rf"tcgen05.mma.{g}.kind::f16", ptx)) in (4, 16)
    assert f"tcgen05.dealloc.{g}" in ptx
    assert "tcgen05.ld.sync.aligned.32x32b.x32.b32" in ptx
    if group == 2:
        assert "complete_tx::bytes.cta_group::2" in ptx
        assert "tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64" in ptx
    else:
        assert "multicast" not in ptx
    _build(ptx, "sm_100a", "gemm")
    with pytest.raises(RuntimeError, match="ptxas rejected"):
        common.ptxas_stats(ptx, "sm_90a")   # tcgen05 is not Hopper's


def test_blackwell_instruction_descriptor():
    d = blackwell_gemm.instr_desc(256, 256)
    assert (d >> 4) & 3 == 1 and (d >> 7) & 7 == 1 and (d >> 10) & 7 == 1
    assert (d >> 17) & 0x3F == 32 and (d >> 24) & 0x1F == 16
    with pytest.raises(ValueError, match="multiple of the tile"):
        blackwell_gemm.make_gemm(128, 256, 64, CTA_GROUP=2)


def test_attention_checks():
    with pytest.raises(ValueError, match="head dim"):
        flash_attention.make_attention(1, 128, 96)
    with pytest.raises(ValueError, match="multiple of 128"):
        flash_attention.make_attention(1, 200, 64)
    with pytest.raises(ValueError, match="bytes of shared memory"):
        flash_attention.make_attention(1, 256, 256, BN=128)
    assert "BN = 64" in flash_attention._fits(dict(BN=128, STAGES=1), 256)
    with pytest.raises(ValueError, match="dtype"):
        flash_attention.make_attention(1, 256, 64, dtype="float32")
    assert flash_attention.flops(1, 1024, 64, True) * 2 == flash_attention.flops(1, 1024, 64, False)
    # (batch * heads, query tiles): causal tiles are walked heaviest first
    assert flash_attention.launch(8, 1024, 128, flash_attention.config_for(128))["grid"] == (8, 8, 1)
    assert flash_attention.config_for(128)["BN"] == 128
    assert flash_attention.config_for(256)["BN"] == 64


def test_gemm_tuning_table_and_config_checks():
    small = hopper_gemm.config_for(128, 4096, 4096)
    assert small["BN"] == 128 and small["SCHEDULE"] == "cooperative"
    # split-K fills the SMs: 32 tiles, 4 splits of 16 k-blocks
    assert small["SPLIT_K"] == 4
    big = hopper_gemm.config_for(8192, 8192, 8192)
    assert (big["BN"], big["STAGES"], big["SCHEDULE"]) == (256, 4, "pingpong")
    assert (big["CLUSTER_M"], big["CLUSTER_N"], big["SPLIT_K"]) == (2, 1, 1)
    assert big["EPI_BUFS"] == 2
    assert hopper_gemm.config_for(8192, 8192, 8192, STAGES=5)["EPI_BUFS"] == 1
    assert hopper_gemm.config_for(8192, 8192, 8192, STAGES=2)["STAGES"] == 2
    with pytest.raises(ValueError, match="not a multiple of the tile"):
        hopper_gemm.make_gemm(100, 256, 64, CLUSTER_M=1)
    with pytest.raises(ValueError, match="bytes of shared memory"):
        hopper_gemm.make_gemm(1024, 1024, 1024, BN=256, STAGES=6, SCHEDULE="cooperative")
    with pytest.raises(ValueError, match="BK must be 64"):
        hopper_gemm.make_gemm(1024, 1024, 1024, BK=32)
    with pytest.raises(ValueError, match="cluster must be"):
        hopper_gemm.make_gemm(1024, 1024, 1024, CLUSTER_M=2, CLUSTER_N=2)
    with pytest.raises(ValueError, match="SCHEDULE"):
        hopper_gemm.make_gemm(1024, 1024, 1024, SCHEDULE="stream-k")
    with pytest.raises(ValueError, match="dtype"):
        hopper_gemm.make_gemm(1024, 1024, 1024, dtype="float32")
    # a configuration config_for returned goes back in unchanged
    assert hopper_gemm.config_for(8192, 8192, 8192, **big) == big
    with pytest.raises(ValueError, match="EPI_BUFS is derived"):
        hopper_gemm.config_for(8192, 8192, 8192, EPI_BUFS=1)
    l = hopper_gemm.launch(8192, 8192, 8192, big)
    assert l["grid"] == (132, 1, 1) and l["block"] == (384, 1, 1) and l["cluster"] == (2, 1, 1)
    assert l["smem"] == hopper_gemm.shared_bytes(big) <= 227 * 1024
    # grouped rasterization over the cluster tiles
    order = hopper_gemm.raster_order(4, 3, 2)
    assert order[:4] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert sorted(order) == [(m, n) for m in range(4) for n in range(3)]


def test_unknown_configuration_keys_are_errors():
    """A stale or misspelt key (the GEMM's former CLUSTER) is an error
    naming it, not a silently built default configuration."""
    with pytest.raises(ValueError, match=r"hopper_gemm: unknown configuration key\(s\) CLUSTER "):
        hopper_gemm.make_gemm(512, 512, 256, CLUSTER=1)
    with pytest.raises(ValueError, match="flash_attention: unknown .* BM"):
        flash_attention.make_attention(1, 256, 64, BM=64)
    with pytest.raises(ValueError, match="blackwell_gemm: unknown .* STAGE"):
        blackwell_gemm.make_gemm(512, 512, 256, STAGE=3)
    with pytest.raises(ValueError, match="elementwise: unknown .* THREAD"):
        elementwise.make_axpy(1 << 12, THREAD=128)
    with pytest.raises(ValueError, match="bulk_copy: unknown .* STAGE"):
        bulk_copy.make_copy(1 << 16, STAGE=3)


def test_ptxas_rejection_is_reported():
    if find_ptxas() is None:
        pytest.skip("ptxas not found")
    with pytest.raises(RuntimeError, match="ptxas rejected"):
        common.ptxas_stats(".version 8.0\n.target sm_90a\n.address_size 64\nbogus;\n")
