"""Host ops in the original's spelling: ``tirx.tensormap_encode_tiled`` is
the descriptor ``T.tvm_stack_alloca("tensormap", 1)`` that
``T.call_packed("runtime.cuTensorMapEncodeTiled", desc, dtype, rank,
source, *dims, *strides, *box, *element_strides, interleave, swizzle,
l2_promotion, oob_fill)`` builds (docs/Script.md)."""

from ... import ir as _ir
from .. import _host
from ._node import ATOM, Node
from ._types import Unprintable

__all__ = ["encode_statement"]

_DYN = -(1 << 63)


def _mode(table, attr, what):
    v = str(attr.value) if attr is not None else "none"
    if v not in table:
        raise Unprintable(f"the {what} mode {v!r} of a TMA descriptor")
    return str(table.index(v))


def _mixed(p, static, dynamic):
    """The texts of a static/dynamic index list."""
    out, dyn = [], list(dynamic)
    for s in static:
        if s == _DYN:
            n = p.index(dyn.pop(0))
            out.append(n)
        else:
            out.append(Node(str(int(s)), ATOM))
    return out


def encode_statement(p, op, indent):
    attrs = {na.name: na.attr for na in op.attributes}
    sizes = [int(x) for x in attrs["operandSegmentSizes"]]
    operands = list(op.operands)
    source = operands[0]
    dims_dyn = operands[1:1 + sizes[1]]
    strides_dyn = operands[1 + sizes[1]:1 + sizes[1] + sizes[2]]
    static_dims = [int(x) for x in attrs["static_global_dims"]]
    static_strides = [int(x) for x in attrs["static_global_strides"]]
    rank = len(static_dims)
    box = [int(x) for x in attrs["box"]]
    elem = [int(x) for x in attrs["element_strides"]] if "element_strides" in attrs \
        else [1] * rank
    if len(static_strides) != rank - 1 or len(box) != rank or len(elem) != rank:
        raise Unprintable("a TMA descriptor whose lists disagree in rank")
    if isinstance(source.type, _ir.BufferType):
        src = Node(p.buffer(source).name, ATOM)
    else:
        src = p.node(source)
    dims = _mixed(p, static_dims, dims_dyn)
    strides = _mixed(p, static_strides, strides_dyn)
    modes = [_mode(_host._INTERLEAVE, attrs.get("interleave"), "interleave"),
             _mode(_host._SWIZZLE, attrs.get("swizzle"), "swizzle"),
             _mode(_host._L2, attrs.get("l2_promotion"), "L2 promotion"),
             _mode(_host._OOB, attrs.get("oob_fill"), "OOB fill")]
    extra = set(attrs) - {"operandSegmentSizes", "static_global_dims",
                          "static_global_strides", "box", "element_strides",
                          "interleave", "swizzle", "l2_promotion", "oob_fill", "dtype"}
    if extra:
        raise Unprintable(f"the attribute(s) {', '.join(sorted(extra))} of a TMA descriptor")
    name = p.fresh("tmap")
    r = op.results[0]
    from .._types import TensorMapType
    p.named[r] = Node(name, ATOM, TensorMapType())
    args = [repr("runtime.cuTensorMapEncodeTiled"), name,
            repr(str(attrs["dtype"].value)), str(rank), src.text]
    args += [n.text for n in dims] + [n.text for n in strides]
    args += [str(x) for x in box] + [str(x) for x in elem] + modes
    ev = list(src.effects) + [e for n in dims + strides for e in n.effects]
    return ([f'{indent}{name} = T.tvm_stack_alloca("tensormap", 1)',
             f"{indent}T.call_packed({', '.join(args)})"], ev)
