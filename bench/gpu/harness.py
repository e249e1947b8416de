"""The run side of the GPU checks (travels in the device-check bundle).

Everything a case needs on the GPU machine, which has Python, PyTorch and
the bundle but no compiler: building a case's arguments (fresh random
inputs, outputs poisoned with NaN), its reference and numerical check, the
timing of our kernel and the reference with CUDA events, and the result
files (results.jsonl lines, results.md, kernels.png). Every kernel is
launched through the bundle's kernel packages with the launcher
(tirx_launcher.py over libtirx_runtime.so): there is no other loader.

Timing (`time_ms`): `warmup` untimed calls, then `repeats` calls each timed
with a pair of CUDA events around the call alone, with the L2 cache flushed
before each (a write of twice the L2 size); the median is reported, so a
reference measured in the same run sees the same conditions.

Standard library only at import time (PyTorch is passed in), Python 3.8+.
"""

import json
import math
import os
import statistics
import struct
import sys
import time
import zlib

# A child process reports each record as one line with this prefix on
# stdout; the parent keeps what came before a crash or a timeout.
RECORD = "@@tirx-record@@ "
STAGE = "@@tirx-stage@@ "

# An int32 poison (0xAAAAAAAA): what an unwritten integer output holds.
POISON_INT = -0x55555556


def emit(record):
    sys.stdout.write(RECORD + json.dumps(record, sort_keys=True) + "\n")
    sys.stdout.flush()


def stage(name):
    """Marks the stage a case is in (the parent reports where it hung)."""
    sys.stdout.write(STAGE + name + "\n")
    sys.stdout.flush()


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

def time_ms(torch, fn, warmup=3, repeats=15, flush=None):
    """Median milliseconds of `fn()` over `repeats` timed calls."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeats):
        if flush is not None:
            flush.zero_()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def host_us(torch, fn, iters=20):
    """Host microseconds per call of `fn` (launches queue; no waiting)."""
    fn()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(iters):
        fn()
    t = (time.perf_counter() - t) / iters
    torch.cuda.synchronize()
    return t * 1e6


def l2_flush_buffer(torch):
    """A buffer twice the device's L2 size (an H200 has 60 MiB of L2)."""
    props = torch.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 0) or 64 << 20
    return torch.empty(2 * l2, dtype=torch.uint8, device="cuda")


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------

def fresh_seed():
    """A new seed per run (recorded, so a failure can be replayed)."""
    return int.from_bytes(os.urandom(4), "little")


def make_arg(torch, spec, gen):
    """The tensor (or scalar) for one argument spec of the plan:
    {"tensor": shape, "dtype", "fill": randn | zeros | ones | poison} or
    {"scalar": value}. Random data is N(0, 1); a poisoned output holds NaN
    (integers: 0xAAAAAAAA), so an element the kernel does not write fails
    the check."""
    if "scalar" in spec:
        return spec["scalar"]
    dtype = getattr(torch, spec["dtype"])
    shape = tuple(spec["tensor"])
    fill = spec["fill"]
    if fill == "randn":
        return torch.randn(shape, generator=gen, device="cuda",
                           dtype=torch.float32).to(dtype)
    if fill == "zeros":
        return torch.zeros(shape, dtype=dtype, device="cuda")
    if fill == "ones":
        return torch.ones(shape, dtype=dtype, device="cuda")
    if fill == "poison":
        t = torch.empty(shape, dtype=dtype, device="cuda")
        if spec["dtype"].startswith(("float", "bfloat")):
            t.fill_(float("nan"))
        else:
            t.fill_(POISON_INT)
        return t
    raise ValueError("unknown fill %r" % fill)


# ---------------------------------------------------------------------------
# Numerical checks
# ---------------------------------------------------------------------------

def compare(torch, got, want):
    """How far `got` is from `want`: the relative error
    ||got - want|| / ||want|| (2-norms, in float64), the largest absolute
    error, and the elements of `got` that are NaN or infinite where `want`
    is finite (unwritten outputs keep their NaN poison)."""
    if tuple(got.shape) != tuple(want.shape):
        raise ValueError("the output has shape %s, the reference %s"
                         % (list(got.shape), list(want.shape)))
    g = got.double()
    w = want.double()
    bad = _number((torch.isfinite(w) & ~torch.isfinite(g)).sum().item())
    if bad:
        return {"rel_err": None, "max_abs_err": None, "nonfinite": int(bad)}
    diff = g - w
    norm = _number(torch.linalg.vector_norm(w).item())
    err = _number(torch.linalg.vector_norm(diff).item())
    return {"rel_err": None if err is None else err / (norm or 1.0),
            "max_abs_err": _number(diff.abs().max().item()),
            "nonfinite": 0 if bad is not None else None}


def _number(x):
    """A finite float, else None (a dry run's values are NaN)."""
    x = float(x)
    return x if math.isfinite(x) else None


def _sdpa(torch, q, k, v, causal):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v,
                                                            is_causal=causal)


def reference(torch, case, args):
    """(timed, check) for a case: `timed` is the reference the case is
    timed against (None: no reference timing), `check()` returns the
    (name, got, want) outputs to compare. Inputs are the arguments before
    the launch (read-only inputs) or their clones (inputs the kernel
    updates, cloned here before the first launch)."""
    kind = case["reference"]
    if kind == "gemm":  # C = A @ B^T; the rows past M are padding
        A, B, C = args
        M = case["M"]
        out = torch.empty((M, B.shape[0]), dtype=A.dtype, device="cuda")
        a_m = A[:M]

        def timed():
            torch.matmul(a_m, B.t(), out=out)

        def check():
            return [("C", C, torch.matmul(A.float(), B.float().t()))]
        return timed, check
    if kind == "attention":  # O = softmax(Q K^T / sqrt(D)) V per (b, h)
        Q, K, V, O = args
        shape4 = (1, case["BH"], case["S"], case["D"])
        causal = case["causal"]
        q4, k4, v4 = (t.view(*shape4) for t in (Q, K, V))

        def timed():
            return _sdpa(torch, q4, k4, v4, causal)

        def check():
            want = _sdpa(torch, q4.float(), k4.float(), v4.float(), causal)
            return [("O", O.view(*shape4), want)]
        return timed, check
    if kind == "copy":  # B = A
        A, B = args
        out = torch.empty_like(A)
        return (lambda: out.copy_(A)), (lambda: [("B", B, A)])
    if kind == "axpy3":  # C = alpha * A + B
        A, B, C, alpha = args
        out = torch.empty_like(A)
        return ((lambda: torch.add(B, A, alpha=alpha, out=out)),
                (lambda: [("C", C, A.double() * alpha + B.double())]))
    # The example checks (bench/gpu/device_check.py's EXAMPLES).
    if kind == "dsmem":  # out[rank] = the peer's rank
        out, = args
        want = torch.tensor([1, 0], dtype=torch.int32, device="cuda")
        return None, (lambda: [("out", out, want)])
    if kind == "tma_copy":  # B = A padded with the zero rows TMA fills
        A, B = args

        def check():
            want = torch.zeros(tuple(B.shape), dtype=A.dtype, device="cuda")
            want[:A.shape[0]] = A
            return [("B", B, want)]
        return None, check
    if kind in ("axpy", "axpy_twice"):  # B = A * alpha + B for i < n
        A, B, alpha, n = args
        B0 = B.clone()
        times = 2 if kind == "axpy_twice" else 1

        def check():
            want = B0.double()
            for _ in range(times):
                want[:n] = A[:n].double() * alpha + want[:n]
            return [("B", B, want)]
        return None, check
    if kind == "axpy_all":  # B = A * alpha + B, the length from the tensors
        A, B, alpha = args
        B0 = B.clone()
        return None, (lambda: [("B", B, A.double() * alpha + B0.double())])
    if kind == "warp_sum":
        X, out = args
        return None, (lambda: [("out", out, X.double().view(128, 256).sum(1))])
    if kind == "cta_sum":
        X, out = args
        return None, (lambda: [("out", out, X.double().sum(1))])
    if kind == "copy_example":
        A, B = args
        return None, (lambda: [("B", B, A)])
    raise ValueError("no reference %r" % kind)


# ---------------------------------------------------------------------------
# One case (in its own process)
# ---------------------------------------------------------------------------

def triton_matmul():
    """Triton's tutorial matmul (blocked, grouped order), a second peer for
    the GEMM rows; None when Triton does not import."""
    try:
        import triton
        import triton.language as tl
    except Exception:  # noqa: BLE001 - a broken Triton is no peer
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
        kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                     b.stride(1), c.stride(0), c.stride(1), BM=128, BN=256,
                     BK=64, GM=8, num_warps=8, num_stages=3)
    return matmul


def run_case(torch, launcher, bundle, case, dry=False, timing=True,
             repeats=15):
    """Runs one case of the plan: returns its record. Raises on a failure
    the caller reports (a launch error, a fault at synchronization)."""
    rec = {"kind": "case", "id": case["id"], "group": case["group"],
           "kernel": case["kernel"], "shape": case["shape"],
           "unit": case.get("unit"), "ref": case.get("ref")}
    stage("load")
    pkg = launcher.load(os.path.join(bundle, case["package"]))
    fn = getattr(pkg, case.get("call") or case["function"])
    stage("inputs")
    rec["seed"] = seed = fresh_seed()
    gen = torch.Generator(device="cuda")
    gen.manual_seed(seed)
    args = [make_arg(torch, spec, gen) for spec in case["args"]]
    timed_ref, check = reference(torch, case, args)
    rec["args"] = [{"name": s.get("name"), "data": a.data_ptr(),
                    "shape": list(a.shape)} if "tensor" in s else
                   {"name": s.get("name"), "scalar": a}
                   for s, a in zip(case["args"], args)]
    stage("launch")
    fn(*args)
    torch.cuda.synchronize()
    loaded = pkg.loaded_image(0) or {}
    rec["image"] = loaded.get("kind")
    stage("check")
    outputs = []
    ok = True
    for name, got, want in check():
        m = compare(torch, got, want)
        m["name"] = name
        outputs.append(m)
        tol = case["tolerance"]
        if dry:
            continue
        if m["nonfinite"] or m["rel_err"] is None or not m["rel_err"] <= tol:
            ok = False
    rec["outputs"] = outputs
    rec["tolerance"] = case["tolerance"]
    rec["rel_err"] = max((o["rel_err"] for o in outputs
                          if isinstance(o["rel_err"], (int, float))), default=None)
    if timing:
        stage("time")
        flush = l2_flush_buffer(torch) if case.get("flush_l2") else None
        # The kernel's time: a prepared launch (the host part evaluated and
        # the descriptors encoded once), so the event pair does not also
        # measure the launcher's per-call host work; that is host_us, the
        # whole call's host time.
        ours = fn.prepare(*args) if hasattr(fn, "prepare") else (lambda: fn(*args))
        rec["ours_ms"] = time_ms(torch, ours, repeats=repeats, flush=flush)
        rec["host_us"] = host_us(torch, lambda: fn(*args))
        if timed_ref is not None:
            rec["ref_ms"] = time_ms(torch, timed_ref, repeats=repeats,
                                    flush=flush)
        if case["kernel"] == "hopper_gemm" and case.get("triton") and not dry:
            stage("triton")
            mm = triton_matmul()
            if mm is not None:
                A, B, _C = args
                tc = torch.empty((case["M"], B.shape[0]), dtype=A.dtype,
                                 device="cuda")
                a_m, b_t = A[:case["M"]], B.t()
                try:
                    rec["triton_ms"] = time_ms(torch, lambda: mm(a_m, b_t, tc),
                                               repeats=repeats, flush=flush)
                except Exception as e:  # noqa: BLE001 - a peer, not ours
                    rec["triton_error"] = "%s: %s" % (type(e).__name__, e)
        work = case.get("work")
        if work and not dry:
            scale = 1e-9  # FLOP (or bytes) per ms -> TFLOP/s (TB/s)
            if rec.get("ours_ms"):
                rec["ours_rate"] = work * scale / rec["ours_ms"]
            if rec.get("ref_ms"):
                rec["ref_rate"] = work * scale / rec["ref_ms"]
                rec["ratio"] = rec["ref_ms"] / rec["ours_ms"]
            if rec.get("triton_ms"):
                rec["triton_rate"] = work * scale / rec["triton_ms"]
    rec["status"] = "dry-run" if dry else ("ok" if ok else "WRONG")
    return rec


# ---------------------------------------------------------------------------
# The result files
# ---------------------------------------------------------------------------

def _f(x, fmt):
    return fmt % x if isinstance(x, (int, float)) and not isinstance(x, bool) \
        and math.isfinite(x) else ("-" if x is None else str(x))


def _table(head, rows):
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        out.append("| " + " | ".join(str(c).replace("|", "/") for c in r) + " |")
    return out


def markdown(records, plan, elapsed=None, partial=False):
    """results.md: environment, kernels, ceilings, cases, sanitizer, and
    what did not run, from the records so far."""
    by = {}
    for r in records:
        by.setdefault(r.get("kind"), []).append(r)
    lines = ["# TIRx device check", ""]
    if partial:
        lines += ["(partial: the run is still going or was stopped)", ""]
    env = (by.get("environment") or [{}])[0]
    if env:
        lines += ["## Environment", ""]
        lines += _table(["item", "value"], [(k, env[k]) for k in sorted(env)
                                            if k not in ("kind", "packages", "id",
                                                         "seconds")])
        pk = env.get("packages") or {}
        if pk:
            lines += ["", "Packages: " + ", ".join(
                "%s %s" % (k, v) for k, v in sorted(pk.items()))]
        lines.append("")
    ks = by.get("kernel") or []
    if ks:
        lines += ["## Kernels: the driver against ptxas", ""]
        rows = []
        for k in ks:
            rows.append((k["package"], k.get("image") or "-",
                         "%s / %s" % (_f(k.get("registers_driver"), "%d"),
                                      _f(k.get("registers_ptxas"), "%d")),
                         "%s / %s" % (k.get("params_driver") or "-",
                                      k.get("params_ptxas") or "-"),
                         _f(k.get("local_bytes"), "%d"),
                         _f(k.get("dynamic_smem"), "%d"),
                         k.get("cluster") or "-",
                         _f(k.get("max_active_clusters"), "%d"),
                         k.get("status", "")))
        lines += _table(["package", "image", "registers driver / ptxas",
                         "param bytes driver / ptxas", "local bytes",
                         "dyn smem", "cluster", "max active clusters",
                         "status"], rows)
        lines.append("")
    cs = by.get("ceiling") or []
    if cs:
        lines += ["## Ceilings (same run)", ""]
        lines += _table(["what", "ms", "rate", "status"],
                        [(c["what"], _f(c.get("ms"), "%.3f"),
                          "%s %s" % (_f(c.get("rate"), "%.1f"), c.get("unit", "")),
                          c.get("status", "")) for c in cs])
        lines.append("")
    cases = by.get("case") or []
    if cases:
        lines += ["## Cases", ""]
        rows = []
        for r in cases:
            unit = r.get("unit") or ""
            rows.append((r.get("kernel"), r.get("shape"),
                         _f(r.get("ours_ms"), "%.4f"),
                         "%s %s" % (_f(r.get("ours_rate"), "%.1f"), unit)
                         if r.get("ours_rate") is not None else "-",
                         r.get("ref") or "-", _f(r.get("ref_ms"), "%.4f"),
                         "%s %s" % (_f(r.get("ref_rate"), "%.1f"), unit)
                         if r.get("ref_rate") is not None else "-",
                         _f(r.get("ratio"), "%.2f"),
                         _f(r.get("rel_err"), "%.2e"),
                         _f(r.get("host_us"), "%.1f"),
                         r.get("image") or "-", r.get("status", "")))
        lines += _table(["kernel", "shape", "ours ms", "ours", "reference",
                         "ref ms", "ref", "ours/ref (speed)", "rel err",
                         "launch us", "image", "status"], rows)
        tri = [r for r in cases if r.get("triton_rate") is not None]
        if tri:
            lines += ["", "Triton's tutorial matmul, same run:", ""]
            lines += _table(["shape", "Triton TFLOP/s", "ours TFLOP/s"],
                            [(r["shape"], _f(r["triton_rate"], "%.1f"),
                              _f(r.get("ours_rate"), "%.1f")) for r in tri])
        lines.append("")
    ss = by.get("sanitizer") or []
    if ss:
        lines += ["## compute-sanitizer", ""]
        lines += _table(["case", "tool", "errors", "status"],
                        [(s["case"], s["tool"], _f(s.get("errors"), "%d"),
                          s.get("status", "")) for s in ss])
        lines.append("")
    notes = by.get("not_run") or []
    for n in (plan or {}).get("not_run", []):
        notes.append(n)
    if notes:
        lines += ["## Not run", ""]
        for n in notes:
            lines.append("- %s %s: %s" % (n.get("kernel", ""), n.get("shape", ""),
                                         n.get("reason", "")))
        lines.append("")
    bad = [r for r in records if r.get("status") not in
           (None, "ok", "dry-run", "skipped") and r.get("detail")]
    if bad:
        lines += ["## Failures", ""]
        for r in bad:
            lines += ["### %s %s" % (r.get("kind"), r.get("id") or r.get("case")
                                    or r.get("what") or r.get("package")), "",
                      "```", r["detail"][-4000:], "```", ""]
    counts = {}
    for r in records:
        if r.get("kind") in ("case", "kernel", "ceiling", "sanitizer"):
            counts[r.get("status", "?")] = counts.get(r.get("status", "?"), 0) + 1
    summary = ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items()))
    lines.append("Summary: %s%s." % (summary or "nothing ran",
                                     "; %.0f s" % elapsed if elapsed else ""))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# The plot
# ---------------------------------------------------------------------------

def plot(records, path):
    """kernels.png: rate (TFLOP/s or TB/s) per shape, ours against the
    references, one panel per group; with matplotlib when it imports, else
    a plain bar chart (ours/reference speed per case, no labels). Returns
    what it did."""
    rows = [r for r in records if r.get("kind") == "case"]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception:  # noqa: BLE001 - any import failure: the fallback
        return _plain_plot(rows, path)
    groups = {}
    for r in rows:
        if isinstance(r.get("ours_rate"), (int, float)):
            groups.setdefault(r["group"], []).append(r)
    if not groups:
        return _plain_plot(rows, path)
    fig, axes = plt.subplots(1, len(groups), figsize=(6 * len(groups), 4.5),
                             squeeze=False)
    for ax, (g, rs) in zip(axes[0], sorted(groups.items())):
        xs = list(range(len(rs)))
        ax.plot(xs, [r["ours_rate"] for r in rs], "o-", label="TIRx (ours)")
        pts = [(i, r["ref_rate"]) for i, r in enumerate(rs)
               if isinstance(r.get("ref_rate"), (int, float))]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "s--",
                    label=rs[0].get("ref") or "reference")
        tri = [(i, r["triton_rate"]) for i, r in enumerate(rs)
               if isinstance(r.get("triton_rate"), (int, float))]
        if tri:
            ax.plot([p[0] for p in tri], [p[1] for p in tri], "^", color="gray",
                    label="Triton tutorial")
        ax.set_xticks(xs)
        ax.set_xticklabels([r["shape"] for r in rs], rotation=60, ha="right",
                           fontsize=7)
        ax.set_ylabel(rs[0].get("unit") or "")
        ax.set_title(g)
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return "plot written to %s (matplotlib)" % path


def _plain_plot(rows, path):
    """A PNG without matplotlib: one bar per case, its height the speed
    ratio ours/reference (a line marks 1.0, bars are capped at 2.0); red
    for a wrong or failed case, gray where no ratio was measured."""
    w, h, pad = max(64, 12 * len(rows) + 16), 200, 8
    px = [[(255, 255, 255)] * w for _ in range(h)]
    base = h - pad
    one = base - (h - 2 * pad) // 2
    for x in range(w):
        px[one][x] = (120, 120, 120)
    for i, r in enumerate(rows):
        ratio = r.get("ratio")
        ok = r.get("status") in ("ok", "dry-run")
        color = (200, 40, 40) if not ok else (
            (40, 100, 200) if isinstance(ratio, (int, float)) else (170, 170, 170))
        value = min(2.0, ratio) if isinstance(ratio, (int, float)) else 0.25
        top = base - int(value / 2.0 * (h - 2 * pad))
        x0 = pad + 12 * i
        for y in range(top, base):
            for x in range(x0, x0 + 9):
                px[y][x] = color
    raw = b"".join(b"\0" + bytes(c for p in row for c in p) for row in px)

    def chunk(tag, data):
        return (struct.pack(">I", len(data)) + tag + data +
                struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))
    png = (b"\x89PNG\r\n\x1a\n" +
           chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)
    return ("plot written to %s (matplotlib is not installed: bars of the "
            "ours/reference speed per case, no labels)" % path)
