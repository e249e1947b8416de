"""MLIR types as the script spells them: data types (``T.float32``,
``"uint8"``), parameter annotations (``T.Buffer(...)``, ``T.handle(...)``,
``T.TensorMap()``) and pointer types (``PointerType(PrimType(...), ...)``).
"""

from ... import ir as _ir
from .._types import _FLOATS, PrimType

__all__ = ["prim_of", "Unprintable", "annotation", "pointer_text",
           "dtype_literal", "ctor"]

_FLOAT_OF_MLIR = {m: n for n, m in _FLOATS.items()}


class Unprintable(ValueError):
    """IR with no script spelling; the message says what."""


def _scalar_dtype(t):
    if isinstance(t, _ir.IntegerType):
        if t.width == 1:
            return "bool"
        return f"{'uint' if t.is_unsigned else 'int'}{t.width}"
    return _FLOAT_OF_MLIR.get(str(t))


def prim_of(t):
    """The PrimType of an MLIR scalar or vector type (signless integers are
    signed), or None."""
    if isinstance(t, _ir.VectorType):
        shape = list(t.shape)
        if len(shape) != 1:
            return None
        d = _scalar_dtype(t.element_type)
        return PrimType(f"{d}x{shape[0]}") if d else None
    d = _scalar_dtype(t)
    try:
        return PrimType(d) if d else None
    except ValueError:
        return None


def dtype_literal(prim):
    return f'"{prim.dtype}"'


def ctor(prim):
    """``T.float32`` / ``T.uint8``: the dtype constructor of `prim`."""
    d = prim.dtype
    return f"T.{d}" if d.isidentifier() else f"T.cast"


def pointer_text(t):
    """``PointerType(PrimType("uint64"), "shared")`` for !tirx.ptr."""
    elem = t.element_type
    scope = t.scope
    if isinstance(elem, _ir.NoneType):
        return f'PointerType(None, "{scope}")'
    p = prim_of(elem)
    if p is None or p.lanes != 1:
        raise Unprintable(f"a pointer to {elem} has no script spelling")
    return f'PointerType(PrimType("{p.dtype}"), "{scope}")'


def _buffer_annotation(t):
    shape = list(t.shape)
    dyn = _ir.BufferType.get_dynamic_size()
    if any(d == dyn for d in shape):
        raise Unprintable(f"a buffer parameter with a dynamic shape ({t}) has "
                          "no script spelling")
    p = prim_of(t.element_type)
    if p is None:
        raise Unprintable(f"a buffer of {t.element_type} has no script spelling")
    dims = ", ".join(str(d) for d in shape)
    if len(shape) == 1:
        dims += ","
    args = [f"({dims})", dtype_literal(p)]
    if not t.has_default_layout:
        if t.offset:
            raise Unprintable(f"a buffer parameter with an element offset ({t}) "
                              "has no script spelling")
        strides = list(t.strides)
        if any(s == dyn for s in strides):
            raise Unprintable(f"a buffer parameter with dynamic strides ({t}) "
                              "has no script spelling")
        args.append(f"strides=({', '.join(str(s) for s in strides)}{',' if len(strides) == 1 else ''})")
    if t.scope != "global":
        args.append(f'scope="{t.scope}"')
    return f"T.Buffer({', '.join(args)})"


def annotation(t):
    """The parameter annotation of MLIR type `t`."""
    if isinstance(t, _ir.BufferType):
        return _buffer_annotation(t)
    if isinstance(t, _ir.TensorMapType):
        return "T.TensorMap()"
    if isinstance(t, _ir.PtrType):
        elem = t.element_type
        if isinstance(elem, _ir.NoneType):
            return "T.handle" if t.scope == "global" else f'T.handle("void", "{t.scope}")'
        p = prim_of(elem)
        if p is None or p.lanes != 1:
            raise Unprintable(f"a pointer parameter to {elem} has no script spelling")
        if t.scope == "global":
            return f'T.handle("{p.dtype}")'
        return f'T.handle("{p.dtype}", "{t.scope}")'
    p = prim_of(t)
    if p is None or p.lanes != 1:
        raise Unprintable(f"a parameter of type {t} has no script spelling")
    return f"T.{p.dtype}"
