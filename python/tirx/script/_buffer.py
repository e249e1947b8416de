"""Buffers: ``!tirx.buffer`` values, their loads and stores, views
(``decl_buffer``, ``view``, byte-pool views), element addresses
(``ptr_to``, ``access_ptr``, ``ptr_byte_offset``) and region slices."""

from ._builder import UserError, current
from ._expr import (BufferLoad, Expr, as_expr, cast, from_memory, to_index,
                    to_memory)
from ._types import PointerType, PrimType, as_prim_type

__all__ = ["Buffer", "BufferRegion", "RelativeStop", "buffer_type_text",
           "decl_buffer", "access_ptr", "ptr_byte_offset", "store_value"]


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


def buffer_type_text(shape, dtype, scope, strides=None, offset=0, layout=None):
    check_dims(shape)
    dims = _dims_text(shape)
    body = f"{dims}x{dtype.mem}" if shape else dtype.mem
    if layout is not None:
        if strides is not None or offset not in (0, None):
            raise UserError("a buffer with a tile layout takes no strides or "
                            "elem_offset (the layout places every element)")
        return f"!tirx.buffer<{body}, {scope}, {layout.mlir}>"
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


class RelativeStop:
    """The stop of a slice `k:k + n` with `k` an IR value: `n` elements
    from the start (tile regions read the size; nothing is computed)."""

    __slots__ = ("start", "size")

    def __init__(self, start, size):
        self.start = start
        self.size = size

    def __repr__(self):
        return f"<start + {self.size}>"


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
                 offset=0, layout=None):
        self._value = value
        self._dtype = dtype
        self._shape = tuple(shape)  # None: a dynamic extent of a parameter
        self._scope = scope
        self.name = name or "buffer"
        self._strides = strides
        self._offset = offset
        self._layout = layout  # a tirx.layout.Layout, or None

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
                                self._strides, self._offset, self._layout)

    @property
    def layout(self):
        """The buffer's layout: its tile layout, or the TileLayout of its
        (dense or strided) memory layout."""
        if self._layout is not None:
            return self._layout
        return _memory_layout(self)

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
        """A view with another dtype (``view("uint32")``), another shape
        (``view(16, 4, 4, 4)``; ``-1`` is inferred) or another shape and
        layout (``view(64, 64, layout=T.TileLayout(...))``) of the same
        storage."""
        if len(args) == 1 and (isinstance(args[0], (str, PrimType))
                               or hasattr(args[0], "prim_type")):
            if layout is not None:
                raise UserError("Buffer.view(dtype) takes no layout")
            return self._retype(as_prim_type(args[0]))
        shape = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        shape = _infer_shape(self, tuple(shape))
        if layout is not None:
            return self._relayout(shape, _as_layout(layout))
        return self._reshape(shape)

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
        layout = None
        if self._layout is not None:
            a, b_ = self._dtype.bits, t.bits
            layout = self._layout.pack(b_ // a) if b_ > a else self._layout.unpack(a // b_)
        return decl_buffer(shape, t, self.data, scope=self._scope,
                           name=f"{self.name}_{t.dtype}", layout=layout)

    def _reshape(self, shape):
        if not all(isinstance(d, int) for d in shape + self._shape):
            raise UserError("Buffer.view(shape) needs static shapes")
        if _prod(shape) != _prod(self._shape):
            raise UserError(f"cannot view {self.ty} with shape {list(shape)}: "
                            "the element counts differ")
        if self._strides is not None and list(self._strides) != _dense_strides(self._shape):
            # a strided view: the reshape as a tile layout of its memory
            return self._relayout(shape, _memory_layout(self), offset_done=True)
        t = buffer_type_text(shape, self._dtype, self._scope, None,
                             self._offset or 0 if self._layout is None else 0,
                             self._layout)
        v = current().create("tirx.buffer_reshape", [self._value], [t]).result
        return Buffer(v, self._dtype, shape, self._scope, self.name, None,
                      self._offset if self._layout is None else 0, self._layout)

    def _relayout(self, shape, layout, offset_done=False):
        """A view of `shape` with tile layout `layout` over this buffer's
        storage (its data pointer)."""
        if not all(isinstance(d, int) for d in shape):
            raise UserError("a view with a layout needs a static shape")
        if layout.size() != _prod(shape):
            raise UserError(f"the layout covers {layout.size()} elements, the "
                            f"view shape {list(shape)} has {_prod(shape)}")
        return decl_buffer(shape, self._dtype, self.data, scope=self._scope,
                           name=f"{self.name}_view", layout=layout)

    @property
    def sub(self):
        """``A.sub[0, :, 1, :]``: a view of the selected part (an index drops
        the dimension, a slice narrows it) over the same storage."""
        return _SubIndexer(self)

    def elem_offset_of(self, indices):
        """The element offset (from the buffer's data pointer) of the element
        at `indices`: the memory axis of its layout."""
        idx = self._check_index_count(self._indices(indices))
        return _elem_offset(self, idx)

    def byte_offset_of(self, indices):
        off = self.elem_offset_of(indices)
        return off * self._dtype.bytes

    def local(self, *shape, layout=None):
        """The calling thread's registers of a register fragment, in
        physical order (``tirx.tile.local_view``); `shape` views them with
        another shape."""
        if self._scope != "local" or self._layout is None:
            raise UserError(f"Buffer.local needs a 'local' buffer with a layout; "
                            f"'{self.name}' is {self.ty}")
        span = self._layout.storage().span()
        t = buffer_type_text((span,), self._dtype, "local")
        v = current().create("tirx.tile.local_view", [self._value], [t]).result
        regs = Buffer(v, self._dtype, (span,), "local", f"{self.name}_local")
        if not shape and layout is None:
            return regs
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (list, tuple)) else shape
        if layout is not None:
            return regs.view(*shape, layout=layout)
        return regs.view(*shape)

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
    if s.lanes == t.lanes and s.is_int and t.is_float:
        return cast(e, t)  # an integer into a float buffer converts, as TIRx does
    raise UserError(f"cannot store a {s} value into {what} of {t}; convert it "
                    f"explicitly (T.cast(value, \"{t}\") or T.{t}(value))")


def decl_buffer(shape, dtype, data, scope=None, name=None, elem_offset=None,
                byte_offset=None, strides=None, layout=None):
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
    if layout is not None and isinstance(elem_offset, int) and elem_offset:
        layout = _add_offset(layout, "m", elem_offset)  # folded into the layout
        elem_offset = None
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
    if layout is not None:
        if strides is not None or offset not in (0,):
            raise UserError("T.decl_buffer(layout=...) places elements through "
                            "the layout; give no strides or static elem_offset "
                            "(byte_offset= moves the view)")
        if segments[1]:
            raise UserError("T.decl_buffer(layout=...) takes byte_offset=, not "
                            "a dynamic elem_offset")
    tt = buffer_type_text(shape, t, scope, strides, offset, layout)
    attrs = {"operandSegmentSizes": _ir_segments(bld, segments)}
    if name:
        attrs["name"] = bld.str_attr(name)
    v = bld.create("tirx.decl_buffer", operands, [tt], attrs).result
    return Buffer(v, t, shape, scope, name, strides, offset, layout)


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


# ---------------------------------------------------------------------------
# Layouts of buffers (docs/Layouts.md)
# ---------------------------------------------------------------------------


def _as_layout(layout):
    """A buffer's `layout=` argument: a tirx.layout Layout, or None /
    "default" for row-major memory."""
    from .. import layout as L
    if layout is None or (isinstance(layout, str) and layout == "default"):
        return None
    if isinstance(layout, L.Layout):
        return layout
    if isinstance(layout, str):
        raise UserError(f"layout={layout!r}: string layouts are the Trainium "
                        "backend's ('P'/'F' partitions); give a T.TileLayout or "
                        "T.ComposeLayout")
    raise UserError(f"layout= takes a T.TileLayout or T.ComposeLayout, got "
                    f"{type(layout).__name__}")


def _memory_layout(buf):
    """The TileLayout of a dense or strided buffer (static shape)."""
    from .. import layout as L
    if not all(isinstance(d, int) for d in buf._shape):
        raise UserError(f"buffer '{buf.name}' has a dynamic shape; its layout is "
                        "not static")
    strides = buf._strides if buf._strides is not None else _dense_strides(buf._shape)
    if any(not isinstance(x, int) for x in strides):
        raise UserError(f"buffer '{buf.name}' has dynamic strides")
    off = buf._offset if isinstance(buf._offset, int) else 0
    shape = buf._shape or (1,)
    strides = strides or [1]
    return L.TileLayout.from_iters([L.Iter(e, st) for e, st in zip(shape, strides)],
                                   [], {"m": off} if off else {})


def _infer_shape(buf, shape):
    """`shape` with one -1 inferred from the buffer's element count."""
    if any(isinstance(d, int) and d == -1 for d in shape):
        if sum(1 for d in shape if isinstance(d, int) and d == -1) > 1:
            raise UserError("Buffer.view takes at most one -1")
        if not all(isinstance(d, int) for d in buf._shape):
            raise UserError("Buffer.view(-1) needs a static shape")
        known = _prod(d for d in shape if d != -1)
        total = _prod(buf._shape)
        if known <= 0 or total % known:
            raise UserError(f"cannot view {list(buf._shape)} as {list(shape)}")
        shape = tuple(total // known if d == -1 else d for d in shape)
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, int):
            raise UserError("Buffer.view takes integer extents")
        if d <= 0:
            raise UserError(f"Buffer.view extents must be positive, got {list(shape)}")
    return shape


def _split_layout(layout):
    from .. import layout as L
    if isinstance(layout, L.ComposeLayout):
        return layout.tile_layout, layout
    return layout, None


def _rewrap(tile, compose):
    from .. import layout as L
    if compose is None:
        return tile
    return L.ComposeLayout(compose.per_element, compose.swizzle_len,
                           compose.atom_len, tile)


def _add_offset(layout, axis, k):
    """`layout` with `k` more on `axis` (before any swizzle)."""
    from .. import layout as L
    tile, compose = _split_layout(layout)
    off = {a.name: v for a, v in tile.offset.items()}
    off[axis] = off.get(axis, 0) + k
    return _rewrap(L.TileLayout.from_iters(tile.shard, tile.replica, off), compose)


def _digits(group, index):
    """(iterator, digit) pairs of `index` along a dimension made of the
    iterators `group` (outermost first)."""
    out = []
    rest = index
    for k in range(len(group) - 1, -1, -1):
        it = group[k]
        if k == 0:
            out.append((it, rest))
        elif isinstance(rest, int):
            out.append((it, rest % it.extent))
            rest //= it.extent
        else:
            out.append((it, rest % it.extent))
            rest = rest // it.extent
    return out


def _static(x):
    return x if isinstance(x, int) and not isinstance(x, bool) else None


class _SubIndexer:
    """``Buffer.sub[...]``: an index drops a dimension, ``a:b`` narrows it."""

    def __init__(self, buf):
        self._buf = buf

    def __getitem__(self, key):
        from .. import layout as L
        buf = self._buf
        items = list(key) if isinstance(key, tuple) else [key]
        if len(items) > buf.ndim:
            raise UserError(f"sub: {len(items)} indices for buffer '{buf.name}' of "
                            f"rank {buf.ndim}")
        items += [slice(None)] * (buf.ndim - len(items))
        if not all(isinstance(d, int) for d in buf._shape):
            raise UserError("Buffer.sub needs a static shape")
        layout = buf.layout
        tile, compose = _split_layout(layout)
        grouped, seps = tile.group(list(buf._shape))
        groups = [list(grouped.shard[seps[d]:seps[d + 1]]) for d in range(buf.ndim)]
        new_shape, new_groups = [], []
        axis_offsets = {}  # axis name -> static int
        m_extra = 0  # the memory offset: int or an index Expr

        def add(axis, term):
            nonlocal m_extra
            if axis == "m":
                m_extra = m_extra + term if not (isinstance(m_extra, int) and m_extra == 0) else term
                return
            if _static(term) is None:
                raise UserError(f"sub: a dynamic index along the '{axis}' axis "
                                "(only the memory axis takes dynamic offsets)")
            axis_offsets[axis] = axis_offsets.get(axis, 0) + term

        for d, item in enumerate(items):
            g, extent = groups[d], buf._shape[d]
            if isinstance(item, slice):
                if item.step not in (None, 1):
                    raise UserError("sub: stepped slices are not supported; view "
                                    "the dimension split first (A.view(..., n // s, s, ...))")
                start = 0 if item.start is None else item.start
                stop = extent if item.stop is None else item.stop
                if isinstance(stop, RelativeStop):
                    length = stop.size
                else:
                    if _static(start) is None or _static(stop) is None:
                        raise UserError("sub: a slice needs a constant length "
                                        "(write k:k + 16)")
                    length = stop - start
                s0 = _static(start)
                if length < 1 or (s0 is not None and (s0 < 0 or s0 + length > extent)):
                    raise UserError(f"sub: slice of {length} from {start} is outside "
                                    f"dimension {d} of extent {extent}")
                if s0 == 0 and length == extent:
                    new_shape.append(extent)
                    new_groups.append(g)
                    continue
                if not g:
                    raise UserError(f"sub: dimension {d} has no layout iterator")
                inner = _prod(it.extent for it in g[1:])
                if inner > 1 and (s0 is None or s0 % inner or length % inner):
                    raise UserError(f"sub: dimension {d} spans several layout "
                                    f"iterators; a slice of it must start and end "
                                    f"at multiples of {inner}")
                outer = g[0]
                add(outer.axis.name, (start // inner if inner > 1 else start) * outer.stride
                    if s0 is not None else as_expr(start) * outer.stride)
                new_shape.append(length)
                new_groups.append([L.Iter(length // inner, outer.stride, outer.axis)] + g[1:])
            else:
                i0 = _static(item)
                if i0 is not None and not 0 <= i0 < extent:
                    raise UserError(f"sub: index {i0} is outside dimension {d} of "
                                    f"extent {extent}")
                idx = item if i0 is not None else as_expr(item)
                for it, digit in _digits(g, idx):
                    add(it.axis.name, digit * it.stride)
        shard = [it for g in new_groups for it in g] or [L.Iter(1, 1)]
        new_shape = tuple(new_shape)
        if not new_shape:
            new_shape = (1,)
        off = {a.name: v for a, v in tile.offset.items()}
        for a, v in axis_offsets.items():
            off[a] = off.get(a, 0) + v
        plain = buf._layout is None
        if plain and all(len(g) <= 1 for g in new_groups) and not axis_offsets:
            # a strided view of a strided buffer
            strides = [g[0].stride if g else 1 for g in new_groups] or [1]
            elem = None if isinstance(m_extra, int) and m_extra == 0 else m_extra
            return decl_buffer(new_shape, buf._dtype, buf.data, scope=buf._scope,
                               name=f"{buf.name}_sub", elem_offset=elem,
                               strides=strides)
        if plain:
            # the data pointer already points at element 0 (its offset)
            off.pop("m", None)
        new = _rewrap(L.TileLayout.from_iters(shard, tile.replica, off), compose)
        byte_offset = None
        if _static(m_extra) is not None:
            if m_extra:
                new = _add_offset(new, "m", m_extra)
        else:
            if compose is not None and compose.swizzle_len:
                raise UserError("sub: a dynamic index into a swizzled layout (the "
                                "swizzle does not commute with the offset)")
            byte_offset = m_extra * buf._dtype.bytes
        return decl_buffer(new_shape, buf._dtype, buf.data, scope=buf._scope,
                           name=f"{buf.name}_sub", byte_offset=byte_offset,
                           layout=new)


def _elem_offset(buf, idx):
    """The memory offset of `buf[idx]` from its data pointer."""
    if buf._layout is None:
        strides = buf._strides if buf._strides is not None else _dense_strides(buf._shape)
        total = 0
        for i, st in zip(idx, strides):
            if st is None:
                raise UserError("elem_offset_of needs static strides")
            total = total + i * st
        return total
    layout = buf._layout
    if all(_static(i) is not None for i in idx):
        return layout.apply(*idx, shape=list(buf._shape)).get("m", 0)
    tile, compose = _split_layout(layout)
    if compose is not None and compose.swizzle_len:
        raise UserError("elem_offset_of with dynamic indices into a swizzled layout")
    grouped, seps = tile.group(list(buf._shape))
    total = tile.offset.get(next((a for a in tile.offset if a.name == "m"), None), 0) \
        if tile.offset else 0
    for d, i in enumerate(idx):
        g = list(grouped.shard[seps[d]:seps[d + 1]])
        for it, digit in _digits(g, i if _static(i) is not None else as_expr(i)):
            if it.axis.name == "m":
                total = total + digit * it.stride
    return total
