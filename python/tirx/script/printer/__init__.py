"""The script printer: TIRx IR as the script the parser reads.

``tirx.script.script(obj)`` (and ``func.script()`` / ``module.script()``)
prints a ``@T.prim_func``, an ``@I.ir_module``, a ``tirx.ir.Module`` or a
``func.func`` / ``builtin.module`` operation -- whether it came from the
parser, from ``tirx-opt`` or from ``Operation.create`` -- in the spelling
``tirx.script.from_source`` parses back to structurally equal IR
(``tirx.script.structural_equal``). See docs/Printer.md.
"""

from ... import ir as _ir
from .._diagnostics import ScriptError as ScriptErrorBase
from ._module import ModulePrinter
from ._registry import register_op_printer
from ._types import PrintError as _PrintErrorBase
from ._types import Unprintable

__all__ = ["script", "register_op_printer", "PrintError"]


def _module_op(obj):
    # a @T.prim_func / @I.ir_module (tirx.script._function) says what it
    # prints: its module operation and, for a module, the class name
    name = None
    printed = getattr(type(obj), "_printed_module", None)
    if printed is not None:
        return printed(obj)
    if isinstance(obj, _ir.Module):
        return obj.operation, None
    if isinstance(obj, _ir.Operation):
        return obj, name
    raise TypeError(f"script() takes a @T.prim_func, an @I.ir_module, a "
                    f"tirx.ir.Module or an Operation, got {type(obj).__name__}")


def script(obj, allow_partial=False):
    """The script text of `obj` (see the module docstring).

    IR the script cannot spell (unstructured control flow, ops with regions
    the script does not write, ...) is an error naming the op and where it
    is (a :class:`PrintError`, also a ``ScriptError``). With
    ``allow_partial=True`` it prints instead as a ``# no script spelling``
    comment followed by ``T.unprintable(...)``, for display: such text
    never parses (``T.unprintable`` is an error there)."""
    from .._builder import deep_python
    deep_python()
    op, class_name = _module_op(obj)
    try:
        if op.name == "func.func":
            return _function_alone(op, allow_partial)
        if op.name != "builtin.module":
            raise ValueError(f"script() prints a module or a func.func, got '{op.name}'")
        p = ModulePrinter(op, class_name, partial=allow_partial)
        return "\n".join(p.lines()) + "\n"
    except Unprintable as e:
        raise _print_error(e) from None
    except RecursionError:
        raise PrintError("the IR nests deeper than the printer can follow") from None


def _print_error(e):
    """A PrintError for an Unprintable: the message names the op and the
    error is located at the op's source location when it has one."""
    from .._diagnostics import _spans, located
    op = e.op
    msg = str(e)
    spans = []
    if op is not None:
        if f"'{op.name}'" not in msg:
            msg = f"'{op.name}': {msg}"
        try:
            spans = _spans(op.location)
        except Exception:  # noqa: BLE001
            spans = []
    msg += ("; script(..., allow_partial=True) prints the rest, with a "
            "placeholder that does not parse")
    se = located(msg, spans)
    return PrintError(se.message, se.span, se.notes)


class PrintError(ScriptErrorBase, _PrintErrorBase):
    """``script()`` met IR it has no spelling for (a ScriptError, and a
    ValueError)."""


def _function_alone(func, partial=False):
    """A func.func printed on its own (calls print as placeholders)."""
    parent = func.parent
    p = ModulePrinter(parent, partial=partial) if parent is not None and parent.name == "builtin.module" else None
    if p is None:
        raise ValueError("script() prints a func.func inside a module")
    p.funcs = [func]
    p.items = [func]
    p.pyfuncs = []
    p.others = []
    p.as_class = False
    return "\n".join(p.lines()) + "\n"
