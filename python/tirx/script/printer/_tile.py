"""``tirx.tile.*`` ops as the ``Tx`` calls that build them
(``from tirx.script import tile as Tx``; docs/TilePrimitives.md).

The table ``TILE_OPS`` says, per op, the buffer regions in operand order,
the optional operands after them (keyword, script type) and how the
primitive's name follows from the op (a ``kind`` attribute for unary,
binary and reduce). A new tile op slots in with one entry here and its
builder in ``tirx/script/tile.py``.
"""

from ... import ir as _ir
from .. import _tilekinds as _kinds
from .._types import PrimType
from ._node import ATOM, Node
from ._types import Unprintable, dict_items, prim_of

__all__ = ["TILE_OPS", "tile_statement"]

_DYN = -(1 << 63)
_SCOPE_PREFIX = {0: "", 1: "warp.", 2: "wg.", 3: "cta.", 4: "cluster."}


def _kind(table):
    inverse = {}
    for name, k in (table.items() if isinstance(table, dict)
                    else ((n, i) for i, n in enumerate(table))):
        inverse.setdefault(k, name)
    return inverse


# op -> (regions, optional operands (keyword, PrimType or None), name rule,
#        regions that may be scalars)
TILE_OPS = {
    "copy": (["dst", "src"], [], "copy", ()),
    "copy_async": (["dst", "src"],
                   [("mbar", None), ("cta_mask", PrimType("int16")),
                    ("remote_cta", PrimType("int32")), ("cache_hint", PrimType("int64")),
                    ("tensormap", None)], "copy_async", ()),
    "gemm": (["d", "a", "b"], [("accum", PrimType("bool"))], "gemm", ()),
    "gemm_async": (["c", "a", "b"], [("accum", PrimType("bool")), ("mbar", None)],
                   "gemm_async", ()),
    "fill": (["dst"], [], "fill", ()),
    "unary": (["dst", "src"], [], _kind(_kinds._UNARY), ()),
    "binary": (["dst", "lhs", "rhs"], [], _kind(_kinds._BINARY), ("lhs", "rhs")),
    "fma": (["dst", "a", "b", "c"], [], "fma", ("a", "b", "c")),
    "cast": (["dst", "src"], [], "cast", ()),
    "reduce": (["dst", "src"], [], _kind(_kinds._REDUCE), ()),
    "permute_layout": (["dst", "src"], [("workspace", None)], "permute_layout", ()),
    "select": (["dst", "true_value", "false_value"], [], "select",
               ("true_value", "false_value")),
    "binary_reduce": (["dst", "reduce_dst", "lhs", "rhs"], [], "binary_reduce",
                      ("lhs", "rhs")),
    "unary_reduce": (["dst", "reduce_dst", "src"],
                     [("bias", "dst"), ("scale", "dst")], "unary_reduce", ()),
    "binary_chain": (["dst", "data", "operand0", "operand1"], [], "binary_chain",
                     ("operand0", "operand1")),
    "reduce_negate": (["dst", "src"], [], "reduce_negate", ()),
}

_HANDLED_ATTRS = {"operandSegmentSizes", "scope", "config", "dispatch", "kind",
                  "transpose_a", "transpose_b", "axes", "accumulate",
                  "binary_kind", "reduce_kind", "unary_kind", "op0", "op1",
                  "reverse1"}

_BINARY_NAMES = {0: "add", 1: "sub", 2: "mul", 3: "fdiv", 4: "maximum", 5: "minimum"}
_REDUCE_NAMES = {0: "sum", 1: "max", 2: "min"}


def _kind_name(attrs, key, table, opname):
    k = int(attrs[key].value)
    name = table.get(k) if isinstance(table, dict) else (
        table[k] if 0 <= k < len(table) else None)
    if name is None:
        raise Unprintable(f"'{opname}' of {key} {k}")
    return repr(name)


def _ints(attr):
    return [int(x) for x in attr]


def _config_items(attr):
    """The keyword arguments of a `config` dictionary."""
    import keyword
    out = dict_items(attr, "tile config value")
    for k, _ in out:
        if not k.isidentifier() or keyword.iskeyword(k):
            raise Unprintable(f"the tile config key {k!r}")
    return out


def tile_statement(p, op, indent):
    """(lines, effects) of a tirx.tile.* op."""
    short = op.name[len("tirx.tile."):]
    spec = TILE_OPS.get(short)
    if spec is None:
        raise Unprintable(f"'{op.name}' has no script spelling")
    regions, extras, rule, scalars = spec
    attrs = {na.name: na.attr for na in op.attributes}
    unknown = set(attrs) - _HANDLED_ATTRS - {f"static_{r}_offsets" for r in regions} \
        - {f"{r}_sizes" for r in regions}
    if unknown:
        raise Unprintable(f"'{op.name}': the attribute(s) {', '.join(sorted(unknown))}")
    if isinstance(rule, dict):
        kind = int(attrs["kind"].value) if "kind" in attrs else -1
        name = rule.get(kind)
        if name is None:
            raise Unprintable(f"'{op.name}' of kind {kind}")
    else:
        name = rule
    scope = int(attrs["scope"].value)
    if scope not in _SCOPE_PREFIX:
        raise Unprintable(f"'{op.name}' in scope {scope}")
    operands = list(op.operands)
    if "operandSegmentSizes" in attrs:
        sizes = _ints(attrs["operandSegmentSizes"])
    else:  # one region and the rest (fill: the value)
        dyn = sum(1 for x in _ints(attrs[f"static_{regions[0]}_offsets"]) if x == _DYN)
        sizes = [1, dyn] + [1] * (len(operands) - 1 - dyn)
    pre, args, ev = [], [], []
    i, k = 0, 0
    for r in regions:
        nbuf, noff = sizes[k], sizes[k + 1]
        k += 2
        val = operands[i]
        offs = operands[i + 1:i + 1 + noff]
        i += nbuf + noff
        text, e, lines = _region(p, val, offs, _ints(attrs[f"static_{r}_offsets"]),
                                 _ints(attrs[f"{r}_sizes"]), r in scalars, indent,
                                 prim_of(operands[0].type.element_type)
                                 if isinstance(operands[0].type, _ir.BufferType) else None)
        pre.extend(lines)
        args.append(text)
        ev.extend(e)
    rest = operands[i:]
    if short == "fill":
        dst = operands[0]
        n = p.fit(p.node(rest[0]), prim_of(dst.type.element_type))
        args.append(n.text)
        ev.extend(n.effects)
    else:
        for (kw, t), n_ in zip(extras, sizes[k:]):
            if not n_:
                continue
            v = rest.pop(0)
            if t == "dst":
                t = prim_of(operands[0].type.element_type)
            if isinstance(v.type, _ir.BufferType):
                node = Node(p.buffer(v).name, ATOM)
            else:
                node = p.node(v)
                node = p.fit(node, t) if t is not None else p.default(node)
            args.append(f"{kw}={node.text}")
            ev.extend(node.effects)
    if short == "select":
        text, e = _predicate(p, op)
        args.append(text)
        ev.extend(e)
    if short == "binary_reduce":
        args[4:4] = [_kind_name(attrs, "binary_kind", _BINARY_NAMES, op.name),
                     _kind_name(attrs, "reduce_kind", _REDUCE_NAMES, op.name)]
    if short == "unary_reduce":
        args[3:3] = [_kind_name(attrs, "unary_kind", _kinds._UNARY, op.name),
                     _kind_name(attrs, "reduce_kind", _REDUCE_NAMES, op.name)]
    if short == "binary_chain":
        args[4:4] = [_kind_name(attrs, "op0", _BINARY_NAMES, op.name),
                     _kind_name(attrs, "op1", _BINARY_NAMES, op.name)]
        if "reverse1" in attrs:
            args.append("reverse1=True")
    if short == "reduce_negate":
        args.insert(2, _kind_name(attrs, "kind", _REDUCE_NAMES, op.name))
    if "transpose_a" in attrs:
        args.append("transpose_a=True")
    if "transpose_b" in attrs:
        args.append("transpose_b=True")
    if "axes" in attrs:
        kw = "reduce_axes" if short in ("binary_reduce", "unary_reduce",
                                        "reduce_negate") else "axes"
        args.append(f"{kw}=[{', '.join(str(x) for x in _ints(attrs['axes']))}]")
    if "accumulate" in attrs:
        args.append("accum=True")
    if "config" in attrs:
        reserved = {"dst", "src", "scope", "dispatch"} | set(regions) | {kw for kw, _ in extras}
        for key, v in _config_items(attrs["config"]):
            if key in reserved:
                raise Unprintable(f"'{op.name}': the config key {key!r} is also a "
                                  "parameter of the Tx call")
            args.append(f"{key}={v}")
    if "dispatch" in attrs:
        args.append(f"dispatch={str(attrs['dispatch'].value)!r}")
    call = f"Tx.{_SCOPE_PREFIX[scope]}{name}({', '.join(args)})"
    return (pre + [f"{indent}{call}"], ev + [op])


def _region(p, val, offs, static, sizes, scalar_ok, indent, dtype=None):
    """(text, effects, lines naming its offsets) of one region operand; a
    scalar literal takes the destination's element type `dtype`."""
    if not isinstance(val.type, _ir.BufferType):
        if not scalar_ok or static or sizes:
            raise Unprintable("a tile operand that is neither a buffer nor a scalar")
        n = p.node(val)
        n = p.fit(n, dtype) if dtype is not None and n.is_literal else p.default(n)
        return n.text, list(n.effects), []
    b = p.buffer(val)
    if not static and not sizes:
        return b.name, [], []
    if len(static) != len(sizes):
        raise Unprintable("a tile region whose offsets and sizes differ in rank")
    # a slice where the extent is not 1, and at least one (A[i, j] alone is
    # an element, not a region)
    slices = [z != 1 for z in sizes]
    if not any(slices):
        slices[-1] = True
    parts, lines, dyn = [], [], list(offs)
    for off, size, sl in zip(static, sizes, slices):
        if off == _DYN:
            v = dyn.pop(0)
            n = p.index(v)
            if n.effects:
                raise Unprintable("a tile region offset that reads memory")
            if sl and not n.is_literal and (n.prec != ATOM or "(" in n.text
                                            or "[" in n.text):
                # named once: `o:o + size` evaluates the start twice
                name = p.fresh("off")
                lines.append(f"{indent}{name} = T.meta_var({n.text})")
                n = Node(name, ATOM, n.stype)
            parts.append(f"{n.text}:{n.text} + {size}" if sl else n.text)
        else:
            parts.append(f"{off}:{off + size}" if sl else str(off))
    return f"{b.name}[{', '.join(parts)}]", [], lines


def _predicate(p, op):
    """``lambda i0, i1: ...`` of a tirx.tile.select's predicate region."""
    block = op.regions[0].blocks[0]
    names = []
    for k, a in enumerate(block.arguments):
        n = p.fresh(f"i{k}")
        names.append(n)
        # the lambda's parameters are the int32 indices the script gives it:
        # the casts of the block's index arguments
        for u in p.users.get(a, []):
            if u.name != "arith.index_cast" or str(u.results[0].type) != "i32":
                raise Unprintable("a tile select predicate that uses its index "
                                  "arguments other than through an index_cast "
                                  "to i32 (the script's lambda takes int32 indices)")
            p.named[u.results[0]] = Node(n, ATOM, PrimType("int32"))
    ops = list(block.operations)
    if not ops or ops[-1].name != "tirx.tile.yield":
        raise Unprintable("a tile select predicate without tirx.tile.yield")
    node = p.node(ops[-1].operands[0])
    if node.effects:
        raise Unprintable("a tile select predicate that reads memory")
    return f"lambda {', '.join(names)}: {node.text}", []


def compose_statement(p, op, indent):
    """``with Tx.compose_op(...):`` and its body."""
    attrs = {na.name: na.attr for na in op.attributes}
    unknown = set(attrs) - {"scope", "config", "dispatch"}
    if unknown:
        raise Unprintable(f"'{op.name}': the attribute(s) {', '.join(sorted(unknown))}")
    args = []
    if "config" in attrs:
        for key, v in _config_items(attrs["config"]):
            if key in ("workspace", "dispatch"):
                raise Unprintable(f"'{op.name}': the config key {key!r}")
            args.append(f"{key}={v}")
    if "dispatch" in attrs:
        args.append(f"dispatch={str(attrs['dispatch'].value)!r}")
    lines = [f"{indent}with Tx.compose_op({', '.join(args)}):"]
    lines.extend(p._body(op.regions[0].blocks[0], indent + "    "))
    return (lines, [op])
