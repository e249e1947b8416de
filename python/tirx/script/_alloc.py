"""The buffers and scalars a script allocates or declares:
``T.alloc_buffer`` (``tirx.alloc_buffer`` in shared, dynamic shared or
local memory), ``T.decl_buffer`` (a view over a pointer, a tensor-memory
buffer at a column address, or an allocation), and the one-element
scalars ``T.local_scalar`` / ``T.shared_scalar``. The parser allocates its
mutable scalars and local arrays with these; the ``T`` namespace (tirx.py)
re-exports them."""

from ._builder import UserError, current
from ._buffer import Buffer as _Buffer
from ._buffer import buffer_type_text
from . import _buffer
from ._buffer import decl_buffer as _decl_view
from ._expr import Expr, to_index
from ._expr import cast as _cast
from ._expr import reinterpret as _reinterpret
from ._types import PointerType, PrimType, as_prim_type
from ._values import ScalarRef

__all__ = ["alloc_buffer", "alloc_shared", "alloc_local", "smem", "alloc_scalar",
           "local_scalar", "shared_scalar", "decl_buffer", "decl_scalar"]

_ALLOC_SCOPES = ("shared", "shared.dyn", "local")


def alloc_buffer(shape, dtype="float32", data=None, strides=None,
                 elem_offset=None, scope="global", align=-1, offset_factor=0,
                 buffer_type="", axis_separators=None, layout=None, name=None,
                 dyn_shared_offset=None):
    """A buffer allocated for the kernel (``tirx.alloc_buffer``) in
    ``shared``, ``shared.dyn`` or ``local`` scope. ``dyn_shared_offset``
    places a ``shared.dyn`` buffer at that byte of the kernel's dynamic
    shared memory (``tirx.dyn_shared_offset``); a kernel places all of its
    dynamic shared buffers so, or none (then tirx-plan-shared-memory places
    them in program order)."""
    b = current()
    layout = _buffer._as_layout(layout)
    if data is not None:
        return decl_buffer(shape, dtype, data=data, strides=strides,
                           elem_offset=elem_offset, scope=scope, name=name,
                           layout=layout)
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
    if layout is not None and dyn:
        raise UserError("a buffer with a layout needs a static shape")
    text = buffer_type_text(dims, t, scope, layout=layout)
    attrs = {}
    if align is not None and align > 0:
        if align & (align - 1):
            raise UserError(f"align must be a power of two, got {align}")
        attrs["alignment"] = b.int_attr(align, "i64")
    if name:
        attrs["name"] = b.str_attr(name)
    if dyn_shared_offset is not None:
        if scope != "shared.dyn":
            raise UserError("T.alloc_buffer(dyn_shared_offset=...) places a "
                            "buffer in dynamic shared memory; it needs "
                            f"scope='shared.dyn', not '{scope}'")
        if isinstance(dyn_shared_offset, bool) or not isinstance(dyn_shared_offset, int) \
                or dyn_shared_offset < 0:
            raise UserError("dyn_shared_offset must be a non-negative integer "
                            f"(a byte offset), got {dyn_shared_offset!r}")
        attrs["tirx.dyn_shared_offset"] = b.int_attr(dyn_shared_offset, "i64")
    op = b.create("tirx.alloc_buffer", dyn, [text], attrs)
    return _Buffer(op.result, t, shape, scope, name, layout=layout)


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
    `data` an allocation. A tensor-memory buffer is a view at a column
    address: ``T.decl_buffer((128, 64), "float32", scope="tmem",
    allocated_addr=addr, layout=T.TileLayout(T.S[(128, 64):(1 @ T.Axis.TLane,
    1 @ T.Axis.TCol)]))``."""
    layout = _buffer._as_layout(layout)
    if isinstance(shape, (int, Expr)):
        shape = (shape,)
    if allocated_addr is not None:
        if data is not None or scope != "tmem":
            raise UserError("T.decl_buffer(allocated_addr=...) declares a "
                            "tensor-memory buffer: scope=\"tmem\" and no data")
        if isinstance(allocated_addr, (list, tuple)):
            if len(allocated_addr) != 1:
                raise UserError("allocated_addr takes one tensor-memory address")
            allocated_addr = allocated_addr[0]
        if layout is None:
            if len(shape) != 2 or not all(isinstance(d, int) for d in shape):
                raise UserError("a tensor-memory buffer needs layout= (a static "
                                "2-D one defaults to row r in lane r)")
            from .. import layout as _L
            layout = _L.tmem_datapath_layout("D", shape[0], shape[1]) \
                if shape[0] == 128 else _L.TileLayout.from_iters(
                    [_L.Iter(shape[0], 1, "TLane"), _L.Iter(shape[1], 1, "TCol")])
        addr = _cast(allocated_addr, PrimType("int32"))
        ptr = _reinterpret(PointerType(as_prim_type(dtype), "tmem"), addr)
        return _decl_view(tuple(shape), dtype, ptr, scope="tmem", name=name,
                          layout=layout)
    if data is None:
        return alloc_buffer(shape, dtype, scope=scope or "global", align=align,
                            name=name, layout=layout)
    if isinstance(data, _Buffer):
        data = data.data
    return _decl_view(tuple(shape), dtype, data, scope=scope, name=name,
                      elem_offset=elem_offset, byte_offset=byte_offset,
                      strides=strides, layout=layout)


def decl_scalar(dtype, data, scope=None, elem_offset=None, byte_offset=None):
    buf = decl_buffer((1,), dtype, data=data, scope=scope,
                      elem_offset=elem_offset, byte_offset=byte_offset)
    return ScalarRef(buf, [0])
