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


@needs_ptxas
@pytest.mark.skipif(ASAN, reason="GEMM builds take ~10x longer under ASan; "
                    "the normal build runs them")
@pytest.mark.parametrize("cfg", [dict(BN=128, CLUSTER=1), dict(BN=256, STAGES=3, CLUSTER=2)],
                         ids=["bn128", "bn256-cluster2"])
def test_hopper_gemm(cfg):
    k = hopper_gemm.make_gemm(512, 512, 256, **cfg)
    ptx, _ = common.compile_kernel(k, "sm_90a")
    bn = cfg["BN"]
    assert f"wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.bf16.bf16" in ptx
    assert re.search(r"setmaxnreg.dec.sync.aligned.u32\s+40;", ptx)
    assert re.search(r"setmaxnreg.inc.sync.aligned.u32\s+232;", ptx)
    assert "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" in ptx
    assert "cp.async.bulk.tensor.2d.global.shared::cta" in ptx
    assert re.search(r"wgmma.wait_group.sync.aligned\s+1;", ptx)
    if cfg["CLUSTER"] == 2:
        assert ".multicast::cluster" in ptx
        assert "mapa" in ptx and "barrier.cluster.arrive" in ptx
    else:
        assert ".multicast::cluster" not in ptx
    _build(ptx, "sm_90a", "gemm")


@needs_ptxas
@pytest.mark.skipif(ASAN, reason="attention builds take ~10x longer under ASan; "
                    "the normal build runs them")
@pytest.mark.parametrize("D,causal", [(64, True), (128, False)])
def test_flash_attention(D, causal):
    k = flash_attention.make_attention(2, 256, D, causal)
    ptx, _ = common.compile_kernel(k, "sm_90a")
    bn = flash_attention.config_for(D)["BN"]
    # S = Q K^T: both operands in shared memory, K-major
    ss = re.findall(rf"wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.bf16.bf16 "
                    r"\{[^}]*\}, %rd\d+, %rd\d+, p, 1,\s+1, 0,\s+0;", ptx)
    assert len(ss) == D // 16
    # O += P V: P from registers, V transposed (imm-trans-b = 1)
    rs = re.findall(rf"wgmma.mma_async.sync.aligned.m64n{D}k16.f32.bf16.bf16 "
                    r"\{[^}]*\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, %rd\d+, %p, 1, 1, 1;", ptx)
    assert len(rs) == bn // 16
    assert "ex2.approx" in ptx and "shfl.sync.bfly" in ptx
    # the causal mask is one select per score of a thread (BN / 2 of them)
    masks = len(re.findall(r"selp\.(?:f32|b32)", ptx))
    assert masks == (bn // 2 if causal else 0)
    _build(ptx, "sm_90a", "attention")


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
    assert flash_attention.flops(1, 1024, 64, True) * 2 == flash_attention.flops(1, 1024, 64, False)
    assert flash_attention.launch(8, 1024, 128, flash_attention.config_for(128))["grid"] == (8, 8, 1)


def test_gemm_tuning_table_and_config_checks():
    assert hopper_gemm.config_for(128, 4096, 4096)["BN"] == 128
    big = hopper_gemm.config_for(8192, 8192, 8192)
    assert (big["BN"], big["CLUSTER"], big["STAGES"]) == (256, 2, 3)
    assert hopper_gemm.config_for(8192, 8192, 8192, STAGES=2)["STAGES"] == 2
    with pytest.raises(ValueError, match="not a multiple of the tile"):
        hopper_gemm.make_gemm(100, 128, 64, CLUSTER=1, BN=128)
    with pytest.raises(ValueError, match="bytes of shared memory"):
        hopper_gemm.make_gemm(1024, 1024, 1024, BN=256, STAGES=5, CLUSTER=1)
    with pytest.raises(ValueError, match="BK must be 64"):
        hopper_gemm.make_gemm(1024, 1024, 1024, BK=32)
    l = hopper_gemm.launch(8192, 8192, 8192, big)
    assert l["grid"] == (132, 1, 1) and l["block"] == (384, 1, 1) and l["cluster"] == (2, 1, 1)
    assert l["smem"] == hopper_gemm.shared_bytes(big) <= 227 * 1024


def test_ptxas_rejection_is_reported():
    if find_ptxas() is None:
        pytest.skip("ptxas not found")
    with pytest.raises(RuntimeError, match="ptxas rejected"):
        common.ptxas_stats(".version 8.0\n.target sm_90a\n.address_size 64\nbogus;\n")
