"""Buffers: ``!tirx.buffer`` values, their loads and stores, views
(``decl_buffer``, ``view``, byte-pool views), element addresses
(``ptr_to``, ``access_ptr``, ``ptr_byte_offset``) and region slices."""

from ._builder import UserError, current
from ._expr import (BufferLoad, Expr, as_expr, cast, from_memory, to_index,
                    to_memory)
from ._types import PointerType, PrimType, as_prim_type

__all__ = ["Buffer", "BufferRegion", "buffer_type_text", "decl_buffer",
           "access_ptr", "ptr_byte_offset", "store_value"]


def _dims_text(shape):
    return "x".join("?" if not isinstance(d, int) else str(d) for d in shape)


_INT64_MAX = (1 << 63) - 1


def check_dims(shape):
    """A UserError unless the static dimensions of `shape` are positive and
    their product fits in int64 (what !tirx.buffer accepts)."""
    n = 1
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int):
            continue
        if d <= 0:
            raise UserError(f"buffer dimensions must be positive, got {list(shape)}")
        n *= d
        if n > _INT64_MAX:
            raise UserError(f"a buffer of shape {list(shape)} has more than "
                            f"{_INT64_MAX} elements")


def buffer_type_text(shape, dtype, scope, strides=None, offset=0):
    check_dims(shape)
    dims = _dims_text(shape)
    body = f"{dims}x{dtype.mem}" if shape else dtype.mem
    layout = ""
    if strides is not None or (offset not in (0, None)):
        st = ", ".join("?" if s is None else str(s) for s in strides) if strides is not None \
            else ", ".join(str(s) for s in _dense_strides(shape))
        off = "?" if offset is None else str(offset)
        layout = f", strided<[{st}], offset: {off}>"
    return f"!tirx.buffer<{body}, {scope}{layout}>"


def _dense_strides(shape):
    strides, acc = [], 1
    for d in reversed(shape):
        strides.append(acc)
        acc = acc * d if isinstance(d, int) and isinstance(acc, int) else None
    return list(reversed(strides))


class BufferRegion:
    """``A[0:4, j]``: a rectangular region (for tile primitives)."""

    def __init__(self, buffer, region):
        self.buffer = buffer
        self.region = region

    def __repr__(self):
        return f"<tirx.script.BufferRegion of {self.buffer.name}>"


class Buffer:
    """A buffer value: ``A[i, j]`` loads (lazily), ``A[i, j] = v`` stores."""

    def __init__(self, value, dtype, shape, scope, name=None, strides=None,
                 offset=0):
        self._value = value
        self._dtype = dtype
        self._shape = tuple(shape)  # None: a dynamic extent of a parameter
        self._scope = scope
        self.name = name or "buffer"
        self._strides = strides
        self._offset = offset

    def materialize(self):
        return self._value

    @property
    def shape(self):
        """The extents: Python integers, and for a dynamic extent of a
        parameter (``T.Buffer((None, 64), ...)``) its ``index`` value
        (``tirx.buffer_dim``, read where `shape` is used)."""
        if all(d is not None for d in self._shape):
            return self._shape
        return tuple(self.dim(i) if d is None else d for i, d in enumerate(self._shape))

    def dim(self, i):
        """The extent of dimension `i` as an ``index`` value
        (``tirx.buffer_dim``)."""
        from ._types import PrimType
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self._shape):
            raise UserError(f"buffer '{self.name}' has {len(self._shape)} "
                            f"dimension(s); no dimension {i!r}")
        b = current()
        v = b.create("tirx.buffer_dim", [self._value], ["index"],
                     {"dim": b.int_attr(i, "i64")}).result
        return Expr(v, PrimType("index"))

    # -- TVM Buffer surface -------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    def scope(self):
        return self._scope

    @property
    def strides(self):
        return tuple(self._strides) if self._strides is not None else ()

    @property
    def elem_offset(self):
        return self._offset

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def ty(self):
        return buffer_type_text(self._shape, self._dtype, self._scope,
                                self._strides, self._offset)

    def __repr__(self):
        return f"<tirx.script.Buffer {self.name}: {self.ty}>"

    def __iter__(self):
        raise UserError(f"buffer '{self.name}' is not iterable; index it")

    def __bool__(self):
        return True

    def __len__(self):
        d = self._shape[0] if self._shape else 1
        if not isinstance(d, int):
            raise UserError(f"buffer '{self.name}' has a dynamic first dimension")
        return d

    def _indices(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        flat = []
        for k in key:
            if isinstance(k, (list, tuple)):
                flat.extend(k)
            else:
                flat.append(k)
        return flat

    def __getitem__(self, key):
        idx = self._indices(key)
        if any(isinstance(i, slice) for i in idx):
            return BufferRegion(self, idx)
        if len(idx) != len(self._shape):
            if not (len(self._shape) == 0 and _scalar_index(idx)):
                raise UserError(f"buffer '{self.name}' has {len(self._shape)} "
                                f"dimension(s), indexed with {len(idx)} "
                                f"index(es)")
            idx = []
        return BufferLoad(self, idx)

    def __setitem__(self, key, value):
        idx = self._indices(key)
        if any(isinstance(i, slice) for i in idx):
            raise UserError("storing to a buffer region is not supported; "
                            "store element by element")
        self._store(idx, value)

    def _check_index_count(self, idx):
        if len(idx) != len(self._shape) and not (not self._shape and _scalar_index(idx)):
            raise UserError(f"buffer '{self.name}' has {len(self._shape)} "
                            f"dimension(s), indexed with {len(idx)} index(es)")
        return [] if not self._shape else idx

    def _load(self, idx):
        bld = current()
        idx = self._check_index_count(idx)
        ivals = [to_index(i) for i in idx]
        if self._scope == "tmem":
            raise UserError(f"buffer '{self.name}' lives in tensor memory; it is "
                            "read and written with the tcgen05 ops only")
        v = bld.create("tirx.buffer_load", [self._value, *ivals], [self._dtype.mem]).result
        return from_memory(v, self._dtype)

    def _store(self, idx, value, store_node=None):
        bld = current()
        if any(isinstance(i, slice) for i in idx):
            raise UserError("storing to a buffer region is not supported; "
                            "store element by element")
        idx = self._check_index_count(idx)
        ivals = [to_index(i) for i in idx]
        if store_node is not None:
            bld.node = store_node
        e = store_value(value, self._dtype, f"buffer '{self.name}'")
        bld.create("tirx.buffer_store", [to_memory(e, self._dtype), self._value, *ivals])

    @property
    def data(self):
        """The data pointer (``tirx.buffer_data``): the first element's
        address, typed with the element type in the buffer's scope."""
        bld = current()
        v = bld.create("tirx.buffer_data", [self._value],
                       [PointerType(self._dtype, self._scope).mlir]).result
        return Expr(v, PointerType(self._dtype, self._scope))

    def ptr_to(self, indices=None):
        """The address of an element: ``PointerType(dtype, scope)``."""
        if indices is None:
            indices = [0] * len(self._shape)
        idx = self._check_index_count(self._indices(indices))
        ivals = [to_index(i) for i in idx]
        pt = PointerType(self._dtype, self._scope)
        v = current().create("tirx.ptr_to", [self._value, *ivals], [pt.mlir]).result
        return Expr(v, pt)

    def access_ptr(self, access_mask="rw", ptr_type="handle", content_lanes=1,
                   offset=0, extent=None):
        """``tvm_access_ptr`` over this buffer (``tirx.access_ptr``)."""
        return access_ptr(self, access_mask, offset, extent, self._dtype)

    def offset_of(self, indices):
        idx = self._check_index_count(self._indices(indices))
        strides = self._strides or _dense_strides(self._shape)
        total = self._offset or 0
        for i, s in zip(idx, strides):
            if s is None:
                raise UserError("offset_of needs static strides")
            total = total + i * s
        return total

    def view(self, *args, layout=None):
        """A view with another dtype (``view("uint32")``) or shape."""
        if layout is not None:
            raise UserError("Buffer.view(layout=...) needs TIRx layouts, which "
                            "are not supported yet")
        if len(args) == 1 and (isinstance(args[0], (str, PrimType))
                               or hasattr(args[0], "prim_type")):
            return self._retype(as_prim_type(args[0]))
        shape = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        return self._reshape(tuple(shape))

    def _retype(self, t):
        if t is self._dtype:
            return self
        if not self._shape or not all(isinstance(d, int) for d in self._shape):
            raise UserError("a dtype view needs a static shape")
        if self._strides is not None:
            raise UserError("a dtype view needs a dense buffer")
        total = self._dtype.bytes * _prod(self._shape)
        last = self._shape[-1] * self._dtype.bytes
        if last % t.bytes:
            raise UserError(f"cannot view {self.ty} as {t}: the last dimension "
                            f"({last} bytes) is not a multiple of {t.bytes} bytes")
        shape = self._shape[:-1] + (last // t.bytes,)
        assert _prod(shape) * t.bytes == total
        return decl_buffer(shape, t, self.data, scope=self._scope,
                           name=f"{self.name}_{t.dtype}")

    def _reshape(self, shape):
        if not all(isinstance(d, int) for d in shape + self._shape):
            raise UserError("Buffer.view(shape) needs static shapes")
        if _prod(shape) != _prod(self._shape):
            raise UserError(f"cannot view {self.ty} with shape {list(shape)}: "
                            "the element counts differ")
        t = buffer_type_text(shape, self._dtype, self._scope, None, self._offset or 0)
        v = current().create("tirx.buffer_reshape", [self._value], [t]).result
        return Buffer(v, self._dtype, shape, self._scope, self.name, None, self._offset)

    @property
    def sub(self):
        raise UserError("Buffer.sub[...] needs TIRx layouts and tile "
                        "primitives, which are not supported yet")

    def vload(self, indices, dtype=None):
        t = as_prim_type(dtype) if dtype is not None else self._dtype
        idx = self._check_index_count(self._indices(indices))
        ivals = [to_index(i) for i in idx]
        if t.element is not self._dtype and t is not self._dtype:
            raise UserError(f"vload of {t} from a {self._dtype} buffer")
        v = current().create("tirx.buffer_load", [self._value, *ivals], [t.mem]).result
        return Expr(from_memory(v, t), t)

    def vstore(self, indices, value):
        idx = self._check_index_count(self._indices(indices))
        e = as_expr(value)
        ivals = [to_index(i) for i in idx]
        current().create("tirx.buffer_store",
                         [to_memory(e, e.ty), self._value, *ivals])


def _scalar_index(idx):
    """[] or [0]: the one element of a rank-0 buffer."""
    return len(idx) == 0 or (len(idx) == 1 and isinstance(idx[0], int) and idx[0] == 0)


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def store_value(value, t, what):
    """`value` converted for a store into memory of PrimType `t`."""
    if isinstance(value, (bool, int, float)):
        return cast(value, t)
    e = as_expr(value)
    if e.ty is t:
        return e
    if not isinstance(e.ty, PrimType):
        raise UserError(f"cannot store a {e.ty} value into {what} of {t}")
    s = e.ty
    if s.lanes == t.lanes and (s.is_int or s.is_bool) and (t.is_int or t.is_bool):
        return cast(e, t)  # integer widths and signedness convert implicitly
    raise UserError(f"cannot store a {s} value into {what} of {t}; convert it "
                    f"explicitly (T.cast(value, \"{t}\") or T.{t}(value))")


def decl_buffer(shape, dtype, data, scope=None, name=None, elem_offset=None,
                byte_offset=None, strides=None):
    """A buffer view over the pointer `data` (``tirx.decl_buffer``);
    `strides` (static, in elements) gives it a strided layout."""
    bld = current()
    t = as_prim_type(dtype)
    d = as_expr(data)
    if not isinstance(d.ty, PointerType):
        raise UserError(f"decl_buffer(data=...) needs a pointer, got {d.ty}")
    if scope is None:
        scope = d.ty.storage_scope
    if scope != d.ty.storage_scope:
        raise UserError(f"decl_buffer scope '{scope}' differs from the scope "
                        f"'{d.ty.storage_scope}' of its data pointer")
    shape = tuple(shape)
    dyn = [to_index(s) for s in shape if not isinstance(s, int)]
    operands = [d.materialize()]
    segments = [1, 0, 0, len(dyn)]
    offset = 0
    if elem_offset is not None and not (isinstance(elem_offset, int) and elem_offset == 0):
        if isinstance(elem_offset, int):
            offset = elem_offset
        else:
            operands.append(to_index(elem_offset))
            segments[1] = 1
            offset = None
    if byte_offset is not None and not (isinstance(byte_offset, int) and byte_offset == 0):
        operands.append(to_index(byte_offset))
        segments[2] = 1
    operands.extend(dyn)
    if strides is not None:
        strides = list(strides)
        if len(strides) != len(shape) or any(
                isinstance(x, bool) or not isinstance(x, int) for x in strides):
            raise UserError(f"strides= takes one Python integer per dimension "
                            f"({len(shape)}), got {strides!r}")
    else:
        strides = None if offset in (0,) else _dense_strides(shape)
    tt = buffer_type_text(shape, t, scope, strides, offset)
    attrs = {"operandSegmentSizes": _ir_segments(bld, segments)}
    if name:
        attrs["name"] = bld.str_attr(name)
    v = bld.create("tirx.decl_buffer", operands, [tt], attrs).result
    return Buffer(v, t, shape, scope, name, strides, offset)


def _ir_segments(bld, segments):
    return bld.attr(f"array<i32: {', '.join(str(s) for s in segments)}>")


def access_ptr(buffer, access_mask="rw", offset=0, extent=None, elem=None):
    bld = current()
    mask = {"r": "r", "w": "w", "rw": "rw", 1: "r", 2: "w", 3: "rw"}.get(access_mask)
    if mask is None:
        raise UserError(f"access mask must be 'r', 'w' or 'rw', got {access_mask!r}")
    elem = as_prim_type(elem) if elem is not None else buffer.dtype
    if extent is None:
        if not all(isinstance(d, int) for d in buffer._shape):
            raise UserError("access_ptr needs an extent for a dynamic buffer")
        extent = _prod(buffer._shape) - offset if isinstance(offset, int) else _prod(buffer._shape)
    pt = PointerType(elem, buffer.scope())
    attrs = {"access": bld.attr(f"#tirx<access {mask}>"),
             "elementType": _ir_type_attr(bld, elem.mem)}
    v = bld.create("tirx.access_ptr", [buffer.materialize(), to_index(offset),
                                       to_index(extent)], [pt.mlir], attrs).result
    return Expr(v, pt)


def _ir_type_attr(bld, text):
    from .. import ir
    return ir.TypeAttr.get(bld.type(text))


def ptr_byte_offset(ptr, offset, elem):
    bld = current()
    p = as_expr(ptr)
    if not isinstance(p.ty, PointerType):
        raise UserError(f"ptr_byte_offset needs a pointer, got {p.ty}")
    elem = as_prim_type(elem)
    pt = PointerType(elem, p.ty.storage_scope)
    v = bld.create("tirx.ptr_byte_offset", [p.materialize(), to_index(offset)], [pt.mlir],
                   {"elementType": _ir_type_attr(bld, elem.mem)}).result
    return Expr(v, pt)
