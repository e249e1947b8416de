"""The ``Tx`` namespace (tile primitives): ``from tirx.script import tile as Tx``.

Each call builds one ``tirx.tile.*`` op (docs/TilePrimitives.md) on buffer
regions (``A[0:64, k:k + 64]``, or a whole buffer). The execution scope is
the prefix: ``Tx.copy`` (thread), ``Tx.warp.copy``, ``Tx.wg.gemm_async``
(warpgroup), ``Tx.cta.fill``, ``Tx.cluster.copy_async``; ``scope=`` names
it too. ``dispatch="variant"`` forces a variant; every other keyword goes
into the op's ``config``, which dispatch checks against the keys the
candidate variants declare, so a misspelled key is an error at the call's
line when the function is compiled.

Primitives: ``copy``, ``copy_async`` (``mbar=``, ``cta_mask=``,
``remote_cta=``, ``tensormap=``), ``gemm`` / ``gemm_async`` (``accum=``,
``transpose_a=``, ``transpose_b=``, ``mbar=`` for gemm_async), ``fill``,
``zero``, the unary functions (``exp``, ``exp2``, ``log``, ``log2``,
``sqrt``, ``rsqrt``, ``reciprocal``, ``tanh``, ``silu``, ``relu``, ``neg``,
``abs``), the binary ones (``add``, ``sub``, ``mul``, ``fdiv``,
``maximum``, ``minimum``; the second operand may be a scalar), ``fma``,
``cast``, the reductions ``sum``, ``max``, ``min`` (``axes=``,
``accum=``) and ``permute_layout`` (``workspace=``).
"""

from ._builder import UserError, current
from ._buffer import Buffer, BufferRegion
from ._expr import as_expr, to_index

__all__ = []

_DYNAMIC = -9223372036854775808  # ShapedType::kDynamic

_SCOPES = {"thread": 0, "warp": 1, "wg": 2, "warpgroup": 2, "cta": 3,
           "cluster": 4}
_UNARY = ["neg", "abs", "exp", "exp2", "log", "log2", "sqrt", "rsqrt",
          "reciprocal", "tanh", "silu", "relu"]
_BINARY = {"add": 0, "sub": 1, "mul": 2, "fdiv": 3, "div": 3, "maximum": 4,
           "minimum": 5}
_REDUCE = {"sum": 0, "max": 1, "min": 2}


def _array(values):
    return "array<i64" + (": " + ", ".join(str(v) for v in values)
                          if values else "") + ">"


def _static_int(x):
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return x
    return None


def _region(what, x):
    """(buffer value, offset values, static offsets, sizes) of `x`."""
    if isinstance(x, Buffer):
        return x.materialize(), [], [], []
    if not isinstance(x, BufferRegion):
        raise UserError(f"'{what}' must be a buffer or a buffer region "
                        f"(A[0:16, k:k + 16]), got {type(x).__name__}")
    buf = x.buffer
    idx = list(x.region)
    if len(idx) != buf.ndim:
        raise UserError(f"'{what}': buffer '{buf.name}' has "
                        f"{buf.ndim} dimension(s), the region names "
                        f"{len(idx)}")
    dyn, static, sizes = [], [], []
    for d, i in enumerate(idx):
        start = (0 if i.start is None else i.start) if isinstance(i, slice) else i
        if isinstance(i, slice) and i.step not in (None, 1):
            raise UserError(f"'{what}': region steps are not supported")
        s = _static_int(start)
        if s is None:
            # the start's index first: the stop is read for the size only
            dyn.append(to_index(start))
            static.append(_DYNAMIC)
        else:
            static.append(s)
        if isinstance(i, slice):
            stop = (buf._shape[d] if buf._shape[d] is not None else buf.dim(d)) \
                if i.stop is None else i.stop
            size = _region_size(what, start, stop)
        else:
            size = 1
        sizes.append(size)
    return buf.materialize(), dyn, static, sizes


def _region_size(what, start, stop):
    from ._parser import RelativeStop
    if isinstance(stop, RelativeStop) and stop.start is start:
        return stop.size
    s, e = _static_int(start), _static_int(stop)
    if s is not None and e is not None:
        return e - s
    # k:k + 16: the start plus a constant.
    try:
        first = as_expr(start).materialize()
        add = as_expr(stop).materialize().owner
        if add.name == "arith.addi" and _same_value(add.operands[0], first):
            cst = add.operands[1].owner
            if cst.name == "arith.constant":
                return int(str(cst.attributes["value"]).split(":")[0])
    except Exception:
        pass
    raise UserError(f"'{what}': a region's size must be a constant "
                    "(write k:k + 16)")


def _same_value(a, b, depth=4):
    """Whether `a` and `b` compute the same thing (the same value, or the
    same pure arith op of the same operands)."""
    if a == b:
        return True
    if depth == 0:
        return False
    try:
        oa, ob = a.owner, b.owner
        if (oa.name != ob.name or not oa.name.startswith("arith.")
                or len(oa.operands) != len(ob.operands)
                or str(oa.attributes) != str(ob.attributes)):
            return False
        if oa.name == "arith.constant":
            return True
        return all(_same_value(x, y, depth - 1)
                   for x, y in zip(oa.operands, ob.operands))
    except Exception:
        return False


def _scalar(what, x, dtype=None):
    """A scalar operand: a Python number takes the element type of the
    destination (`dtype`)."""
    if isinstance(x, (Buffer, BufferRegion)):
        return None
    if dtype is not None and isinstance(x, (bool, int, float)):
        return as_expr(x, dtype).materialize()
    return as_expr(x).materialize()


def _config_value(key, v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return f"{v} : i64"
    if isinstance(v, float):
        return f"{v!r} : f64"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    raise UserError(f"config '{key}' must be a bool, int, float or string, "
                    f"got {type(v).__name__}")


class _Call:
    """One op being assembled: region and optional operands, attributes."""

    def __init__(self, scope):
        self.scope = scope
        self.operands, self.segments = [], []
        self.attrs = {}
        self.dtype = None  # the destination's element type

    def region(self, name, x, scalar_ok=False):
        if self.dtype is None and isinstance(x, (Buffer, BufferRegion)):
            self.dtype = (x.buffer if isinstance(x, BufferRegion) else x).dtype
        if scalar_ok:
            v = _scalar(name, x, self.dtype)
            if v is not None:
                self.operands.append(v)
                self.segments += [1, 0]
                self._region_attrs(name, [], [])
                return
        value, dyn, static, sizes = _region(name, x)
        self.operands.append(value)
        self.operands.extend(dyn)
        self.segments += [1, len(dyn)]
        self._region_attrs(name, static, sizes)

    def _region_attrs(self, name, static, sizes):
        b = current()
        self.attrs[f"static_{name}_offsets"] = b.attr(_array(static))
        self.attrs[f"{name}_sizes"] = b.attr(_array(sizes))

    def optional(self, value, index=False):
        if value is None:
            self.segments.append(0)
            return
        if isinstance(value, Buffer):
            value = value.materialize()
        elif index:
            value = to_index(value)
        elif not hasattr(value, "type"):
            value = as_expr(value).materialize()
        self.operands.append(value)
        self.segments.append(1)

    def finish(self, name, config, segmented=True):
        b = current()
        dispatch = config.pop("dispatch", None)
        self.attrs["scope"] = b.attr(f"{self.scope} : i32")
        if config:
            body = ", ".join(f"{k} = {_config_value(k, v)}"
                             for k, v in config.items())
            self.attrs["config"] = b.attr("{" + body + "}")
        if dispatch is not None:
            if not isinstance(dispatch, str):
                raise UserError("dispatch must be a variant name (a string)")
            self.attrs["dispatch"] = b.attr(_config_value("dispatch",
                                                          dispatch))
        if segmented:
            self.attrs["operandSegmentSizes"] = b.attr(
                "array<i32: " + ", ".join(str(s) for s in self.segments) + ">")
        b.create("tirx.tile." + name, self.operands, [], self.attrs)


def _unit(call, name, flag):
    if flag:
        call.attrs[name] = current().attr("unit")


def _scope_of(prefix, kwargs):
    scope = kwargs.pop("scope", None) or prefix
    if scope not in _SCOPES:
        raise UserError(f"unknown execution scope '{scope}'; scopes are "
                        "thread, warp, wg (warpgroup), cta and cluster")
    return _SCOPES[scope]


def _make(prefix, name):
    """The builder of primitive `name` in scope `prefix`."""
    if name == "copy":
        def f(dst, src, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.finish("copy", kw)
    elif name == "copy_async":
        def f(dst, src, mbar=None, cta_mask=None, remote_cta=None,
              cache_hint=None, tensormap=None, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            for v in (mbar, cta_mask, remote_cta, cache_hint, tensormap):
                c.optional(v)
            c.finish("copy_async", kw)
    elif name in ("gemm", "gemm_async"):
        def f(d, a, b, accum=None, transpose_a=False, transpose_b=False,
              mbar=None, **kw):
            c = _Call(_scope_of(prefix, kw))
            first = "d" if name == "gemm" else "c"
            c.region(first, d)
            c.region("a", a)
            c.region("b", b)
            c.optional(accum)
            if name == "gemm_async":
                c.optional(mbar)
            elif mbar is not None:
                raise UserError("Tx.gemm takes no mbar (Tx.gemm_async does)")
            _unit(c, "transpose_a", transpose_a)
            _unit(c, "transpose_b", transpose_b)
            c.finish(name, kw)
    elif name in ("fill", "zero"):
        def f(dst, value=0.0, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            if name == "zero":
                value = 0.0
            ty = (dst.buffer if isinstance(dst, BufferRegion) else dst).dtype
            c.operands.append(as_expr(value, ty).materialize())
            c.finish("fill", kw, segmented=False)
    elif name in _UNARY:
        def f(dst, src, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.attrs["kind"] = current().attr(f"{_UNARY.index(name)} : i32")
            c.finish("unary", kw)
    elif name in _BINARY:
        def f(dst, lhs, rhs, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("lhs", lhs, scalar_ok=True)
            c.region("rhs", rhs, scalar_ok=True)
            c.attrs["kind"] = current().attr(f"{_BINARY[name]} : i32")
            c.finish("binary", kw)
    elif name == "fma":
        def f(dst, a, b, c_, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("a", a, scalar_ok=True)
            c.region("b", b, scalar_ok=True)
            c.region("c", c_, scalar_ok=True)
            c.finish("fma", kw)
    elif name == "cast":
        def f(dst, src, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.finish("cast", kw)
    elif name in _REDUCE:
        def f(dst, src, axes=None, accum=False, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.attrs["kind"] = current().attr(f"{_REDUCE[name]} : i32")
            if axes is not None:
                if isinstance(axes, int):
                    axes = [axes]
                c.attrs["axes"] = current().attr(_array(list(axes)))
            _unit(c, "accumulate", accum)
            c.finish("reduce", kw)
    elif name == "permute_layout":
        def f(dst, src, workspace=None, **kw):
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.optional(workspace)
            c.finish("permute_layout", kw)
    else:
        raise UserError(f"Tx.{name} is not a tile primitive")
    f.__name__ = name
    f.__qualname__ = f"Tx.{prefix}.{name}"
    return f


class _Scope:
    """``Tx.warp``, ``Tx.wg``, ...: the primitives in that scope."""

    def __init__(self, prefix):
        self._prefix = prefix

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        if name in _SCOPES:
            return _Scope(name)
        return _make(self._prefix, name)

    def __repr__(self):
        return f"<tile primitives in scope {self._prefix}>"


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    return getattr(_Scope("thread"), name)
