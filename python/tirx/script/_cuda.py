"""``T.cuda``: CUDA helpers that are compositions of TIRx ops.

Each helper is TIRx script itself (a ``@T.macro`` or plain Python over the
``T`` namespace), so what it emits is ordinary IR with a location chain
from the user's call to the helper's definition here. Helpers that need an
op the dialect does not have yet raise a located error naming it.
"""

from .._ods import OPS
from ._builder import UserError
from ._buffer import Buffer
from ._expr import BufferLoad, Expr, as_expr
from ._types import PointerType, PrimType
from . import tirx as T

__all__ = ["cuda"]

_FULL = 0xFFFFFFFF


def _value(x):
    """`x` loaded once (a buffer element is read here, not at each use)."""
    if isinstance(x, BufferLoad):
        return Expr(x.materialize(), x.ty)
    return as_expr(x)


def _xor_masks(width):
    if width not in (2, 4, 8, 16, 32):
        raise UserError(f"warp reductions take a width of 2, 4, 8, 16 or 32, got {width}")
    out, m = [], width >> 1
    while m:
        out.append(m)
        m >>= 1
    return out


def _combine(op, a, b):
    if op == "sum":
        return a + b
    if op == "max":
        return T.max(a, b)
    if op == "min":
        return T.min(a, b)
    raise UserError(f"reduction op must be 'sum', 'max' or 'min', got {op!r}")


def _identity(op, dtype):
    if op == "sum":
        return T.cast(0, dtype)
    return T.min_value(dtype) if op == "max" else T.max_value(dtype)


def _shfl_value(v):
    t = v.ty
    if not isinstance(t, PrimType) or t.lanes != 1 or t.bits != 32 or not (t.is_float or t.is_int):
        raise UserError(f"warp shuffles move 32-bit values (float32, int32, "
                        f"uint32), got {t}")
    return v


@T.macro
def warp_sync():
    """``__syncwarp()``: a full-warp barrier."""
    T.ptx.bar.warp.sync(_FULL)


@T.macro
def cta_sync():
    """``__syncthreads()``: barrier 0 of the CTA."""
    T.ptx.barrier.sync(0, aligned=True)


@T.macro
def cluster_sync():
    """All threads of the cluster arrive and wait (release / acquire)."""
    T.ptx.barrier.cluster.arrive(sem="release", aligned=True)
    T.ptx.barrier.cluster.wait(acquire=True, aligned=True)


@T.macro
def warpgroup_sync(bar_no):
    """Named barrier `bar_no` for the 128 threads of a warpgroup."""
    T.ptx.barrier.sync(bar_no, 128, aligned=True)


@T.macro
def elect_sync():
    """One elected lane of the warp gets true (``elect.sync``)."""
    return T.ptx.elect.sync()


@T.macro
def mbarrier_wait(bar, phase):
    """Spins on ``mbarrier.try_wait.parity.acquire.cta`` until the phase
    with parity `phase` of `bar` completes."""
    while not T.ptx.mbarrier.try_wait.parity(bar, phase, sem="acquire", scope="cta"):
        pass


@T.macro
def mbarrier_wait_acquire_cluster(bar, phase):
    """As mbarrier_wait with cluster-scope acquire (a barrier remote CTAs
    arrive on)."""
    while not T.ptx.mbarrier.try_wait.parity(bar, phase, sem="acquire", scope="cluster"):
        pass


@T.macro
def warp_reduce(value, op="sum", width=32):
    """Butterfly (shuffle-xor) reduction of `value` over groups of `width`
    lanes; every lane gets the result."""
    v = T.meta_var(_shfl_value(_value(value)))
    for mask in _xor_masks(width):
        v = T.meta_var(_combine(op, v, T.ptx.shfl.sync(_FULL, v, mask, 31, kind="bfly")))
    return v


@T.macro
def warp_sum(value, width=32):
    return warp_reduce(value, "sum", width)


@T.macro
def warp_max(value, width=32):
    return warp_reduce(value, "max", width)


@T.macro
def warp_min(value, width=32):
    return warp_reduce(value, "min", width)


@T.macro
def cta_reduce(value, op, num_warps, scratch):
    """CTA-wide reduction: a warp reduction, the per-warp partials through
    `scratch` (a shared pointer to `num_warps` elements), a reduction of the
    partials by warp 0, and the result broadcast to every thread."""
    v = T.meta_var(warp_reduce(value, op, 32))
    part = T.meta_var(_scratch_buffer(scratch, num_warps, v.dtype))
    lane = T.meta_var(T.lane_id())
    warp = T.meta_var(T.warp_id())
    if lane == 0:
        part[warp] = v
    cta_sync()
    if warp == 0:
        x = T.meta_var(T.if_then_else(lane < num_warps, part[T.min(lane, num_warps - 1)],
                                      _identity(op, v.dtype)))
        r = T.meta_var(warp_reduce(x, op, 32))
        if lane == 0:
            part[0] = r
    cta_sync()
    return part[0]


def _scratch_buffer(scratch, n, dtype):
    if not isinstance(n, int) or n < 1 or n > 32 or n & (n - 1):
        raise UserError(f"num_warps must be a power of two in [1, 32], got {n!r}")
    if isinstance(scratch, Buffer):
        scratch = scratch.data
    p = as_expr(scratch)
    if not isinstance(p.ty, PointerType):
        raise UserError(f"the scratch of a CTA reduction is a shared pointer, got {p.ty}")
    return T.decl_buffer([n], dtype, data=p)


@T.macro
def cta_sum(value, num_warps, scratch):
    return cta_reduce(value, "sum", num_warps, scratch)


@T.macro
def cta_max(value, num_warps, scratch):
    return cta_reduce(value, "max", num_warps, scratch)


@T.macro
def cta_min(value, num_warps, scratch):
    return cta_reduce(value, "min", num_warps, scratch)


def _clamp(width, up=False):
    c = (32 - width) << 8 if isinstance(width, int) else (32 - width) * 256
    return c if up else c | 31 if isinstance(c, int) else c + 31


@T.macro
def tvm_warp_shuffle(mask, value, lane, width, warp_size=32):
    """``__shfl_sync(mask, value, lane, width)``."""
    return T.ptx.shfl.sync(mask, _shfl_value(_value(value)), lane, _clamp(width), kind="idx")


@T.macro
def tvm_warp_shuffle_up(mask, value, offset, width, warp_size=32):
    return T.ptx.shfl.sync(mask, _shfl_value(_value(value)), offset, _clamp(width, True), kind="up")


@T.macro
def tvm_warp_shuffle_down(mask, value, offset, width, warp_size=32):
    return T.ptx.shfl.sync(mask, _shfl_value(_value(value)), offset, _clamp(width), kind="down")


@T.macro
def tvm_warp_shuffle_xor(mask, value, lane_mask, width, warp_size=32):
    return T.ptx.shfl.sync(mask, _shfl_value(_value(value)), lane_mask, _clamp(width), kind="bfly")


def shfl_sync(mask, value, lane, width=32):
    return tvm_warp_shuffle(mask, value, lane, width)


def shfl_up_sync(mask, value, offset, width=32):
    return tvm_warp_shuffle_up(mask, value, offset, width)


def shfl_down_sync(mask, value, offset, width=32):
    return tvm_warp_shuffle_down(mask, value, offset, width)


def shfl_xor_sync(mask, value, lane_mask, width=32):
    return tvm_warp_shuffle_xor(mask, value, lane_mask, width)


def activemask():
    return T.ptx.activemask()


@T.macro
def any_sync(mask, pred):
    return T.ptx.vote.sync(mask, T.cast(pred, "bool"), kind="any")


@T.macro
def all_sync(mask, pred):
    return T.ptx.vote.sync(mask, T.cast(pred, "bool"), kind="all")


@T.macro
def ballot_sync(mask, pred):
    return T.cast(T.ptx.vote.sync(mask, T.cast(pred, "bool"), kind="ballot"), "uint32")


@T.macro
def syncthreads_and(cond):
    return T.ptx.barrier.red(T.cast(cond, "bool"), 0, kind="and", aligned=True)


@T.macro
def syncthreads_or(cond):
    return T.ptx.barrier.red(T.cast(cond, "bool"), 0, kind="or", aligned=True)


def thread_rank():
    """The linear thread index in the CTA."""
    return T.thread_id()


@T.macro
def nano_sleep(ns):
    T.ptx.nanosleep(ns)


@T.macro
def clock64():
    return T.ptx.sreg.clock64()


@T.macro
def thread_fence():
    """``__threadfence()``: ``fence.sc.gpu``."""
    T.ptx.fence(sem="sc", scope="gpu")


_SREGS = {"clusterid": "cluster_id", "ctaid": "cta_id", "tid": "thread_id",
          "cluster_ctaid": "cta_id_in_cluster"}


def mov_sreg(bits, reg_name):
    """A PTX special register: ``mov_sreg(32, "clusterid.x")``."""
    name = reg_name.lstrip("%")
    fam, _, dim = name.partition(".")
    if fam in _SREGS and dim in ("x", "y", "z"):
        ids = getattr(T, _SREGS[fam])([None, None, None])
        v = ids["xyz".index(dim)]
    else:
        op = "tirx.ptx.sreg." + name.replace(".", "_")
        if op not in OPS:
            raise UserError(f"unknown special register '%{name}'")
        v = getattr(T.ptx.sreg, name.replace(".", "_"))()
    return T.cast(v, f"int{bits}") if v.ty.bits != bits else v


@T.macro
def get_tmem_addr(addr, row_offset, col_offset):
    """A tensor-memory address (row in bits 16..31, column in 0..15) moved
    by `row_offset` rows and `col_offset` columns."""
    a = T.meta_var(T.cast(addr, "uint32"))
    col = T.meta_var(((a & 0xFFFF) + col_offset) & 0xFFFF)
    row = T.meta_var((((a >> 16) & 0xFFFF) + row_offset) & 0xFFFF)
    return T.cast((row << 16) | col, "uint32")


@T.macro
def cvta_generic_to_shared(ptr):
    """The 32-bit shared-window address of a shared pointer."""
    p = T.meta_var(as_expr(ptr.data if isinstance(ptr, Buffer) else ptr))
    if isinstance(p.ty, PointerType):
        return T.cast(T.reinterpret("int32", p), "uint32")
    return T.cast(p, "uint32")


@T.macro
def smem_addr_from_uint64(cluster_addr):
    return T.cast(cluster_addr, "uint32")


@T.macro
def sm100_2sm_leader_smem_addr(ptr):
    """The shared address of `ptr` in the leader CTA of a CTA pair."""
    return cvta_generic_to_shared(ptr) & T.uint32(0xFEFFFFFF)


@T.macro
def uint_as_float(bits):
    return T.reinterpret("float32", T.cast(bits, "uint32"))


@T.macro
def float_as_uint(x):
    return T.reinterpret("uint32", T.cast(x, "float32"))


@T.macro
def fdividef(x, y):
    return x / y


@T.macro
def atomic_cas(ptr, old_val, new_val):
    """``atomicCAS(ptr, compare, value)``: PTX ``atom.cas``; returns the old
    value."""
    p = T.meta_var(as_expr(ptr.data if isinstance(ptr, Buffer) else ptr))
    v = T.meta_var(_cas_value(p, new_val))
    old = T.local_scalar(v.dtype)
    T.ptx[_cas_instr(p, v)](old, p, T.cast(old_val, v.dtype), v)
    return old


def _cas_value(p, value):
    if not isinstance(p.ty, PointerType):
        raise UserError(f"T.cuda.atomic_cas needs a pointer, got {p.ty}")
    e = as_expr(value)
    if not isinstance(e.ty, PrimType) or e.ty.bits not in (16, 32, 64) or e.ty.lanes != 1:
        raise UserError(f"atomic compare-and-swap takes 16-, 32- or 64-bit values, got {e.ty}")
    return e


def _cas_instr(p, v):
    space = {"global": ".global", "shared": ".shared", "shared.dyn": ".shared",
             "shared.cluster": ".shared::cluster", "generic": ""}.get(p.ty.storage_scope)
    if space is None:
        raise UserError(f"atomic compare-and-swap on a {p.ty.storage_scope} pointer")
    return f"atom{space}.cas.b{v.ty.bits}"


_ATOMIC_SPACE = {"global": "global", "shared": "shared.cta",
                 "shared.dyn": "shared.cta", "shared.cluster": "shared.cluster",
                 "generic": None}


def _atomic_target(what, ptr):
    """The pointer an atomic helper acts on: a pointer, a buffer element
    (``A[i]``) or a buffer (its first element)."""
    if isinstance(ptr, BufferLoad):
        p = ptr.ptr()
    elif isinstance(ptr, Buffer):
        p = ptr.data
    else:
        p = as_expr(ptr)
    if not isinstance(p.ty, PointerType) or not isinstance(p.ty.element_type, PrimType):
        raise UserError(f"T.cuda.{what} needs a typed pointer or a buffer element "
                        f"(A[i]), got {p.ty}")
    if p.ty.storage_scope not in _ATOMIC_SPACE:
        raise UserError(f"T.cuda.{what} on a {p.ty.storage_scope} pointer")
    return p


def _atomic(what, op, ptr, value):
    p = _atomic_target(what, ptr)
    t = p.ty.element_type
    v = T.cast(value, t) if not (isinstance(value, Expr) and value.ty is t) else value
    kw = {"op": op}
    space = _ATOMIC_SPACE[p.ty.storage_scope]
    if space is not None:
        kw["space"] = space
    from ._opbuild import build
    return build("tirx.ptx.atom", [], dict(kw, ptr=p, value=v))


def atomic_add(ptr, value):
    """``atomicAdd(ptr, value)``: PTX ``atom.add`` on `ptr` (a typed
    pointer or a buffer element ``A[i]``); returns the old value. The
    value is converted to the pointee type (int32, uint32, uint64, float32,
    float64, float16, bfloat16)."""
    return _atomic("atomic_add", "add", ptr, value)


def atomic_max(ptr, value):
    """``atomicMax(ptr, value)``: PTX ``atom.max``; returns the old value."""
    return _atomic("atomic_max", "max", ptr, value)


def atomic_min(ptr, value):
    """``atomicMin(ptr, value)``: PTX ``atom.min``; returns the old value."""
    return _atomic("atomic_min", "min", ptr, value)


def atomic_exch(ptr, value):
    """``atomicExch(ptr, value)``: PTX ``atom.exch``; returns the old value."""
    return _atomic("atomic_exch", "exch", ptr, value)


def printf(fmt, *args):
    """``printf`` from the device (``gpu.printf``; ints and floats)."""
    from ._builder import current
    if not isinstance(fmt, str):
        raise UserError("T.cuda.printf takes a format string first")
    vals = []
    for a in args:
        e = as_expr(a)
        if not isinstance(e.ty, PrimType) or e.ty.lanes != 1:
            raise UserError(f"T.cuda.printf prints numbers, got {e.ty}")
        if e.ty.is_float and e.ty.bits < 32:
            e = T.cast(e, "float32")  # C's varargs promote to double anyway
        vals.append(e.materialize())
    b = current()
    b.create("gpu.printf", vals, [], {"format": b.str_attr(fmt)})


def _store_u64(desc, value):
    d = desc
    if isinstance(d, BufferLoad):
        d.store(value)
        return
    if isinstance(d, Buffer):
        d[0] = value
        return
    p = as_expr(d)
    if not isinstance(p.ty, PointerType):
        raise UserError(f"the descriptor destination must be a pointer, got {p.ty}")
    T.decl_buffer([1], "uint64", data=p)[0] = value


def _smem_descriptor(addr, ldo, sdo, layout_bits, layout_shift, version):
    a = T.cast(cvta_generic_to_shared(addr), "uint64")
    d = (a >> 4) & 0x3FFF
    d = d | (T.cast(ldo, "uint64") & 0x3FFF) << 16
    d = d | (T.cast(sdo, "uint64") & 0x3FFF) << 32
    if version:
        d = d | T.uint64(version << 46)
    return d | T.uint64(layout_bits << layout_shift)


_TCGEN05_SWIZZLE = {0: 0, 1: 6, 2: 4, 3: 2, 4: 1}
_WGMMA_SWIZZLE = {0: 0, 1: 3, 2: 2, 3: 1}


class _Tcgen05:
    @staticmethod
    def encode_matrix_descriptor(desc, addr, ldo, sdo, swizzle):
        """The SM100 shared-memory matrix descriptor of `addr`, stored to
        `desc` (version 1, base offset 0)."""
        if swizzle not in _TCGEN05_SWIZZLE:
            raise UserError(f"swizzle must be 0..4, got {swizzle!r}")
        _store_u64(desc, _smem_descriptor(addr, ldo, sdo, _TCGEN05_SWIZZLE[swizzle], 61, 1))


class _Wgmma:
    @staticmethod
    def encode_matrix_descriptor(desc, addr, ldo, sdo, swizzle):
        """The SM90 (wgmma) shared-memory matrix descriptor of `addr`."""
        if swizzle not in _WGMMA_SWIZZLE:
            raise UserError(f"swizzle must be 0..3, got {swizzle!r}")
        _store_u64(desc, _smem_descriptor(addr, ldo, sdo, _WGMMA_SWIZZLE[swizzle], 62, 0))


class _CudaNamespace:
    """``T.cuda``."""

    tcgen05 = _Tcgen05()
    wgmma = _Wgmma()

    def __getattr__(self, name):
        raise AttributeError(f"T.cuda has no helper '{name}'")


cuda = _CudaNamespace()
for _name in ("warp_sync", "cta_sync", "cluster_sync", "warpgroup_sync",
              "elect_sync", "mbarrier_wait", "mbarrier_wait_acquire_cluster",
              "warp_reduce", "warp_sum", "warp_max", "warp_min", "cta_reduce",
              "cta_sum", "cta_max", "cta_min", "activemask", "any_sync",
              "all_sync", "ballot_sync", "syncthreads_and", "syncthreads_or",
              "thread_rank", "nano_sleep", "clock64", "thread_fence",
              "mov_sreg", "get_tmem_addr", "cvta_generic_to_shared",
              "smem_addr_from_uint64", "sm100_2sm_leader_smem_addr",
              "uint_as_float", "float_as_uint", "fdividef", "atomic_cas",
              "atomic_add", "atomic_max", "atomic_min", "atomic_exch", "printf",
              "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync"):
    setattr(_CudaNamespace, _name, staticmethod(globals()[_name]))
_CudaNamespace.__shfl_sync = staticmethod(shfl_sync)
_CudaNamespace.__shfl_xor_sync = staticmethod(shfl_xor_sync)
_CudaNamespace.__shfl_up_sync = staticmethod(shfl_up_sync)
_CudaNamespace.__shfl_down_sync = staticmethod(shfl_down_sync)
_CudaNamespace.__activemask = staticmethod(activemask)
del _name
