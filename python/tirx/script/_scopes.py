"""The device part of a function and its execution scopes: ``T.device_entry``,
the scope ids, and the legacy thread axes (``T.launch_thread``,
``T.env_thread``, ``T.thread_binding``) mapped onto them."""

from .. import ir as _ir
from ._builder import UserError, current
from ._expr import Expr
from . import _expr
from ._types import PrimType, as_prim_type

class KernelState:
    """Per-kernel parse state: the kernel op and the scope ids of the legacy
    ``T.launch_thread`` spelling (one op per family, extents filled in as
    each dimension is launched)."""

    def __init__(self, op, frame):
        self.op = op
        self.frame = frame
        self.legacy = {}


def device_entry(grid=None, cluster=None, block=None):
    """Everything after this statement is device code (``tirx.kernel``).

    ``grid=[...]``, ``cluster=[...]``, ``block=[...]`` (one to three
    extents) record the launch shape on the kernel (the scope ids must agree,
    which the verifier checks); a grid of ``index`` values computed on the
    host (``grid=[T.ceildiv(A.shape[0], 128)]``, say) is the kernel's
    host-computed grid."""
    b = current()
    if b.kernel is not None:
        raise UserError("T.device_entry() may appear only once in a function")
    dyn, attrs = [], {}
    for key, v in (("grid", grid), ("cluster", cluster), ("block", block)):
        if v is None:
            continue
        vals = list(v) if isinstance(v, (list, tuple)) else [v]
        if not 1 <= len(vals) <= 3:
            raise UserError(f"T.device_entry({key}=...) takes one to three "
                            f"extents, got {len(vals)}")
        if key == "grid" and any(isinstance(x, Expr) for x in vals):
            dyn = [_expr.to_index(x) for x in vals]
            continue
        for x in vals:
            if isinstance(x, bool) or not isinstance(x, int):
                raise UserError(f"T.device_entry({key}=...) takes Python integers, "
                                f"got {_expr._describe(x)}")
        attrs[key] = _ir.DenseI64ArrayAttr.get(vals, b.ctx)
    _open_kernel(b, dyn, attrs)


def _open_kernel(b, dynamic_grid=(), attrs=None):
    fs = b.func
    if fs is None or b.frame is not fs.body_frame:
        raise UserError("the device part (T.device_entry(), T.launch_thread) "
                        "must start at the top level of the function body")
    op = b.create("tirx.kernel", list(dynamic_grid), [], attrs or None, regions=1)
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


def _scope_id(opname, extents, dtype, fixed=None, multi=True, ir_type=None):
    """`ir_type="ui32"` gives the op unsigned (not signless) results, as
    IR written by hand may have them; the script's own are i32."""
    b = _require_kernel(f"T.{opname}")
    t = as_prim_type(dtype)
    if t.dtype not in ("int32", "uint32"):
        raise UserError(f"scope ids are int32 or uint32, got {t}")
    if ir_type not in (None, "i32", "ui32"):
        raise UserError(f"ir_type is 'i32' or 'ui32', got {ir_type!r}")
    if ir_type == "ui32":
        t = as_prim_type("uint32")
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
    op = b.create(f"tirx.{opname}", [], [ir_type or "i32"] * len(dims), attrs)
    vals = [Expr(r, t, is_var=True) for r in op.results]
    return vals[0] if len(vals) == 1 else vals


def cluster_id(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("cluster_id", extents, dtype, ir_type=ir_type)


def cta_id(extents=None, dtype="int32", preferred=None, *, ir_type=None):
    if preferred is not None:
        raise UserError("preferred cluster dims are not supported yet")
    return _scope_id("cta_id", extents, dtype, ir_type=ir_type)


def cta_id_in_cluster(extents=None, dtype="int32", preferred=None, *, ir_type=None):
    if preferred is not None:
        raise UserError("preferred cluster dims are not supported yet")
    return _scope_id("cta_id_in_cluster", extents, dtype, ir_type=ir_type)


def warpgroup_id(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("warpgroup_id", extents, dtype, multi=False, ir_type=ir_type)


def warp_id(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("warp_id", extents, dtype, multi=False, ir_type=ir_type)


def warp_id_in_wg(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("warp_id_in_wg", extents, dtype, multi=False, ir_type=ir_type)


def lane_id(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("lane_id", extents, dtype, multi=False, ir_type=ir_type)


def thread_id(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("thread_id", extents, dtype, ir_type=ir_type)


def thread_id_in_wg(extents=None, dtype="int32", *, ir_type=None):
    return _scope_id("thread_id_in_wg", extents, dtype, multi=False, ir_type=ir_type)


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
