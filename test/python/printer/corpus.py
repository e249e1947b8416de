"""The kernels the round-trip table runs over: the conformance kernels the
script parser accepts, the lit tests' and examples' TIRx functions, and the
canonicalized form of each. A kernel is (test id, loader); the loader
returns a parsed PrimFunc/IRModule or a ``tirx.ir.Module``."""

import glob
import os
import re

from script.test_conformance import conformance_dir

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))

_REWRITES = [
    (re.compile(r"^from tvm\.script import tirx as T\b", re.M), "from tirx.script import tirx as T"),
    (re.compile(r"^from tvm\.script import ir as I\b", re.M), "from tirx.script import ir as I"),
    (re.compile(r"^from tvm\.script\.tirx import tile as Tx\b", re.M),
     "from tirx.script import tile as Tx"),
    (re.compile(r"^from tvm\.ir import ", re.M), "from tirx.script import "),
]


def load_conformance(path):
    """The kernel's Module or main, parsed (imports rewritten as check.py
    does); raises what the parser raises."""
    src = open(path).read()
    for pat, rep in _REWRITES:
        src = pat.sub(rep, src)
    ns = {"__name__": "kernel"}
    exec(compile(src, path, "exec"), ns)
    obj = ns.get("Module") or ns.get("main")
    if obj is None:
        raise LookupError("defines neither Module nor main")
    return obj


def conformance_kernels():
    d = conformance_dir()
    if d is None:
        return []
    return [(os.path.basename(p)[:-3], p)
            for p in sorted(glob.glob(os.path.join(d, "kernels", "*.py")))]


def _chunks(path):
    """The split-input-file chunks of a lit test without expected
    diagnostics that define a TIRx function."""
    text = open(path).read()
    out = []
    for i, chunk in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
        if "expected-" in chunk or "func.func" not in chunk or "tirx." not in chunk:
            continue
        out.append((i, chunk))
    return out


def mlir_kernels():
    """(id, text) of each TIRx function chunk of the lit tests and examples."""
    files = sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"), recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "examples", "*.mlir")))
    out = []
    for f in files:
        rel = os.path.relpath(f, ROOT)[:-len(".mlir")].replace(os.sep, "/")
        chunks = _chunks(f)
        for i, chunk in chunks:
            out.append((rel if len(chunks) == 1 else f"{rel}#{i}", chunk))
    return out


# The example kernels (examples/kernels/*.py): each factory at a small
# configuration of the ones the kernel tests build.
_KERNEL_CALLS = [
    ("elementwise", "make_axpy", (1 << 12,), {}),
    ("bulk_copy", "make_copy", (1 << 16,), {"STAGES": 3, "PER_CTA": 4}),
    ("hopper_gemm", "make_gemm", (512, 512, 256), {"CLUSTER": 1}),
    ("hopper_gemm", "make_gemm", (1024, 1024, 1024), {}),
    ("flash_attention", "make_attention", (2, 256, 64, True), {}),
    ("blackwell_gemm", "make_gemm", (512, 512, 256), {"CTA_GROUP": 2}),
]


def example_kernels():
    """(id, loader) of each example kernel configuration."""
    import importlib
    sys_path = os.path.join(ROOT, "examples")
    out = []
    for mod, fn, args, kw in _KERNEL_CALLS:
        kid = f"examples/kernels/{mod}.{fn}{args}{'' if not kw else kw}"

        def load(mod=mod, fn=fn, args=args, kw=kw):
            import sys
            if sys_path not in sys.path:
                sys.path.insert(0, sys_path)
            m = importlib.import_module(f"kernels.{mod}")
            return getattr(m, fn)(*args, **kw)
        out.append((kid, load))
    return out
