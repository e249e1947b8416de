"""``T.cuda``: CUDA helpers that are compositions of TIRx ops.

Each helper is TIRx script itself (a ``@T.macro`` or plain Python over the
objects of the ``T`` namespace), so what it emits is ordinary IR with a
location chain from the user's call to the helper's definition here.
Helpers that need an op the dialect does not have yet raise a located
error naming it.

The module sits below the ``T`` namespace (which re-exports ``T.cuda``
from here): it takes those objects from the modules that define them --
``macro`` is ``T.macro``, ``ptx`` is ``T.ptx``, ``cast`` / ``reinterpret``
are ``T.cast`` / ``T.reinterpret``, ``uint32`` is ``T.uint32``, and so on.
"""

from .._ods import OPS
from ._alloc import decl_buffer, local_scalar
from ._annotations import _dtype_ctor, cast, reinterpret
from ._builder import UserError
from ._buffer import Buffer
from ._expr import BufferLoad, Expr, as_expr, if_then_else
from ._macro import macro
from ._mathops import max as _max
from ._mathops import max_value, min_value
from ._mathops import min as _min
from ._ptx import ptx
from . import _scopes
from ._scopes import lane_id, thread_id, warp_id
from ._types import PointerType, PrimType, as_prim_type
from ._values import meta_var

uint32 = _dtype_ctor("uint32")
uint64 = _dtype_ctor("uint64")

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
        return _max(a, b)
    if op == "min":
        return _min(a, b)
    raise UserError(f"reduction op must be 'sum', 'max' or 'min', got {op!r}")


def _identity(op, dtype):
    if op == "sum":
        return cast(0, dtype)
    return min_value(dtype) if op == "max" else max_value(dtype)


def _shfl_value(v):
    t = v.ty
    if not isinstance(t, PrimType) or t.lanes != 1 or t.bits != 32 or not (t.is_float or t.is_int):
        raise UserError(f"warp shuffles move 32-bit values (float32, int32, "
                        f"uint32), got {t}")
    return v


@macro
def warp_sync():
    """``__syncwarp()``: a full-warp barrier."""
    ptx.bar.warp.sync(_FULL)


@macro
def cta_sync():
    """``__syncthreads()``: barrier 0 of the CTA."""
    ptx.barrier.sync(0, aligned=True)


@macro
def cluster_sync():
    """All threads of the cluster arrive and wait (release / acquire)."""
    ptx.barrier.cluster.arrive(sem="release", aligned=True)
    ptx.barrier.cluster.wait(acquire=True, aligned=True)


@macro
def warpgroup_sync(bar_no):
    """Named barrier `bar_no` for the 128 threads of a warpgroup."""
    ptx.barrier.sync(bar_no, 128, aligned=True)


@macro
def elect_sync():
    """One elected lane of the warp gets true (``elect.sync``)."""
    return ptx.elect.sync()


@macro
def mbarrier_wait(bar, phase):
    """Spins on ``mbarrier.try_wait.parity.acquire.cta`` until the phase
    with parity `phase` of `bar` completes."""
    while not ptx.mbarrier.try_wait.parity(bar, phase, sem="acquire", scope="cta"):
        pass


@macro
def mbarrier_wait_acquire_cluster(bar, phase):
    """As mbarrier_wait with cluster-scope acquire (a barrier remote CTAs
    arrive on)."""
    while not ptx.mbarrier.try_wait.parity(bar, phase, sem="acquire", scope="cluster"):
        pass


@macro
def warp_reduce(value, op="sum", width=32):
    """Butterfly (shuffle-xor) reduction of `value` over groups of `width`
    lanes; every lane gets the result."""
    v = meta_var(_shfl_value(_value(value)))
    for mask in _xor_masks(width):
        v = meta_var(_combine(op, v, ptx.shfl.sync(_FULL, v, mask, 31, kind="bfly")))
    return v


@macro
def warp_sum(value, width=32):
    return warp_reduce(value, "sum", width)


@macro
def warp_max(value, width=32):
    return warp_reduce(value, "max", width)


@macro
def warp_min(value, width=32):
    return warp_reduce(value, "min", width)


@macro
def cta_reduce(value, op, num_warps, scratch):
    """CTA-wide reduction: a warp reduction, the per-warp partials through
    `scratch` (a shared pointer to `num_warps` elements), a reduction of the
    partials by warp 0, and the result broadcast to every thread."""
    v = meta_var(warp_reduce(value, op, 32))
    part = meta_var(_scratch_buffer(scratch, num_warps, v.dtype))
    lane = meta_var(lane_id())
    warp = meta_var(warp_id())
    if lane == 0:
        part[warp] = v
    cta_sync()
    if warp == 0:
        x = meta_var(if_then_else(lane < num_warps, part[_min(lane, num_warps - 1)],
                                      _identity(op, v.dtype)))
        r = meta_var(warp_reduce(x, op, 32))
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
    return decl_buffer([n], dtype, data=p)


@macro
def cta_sum(value, num_warps, scratch):
    return cta_reduce(value, "sum", num_warps, scratch)


@macro
def cta_max(value, num_warps, scratch):
    return cta_reduce(value, "max", num_warps, scratch)


@macro
def cta_min(value, num_warps, scratch):
    return cta_reduce(value, "min", num_warps, scratch)


def _clamp(width, up=False):
    c = (32 - width) << 8 if isinstance(width, int) else (32 - width) * 256
    return c if up else c | 31 if isinstance(c, int) else c + 31


@macro
def tvm_warp_shuffle(mask, value, lane, width, warp_size=32):
    """``__shfl_sync(mask, value, lane, width)``."""
    return ptx.shfl.sync(mask, _shfl_value(_value(value)), lane, _clamp(width), kind="idx")


@macro
def tvm_warp_shuffle_up(mask, value, offset, width, warp_size=32):
    return ptx.shfl.sync(mask, _shfl_value(_value(value)), offset, _clamp(width, True), kind="up")


@macro
def tvm_warp_shuffle_down(mask, value, offset, width, warp_size=32):
    return ptx.shfl.sync(mask, _shfl_value(_value(value)), offset, _clamp(width), kind="down")


@macro
def tvm_warp_shuffle_xor(mask, value, lane_mask, width, warp_size=32):
    return ptx.shfl.sync(mask, _shfl_value(_value(value)), lane_mask, _clamp(width), kind="bfly")


def shfl_sync(mask, value, lane, width=32):
    return tvm_warp_shuffle(mask, value, lane, width)


def shfl_up_sync(mask, value, offset, width=32):
    return tvm_warp_shuffle_up(mask, value, offset, width)


def shfl_down_sync(mask, value, offset, width=32):
    return tvm_warp_shuffle_down(mask, value, offset, width)


def shfl_xor_sync(mask, value, lane_mask, width=32):
    return tvm_warp_shuffle_xor(mask, value, lane_mask, width)


def activemask():
    return ptx.activemask()


@macro
def any_sync(mask, pred):
    return ptx.vote.sync(mask, cast(pred, "bool"), kind="any")


@macro
def all_sync(mask, pred):
    return ptx.vote.sync(mask, cast(pred, "bool"), kind="all")


@macro
def ballot_sync(mask, pred):
    return cast(ptx.vote.sync(mask, cast(pred, "bool"), kind="ballot"), "uint32")


@macro
def syncthreads_and(cond):
    return ptx.barrier.red(cast(cond, "bool"), 0, kind="and", aligned=True)


@macro
def syncthreads_or(cond):
    return ptx.barrier.red(cast(cond, "bool"), 0, kind="or", aligned=True)


def thread_rank():
    """The linear thread index in the CTA."""
    return thread_id()


@macro
def nano_sleep(ns):
    ptx.nanosleep(ns)


@macro
def clock64():
    return ptx.sreg.clock64()


@macro
def thread_fence():
    """``__threadfence()``: ``fence.sc.gpu``."""
    ptx.fence(sem="sc", scope="gpu")


_SREGS = {"clusterid": "cluster_id", "ctaid": "cta_id", "tid": "thread_id",
          "cluster_ctaid": "cta_id_in_cluster"}


def mov_sreg(bits, reg_name):
    """A PTX special register: ``mov_sreg(32, "clusterid.x")``."""
    name = reg_name.lstrip("%")
    fam, _, dim = name.partition(".")
    if fam in _SREGS and dim in ("x", "y", "z"):
        ids = getattr(_scopes, _SREGS[fam])([None, None, None])
        v = ids["xyz".index(dim)]
    else:
        op = "tirx.ptx.sreg." + name.replace(".", "_")
        if op not in OPS:
            raise UserError(f"unknown special register '%{name}'")
        v = getattr(ptx.sreg, name.replace(".", "_"))()
    return cast(v, f"int{bits}") if v.ty.bits != bits else v


@macro
def get_tmem_addr(addr, row_offset, col_offset):
    """A tensor-memory address (row in bits 16..31, column in 0..15) moved
    by `row_offset` rows and `col_offset` columns."""
    a = meta_var(cast(addr, "uint32"))
    col = meta_var(((a & 0xFFFF) + col_offset) & 0xFFFF)
    row = meta_var((((a >> 16) & 0xFFFF) + row_offset) & 0xFFFF)
    return cast((row << 16) | col, "uint32")


@macro
def cvta_generic_to_shared(ptr):
    """The 32-bit shared-window address of a shared pointer."""
    p = meta_var(as_expr(ptr.data if isinstance(ptr, Buffer) else ptr))
    if isinstance(p.ty, PointerType):
        return cast(reinterpret("int32", p), "uint32")
    return cast(p, "uint32")


@macro
def smem_addr_from_uint64(cluster_addr):
    return cast(cluster_addr, "uint32")


@macro
def sm100_2sm_leader_smem_addr(ptr):
    """The shared address of `ptr` in the leader CTA of a CTA pair."""
    return cvta_generic_to_shared(ptr) & uint32(0xFEFFFFFF)


@macro
def uint_as_float(bits):
    return reinterpret("float32", cast(bits, "uint32"))


@macro
def float_as_uint(x):
    return reinterpret("uint32", cast(x, "float32"))


@macro
def half2float(x):
    """``__half2float``: a float16 value widened to float32 (exact)."""
    return cast(cast(x, "float16"), "float32")


@macro
def bfloat162float(x):
    """``__bfloat162float``: a bfloat16 value widened to float32 (exact)."""
    return cast(cast(x, "bfloat16"), "float32")


@macro
def make_float2(x, y):
    """Two float32 packed in a uint64 (a ``float2`` in registers): ``x`` in
    the low 32 bits, ``y`` in the high 32 bits."""
    lo = cast(reinterpret("uint32", cast(x, "float32")), "uint64")
    hi = cast(reinterpret("uint32", cast(y, "float32")), "uint64")
    return (hi << uint64(32)) | lo


@macro
def float2_x(packed):
    """The low float32 of a packed ``float2`` (see make_float2)."""
    return reinterpret("float32", cast(cast(packed, "uint64"), "uint32"))


@macro
def float2_y(packed):
    """The high float32 of a packed ``float2`` (see make_float2)."""
    return reinterpret("float32", cast(cast(packed, "uint64") >> uint64(32), "uint32"))


@macro
def float22bfloat162_rn(v0, v1):
    """``__floats2bfloat162_rn``: two float32 rounded to nearest-even
    bfloat16, packed in a uint32 (``v0`` in the low 16 bits)."""
    lo = cast(reinterpret("uint16", cast(cast(v0, "float32"), "bfloat16")), "uint32")
    hi = cast(reinterpret("uint16", cast(cast(v1, "float32"), "bfloat16")), "uint32")
    return (hi << uint32(16)) | lo


@macro
def float22bfloat162_rn_from_float2(packed):
    """``__float22bfloat162_rn`` of a packed ``float2`` (see make_float2):
    x to the low bfloat16, y to the high one."""
    return float22bfloat162_rn(float2_x(packed), float2_y(packed))


@macro
def bfloat1622float2(packed):
    """``__bfloat1622float2``: a packed bfloat16 pair (a uint32, x in the low
    16 bits) widened to a packed ``float2`` (exact)."""
    bits = cast(packed, "uint32")
    x = cast(reinterpret("bfloat16", cast(bits & uint32(0xFFFF), "uint16")), "float32")
    y = cast(reinterpret("bfloat16", cast(bits >> uint32(16), "uint16")), "float32")
    return make_float2(x, y)


@macro
def reduce_add_sync_u32(mask, value):
    """``__reduce_add_sync`` on uint32: the sum (mod 2^32) over the lanes of
    ``mask`` (PTX ``redux.sync.add``)."""
    return cast(ptx.redux.sync(reinterpret("int32", cast(value, "uint32")),
                                   cast(mask, "uint32"), kind="add"), "uint32")


@macro
def reduce_min_sync_u32(mask, value):
    """``__reduce_min_sync`` on uint32: the unsigned minimum over the lanes
    of ``mask`` (PTX ``redux.sync.min.u32``)."""
    return cast(ptx.redux.sync(reinterpret("int32", cast(value, "uint32")),
                                   cast(mask, "uint32"), kind="umin"), "uint32")


@macro
def ffs_u32(value):
    """``__ffs`` on uint32: the 1-based position of the least significant
    set bit, 0 for 0. As CUDA compiles it: ``bfind.shiftamt`` of the
    bit-reversed value is the trailing-zero count (0xFFFFFFFF for 0), and
    adding 1 wraps that to 0."""
    r = ptx.brev(reinterpret("int32", cast(value, "uint32")))
    return ptx.bfind(r, sign="u", shiftamt=True) + 1


@macro
def fmul2_rn(a, b):
    """``__fmul2_rn`` of two packed ``float2`` (see make_float2): each lane
    multiplied, rounded to nearest-even (two ``mul.rn.f32``)."""
    x = ptx.mul(float2_x(a), float2_x(b), rnd="rn", type="f32")
    y = ptx.mul(float2_y(a), float2_y(b), rnd="rn", type="f32")
    return make_float2(x, y)


@macro
def fadd2_rn(a, b):
    """``__fadd2_rn`` of two packed ``float2``: each lane added, rounded to
    nearest-even (two ``add.rn.f32``)."""
    x = ptx.add(float2_x(a), float2_x(b), rnd="rn", type="f32")
    y = ptx.add(float2_y(a), float2_y(b), rnd="rn", type="f32")
    return make_float2(x, y)


@macro
def hmin2(a, b):
    """``__hmin2`` of two packed bfloat16 pairs (uint32): the lane-wise
    minimum, a NaN lane giving the other (PTX ``min.bf16x2``)."""
    r = ptx.min(reinterpret("int32", cast(a, "uint32")),
                  reinterpret("int32", cast(b, "uint32")), type="bf16x2")
    return reinterpret("uint32", r)


@macro
def hmax2(a, b):
    """``__hmax2`` of two packed bfloat16 pairs: the lane-wise maximum
    (PTX ``max.bf16x2``)."""
    r = ptx.max(reinterpret("int32", cast(a, "uint32")),
                  reinterpret("int32", cast(b, "uint32")), type="bf16x2")
    return reinterpret("uint32", r)


@macro
def fp8x4_e4m3_from_float4(x, y, z, w):
    """Four float32 rounded to nearest-even e4m3 with saturation to the
    largest finite value, packed in a uint32 (``x`` in byte 0 ... ``w`` in
    byte 3), as ``__nv_fp8x4_e4m3(float4)``: two
    ``cvt.rn.satfinite.e4m3x2.f32``, each of which writes its first source
    to the high byte."""
    lo = ptx.cvt(cast(y, "float32"), cast(x, "float32"), rnd="rn",
                   satfinite=True, dtype="e4m3x2", atype="f32")
    hi = ptx.cvt(cast(w, "float32"), cast(z, "float32"), rnd="rn",
                   satfinite=True, dtype="e4m3x2", atype="f32")
    lo32 = cast(reinterpret("uint16", lo), "uint32")
    hi32 = cast(reinterpret("uint16", hi), "uint32")
    return (hi32 << uint32(16)) | lo32


def _ptr_of(what, x):
    """The address behind `x`: a pointer, a buffer element (``A[i]``) or a
    buffer (its first element)."""
    if isinstance(x, BufferLoad):
        p = x.ptr()
    elif isinstance(x, Buffer):
        p = x.ptr_to()
    else:
        p = as_expr(x)
    if not isinstance(p.ty, PointerType):
        raise UserError(f"T.cuda.{what} needs a pointer, a buffer or a buffer "
                        f"element (A[i]), got {p.ty}")
    return p


def _convert_lanes(what, src, dst, n, stype, dtype):
    """The `n` values of `stype` at `src` converted (rounded to nearest
    even where precision is lost) to the `n` values of `dtype` at `dst`."""
    s = decl_buffer([n], stype, data=_ptr_of(what, src))
    d = decl_buffer([n], dtype, data=_ptr_of(what, dst))
    vals = [s[i] for i in range(n)]
    for i in range(n):
        d[i] = cast(vals[i], dtype)


def float22half2(dst, src):
    """``*(half2*)dst = __float22half2_rn(*(float2*)src)``: the two float32
    at `src` rounded to nearest-even float16 and stored as the two float16
    at `dst` (x at the lower address)."""
    _convert_lanes("float22half2", src, dst, 2, "float32", "float16")


def half8tofloat8(src_addr, dst_addr):
    """Four half2 (eight float16) at `src_addr` widened to four float2
    (eight float32) at `dst_addr` (exact), lane order kept."""
    _convert_lanes("half8tofloat8", src_addr, dst_addr, 8, "float16", "float32")


def float8tohalf8(src_addr, dst_addr):
    """Four float2 (eight float32) at `src_addr` rounded to nearest-even
    float16, stored as four half2 at `dst_addr`, lane order kept."""
    _convert_lanes("float8tohalf8", src_addr, dst_addr, 8, "float32", "float16")


def _mma_fragment_view(what, ptr, offset, n, dtype):
    """`n` elements of `dtype` at element `offset` from the address behind
    `ptr`; the pointer's element type must be `dtype` (no reinterpretation)."""
    p = _ptr_of(what, ptr)
    if str(p.ty.element_type) != dtype:
        raise UserError(f"T.cuda.{what} of {dtype} through a pointer to "
                        f"{p.ty.element_type}")
    return decl_buffer([n], dtype, data=p, elem_offset=offset)


def _mma_dtype(what, dtype):
    if dtype is None:
        raise UserError(f"T.cuda.{what} needs dtype= (the fragment's element type)")
    return str(as_prim_type(dtype))


def mma_fill(local_size, local_ptr, offset, *, dtype=None):
    """Zeroes an MMA accumulator fragment: the `local_size` elements of
    `dtype` at element `offset` from `local_ptr` (a pointer, a buffer or a
    buffer element) become 0, in the calling thread."""
    dtype = _mma_dtype("mma_fill", dtype)
    if isinstance(local_size, bool) or not isinstance(local_size, int) or local_size < 1:
        raise UserError(f"T.cuda.mma_fill's local_size is a positive Python "
                        f"integer, got {local_size!r}")
    d = _mma_fragment_view("mma_fill", local_ptr, offset, local_size, dtype)
    for i in range(local_size):
        d[i] = cast(0, dtype)


def mma_store(m, n, dst_ptr, src_ptr, src_offset, dst_stride, *, dtype=None):
    """Stores a warp's 16x16 MMA accumulator tile: each lane holds 8
    elements of `dtype` at element `src_offset` from `src_ptr` (the mma.sync
    m16n8 fragment layout of two n8 halves), and element `k` of lane `l`
    goes to row ``l // 4 + 8 * (k % 4 // 2)``, column
    ``8 * (k // 4) + 2 * (l % 4) + k % 2`` of the tile at `dst_ptr`, whose
    rows are `dst_stride` elements apart. Every lane of the warp calls it."""
    dtype = _mma_dtype("mma_store", dtype)
    if (m, n) != (16, 16):
        raise UserError(f"T.cuda.mma_store stores a 16x16 tile; m={m!r}, "
                        f"n={n!r} is not supported")
    if isinstance(dst_stride, int) and not isinstance(dst_stride, bool) and dst_stride < 16:
        raise UserError(f"T.cuda.mma_store's dst_stride is at least 16 (a row "
                        f"of the tile), got {dst_stride}")
    src = _mma_fragment_view("mma_store", src_ptr, src_offset, 8, dtype)
    dst = _mma_fragment_view("mma_store", dst_ptr, 0, 15 * dst_stride + 16, dtype)
    _mma_store_lanes(dst, src, dst_stride)


def _mma_store_lanes(dst, src, stride):
    lane = lane_id()
    row, col = lane >> 2, (lane & 3) << 1   # the lane's row and column pair
    for k in range(8):
        dst[(row + 8 * (k % 4 // 2)) * stride + col + (8 * (k // 4) + k % 2)] = src[k]


def mma_store_legacy(m, n, dst_ptr, src_ptr, src_offset, dst_stride, *, dtype=None):
    """``mma_store`` in the (pointer, offset) spelling of the original's
    tensorize intrinsics; the same store."""
    mma_store(m, n, dst_ptr, src_ptr, src_offset, dst_stride, dtype=dtype)


def mma_fill_legacy(local_size, local_ptr, offset, *, dtype=None):
    """``mma_fill`` in the (pointer, offset) spelling of the original's
    tensorize intrinsics; the same fill."""
    mma_fill(local_size, local_ptr, offset, dtype=dtype)


def trap_when_assert_failed(cond):
    """Aborts the kernel (PTX ``trap``) in a thread where `cond` is false.
    A condition known while compiling is checked then: false is a located
    error, true emits nothing."""
    if isinstance(cond, (bool, int)) and not isinstance(cond, Expr):
        if not cond:
            raise UserError("T.cuda.trap_when_assert_failed: the condition is "
                            "false while compiling")
        return
    _trap_unless(cond)


@macro
def _trap_unless(cond):
    if not cond:
        ptx.trap()


def runtime_instr_desc(desc, sf_id):
    """Sets the scale-factor ids of the block-scaled tcgen05 instruction
    descriptor at `desc` (a uint32) in place: `sf_id` into b_sf_id (bits
    4-5) and a_sf_id (bits 29-30), every other field kept. A Python `sf_id`
    must be 0 ... 3; a runtime one is taken modulo 4 (its two bits)."""
    if isinstance(sf_id, bool) or (isinstance(sf_id, int) and not 0 <= sf_id <= 3):
        raise UserError(f"T.cuda.runtime_instr_desc: sf_id is a 2-bit field "
                        f"(0 ... 3), got {sf_id!r}")
    d = decl_buffer([1], "uint32", data=_ptr_of("runtime_instr_desc", desc))
    sf = uint32(sf_id) if isinstance(sf_id, int) else cast(sf_id, "uint32") & uint32(3)
    old = d[0]
    d[0] = ((old & uint32(0x9FFFFFCF)) | (sf << uint32(29))
            | (sf << uint32(4)))


_WAIT_SCOPES = ("cta", "cluster", "gpu", "sys")
_WAIT_WORDS = {"int32": "s32", "uint32": "u32", "int64": "s64", "uint64": "u64"}
_WAIT_PTX_BITS = {"b32": 32, "s32": 32, "u32": 32, "b64": 64, "s64": 64,
                  "u64": 64, "b128": 128}


def wait_until(dst, ptr, predicate, scope="gpu", space="global", ptx_type=None,
               backoff_ns=None):
    """Reads the global word at `ptr` into `dst` (a ``T.local_scalar``)
    with ``ld.relaxed.<scope>`` until ``predicate(dst)`` holds, then closes
    with one ``ld.acquire.<scope>`` of the word (into a discarded register),
    so what the threads that made the predicate hold published before it is
    visible afterwards. `dst` keeps the exit value. `predicate` is a
    callable, evaluated on every poll; `backoff_ns` puts a ``nanosleep``
    before each retry. Only global words: a protocol within a CTA or a
    cluster belongs on an mbarrier."""
    what = "T.cuda.wait_until"
    if scope not in _WAIT_SCOPES:
        raise UserError(f"{what}: scope must be one of {_WAIT_SCOPES}, got {scope!r}")
    if space != "global":
        raise UserError(f"{what}: space must be 'global', got {space!r}"
                        + ("; a protocol that waits within a CTA or cluster "
                           "belongs on an mbarrier" if space == "shared" else ""))
    if not callable(predicate):
        raise UserError(f"{what}: the predicate must be a callable of the "
                        "polled value (lambda v: v == 1); an expression would "
                        "be computed once, before the loop")
    p = _ptr_of("wait_until", ptr)
    if p.ty.storage_scope != "global":
        raise UserError(f"{what} polls global memory, not a "
                        f"{p.ty.storage_scope} pointer")
    word = str(p.ty.element_type)
    if word not in _WAIT_WORDS:
        raise UserError(f"{what} polls a 32- or 64-bit integer word "
                        f"({', '.join(_WAIT_WORDS)}), not {word}")
    bits = 64 if word.endswith("64") else 32
    t = _WAIT_WORDS[word]
    if ptx_type is not None:
        if ptx_type not in _WAIT_PTX_BITS:
            raise UserError(f"{what}: ptx_type must be one of "
                            f"{tuple(sorted(_WAIT_PTX_BITS))}, got {ptx_type!r}")
        if _WAIT_PTX_BITS[ptx_type] > 64:
            raise UserError(f"{what} does not take a 128-bit word: its value is "
                            "not a scalar a predicate can test")
        if _WAIT_PTX_BITS[ptx_type] != bits:
            raise UserError(f"{what}: ptx_type {ptx_type} is not the width of "
                            f"the {word} word")
        t = ptx_type
    relaxed = f"ld.relaxed.{scope}.global.{t}"
    acquire = f"ld.acquire.{scope}.global.{t}"
    if backoff_ns is None:
        _wait_poll(dst, p, predicate, relaxed, acquire, word)
    else:
        _wait_poll_backoff(dst, p, predicate, relaxed, acquire, word, backoff_ns)


@macro
def _wait_poll(dst, p, predicate, relaxed, acquire, word):
    ptx[relaxed](dst, p)
    while not predicate(dst):
        ptx[relaxed](dst, p)
    closing = local_scalar(word)
    ptx[acquire](closing, p)


@macro
def _wait_poll_backoff(dst, p, predicate, relaxed, acquire, word, backoff_ns):
    ptx[relaxed](dst, p)
    while not predicate(dst):
        ptx.nanosleep(backoff_ns)
        ptx[relaxed](dst, p)
    closing = local_scalar(word)
    ptx[acquire](closing, p)


@macro
def fdividef(x, y):
    return x / y


@macro
def atomic_cas(ptr, old_val, new_val):
    """``atomicCAS(ptr, compare, value)``: PTX ``atom.cas``; returns the old
    value."""
    p = meta_var(as_expr(ptr.data if isinstance(ptr, Buffer) else ptr))
    v = meta_var(_cas_value(p, new_val))
    old = local_scalar(v.dtype)
    ptx[_cas_instr(p, v)](old, p, cast(old_val, v.dtype), v)
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
    v = cast(value, t) if not (isinstance(value, Expr) and value.ty is t) else value
    kw = {"op": op}
    space = _ATOMIC_SPACE[p.ty.storage_scope]
    if space is not None:
        kw["space"] = space
    from ._opbuild import build
    return build("tirx.ptx.atom", [], dict(kw, ptr=p, value=v))


_LDG_TYPES = {"float32": "f32", "float64": "f64", "int32": "s32",
              "uint32": "u32", "int64": "s64", "uint64": "u64", "int16": "s16",
              "uint16": "u16", "int8": "s8", "uint8": "u8"}


def ldg(addr, dtype, *, dst=None, vec=""):
    """``__ldg``: a load through the read-only (non-coherent) cache, PTX
    ``ld.global.nc``, of one ``dtype`` at ``addr`` (a global pointer or a
    global buffer element ``A[i]``), returned; with ``vec="v2"``/``"v4"``
    the 2 or 4 consecutive values go to the lvalues ``dst``. The data must
    not change while the kernel runs (what the read-only path assumes)."""
    from ._ptx import dispatch
    p = _atomic_target("ldg", addr)
    if p.ty.storage_scope != "global":
        raise UserError(f"T.cuda.ldg reads global memory, not a "
                        f"{p.ty.storage_scope} pointer")
    dtype = str(dtype)
    if dtype not in _LDG_TYPES:
        raise UserError(f"T.cuda.ldg of {dtype!r}: one of "
                        f"{', '.join(_LDG_TYPES)}")
    if str(p.ty.element_type) != dtype:
        raise UserError(f"T.cuda.ldg of {dtype} through a pointer to "
                        f"{p.ty.element_type}")
    if dst is None:
        if vec:
            raise UserError("a vector T.cuda.ldg needs dst")
        out = local_scalar(dtype)
        dispatch(f"ld.global.nc.{_LDG_TYPES[dtype]}", [out, p], {})
        return out
    if vec not in ("v2", "v4"):
        raise UserError(f"T.cuda.ldg's vec must be 'v2' or 'v4', got {vec!r}")
    if not isinstance(dst, (list, tuple)) or len(dst) != int(vec[1:]):
        raise UserError(f"T.cuda.ldg with vec={vec!r} needs {vec[1:]} "
                        "destinations in a list")
    dispatch(f"ld.global.nc.{vec}.{_LDG_TYPES[dtype]}", [*dst, p], {})
    return None


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
            e = cast(e, "float32")  # C's varargs promote to double anyway
        vals.append(e.materialize())
    b = current()
    b.create("gpu.printf", vals, [], {"format": b.str_attr(fmt)})


def _store_desc(desc, value, dtype):
    """Stores a descriptor `value` to `desc`: a scalar, a buffer's first
    element or a pointer (viewed as one `dtype`)."""
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
    decl_buffer([1], dtype, data=p)[0] = value


def _store_u64(desc, value):
    _store_desc(desc, value, "uint64")


def _smem_descriptor(addr, ldo, sdo, layout_bits, layout_shift, version):
    a = cast(cvta_generic_to_shared(addr), "uint64")
    d = (a >> 4) & 0x3FFF
    d = d | (cast(ldo, "uint64") & 0x3FFF) << 16
    d = d | (cast(sdo, "uint64") & 0x3FFF) << 32
    if version:
        d = d | uint64(version << 46)
    return d | uint64(layout_bits << layout_shift)


_TCGEN05_SWIZZLE = {0: 0, 1: 6, 2: 4, 3: 2, 4: 1}
_WGMMA_SWIZZLE = {0: 0, 1: 3, 2: 2, 3: 1}


def _store_u32(desc, value):
    _store_desc(desc, value, "uint32")


# The operand formats of the tcgen05 instruction descriptor (PTX ISA,
# "Instruction descriptor"): per kind, dtype -> the 3-bit format field.
_F16_KIND = {"float16": 0, "bfloat16": 1, "tf32": 2, "tensor_float32": 2}
_F8F6F4 = {"float8_e4m3fn": 0, "float8_e5m2": 1, "float6_e2m3fn": 3,
           "float6_e3m2fn": 4, "float4_e2m1fn": 5}
_I8_KIND = {"uint8": 0, "int8": 1}
_D_FORMAT = {"float16": 0, "float32": 1, "int32": 2}
_SF_FORMAT = {"float8_e4m3fn": 0, "float8_e8m0fnu": 1}


def _dtype_text(x, what):
    t = getattr(x, "prim_type", x)
    name = str(t)
    from ._types import _SHORTHANDS
    return _SHORTHANDS.get(name, name)


def _static_flag(x, what):
    if isinstance(x, bool):
        return x
    if isinstance(x, int) and x in (0, 1):
        return bool(x)
    raise UserError(f"{what} must be a Python bool (the descriptor is built "
                    f"while compiling), got {x!r}")


def _static_int(x, what):
    if isinstance(x, bool) or not isinstance(x, int):
        raise UserError(f"{what} must be a Python integer, got {x!r}")
    return x


def _mma_shape_check(kind, cta_group, M, N, K, sparse):
    """The M/N/K of a tcgen05.mma kind (PTX ISA, tcgen05 matrix shapes)."""
    if cta_group not in (1, 2):
        raise UserError(f"n_cta_groups must be 1 or 2, got {cta_group}")
    ms = (64, 128) if cta_group == 1 else (128, 256)
    if M not in ms:
        raise UserError(f"M = {M} is not a tcgen05.mma shape for cta_group::{cta_group} "
                        f"(M in {ms})")
    step = 8 if M == 64 else 16
    if not (step <= N <= 256 and N % step == 0):
        raise UserError(f"N = {N} is not a tcgen05.mma shape for M = {M} (a multiple "
                        f"of {step} from {step} to 256)")
    k = {"f16": 16, "tf32": 8, "f8f6f4": 32, "i8": 32, "mxf8f6f4": 32,
         "mxf4": 64, "mxf4nvf4": 64}[kind] * (2 if sparse else 1)
    if K != k:
        raise UserError(f"K = {K} is not the kind::{kind} K ({k}"
                        f"{', sparse' if sparse else ''})")


def _instr_common(M, N, a_format, b_format, trans_a, trans_b, neg_a, neg_b, sparse):
    d = (int(sparse) & 1) << 2
    d |= (a_format & 7) << 7
    d |= (b_format & 7) << 10
    d |= (int(neg_a) & 1) << 13
    d |= (int(neg_b) & 1) << 14
    d |= (int(trans_a) & 1) << 15
    d |= (int(trans_b) & 1) << 16
    d |= ((N >> 3) & 0x3F) << 17
    d |= ((M >> 4) & 0x1F) << 24
    return d


def encode_instr_descriptor_value(d_dtype, a_dtype, b_dtype, M, N, K, trans_a,
                                  trans_b, n_cta_groups=1, neg_a=False, neg_b=False,
                                  sat_d=False, is_sparse=False):
    """The 32-bit tcgen05.mma instruction descriptor (dense kinds f16, tf32,
    f8f6f4, i8), as a Python integer."""
    d, a, b = (_dtype_text(x, w) for x, w in ((d_dtype, "d_dtype"), (a_dtype, "a_dtype"),
                                               (b_dtype, "b_dtype")))
    M, N, K, cg = (_static_int(x, w) for x, w in ((M, "M"), (N, "N"), (K, "K"),
                                                  (n_cta_groups, "n_cta_groups")))
    flags = [_static_flag(x, w) for x, w in ((trans_a, "trans_a"), (trans_b, "trans_b"),
                                             (neg_a, "neg_a"), (neg_b, "neg_b"),
                                             (sat_d, "sat_d"), (is_sparse, "is_sparse"))]
    trans_a, trans_b, neg_a, neg_b, sat_d, is_sparse = flags
    if a in _F16_KIND and b in _F16_KIND and a == b:
        kind = "tf32" if a in ("tf32", "tensor_float32") else "f16"
        fa, fb = _F16_KIND[a], _F16_KIND[b]
        if d not in ("float32",) + (("float16",) if kind == "f16" else ()):
            raise UserError(f"kind::{kind} accumulates into float32"
                            f"{' or float16' if kind == 'f16' else ''}, got {d}")
    elif a in _F8F6F4 and b in _F8F6F4:
        kind, fa, fb = "f8f6f4", _F8F6F4[a], _F8F6F4[b]
        if d not in ("float16", "float32"):
            raise UserError(f"kind::f8f6f4 accumulates into float16 or float32, got {d}")
    elif a in _I8_KIND and b in _I8_KIND:
        kind, fa, fb = "i8", _I8_KIND[a], _I8_KIND[b]
        if d != "int32":
            raise UserError(f"kind::i8 accumulates into int32, got {d}")
    else:
        raise UserError(f"no dense tcgen05.mma kind takes a = {a}, b = {b}")
    if sat_d and kind != "i8":
        raise UserError("sat_d (saturation) is a kind::i8 option")
    if (trans_a and a not in ("float16", "bfloat16", "tf32", "tensor_float32",
                              "float8_e4m3fn", "float8_e5m2", "int8", "uint8")) or \
            (trans_b and b not in ("float16", "bfloat16", "tf32", "tensor_float32",
                                   "float8_e4m3fn", "float8_e5m2", "int8", "uint8")):
        raise UserError("an MN-major (transposed) operand must be 16-bit, tf32, "
                        "e4m3, e5m2 or 8-bit integer")
    _mma_shape_check(kind, cg, M, N, K, is_sparse)
    desc = _instr_common(M, N, fa, fb, trans_a, trans_b, neg_a, neg_b, is_sparse)
    desc |= (int(sat_d) & 1) << 3
    desc |= (_D_FORMAT[d] & 3) << 4
    return desc & 0xFFFFFFFF


def encode_instr_descriptor_block_scaled_value(d_dtype, a_dtype, b_dtype, sfa_dtype,
                                               sfb_dtype, M, N, K, trans_a, trans_b,
                                               n_cta_groups=1, neg_a=False,
                                               neg_b=False, is_sparse=False):
    """The 32-bit instruction descriptor of a block-scaled tcgen05.mma
    (kinds mxf8f6f4, mxf4, mxf4nvf4), as a Python integer (scale-factor ids
    0)."""
    d, a, b, sfa, sfb = (_dtype_text(x, w) for x, w in (
        (d_dtype, "d_dtype"), (a_dtype, "a_dtype"), (b_dtype, "b_dtype"),
        (sfa_dtype, "sfa_dtype"), (sfb_dtype, "sfb_dtype")))
    M, N, K, cg = (_static_int(x, w) for x, w in ((M, "M"), (N, "N"), (K, "K"),
                                                  (n_cta_groups, "n_cta_groups")))
    trans_a, trans_b, neg_a, neg_b, is_sparse = (
        _static_flag(x, w) for x, w in ((trans_a, "trans_a"), (trans_b, "trans_b"),
                                        (neg_a, "neg_a"), (neg_b, "neg_b"),
                                        (is_sparse, "is_sparse")))
    if sfa != sfb or sfa not in _SF_FORMAT:
        raise UserError(f"the scale factors of A and B are both float8_e8m0fnu or "
                        f"both float8_e4m3fn, got {sfa} and {sfb}")
    if d != "float32":
        raise UserError(f"block-scaled tcgen05.mma accumulates into float32, got {d}")
    fp4 = a == "float4_e2m1fn" and b == "float4_e2m1fn"
    if fp4 and sfa == "float8_e4m3fn":
        kind = "mxf4nvf4"
    elif fp4 and K == 64:
        kind = "mxf4"
    elif a in _F8F6F4 and b in _F8F6F4:
        kind = "mxf8f6f4"
        if sfa != "float8_e8m0fnu":
            raise UserError("kind::mxf8f6f4 takes float8_e8m0fnu scale factors")
    else:
        raise UserError(f"no block-scaled tcgen05.mma kind takes a = {a}, b = {b}")
    if (trans_a and a not in ("float8_e4m3fn", "float8_e5m2")) or \
            (trans_b and b not in ("float8_e4m3fn", "float8_e5m2")):
        raise UserError("an MN-major (transposed) block-scaled operand must be e4m3 or e5m2")
    _mma_shape_check(kind, cg, M, N, K, is_sparse)
    fa, fb = (_F8F6F4[a], _F8F6F4[b]) if kind == "mxf8f6f4" else (1, 1)
    desc = _instr_common(M, N, fa, fb, trans_a, trans_b, neg_a, neg_b, is_sparse)
    desc |= (_SF_FORMAT[sfa] & 1) << 23
    return desc & 0xFFFFFFFF


class _Tcgen05:
    @staticmethod
    def encode_instr_descriptor(desc, *, d_dtype, a_dtype, b_dtype, M, N, K, trans_a,
                                trans_b, n_cta_groups=1, neg_a=False, neg_b=False,
                                sat_d=False, is_sparse=False):
        """Stores the tcgen05.mma instruction descriptor (computed while
        compiling) to `desc`."""
        v = encode_instr_descriptor_value(d_dtype, a_dtype, b_dtype, M, N, K, trans_a,
                                          trans_b, n_cta_groups, neg_a, neg_b, sat_d,
                                          is_sparse)
        _store_u32(desc, uint32(v))

    @staticmethod
    def encode_instr_descriptor_block_scaled(desc, *, d_dtype, a_dtype, b_dtype,
                                             sfa_dtype, sfb_dtype, sfa_tmem_addr=None,
                                             sfb_tmem_addr=None, M, N, K, trans_a,
                                             trans_b, n_cta_groups=1, neg_a=False,
                                             neg_b=False, is_sparse=False):
        """Stores the block-scaled tcgen05.mma instruction descriptor to
        `desc` (the scale-factor ids 0; the scale factors' tensor-memory
        addresses go to the MMA itself)."""
        v = encode_instr_descriptor_block_scaled_value(
            d_dtype, a_dtype, b_dtype, sfa_dtype, sfb_dtype, M, N, K, trans_a, trans_b,
            n_cta_groups, neg_a, neg_b, is_sparse)
        _store_u32(desc, uint32(v))

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

    @staticmethod
    def noop_barrier(reg):
        """Pins the variable or buffer element `reg` in a register: ``reg =
        T.register_barrier(reg)`` (CUDA's ``asm volatile("" : "+r"(reg) ::
        "memory")``)."""
        if not isinstance(reg, BufferLoad):
            raise UserError("T.cuda.wgmma.noop_barrier pins a variable or a "
                            "buffer element (it is read and written back), "
                            "not a computed value")
        reg.buffer._store(list(reg.indices), register_barrier(reg))


def register_barrier(value):
    """`value`, pinned in a register (``tirx.register_barrier``): the
    compiler keeps it in one register at this point and moves no memory
    access across; no instruction is emitted."""
    from ._builder import current
    e = as_expr(value)
    if not isinstance(e.ty, PrimType) or e.ty.dtype not in _PINNABLE:
        raise UserError(f"T.register_barrier pins a 32- or 64-bit register "
                        f"({', '.join(_PINNABLE)}), got {e.ty}")
    v = e.materialize()
    return Expr(current().create("tirx.register_barrier", [v], [v.type]).result, e.ty)


_PINNABLE = ("int32", "uint32", "float32", "int64", "uint64", "float64")


class _NotProvided(UserError, AttributeError):
    """A helper of the original's T.cuda that this namespace lacks, with
    the reason (an AttributeError too, so hasattr() says False)."""


# The original's helpers that have no meaning here, and why.
_NOT_PROVIDED = {
    "grid_sync": "a grid-wide barrier needs a cooperative launch (every CTA "
                 "resident at once), which the runtime does not make; split the "
                 "kernel at the barrier or synchronize through a global-memory "
                 "flag (T.cuda.wait_until)",
    "func_call": "it calls a function written in CUDA C source, and nothing "
                 "here compiles CUDA C; write the body in the script or with "
                 "T.ptx",
}


class _CudaNamespace:
    """``T.cuda``."""

    tcgen05 = _Tcgen05()
    wgmma = _Wgmma()

    def __getattr__(self, name):
        why = _NOT_PROVIDED.get(name)
        if why is not None:
            raise _NotProvided(f"T.cuda.{name} is not provided: {why}")
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
              "half2float", "bfloat162float", "make_float2", "float2_x",
              "float2_y", "reduce_add_sync_u32", "reduce_min_sync_u32",
              "float22bfloat162_rn", "float22bfloat162_rn_from_float2",
              "bfloat1622float2", "ldg", "ffs_u32", "fmul2_rn", "fadd2_rn",
              "hmin2", "hmax2", "fp8x4_e4m3_from_float4", "float22half2",
              "half8tofloat8", "float8tohalf8", "trap_when_assert_failed",
              "runtime_instr_desc", "wait_until", "mma_fill", "mma_store",
              "mma_fill_legacy", "mma_store_legacy",
              "atomic_add", "atomic_max", "atomic_min", "atomic_exch", "printf",
              "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync"):
    setattr(_CudaNamespace, _name, staticmethod(globals()[_name]))
_CudaNamespace.__shfl_sync = staticmethod(shfl_sync)
_CudaNamespace.__shfl_xor_sync = staticmethod(shfl_xor_sync)
_CudaNamespace.__shfl_up_sync = staticmethod(shfl_up_sync)
_CudaNamespace.__shfl_down_sync = staticmethod(shfl_down_sync)
_CudaNamespace.__activemask = staticmethod(activemask)
del _name
