"""``tirx.compile``: a parsed function or module to PTX, LLVM IR, cubin or
TIRx IR text, with every MLIR diagnostic (verifier or pass) rendered at the
user's Python source line.
"""

import os
import warnings as _warnings

from .. import ir as _ir
from ._diagnostics import ScriptError, Span, is_library
# The MLIR diagnostics to ScriptErrors live with the errors (the parser
# and the printer report through them too); re-exported here.
from ._diagnostics import (_spans, _user_span, raise_from_mlir,  # noqa: F401
                           script_error_from_mlir)
from ._function import IRModule, PrimFunc

__all__ = ["compile", "raise_from_mlir", "structural_equal",
           "assert_structural_equal", "SyncWarning"]


class SyncWarning(UserWarning):
    """A warning of tirx-check-sync (the static synchronization check) at a
    kernel's Python line: a finding that rests on sampled runtime values,
    or advice such as relinquishing the tensor-memory allocation permit."""

_EMITS = {"ptx": "ptx", "llvm": "llvm", "llvmir": "llvm", "cubin": "cubin"}


class SimulationError(ScriptError, _ir.MLIRError):
    """A simulator error of a script kernel: a ScriptError at the user's
    Python line (the op's call-site chain in notes) that is also the
    simulator's MLIRError, with every diagnostic in ``error_diagnostics``."""

    @classmethod
    def of(cls, err):
        se = script_error_from_mlir(err, "the simulation failed")
        e = cls(se.message, se.span, se.notes)
        e.error_diagnostics = list(getattr(err, "error_diagnostics", []) or [])
        return e

    def __str__(self):
        return ScriptError.__str__(self)


def _module_of(obj):
    if isinstance(obj, (PrimFunc, IRModule)):
        return obj.module
    if isinstance(obj, _ir.Module):
        return obj
    raise TypeError(f"tirx.compile takes a @T.prim_func, an @I.ir_module or a "
                    f"tirx.ir.Module, got {type(obj).__name__}")


def compile(obj, target="sm_90a", emit="ptx", *, opt_level=3,  # noqa: A001
            toolkit=None, nvshmem=False, check_sync="warn", line_info=True):
    """Compiles a parsed ``@T.prim_func`` / ``@I.ir_module`` (or a
    ``tirx.ir.Module``) for the chip `target`.

    emit: ``"ptx"`` (text), ``"llvm"`` (LLVM IR text), ``"cubin"`` (bytes;
    runs ptxas) or ``"mlir"`` (the TIRx IR, with the target attached).
    nvshmem: the kernel is linked against NVSHMEM's device library, so its
    ``T.nvshmem`` calls stay calls for the device linker (without it they
    are an error at their line: "needs NVSHMEM").
    Errors are ScriptErrors at the Python source line of the offending op.
    check_sync: tirx-check-sync, the static synchronization check.
    ``"warn"`` (the default): every finding is a SyncWarning at its Python
    line and the compile goes on -- the PTX means what the script says, and
    code that is only compiled (a codegen test) still compiles.
    ``"error"`` (or True): a finding the check shows for certain is a
    ScriptError at its line and stops the compile (what ``tirx.build``
    does: it builds a kernel to run). False: no check.
    line_info (on by default): the PTX's `.file`/`.loc` directives name the
    Python line of each instruction, so the simulator's PTX level,
    compute-sanitizer and Nsight Compute point at it; the code is the same
    without it.
    """
    from .. import _tirx
    from ..compiler import find_ptxas
    if check_sync not in (True, False, "warn", "error"):
        raise ValueError("check_sync must be 'warn', 'error', True or False, "
                         f"got {check_sync!r}")
    module = _module_of(obj)
    if nvshmem:
        module = _with_nvshmem(module)
    if emit == "mlir":
        clone = module.operation.clone()
        try:
            clone.attributes["tirx.target"] = _ir.TargetAttr.get(target, module.context)
        except Exception as e:
            raise ScriptError(f"unsupported target '{target}': {e}") from None
        return str(clone)
    fmt = _EMITS.get(emit)
    if fmt is None:
        raise ValueError(f"emit must be 'ptx', 'llvm', 'cubin' or 'mlir', got {emit!r}")
    if toolkit is None:
        from ..compiler import find_cuda_toolkit
        toolkit = find_cuda_toolkit()
    ptxas = None
    if fmt == "cubin":
        # the PTX is assembled here, so a ptxas error is reported as
        # ptxas says it, at the script line its PTX came from
        ptxas = find_ptxas() if toolkit is None or not os.access(
            os.path.join(toolkit, "bin", "ptxas"), os.X_OK) else \
            os.path.join(toolkit, "bin", "ptxas")
        if ptxas is None:
            raise ScriptError("emit='cubin' runs ptxas, and none was found "
                              "(PATH, $CUDA_HOME, /usr/local/cuda or the "
                              "nvidia-cuda-nvcc wheel); emit='ptx' needs none")
    found = []
    try:
        objects = _tirx.emit_gpu_objects(module.operation, target,
                                         "ptx" if fmt == "cubin" else fmt,
                                         opt_level, toolkit,
                                         check_sync=check_sync is not False,
                                         check_sync_warn_only=check_sync == "warn",
                                         warnings=found,
                                         line_info=bool(line_info))
    except _ir.MLIRError as e:
        raise script_error_from_mlir(e, f"compilation for {target} failed") from None
    for w in found:
        _warn_at(w)
    if len(objects) != 1:
        names = ", ".join(o[0] for o in objects)
        raise ScriptError(f"expected one GPU module, got {len(objects)} ({names})")
    out = objects[0][2]
    if fmt == "cubin":
        return _assemble(ptxas, out, target, opt_level, module)
    return out


def _assemble(ptxas, ptx, chip, opt_level, module):
    """Runs ptxas on `ptx`; its first error is a ScriptError at the script
    line of the PTX line it names (through the PTX's `.loc` line info), or
    else at the kernel function's `def`."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory(prefix="tirx-ptxas-") as d:
        src, dst = os.path.join(d, "kernel.ptx"), os.path.join(d, "kernel.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        try:
            r = subprocess.run([ptxas, f"-arch={chip}", f"-O{opt_level}", "-o",
                                dst, src], capture_output=True, text=True)
        except OSError as e:
            raise ScriptError(f"cannot run ptxas ({ptxas}): {e.strerror}") from None
        if r.returncode == 0:
            with open(dst, "rb") as f:
                return f.read()
        text = (r.stderr or r.stdout or "").replace(src, "kernel.ptx")
    raise ptxas_error(text, ptx, module, r.returncode)


_PTXAS_LINE = None


def ptxas_error(text, ptx, module, code=1):
    """A ScriptError for ptxas's output `text` on `ptx`: the headline is
    ptxas's first error message, located at the script line the PTX line
    came from (its `.loc`) or at the kernel function; the other lines are
    notes."""
    import re
    global _PTXAS_LINE
    if _PTXAS_LINE is None:
        _PTXAS_LINE = re.compile(r"^ptxas[^,]*, line (\d+); (error|warning)\s*:\s*(.*)$")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    first, ptx_line = None, None
    for ln in lines:
        m = _PTXAS_LINE.match(ln)
        if m and m.group(2) == "error":
            first, ptx_line = m.group(3), int(m.group(1))
            break
    if first is None:
        first = next((ln for ln in lines if "error" in ln.lower()),
                     lines[0] if lines else f"ptxas exited with status {code}")
        first = re.sub(r"^ptxas\S*\s*(fatal\s*)?:\s*", "", first)
    span = _ptx_line_span(ptx, ptx_line) if ptx_line else None
    if span is None:
        span = _kernel_span(module)
    notes = [(f"ptxas: {ln}", None) for ln in lines if first not in ln]
    if ptx_line:
        src = ptx.splitlines()[ptx_line - 1].strip() if ptx_line <= len(ptx.splitlines()) else ""
        notes.insert(0, (f"in the PTX, line {ptx_line}: {src}", None))
    return ScriptError(f"ptxas: {first}", span, notes)


def _ptx_line_span(ptx, n):
    """The source position of PTX line `n` from the `.file` / `.loc`
    directives before it, or None."""
    import re
    files, loc = {}, None
    for i, ln in enumerate(ptx.splitlines()[:n], 1):
        t = ln.strip()
        m = re.match(r'^\.file\s+(\d+)\s+"([^"]*)"', t)
        if m:
            files[int(m.group(1))] = m.group(2)
            continue
        m = re.match(r"^\.loc\s+(\d+)\s+(\d+)\s+(\d+)", t)
        if m:
            loc = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
        elif t.startswith(".entry") or t.startswith(".func"):
            loc = None
    if loc is None or loc[0] not in files or loc[1] <= 0:
        return None
    return Span(files[loc[0]], loc[1], max(1, loc[2]))


def _kernel_span(module):
    """The `def` line of the (first) function with a tirx.kernel."""
    for op in module.body.operations:
        if op.name == "func.func":
            spans = _spans(op.location)
            user = [s for s in spans if not is_library(s)]
            if user:
                return user[0]
    return None


def _warn_at(diag):
    """Issues a SyncWarning for a pipeline warning at its Python line."""
    span = _user_span(diag.location)
    if span is None:
        _warnings.warn(diag.message, SyncWarning, stacklevel=3)
        return
    _warnings.warn_explicit(diag.message, SyncWarning, span.filename, span.line)


def structural_equal(a, b):
    """True when two parsed functions/modules (or ``tirx.ir`` modules and
    ops) have the same IR as TVM's structural equality sees it: the same
    statements in the same order, their operands equal as expression trees;
    source locations, and where a pure op sits in its block, aside (see
    ``tirx.script._structural``). The variable names a script gives, kept as
    `name` attributes, are part of the IR."""
    return _canonical_text(a) == _canonical_text(b)


def assert_structural_equal(a, b):
    ta, tb = _canonical_text(a), _canonical_text(b)
    if ta != tb:
        import difflib
        diff = "\n".join(difflib.unified_diff(ta.splitlines(), tb.splitlines(),
                                              "lhs", "rhs", lineterm=""))
        raise AssertionError("the IR differs:\n" + diff)


def _canonical_text(obj):
    from ._structural import canonical_text
    m = _module_of(obj) if not isinstance(obj, _ir.Operation) else obj
    op = m.operation if hasattr(m, "operation") else m
    return canonical_text(op)


def _with_nvshmem(module):
    """A copy of `module` marked as linked against NVSHMEM."""
    clone = module.operation.clone()
    clone.attributes["tirx.nvshmem"] = _ir.UnitAttr.get(module.context)
    return _ModuleView(clone)


class _ModuleView:
    """A module operation where the compile path wants a Module."""

    def __init__(self, op):
        self.operation = op
        self.context = op.context

    @property
    def body(self):
        return self.operation.regions[0].blocks[0]
