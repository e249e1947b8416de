"""The ``T`` namespace of TIRx scripts: ``from tirx.script import tirx as T``.

Decorators (``T.prim_func``, ``T.macro``, ``T.inline``), parameter
annotations (``T.Buffer``, ``T.handle``, ``T.TensorMap``, dtypes), buffers
and pointers, execution scopes, loops, casts, math, and the ``T.ptx`` /
``T.cuda`` namespaces. See docs/Script.md.
"""

import builtins as _builtins

from .. import ir as _ir
from ._builder import UserError, current
from ._expr import (BufferLoad, Expr, as_expr, buffer_type_text, to_index,
                    value_of)
from ._expr import Buffer as _Buffer
from ._expr import cast as _cast
from ._expr import decl_buffer as _decl_view
from ._expr import reinterpret as _reinterpret
from ._expr import select as _select
from . import _expr
from ._parser import MetaVar, ScalarRef
from ._types import (PointerType, PrimType, TensorMapType, as_prim_type)

# Decorators and function-level helpers live in _function.
from ._function import (inline, macro, prim_func, Macro,  # noqa: F401
                        func_attr)

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


for _n in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
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
        if isinstance(d, int):
            out.append(d)
        elif isinstance(d, Expr):
            out.append(None)
        else:
            raise UserError(f"a buffer dimension must be an integer, got "
                            f"{type(d).__name__}")
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
    if strides:
        raise UserError("T.decl_buffer(strides=...) is not supported yet")
    if isinstance(data, _Buffer):
        data = data.data
    return _decl_view(tuple(shape), dtype, data, scope=scope, name=name,
                      elem_offset=elem_offset, byte_offset=byte_offset)


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
        return obj.ptr_to([0] * len(obj.shape))
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
        return _expr.access_ptr(data, _rw(rw_mask), offset, extent, t)
    d = as_expr(data)
    if not isinstance(d.ty, PointerType):
        raise UserError(f"tvm_access_ptr needs a pointer, got {d.ty}")
    return _expr.ptr_byte_offset(d, _mul(offset, t.bytes), t)


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
    return _expr.ptr_byte_offset(data, byte_offset, dtype)


def if_then_else(cond, t, f):
    """``t`` where `cond` holds, else ``f`` (both are evaluated)."""
    if not isinstance(cond, Expr):
        return t if cond else f
    return _select(cond, t, f)


Select = if_then_else


_ENCODE_OP = "tirx.tensormap_encode_tiled"


def _no_host_tma():
    return UserError(
        "host-side TMA descriptor creation (T.tvm_stack_alloca + "
        "T.call_packed(\"runtime.cuTensorMapEncodeTiled\", ...)) is not "
        "supported yet; pass the descriptor as a T.TensorMap() parameter")


class TensorMapSlot(Expr):
    """``T.tvm_stack_alloca("tensormap", 1)``: a TMA descriptor that
    ``T.call_packed("runtime.cuTensorMapEncodeTiled", slot, ...)`` builds."""

    __slots__ = ()

    def __init__(self):
        Expr.__init__(self, None, TensorMapType(), None, True)

    def materialize(self):
        if self._value is None:
            raise UserError("the TMA descriptor is used before "
                            "T.call_packed(\"runtime.cuTensorMapEncodeTiled\", ...) "
                            "builds it")
        return self._value


def tvm_stack_alloca(kind, count=1):
    """Host storage for a TMA descriptor (``"tensormap"``, one)."""
    from .._ods import OPS
    if _ENCODE_OP not in OPS:
        raise _no_host_tma()
    if kind != "tensormap" or count != 1:
        raise UserError("T.tvm_stack_alloca supports one \"tensormap\" (a TMA "
                        "descriptor)")
    b = current()
    if b.kernel is not None:
        raise UserError("TMA descriptors are built in the host part, before "
                        "T.device_entry()")
    return TensorMapSlot()


# CUDA's enum values of cuTensorMapEncodeTiled, as the descriptor op spells them.
_INTERLEAVE = ["none", "16b", "32b"]
_SWIZZLE = ["none", "32b", "64b", "128b", "128b_atom_32b", "128b_atom_32b_flip_8b",
            "128b_atom_64b"]
_L2 = ["none", "64b", "128b", "256b"]
_OOB = ["none", "nan_request_zero_fma"]


def call_packed(name, *args):
    """Host runtime calls. ``T.call_packed("runtime.cuTensorMapEncodeTiled",
    desc, dtype, rank, address, *global_dims, *global_strides[1:], *box,
    *element_strides, interleave, swizzle, l2_promotion, oob_fill)`` builds
    the descriptor `desc` (dimensions innermost first, strides in bytes, the
    modes as CUDA's enum values)."""
    from .._ods import OPS
    if name != "runtime.cuTensorMapEncodeTiled":
        raise UserError(f"T.call_packed(\"{name}\") is not supported; only "
                        "runtime.cuTensorMapEncodeTiled (TMA descriptors) is")
    if _ENCODE_OP not in OPS:
        raise _no_host_tma()
    if len(args) < 4:
        raise UserError("runtime.cuTensorMapEncodeTiled takes the descriptor, "
                        "dtype, rank, address and the shape arguments")
    slot, dtype, rank, source = args[:4]
    rest = list(args[4:])
    if not isinstance(slot, TensorMapSlot):
        raise UserError("the first argument must be a descriptor from "
                        "T.tvm_stack_alloca(\"tensormap\", 1)")
    if slot._value is not None:
        raise UserError("this descriptor was built already")
    if not isinstance(rank, int) or not 1 <= rank <= 5:
        raise UserError(f"the rank must be an integer 1..5, got {rank!r}")
    want = rank + (rank - 1) + rank + rank + 4
    if len(rest) != want:
        raise UserError(f"a rank-{rank} descriptor takes {want} shape and mode "
                        f"arguments (dims {rank}, strides {rank - 1}, box {rank}, "
                        f"element strides {rank}, 4 modes), got {len(rest)}")
    dims, rest = rest[:rank], rest[rank:]
    strides, rest = rest[:rank - 1], rest[rank - 1:]
    box, rest = rest[:rank], rest[rank:]
    elem, modes = rest[:rank], rest[rank:]
    for what, vals in (("box", box), ("element strides", elem), ("modes", modes)):
        if not all(isinstance(v, int) for v in vals):
            raise UserError(f"the {what} of a TMA descriptor must be Python integers")
    names = []
    for table, v, what in ((_INTERLEAVE, modes[0], "interleave"), (_SWIZZLE, modes[1], "swizzle"),
                           (_L2, modes[2], "L2 promotion"), (_OOB, modes[3], "OOB fill")):
        if not 0 <= v < len(table):
            raise UserError(f"unknown {what} mode {v}")
        names.append(table[v])
    dt = dtype.prim_type if isinstance(dtype, DTypeConstructor) else dtype
    kw = {"source": source.data if isinstance(source, _Buffer) else source,
          "dtype": str(dt),
          "box": box, "element_strides": elem,
          "interleave": names[0], "swizzle": names[1], "l2_promotion": names[2],
          "oob_fill": names[3]}
    kw.update(_dynamic_list("global_dims", dims))
    kw.update(_dynamic_list("global_strides", strides))
    from ._opbuild import build
    desc = build(_ENCODE_OP, (), kw)
    slot._value = desc.materialize()
    return None


def _dynamic_list(name, values):
    """An index list as the op takes it: static values, and SSA values for
    the entries given by expressions (ShapedType::kDynamic in the static list)."""
    static, dynamic = [], []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            static.append(-(1 << 63))  # ShapedType::kDynamic
            dynamic.append(v)
    return {name: dynamic, "static_" + name: static}


def call_extern(*args, **kwargs):
    raise UserError("T.call_extern is not supported: TIRx compiles through "
                    "MLIR's NVVM dialect, not CUDA C++")


# ---------------------------------------------------------------------------
# Math
# ---------------------------------------------------------------------------


def _math(name, float_only=True):
    def f(x):
        if isinstance(x, (int, float)) and not isinstance(x, _builtins.bool):
            x = as_expr(float(x))
        return _expr.math_unary(name, x, float_only)
    f.__name__ = name.split(".")[-1]
    f.__doc__ = f"``{name}`` of `x`."
    return f


exp = _math("math.exp")
exp2 = _math("math.exp2")
exp10 = None
log = _math("math.log")
log2 = _math("math.log2")
log10 = _math("math.log10")
log1p = _math("math.log1p")
expm1 = _math("math.expm1")
sqrt = _math("math.sqrt")
rsqrt = _math("math.rsqrt")
tanh = _math("math.tanh")
sin = _math("math.sin")
cos = _math("math.cos")
tan = _math("math.tan")
atan = _math("math.atan")
erf = _math("math.erf")
floor = _math("math.floor")
ceil = _math("math.ceil")
trunc = _math("math.trunc")
round = _math("math.roundeven")  # noqa: A001 - TVM's name
nearbyint = round
del exp10


def fabs(x):
    return _expr.absolute(x)


def abs(x):  # noqa: A001 - TVM's name
    if not isinstance(x, Expr):
        return _builtins.abs(x)
    return _expr.absolute(x)


def sigmoid(x):
    e = as_expr(x)
    one = _cast(1.0, e.ty)
    return one / (one + exp(-e))


def pow(x, y):  # noqa: A001
    return _expr.binary("pow", x if isinstance(x, Expr) else as_expr(float(x)), y)


def fma(a, b, c):
    ea, eb, t = _expr._unify(a, b)
    ec = _cast(c, t)
    v = current().create("math.fma", [ea.materialize(), eb.materialize(), ec.materialize()],
                         [t.ssa]).result
    return Expr(v, t)


def _minmax(kind, a, b):
    if not isinstance(a, Expr) and not isinstance(b, Expr):
        return _builtins.max(a, b) if kind == "max" else _builtins.min(a, b)
    ea, eb, t = _expr._unify(a, b)
    if t.is_float:
        # maximumf/minimumf (PTX max.NaN/min.NaN): NaN-propagating; the
        # maxnumf form lowers to a libdevice call the pipeline does not link
        name = f"arith.{kind}imumf"
    elif t.is_uint or t.is_bool:
        name = f"arith.{kind}ui"
    else:
        name = f"arith.{kind}si"
    v = current().create(name, [ea.materialize(), eb.materialize()], [t.ssa]).result
    return Expr(v, t)


def max(a, b):  # noqa: A001
    return _minmax("max", a, b)


def min(a, b):  # noqa: A001
    return _minmax("min", a, b)


def truncdiv(a, b):
    return _expr.binary("div", a, b)


def truncmod(a, b):
    ea, eb, t = _expr._unify(a, b)
    name = "arith.remui" if t.is_uint else ("arith.remf" if t.is_float else "arith.remsi")
    return Expr(current().create(name, [ea.materialize(), eb.materialize()], [t.ssa]).result, t)


def floordiv(a, b):
    return _expr.binary("floordiv", a, b)


def floormod(a, b):
    return _expr.binary("floormod", a, b)


def bitwise_and(a, b):
    return _expr.binary("and", a, b)


def bitwise_or(a, b):
    return _expr.binary("or", a, b)


def bitwise_xor(a, b):
    return _expr.binary("xor", a, b)


def bitwise_not(a):
    return _expr.invert(a)


def shift_left(a, b):
    return _expr.binary("shl", a, b)


def shift_right(a, b):
    return _expr.binary("shr", a, b)


def And(a, b):  # noqa: N802
    return _expr.logical_and(a, b)


def Or(a, b):  # noqa: N802
    return _expr.logical_or(a, b)


def Not(a):  # noqa: N802
    return _expr.logical_not(a)


def infinity(dtype):
    return _cast(float("inf"), dtype)


def min_value(dtype):
    t = as_prim_type(dtype)
    if t.is_float:
        return _cast(float("-inf"), t)
    return _cast(-(1 << (t.bits - 1)) if t.is_signed else 0, t)


def max_value(dtype):
    t = as_prim_type(dtype)
    if t.is_float:
        return _cast(float("inf"), t)
    return _cast((1 << (t.bits - 1)) - 1 if t.is_signed else (1 << t.bits) - 1, t)


# ---------------------------------------------------------------------------
# Execution scopes
# ---------------------------------------------------------------------------


class KernelState:
    """Per-kernel parse state: the kernel op and the scope ids of the legacy
    ``T.launch_thread`` spelling (one op per family, extents filled in as
    each dimension is launched)."""

    def __init__(self, op, frame):
        self.op = op
        self.frame = frame
        self.legacy = {}


def device_entry():
    """Everything after this statement is device code (``tirx.kernel``)."""
    b = current()
    if b.kernel is not None:
        raise UserError("T.device_entry() may appear only once in a function")
    _open_kernel(b)


def _open_kernel(b):
    fs = b.func
    if fs is None or b.frame is not fs.body_frame:
        raise UserError("the device part (T.device_entry(), T.launch_thread) "
                        "must start at the top level of the function body")
    op = b.create("tirx.kernel", regions=1)
    block = op.regions[0].blocks.append()
    frame = b.push_block(block, boundary=True, kind="kernel")
    b.kernel = KernelState(op, frame)
    fs.kernel_frame = frame
    return b.kernel


def _require_kernel(what):
    b = current()
    if b.kernel is None:
        raise UserError(f"{what} is only valid in device code, after "
                        "T.device_entry()")
    return b


def _scope_id(opname, extents, dtype, fixed=None, multi=True):
    b = _require_kernel(f"T.{opname}")
    t = as_prim_type(dtype)
    if t.dtype not in ("int32", "uint32"):
        raise UserError(f"scope ids are int32 or uint32, got {t}")
    if extents is None:
        dims = [None]
    elif isinstance(extents, (int, Expr)):
        dims = [extents]
    else:
        dims = list(extents)
    if not dims:
        raise UserError("scope-id extents must not be empty")
    if not multi and len(dims) != 1:
        raise UserError(f"T.{opname} takes exactly one extent")
    if len(dims) > 3:
        raise UserError(f"T.{opname} takes at most three extents")
    known = [d for d in dims if d is not None]
    attrs = {}
    if known:
        if len(known) != len(dims):
            raise UserError("scope-id extents must be all given or all None "
                            "(inferred)")
        for d in known:
            if not isinstance(d, int):
                raise UserError("scope-id extents must be Python integers, "
                                f"got {_expr._describe(d)}")
        attrs["extents"] = _ir.DenseI64ArrayAttr.get(known, b.ctx)
    op = b.create(f"tirx.{opname}", [], ["i32"] * len(dims), attrs)
    vals = [Expr(r, t, is_var=True) for r in op.results]
    return vals[0] if len(vals) == 1 else vals


def cluster_id(extents=None, dtype="int32"):
    return _scope_id("cluster_id", extents, dtype)


def cta_id(extents=None, dtype="int32", preferred=None):
    if preferred is not None:
        raise UserError("preferred cluster dims are not supported yet")
    return _scope_id("cta_id", extents, dtype)


def cta_id_in_cluster(extents=None, dtype="int32", preferred=None):
    if preferred is not None:
        raise UserError("preferred cluster dims are not supported yet")
    return _scope_id("cta_id_in_cluster", extents, dtype)


def warpgroup_id(extents=None, dtype="int32"):
    return _scope_id("warpgroup_id", extents, dtype, multi=False)


def warp_id(extents=None, dtype="int32"):
    return _scope_id("warp_id", extents, dtype, multi=False)


def warp_id_in_wg(extents=None, dtype="int32"):
    return _scope_id("warp_id_in_wg", extents, dtype, multi=False)


def lane_id(extents=None, dtype="int32"):
    return _scope_id("lane_id", extents, dtype, multi=False)


def thread_id(extents=None, dtype="int32"):
    return _scope_id("thread_id", extents, dtype)


def thread_id_in_wg(extents=None, dtype="int32"):
    return _scope_id("thread_id_in_wg", extents, dtype, multi=False)


# The legacy thread tags and the scope-id family each maps onto.
_TAGS = {"blockIdx": "cta_id", "threadIdx": "thread_id",
         "clusterCtaIdx": "cta_id_in_cluster", "clusterIdx": "cluster_id"}


class EnvThread(Expr):
    """``T.env_thread("threadIdx.x")``: defined by a later
    ``T.launch_thread(var, extent)``."""

    __slots__ = ("tag",)

    def __init__(self, tag):
        Expr.__init__(self, None, PrimType("int32"), tag.replace(".", "_"), True)
        self.tag = tag

    def materialize(self):
        if self._value is None:
            raise UserError(f"thread variable '{self.tag}' is used before "
                            f"T.launch_thread launches it")
        return self._value


def env_thread(thread_tag, dtype="int32"):
    _parse_tag(thread_tag)
    return EnvThread(thread_tag)


def _parse_tag(tag):
    fam, _, dim = tag.partition(".")
    if fam not in _TAGS or dim not in ("x", "y", "z"):
        raise UserError(f"unknown thread tag '{tag}'; expected blockIdx.[xyz], "
                        f"threadIdx.[xyz], clusterCtaIdx.[xyz] or "
                        f"clusterIdx.[xyz]")
    return _TAGS[fam], "xyz".index(dim)


def launch_thread(thread, extent):
    """Legacy spelling of a scope id: ``tx = T.launch_thread("threadIdx.x",
    128)`` (a statement or a ``with``); opens the device part if needed."""
    b = current()
    env = thread if isinstance(thread, EnvThread) else None
    tag = env.tag if env is not None else thread
    if not isinstance(tag, str):
        raise UserError("T.launch_thread takes a thread tag such as "
                        "'threadIdx.x' or a T.env_thread variable")
    family, dim = _parse_tag(tag)
    if not isinstance(extent, int):
        raise UserError("the extent of a launched thread axis must be a "
                        "Python integer")
    if b.kernel is None:
        _open_kernel(b)
    k = b.kernel
    entry = k.legacy.get(family)
    if entry is None:
        block = k.frame.block
        op = b.create(f"tirx.{family}", [], ["i32"] * 3,
                      {"extents": _ir.DenseI64ArrayAttr.get([1, 1, 1], b.ctx)},
                      ip=_ir.InsertionPoint.at_block_begin(block))
        entry = [op, [1, 1, 1], [False] * 3]
        k.legacy[family] = entry
    op, exts, launched = entry
    if launched[dim]:
        if exts[dim] != extent:
            raise UserError(f"'{tag}' was launched with extent {exts[dim]} "
                            f"before, now {extent}")
    exts[dim] = extent
    launched[dim] = True
    op.attributes["extents"] = _ir.DenseI64ArrayAttr.get(exts, b.ctx)
    v = Expr(op.results[dim], PrimType("int32"), tag.replace(".", "_"), True)
    if env is not None:
        env._value = v.materialize()
        v = env
    return _LaunchedThread(v)


class _LaunchedThread(Expr):
    """The variable of a launched thread axis; also a ``with`` context."""

    __slots__ = ()

    def __init__(self, v):
        Expr.__init__(self, v.materialize(), v.ty, v.name, True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# ---------------------------------------------------------------------------
# Loops
# ---------------------------------------------------------------------------


class ForSpec:
    """What a loop iterates over: ``range``, ``T.serial``, ``T.unroll``,
    ``T.grid``, ``T.vectorized``, ``T.parallel``, ``T.thread_binding``."""

    def __init__(self, starts, stops, steps, kind="serial", annotations=None,
                 dtype=None, thread=None):
        self.starts, self.stops, self.steps = starts, stops, steps
        self.kind = kind
        self.annotations = dict(annotations or {})
        self.dtype = dtype
        self.thread = thread

    def __iter__(self):
        raise UserError("a TIRx loop can only be iterated by a `for` statement "
                        "of the script")


def _range_args(start, stop, step):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    return start, stop, step


def serial(start, stop=None, step=None, *, annotations=None, unroll=None,
           dtype=None):
    """A serial loop; ``unroll=True`` / ``N`` asks for (partial) unrolling,
    ``unroll=False`` forbids it."""
    start, stop, step = _range_args(start, stop, step)
    ann = dict(annotations or {})
    if unroll is not None:
        if unroll is True:
            ann["pragma_unroll"] = True
        elif unroll is False:
            ann["pragma_unroll"] = False
        elif isinstance(unroll, int):
            ann["pragma_unroll"] = unroll
        else:
            raise UserError("unroll= takes True, False or an integer")
    return ForSpec([start], [stop], [step], "serial", ann, dtype)


def unroll(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "unroll", annotations, dtype)


def vectorized(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "vectorized", annotations, dtype)


def parallel(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "parallel", annotations, dtype)


def grid(*extents, dtype=None):
    """Nested serial loops: ``for i, j in T.grid(M, N)``."""
    if len(extents) == 1 and isinstance(extents[0], (list, tuple)):
        extents = tuple(extents[0])
    if not extents:
        raise UserError("T.grid needs at least one extent")
    starts, stops = [], []
    for e in extents:
        if isinstance(e, (list, tuple)):
            starts.append(e[0])
            stops.append(e[1])
        else:
            starts.append(0)
            stops.append(e)
    return ForSpec(starts, stops, [1] * len(stops), "serial", None, dtype)


def thread_binding(start, stop=None, thread=None, *, annotations=None,
                   dtype=None):
    """Legacy: ``for tx in T.thread_binding(128, thread="threadIdx.x")``
    declares the scope id (no loop)."""
    if thread is None:
        if isinstance(stop, str):
            thread, stop = stop, None
        else:
            raise UserError("T.thread_binding needs thread='threadIdx.x' (or "
                            "another tag)")
    start, stop, _ = _range_args(start, stop, None)
    if not (isinstance(start, int) and start == 0):
        raise UserError("T.thread_binding must start at 0")
    return ForSpec([0], [stop], [1], "thread_binding", annotations, dtype, thread)


def _loop_type(spec):
    if spec.dtype is not None:
        return as_prim_type(spec.dtype)
    t = None
    for v in spec.starts + spec.stops + spec.steps:
        if isinstance(v, Expr):
            if not isinstance(v.ty, PrimType) or not v.ty.is_int:
                raise UserError(f"loop bounds must be integers, got {v.ty}")
            t = v.ty if t is None else _expr._common_type(t, v.ty)
        elif not isinstance(v, int) or isinstance(v, _builtins.bool):
            raise UserError(f"loop bounds must be integers, got "
                            f"{_expr._describe(v)}")
    return t or PrimType("int32")


def _emit_for(p, spec, node):
    b = p.b
    if spec.kind == "thread_binding":
        v = launch_thread(spec.thread, spec.stops[0] if isinstance(spec.stops[0], int) else
                          _fail("the extent of T.thread_binding must be a Python integer"))
        p.vars.push()
        try:
            p.assign(node.target, Expr(v.materialize(), v.ty, v.name, True))
            p.visit_body(node.body)
        finally:
            p.vars.pop()
        return
    t = _loop_type(spec)
    n = len(spec.stops)
    ivs = []
    p.vars.push()
    pushed = 0
    try:
        for d in range(n):
            lb = value_of(spec.starts[d], t)
            ub = value_of(spec.stops[d], t)
            st = value_of(spec.steps[d], t)
            if isinstance(spec.steps[d], int) and spec.steps[d] <= 0:
                raise UserError(f"loop step must be positive, got {spec.steps[d]}")
            attrs = {}
            if spec.kind != "serial":
                attrs["kind"] = b.attr(f"#tirx<for_kind {spec.kind}>")
            if spec.annotations and d == n - 1:
                attrs["annotations"] = _dict_attr(b, spec.annotations)
            op = b.create("tirx.for", [lb, ub, st], [], attrs, regions=1)
            block = op.regions[0].blocks.append(b.type(t.ssa))
            b.push_block(block, kind="loop")
            pushed += 1
            b.loop_depth += 1
            ivs.append(Expr(block.arguments[0], t, is_var=True))
        p.assign(node.target, ivs if n > 1 else ivs[0])
        p.visit_body(node.body)
    finally:
        for _ in range(pushed):
            if not b.frame.terminated:
                _yield(b)
            b.pop_block()
            b.loop_depth -= 1
        p.vars.pop()


def _fail(msg):
    raise UserError(msg)


def _yield(b):
    _ir.Operation.create("tirx.yield", loc=b.loc(), ip=b.frame.ip)


def _dict_attr(b, d):
    parts = []
    for k, v in d.items():
        if isinstance(v, _builtins.bool):
            parts.append(f"{k} = {'true' if v else 'false'}")
        elif isinstance(v, int):
            parts.append(f"{k} = {v} : i64")
        elif isinstance(v, float):
            parts.append(f"{k} = {v!r} : f64")
        elif isinstance(v, str):
            parts.append(f'{k} = "{v}"')
        else:
            raise UserError(f"annotation {k}={v!r}: values must be bool, int, "
                            f"float or str")
    return b.attr("{" + ", ".join(parts) + "}")


def _body_in_block(p, block, stmts, kind):
    b = p.b
    b.push_block(block, kind=kind)
    p.vars.push()
    try:
        p.visit_body(stmts)
    finally:
        p.vars.pop()
        if not b.frame.terminated:
            _yield(b)
        b.pop_block()


def _emit_if(p, cond, then_body, else_body):
    b = p.b
    op = b.create("tirx.if", [cond.materialize()], [], regions=2)
    _body_in_block(p, op.regions[0].blocks.append(), then_body, "if")
    if else_body:
        _body_in_block(p, op.regions[1].blocks.append(), else_body, "if")


def _emit_while(p, node):
    b = p.b
    op = b.create("tirx.while", regions=2)
    cond_block = op.regions[0].blocks.append()
    b.push_block(cond_block, kind="while_cond")
    try:
        c = p.eval(node.test)
        if isinstance(c, MetaVar):
            c = c.value
        c = _expr.to_bool(as_expr(c) if isinstance(c, (_builtins.bool, int)) else c)
        prev, b.node = b.node, node.test
        try:
            b.create("tirx.condition", [c.materialize()])
        finally:
            b.node = prev
    finally:
        b.pop_block()
    b.loop_depth += 1
    try:
        _body_in_block(p, op.regions[1].blocks.append(), node.body, "loop")
    finally:
        b.loop_depth -= 1


def _emit_loop_exit(p, opname, word):
    b = p.b
    if b.python_loop_depth and b.loop_depth == 0:
        raise UserError(f"'{word}' in a loop over a Python iterable (unrolled "
                        "while parsing) is not supported")
    if b.loop_depth == 0:
        raise UserError(f"'{word}' outside a loop")
    b.create(opname)
    b.frame.terminated = True


def _emit_return(p, value, node):
    b = p.b
    fs = b.func
    if b.frame is fs.kernel_frame and b.frame is not None:
        if value is not None and not (isinstance(value, int) and value == 0):
            raise UserError("device code cannot return a value")
        b.frame.terminated = True
        return
    if b.frame is not fs.body_frame:
        raise UserError("'return' is only supported at the end of a function "
                        "(not inside a loop or an if)")
    fs.emit_return(value)
    b.frame.terminated = True


def _emit_assert(p, cond, msg):
    if isinstance(msg, tuple) and len(msg) == 2:
        msg = "".join(str(x) for x in (msg[1] if isinstance(msg[1], (list, tuple)) else [msg[1]]))
    if not isinstance(cond, Expr):
        if not cond:
            raise UserError("assertion failed" + (f": {msg}" if msg else ""))
        return
    b = p.b
    c = _expr.to_bool(cond)
    b.create("cf.assert", [c.materialize()], [],
             {"msg": b.str_attr(str(msg) if msg is not None else "assertion failed")})


# ---------------------------------------------------------------------------
# Sub-namespaces
# ---------------------------------------------------------------------------

from ._ptx import ptx  # noqa: E402,F401
from ._cuda import (cuda, tvm_warp_shuffle, tvm_warp_shuffle_up,  # noqa: E402,F401
                    tvm_warp_shuffle_down, tvm_warp_shuffle_xor)

__all__ = [n for n in dir() if not n.startswith("_")]
