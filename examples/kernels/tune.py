#!/usr/bin/env python3
"""Tune the example kernels with tirx.autotune (docs/Profiling.md).

    python3 examples/kernels/tune.py gemm M N K [--force] [--no-verify]
    python3 examples/kernels/tune.py attention D [--force]

On a GPU machine (PyTorch and NVIDIA's cuda-bindings, as for
bench/gpu/kernel_bench.py): every config of the kernel's SPACE is compiled
in parallel, the ones that do not fit are rejected, the GEMM's are checked
in the simulator at a small size, the rest are timed with the bench/gpu
harness (CUDA events, L2 flushed, median), and the winner goes to the
tuner's cache, which `config_for` reads from then on. Without a GPU it
prints the config the kernel would use (the cache's, else the table's).
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))
sys.path.insert(0, os.path.join(REPO, "bench", "gpu"))

from kernels import flash_attention, hopper_gemm  # noqa: E402


def gemm_bench(M, N, K):
    """bench(candidate) -> ms for the GEMM on the GPU."""
    import harness
    import torch
    flush = harness.l2_flush_buffer(torch)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(0)
    a = torch.randn(M, K, generator=gen, device="cuda").to(torch.bfloat16)
    bt = torch.randn(N, K, generator=gen, device="cuda").to(torch.bfloat16)
    c = torch.empty(M, N, dtype=torch.bfloat16, device="cuda")

    def bench(cand):
        cfg = hopper_gemm.config_for(M, N, K, **cand.config)
        kern = harness.PTXKernel(cand.ptx, cand.info["name"],
                                 hopper_gemm.launch(M, N, K, cfg))
        maps = [harness.tensor_map(torch, t, s) for t, s in
                zip((a, bt, c), hopper_gemm.tensor_maps(M, N, K, cfg))]
        args = [harness.ptr(m) for m in maps]
        return harness.time_ms(torch, lambda: kern(torch, args), flush=flush)
    return bench


def attention_bench(D):
    import harness
    import torch
    BH, S = flash_attention.TUNE_SHAPE["BH"], flash_attention.TUNE_SHAPE["S"]
    flush = harness.l2_flush_buffer(torch)
    gen = torch.Generator(device="cuda")
    gen.manual_seed(0)
    q, k, v = (torch.randn(BH * S, D, generator=gen, device="cuda").to(torch.bfloat16)
               for _ in range(3))
    o = torch.empty(BH * S, D, dtype=torch.bfloat16, device="cuda")

    def bench(cand):
        cfg = flash_attention.config_for(D, **cand.config)
        kern = harness.PTXKernel(cand.ptx, cand.info["name"],
                                 flash_attention.launch(BH, S, D, cfg))
        maps = [harness.tensor_map(torch, t, s) for t, s in
                zip((q, k, v, o), flash_attention.tensor_maps(BH, S, D, cfg))]
        args = [harness.ptr(m) for m in maps]
        return harness.time_ms(torch, lambda: kern(torch, args), flush=flush)
    return bench


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("kernel", choices=("gemm", "attention"))
    p.add_argument("shape", type=int, nargs="+")
    p.add_argument("--force", action="store_true", help="re-tune a cached shape")
    p.add_argument("--no-verify", action="store_true",
                   help="skip the simulator check of each candidate")
    a = p.parse_args(argv)
    if a.kernel == "gemm":
        if len(a.shape) != 3:
            p.error("gemm takes M N K")
        t, problem, make_bench = hopper_gemm.tuner(), a.shape, gemm_bench
    else:
        if len(a.shape) != 1:
            p.error("attention takes the head dim D")
        t, problem, make_bench = flash_attention.tuner(), a.shape, attention_bench
    if a.no_verify:
        t.verify_mode = "never"
    from tirx.autotuning import _gpu
    bench = make_bench(*problem) if _gpu() is not None else None
    r = t.tune(*problem, bench=bench, force=a.force)
    if r.source == "cache":      # tune() printed the other outcomes
        print(r.table())
    return 0


if __name__ == "__main__":
    sys.exit(main())
