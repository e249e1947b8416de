"""Host-side runtime calls of a script: TMA descriptors built on the host
(``T.tvm_stack_alloca`` + ``T.call_packed("runtime.cuTensorMapEncodeTiled",
...)``), mapped onto ``tirx.tensormap_encode_tiled`` when the dialect has
it."""

from ._builder import UserError, current
from ._buffer import Buffer
from ._expr import Expr
from ._types import TensorMapType

_ENCODE_OP = "tirx.tensormap_encode_tiled"


def _no_host_tma():
    return UserError(
        "host-side TMA descriptor creation (T.tvm_stack_alloca + "
        "T.call_packed(\"runtime.cuTensorMapEncodeTiled\", ...)) is not "
        "supported yet; pass the descriptor as a T.TensorMap() parameter")


class TensorMapSlot(Expr):
    """``T.tvm_stack_alloca("tensormap", 1)``: a TMA descriptor that
    ``T.call_packed("runtime.cuTensorMapEncodeTiled", slot, ...)`` builds."""

    __slots__ = ()

    def __init__(self):
        Expr.__init__(self, None, TensorMapType(), None, True)

    def materialize(self):
        if self._value is None:
            raise UserError("the TMA descriptor is used before "
                            "T.call_packed(\"runtime.cuTensorMapEncodeTiled\", ...) "
                            "builds it")
        return self._value


def tvm_stack_alloca(kind, count=1):
    """Host storage for a TMA descriptor (``"tensormap"``, one)."""
    from .._ods import OPS
    if _ENCODE_OP not in OPS:
        raise _no_host_tma()
    if kind != "tensormap" or count != 1:
        raise UserError("T.tvm_stack_alloca supports one \"tensormap\" (a TMA "
                        "descriptor)")
    b = current()
    if b.kernel is not None:
        raise UserError("TMA descriptors are built in the host part, before "
                        "T.device_entry()")
    return TensorMapSlot()


# CUDA's enum values of cuTensorMapEncodeTiled, as the descriptor op spells them.
_INTERLEAVE = ["none", "16b", "32b"]
_SWIZZLE = ["none", "32b", "64b", "128b", "128b_atom_32b", "128b_atom_32b_flip_8b",
            "128b_atom_64b"]
_L2 = ["none", "64b", "128b", "256b"]
_OOB = ["none", "nan_request_zero_fma"]


def call_packed(name, *args):
    """Host runtime calls. ``T.call_packed("runtime.cuTensorMapEncodeTiled",
    desc, dtype, rank, address, *global_dims, *global_strides[1:], *box,
    *element_strides, interleave, swizzle, l2_promotion, oob_fill)`` builds
    the descriptor `desc` (dimensions innermost first, strides in bytes, the
    modes as CUDA's enum values)."""
    from .._ods import OPS
    if name != "runtime.cuTensorMapEncodeTiled":
        raise UserError(f"T.call_packed(\"{name}\") is not supported; only "
                        "runtime.cuTensorMapEncodeTiled (TMA descriptors) is")
    if _ENCODE_OP not in OPS:
        raise _no_host_tma()
    if len(args) < 4:
        raise UserError("runtime.cuTensorMapEncodeTiled takes the descriptor, "
                        "dtype, rank, address and the shape arguments")
    slot, dtype, rank, source = args[:4]
    rest = list(args[4:])
    if not isinstance(slot, TensorMapSlot):
        raise UserError("the first argument must be a descriptor from "
                        "T.tvm_stack_alloca(\"tensormap\", 1)")
    if slot._value is not None:
        raise UserError("this descriptor was built already")
    if not isinstance(rank, int) or not 1 <= rank <= 5:
        raise UserError(f"the rank must be an integer 1..5, got {rank!r}")
    want = rank + (rank - 1) + rank + rank + 4
    if len(rest) != want:
        raise UserError(f"a rank-{rank} descriptor takes {want} shape and mode "
                        f"arguments (dims {rank}, strides {rank - 1}, box {rank}, "
                        f"element strides {rank}, 4 modes), got {len(rest)}")
    dims, rest = rest[:rank], rest[rank:]
    strides, rest = rest[:rank - 1], rest[rank - 1:]
    box, rest = rest[:rank], rest[rank:]
    elem, modes = rest[:rank], rest[rank:]
    for what, vals in (("box", box), ("element strides", elem), ("modes", modes)):
        if not all(isinstance(v, int) for v in vals):
            raise UserError(f"the {what} of a TMA descriptor must be Python integers")
    names = []
    for table, v, what in ((_INTERLEAVE, modes[0], "interleave"), (_SWIZZLE, modes[1], "swizzle"),
                           (_L2, modes[2], "L2 promotion"), (_OOB, modes[3], "OOB fill")):
        if not 0 <= v < len(table):
            raise UserError(f"unknown {what} mode {v}")
        names.append(table[v])
    dt = getattr(dtype, "prim_type", dtype)  # a T.<dtype> or a string
    # a buffer is the op's source itself (its type is checked against the
    # descriptor); `A.data` passes its pointer
    kw = {"source": source,
          "dtype": str(dt),
          "box": box,
          # all 1 is the op's default (no attribute)
          "element_strides": elem if any(e != 1 for e in elem) else None,
          "interleave": names[0], "swizzle": names[1], "l2_promotion": names[2],
          "oob_fill": names[3]}
    kw.update(_dynamic_list("global_dims", dims))
    kw.update(_dynamic_list("global_strides", strides))
    from ._opbuild import build
    desc = build(_ENCODE_OP, (), kw, result_types=["!tirx.tensormap"])
    slot._value = desc.materialize()
    return None


def _dynamic_list(name, values):
    """An index list as the op takes it: static values, and SSA values for
    the entries given by expressions (ShapedType::kDynamic in the static list)."""
    static, dynamic = [], []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            static.append(-(1 << 63))  # ShapedType::kDynamic
            dynamic.append(v)
    return {name: dynamic, "static_" + name: static}


def call_extern(*args, **kwargs):
    raise UserError("T.call_extern is not supported: TIRx compiles through "
                    "MLIR's NVVM dialect, not CUDA C++")
