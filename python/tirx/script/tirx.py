"""The ``T`` namespace of TIRx scripts: ``from tirx.script import tirx as T``.

Decorators (``T.prim_func``, ``T.macro``, ``T.inline``), parameter
annotations (``T.Buffer``, ``T.handle``, ``T.TensorMap``, dtypes), buffers
and pointers, execution scopes, loops, casts, math, and the ``T.ptx`` /
``T.cuda`` namespaces. See docs/Script.md.
"""

import builtins as _builtins

from .. import ir as _ir
from ._builder import UserError, current
from ._buffer import Buffer as _Buffer
from ._buffer import buffer_type_text
from . import _buffer
from ._expr import BufferLoad, Expr, as_expr, to_index, value_of
from ._expr import cast as _cast
from ._buffer import decl_buffer as _decl_view
from ._expr import reinterpret as _reinterpret
from ._expr import select as _select
from . import _expr
from ._parser import MetaVar, ScalarRef
from ._types import (PointerType, PrimType, TensorMapType, as_prim_type)

# Decorators and function-level helpers live in _function and _macro.
from ._function import func_attr, mlir_attr, prim_func  # noqa: F401
from ._macro import Macro, inline, macro  # noqa: F401

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
        return _cast(value, self.prim_type)

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
    c = _DTYPE_CACHE.get(name)
    if c is None:
        c = DTypeConstructor(name)
        _DTYPE_CACHE[name] = c
    return c


def __getattr__(name):
    """Dtype constructors by name: T.int32, T.float16x4, T.bf16, T.fp8_e4m3."""
    if name.startswith("__"):
        raise AttributeError(name)
    try:
        PrimType(name)
    except (ValueError, TypeError):
        raise AttributeError(f"module 'T' (tirx.script.tirx) has no attribute "
                             f"'{name}'") from None
    return _dtype_ctor(name)


for _n in ("index", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
           "uint64", "float16", "float32", "float64", "bfloat16",
           "float8_e4m3fn", "float8_e5m2", "float4_e2m1fn", "bool", "f16",
           "f32", "f64", "bf16", "i8", "i16", "i32", "i64", "u8", "u16",
           "u32", "u64"):
    globals()[_n] = _dtype_ctor(_n)
del _n
boolean = _dtype_ctor("bool")


def type_annotation(dtype):
    return as_prim_type(dtype)


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
        if layout is not None:
            raise UserError("buffer layouts (T.TileLayout, ...) are not "
                            "supported yet")

    @property
    def mlir(self):
        return buffer_type_text(_static_dims(self.shape), self.dtype, self.scope,
                                self.strides, 0)


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
# Binds, scalars, meta values
# ---------------------------------------------------------------------------


def meta_var(value):
    """A parse-time Python value: ``x = T.meta_var(v)`` binds `x` to `v`."""
    return MetaVar(value)


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


def evaluate(value):
    """Evaluates `value` for its side effects (a load is emitted)."""
    if isinstance(value, Expr):
        value.materialize()
    return None


def likely(cond):
    """A hint that `cond` is usually true (the condition itself)."""
    return cond


def assume(cond):
    return None


def static_assert(cond, message=""):
    if isinstance(cond, Expr) or not cond:
        raise UserError(f"static assertion failed: {message}" if not isinstance(cond, Expr)
                        else "T.static_assert needs a condition known while parsing")


def hint(message="", **attrs):
    """``T.hint(...)``: a note for readers; accepted and ignored."""
    return _NullContext()


def attr(*args, **kwargs):
    """``T.attr(...)`` / ``with T.attr(...)``: accepted and ignored (the
    attributes TIRx passes read have first-class forms here)."""
    return _NullContext()


class _NullContext:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


# ---------------------------------------------------------------------------
# Buffers and scalars
# ---------------------------------------------------------------------------

_ALLOC_SCOPES = ("shared", "shared.dyn", "local")


def alloc_buffer(shape, dtype="float32", data=None, strides=None,
                 elem_offset=None, scope="global", align=-1, offset_factor=0,
                 buffer_type="", axis_separators=None, layout=None, name=None):
    """A buffer allocated for the kernel (``tirx.alloc_buffer``) in
    ``shared``, ``shared.dyn`` or ``local`` scope."""
    b = current()
    if layout is not None:
        raise UserError("buffer layouts (T.TileLayout, T.ComposeLayout, ...) "
                        "are not supported yet")
    if data is not None:
        return decl_buffer(shape, dtype, data=data, strides=strides,
                           elem_offset=elem_offset, scope=scope, name=name)
    if scope not in _ALLOC_SCOPES:
        raise UserError(f"T.alloc_buffer cannot allocate in '{scope}' scope; "
                        f"use scope='shared', 'shared.dyn' or 'local'"
                        + (" (tensor memory is allocated with tcgen05.alloc "
                           "and viewed with T.decl_buffer)" if scope == "tmem" else ""))
    if strides:
        raise UserError("T.alloc_buffer(strides=...) is not supported; "
                        "allocations are dense")
    if isinstance(shape, (int, Expr)):
        shape = (shape,)
    shape = tuple(shape)
    t = as_prim_type(dtype)
    dyn = [to_index(d) for d in shape if not isinstance(d, int)]
    dims = [d if isinstance(d, int) else None for d in shape]
    for d in dims:
        if d is not None and d <= 0:
            raise UserError(f"buffer dimensions must be positive, got {list(shape)}")
    text = buffer_type_text(dims, t, scope)
    attrs = {}
    if align is not None and align > 0:
        if align & (align - 1):
            raise UserError(f"align must be a power of two, got {align}")
        attrs["alignment"] = b.int_attr(align, "i64")
    if name:
        attrs["name"] = b.str_attr(name)
    op = b.create("tirx.alloc_buffer", dyn, [text], attrs)
    return _Buffer(op.result, t, shape, scope, name)


def _set_buffer_name(buf, name):
    """Records `name` on the op that defines `buf` (for printing)."""
    try:
        v = buf.materialize()
        owner = v.owner
        if getattr(owner, "name", None) in ("tirx.alloc_buffer", "tirx.decl_buffer") \
                and "name" not in owner.attributes:
            owner.attributes["name"] = current().str_attr(name)
    except Exception:  # pragma: no cover - naming is cosmetic
        pass


def alloc_shared(shape, dtype="float32", **kw):
    return alloc_buffer(shape, dtype, scope="shared", **kw)


def alloc_local(shape, dtype="float32", **kw):
    return alloc_buffer(shape, dtype, scope="local", **kw)


smem = alloc_shared


def alloc_scalar(dtype="float32", scope="local"):
    buf = alloc_buffer((1,), dtype, scope=scope)
    return ScalarRef(buf, [0])


def local_scalar(dtype="float32"):
    """A mutable scalar in registers (``x = T.local_scalar("uint32")``)."""
    return alloc_scalar(dtype, "local")


def shared_scalar(dtype="float32"):
    """A scalar in shared memory, e.g. an mbarrier
    (``bar = T.shared_scalar("uint64")``)."""
    return alloc_scalar(dtype, "shared")


def decl_buffer(shape, dtype="float32", data=None, strides=None,
                elem_offset=None, byte_offset=None, scope=None, align=0,
                offset_factor=0, buffer_type="", axis_separators=None,
                layout=None, allocated_addr=None, name=None):
    """A buffer view over the pointer `data` (``tirx.decl_buffer``); without
    `data` an allocation."""
    if layout is not None:
        raise UserError("buffer layouts are not supported yet")
    if allocated_addr is not None:
        raise UserError("T.decl_buffer(allocated_addr=...) (tensor-memory "
                        "buffers) is not supported yet")
    if isinstance(shape, (int, Expr)):
        shape = (shape,)
    if data is None:
        return alloc_buffer(shape, dtype, scope=scope or "global", align=align,
                            name=name)
    if isinstance(data, _Buffer):
        data = data.data
    return _decl_view(tuple(shape), dtype, data, scope=scope, name=name,
                      elem_offset=elem_offset, byte_offset=byte_offset,
                      strides=strides)


def decl_scalar(dtype, data, scope=None, elem_offset=None, byte_offset=None):
    buf = decl_buffer((1,), dtype, data=data, scope=scope,
                      elem_offset=elem_offset, byte_offset=byte_offset)
    return ScalarRef(buf, [0])


def match_buffer(param, shape, dtype="float32", data=None, strides=None,
                 elem_offset=None, scope="global", align=-1, offset_factor=0,
                 buffer_type="default", axis_separators=None, layout=None):
    """Binds a handle parameter to a buffer (``A = T.match_buffer(A_ptr, (n,),
    "float32")``): the parameter becomes a ``!tirx.buffer`` argument."""
    from ._function import match_param_buffer
    ann = BufferAnnotation(shape, dtype, scope=scope, strides=strides)
    return match_param_buffer(param, ann)


def buffer_store(buffer, value, indices):
    buffer[tuple(indices)] = value


def address_of(obj):
    """The address of a buffer element (``T.address_of(A[i])``), of a
    scalar, or of a buffer's first element; a TMA descriptor parameter
    stands for its own address."""
    if isinstance(obj, BufferLoad):
        return obj.ptr()
    if isinstance(obj, _Buffer):
        return obj.ptr_to([0] * obj.ndim)
    if isinstance(obj, Expr) and isinstance(obj.ty, TensorMapType):
        return obj
    if isinstance(obj, Expr) and isinstance(obj.ty, PointerType) and \
            isinstance(obj.ty.element_type, TensorMapType):
        return obj
    raise UserError("T.address_of needs a buffer element (A[i]), a scalar "
                    f"variable or a buffer, got {_expr._describe(obj)}")


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
    return _reinterpret(dtype, value)


def vector_insert(vec, value, pos):
    """`vec` with lane `pos` set to `value` (``vector.insert``)."""
    return _expr.vector_insert(vec, value, pos)


def vector_bitcast(vec, dtype):
    """The bits of vector `vec` as a vector of `dtype` (``vector.bitcast``)."""
    return _expr.vector_bitcast(vec, dtype)


def cast(value, dtype):
    """Value conversion to `dtype` (``T.cast(x, "float32")``)."""
    if isinstance(dtype, DTypeConstructor):
        dtype = dtype.prim_type
    return _cast(value, dtype)


def tvm_access_ptr(ptype, data, offset, extent, rw_mask):
    """A typed pointer to element `offset` (of `ptype`) from `data`; `ptype`
    is a dtype string, a PrimType or ``T.type_annotation(...)``."""
    t = as_prim_type(ptype.prim_type if isinstance(ptype, DTypeConstructor) else ptype)
    if isinstance(data, _Buffer):
        return _buffer.access_ptr(data, _rw(rw_mask), offset, extent, t)
    d = as_expr(data)
    if not isinstance(d.ty, PointerType):
        raise UserError(f"tvm_access_ptr needs a pointer, got {d.ty}")
    return _buffer.ptr_byte_offset(d, _mul(offset, t.bytes), t)


def _rw(mask):
    if isinstance(mask, int):
        return {1: "r", 2: "w", 3: "rw"}.get(mask, "rw")
    return mask


def _mul(x, k):
    if isinstance(x, int):
        return x * k
    return x * k if k != 1 else x


def ptr_byte_offset(data, byte_offset, dtype):
    """``data + byte_offset`` as a pointer to `dtype` (a string or PrimType)
    in the scope of `data`."""
    if isinstance(dtype, DTypeConstructor):
        dtype = dtype.prim_type
    return _buffer.ptr_byte_offset(data, byte_offset, dtype)


def if_then_else(cond, t, f):
    """``t`` where `cond` holds, else ``f`` (both are evaluated)."""
    if not isinstance(cond, Expr):
        return t if cond else f
    return _select(cond, t, f)


Select = if_then_else


# ---------------------------------------------------------------------------
# Host calls, math, execution scopes, loops (one module each)
# ---------------------------------------------------------------------------

from ._host import (TensorMapSlot, call_extern, call_packed,  # noqa: E402,F401
                    tvm_stack_alloca)
from ._mathops import (And, Not, Or, abs, atan, bitwise_and,  # noqa: E402,F401
                       bitwise_not, bitwise_or, bitwise_xor, ceil, copysign, cos, erf, exp,
                       exp2, expm1, fabs, floor, floordiv, floormod, fma,
                       infinity, log, log10, log1p, log2, max, max_value, min,
                       min_value, nearbyint, pow, round, rsqrt, shift_left,
                       shift_right, sigmoid, sin, sqrt, tan, tanh, trunc,
                       truncdiv, truncmod)
from ._scopes import (EnvThread, KernelState, cluster_id, cta_id,  # noqa: E402,F401
                      cta_id_in_cluster, device_entry, env_thread, lane_id,
                      launch_thread, thread_id, thread_id_in_wg, warp_id,
                      warp_id_in_wg, warpgroup_id)
from ._control import (ForSpec, grid, parallel, serial,  # noqa: E402,F401
                       thread_binding, unroll, vectorized)

from ._generic import mlir_op, mlir_type  # noqa: E402,F401


def target(chip):
    """``T.target("sm_90a")``: the ``#tirx.target`` attribute of a chip, for
    ``I.module_attrs({"tirx.target": T.target("sm_90a")})``."""
    from ._function import MLIRAttr
    if not isinstance(chip, str) or '"' in chip:
        raise UserError(f"T.target takes a chip name such as 'sm_90a', got {chip!r}")
    return MLIRAttr(f'#tirx.target<"{chip}">')


def unprintable(what=""):
    """What a script printed with ``allow_partial=True`` holds where the IR
    had no script spelling: an error when parsed, so such text never
    parses into a kernel without that IR."""
    raise UserError(f"this script was printed with allow_partial=True and "
                    f"is not a kernel: {what} has no script spelling")


def buffer_dim(buffer, dim):
    """The extent of dimension `dim` of `buffer` as an ``index`` value
    (``tirx.buffer_dim``); ``A.shape[d]`` of a dynamic extent is this."""
    if not isinstance(buffer, _Buffer):
        raise UserError("T.buffer_dim takes a buffer")
    return buffer.dim(dim)


# ---------------------------------------------------------------------------
# Sub-namespaces
# ---------------------------------------------------------------------------

from ._ptx import ptx  # noqa: E402,F401
from ._cuda import (cuda, tvm_warp_shuffle, tvm_warp_shuffle_up,  # noqa: E402,F401
                    tvm_warp_shuffle_down, tvm_warp_shuffle_xor)
from ._profile import profile  # noqa: E402,F401

__all__ = [n for n in dir() if not n.startswith("_")]
