#!/usr/bin/env python3
"""Kernel benchmark: the TIRx script kernels (examples/kernels) against the
vendor libraries, measured in the same run on one GPU.

This file says WHAT is measured: the benchmark rows (problem shapes and
the kernels' configurations for them), the configurations the CPU
simulator runs at the smallest problem that exercises each row's tile
shape, stages, cluster and schedule (test/python/test_kernels_sim.py), and
the small configurations compute-sanitizer checks. The device check
(bench/gpu/device_check.py) builds every row into a kernel package and
runs it on the GPU through the launcher, as `tirx.build` callables:

    python3 bench/gpu/kernel_bench.py build [OUT] [--quick] [--dry-run]
        the device-check bundle with the benchmark rows only
    python3 OUT/device_check.py --out RESULTS [--only gemm]
        on the GPU machine (see device_check.py)

References, timed in the same run with CUDA events (L2 flushed, median):
cuBLAS through torch.matmul, scaled_dot_product_attention, a device copy,
torch.add; Triton's tutorial matmul as a second GEMM peer when Triton
imports. The Blackwell GEMM is sm_100a only: built and listed, never run on
a Hopper GPU.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

SQUARE = [1024, 2048, 4096, 8192, 16384]
LLM_NK = [(4096, 4096), (14336, 4096), (4096, 14336), (8192, 8192)]
LLM_M = [16, 256, 2048, 8192]
ATTN = [(64, 1024), (64, 4096), (16, 8192)]     # (batch * heads, sequence)
COPY_BYTES = [256 << 20, 1 << 30]
EW_ELEMS = [64 << 20, 256 << 20]


def _kernels():
    sys.path.insert(0, os.path.join(REPO, "examples"))
    from kernels import (blackwell_gemm, bulk_copy, elementwise,
                         flash_attention, hopper_gemm)
    return blackwell_gemm, bulk_copy, elementwise, flash_attention, hopper_gemm


def _bf16(name, shape, fill):
    return {"name": name, "tensor": list(shape), "dtype": "bfloat16", "fill": fill}


def _f32(name, shape, fill):
    return {"name": name, "tensor": list(shape), "dtype": "float32", "fill": fill}


# ---------------------------------------------------------------------------
# The rows
# ---------------------------------------------------------------------------

def gemm_cases(quick=False):
    """bf16 GEMM rows: C (M x N) = A (M x K) @ B^T, B given N x K. A row's M
    is padded to the kernel's tile height (the padding rows are computed
    and checked, the rate counts the M rows)."""
    *_, hopper_gemm = _kernels()
    shapes = [(n, n, n) for n in SQUARE]
    shapes += [(m, n, k) for (n, k) in LLM_NK for m in LLM_M
               if (m, n, k) not in shapes]
    if quick:
        shapes = [(256, 256, 128)]
    out = []
    for m, n, k in shapes:
        cfg = hopper_gemm.config_for(m, n, k)
        tile_m = cfg["BM"] * cfg["CLUSTER"]
        mp = -(-m // tile_m) * tile_m
        cfg = hopper_gemm.config_for(mp, n, k)
        out.append(dict(
            id="gemm-%dx%dx%d" % (m, n, k), group="gemm bf16", kernel="hopper_gemm",
            function="gemm", shape="%dx%dx%d" % (m, n, k), M=m, N=n, K=k, M_pad=mp,
            config=cfg, build=dict(module="hopper_gemm", fn="make_gemm",
                                   args=[mp, n, k], kwargs={}, chip="sm_90a"),
            args=[_bf16("A", (mp, k), "randn"), _bf16("B", (n, k), "randn"),
                  _bf16("C", (mp, n), "poison")],
            reference="gemm", ref="cuBLAS", work=2 * m * n * k, unit="TFLOP/s",
            tolerance=1e-2, flush_l2=True, triton=n == m == k))
    return out


def attention_cases(quick=False):
    *_, flash_attention, _gemm = _kernels()
    out = []
    for D in (64, 128):
        for causal in (False, True):
            for bh, s in ([(2, 256)] if quick else ATTN):
                cfg = flash_attention.config_for(D)
                out.append(dict(
                    id="attention-d%d-%dx%d%s" % (D, bh, s, "-causal" if causal else ""),
                    group="attention d%d" % D, kernel="flash_attention",
                    function="attention",
                    shape="%dx%d%s" % (bh, s, " causal" if causal else ""),
                    BH=bh, S=s, D=D, causal=causal, config=cfg,
                    build=dict(module="flash_attention", fn="make_attention",
                               args=[bh, s, D, causal], kwargs={}, chip="sm_90a"),
                    args=[_bf16(n, (bh * s, D), "randn") for n in "QKV"] +
                         [_bf16("O", (bh * s, D), "poison")],
                    reference="attention", ref="SDPA",
                    work=flash_attention.flops(bh, s, D, causal), unit="TFLOP/s",
                    tolerance=2e-2, flush_l2=True))
            if quick:
                return out
    return out


def copy_cases(quick=False):
    _bw, bulk_copy, *_ = _kernels()
    out = []
    for nbytes in ([1 << 22] if quick else COPY_BYTES):
        n = nbytes // 4
        out.append(dict(
            id="copy-%dMiB" % (nbytes >> 20), group="copy", kernel="bulk_copy",
            function="bulk_copy", shape="%d MiB" % (nbytes >> 20), bytes=nbytes,
            build=dict(module="bulk_copy", fn="make_copy", args=[nbytes], kwargs={},
                       chip="sm_90a"),
            args=[_f32("A", (n,), "randn"), _f32("B", (n,), "poison")],
            reference="copy", ref="copy_", work=bulk_copy.bytes_moved(nbytes),
            unit="TB/s", tolerance=0.0, flush_l2=True))
    return out


def elementwise_cases(quick=False):
    _bw, _copy, elementwise, *_ = _kernels()
    out = []
    for n in ([1 << 20] if quick else EW_ELEMS):
        out.append(dict(
            id="axpy-%dM" % (n >> 20), group="elementwise", kernel="elementwise",
            function="axpy", shape="%dM f32" % (n >> 20), n=n,
            build=dict(module="elementwise", fn="make_axpy", args=[n], kwargs={},
                       chip="sm_90a"),
            args=[_f32("A", (n,), "randn"), _f32("B", (n,), "randn"),
                  _f32("C", (n,), "poison"), {"name": "alpha", "scalar": 2.5}],
            reference="axpy3", ref="torch.add", work=elementwise.bytes_moved(n),
            unit="TB/s", tolerance=1e-6, flush_l2=True))
    return out


def benchmark_cases(quick=False):
    return (gemm_cases(quick) + attention_cases(quick) + copy_cases(quick) +
            elementwise_cases(quick))


def not_run():
    """Kernels built for the record but not run on a Hopper GPU."""
    return [dict(kernel="blackwell_gemm", function="gemm", shape="4096x4096x4096",
                 build=dict(module="blackwell_gemm", fn="make_gemm",
                            args=[4096, 4096, 4096], kwargs={"CTA_GROUP": 2},
                            chip="sm_100a"),
                 reason="sm_100a (tcgen05): no Blackwell GPU; built by ptxas only")]


# ---------------------------------------------------------------------------
# The simulator's rows and the sanitizer's configurations
# ---------------------------------------------------------------------------

def gemm_sim_configs():
    """[(config, (M, N, K))]: each distinct GEMM configuration of the
    benchmark rows at the smallest problem that exercises it: two tiles per
    cluster's worth of rows (every CTA of each of two clusters works), one
    tile of N, one k-block more than the stages (the ring wraps), the
    persistent grid min(SMS, tiles) as on the GPU."""
    *_, hopper_gemm = _kernels()
    seen, out = set(), []
    for c in gemm_cases(quick=False):
        cfg = c["config"]
        key = tuple(sorted(cfg.items()))
        if key in seen:
            continue
        seen.add(key)
        M = 2 * cfg["BM"] * cfg["CLUSTER"]
        out.append((dict(cfg), (M, cfg["BN"], cfg["BK"] * (cfg["STAGES"] + 1))))
    return out


def attention_sim_configs():
    """[(BH, S, D, causal)]: each attention configuration (head dim, causal
    or not; the key block and stages come from the head dim) at the
    smallest sequence whose key blocks outnumber the stages, for two
    (batch, head) pairs (the grid's second dimension)."""
    *_, flash_attention, _gemm = _kernels()
    out = []
    for D in (64, 128):
        cfg = flash_attention.config_for(D)
        need = cfg["BN"] * (cfg["STAGES"] + 1)
        S = -(-need // flash_attention.BM) * flash_attention.BM
        for causal in (False, True):
            out.append((2, S, D, causal))
    return out


def blackwell_sim_configs():
    """[(config, (M, N, K))]: the Blackwell GEMM's default configuration at
    its smallest problem with more k-blocks than stages. (Its cta_group::2
    form, the not-run row's, is not modeled by the simulator:
    tcgen05.alloc.cta_group::2.)"""
    blackwell_gemm, *_ = _kernels()
    cfg = blackwell_gemm.config_for(128, 256, 64)
    return [(dict(cfg), (128, cfg["BN"], 64 * (cfg["STAGES"] + 1)))]


def copy_sim_bytes():
    """Two CTAs of the benchmark's copy configuration (each moves PER_CTA
    chunks through STAGES stages: the ring wraps)."""
    _bw, bulk_copy, *_ = _kernels()
    d = bulk_copy.DEFAULT
    return 2 * d["CHUNK"] * d["PER_CTA"]


def elementwise_sim_elems():
    _bw, _copy, elementwise, *_ = _kernels()
    d = elementwise.DEFAULT
    return 2 * d["THREADS"] * d["VEC"]


def sanitizer_cases():
    """One small configuration per kernel for compute-sanitizer: the rows'
    configurations at the simulator's problem sizes."""
    cfg, (M, N, K) = [c for c in gemm_sim_configs() if c[0]["CLUSTER"] > 1][0]
    out = [dict(
        id="sanitize-gemm-%dx%dx%d" % (M, N, K), group="sanitizer", kernel="hopper_gemm",
        function="gemm", shape="%dx%dx%d" % (M, N, K), M=M, N=N, K=K, M_pad=M,
        build=dict(module="hopper_gemm", fn="make_gemm", args=[M, N, K],
                   kwargs=dict(cfg), chip="sm_90a"),
        args=[_bf16("A", (M, K), "randn"), _bf16("B", (N, K), "randn"),
              _bf16("C", (M, N), "poison")],
        reference="gemm", tolerance=1e-2)]
    bh, s, d, causal = [a for a in attention_sim_configs() if a[3]][0]
    out.append(dict(
        id="sanitize-attention-d%d-%dx%d-causal" % (d, bh, s), group="sanitizer",
        kernel="flash_attention", function="attention",
        shape="%dx%d causal d%d" % (bh, s, d), BH=bh, S=s, D=d, causal=causal,
        build=dict(module="flash_attention", fn="make_attention",
                   args=[bh, s, d, causal], kwargs={}, chip="sm_90a"),
        args=[_bf16(n, (bh * s, d), "randn") for n in "QKV"] +
             [_bf16("O", (bh * s, d), "poison")],
        reference="attention", tolerance=2e-2))
    nbytes = copy_sim_bytes()
    out.append(dict(
        id="sanitize-copy-%dKiB" % (nbytes >> 10), group="sanitizer", kernel="bulk_copy",
        function="bulk_copy", shape="%d KiB" % (nbytes >> 10),
        build=dict(module="bulk_copy", fn="make_copy", args=[nbytes], kwargs={},
                   chip="sm_90a"),
        args=[_f32("A", (nbytes // 4,), "randn"), _f32("B", (nbytes // 4,), "poison")],
        reference="copy", tolerance=0.0))
    n = elementwise_sim_elems()
    out.append(dict(
        id="sanitize-axpy-%d" % n, group="sanitizer", kernel="elementwise",
        function="axpy", shape="%d f32" % n,
        build=dict(module="elementwise", fn="make_axpy", args=[n], kwargs={},
                   chip="sm_90a"),
        args=[_f32("A", (n,), "randn"), _f32("B", (n,), "randn"),
              _f32("C", (n,), "poison"), {"name": "alpha", "scalar": 2.5}],
        reference="axpy3", tolerance=1e-6))
    return out


def make_kernel(build):
    """The @T.prim_func a case's `build` entry describes."""
    import importlib
    _kernels()
    module = importlib.import_module("kernels." + build["module"])
    return getattr(module, build["fn"])(*build["args"], **build["kwargs"])


def main(argv=None):
    import argparse
    sys.path.insert(0, HERE)
    import device_check
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="the device-check bundle with the benchmark rows")
    b.add_argument("out", nargs="?", default=os.path.join(REPO, "build", "kernel-bench"))
    b.add_argument("--quick", action="store_true", help="one row per kernel")
    b.add_argument("--dry-run", action="store_true",
                   help="also run it through the fake driver (no GPU)")
    b.add_argument("--jobs", type=int, default=None)
    args = p.parse_args(argv)
    return device_check.build_command(args.out, quick=args.quick, dry_run=args.dry_run,
                                      jobs=args.jobs, examples=False, sanitize=False)


if __name__ == "__main__":
    sys.exit(main())
