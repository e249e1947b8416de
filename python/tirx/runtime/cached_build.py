"""``tirx.build``: compile a module into a kernel package and load it.

(Not named ``build*.py``: pyproject.toml's ``sdist.exclude = ["build*"]``
also drops such files from the wheel.)

    import tirx
    axpy = tirx.build(module, target="sm_90a")   # a tirx.ir.Module or text
    axpy(A, B, 2.0, n)                            # PyTorch / CuPy tensors

Compiled packages are cached on disk (``$TIRX_CACHE_DIR``, default
``~/.cache/tirx/kernels``), keyed by the module's text with locations, the
target, the options and the compiler (version and a digest of the compiler
libraries), so a second build of the same source is a directory lookup.
"""

import hashlib
import json
import os
import subprocess
import threading

from .. import _tirx
from .. import compiler as _compiler
from ..ir import Context, MLIRError, Module, Operation
from ..passmanager import PassManager
from . import launcher as _launcher
from .package import parse_ptxas_verbose, write_package

__all__ = ["build", "compile_package", "default_cache_dir",
           "compiler_fingerprint"]

_fingerprint = None
_fingerprint_lock = threading.Lock()


def default_cache_dir():
    """$TIRX_CACHE_DIR, else ~/.cache/tirx/kernels."""
    env = os.environ.get("TIRX_CACHE_DIR")
    if env:
        return env
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tirx", "kernels")


def compiler_fingerprint():
    """A digest of the compiler: version, MLIR version and the bytes of the
    extension and the TIRx libraries it loads (so a rebuilt compiler never
    reuses stale packages)."""
    global _fingerprint
    with _fingerprint_lock:
        if _fingerprint is None:
            h = hashlib.sha256()
            h.update(("%s %s" % (_tirx.__version__, _tirx.MLIR_VERSION)).encode())
            here = os.path.dirname(os.path.abspath(_tirx.__file__))
            files = [_tirx.__file__]
            for d in (os.path.join(here, "lib"),
                      os.path.join(here, "..", "..", "lib")):
                if os.path.isdir(d):
                    files += sorted(os.path.join(d, f) for f in os.listdir(d)
                                    if f.startswith("libTIRx") and ".so" in f)
            for f in files:
                try:
                    with open(f, "rb") as fh:
                        h.update(hashlib.sha256(fh.read()).digest())
                except OSError:
                    pass
            _fingerprint = h.hexdigest()
        return _fingerprint


def _module_text(obj):
    """MLIR text (with locations) of a module, an operation, text, a .mlir
    file (a path object), or a frontend object that provides one
    (``.mlir()`` / ``.module``)."""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, os.PathLike):
        with open(obj) as f:
            return f.read()
    if isinstance(obj, Module):
        obj = obj.operation
    if isinstance(obj, Operation):
        text = obj.get_asm(enable_debug_info=True)
        if obj.name != "builtin.module":
            text = "module {\n%s\n}" % text
        return text
    module = getattr(obj, "module", None)
    if isinstance(module, (Module, Operation)):
        return _module_text(module)
    mlir = getattr(obj, "mlir", None)
    if callable(mlir):
        return _module_text(mlir())
    raise TypeError("tirx.build takes a tirx.ir.Module, a builtin.module or "
                    "func.func Operation, or MLIR text; got %s"
                    % type(obj).__name__)


def _ptxas_version(ptxas):
    try:
        out = subprocess.run([ptxas, "--version"], capture_output=True,
                             text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return out.strip().splitlines()[-1] if out.strip() else None


def _assemble(ptxas, ptx, chip, workdir):
    """The cubin ptxas makes of `ptx` for `chip`, and its resource report
    per kernel (ptxas -v)."""
    src = os.path.join(workdir, "kernels.ptx")
    out = os.path.join(workdir, "kernels.cubin")
    with open(src, "w") as f:
        f.write(ptx)
    r = subprocess.run([ptxas, "-arch=" + chip, "-O3", "-v", "-o", out, src],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("ptxas (%s) failed for %s:\n%s"
                           % (ptxas, chip, (r.stderr or r.stdout).strip()))
    with open(out, "rb") as f:
        return f.read(), parse_ptxas_verbose(r.stdout + r.stderr)


# The front half of tirx-to-ptx-pipeline (the same passes, registered as one
# pipeline in C++), ending in the synchronization check.
# tirx-split-host-device outlines the kernels first, and tirx-check-sync sees
# only tirx.kernel regions, so a package's kernels are checked on a separate
# parse: a certain finding stops the build.
_CHECK_SYNC = "builtin.module(tirx-prepare-kernels-pipeline{{chip={chip}}})"


def _check_sync(text, source_name, target):
    """Runs tirx-check-sync on the kernels of `text` as the pipeline would
    (raises tirx.ir.MLIRError at the finding's op)."""
    check = Module.parse(text, source_name=source_name)
    PassManager.parse(_CHECK_SYNC.format(chip=target)).run(check.operation)


def compile_package(text, path, target="sm_90a", opt_level=3, ptxas=None,
                    name=None, include_launcher=True, include_runtime=True,
                    archive=False, assemble=True, source_name="<tirx.build>",
                    line_info=False, check_sync=True):
    """Compiles MLIR `text` into a kernel package at `path`: splits host and
    device (tirx-split-host-device), writes the launch description, the PTX
    and, when ptxas is found and `assemble` is set, the cubin. Raises
    tirx.ir.MLIRError with the compiler's diagnostics on failure."""
    if target not in _compiler.supported_chips():
        raise ValueError("unsupported target %r; expected 'sim' or one of %s"
                         % (target, ", ".join(_compiler.supported_chips())))
    with Context():
        if check_sync:
            _check_sync(text, source_name, target)
        module = Module.parse(text, source_name=source_name)
        PassManager.parse("builtin.module(tirx-split-host-device)").run(
            module.operation)
        launch = json.loads(_tirx.export_launch_description(module.operation))
        if not launch["functions"] and not launch["pyfuncs"]:
            raise ValueError("the module has no kernel function (a function "
                             "with a 'tirx.kernel') to build")
        ptx = _compiler.emit_ptx(module, target, opt_level=opt_level,
                                 line_info=line_info)
    launch["target"] = target
    ptxas = (ptxas or _compiler.find_ptxas()) if assemble else None
    cubin = stats = None
    if ptxas:
        import tempfile
        with tempfile.TemporaryDirectory(prefix="tirx-ptxas-") as tmp:
            cubin, stats = _assemble(ptxas, ptx, target, tmp)
    compiler = {"tirx": _tirx.__version__, "mlir": _tirx.MLIR_VERSION,
                "fingerprint": compiler_fingerprint()}
    if ptxas:
        compiler["ptxas"] = _ptxas_version(ptxas)
    return write_package(
        path, launch=launch, target=target, ptx=ptx, cubin=cubin, name=name,
        compiler=compiler,
        source_sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        options={"opt_level": opt_level}, include_launcher=include_launcher,
        include_runtime=include_runtime, archive=archive, ptxas_stats=stats)


def build(func_or_module, target="sm_90a", *, opt_level=3, cache=True,
          cache_dir=None, ptxas=None, name=None, line_info=None):
    """Compiles `func_or_module` for `target` and returns a callable: the
    kernel when the module has one kernel function and no Python function,
    else the package (its kernels and Python functions are attributes). Packages are cached on disk (see the module
    docstring); ``cache=False`` recompiles into a fresh directory.
    line_info: `.file`/`.loc` in the PTX (default: on for script kernels,
    whose lines are the user's Python lines)."""
    if target == "sim":  # the CPU simulator: no package, no cache
        from .. import sim
        return sim.build(func_or_module)
    if line_info is None:
        line_info = hasattr(func_or_module, "func_op") or \
            type(func_or_module).__name__ in ("PrimFunc", "IRModule")
    text = _module_text(func_or_module)
    source_name = (os.fspath(func_or_module)
                   if isinstance(func_or_module, os.PathLike) else "<tirx.build>")
    ptxas = ptxas or _compiler.find_ptxas()
    key = hashlib.sha256(json.dumps({
        "source": text, "source_name": source_name, "target": target, "opt_level": opt_level,
        "line_info": bool(line_info),
        "compiler": compiler_fingerprint(),
        "ptxas": _ptxas_version(ptxas) if ptxas else None,
        "format": _launcher.PACKAGE_FORMAT}, sort_keys=True).encode()).hexdigest()
    root = cache_dir or default_cache_dir()
    path = os.path.join(root, key[:32] + ".tirxpkg")
    if not (cache and os.path.isfile(os.path.join(path, "manifest.json"))):
        from ..sim import _is_script
        script = _is_script(func_or_module)
        if script:
            # a script kernel's finding is a ScriptError at the user's line
            from ..script._compile import script_error_from_mlir
            try:
                with Context():
                    _check_sync(text, source_name, target)
            except MLIRError as e:
                raise script_error_from_mlir(
                    e, f"tirx.build for {target}: the synchronization check "
                    "failed") from None
        compile_package(text, path, target=target, opt_level=opt_level,
                        ptxas=ptxas, name=name, source_name=source_name,
                        line_info=bool(line_info), check_sync=not script)
    pkg = _launcher.load(path)
    if len(pkg.kernels) == 1 and not pkg.pyfuncs:
        return next(iter(pkg.kernels.values()))
    return pkg
