"""MLIR types as the script spells them: data types (``T.float32``,
``"uint8"``), parameter annotations (``T.Buffer(...)``, ``T.handle(...)``,
``T.TensorMap()``) and pointer types (``PointerType(PrimType(...), ...)``).
"""

from ... import ir as _ir
from .._types import _FLOATS, PrimType

__all__ = ["prim_of", "Unprintable", "annotation", "pointer_text",
           "dtype_literal", "ctor", "generic_type"]

_FLOAT_OF_MLIR = {m: n for n, m in _FLOATS.items()}


class Unprintable(ValueError):
    """IR with no script spelling; the message says what, `op` where."""

    def __init__(self, message, op=None):
        super().__init__(message)
        self.op = op


class PrintError(ValueError):
    """Raised by ``script()`` for IR it cannot spell (the op is named; with
    ``allow_partial=True`` it prints placeholders instead). Also a
    ``tirx.script.ScriptError`` (see printer/__init__.py)."""


def _scalar_dtype(t):
    if isinstance(t, _ir.IntegerType):
        if str(t).startswith("si"):  # signed (not signless): no script dtype
            return None
        if t.width == 1:
            return "bool" if str(t) == "i1" else None
        return f"{'uint' if t.is_unsigned else 'int'}{t.width}"
    if isinstance(t, _ir.IndexType):
        return "index"
    return _FLOAT_OF_MLIR.get(str(t))


def prim_of(t):
    """The PrimType of an MLIR scalar or vector type (signless integers are
    signed), or None."""
    if isinstance(t, _ir.VectorType):
        shape = list(t.shape)
        if len(shape) != 1 or shape[0] < 2 or str(t).startswith("vector<["):
            return None  # 2-d, one-lane and scalable vectors: no PrimType
        d = _scalar_dtype(t.element_type)
        if d is None or d == "index":
            return None
        try:
            return PrimType(f"{d}x{shape[0]}")
        except ValueError:
            return None
    d = _scalar_dtype(t)
    try:
        return PrimType(d) if d else None
    except ValueError:
        return None


def _param_stype(t):
    """The script type of a value of MLIR type `t` (a parameter, an op
    result)."""
    p = prim_of(t)
    if p is not None:
        return p
    from .._types import script_type_of_mlir
    return script_type_of_mlir(str(t))


def dtype_literal(prim):
    return f'"{prim.dtype}"'


def ctor(prim):
    """``T.float32`` / ``T.uint8``: the dtype constructor of `prim`."""
    d = prim.dtype
    return f"T.{d}" if d.isidentifier() else f"T.cast"


def generic_type(t):
    """``T.mlir_type("...")``: any MLIR type by its text."""
    return f"T.mlir_type({str(t)!r})"


def pointer_text(t):
    """``PointerType(PrimType("uint64"), "shared")`` for !tirx.ptr."""
    elem = t.element_type
    scope = t.scope
    if isinstance(elem, _ir.NoneType):
        return f'PointerType(None, "{scope}")'
    p = prim_of(elem)
    if p is None or p.lanes != 1 or p.is_index:
        raise Unprintable(f"a pointer to {elem} has no script spelling")
    return f'PointerType(PrimType("{p.dtype}"), "{scope}")'


def _buffer_annotation(t):
    shape = list(t.shape)
    dyn = _ir.BufferType.get_dynamic_size()
    p = prim_of(t.element_type)
    if p is None or p.is_index:
        return generic_type(t)
    dims = ", ".join("None" if d == dyn else str(d) for d in shape)
    if len(shape) == 1:
        dims += ","
    args = [f"({dims})", dtype_literal(p)]
    if "#tirx.layout" in str(t):
        from ...layout import parse_layout
        try:
            args.append(f"layout={parse_layout(str(t.layout)).script()}")
        except Exception:  # noqa: BLE001
            return generic_type(t)
    elif not t.has_default_layout:
        strides = list(t.strides)
        if t.offset or any(s == dyn for s in strides):
            return generic_type(t)
        args.append(f"strides=({', '.join(str(s) for s in strides)}{',' if len(strides) == 1 else ''})")
    if t.scope != "global":
        args.append(f'scope="{t.scope}"')
    return f"T.Buffer({', '.join(args)})"


def annotation(t):
    """The parameter (or result) annotation of MLIR type `t`: a script
    spelling, else ``T.mlir_type(...)``."""
    if isinstance(t, _ir.BufferType):
        return _buffer_annotation(t)
    if isinstance(t, _ir.TensorMapType):
        return "T.TensorMap()"
    if isinstance(t, _ir.PtrType):
        elem = t.element_type
        if isinstance(elem, _ir.NoneType):
            return "T.handle" if t.scope == "global" else f'T.handle("void", "{t.scope}")'
        p = prim_of(elem)
        if p is None or p.lanes != 1 or p.is_index:
            return generic_type(t)
        if t.scope == "global":
            return f'T.handle("{p.dtype}")'
        return f'T.handle("{p.dtype}", "{t.scope}")'
    p = prim_of(t)
    if p is None or not p.dtype.isidentifier():
        return generic_type(t)
    return f"T.{p.dtype}"


def dict_items(attr, what):
    """(key, Python literal text) of each entry of a DictionaryAttr whose
    values are bools, i64s, f64s or strings (loop annotations, tile
    configs: what the frontend writes)."""
    import re
    body = str(attr).strip()[1:-1].strip()
    out = []
    if not body:
        return out
    for part in re.split(r",\s*(?=[A-Za-z_\"][\w.\"]*\s*=)", body):
        k, _, v = part.partition("=")
        k, v = k.strip().strip('"'), v.strip()
        if v in ("true", "false"):
            pv = "True" if v == "true" else "False"
        elif re.fullmatch(r"-?\d+ : i64", v):
            pv = v.split(" ")[0]
        elif re.fullmatch(r"[-+0-9.eE]+ : f64", v):
            pv = repr(float(v.split(" ")[0]))
        elif v.startswith('"') and v.endswith('"'):
            pv = v
        else:
            raise Unprintable(f"the {what} {k} = {v}")
        out.append((k, pv))
    return out
