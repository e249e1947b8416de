#!/usr/bin/env python3
"""Kernel benchmark: the TIRx script kernels (examples/kernels) against the
vendor libraries, measured in the same run on one GPU.

Two steps, on two machines:

  build (here, with the compiler; no GPU):
      python3 bench/gpu/kernel_bench.py build [OUT] [--quick] [--dry-run]
    compiles every case to PTX into OUT (default build/kernel-bench) with
    plan.json (launch shape, tensor maps, work per case) and copies this
    script and harness.py there. --dry-run also prints the plan; --quick
    builds one case per kernel.

  run (on the GPU machine: Python, PyTorch, cuda-bindings; no compiler):
      python3 OUT/kernel_bench.py run OUT [--repeats 15] [--only gemm]
    loads each PTX with the driver, runs it, checks it against the
    reference (cuBLAS through torch.matmul, scaled_dot_product_attention,
    a device-to-device copy, torch.add), times both with CUDA events (L2
    flushed, median of repeats) and writes OUT/results.md (the table) and
    OUT/kernels.png (the plot, when matplotlib is installed). Triton's
    tutorial matmul is timed as a second peer when Triton imports. Exits 1
    if a result is wrong.

The Blackwell GEMM is sm_100a only: it is built and listed, never run on a
Hopper GPU.
"""

import argparse
import ctypes
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))

SQUARE = [1024, 2048, 4096, 8192, 16384]
LLM_NK = [(4096, 4096), (14336, 4096), (4096, 14336), (8192, 8192)]
LLM_M = [1, 16, 128, 1024, 4096, 16384]
ATTN = [(64, 1024), (64, 4096), (16, 8192)]     # (batch * heads, sequence)
COPY_BYTES = [256 << 20, 1 << 30]
EW_ELEMS = [64 << 20, 256 << 20]


def gemm_cases(quick):
    shapes = [(n, n, n) for n in SQUARE]
    shapes += [(m, n, k) for (n, k) in LLM_NK for m in LLM_M]
    if quick:
        shapes = [(256, 256, 128)]
    return [dict(group="gemm bf16", kernel="hopper_gemm", M=m, N=n, K=k,
                 shape=f"{m}x{n}x{k}") for m, n, k in shapes]


def attention_cases(quick):
    out = []
    for D in (64, 128):
        for causal in (False, True):
            for bh, s in ([(2, 256)] if quick else ATTN):
                out.append(dict(group=f"attention d{D}", kernel="flash_attention", BH=bh,
                                S=s, D=D, causal=causal,
                                shape=f"{bh}x{s}{' causal' if causal else ''}"))
            if quick:
                return out
    return out


def build(out, quick=False, dry_run=False):
    sys.path.insert(0, os.path.join(REPO, "examples"))
    sys.path.insert(0, os.path.join(REPO, "build", "python_packages"))
    from kernels import (blackwell_gemm, bulk_copy, common, elementwise,
                         flash_attention, hopper_gemm)

    os.makedirs(out, exist_ok=True)
    cases, not_run = [], []
    t0 = time.perf_counter()

    def emit(case, func, chip, entry):
        ptx, secs = common.compile_kernel(func, chip)
        name = "%s_%d.ptx" % (case["kernel"], len(cases))
        with open(os.path.join(out, name), "w") as f:
            f.write(ptx)
        case.update(ptx=name, entry=entry, chip=chip, compile_s=round(secs, 3))
        cases.append(case)

    for c in gemm_cases(quick):
        cfg = hopper_gemm.config_for(c["M"], c["N"], c["K"])
        tile_m = cfg["BM"] * cfg["CLUSTER"]
        mp = -(-c["M"] // tile_m) * tile_m          # rows padded to the tile
        c.update(M_pad=mp, config=cfg, launch=hopper_gemm.launch(mp, c["N"], c["K"], cfg),
                 maps=hopper_gemm.tensor_maps(mp, c["N"], c["K"], cfg),
                 work=2 * c["M"] * c["N"] * c["K"], unit="TFLOP/s", ref="cuBLAS")
        emit(c, hopper_gemm.make_gemm(mp, c["N"], c["K"]), "sm_90a", "gemm")
    for c in attention_cases(quick):
        cfg = flash_attention.config_for(c["D"])
        c.update(config=cfg, launch=flash_attention.launch(c["BH"], c["S"], c["D"], cfg),
                 maps=flash_attention.tensor_maps(c["BH"], c["S"], c["D"], cfg),
                 work=flash_attention.flops(c["BH"], c["S"], c["D"], c["causal"]),
                 unit="TFLOP/s", ref="SDPA")
        emit(c, flash_attention.make_attention(c["BH"], c["S"], c["D"], c["causal"]),
             "sm_90a", "attention")
    for nbytes in ([1 << 22] if quick else COPY_BYTES):
        c = dict(group="copy", kernel="bulk_copy", bytes=nbytes, shape=f"{nbytes >> 20} MiB",
                 launch=bulk_copy.launch(nbytes), work=bulk_copy.bytes_moved(nbytes),
                 unit="TB/s", ref="copy_")
        emit(c, bulk_copy.make_copy(nbytes), "sm_90a", "bulk_copy")
    for n in ([1 << 20] if quick else EW_ELEMS):
        c = dict(group="elementwise", kernel="elementwise", n=n, shape=f"{n >> 20}M f32",
                 launch=elementwise.launch(n), work=elementwise.bytes_moved(n),
                 unit="TB/s", ref="torch.add")
        emit(c, elementwise.make_axpy(n), "sm_90a", "axpy")
    bw = dict(kernel="blackwell_gemm", M=4096, N=4096, K=4096, shape="4096x4096x4096",
              reason="sm_100a (tcgen05): no Blackwell GPU; verified by ptxas only")
    bwk = blackwell_gemm.make_gemm(4096, 4096, 4096, CTA_GROUP=2)
    ptx, secs = common.compile_kernel(bwk, "sm_100a")
    bw.update(compile_s=round(secs, 3), ptxas=common.ptxas_stats(ptx, "sm_100a")["gemm"])
    not_run.append(bw)
    plan = dict(cases=cases, not_run=not_run, build_s=round(time.perf_counter() - t0, 1))
    with open(os.path.join(out, "plan.json"), "w") as f:
        json.dump(plan, f, indent=1)
    for f in ("kernel_bench.py", "harness.py"):
        shutil.copy(os.path.join(HERE, f), os.path.join(out, f))
    if dry_run:
        print_plan(plan)
    print(f"built {len(cases)} cases into {out} in {plan['build_s']} s; on the GPU machine: "
          f"python3 {out}/kernel_bench.py run {out}")
    return plan


def print_plan(plan):
    print("plan (dry run: nothing runs without a GPU):")
    fmt = "  %-16s %-22s %-16s %-12s %-9s %-10s %s"
    print(fmt % ("kernel", "shape", "grid", "block", "cluster", "smem", "reference"))
    for c in plan["cases"]:
        l = c["launch"]
        print(fmt % (c["kernel"], c["shape"], "x".join(map(str, l["grid"])),
                     "x".join(map(str, l["block"])), "x".join(map(str, l["cluster"])),
                     l["smem"], c["ref"]))
    for c in plan["not_run"]:
        print("  %-16s %-22s not run: %s" % (c["kernel"], c["shape"], c["reason"]))


# ---------------------------------------------------------------------------
# run (on the GPU machine)
# ---------------------------------------------------------------------------

def _rel_err(torch, got, want):
    want = want.float()
    return ((got.float() - want).abs().max() / want.abs().max().clamp_min(1e-6)).item()


def _triton_matmul():
    """Triton's tutorial matmul (the blocked, grouped-order kernel), or None
    when Triton is not installed."""
    try:
        import triton
        import triton.language as tl
    except ImportError:
        return None

    @triton.jit
    def kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
        pid = tl.program_id(0)
        npm, npn = tl.cdiv(M, BM), tl.cdiv(N, BN)
        group = pid // (GM * npn)
        first = group * GM
        size = min(npm - first, GM)
        pm = first + (pid % (GM * npn)) % size
        pn = (pid % (GM * npn)) // size
        rm = (pm * BM + tl.arange(0, BM)) % M
        rn = (pn * BN + tl.arange(0, BN)) % N
        rk = tl.arange(0, BK)
        pa = a + rm[:, None] * sam + rk[None, :] * sak
        pb = b + rk[:, None] * sbk + rn[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            x = tl.load(pa, mask=rk[None, :] < K - k * BK, other=0.0)
            y = tl.load(pb, mask=rk[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(x, y, acc)
            pa += BK * sak
            pb += BK * sbk
        cm = pm * BM + tl.arange(0, BM)
        cn = pn * BN + tl.arange(0, BN)
        tl.store(c + cm[:, None] * scm + cn[None, :] * scn, acc.to(tl.bfloat16),
                 mask=(cm[:, None] < M) & (cn[None, :] < N))

    def matmul(a, b, c):
        M, K = a.shape
        N = b.shape[1]
        grid = (triton.cdiv(M, 128) * triton.cdiv(N, 256),)
        kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                     c.stride(0), c.stride(1), BM=128, BN=256, BK=64, GM=8,
                     num_warps=8, num_stages=3)
    return matmul


def run(bundle, repeats=15, only=None):
    sys.path.insert(0, bundle)
    import harness
    import torch

    with open(os.path.join(bundle, "plan.json")) as f:
        plan = json.load(f)
    props = torch.cuda.get_device_properties(0)
    print(f"GPU: {props.name} ({props.multi_processor_count} SMs), torch {torch.__version__}")
    flush = harness.l2_flush_buffer(torch)
    triton_mm = _triton_matmul()
    gen = torch.Generator(device="cuda")
    gen.manual_seed(0)
    rows, failed = [], 0
    t_start = time.perf_counter()
    for case in plan["cases"]:
        if only and only not in case["group"]:
            continue
        row = dict(kernel=case["kernel"], group=case["group"], shape=case["shape"],
                   ref=case["ref"], unit=case["unit"])
        try:
            with open(os.path.join(bundle, case["ptx"])) as f:
                kern = harness.PTXKernel(f.read(), case["entry"], case["launch"])
            ours, ref, check, extra = _setup(torch, harness, case, kern, gen, triton_mm)
            ours()
            torch.cuda.synchronize()
            row["err"] = check()
            ok = row["err"] <= (2e-2 if case["unit"] == "TFLOP/s" else 1e-5)
            row["ours_ms"] = harness.time_ms(torch, ours, repeats=repeats, flush=flush)
            row["ref_ms"] = harness.time_ms(torch, ref, repeats=repeats, flush=flush)
            scale = 1e-9      # FLOP (or bytes) per ms -> TFLOP/s (TB/s)
            row["ours_rate"] = case["work"] / row["ours_ms"] * scale
            row["ref_rate"] = case["work"] / row["ref_ms"] * scale
            row["ratio"] = row["ref_ms"] / row["ours_ms"]
            if extra is not None:
                row["triton_rate"] = case["work"] / harness.time_ms(
                    torch, extra, repeats=repeats, flush=flush) * scale
            row["status"] = "ok" if ok else "WRONG"
            failed += not ok
        except Exception as e:  # report every case, then fail
            row["status"] = "ERROR: %s: %s" % (type(e).__name__, str(e).splitlines()[0])
            failed += 1
        rows.append(row)
        print(harness.markdown_table([row]).splitlines()[-1], flush=True)
    table = harness.markdown_table(rows)
    trit = [r for r in rows if isinstance(r.get("triton_rate"), float)]
    if trit:
        table += "\n\nTriton tutorial matmul, same run (TFLOP/s):\n\n| shape | Triton |\n|---|---|\n"
        table += "\n".join("| %s | %.1f |" % (r["shape"], r["triton_rate"]) for r in trit)
    for c in plan["not_run"]:
        table += f"\n\n{c['kernel']} {c['shape']}: not run ({c['reason']})"
    with open(os.path.join(bundle, "results.md"), "w") as f:
        f.write(table + "\n")
    print("\n" + table)
    print(harness.plot(rows, os.path.join(bundle, "kernels.png")))
    print(f"{len(rows) - failed} of {len(rows)} cases passed in "
          f"{time.perf_counter() - t_start:.0f} s")
    return 1 if failed else 0


def _setup(torch, harness, case, kern, gen, triton_mm):
    """(ours, reference, check, triton-or-None) callables for one case."""
    bf16 = torch.bfloat16
    if case["kernel"] == "hopper_gemm":
        M, N, K, mp = case["M"], case["N"], case["K"], case["M_pad"]
        a = torch.zeros(mp, K, dtype=bf16, device="cuda")
        a[:M] = torch.randn(M, K, generator=gen, device="cuda").to(bf16)
        bt = torch.randn(N, K, generator=gen, device="cuda").to(bf16)   # B column-major
        c = torch.empty(mp, N, dtype=bf16, device="cuda")
        ref_c = torch.empty(M, N, dtype=bf16, device="cuda")
        maps = [harness.tensor_map(torch, t, s) for t, s in zip((a, bt, c), case["maps"])]
        args = [harness.ptr(m) for m in maps]
        a_m = a[:M]

        def ours():
            kern(torch, args)

        def ref():
            torch.matmul(a_m, bt.t(), out=ref_c)

        def check():
            ref()
            return _rel_err(torch, c[:M], ref_c)
        tri = None
        if triton_mm is not None:
            tc = torch.empty(M, N, dtype=bf16, device="cuda")
            b_cm = bt.t()

            def tri():
                triton_mm(a_m, b_cm, tc)
        return ours, ref, check, tri
    if case["kernel"] == "flash_attention":
        BH, S, D = case["BH"], case["S"], case["D"]
        q, k, v = (torch.randn(BH * S, D, generator=gen, device="cuda").to(bf16)
                   for _ in range(3))
        o = torch.empty(BH * S, D, dtype=bf16, device="cuda")
        maps = [harness.tensor_map(torch, t, s) for t, s in zip((q, k, v, o), case["maps"])]
        args = [harness.ptr(m) for m in maps]
        sdpa = torch.nn.functional.scaled_dot_product_attention
        shape4 = (1, BH, S, D)

        def ours():
            kern(torch, args)

        def ref():
            return sdpa(q.view(shape4), k.view(shape4), v.view(shape4), is_causal=case["causal"])

        def check():
            return _rel_err(torch, o.view(shape4), ref())
        return ours, ref, check, None
    if case["kernel"] == "bulk_copy":
        n = case["bytes"] // 4
        src = torch.randn(n, generator=gen, device="cuda")
        dst = torch.empty_like(src)
        dst2 = torch.empty_like(src)
        args = [harness.ptr(src), harness.ptr(dst)]
        return (lambda: kern(torch, args), lambda: dst2.copy_(src),
                lambda: _rel_err(torch, dst, src), None)
    if case["kernel"] == "elementwise":
        n = case["n"]
        a = torch.randn(n, generator=gen, device="cuda")
        b = torch.randn(n, generator=gen, device="cuda")
        c = torch.empty_like(a)
        c2 = torch.empty_like(a)
        args = [harness.ptr(a), harness.ptr(b), harness.ptr(c), (2.5, ctypes.c_float)]

        def check():
            return _rel_err(torch, c, a * 2.5 + b)
        return (lambda: kern(torch, args), lambda: torch.add(b, a, alpha=2.5, out=c2),
                check, None)
    raise ValueError(f"no setup for {case['kernel']}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("out", nargs="?", default=os.path.join(REPO, "build", "kernel-bench"))
    b.add_argument("--quick", action="store_true", help="one case per kernel")
    b.add_argument("--dry-run", action="store_true", help="print the plan")
    r = sub.add_parser("run")
    r.add_argument("bundle")
    r.add_argument("--repeats", type=int, default=15)
    r.add_argument("--only", help="run the groups whose name contains this")
    args = p.parse_args(argv)
    if args.cmd == "build":
        build(args.out, args.quick, args.dry_run)
        return 0
    return run(args.bundle, args.repeats, args.only)


if __name__ == "__main__":
    sys.exit(main())
