"""Run side of the kernel benchmark: timing, launching PTX kernels with
tensor maps, the Markdown table and the plot. Pure Python: needs PyTorch and
NVIDIA's cuda-bindings (`cuda.bindings.driver`) on the GPU machine, never
the compiler. `kernel_bench.py run` drives it.

Timing (`time_ms`): `warmup` untimed calls, then `repeats` calls each timed
with a pair of CUDA events around the call alone, with the L2 cache flushed
before each (a write of twice the L2 size); the median is reported, so a
reference measured in the same run sees the same conditions.
"""

import ctypes
import statistics
import struct


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


def l2_flush_buffer(torch):
    """A buffer twice the device's L2 size (an H200 has 60 MiB of L2)."""
    props = torch.cuda.get_device_properties(0)
    l2 = getattr(props, "L2_cache_size", 0) or 64 << 20
    return torch.empty(2 * l2, dtype=torch.uint8, device="cuda")


def _check(err, what):
    """cuda-bindings return (CUresult, values...): raise on an error."""
    from cuda.bindings import driver as cu
    res = err[0] if isinstance(err, tuple) else err
    if res != cu.CUresult.CUDA_SUCCESS:
        _, msg = cu.cuGetErrorString(res)
        raise RuntimeError(f"{what}: {res} {msg.decode() if msg else ''}")
    if isinstance(err, tuple):
        return err[1] if len(err) == 2 else err[1:]
    return None


class PTXKernel:
    """A kernel loaded from PTX text with the driver API (the driver JIT-
    compiles it for the device), launched on PyTorch's current stream."""

    def __init__(self, ptx, name, launch):
        from cuda.bindings import driver as cu
        self.cu = cu
        self.module = _check(cu.cuModuleLoadData(ptx.encode() + b"\0"), "cuModuleLoadData")
        self.func = _check(cu.cuModuleGetFunction(self.module, name.encode()),
                           "cuModuleGetFunction")
        self.launch_cfg = launch
        if launch["smem"] > 48 * 1024:
            _check(cu.cuFuncSetAttribute(
                self.func,
                cu.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                launch["smem"]), "cuFuncSetAttribute")

    def __call__(self, torch, args):
        """`args`: (value, ctypes type) pairs: device pointers as c_void_p."""
        cu = self.cu
        l = self.launch_cfg
        cfg = cu.CUlaunchConfig()
        cfg.gridDimX, cfg.gridDimY, cfg.gridDimZ = l["grid"]
        cfg.blockDimX, cfg.blockDimY, cfg.blockDimZ = l["block"]
        cfg.sharedMemBytes = l["smem"]
        cfg.hStream = cu.CUstream(torch.cuda.current_stream().cuda_stream)
        attrs = []
        if tuple(l["cluster"]) != (1, 1, 1):
            a = cu.CUlaunchAttribute()
            a.id = cu.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
            a.value.clusterDim.x, a.value.clusterDim.y, a.value.clusterDim.z = l["cluster"]
            attrs.append(a)
        cfg.attrs = attrs
        cfg.numAttrs = len(attrs)
        values = tuple(v for v, _ in args)
        types = tuple(t for _, t in args)
        _check(cu.cuLaunchKernelEx(cfg, self.func, (values, types), 0), "cuLaunchKernelEx")


_DTYPES = {"bfloat16": "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16",
           "float16": "CU_TENSOR_MAP_DATA_TYPE_FLOAT16",
           "float32": "CU_TENSOR_MAP_DATA_TYPE_FLOAT32"}
_SWIZZLE = {0: "CU_TENSOR_MAP_SWIZZLE_NONE", 32: "CU_TENSOR_MAP_SWIZZLE_32B",
            64: "CU_TENSOR_MAP_SWIZZLE_64B", 128: "CU_TENSOR_MAP_SWIZZLE_128B"}


def tensor_map(torch, tensor, spec):
    """A 2-D tiled tensor map over `tensor` as `spec` describes (shape and box
    innermost first, row stride in bytes, swizzle in bytes), copied to device
    memory: the kernels take its global address."""
    cu = __import__("cuda.bindings.driver", fromlist=["driver"])
    dims = [cu.cuuint64_t(d) for d in spec["shape"]]
    strides = [cu.cuuint64_t(spec["stride"])]
    box = [cu.cuuint32_t(b) for b in spec["box"]]
    one = [cu.cuuint32_t(1)] * len(dims)
    tmap = _check(cu.cuTensorMapEncodeTiled(
        getattr(cu.CUtensorMapDataType, _DTYPES[spec["dtype"]]), len(dims),
        tensor.data_ptr(), dims, strides, box, one,
        cu.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
        getattr(cu.CUtensorMapSwizzle, _SWIZZLE[spec["swizzle"]]),
        cu.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
        cu.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
        "cuTensorMapEncodeTiled")
    raw = struct.pack("<16Q", *[int(x) for x in tmap.opaque])
    return torch.tensor(list(raw), dtype=torch.uint8, device="cuda")


def ptr(t):
    return (t.data_ptr(), ctypes.c_void_p)


def markdown_table(rows):
    """rows: dicts with kernel, shape, ours_ms, ref, ref_ms, unit, ours_rate,
    ref_rate, ratio, err, status."""
    head = ("| kernel | shape | ours ms | ours | reference | ref ms | ref | ours/ref "
            "| max rel err | status |")
    out = [head, "|" + "---|" * 10]
    for r in rows:
        def f(x, fmt):
            return fmt % x if isinstance(x, (int, float)) else (x or "-")
        out.append("| %s | %s | %s | %s %s | %s | %s | %s %s | %s | %s | %s |" % (
            r["kernel"], r["shape"], f(r.get("ours_ms"), "%.3f"),
            f(r.get("ours_rate"), "%.1f"), r.get("unit", ""), r.get("ref", "-"),
            f(r.get("ref_ms"), "%.3f"), f(r.get("ref_rate"), "%.1f"), r.get("unit", ""),
            f(r.get("ratio"), "%.2f"), f(r.get("err"), "%.2e"), r.get("status", "")))
    return "\n".join(out)


def plot(rows, path):
    """TFLOP/s (or TB/s) against problem size per kernel, ours vs the
    references; returns a message when matplotlib is missing."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed: no plot"
    groups = {}
    for r in rows:
        if isinstance(r.get("ours_rate"), (int, float)):
            groups.setdefault(r["group"], []).append(r)
    if not groups:
        return "no measured rows: no plot"
    fig, axes = plt.subplots(1, len(groups), figsize=(6 * len(groups), 4.5), squeeze=False)
    for ax, (g, rs) in zip(axes[0], sorted(groups.items())):
        xs = list(range(len(rs)))
        ax.plot(xs, [r["ours_rate"] for r in rs], "o-", label="TIRx (ours)")
        refs = sorted({r["ref"] for r in rs})
        for ref in refs:
            pts = [(i, r["ref_rate"]) for i, r in enumerate(rs)
                   if r["ref"] == ref and isinstance(r.get("ref_rate"), (int, float))]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], "s--", label=ref)
        for i, r in enumerate(rs):
            if isinstance(r.get("triton_rate"), (int, float)):
                ax.plot([i], [r["triton_rate"]], "^", color="gray",
                        label="Triton tutorial" if i == 0 else None)
        ax.set_xticks(xs)
        ax.set_xticklabels([r["shape"] for r in rs], rotation=60, ha="right", fontsize=7)
        ax.set_ylabel(rs[0]["unit"])
        ax.set_title(g)
        ax.legend(fontsize=8)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return f"plot written to {path}"
