"""The annotation objects of the ``T`` namespace and the conversions that
take them.

Dtype constructors (``T.int32``: an annotation, a cast, a constant and,
subscripted, a local array annotation), ``T.let``, ``T.Buffer(...)``,
``T.handle`` / ``T.TensorMap()`` / ``T.Ptr(...)``, and ``T.cast`` /
``T.reinterpret``, which accept them where a dtype goes. The parser, the
function signatures and the ``T.cuda`` helpers use these objects; the
``T`` namespace (tirx.py) re-exports them under the same names.
"""

import builtins as _builtins

from ._builder import UserError
from . import _buffer
from ._buffer import buffer_type_text
from ._expr import Expr
from . import _expr
from ._types import PointerType, PrimType, TensorMapType, as_prim_type

__all__ = ["DTypeConstructor", "LocalVectorAnnotation", "LetAnnotation", "let",
           "BufferAnnotation", "Buffer", "HandleAnnotation", "handle",
           "TensorMap", "Ptr", "cast", "reinterpret"]

# ---------------------------------------------------------------------------
# Data types
# ---------------------------------------------------------------------------


class DTypeConstructor:
    """``T.int32``: a dtype usable as an annotation, a cast
    (``T.int32(x)``), a constant (``T.int32(5)``) and, subscripted, a local
    array annotation (``x: T.f32[4]``)."""

    __slots__ = ("prim_type",)

    def __init__(self, dtype):
        self.prim_type = PrimType(dtype)

    def __call__(self, value=None, *, span=None):
        if value is None:
            raise UserError(
                f"T.{self.prim_type}() declares a symbolic variable, which is "
                "not supported yet; give a value (T.int32(5)) or annotate a "
                "parameter")
        if isinstance(value, (list, tuple)):
            if self.prim_type.lanes == 1:
                raise UserError(f"T.{self.prim_type} takes one value; a list of "
                                "lanes makes a vector (T.int32x4([a, b, c, d]))")
            return _expr.vector_of(value, self.prim_type)
        return _expr.cast(value, self.prim_type)

    def __getitem__(self, shape):
        if not isinstance(shape, tuple):
            shape = (shape,)
        return LocalVectorAnnotation(shape, self.prim_type)

    def __repr__(self):
        return f"T.{self.prim_type}"

    def __str__(self):
        return str(self.prim_type)


class LocalVectorAnnotation:
    """``T.f32[N]``: a local array annotation."""

    def __init__(self, shape, dtype):
        self.shape = tuple(shape)
        self.dtype = dtype


class LetAnnotation:
    """``T.let`` / ``T.let[T.int32]``: an immutable bind."""

    def __init__(self, type_=None):
        self.type = type_

    def __getitem__(self, t):
        return LetAnnotation(t)


let = LetAnnotation()

_DTYPE_CACHE = {}


def _dtype_ctor(name):
    """The one DTypeConstructor of dtype `name` (``T.int32 is T.int32``)."""
    c = _DTYPE_CACHE.get(name)
    if c is None:
        c = DTypeConstructor(name)
        _DTYPE_CACHE[name] = c
    return c


# ---------------------------------------------------------------------------
# Parameter annotations
# ---------------------------------------------------------------------------


class BufferAnnotation:
    """``T.Buffer(shape, dtype)``: a buffer parameter."""

    def __init__(self, shape, dtype="float32", data=None, strides=None,
                 elem_offset=None, scope="global", align=0, offset_factor=0,
                 buffer_type="", axis_separators=None, layout=None):
        if isinstance(shape, (int, Expr)):
            shape = (shape,)
        self.shape = tuple(shape)
        self.dtype = as_prim_type(dtype)
        self.scope = scope or "global"
        self.strides = tuple(strides) if strides else None
        self.elem_offset = elem_offset
        self.layout = _buffer._as_layout(layout)
        if self.layout is not None and self.strides:
            raise UserError("a buffer with a layout takes no strides")

    @property
    def mlir(self):
        return buffer_type_text(_static_dims(self.shape), self.dtype, self.scope,
                                self.strides, 0, self.layout)


def _static_dims(shape):
    out = []
    for d in shape:
        if isinstance(d, _builtins.bool):
            raise UserError("a buffer dimension must be an integer, got a bool")
        if isinstance(d, int):
            out.append(d)
        elif d is None or isinstance(d, Expr):
            out.append(None)  # dynamic ('?'): read with A.shape[i]
        else:
            raise UserError(f"a buffer dimension must be an integer (or None "
                            f"for a dynamic one), got {type(d).__name__}")
    return out


def Buffer(shape, dtype="float32", *args, **kwargs):  # noqa: N802
    """``T.Buffer((M, N), "float16")`` as a parameter annotation."""
    return BufferAnnotation(shape, dtype, *args, **kwargs)


class HandleAnnotation:
    """``T.handle`` / ``T.handle("float32", "shared")``."""

    is_handle_annotation = True

    def __init__(self, dtype=None, storage_scope="global"):
        if dtype == "tensormap":
            self.type = TensorMapType()
        elif dtype is None or dtype == "void":
            self.type = PointerType(None, storage_scope)
        else:
            self.type = PointerType(as_prim_type(dtype), storage_scope)

    @property
    def mlir(self):
        return self.type.mlir


def handle(dtype=None, storage_scope="global", *, is_size_var=False):
    """A pointer parameter: untyped (``T.handle``), typed
    (``T.handle("float32", "shared")``) or a TMA descriptor
    (``T.handle("tensormap")``)."""
    return HandleAnnotation(dtype, storage_scope)


def TensorMap():  # noqa: N802
    """A TMA descriptor parameter (``!tirx.tensormap``)."""
    return HandleAnnotation("tensormap")


def Ptr(dtype, storage_scope="global"):  # noqa: N802
    return HandleAnnotation(dtype, storage_scope)


# ---------------------------------------------------------------------------
# Conversions that take annotations
# ---------------------------------------------------------------------------


def reinterpret(dtype, value):
    """Bit reinterpretation: ``T.reinterpret(PointerType(PrimType("uint64"),
    "shared"), addr)`` gives the raw address a typed pointer;
    ``T.reinterpret("int32", x_f32)`` reinterprets bits."""
    if isinstance(dtype, HandleAnnotation):
        dtype = dtype.type
    if isinstance(dtype, str) and dtype == "handle":
        dtype = PointerType(None, "global")
    if isinstance(dtype, DTypeConstructor):
        dtype = dtype.prim_type
    return _expr.reinterpret(dtype, value)


def cast(value, dtype):
    """Value conversion to `dtype` (``T.cast(x, "float32")``)."""
    if isinstance(dtype, DTypeConstructor):
        dtype = dtype.prim_type
    return _expr.cast(value, dtype)
