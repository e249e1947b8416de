"""The script printer: TIRx IR as the script the parser reads.

``tirx.script.script(obj)`` (and ``func.script()`` / ``module.script()``)
prints a ``@T.prim_func``, an ``@I.ir_module``, a ``tirx.ir.Module`` or a
``func.func`` / ``builtin.module`` operation -- whether it came from the
parser, from ``tirx-opt`` or from ``Operation.create`` -- in the spelling
``tirx.script.from_source`` parses back to structurally equal IR
(``tirx.script.structural_equal``). See docs/Printer.md.
"""

from ... import ir as _ir
from ._module import ModulePrinter
from ._registry import register_op_printer

__all__ = ["script", "register_op_printer"]


def _module_op(obj):
    from .._function import IRModule, PrimFunc
    name = None
    if isinstance(obj, IRModule):
        return obj.module.operation, obj.name
    if isinstance(obj, PrimFunc):
        return obj.module.operation, None
    if isinstance(obj, _ir.Module):
        return obj.operation, None
    if isinstance(obj, _ir.Operation):
        return obj, name
    raise TypeError(f"script() takes a @T.prim_func, an @I.ir_module, a "
                    f"tirx.ir.Module or an Operation, got {type(obj).__name__}")


def script(obj):
    """The script text of `obj` (see the module docstring)."""
    op, class_name = _module_op(obj)
    if op.name == "func.func":
        return _function_alone(op)
    if op.name != "builtin.module":
        raise ValueError(f"script() prints a module or a func.func, got '{op.name}'")
    p = ModulePrinter(op, class_name)
    return "\n".join(p.lines()) + "\n"


def _function_alone(func):
    """A func.func printed on its own (calls print as placeholders)."""
    parent = func.parent
    p = ModulePrinter(parent) if parent is not None and parent.name == "builtin.module" else None
    if p is None:
        raise ValueError("script() prints a func.func inside a module")
    p.funcs = [func]
    p.as_class = False
    return "\n".join(p.lines()) + "\n"
