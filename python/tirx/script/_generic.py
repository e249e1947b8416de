"""The generic spellings: any MLIR type, attribute or region-less op by its
MLIR text, for IR the script has no Python form for.

* ``T.mlir_type("vector<2x4xf32>")`` -- a type: a parameter annotation, a
  result type of ``T.mlir_op``, a return annotation.
* ``T.mlir_attr("#tirx.target<\"sm_90a\">")`` -- an attribute (a function
  or module attribute, an attribute of ``T.mlir_op``).
* ``T.mlir_op("vector.reduction", [v], ["f32"], {"kind":
  "#vector.kind<add>"})`` -- an op of any registered dialect without regions
  or successors: its operands (script values), result types and attributes
  (MLIR texts); returns None, a value or a tuple of values.

The printer writes these for ops and types without a dedicated spelling, so
every such op round-trips; they are the escape hatch, not the surface.
"""

from .. import ir as _ir
from ._builder import UserError, current
from ._types import PrimType, memory_prim_type, script_type_of_mlir

__all__ = ["MLIRType", "mlir_type", "MLIRAttr", "mlir_attr", "mlir_op",
           "typed_value", "parse_attr"]


class MLIRType:
    """``T.mlir_type(text)``: an MLIR type given as its text."""

    __slots__ = ("text",)

    def __init__(self, text):
        if not isinstance(text, str) or not text.strip():
            raise UserError("T.mlir_type takes the type's MLIR text")
        self.text = text.strip()

    @property
    def mlir(self):
        return self.text

    def __repr__(self):
        return f"T.mlir_type({self.text!r})"


def mlir_type(text):
    return MLIRType(text)


def _first_diagnostic(e):
    diags = getattr(e, "error_diagnostics", None) or []
    if diags:
        return diags[0].message
    return str(e).splitlines()[0] if str(e) else type(e).__name__


class MLIRAttr:
    """``T.mlir_attr("#tirx.launch<...>")``: an MLIR attribute given as its
    text -- the spelling of a function attribute the script has no
    Python form for (``T.func_attr({"name": T.mlir_attr("...")})``)."""

    __slots__ = ("text",)

    def __init__(self, text):
        if not isinstance(text, str):
            raise UserError("T.mlir_attr takes the attribute's MLIR text")
        self.text = text

    def __repr__(self):
        return f"T.mlir_attr({self.text!r})"


def mlir_attr(text):
    return MLIRAttr(text)


def _type_text(t):
    if isinstance(t, MLIRType):
        return t.text
    if isinstance(t, PrimType):
        return t.ssa
    if isinstance(t, str):
        return t
    p = getattr(t, "prim_type", None)
    if isinstance(p, PrimType):
        return p.ssa
    m = getattr(t, "mlir", None)
    if isinstance(m, str):
        return m
    raise UserError(f"a result type is an MLIR type text or T.mlir_type(...), got {t!r}")


def parse_attr(b, value, what):
    """An Attribute from `value`: T.mlir_attr(text) / an MLIR text, a
    Python bool, int, float or string."""
    text = None
    if isinstance(value, MLIRAttr):
        text = value.text
    elif isinstance(value, _ir.Attribute):
        return value
    elif isinstance(value, bool):
        return _ir.BoolAttr.get(value, b.ctx)
    elif isinstance(value, int):
        return b.int_attr(value, "i64")
    elif isinstance(value, float):
        return _ir.FloatAttr.get(b.type("f64"), value)
    elif isinstance(value, str):
        text = value
    else:
        raise UserError(f"{what}: an attribute is T.mlir_attr(text), an MLIR "
                        f"text, or a bool, int, float or str, got {value!r}")
    try:
        return _ir.Attribute.parse(text, b.ctx)
    except Exception as e:  # noqa: BLE001
        raise UserError(f"{what}: invalid attribute {text!r}: "
                        f"{_first_diagnostic(e)}") from None


def typed_value(v, t):
    """The script value of MLIR value `v` of type `t` (a Buffer for a
    buffer type)."""
    from ._buffer import Buffer
    from ._expr import Expr
    if isinstance(t, _ir.BufferType):
        dyn = _ir.BufferType.get_dynamic_size()
        shape = tuple(None if d == dyn else int(d) for d in t.shape)
        dtype = memory_prim_type(str(t.element_type))
        if dtype is None:
            return Expr(v, script_type_of_mlir(str(t)))
        strides = None
        offset = 0
        layout = None
        if "#tirx.layout" in str(t):
            from ..layout import parse_layout
            layout = parse_layout(str(t.layout))
        elif not t.has_default_layout:
            strides = [None if s == dyn else int(s) for s in t.strides]
            offset = None if t.offset == dyn else int(t.offset)
        return Buffer(v, dtype, shape, t.scope, None, strides, offset, layout)
    return Expr(v, script_type_of_mlir(str(t)))


def _operand(name, i, x):
    from ._buffer import Buffer
    from ._expr import Expr
    if isinstance(x, Buffer):
        return x.materialize()
    if isinstance(x, Expr):
        return x.materialize()
    if isinstance(x, (bool, int, float)):
        raise UserError(f"T.mlir_op('{name}'): operand {i} is the Python number "
                        f"{x!r}; give it a type (T.int32({x!r}), T.index({x!r}), ...)")
    raise UserError(f"T.mlir_op('{name}'): operand {i} must be a script value, "
                    f"got {type(x).__name__}")


def mlir_op(name, operands=(), results=(), attributes=None):
    """Creates the region-less op `name` (see the module docstring)."""
    b = current()
    if not isinstance(name, str) or "." not in name:
        raise UserError("T.mlir_op takes the op's full name ('dialect.op')")
    if isinstance(operands, (list, tuple)):
        vals = [_operand(name, i, x) for i, x in enumerate(operands)]
    else:
        raise UserError("T.mlir_op: the operands are a list")
    rtypes = [b.type(_type_text(t)) for t in (results or ())]
    attrs = {}
    for k, v in (attributes or {}).items():
        attrs[k] = parse_attr(b, v, f"T.mlir_op('{name}'): attribute '{k}'")
    op = b.create(name, vals, rtypes, attrs)
    outs = [typed_value(r, r.type) for r in op.results]
    if not outs:
        return None
    return outs[0] if len(outs) == 1 else tuple(outs)
