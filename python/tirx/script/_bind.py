"""``T.bind`` (also ``T.Bind``, ``T.Let``): an immutable binding
(``tirx.bind``) of a value, optionally converted to a type. The parser
binds pointers, ``x: T.let = ...`` names and copies of variables with it;
the ``T`` namespace (tirx.py) re-exports it."""

from ._annotations import HandleAnnotation
from ._builder import UserError, current
from ._expr import Expr, as_expr
from ._expr import cast as _cast
from ._host import TensorMapSlot
from ._types import PointerType, PrimType, TensorMapType, as_prim_type

__all__ = ["bind", "Bind", "Let"]


def bind(value, ty=None, name=None, *, var=None):
    """An immutable binding (``tirx.bind``) of `value`, optionally converted
    to the type `ty` (``T.let[T.int32] = ...``)."""
    b = current()
    if isinstance(value, TensorMapSlot) and value._value is None:
        # a descriptor T.call_packed builds later: the name stands for it
        value.name = name
        return value
    if ty is not None:
        t = getattr(ty, "prim_type", None) or ty
        if isinstance(t, HandleAnnotation):
            t = t.type
        if isinstance(t, str):
            t = as_prim_type(t)
        if isinstance(t, PrimType):
            value = _cast(value, t)
    if isinstance(value, str):
        return value
    e = as_expr(value)
    if ty is not None:
        t = getattr(ty, "prim_type", None) or ty
        if isinstance(t, HandleAnnotation):
            t = t.type
        if isinstance(t, (PointerType, TensorMapType)) and type(t) is not type(e.ty):
            raise UserError(f"cannot bind a {e.ty} value as {t}")
    from ._types import mlir_type_text
    text = mlir_type_text(e.ty)
    op = b.create("tirx.bind", [e.materialize()], [text],
                  {"name": b.str_attr(name or "v")})
    return Expr(op.result, e.ty, name, is_var=True)


Bind = bind
Let = bind
