"""``tirx.ptx`` ops (and calls between functions) in the script spelling:
``T.ptx.<mnemonic>(operands..., attributes...)``, all positional -- the
canonical form ``T.ptx`` accepts (docs/Script.md), with ``None`` for an
absent optional operand or attribute that a later one follows, a list for a
variadic operand, and ``result_types=`` where the builder cannot infer the
result types."""

import keyword

from ... import ir as _ir
from ..._ods import OPS
from .._types import PrimType
from ._node import ATOM, Node
from ._types import Unprintable, pointer_text, prim_of

__all__ = ["PtxMixin", "mnemonic_path"]

_FIXED = {"i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32",
          "i64": "int64", "f16": "float16", "f32": "float32", "f64": "float64",
          "bf16": "bfloat16"}
_NAMESPACE_ATTRS = {"pred", "addr", "map_shared_rank"}


def mnemonic_path(name):
    """``T.ptx.cp.async_.bulk`` for ``tirx.ptx.cp.async.bulk`` (Python
    keywords get a ``_``); the string form where a token cannot be
    escaped."""
    text = name[len("tirx.ptx."):]
    toks = text.split(".")
    out = []
    for t in toks:
        if not t.isidentifier() or t.endswith("_") or "__" in t:
            return f'T.ptx["{text}"]'
        out.append(t + "_" if keyword.iskeyword(t) else t)
    if out[0] in _NAMESPACE_ATTRS:
        return f'T.ptx["{text}"]'
    return "T.ptx." + ".".join(out)


def _segments(op, meta):
    """The IR operands of each ODS operand: a list of lists."""
    operands = list(op.operands)
    specs = meta["operands"]
    if meta["segments"]:
        sizes = list(op.attributes["operandSegmentSizes"])
    else:
        fixed = sum(1 for _n, k, _c in specs if k == "single")
        rest = len(operands) - fixed
        open_ = [i for i, (_n, k, _c) in enumerate(specs) if k != "single"]
        if len(open_) > 1 and rest:
            raise Unprintable(f"'{op.name}': cannot split its operands")
        sizes = [1 if k == "single" else (rest if i in open_ else 0)
                 for i, (_n, k, _c) in enumerate(specs)]
    out, i = [], 0
    for s in sizes:
        out.append(operands[i:i + s])
        i += s
    return out


def _enum_case(spec, attr):
    value = attr.value
    for k, v in spec["cases"].items():
        if v == value:
            return k
    raise Unprintable(f"unknown case {value} of '{spec['name']}'")


def _enum_attr_case(spec, attr):
    text = str(attr)
    pre, _, post = spec["syntax"].partition("{}")
    if text.startswith(pre) and text.endswith(post):
        case = text[len(pre):len(text) - len(post)]
        if case in spec["cases"]:
            return case
    raise Unprintable(f"cannot read the case of {text}")


def _attr_text(spec, attr):
    """(Python text, the value the result-type rules see)."""
    kind = spec["kind"]
    if kind == "unit":
        return "True", True
    if kind == "int_enum":
        case = _enum_case(spec, attr)
        return repr(case), case
    if kind == "enum_attr":
        case = _enum_attr_case(spec, attr)
        return repr(case), case
    if kind in ("i8", "i16", "i32", "i64"):
        return str(int(attr.value)), int(attr.value)
    if kind == "bool":
        return ("True" if attr.value else "False"), bool(attr.value)
    if kind in ("f32", "f64"):
        return repr(float(attr.value)), float(attr.value)
    if kind == "str":
        return repr(attr.value), attr.value
    if kind == "type":
        t = attr.value
        p = prim_of(t)
        if p is not None:
            return f'"{p.dtype}"', p.dtype
        if isinstance(t, _ir.PtrType):
            return pointer_text(t), None
        raise Unprintable(f"the type attribute {t} has no script spelling")
    if kind in ("i64_array", "i32_array"):
        vals = [int(x) for x in attr]
        return "[" + ", ".join(str(x) for x in vals) + "]", vals
    if kind == "symbol":
        text = str(attr)
        return repr(text.lstrip("@")), text.lstrip("@")
    return repr(str(attr)), str(attr)


class PtxMixin:
    """``T.ptx.*`` nodes and ``cls.f(...)`` calls."""

    def _ptx_operand(self, v, constraint):
        if constraint == "index":
            return self.index(v)
        n = self.node(v)
        fixed = _FIXED.get(constraint)
        if fixed is not None:
            return self.fit(n, PrimType(fixed))
        if n.is_literal:
            return self.default(n) if constraint != "i128" else self.typed(n)
        return n

    def ptx_node(self, op, v=None):
        name = op.name
        meta = OPS.get(name)
        if meta is None:
            raise Unprintable(f"'{name}' is not in this build's op table")
        if meta["regions"]:
            raise Unprintable(f"'{name}' has regions")
        groups = _segments(op, meta)
        args, typed, nodes = [], {}, []
        for (oname, kind, constraint), vals in zip(meta["operands"], groups):
            if kind == "variadic":
                ns = [self._ptx_operand(x, constraint) for x in vals]
                nodes.extend(ns)
                args.append("[" + ", ".join(n.text for n in ns) + "]")
                typed[oname] = list(vals)
            elif not vals:
                args.append("None")
                typed[oname] = None
            else:
                n = self._ptx_operand(vals[0], constraint)
                nodes.append(n)
                args.append(n.text)
                typed[oname] = vals[0]
        # drop trailing absent operands when no attribute follows
        attrs = {na.name: na.attr for na in op.attributes}
        attrs.pop("operandSegmentSizes", None)
        atexts, avalues = [], {}
        for spec in meta["attributes"]:
            a = attrs.pop(spec["name"], None)
            if a is None:
                atexts.append("None")
                continue
            text, value = _attr_text(spec, a)
            atexts.append(text)
            avalues[spec["name"]] = value
        if attrs:
            raise Unprintable(f"'{name}': the attribute(s) {', '.join(sorted(attrs))} "
                              "have no script spelling")
        while atexts and atexts[-1] == "None":
            atexts.pop()
        if not atexts:
            while args and args[-1] in ("None", "[]"):
                args.pop()
        call_args = args + atexts
        rtypes = [str(r.type) for r in op.results]
        if rtypes != self._inferred(name, meta, typed, avalues):
            call_args.append("result_types=[" + ", ".join(f'"{t}"' for t in rtypes) + "]")
        ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
        stype = _result_stype(op)
        return Node(f"{mnemonic_path(name)}({', '.join(call_args)})", ATOM, stype,
                    ev + (op,))

    def _inferred(self, name, meta, typed, avalues):
        from .._opbuild import _infer_results
        try:
            texts = _infer_results(name, meta, typed, avalues, None)
        except Exception:
            return None
        out = []
        for t in texts:
            out.append(t if isinstance(t, str) else getattr(t, "mlir", str(t)))
        return out

    def call_node(self, op):
        callee = str(op.attributes["callee"]).lstrip("@")
        if callee in self.module.nvshmem:
            return self._nvshmem_node(op, callee)
        decl = self.module.signature(callee)
        if decl is None or not self.module.as_class:
            raise Unprintable(f"a call of '{callee}', which is not a function "
                              "of the printed module")
        nodes = []
        for x, t in zip(op.operands, decl):
            if isinstance(t, _ir.BufferType):
                nodes.append(Node(self.buffer(x).name, ATOM))
            else:
                n = self.node(x)
                p = prim_of(t)
                nodes.append(self.fit(n, p) if p is not None else n)
        ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
        return Node(f"cls.{callee}({', '.join(n.text for n in nodes)})", ATOM,
                    _result_stype(op), ev + (op,))


def _nvshmem_arg(self, x):
    """A T.nvshmem argument: a pointer passed through as generic prints as
    the pointer it was."""
    d = x.owner
    if isinstance(d, _ir.Operation) and d.name == "tirx.reinterpret" and \
            isinstance(x.type, _ir.PtrType) and x.type.scope == "generic":
        return self.node(d.operands[0])
    return self.default(self.node(x))


def _nvshmem_node(self, op, callee):
    from .._nvshmem import NVSHMEM_FUNCTIONS
    entry = NVSHMEM_FUNCTIONS.get(callee)
    if entry is None:
        raise Unprintable(f"the NVSHMEM function '{callee}'")
    path = entry[0]
    nodes = [_nvshmem_arg(self, x) for x in op.operands]
    ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
    return Node(f"T.nvshmem.{path}({', '.join(n.text for n in nodes)})", ATOM,
                _result_stype(op), ev + (op,))


def _result_stype(op):
    from .._types import script_type_of_mlir
    if len(op.results) != 1:
        return None
    t = op.results[0].type
    p = prim_of(t)
    return p if p is not None else script_type_of_mlir(str(t))



PtxMixin._nvshmem_node = _nvshmem_node
