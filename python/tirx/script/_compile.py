"""``tirx.compile``: a parsed function or module to PTX, LLVM IR, cubin or
TIRx IR text, with every MLIR diagnostic (verifier or pass) rendered at the
user's Python source line.
"""

import os

from .. import ir as _ir
from ._diagnostics import ScriptError, Span, is_library, located

__all__ = ["compile", "raise_from_mlir", "structural_equal",
           "assert_structural_equal"]

_EMITS = {"ptx": "ptx", "llvm": "llvm", "llvmir": "llvm", "cubin": "cubin"}


def _spans(loc):
    """The file spans of a location, innermost first (a call-site chain
    gives the callee, then its callers)."""
    try:
        if loc.is_a_file():
            return [Span(loc.filename, loc.start_line, loc.start_col,
                         loc.end_line, loc.end_col)]
        if loc.is_a_callsite():
            return _spans(loc.callee) + _spans(loc.caller)
        if loc.is_a_name():
            return _spans(loc.child_loc)
        if loc.is_a_fused():
            out = []
            for l in loc.locations:
                out.extend(_spans(l))
            return out
    except Exception:  # pragma: no cover - a location we cannot read
        pass
    return []


def script_error_from_mlir(err, what):
    """A ScriptError for an MLIRError: the first error at its innermost
    user-source location; call sites, notes and further errors as notes."""
    diags = list(getattr(err, "error_diagnostics", []) or [])
    if not diags:
        return ScriptError(f"{what}: {err}")
    first = diags[0]
    notes = [(n.message, _user_span(n.location)) for n in (getattr(first, "notes", []) or [])]
    notes += [(f"also: {d.message}", _user_span(d.location)) for d in diags[1:]]
    return located(first.message, _spans(first.location), notes)


def _user_span(loc):
    spans = _spans(loc)
    return next((s for s in spans if not is_library(s)), spans[0] if spans else None)


def raise_from_mlir(err, what):
    raise script_error_from_mlir(err, what) from None


def _module_of(obj):
    from ._function import IRModule, PrimFunc
    if isinstance(obj, (PrimFunc, IRModule)):
        return obj.module
    if isinstance(obj, _ir.Module):
        return obj
    raise TypeError(f"tirx.compile takes a @T.prim_func, an @I.ir_module or a "
                    f"tirx.ir.Module, got {type(obj).__name__}")


def compile(obj, target="sm_90a", emit="ptx", *, opt_level=3,  # noqa: A001
            toolkit=None, line_info=True):
    """Compiles a parsed ``@T.prim_func`` / ``@I.ir_module`` (or a
    ``tirx.ir.Module``) for the chip `target`.

    emit: ``"ptx"`` (text), ``"llvm"`` (LLVM IR text), ``"cubin"`` (bytes;
    runs ptxas) or ``"mlir"`` (the TIRx IR, with the target attached).
    line_info (on by default): the PTX's `.file`/`.loc` directives name the
    Python line of each instruction, so the simulator's PTX level,
    compute-sanitizer and Nsight Compute point at it; the code is the same
    without it. Errors are ScriptErrors at the Python source line of the
    offending op.
    """
    from .. import _tirx
    from ..compiler import find_ptxas
    module = _module_of(obj)
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
    if fmt == "cubin" and toolkit is None:
        ptxas = find_ptxas()
        if ptxas:
            toolkit = os.path.dirname(os.path.dirname(ptxas))
    try:
        objects = _tirx.emit_gpu_objects(module.operation, target, fmt, opt_level, toolkit,
                                         line_info=bool(line_info))
    except _ir.MLIRError as e:
        raise script_error_from_mlir(e, f"compilation for {target} failed") from None
    if len(objects) != 1:
        names = ", ".join(o[0] for o in objects)
        raise ScriptError(f"expected one GPU module, got {len(objects)} ({names})")
    return objects[0][2]


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
