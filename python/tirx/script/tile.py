"""The ``Tx`` namespace (tile primitives): ``from tirx.script import tile as Tx``.

Each call builds one ``tirx.tile.*`` op (docs/TilePrimitives.md) on buffer
regions (``A[0:64, k:k + 64]``, or a whole buffer) in shared memory, global
memory or registers (register fragments are ``local`` buffers with a
layout, docs/Layouts.md). The execution scope is the prefix: ``Tx.copy``
(thread), ``Tx.warp.copy``, ``Tx.wg.gemm_async`` (warpgroup),
``Tx.cta.fill``, ``Tx.cluster.copy_async``; ``scope=`` names it too.
``dispatch="variant"`` forces a variant (ours or the original TIRx's name:
``"vec_128b"``, ``"vec_auto"``, ``"tma_auto"``, ...); every other keyword
goes into the op's ``config``, which dispatch checks against the keys the
candidate variants declare, so a misspelled key is an error at the call's
line when the function is compiled.

The primitives, with the original TIRx's signatures: ``copy``,
``copy_async`` (``mbar=``, ``cta_mask=``, ``remote_cta=``, ``tensormap=``,
``cache_hint=``), ``gemm(D, A, B, C, transpose_A, transpose_B, alpha,
beta)``, ``gemm_async(C, A, B, transA=, transB=, accum=, mbar=)``,
``fill``, ``memset``, ``zero``, the unary functions (``exp``, ``exp2``,
``log``, ``log2``, ``sqrt``, ``rsqrt``, ``reciprocal``, ``tanh``, ``silu``,
``relu``, ``neg``, ``abs``; ``src`` defaults to ``dst``; ``bias=`` and
``scale=`` apply ``f(src * scale + bias)``), the binary ones (``add``,
``sub``, ``mul``, ``fdiv``, ``maximum``, ``minimum``; an operand may be a
scalar), ``fma(dst, src, scale, bias)``, ``cast``, ``select(dst, t, f,
pred)``, the reductions ``sum``, ``max``, ``min`` (``axes=``, ``accum=``),
the compose ops ``binary_reduce``, ``unary_reduce``, ``binary_chain``,
``reduce_negate`` and ``with Tx.compose_op():``, and ``permute_layout``.
"""

import builtins as _builtins

from ._builder import UserError, current
from ._buffer import Buffer, BufferRegion
from ._expr import Expr, as_expr, to_index
# The unary / binary / reduce kinds (shared with the printer).
from ._tilekinds import _BINARY, _REDUCE, _UNARY

__all__ = []

_DYNAMIC = -9223372036854775808  # ShapedType::kDynamic

_SCOPES = {"thread": 0, "warp": 1, "wg": 2, "warpgroup": 2, "cta": 3,
           "cluster": 4}

# The names of every primitive (for Tx.<scope>.<name> and the printer).
PRIMITIVES = (["copy", "copy_async", "gemm", "gemm_async", "fill", "memset",
               "zero", "fma", "cast", "select", "binary_reduce",
               "unary_reduce", "binary_chain", "reduce_negate",
               "permute_layout", "compose_op"]
              + _UNARY + ["add", "sub", "mul", "fdiv", "maximum", "minimum"]
              + list(_REDUCE))


def _array(values):
    return "array<i64" + (": " + ", ".join(str(v) for v in values)
                          if values else "") + ">"


def _static_int(x):
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return x
    return None


def _is_region(x):
    return isinstance(x, (Buffer, BufferRegion))


def _buffer_of(x):
    return x.buffer if isinstance(x, BufferRegion) else x


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
    from ._buffer import RelativeStop
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
    if dtype is not None:
        e = as_expr(x)
        if e.ty is not dtype and getattr(e.ty, "lanes", 0) == 1 and \
                getattr(dtype, "lanes", 0) == 1:
            from ._expr import cast
            e = cast(e, dtype)
        return e.materialize()
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
    if isinstance(v, (list, tuple)) and all(
            isinstance(x, int) and not isinstance(x, bool) for x in v):
        return _array(list(v))
    raise UserError(f"config '{key}' must be a bool, int, float, string or a "
                    f"list of integers, got {type(v).__name__}")


def _axes_list(axes, rank, what="axes"):
    """`axes` (an int, a list, None for the last) normalized for a source of
    `rank` dimensions (negative axes count from the end)."""
    if axes is None:
        return None
    if isinstance(axes, int) and not isinstance(axes, bool):
        axes = [axes]
    out = []
    for a in axes:
        if isinstance(a, bool) or not isinstance(a, int):
            raise UserError(f"{what} must be integers, got {a!r}")
        if a < 0:
            a += rank
        if not 0 <= a < rank:
            raise UserError(f"{what}: axis {a} is out of range for a rank-{rank} "
                            "source")
        out.append(a)
    return out


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

    def optional(self, value, index=False, dtype=None):
        if value is None:
            self.segments.append(0)
            return
        if isinstance(value, Buffer):
            value = value.materialize()
        elif index:
            value = to_index(value)
        elif dtype is not None:
            value = as_expr(value, dtype).materialize() if isinstance(
                value, (bool, int, float)) else _scalar("operand", value, dtype)
        elif not hasattr(value, "type"):
            value = as_expr(value).materialize()
        self.operands.append(value)
        self.segments.append(1)

    def kind(self, attr, text):
        self.attrs[attr] = current().attr(text)

    def finish(self, name, config, segmented=True, regions=0):
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
        return b.create("tirx.tile." + name, self.operands, [], self.attrs,
                        regions=regions)


def _unit(call, name, flag):
    if isinstance(flag, Expr):
        raise UserError(f"{name} must be a Python bool")
    if flag:
        call.attrs[name] = current().attr("unit")


def _scope_of(prefix, kwargs):
    scope = kwargs.pop("scope", None) or prefix
    if not isinstance(scope, str) or scope not in _SCOPES:
        raise UserError(f"unknown execution scope '{scope}'; scopes are "
                        "thread, warp, wg (warpgroup), cta and cluster")
    return _SCOPES[scope]


def _no_workspace(kw):
    ws = kw.pop("workspace", None)
    if ws:
        raise UserError("this primitive takes no workspace")


def _op_name(x, table, what):
    """A primitive named by a string (or a Tx function) within `table`."""
    name = getattr(x, "__name__", x)
    if not isinstance(name, str) or name not in table:
        known = ", ".join(table if isinstance(table, list) else sorted(set(table)))
        raise UserError(f"{what} must be one of {known}, got {x!r}")
    return name


def _unary_kind(x):
    return _UNARY.index(_op_name(x, _UNARY, "the unary op"))


def _binary_kind(x):
    return _BINARY[_op_name(x, list(_BINARY), "the binary op")]


def _reduce_kind(x):
    return _REDUCE[_op_name(x, list(_REDUCE), "the reduce op")]


def _rank(x):
    return _buffer_of(x).ndim


# ---------------------------------------------------------------------------
# The builders
# ---------------------------------------------------------------------------


def _copy(prefix, dst, src, **kw):
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("src", src)
    c.finish("copy", kw)


def _copy_async(prefix, dst, src, mbar=None, cta_mask=None, remote_cta=None,
                cache_hint=None, tensormap=None, **kw):
    _no_workspace(kw)
    # the original's spellings of the same operands
    if mbar is None and "mbarrier_addr" in kw:
        mbar = kw.pop("mbarrier_addr")
    if remote_cta is None and "remote_cta_id" in kw:
        remote_cta = kw.pop("remote_cta_id")
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("src", src)
    from ._types import PrimType
    c.optional(mbar)
    c.optional(cta_mask, dtype=PrimType("int16"))
    c.optional(remote_cta, dtype=PrimType("int32"))
    c.optional(cache_hint, dtype=PrimType("int64"))
    c.optional(tensormap)
    c.finish("copy_async", kw)


def _accum_value(accum):
    """An accumulate flag: a Python bool (None: no operand) or an i1."""
    from ._types import PrimType
    if accum is None or accum is False:
        return None
    if accum is True:
        return as_expr(True, PrimType("bool"))
    return accum


def _gemm(prefix, D, A, B, C=None, transpose_A=False, transpose_B=False,
          alpha=1.0, beta=None, accum=None, transpose_a=None, transpose_b=None,
          **kw):
    """``Tx.gemm(D, A, B, C, transpose_A, transpose_B, alpha=1, beta=0)``:
    D = alpha * A @ B + beta * C, with alpha = 1 and beta 0 or 1 (the
    tensor cores' form)."""
    _no_workspace(kw)
    if transpose_a is not None:
        transpose_A = transpose_a
    if transpose_b is not None:
        transpose_B = transpose_b
    if isinstance(alpha, Expr) or alpha != 1:
        raise UserError(f"Tx.gemm supports alpha = 1 (got {alpha!r}): the tensor "
                        "cores compute A @ B + C")
    if C is not None:
        if beta is None:
            beta = 0.0
        if isinstance(beta, Expr) or beta not in (0, 1):
            raise UserError(f"Tx.gemm supports beta = 0 or 1, got {beta!r}")
        if accum is not None:
            raise UserError("Tx.gemm takes C and beta, or accum, not both")
        if beta == 1:
            accum = True
            if not _same_region(C, D):
                # D = C first, then D += A @ B
                cast_ = _make(prefix, "cast")
                cast_(D, C, scope=kw.get("scope"))
    scope = _scope_of(prefix, kw)
    c = _Call(scope)
    c.region("d", D)
    c.region("a", A)
    c.region("b", B)
    c.optional(_accum_value(accum))
    _unit(c, "transpose_a", transpose_A)
    _unit(c, "transpose_b", transpose_B)
    c.finish("gemm", kw)


def _same_region(x, y):
    if x is y:
        return True
    bx, by = _buffer_of(x), _buffer_of(y)
    if bx.materialize() != by.materialize():
        return False
    rx = x.region if isinstance(x, BufferRegion) else None
    ry = y.region if isinstance(y, BufferRegion) else None
    return (rx is None and ry is None) or (str(rx) == str(ry))


def _gemm_async(prefix, C, A, B, SFA=None, SFB=None, transA=False, transB=False,
                accum=False, mbar=None, transpose_a=None, transpose_b=None, **kw):
    """``Tx.gemm_async(C, A, B, transA=, transB=, accum=)``: C (+)= A @ B on
    the tensor cores (tcgen05 on Blackwell, wgmma on Hopper)."""
    _no_workspace(kw)
    if SFA is not None or SFB is not None:
        raise UserError("block-scaled Tx.gemm_async (SFA/SFB scale factors) is "
                        "not supported by the tile primitives yet; write the "
                        "tcgen05.mma block_scale PTX op (T.ptx) instead")
    if transpose_a is not None:
        transA = transpose_a
    if transpose_b is not None:
        transB = transpose_b
    c = _Call(_scope_of(prefix, kw))
    c.region("c", C)
    c.region("a", A)
    c.region("b", B)
    c.optional(_accum_value(accum))
    c.optional(mbar)
    _unit(c, "transpose_a", transA)
    _unit(c, "transpose_b", transB)
    c.finish("gemm_async", kw)


def _fill(prefix, dst, value=0.0, **kw):
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    ty = _buffer_of(dst).dtype
    c.operands.append(_scalar("value", value, ty))
    c.finish("fill", kw, segmented=False)


def _zero(prefix, dst, src=None, **kw):
    """``Tx.zero(dst)``: dst = 0 (the original's `src` is dst by default;
    another region is only read for its shape)."""
    if src is not None and _is_region(src) and not _same_region(src, dst):
        pass  # zeros are written to dst either way
    _fill(prefix, dst, 0, **kw)


def _unary(name):
    def f(prefix, dst, src=None, bias=None, scale=None, **kw):
        if not _is_region(dst) and src is None and bias is None and scale is None:
            # the expression form: Tx.exp(x)
            from . import _mathops
            fn = getattr(_mathops, name, None)
            if fn is None:
                raise UserError(f"Tx.{name}(value) has no expression form; "
                                f"use T.{name}")
            return fn(dst)
        _no_workspace(kw)
        if src is None:
            src = dst
        if bias is None and scale is None:
            c = _Call(_scope_of(prefix, kw))
            c.region("dst", dst)
            c.region("src", src)
            c.kind("kind", f"{_UNARY.index(name)} : i32")
            c.finish("unary", kw)
            return
        # f(src * scale + bias): one compose of the two steps
        scope = kw.pop("scope", None) or prefix
        with compose_op(**kw):
            s = _Scope(scope)
            if scale is not None and bias is not None:
                s.fma(dst, src, scale, bias)
            elif scale is not None:
                s.mul(dst, src, scale)
            else:
                s.add(dst, src, bias)
            getattr(s, name)(dst, dst)
    return f


def _binary(name):
    def f(prefix, dst, lhs, rhs, **kw):
        _no_workspace(kw)
        c = _Call(_scope_of(prefix, kw))
        c.region("dst", dst)
        c.region("lhs", lhs, scalar_ok=True)
        c.region("rhs", rhs, scalar_ok=True)
        c.kind("kind", f"{_BINARY[name]} : i32")
        c.finish("binary", kw)
    return f


def _fma(prefix, dst, src, scale, bias, **kw):
    """``Tx.fma(dst, src, scale, bias)``: dst = src * scale + bias."""
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("a", src, scalar_ok=True)
    c.region("b", scale, scalar_ok=True)
    c.region("c", bias, scalar_ok=True)
    c.finish("fma", kw)


def _cast(prefix, dst, src=None, **kw):
    if not _is_region(dst):
        # the expression form: Tx.cast(value, dtype)
        from ._expr import cast
        dtype = src if src is not None else kw.pop("dtype", None)
        if dtype is None:
            raise UserError("Tx.cast(value, dtype) needs the dtype")
        return cast(dst, dtype)
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("src", src)
    c.finish("cast", kw)
    return None


def _reduce(name):
    def f(prefix, dst, src=None, axes=None, accum=False, **kw):
        if name in ("max", "min") and not _is_region(dst):
            # the expression form: Tx.max(a, b)
            from . import _mathops
            return (_mathops.max if name == "max" else _mathops.min)(dst, src)
        _no_workspace(kw)
        c = _Call(_scope_of(prefix, kw))
        c.region("dst", dst)
        c.region("src", src)
        c.kind("kind", f"{_REDUCE[name]} : i32")
        ax = _axes_list(axes, _rank(src))
        if ax is not None:
            c.attrs["axes"] = current().attr(_array(ax))
        _unit(c, "accumulate", accum)
        c.finish("reduce", kw)
        return None
    return f


def _select(prefix, dst, true_value, false_value, pred, **kw):
    """``Tx.select(dst, t, f, pred)``: dst[i] = pred(*i) ? t[i] : f[i]; `pred`
    takes the element's buffer indices."""
    from .. import ir as _ir
    from ._types import PrimType
    if not callable(pred):
        raise UserError("Tx.select's predicate must be a function of the "
                        "element's indices (lambda i, j: ...)")
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("true_value", true_value, scalar_ok=True)
    c.region("false_value", false_value, scalar_ok=True)
    op = c.finish("select", kw, regions=1)
    b = current()
    rank = _buffer_of(dst).ndim
    block = op.regions[0].blocks.append(*[b.type("index")] * rank)
    b.push_block(block, boundary=True, kind="select")
    try:
        # the element's indices as int32, as loop variables are
        from ._expr import cast
        args = [cast(Expr(a, PrimType("index"), f"i{k}", is_var=True), PrimType("int32"))
                for k, a in enumerate(block.arguments)]
        result = pred(*args)
        from ._expr import to_bool
        if isinstance(result, bool):
            result = as_expr(result, PrimType("bool"))
        v = to_bool(as_expr(result)).materialize()
        _ir.Operation.create("tirx.tile.yield", operands=[v], loc=b.loc(),
                             ip=b.frame.ip)
    finally:
        b.pop_block()


def _binary_reduce(prefix, binary_output, reduce_output, binary_input1,
                   binary_input2, binary_op, reduce_op, reduce_axes=-1, **kw):
    """dst = in1 op in2, then reduce_output = reduce(dst) over reduce_axes."""
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.kind("binary_kind", f"{_binary_kind(binary_op)} : i32")
    c.kind("reduce_kind", f"{_reduce_kind(reduce_op)} : i32")
    c.region("dst", binary_output)
    c.region("reduce_dst", reduce_output)
    c.dtype = _buffer_of(binary_output).dtype
    c.region("lhs", binary_input1, scalar_ok=True)
    c.region("rhs", binary_input2, scalar_ok=True)
    ax = _axes_list(reduce_axes, _rank(binary_output), "reduce_axes")
    c.attrs["axes"] = current().attr(_array(ax))
    c.finish("binary_reduce", kw)


def _unary_reduce(prefix, unary_output, reduce_output, unary_input, unary_op,
                  reduce_op, bias=None, scale=None, reduce_axes=-1, **kw):
    """dst = op(in * scale + bias), then reduce_output = reduce(dst)."""
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.kind("unary_kind", f"{_unary_kind(unary_op)} : i32")
    c.kind("reduce_kind", f"{_reduce_kind(reduce_op)} : i32")
    c.region("dst", unary_output)
    c.region("reduce_dst", reduce_output)
    c.region("src", unary_input)
    dtype = _buffer_of(unary_output).dtype
    for v, what in ((bias, "bias"), (scale, "scale")):
        if _is_region(v):
            raise UserError(f"Tx.unary_reduce takes a scalar {what}")
    c.optional(bias, dtype=dtype)
    c.optional(scale, dtype=dtype)
    ax = _axes_list(reduce_axes, _rank(unary_output), "reduce_axes")
    c.attrs["axes"] = current().attr(_array(ax))
    c.finish("unary_reduce", kw)


def _binary_chain(prefix, output, data, operand0, operand1, op0, op1,
                  reverse1=False, **kw):
    """output = (operand0 op0 data) op1 operand1 (reverse1: operand1 op1 (...))."""
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.kind("op0", f"{_binary_kind(op0)} : i32")
    c.kind("op1", f"{_binary_kind(op1)} : i32")
    c.region("dst", output)
    c.region("data", data)
    c.region("operand0", operand0, scalar_ok=True)
    c.region("operand1", operand1, scalar_ok=True)
    _unit(c, "reverse1", reverse1)
    c.finish("binary_chain", kw)


def _reduce_negate(prefix, output, input, reduce_op, reduce_axes=-1,
                   accum=False, **kw):
    """output = -reduce(input) over reduce_axes."""
    _no_workspace(kw)
    c = _Call(_scope_of(prefix, kw))
    c.kind("kind", f"{_reduce_kind(reduce_op)} : i32")
    c.region("dst", output)
    c.region("src", input)
    ax = _axes_list(reduce_axes, _rank(input), "reduce_axes")
    c.attrs["axes"] = current().attr(_array(ax))
    _unit(c, "accumulate", accum)
    c.finish("reduce_negate", kw)


def _permute_layout(prefix, dst, src, workspace=None, **kw):
    if isinstance(workspace, dict):
        if len(workspace) != 1:
            raise UserError("permute_layout takes one shared-memory workspace")
        workspace = next(iter(workspace.values()))
    c = _Call(_scope_of(prefix, kw))
    c.region("dst", dst)
    c.region("src", src)
    c.optional(workspace)
    c.finish("permute_layout", kw)


class compose_op:  # noqa: N801 - the original's name
    """``with Tx.compose_op():``: the tile primitives of the body run as one
    primitive (``tirx.tile.compose``), with the barriers their steps need."""

    def __init__(self, workspace=None, dispatch=None, **config):
        if workspace:
            raise UserError("Tx.compose_op takes no workspace")
        self.dispatch = dispatch
        self.config = config
        self.op = None

    def __enter__(self):
        b = current()
        attrs = {"scope": b.attr("0 : i32")}
        if self.config:
            attrs["config"] = b.attr("{" + ", ".join(
                f"{k} = {_config_value(k, v)}" for k, v in self.config.items()) + "}")
        if self.dispatch is not None:
            attrs["dispatch"] = b.attr(_config_value("dispatch", self.dispatch))
        self.op = b.create("tirx.tile.compose", [], [], attrs, regions=1)
        block = self.op.regions[0].blocks.append()
        b.push_block(block, kind="compose")
        return None

    def __exit__(self, *exc):
        b = current()
        b.pop_block()
        if exc[0] is not None:
            return False
        scopes = set()
        for inner in self.op.regions[0].blocks[0].operations:
            if inner.name.startswith("tirx.tile.") and "scope" in inner.attributes:
                scopes.add(int(inner.attributes["scope"].value))
        if not scopes:
            raise UserError("Tx.compose_op() has no tile primitive in its body")
        if len(scopes) > 1:
            raise UserError("the primitives of a Tx.compose_op() run in one "
                            "execution scope; the body mixes several")
        self.op.attributes["scope"] = b.attr(f"{scopes.pop()} : i32")
        return False


_BUILDERS = {
    "copy": _copy, "copy_async": _copy_async, "gemm": _gemm,
    "gemm_async": _gemm_async, "fill": _fill, "memset": _fill, "zero": _zero,
    "fma": _fma, "cast": _cast, "select": _select,
    "binary_reduce": _binary_reduce, "unary_reduce": _unary_reduce,
    "binary_chain": _binary_chain, "reduce_negate": _reduce_negate,
    "permute_layout": _permute_layout,
}
for _n in _UNARY:
    _BUILDERS[_n] = _unary(_n)
for _n in ("add", "sub", "mul", "fdiv", "div", "maximum", "minimum"):
    _BUILDERS[_n] = _binary(_n)
for _n in _REDUCE:
    _BUILDERS[_n] = _reduce(_n)
del _n


def _make(prefix, name):
    """The builder of primitive `name` in scope `prefix`."""
    if name == "compose_op":
        return compose_op
    impl = _BUILDERS.get(name)
    if impl is None:
        raise UserError(f"Tx.{name} is not a tile primitive")

    def f(*args, **kw):
        return impl(prefix, *args, **kw)
    f.__name__ = name
    f.__qualname__ = f"Tx.{prefix}.{name}"
    f.__doc__ = impl.__doc__
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
    if name == "compose_op":
        return compose_op
    return getattr(_Scope("thread"), name)


_ = _builtins  # (builtins stays importable for the expression overloads)
