"""TIRx tile layouts in Python, spelled as TIRx spells them.

A layout maps every logical element of a buffer (its row-major index over
the buffer's shape) to places on named axes: the memory offset ``m``, the
thread that holds a register element (``laneid``, ``warpid``, ``wgid``,
``tx``, ``wid_in_wg``, ``tid_in_wg``), the CTA (``bx``.., ``cbx``..) and a
tensor-memory lane and column (``TLane``, ``TCol``)::

    from tirx.layout import S, R, TileLayout, ComposeLayout, laneid, warpid

    TileLayout(S[(2, 8, 4, 2):(2, 4 @ laneid, 1 @ laneid, 1)])   # mma.sync C
    TileLayout(S[(8, 2, 4, 2):(4 @ laneid, 1 @ warpid, 1 @ laneid, 1)]
               + R[2:4 @ warpid] + 5 @ warpid)
    ComposeLayout(3, 3, 3, TileLayout(S[64, 64]))   # 128B swizzle of f16

- ``S[(e0, e1, ...):(s0, s1 @ axis, ...)]`` is the *shard*: the element
  index split into mixed-radix digits (outermost first), digit ``i`` adding
  ``digit * s_i`` on its axis (``m`` when no axis is given).
  ``S[e0, e1, ...]`` (extents only) is row-major memory.
- ``R[...]`` is the *replica*: the element is also at every ``+ r * t``.
- ``+ k`` / ``+ k @ axis`` is a constant offset.
- ``ComposeLayout(per_element, swizzle_len, atom_len, tile)`` swizzles the
  memory offset ``x`` of ``tile``: bits ``[per_element + atom_len, +
  swizzle_len)`` are XORed into bits ``[per_element, + swizzle_len)``
  (CuTe's ``Swizzle<swizzle_len, per_element, atom_len>``; the 128B TMA and
  MMA swizzle of 16-bit elements is ``ComposeLayout(3, 3, 3, ...)``).

A layout is a compile-time value: extents, strides and offsets are Python
integers. In a script the same names are ``T.TileLayout``, ``T.S``,
``T.R``, ``T.ComposeLayout`` and ``T.Axis.laneid``; a buffer takes one with
``layout=`` (docs/Layouts.md). ``layout.mlir`` is the ``#tirx.layout``
attribute text the IR carries.
"""

import functools
import operator
import re

__all__ = ["Axis", "Iter", "Layout", "TileLayout", "ComposeLayout", "S", "R",
           "LayoutError", "parse_layout", "wg_local_layout",
           "tmem_datapath_layout", "mma_sync_layout", "wgmma_acc_layout",
           "tcgen05_atom_layout"]

_AXIS_NAMES = ("m", "laneid", "warpid", "wgid", "tx", "wid_in_wg", "tid_in_wg",
               "bx", "by", "bz", "cbx", "cby", "cbz", "TLane", "TCol")
_THREAD_AXES = ("laneid", "warpid", "wgid", "tx", "wid_in_wg", "tid_in_wg")
# Axes of the original's Trainium backend: named, refused.
_TRAINIUM_AXES = ("P", "F", "Bank")

__all__ += list(_AXIS_NAMES)


class LayoutError(ValueError):
    """A layout that is not well formed (in a script, a ScriptError at the
    line that builds it)."""

    user_error = True  # the script parser reports it as the user's mistake


def _prod(xs):
    return functools.reduce(operator.mul, xs, 1)


def _int(what, x):
    """`x` as a Python integer (a layout is fixed at compile time)."""
    if isinstance(x, bool):
        raise LayoutError(f"a layout {what} must be an integer, got a bool")
    if isinstance(x, int):
        return x
    v = getattr(x, "value", None)  # T.meta_var
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    raise LayoutError(f"a layout {what} must be a Python integer (layouts are "
                      f"fixed when the kernel is compiled), got "
                      f"{type(x).__name__}")


# ---------------------------------------------------------------------------
# Axes
# ---------------------------------------------------------------------------


class _AxisMeta(type):
    def __getattr__(cls, name):
        if name in _AXIS_NAMES or name in _TRAINIUM_AXES:
            return cls.get(name)
        raise AttributeError(f"type object 'Axis' has no attribute {name!r}")


class Axis(metaclass=_AxisMeta):
    """A named layout axis: ``Axis.laneid``, ``Axis.get("TCol")``; ``4 @
    Axis.laneid`` is a stride (or offset) of 4 on it."""

    __slots__ = ("name",)
    _registry = {}

    def __init__(self, *args, **kwargs):
        raise TypeError("axes are not constructed; use Axis.get(name) or "
                        "Axis.<name>")

    @staticmethod
    def get(name):
        if isinstance(name, Axis):
            return name
        a = Axis._registry.get(name)
        if a is not None:
            return a
        if name in _TRAINIUM_AXES:
            raise LayoutError(f"layout axis '{name}' is a Trainium axis; this "
                              "compiler targets CUDA (axes: "
                              + ", ".join(_AXIS_NAMES) + ")")
        if name not in _AXIS_NAMES:
            raise LayoutError(f"unknown layout axis {name!r}; the axes are "
                              + ", ".join(_AXIS_NAMES))
        a = object.__new__(Axis)
        object.__setattr__(a, "name", name)
        Axis._registry[name] = a
        return a

    def is_thread(self):
        return self.name in _THREAD_AXES

    def is_memory(self):
        return self.name == "m"

    def is_tmem(self):
        return self.name in ("TLane", "TCol")

    def __rmatmul__(self, other):
        return _OnAxis(_int("stride", other), self)

    def __repr__(self):
        return f"Axis.{self.name}"

    def __reduce__(self):
        return (Axis.get, (self.name,))


def __getattr__(name):
    """``from tirx.layout import laneid``: the axes by name."""
    if name in _AXIS_NAMES:
        return Axis.get(name)
    raise AttributeError(f"module 'tirx.layout' has no attribute {name!r}")


class Iter:
    """One shard or replica iterator: `extent` values `stride` apart on
    `axis`."""

    __slots__ = ("extent", "stride", "axis")

    def __init__(self, extent, stride, axis="m"):
        self.extent = _int("extent", extent)
        self.stride = _int("stride", stride)
        self.axis = Axis.get(axis)
        if self.extent < 1:
            raise LayoutError(f"layout extents must be positive, got {self.extent}")
        if self.stride < 0:
            raise LayoutError(f"layout strides must be non-negative, got {self.stride}")

    def key(self):
        return (self.extent, self.stride, self.axis.name)

    def __eq__(self, other):
        return isinstance(other, Iter) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"Iter({self.extent}, {self.stride}, {self.axis.name!r})"


# ---------------------------------------------------------------------------
# The S[...] + R[...] + offset spelling
# ---------------------------------------------------------------------------


class _OnAxis:
    """``k @ axis``: a stride or an offset term on an axis."""

    __slots__ = ("value", "axis")

    def __init__(self, value, axis):
        self.value = value
        self.axis = axis

    def __add__(self, other):
        return _Offset({self.axis: self.value}) + other

    __radd__ = __add__

    def __repr__(self):
        return f"{self.value} @ {self.axis!r}"


class _Offset:
    """A sum of offset terms, one value per axis (a bare integer is on m)."""

    def __init__(self, terms=None):
        self.terms = dict(terms or {})

    def __add__(self, other):
        out = _Offset(self.terms)
        if isinstance(other, _LayoutSpec):
            return NotImplemented
        for ax, v in _offset_of(other).terms.items():
            out.terms[ax] = out.terms.get(ax, 0) + v
        return out

    __radd__ = __add__


def _offset_of(x):
    if isinstance(x, _Offset):
        return x
    if isinstance(x, _OnAxis):
        return _Offset({x.axis: x.value})
    return _Offset({Axis.get("m"): _int("offset", x)})


class _LayoutSpec:
    """``S[...] + R[...] + offset``: what TileLayout(...) takes."""

    __slots__ = ("shard", "replica", "offset")

    def __init__(self, shard=None, replica=None, offset=None):
        self.shard = shard
        self.replica = replica
        self.offset = offset

    def __add__(self, other):
        if isinstance(other, _LayoutSpec):
            if self.shard is not None and other.shard is not None:
                raise LayoutError("a layout has one shard S[...]")
            if self.replica is not None and other.replica is not None:
                raise LayoutError("a layout has at most one replica R[...]")
            return _LayoutSpec(self.shard if self.shard is not None else other.shard,
                               self.replica if self.replica is not None else other.replica,
                               _merge(self.offset, other.offset))
        if isinstance(other, (_OnAxis, _Offset, int)) and not isinstance(other, bool):
            return _LayoutSpec(self.shard, self.replica, _merge(self.offset, other))
        return NotImplemented

    __radd__ = __add__


def _merge(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return _offset_of(a) + _offset_of(b)


def _tuple(x):
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return (x,)


class _SpecBuilder:
    """``S[8:4 @ laneid]``, ``S[(8, 4):(4 @ laneid, 1)]``, ``S[8, 4]``."""

    __slots__ = ("_kind",)

    def __init__(self, kind):
        self._kind = kind

    def __getitem__(self, key):
        if isinstance(key, slice):
            if key.step is not None:
                raise LayoutError(f"{self._kind}[extents:strides] takes one ':'")
            pair = (_tuple(key.start), _tuple(key.stop))
        else:
            pair = (_tuple(key), None)
        if self._kind == "S":
            return _LayoutSpec(shard=pair)
        return _LayoutSpec(replica=pair)

    def __repr__(self):
        return self._kind


S = _SpecBuilder("S")
R = _SpecBuilder("R")


def _iters_of(pair, what):
    if pair is None:
        return []
    extents, strides = pair
    extents = [_int("extent", e) for e in extents]
    if strides is None:
        strides, acc = [], 1
        for e in reversed(extents):
            strides.append(acc)
            acc *= e
        strides.reverse()
    if len(strides) != len(extents):
        raise LayoutError(f"layout {what} has {len(extents)} extents but "
                          f"{len(strides)} strides")
    out = []
    for e, s in zip(extents, strides):
        if isinstance(s, _OnAxis):
            out.append(Iter(e, s.value, s.axis))
        elif isinstance(s, Iter):
            out.append(Iter(e, s.stride, s.axis))
        elif isinstance(s, tuple) and len(s) == 2:
            out.append(Iter(e, s[0], s[1]))
        else:
            out.append(Iter(e, s, "m"))
    return out


# ---------------------------------------------------------------------------
# Layouts
# ---------------------------------------------------------------------------


class Layout:
    """Base of TileLayout and ComposeLayout."""

    # -- queries ------------------------------------------------------------
    def size(self, axis_name=None):
        """The number of logical elements (or the extent product of the
        iterators on `axis_name`)."""
        t = self._tile()
        if axis_name is None:
            return _prod(i.extent for i in t.shard)
        ax = Axis.get(axis_name)
        return _prod(i.extent for i in t.shard if i.axis is ax)

    def span(self, axis_name=None):
        """The positions an axis spans: 1 + the largest value any element or
        replica reaches on it (``m`` by default; a swizzle rounds it up to
        its period)."""
        ax = Axis.get(axis_name or "m")
        t = self._tile()
        hi = t.offset.get(ax, 0)
        for i in list(t.shard) + list(t.replica):
            if i.axis is ax:
                hi += (i.extent - 1) * i.stride
        n = hi + 1
        period = self._swizzle_period()
        if ax.name == "m" and period > 1:
            n = -(-n // period) * period
        return n

    def apply(self, *coord, shape=None):
        """The places of one element, ``{axis name: value}`` (replica 0,
        swizzle applied to m): ``apply(i)`` for a linear index,
        ``apply(i, j, shape=(M, N))`` for a coordinate."""
        if len(coord) == 1 and isinstance(coord[0], (tuple, list)):
            coord = tuple(coord[0])
        coord = [_int("coordinate", c) for c in coord]
        if shape is not None:
            shape = [_int("shape", s) for s in shape]
            if len(shape) != len(coord):
                raise LayoutError("apply: the coordinate and the shape differ in rank")
            linear = 0
            for c, s in zip(coord, shape):
                linear = linear * s + c
        elif len(coord) == 1:
            linear = coord[0]
        else:
            t = self._tile()
            if len(coord) != len(t.shard):
                raise LayoutError("apply: give a linear index, one coordinate "
                                  "per shard iterator, or shape=")
            linear = 0
            for c, i in zip(coord, t.shard):
                linear = linear * i.extent + c
        t = self._tile()
        n = t.size()
        if not 0 <= linear < n:
            raise LayoutError(f"apply: element {linear} is outside the layout's "
                              f"{n} elements")
        out = {}
        rest = linear
        for i in reversed(t.shard):
            d = rest % i.extent
            rest //= i.extent
            out[i.axis.name] = out.get(i.axis.name, 0) + d * i.stride
        for ax, v in t.offset.items():
            out[ax.name] = out.get(ax.name, 0) + v
        if "m" in out:
            out["m"] = self._swizzle(out["m"])
        return out

    def _swizzle(self, x):
        return x

    def _swizzle_period(self):
        return 1

    def storage(self):
        """The layout without its thread axes (what one thread stores)."""
        t = self._tile()
        keep = [i for i in t.shard if not i.axis.is_thread()]
        return self._rewrap(TileLayout.from_iters(
            keep or [Iter(1, 1)], [i for i in t.replica if not i.axis.is_thread()],
            {a: v for a, v in t.offset.items() if not a.is_thread()}))

    def is_swizzle(self):
        return False

    def uses_axis(self, name):
        ax = Axis.get(name)
        t = self._tile()
        return any(i.axis is ax for i in list(t.shard) + list(t.replica)) or ax in t.offset

    def has_thread_axes(self):
        return any(self.uses_axis(a) for a in _THREAD_AXES)

    def verify_well_formed(self):
        """True when the IR accepts the layout (the attribute's verifier)."""
        try:
            from . import ir
            with ir.Context():
                ir.Attribute.parse(self.mlir)
            return True
        except Exception:  # noqa: BLE001 - any refusal means "no"
            return False

    # -- spelling -----------------------------------------------------------
    @property
    def mlir(self):
        """The ``#tirx.layout<...>`` attribute text."""
        return "#tirx.layout<" + self._body() + ">"

    def __str__(self):
        return self.script()

    def __repr__(self):
        return self.script()

    def __eq__(self, other):
        return isinstance(other, Layout) and self.mlir == other.mlir

    def __hash__(self):
        return hash(self.mlir)


def _iters_text(iters):
    def stride(i):
        return str(i.stride) if i.axis.name == "m" else f"{i.stride}@{i.axis.name}"
    if len(iters) == 1:
        return f"[{iters[0].extent}:{stride(iters[0])}]"
    return ("[(" + ", ".join(str(i.extent) for i in iters) + "):("
            + ", ".join(stride(i) for i in iters) + ")]")


def _iters_script(head, iters, prefix):
    def stride(i):
        return str(i.stride) if i.axis.name == "m" else \
            f"{i.stride} @ {prefix}Axis.{i.axis.name}"
    if len(iters) == 1:
        return f"{prefix}{head}[{iters[0].extent}:{stride(iters[0])}]"
    return (f"{prefix}{head}[(" + ", ".join(str(i.extent) for i in iters) + "):("
            + ", ".join(stride(i) for i in iters) + ")]")


class TileLayout(Layout):
    """``TileLayout(S[...] + R[...] + offset)``: shard, replica, offset."""

    __slots__ = ("shard", "replica", "offset")

    def __init__(self, spec):
        if isinstance(spec, TileLayout):
            self._set(spec.shard, spec.replica, spec.offset)
            return
        if not isinstance(spec, _LayoutSpec):
            raise LayoutError("TileLayout takes S[...] (+ R[...] + offset), got "
                              f"{type(spec).__name__}")
        if spec.shard is None:
            raise LayoutError("a TileLayout needs a shard S[...]")
        off = _offset_of(spec.offset).terms if spec.offset is not None else {}
        self._set(_iters_of(spec.shard, "shard"), _iters_of(spec.replica, "replica"),
                  off)

    def _set(self, shard, replica, offset):
        self.shard = tuple(shard)
        self.replica = tuple(replica)
        if not self.shard:
            raise LayoutError("a layout shard needs at least one iterator")
        clean = {}
        for ax, v in dict(offset).items():
            ax = Axis.get(ax)
            v = _int("offset", v)
            if v < 0:
                raise LayoutError(f"layout offsets must be non-negative, got {v}@{ax.name}")
            if v:
                clean[ax] = clean.get(ax, 0) + v
        self.offset = dict(sorted(clean.items(), key=lambda kv: _AXIS_NAMES.index(kv[0].name)))

    @staticmethod
    def from_iters(shard=(), replica=(), offset=None):
        t = object.__new__(TileLayout)
        t._set([i if isinstance(i, Iter) else Iter(*i) for i in shard],
               [i if isinstance(i, Iter) else Iter(*i) for i in replica],
               offset or {})
        return t

    def _tile(self):
        return self

    def _rewrap(self, tile):
        return tile

    def _body(self):
        text = "S" + _iters_text(self.shard)
        if self.replica:
            text += " + R" + _iters_text(self.replica)
        for ax, v in self.offset.items():
            text += f" + {v}" + ("" if ax.name == "m" else f"@{ax.name}")
        return text

    def script(self, prefix="T."):
        """The script spelling (``T.TileLayout(T.S[...])``)."""
        spec = _iters_script("S", self.shard, prefix)
        if self.replica:
            spec += " + " + _iters_script("R", self.replica, prefix)
        for ax, v in self.offset.items():
            spec += f" + {v}" if ax.name == "m" else f" + {v} @ {prefix}Axis.{ax.name}"
        return f"{prefix}TileLayout({spec})"

    def is_trivial(self):
        """True for row-major memory (what a buffer without a layout has)."""
        c = self.canonicalize()
        return (len(c.shard) == 1 and c.shard[0].axis.name == "m"
                and c.shard[0].stride == 1 and not c.replica and not c.offset)

    def canonicalize(self):
        """Unit iterators and zero offsets dropped, adjacent iterators on one
        axis that chain (outer stride = inner stride * inner extent)
        fused, replicas sorted."""
        shard = [i for i in self.shard if i.extent != 1]
        fused = []
        for i in shard:
            if fused:
                o = fused[-1]
                if o.axis is i.axis and o.stride == i.stride * i.extent:
                    fused[-1] = Iter(o.extent * i.extent, i.stride, i.axis)
                    continue
                if i.stride == 0 and o.stride == 0 and o.axis is i.axis:
                    fused[-1] = Iter(o.extent * i.extent, 0, i.axis)
                    continue
            fused.append(i)
        if not fused:
            fused = [Iter(1, 1)]
        rep = sorted((i for i in self.replica if i.extent != 1 and i.stride != 0),
                     key=lambda i: (_AXIS_NAMES.index(i.axis.name), i.stride, i.extent))
        return TileLayout.from_iters(fused, rep, self.offset)

    def group(self, shape):
        """``(layout, seps)``: the shard split so that iterators
        ``seps[d]:seps[d + 1]`` cover dimension `d` of `shape`."""
        shape = [_int("shape", s) for s in shape]
        if _prod(shape) != self.size():
            raise LayoutError(f"group: the shape {shape} has {_prod(shape)} "
                              f"elements, the layout {self.size()}")
        iters = list(self.shard)
        out, seps = [], [0]
        k = 0
        for d in shape:
            need = d
            while need > 1:
                if k >= len(iters):
                    raise LayoutError(f"group: the layout does not split by {shape}")
                i = iters[k]
                if i.extent <= need:
                    if need % i.extent:
                        raise LayoutError(f"group: dimension {d} of {shape} does "
                                          "not align with the layout's iterators")
                    out.append(i)
                    need //= i.extent
                    k += 1
                else:
                    if i.extent % need:
                        raise LayoutError(f"group: dimension {d} of {shape} does "
                                          "not align with the layout's iterators")
                    inner = i.extent // need
                    out.append(Iter(need, i.stride * inner, i.axis))
                    iters[k] = Iter(inner, i.stride, i.axis)
                    need = 1
            seps.append(len(out))
        # trailing unit iterators go to the last dimension
        while k < len(iters):
            out.append(iters[k])
            k += 1
        seps[-1] = len(out)
        return TileLayout.from_iters(out, self.replica, self.offset), seps

    def permute_dims(self, perm):
        if sorted(perm) != list(range(len(self.shard))):
            raise LayoutError(f"permute_dims: {perm} is not a permutation of the "
                              f"{len(self.shard)} iterators")
        return TileLayout.from_iters([self.shard[p] for p in perm], self.replica,
                                     self.offset)

    def unpack(self, num):
        shard = [Iter(i.extent, i.stride * num, i.axis) for i in self.shard]
        shard.append(Iter(num, 1))
        return TileLayout.from_iters(shard, self.replica, self.offset)

    def pack(self, num):
        inner = self.shard[-1]
        if inner.stride != 1 or inner.extent % num or not inner.axis.is_memory():
            raise LayoutError(f"{self.script('')} cannot be packed by {num}")
        shard = [Iter(i.extent, i.stride // num, i.axis) for i in self.shard[:-1]]
        shard.append(Iter(inner.extent // num, 1, inner.axis))
        return TileLayout.from_iters(shard, self.replica, self.offset)


class ComposeLayout(Layout):
    """``ComposeLayout(per_element, swizzle_len, atom_len, tile_layout)``:
    `tile_layout` with its memory offset swizzled (see the module doc)."""

    __slots__ = ("per_element", "swizzle_len", "atom_len", "tile_layout",
                 "swizzle_inner")

    def __init__(self, per_element, swizzle_len, atom_len, tile_layout,
                 swizzle_inner=True):
        self.per_element = _int("swizzle per_element", per_element)
        self.swizzle_len = _int("swizzle_len", swizzle_len)
        self.atom_len = _int("swizzle atom_len", atom_len)
        if isinstance(tile_layout, _LayoutSpec):
            tile_layout = TileLayout(tile_layout)
        if not isinstance(tile_layout, TileLayout):
            raise LayoutError("ComposeLayout takes a TileLayout, got "
                              f"{type(tile_layout).__name__}")
        self.tile_layout = tile_layout
        if swizzle_inner is not True:
            raise LayoutError("ComposeLayout(swizzle_inner=False) (XOR of the low "
                              "bits into the high ones) is not supported; the TMA "
                              "and MMA swizzles are swizzle_inner=True")
        self.swizzle_inner = True
        if not (self.per_element >= 0 and self.swizzle_len >= 0
                and self.atom_len >= self.swizzle_len):
            raise LayoutError(
                f"ComposeLayout({self.per_element}, {self.swizzle_len}, "
                f"{self.atom_len}, ...) is not well formed: needs per_element >= 0, "
                "swizzle_len >= 0 and atom_len >= swizzle_len")
        if self.swizzle_len and not any(i.axis.is_memory() for i in tile_layout.shard):
            raise LayoutError("a swizzle needs the memory axis 'm' in the shard")

    def _tile(self):
        return self.tile_layout

    def _rewrap(self, tile):
        return ComposeLayout(self.per_element, self.swizzle_len, self.atom_len, tile)

    def _swizzle(self, x):
        if not self.swizzle_len:
            return x
        mask = ((1 << self.swizzle_len) - 1) << self.per_element
        return x ^ ((x >> self.atom_len) & mask)

    def _swizzle_period(self):
        if not self.swizzle_len:
            return 1
        return 1 << (self.swizzle_len + self.per_element + self.atom_len)

    def _body(self):
        text = self.tile_layout._body()
        if self.swizzle_len:
            text += f", swizzle<{self.swizzle_len}, {self.per_element}, {self.atom_len}>"
        return text

    def script(self, prefix="T."):
        return (f"{prefix}ComposeLayout({self.per_element}, {self.swizzle_len}, "
                f"{self.atom_len}, {self.tile_layout.script(prefix)})")

    def is_swizzle(self):
        return self.tile_layout.is_trivial()

    def canonicalize(self):
        return ComposeLayout(self.per_element, self.swizzle_len, self.atom_len,
                             self.tile_layout.canonicalize())

    def unpack(self, num):
        if num & (num - 1):
            raise LayoutError("unpack of a swizzled layout needs a power of two")
        return ComposeLayout(self.per_element + num.bit_length() - 1,
                             self.swizzle_len, self.atom_len,
                             self.tile_layout.unpack(num))

    def pack(self, num):
        if num & (num - 1) or self.per_element < num.bit_length() - 1:
            raise LayoutError(f"this swizzled layout cannot be packed by {num}")
        return ComposeLayout(self.per_element - (num.bit_length() - 1),
                             self.swizzle_len, self.atom_len,
                             self.tile_layout.pack(num))


# ---------------------------------------------------------------------------
# Reading the attribute text back (the printer)
# ---------------------------------------------------------------------------

_STRIDE = r"(\d+)(?:@(\w+))?"


def _parse_iters(text):
    text = text.strip()
    m = re.fullmatch(r"\[\s*\((.*?)\)\s*:\s*\((.*?)\)\s*\]", text)
    if m:
        extents = [int(x) for x in m.group(1).split(",")]
        strides = [s.strip() for s in m.group(2).split(",")]
    else:
        m = re.fullmatch(r"\[\s*(\d+)\s*:\s*(\S+?)\s*\]", text)
        if not m:
            raise LayoutError(f"cannot read layout iterators {text!r}")
        extents, strides = [int(m.group(1))], [m.group(2)]
    out = []
    for e, s in zip(extents, strides):
        sm = re.fullmatch(_STRIDE, s)
        if not sm:
            raise LayoutError(f"cannot read layout stride {s!r}")
        out.append(Iter(e, int(sm.group(1)), sm.group(2) or "m"))
    return out


def parse_layout(text):
    """The Layout of a ``#tirx.layout<...>`` attribute text."""
    t = text.strip()
    if t.startswith("#tirx.layout<"):
        t = t[len("#tirx.layout<"):]
        if not t.endswith(">"):
            raise LayoutError(f"cannot read layout {text!r}")
        t = t[:-1]
    swz = None
    m = re.search(r",\s*swizzle<\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*>\s*$", t)
    if m:
        swz = tuple(int(x) for x in m.groups())
        t = t[:m.start()]
    shard, replica, offset = None, [], {}
    for part in re.split(r"\s\+\s", t):
        part = part.strip()
        if part.startswith("S["):
            shard = _parse_iters(part[1:])
        elif part.startswith("R["):
            replica = _parse_iters(part[1:])
        else:
            om = re.fullmatch(_STRIDE, part)
            if not om:
                raise LayoutError(f"cannot read layout part {part!r}")
            offset[Axis.get(om.group(2) or "m")] = int(om.group(1))
    if shard is None:
        raise LayoutError(f"cannot read layout {text!r}: no shard")
    tile = TileLayout.from_iters(shard, replica, offset)
    if swz is None:
        return tile
    bits, base, shift = swz
    return ComposeLayout(base, bits, shift, tile)


# ---------------------------------------------------------------------------
# Layout factories
# ---------------------------------------------------------------------------


def wg_local_layout(cols, rows=128):
    """A warpgroup register tile of (rows, cols): thread ``tid_in_wg`` holds
    row ``tid_in_wg`` in `cols` consecutive registers."""
    return TileLayout.from_iters([Iter(rows, 1, "tid_in_wg"), Iter(cols, 1)])


_TMEM_ROWS = {"A": 128, "B": 64, "D": 128, "E": 64, "F": 64, "G": 32}


def tmem_datapath_layout(datapath, rows, cols, sub_slab=0):
    """The tensor-memory layout a tcgen05 MMA datapath writes: ``"D"`` and
    ``"A"`` (M = 128 per CTA: row r in lane r), ``"B"``/``"E"`` (64 rows,
    the column halves in lanes 0..63 and 64..127), ``"F"`` (64 rows, 16
    per warp slab, `sub_slab` picks the lower or upper half), ``"G"`` (32
    rows, column quarters)."""
    if datapath not in _TMEM_ROWS:
        raise LayoutError(f"tmem_datapath_layout: unknown datapath {datapath!r}; "
                          f"known: {', '.join(sorted(_TMEM_ROWS))}")
    if rows != _TMEM_ROWS[datapath]:
        raise LayoutError(f"tmem_datapath_layout: datapath {datapath!r} has "
                          f"{_TMEM_ROWS[datapath]} rows, got {rows}")
    if sub_slab not in (0, 1) or (sub_slab and datapath != "F"):
        raise LayoutError("tmem_datapath_layout: sub_slab is 0, or 1 for datapath 'F'")
    lane, col = Axis.get("TLane"), Axis.get("TCol")
    if datapath in ("A", "D"):
        return TileLayout.from_iters([Iter(rows, 1, lane), Iter(cols, 1, col)])
    if datapath == "G":
        if cols % 4:
            raise LayoutError("tmem_datapath_layout: datapath 'G' needs cols % 4 == 0")
        return TileLayout.from_iters([Iter(rows, 1, lane), Iter(4, 32, lane),
                                      Iter(cols // 4, 1, col)])
    if datapath in ("B", "E"):
        if cols % 2:
            raise LayoutError(f"tmem_datapath_layout: datapath {datapath!r} needs even cols")
        return TileLayout.from_iters([Iter(rows, 1, lane), Iter(2, 64, lane),
                                      Iter(cols // 2, 1, col)])
    return TileLayout.from_iters([Iter(4, 32, lane), Iter(16, 1, lane), Iter(cols, 1, col)],
                                 [], {lane: 16 * sub_slab})


def mma_sync_layout(operand, k=16, dtype="float16"):
    """The register fragment of one warp for ``mma.sync.m16n8k{8,16}``
    (f16/bf16 in, f32 out): ``"a"`` (16 x k), ``"b"`` (k x 8, or ``"bt"``:
    8 x k), ``"c"``/``"d"`` (16 x 8 accumulator)."""
    lane = Axis.get("laneid")
    if operand in ("c", "d"):
        return TileLayout.from_iters([Iter(2, 2), Iter(8, 4, lane), Iter(4, 1, lane),
                                      Iter(2, 1)])
    if k not in (8, 16):
        raise LayoutError(f"mma_sync_layout: k is 8 or 16, got {k}")
    if operand == "a":
        if k == 8:
            return TileLayout.from_iters([Iter(2, 2), Iter(8, 4, lane), Iter(4, 1, lane),
                                          Iter(2, 1)])
        return TileLayout.from_iters([Iter(2, 2), Iter(8, 4, lane), Iter(2, 4),
                                      Iter(4, 1, lane), Iter(2, 1)])
    if operand == "b":
        if k == 8:
            return TileLayout.from_iters([Iter(4, 1, lane), Iter(2, 1), Iter(8, 4, lane)])
        return TileLayout.from_iters([Iter(2, 2), Iter(4, 1, lane), Iter(2, 1),
                                      Iter(8, 4, lane)])
    if operand == "bt":
        if k == 8:
            return TileLayout.from_iters([Iter(8, 4, lane), Iter(4, 1, lane), Iter(2, 1)])
        return TileLayout.from_iters([Iter(8, 4, lane), Iter(2, 2), Iter(4, 1, lane),
                                      Iter(2, 1)])
    raise LayoutError(f"mma_sync_layout: operand is 'a', 'b', 'bt' or 'c', got {operand!r}")


def wgmma_acc_layout(n, m=64):
    """The m64nN wgmma accumulator of a warpgroup (64 x n, f32): warp w,
    lane 4g + t holds rows 16w + g and 16w + g + 8, columns 8q + 2t and
    8q + 2t + 1."""
    n = _int("wgmma n", n)
    if m != 64 or n % 8 or not 8 <= n <= 256:
        raise LayoutError(f"wgmma_acc_layout: m64nN with N a multiple of 8 up to "
                          f"256, got m{m}n{n}")
    wid, lane = Axis.get("wid_in_wg"), Axis.get("laneid")
    return TileLayout.from_iters([Iter(4, 1, wid), Iter(2, 2), Iter(8, 4, lane),
                                  Iter(n // 8, 4), Iter(4, 1, lane), Iter(2, 1)])


def tcgen05_atom_layout(instr_shape, tensor_shape, dtype="float32"):
    """The warpgroup register tile ``tcgen05.ld/st.32x32b`` moves: thread
    ``32w + l`` holds row ``32w + l`` of a (128, N) 32-bit tile. Other atom
    shapes (``16x64b``, ...) are not supported yet."""
    if instr_shape != "32x32b":
        raise LayoutError(f"tcgen05_atom_layout: only the 32x32b atom is supported, "
                          f"got {instr_shape!r}")
    rows, cols = (_int("shape", s) for s in tensor_shape)
    if rows != 128:
        raise LayoutError("tcgen05_atom_layout('32x32b', ...) covers 128 rows")
    return TileLayout.from_iters([Iter(4, 1, Axis.get("wid_in_wg")),
                                  Iter(32, 1, Axis.get("laneid")), Iter(cols, 1)])
