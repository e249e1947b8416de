"""Script spellings that backends register for their own ops.

``register_op_printer("mydialect.op", fn)``: ``fn(op, operands)`` returns
the script text of ``op`` given the printed text of its operands (a call
into the backend's ``T.<name>`` namespace, say). The op is printed like a
built-in one: inline when its result is used once, named otherwise, a
statement when it has no result.
"""

from ._node import ATOM, Node
from ._types import _param_stype

__all__ = ["register_op_printer", "op_printer"]

_PRINTERS = {}


def register_op_printer(op_name, fn):
    """Prints ops named `op_name` with ``fn(op, operand_texts) -> str``."""
    if not callable(fn):
        raise TypeError("register_op_printer takes a callable")
    _PRINTERS[op_name] = fn


def op_printer(op_name):
    fn = _PRINTERS.get(op_name)
    if fn is None:
        return None

    def spell(printer, op, value):
        nodes = [printer.default(printer.node(v)) for v in op.operands]
        text = fn(op, [n.text for n in nodes])
        ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
        if not printer.is_pure(op):
            ev += (op,)
        stype = _param_stype(op.results[0].type) if len(op.results) == 1 else None
        return Node(text, ATOM, stype, ev)
    return spell
