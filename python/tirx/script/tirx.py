"""The ``T`` namespace of TIRx scripts: ``from tirx.script import tirx as T``.

Decorators (``T.prim_func``, ``T.macro``, ``T.inline``), parameter
annotations (``T.Buffer``, ``T.handle``, ``T.TensorMap``, dtypes), buffers
and pointers, execution scopes, loops, casts, math, and the ``T.ptx`` /
``T.cuda`` namespaces. See docs/Script.md.
"""

from .. import ir as _ir  # noqa: F401
# (current, buffer_type_text, to_index and value_of are T names too)
from ._builder import UserError, current  # noqa: F401
from ._buffer import Buffer as _Buffer
from ._buffer import buffer_type_text  # noqa: F401
from . import _buffer
from ._expr import BufferLoad, Expr, as_expr, to_index, value_of  # noqa: F401
from . import _expr
from ._types import (PointerType, PrimType, TensorMapType, as_prim_type)

# The namespace is assembled from the modules below it (docs/Script.md,
# "Layers of the package"): each object is defined once, there, and
# re-exported here under its T name.

# Annotations and dtype constructors, the conversions that take them.
from ._annotations import (Buffer, BufferAnnotation, DTypeConstructor,  # noqa: F401
                           HandleAnnotation, LetAnnotation,
                           LocalVectorAnnotation, Ptr, TensorMap, cast,
                           handle, let, reinterpret)
from ._annotations import _DTYPE_CACHE, _dtype_ctor, _static_dims  # noqa: F401
# Parse-time values, binds, allocations.
from ._values import MetaVar, ScalarRef, meta_var  # noqa: F401
from ._bind import Bind, Let, bind  # noqa: F401
from ._alloc import (alloc_buffer, alloc_local, alloc_scalar,  # noqa: F401
                     alloc_shared, decl_buffer, decl_scalar, local_scalar,
                     shared_scalar, smem)
from ._alloc import _ALLOC_SCOPES, _set_buffer_name  # noqa: F401
from ._expr import if_then_else  # noqa: F401

# Decorators and function-level helpers live in _function and _macro.
from ._function import func_attr, prim_func  # noqa: F401
from ._generic import mlir_attr  # noqa: F401
from ._macro import Macro, inline, macro  # noqa: F401

# ---------------------------------------------------------------------------
# Data types
# ---------------------------------------------------------------------------


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
# Statements and hints (T.bind is _bind's, T.meta_var _values')
# ---------------------------------------------------------------------------


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
# Buffers and scalars (the allocations are _alloc's)
# ---------------------------------------------------------------------------


def match_buffer(param, shape, dtype="float32", data=None, strides=None,
                 elem_offset=None, scope="global", align=-1, offset_factor=0,
                 buffer_type="default", axis_separators=None, layout=None):
    """Binds a handle parameter to a buffer (``A = T.match_buffer(A_ptr, (n,),
    "float32")``): the parameter becomes a ``!tirx.buffer`` argument."""
    from ._function import match_param_buffer
    ann = BufferAnnotation(shape, dtype, scope=scope, strides=strides,
                           layout=layout)
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


def vector_insert(vec, value, pos):
    """`vec` with lane `pos` set to `value` (``vector.insert``)."""
    return _expr.vector_insert(vec, value, pos)


def vector_bitcast(vec, dtype):
    """The bits of vector `vec` as a vector of `dtype` (``vector.bitcast``)."""
    return _expr.vector_bitcast(vec, dtype)


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


def _chip_target(chip):
    """``T.target("sm_90a")``: the ``#tirx.target`` attribute of a chip, for
    ``I.module_attrs({"tirx.target": T.target("sm_90a")})``."""
    from ._generic import MLIRAttr
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
from ._cuda import (cuda, register_barrier, tvm_warp_shuffle,  # noqa: E402,F401
                    tvm_warp_shuffle_up, tvm_warp_shuffle_down,
                    tvm_warp_shuffle_xor)
from ._profile import profile  # noqa: E402,F401

__all__ = [n for n in dir() if not n.startswith("_")]


# ---------------------------------------------------------------------------
# Layouts and register fragments (docs/Layouts.md)
# ---------------------------------------------------------------------------

from ..layout import (S, R, Axis, ComposeLayout, Iter, Layout,  # noqa: E402,F401
                      TileLayout, tcgen05_atom_layout, tmem_datapath_layout,
                      wg_local_layout)


def wg_reg_tile(elem_per_thread, dtype="float32"):
    """A (128, elem_per_thread) register tile of a warpgroup: thread
    ``tid_in_wg`` holds row ``tid_in_wg`` (``wg_local_layout``)."""
    return alloc_buffer((128, elem_per_thread), dtype, scope="local",
                        layout=wg_local_layout(elem_per_thread))


def alloc_tcgen05_ldst_frag(shape_str, shape, dtype="float32"):
    """The register fragment a ``tcgen05.ld``/``st`` atom of `shape_str`
    moves for a (rows, cols) tile (``tcgen05_atom_layout``)."""
    return alloc_buffer(tuple(shape), dtype, scope="local",
                        layout=tcgen05_atom_layout(shape_str, tuple(shape), dtype))


def alloc_cast_frag(src, dtype):
    """A register fragment of `src`'s shape and layout with element type
    `dtype` (the destination of a ``Tx.cast``)."""
    if not isinstance(src, _Buffer) or src.scope() != "local":
        raise UserError("T.alloc_cast_frag takes a register buffer")
    return alloc_buffer(src._shape, dtype, scope="local", layout=src._layout)


from ._nvshmem import nvshmem  # noqa: E402,F401


class Target:
    """``T.target("cuda")`` / ``T.target({"kind": "cuda", "arch": "sm_90a"})``:
    the original's compilation target, checked (kind, ``-arch=``, host) and
    accepted in ``T.func_attr({"target": T.target(...)})``; the chip a
    function compiles for is ``tirx.compile``'s ``target``."""

    _KINDS = ("cuda", "nvptx", "llvm", "c")

    def __init__(self, config, host=None):
        if isinstance(config, Target):
            config = {"kind": config.kind, "arch": config.arch}
        if isinstance(config, str):
            parts = config.split()
            if not parts:
                raise UserError("T.target needs a target kind (\"cuda\")")
            kind, arch = parts[0], None
            for opt in parts[1:]:
                if opt.startswith("-arch="):
                    arch = opt[len("-arch="):]
                elif opt.startswith("-"):
                    continue  # other options (-max_threads_per_block=...) are the original's
                else:
                    raise UserError(f"T.target: cannot read option {opt!r}")
        elif isinstance(config, dict):
            kind = config.get("kind")
            arch = config.get("arch")
            if "host" in config:
                if host is not None:
                    raise UserError("T.target takes the host in its config or as "
                                    "host=, not both")
                host = config["host"]
        else:
            raise UserError(f"T.target expected a config dict or string, got "
                            f"{type(config).__name__}")
        if kind not in self._KINDS:
            raise UserError(f"T.target: unknown kind {kind!r}; kinds: "
                            + ", ".join(self._KINDS))
        if arch is not None:
            if not isinstance(arch, str) or not arch.startswith("sm_"):
                raise UserError(f"T.target: arch must be a chip like \"sm_90a\", "
                                f"got {arch!r}")
            if kind in ("llvm", "c"):
                raise UserError(f"T.target: a {kind} (host) target has no GPU arch")
        if host is not None and not isinstance(host, (str, dict, Target)):
            raise UserError("T.target's host must be a config dict, a string or a "
                            "T.target")
        self.kind = kind
        self.arch = arch
        self.host = Target(host) if host is not None and not isinstance(host, Target) \
            else host

    def __repr__(self):
        return f"T.target({self.kind!r}" + (f", arch={self.arch!r}" if self.arch else "") + ")"


def target(target_config, host=None):
    """``T.target("sm_90a")``: the ``#tirx.target`` attribute of a chip (for
    ``I.module_attrs``); ``T.target("cuda", host=...)`` and the original's
    other spellings (a kind, ``-arch=``, a config dict) a compilation target
    for ``T.func_attr({"target": ...})``."""
    if isinstance(target_config, str) and target_config.startswith("sm_") and host is None:
        return _chip_target(target_config)
    return Target(target_config, host)
