"""Generic op builders driven by the ODS metadata (``tirx/_ods.py``).

``build(name, args, kwargs)`` creates any op of the dialect from Python
values: positional arguments fill the operands in ODS order and then the
attributes (the canonical positional spelling a printer emits), keywords
name operands or attributes. Operand values are converted to the operand's
type (a Python int for an ``i32`` operand becomes a constant); attributes
are converted by kind (enum keywords, integers, unit flags, types, arrays).
Result types come from ODS when fixed, else from ``result_type=`` or a
small table of type rules.
"""

import functools
from .. import ir as _ir
from .._ods import OPS
from ._builder import UserError, current
from ._buffer import Buffer
from ._values import ScalarLoad
from ._expr import (BufferLoad, Expr, as_expr, reinterpret, result_expr,
                    to_index, value_of)
from ._types import (PointerType, PrimType, as_prim_type, mlir_type_text,
                     script_type_of_mlir)

__all__ = ["build", "op_names"]

_FIXED = {"i1": "bool", "i8": "int8", "i16": "int16", "i32": "int32",
          "i64": "int64", "f16": "float16", "f32": "float32", "f64": "float64",
          "bf16": "bfloat16"}

_MISSING = object()


def op_names(prefix=""):
    return sorted(n for n in OPS if n.startswith(prefix))


def _is_pointer_constraint(c):
    return any(k in c for k in ("Ptr", "MBar", "TmemSlot", "TensorMapRef",
                                "pointer", "MapaSrc", "CtaRankSrc"))


# Pointer constraints and the pointer an integer address passed for one
# is reinterpreted as (a shared-window or tensor-memory address in 32 bits,
# a global or generic address in 64).
_PTR_OF_INT = {
    "TIRx_TmemPtr": ("i32", "tmem"), "TIRx_SharedPtr": ("i8", "shared"),
    "TIRx_ClusterPtr": ("i8", "shared.cluster"),
    "TIRx_SharedOrClusterPtr": ("i8", "shared"), "TIRx_GlobalPtr": ("i8", "global"),
    "TIRx_MBar": ("i64", "shared"), "TIRx_MBarAny": ("i64", "shared"),
    "TIRx_MBarOrGeneric": ("i64", "shared"),
    "TIRx_MBarAnyOrGeneric": ("i64", "shared"),
    "TIRx_TmemSlot": ("i32", "shared"), "TIRx_PrefetchPtr": ("i8", "generic"),
    "TIRx_GenericOrGlobalPtr": ("i8", "generic"), "TIRx_MapaSrc": ("i8", "shared"),
    "TIRx_CtaRankSrc": ("i8", "shared.cluster"),
}


_ELEM = {"i8": PrimType("int8"), "i32": PrimType("int32"), "i64": PrimType("int64")}


def _operand_value(name, prm, value):
    pname, kind, constraint = prm
    if value is None:
        return None
    # A scalar variable (x = ..., x: T.int32 = ...) is its value; a buffer
    # element (buf[i]) given for a pointer operand is its address.
    scalar = isinstance(value, ScalarLoad)
    target = _PTR_OF_INT.get(constraint)
    if target is not None and isinstance(value, Expr) and isinstance(value.ty, PrimType) \
            and value.ty.is_int and (constraint == "TIRx_TmemPtr" or scalar
                                     or not isinstance(value, BufferLoad)):
        # an integer address (a tensor-memory address and a scalar variable
        # are always values, other buffer elements stand for their own
        # address below)
        elem, scope = target
        return reinterpret(PointerType(_ELEM[elem], scope), value).materialize()
    if isinstance(value, Buffer):
        if _is_pointer_constraint(constraint):
            return value.data.materialize()
        return value.materialize()
    if isinstance(value, BufferLoad) and not scalar and \
            _is_pointer_constraint(constraint):
        return value.ptr().materialize()
    if constraint == "index":
        return to_index(value)
    fixed = _FIXED.get(constraint)
    if fixed is not None:
        return value_of(value, PrimType(fixed))
    if constraint == "i128":
        e = as_expr(value)
        return e.materialize()
    if isinstance(value, (bool, int, float)):
        return as_expr(value).materialize()
    if isinstance(value, (list, tuple)):
        raise UserError(f"operand '{pname}' of {name} takes one value, got a "
                        f"{type(value).__name__}")
    return as_expr(value).materialize()


def _attr_value(b, name, spec, value):
    kind = spec["kind"]
    aname = spec["name"]
    if kind == "unit":
        return _ir.UnitAttr.get(b.ctx) if value else None
    if value is None:
        return None
    if isinstance(value, _ir.Attribute):
        return value
    try:
        if kind == "int_enum":
            cases = spec["cases"]
            if isinstance(value, str):
                key = value.replace("::", "_") if value not in cases else value
                if key not in cases:
                    key = value.replace("::", ".")
                if key not in cases:
                    raise UserError(f"{name}: '{aname}' must be one of "
                                    f"{', '.join(sorted(cases))}, got {value!r}")
                value = cases[key]
            return b.int_attr(int(value), f"i{spec.get('width', 32)}")
        if kind == "enum_attr":
            if value not in spec["cases"]:
                raise UserError(f"{name}: '{aname}' must be one of "
                                f"{', '.join(spec['cases'])}, got {value!r}")
            return b.attr(spec["syntax"].format(value))
        if kind in ("i8", "i16", "i32", "i64"):
            if isinstance(value, Expr):
                raise UserError(f"{name}: '{aname}' must be a Python integer "
                                "(it is a compile-time attribute)")
            return b.int_attr(int(value), kind)
        if kind == "bool":
            return _ir.BoolAttr.get(bool(value), b.ctx)
        if kind in ("f32", "f64"):
            return _ir.FloatAttr.get(b.type(kind), float(value))
        if kind == "str":
            return b.str_attr(str(value))
        if kind == "type":
            t = value
            if hasattr(t, "prim_type"):
                t = t.prim_type
            text = t.mem if isinstance(t, PrimType) else (
                t.mlir if hasattr(t, "mlir") else as_prim_type(t).mem)
            return _ir.TypeAttr.get(b.type(text))
        if kind == "i64_array":
            return _ir.DenseI64ArrayAttr.get([int(v) for v in value], b.ctx)
        if kind == "i32_array":
            return _ir.DenseI32ArrayAttr.get([int(v) for v in value], b.ctx)
        if kind == "symbol":
            return _ir.FlatSymbolRefAttr.get(str(value), b.ctx)
        if isinstance(value, str):
            return b.attr(value)
    except UserError:
        raise
    except Exception as e:
        raise UserError(f"{name}: bad value {value!r} for '{aname}': {e}") from None
    raise UserError(f"{name}: cannot convert {value!r} to the attribute '{aname}'")


def _assign_args(name, meta, args, kwargs):
    """{operand or attribute name: value} from positional and keyword
    arguments."""
    operands = meta["operands"]
    attrs = meta["attributes"]
    names = {o[0] for o in operands} | {a["name"] for a in attrs}
    got = {}
    for k, v in kwargs.items():
        if k not in names:
            raise UserError(f"{name} has no operand or attribute '{k}' (it has "
                            f"{', '.join([o[0] for o in operands] + [a['name'] for a in attrs]) or 'none'})")
        got[k] = v
    args = list(args)
    i = 0
    for idx, (oname, kind, _c) in enumerate(operands):
        if oname in got:
            continue
        if i >= len(args):
            break
        if kind == "variadic":
            if isinstance(args[i], (list, tuple)):
                got[oname] = list(args[i])
                i += 1
            else:
                # the rest of the values, leaving the later operands theirs
                later = sum(1 for o in operands[idx + 1:] if o[0] not in got)
                n = max(0, len(args) - i - later)
                got[oname] = args[i:i + n]
                i += n
        else:
            got[oname] = args[i]
            i += 1
    for a in attrs:
        if i >= len(args):
            break
        if a["name"] in got:
            continue
        got[a["name"]] = args[i]
        i += 1
    if i < len(args):
        raise UserError(f"{name} takes at most {i} positional argument(s), "
                        f"got {len(args)}")
    return got


def build(name, args=(), kwargs=None, result_types=None, want_optional=None):
    """Creates op `name`; returns None, an Expr or a tuple of Exprs."""
    b = current()
    meta = OPS.get(name)
    if meta is None:
        raise UserError(f"unknown op '{name}'")
    kwargs = dict(kwargs or {})
    rt = kwargs.pop("result_type", None)
    rts = kwargs.pop("result_types", None)
    if rt is not None:
        result_types = [rt]
    elif rts is not None:
        result_types = list(rts)
    if meta["regions"]:
        raise UserError(f"'{name}' has regions; it is written with script "
                        "statements, not called")
    got = _assign_args(name, meta, args, kwargs)
    rule = _ATTR_RULES.get(name)
    if rule is not None:
        rule(name, got)
    operands, segments = [], []
    typed = {}
    for prm in meta["operands"]:
        oname, kind, constraint = prm
        v = got.get(oname, _MISSING)
        if kind == "variadic":
            vals = [] if v is _MISSING or v is None else list(v)
            conv = [_operand_value(name, prm, x) for x in vals]
            operands.extend(conv)
            segments.append(len(conv))
            typed[oname] = conv
        elif kind == "optional":
            if v is _MISSING or v is None:
                segments.append(0)
                typed[oname] = None
            else:
                c = _operand_value(name, prm, v)
                operands.append(c)
                segments.append(1)
                typed[oname] = c
        else:
            if v is _MISSING or v is None:
                raise UserError(f"{name} needs the operand '{oname}'")
            c = _operand_value(name, prm, v)
            operands.append(c)
            segments.append(1)
            typed[oname] = c
    attributes = {}
    attr_values = {}
    for spec in meta["attributes"]:
        v = got.get(spec["name"], _MISSING)
        if v is _MISSING:
            if not spec["optional"]:
                raise UserError(f"{name} needs the attribute '{spec['name']}'")
            continue
        attr_values[spec["name"]] = v
        a = _attr_value(b, name, spec, v)
        if a is not None:
            attributes[spec["name"]] = a
    if meta["segments"]:
        attributes["operandSegmentSizes"] = b.attr(
            "array<i32: " + ", ".join(str(s) for s in segments) + ">")
    if result_types is None:
        result_types = _infer_results(name, meta, typed, attr_values, want_optional)
    texts = [t if isinstance(t, str) else mlir_type_text(
        t.prim_type if hasattr(t, "prim_type") else t) for t in result_types]
    op = b.create(name, operands, texts, attributes)
    hint = _unsigned_hint(attr_values.get("type"))
    outs = [result_expr(r, t, _with_lanes_of(hint, t))
            for r, t in zip(op.results, texts)]
    if not outs:
        return None
    return outs[0] if len(outs) == 1 else tuple(outs)


def _unsigned_hint(ptx_type):
    """uint<N> for an op whose `type` is the unsigned PTX type u<N> (ldu.u8,
    atom.u32, ...): a result of that width holds an unsigned value, which
    widens with zeros, not with its sign bit."""
    if isinstance(ptx_type, str) and ptx_type in ("u8", "u16", "u32", "u64"):
        return PrimType("uint" + ptx_type[1:])
    return None


def _with_lanes_of(hint, text):
    """`hint` with the lanes of the vector type `text` (result_expr takes
    it only where its MLIR type is `text`)."""
    if hint is None or not text.startswith("vector<"):
        return hint
    lanes = text[len("vector<"):].split("x", 1)[0]
    return hint.with_lanes(int(lanes)) if lanes.isdigit() else None


def _type_of(v):
    return str(v.type) if v is not None else None


@functools.lru_cache(maxsize=None)
def _table_variants(name):
    """The variants of a table-generated op (its result types are the
    table's), or () when `name` is not one or the table is absent."""
    try:
        from .. import ptxtable
    except ImportError:
        return ()
    data = next((o for o in ptxtable._data()["ops"] if o["name"] == name), None)
    if data is None or not data.get("table_op"):
        return ()
    return tuple(ptxtable.variants(name))


def _table_results(name, meta, typed, attrs):
    """The result types of the variant of table op `name` with these
    attributes and operand types, or None when none has them (the
    verifier then says which variants there are)."""
    given = {k: v for k, v in attrs.items() if v is not None and v is not False}
    for v in _table_variants(name):
        if v.modifiers != given:
            continue
        ok = True
        for oname, kind, _ in meta["operands"]:
            val = typed.get(oname)
            if isinstance(val, list):
                ok = False
                break
            want = v.types.get(oname)
            if (val is None) != (want is None) or (
                    val is not None and _type_of(val) != want):
                ok = False
                break
        if ok:
            return [v.types[r[0]] for r in meta["results"] if r[0] in v.types]
    return None


def _infer_results(name, meta, typed, attrs, want_optional):
    rule = _RULES.get(name)
    if rule is not None:
        return rule(typed, attrs)
    found = _table_results(name, meta, typed, attrs)
    if found is not None:
        return found
    if _table_variants(name) and not all(
            r[2] in _FIXED for r in meta["results"]):
        raise UserError(_no_variant(name, meta, typed, attrs))
    out = []
    for rname, kind, constraint in meta["results"]:
        if kind == "optional" and not (want_optional and rname in want_optional):
            continue
        if constraint in _FIXED or constraint in ("i128", "index"):
            out.append(constraint)
            continue
        # a result constrained like an operand has that operand's type
        same = [o for o in meta["operands"] if o[2] == constraint and typed.get(o[0]) is not None]
        if same and not isinstance(typed[same[-1][0]], list):
            out.append(_type_of(typed[same[-1][0]]))
            continue
        raise UserError(f"cannot infer the type of result '{rname}' of {name}; "
                        f"pass result_type=")
    return out


def _no_variant(name, meta, typed, attrs):
    """The error of a table op call that no variant takes: what it got and
    the variants with its attributes (or the first few)."""
    given = {k: v for k, v in attrs.items() if v is not None and v is not False}
    got = [f"{k} = {v}" for k, v in given.items()]
    got += [f"{o} : {_type_of(typed[o])}" for o, _, _ in meta["operands"]
            if typed.get(o) is not None and not isinstance(typed[o], list)]
    variants = _table_variants(name)
    near = [v for v in variants if v.modifiers == given] or list(variants)
    shown = ", ".join(
        f"`{v.ptx}` (" + ", ".join(f"{o} : {t}" for o, t in v.types.items()) + ")"
        for v in near[:4])
    return (f"{name} has no PTX variant with {', '.join(got) or 'no arguments'}; "
            f"its variants include {shown} ({len(variants)} in all)")


def _mapa_result(typed, attrs):
    t = _type_of(typed["addr"])
    st = script_type_of_mlir(t)
    if isinstance(st, PointerType):
        scope = "generic" if st.storage_scope == "generic" else "shared.cluster"
        return [PointerType(st.element_type, scope).mlir]
    return [t]


def _kind_rule(true_kinds, a, b):
    def rule(typed, attrs):
        return [a if attrs.get("kind") in true_kinds else b]
    return rule


def _ldmatrix_rule(typed, attrs):
    n = {"x1": 1, "x2": 2, "x4": 4}.get(attrs.get("num"), None)
    if n is None:
        raise UserError("ldmatrix needs num='x1', 'x2' or 'x4'")
    return [f"vector<{n}xi32>"]


def _atomic_type(name, got):
    """atom / red: the `type` attribute from the value when it is not
    given (``T.ptx.red(ptr, v, op="add")``): the PTX type of the value's
    element type that the operation takes."""
    if got.get("type") is not None or got.get("value") is None:
        return
    v = got["value"]
    if isinstance(v, Expr) and isinstance(v.ty, PrimType):
        t = v.ty
    elif isinstance(v, (bool, int, float)):
        from ._expr import default_type_of
        t = default_type_of(v)
    else:
        return
    op = got.get("op")
    op = op if isinstance(op, str) else None
    e = t.element
    if e.is_float:
        base = {"float16": "f16", "bfloat16": "bf16", "float32": "f32",
                "float64": "f64"}.get(e.dtype)
        if base is None:
            raise UserError(f"{name}: no PTX type for {t} values; pass type=")
        got["type"] = base + ("x2" if t.lanes == 2 and e.bits == 16 else "")
        return
    if not (e.is_int or e.is_bool) or e.bits not in (16, 32, 64):
        raise UserError(f"{name}: no PTX type for {t} values; pass type=")
    bits = e.bits
    if op in ("and", "or", "xor", "exch", "cas"):
        got["type"] = f"b{bits}"
    elif op == "add" and bits == 64:
        got["type"] = "u64"  # PTX adds 64-bit integers as u64 (two's complement)
    elif op in ("inc", "dec"):
        got["type"] = f"u{bits}"
    else:
        got["type"] = f"{'u' if e.is_uint or e.is_bool else 's'}{bits}"


_ATTR_RULES = {"tirx.ptx.red": _atomic_type, "tirx.ptx.atom": _atomic_type}


_RULES = {
    "tirx.ptx.mapa": _mapa_result,
    "tirx.ptx.barrier.red": _kind_rule({"popc"}, "i32", "i1"),
    "tirx.ptx.vote.sync": _kind_rule({"ballot"}, "i32", "i1"),
    "tirx.ptx.clusterlaunchcontrol.query_cancel": _kind_rule({"is_canceled"}, "i1", "i32"),
    "tirx.ptx.ldmatrix": _ldmatrix_rule,
}

