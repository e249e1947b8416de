"""Calls in the original's PTX spelling, through ``tirx.ptxtable``.

A table variant names the op, its fixed attributes, and the operand slots
in PTX (the original's call) order. Each slot is an input (``in``), a
destination (``out``: the op's result is stored into the lvalue argument),
an accumulator (``inout``: the argument's value is the operand, the result
named by the slot's ``result`` is stored back) or an immediate (``imm``: a
compile-time integer that becomes the attribute of the slot's name).
``pred=`` runs the call under ``if pred:``.

The operand wrappers ``T.ptx.pred(x)`` / ``T.ptx.addr(base, imm)`` and
``pred=`` serve the canonical spelling (``_ptx``) too, which imports them
from here.
"""

import itertools

from .._ods import OPS
from ._builder import UserError, current, emit_yield
from ._buffer import Buffer, ptr_byte_offset, store_value
from ._expr import BufferLoad, Expr, as_expr, cast, select, to_bool
from ._opbuild import build
from ._types import PointerType, PrimType, script_type_of_mlir

__all__ = ["accepts", "call_variant", "Pred", "Addr"]


# ---------------------------------------------------------------------------
# Operands and predication, of both spellings of T.ptx
# ---------------------------------------------------------------------------

class Pred:
    """``T.ptx.pred(x)``: `x` as a ``.pred`` operand."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Addr:
    """``T.ptx.addr(base, imm)``: an address with an immediate byte offset."""

    __slots__ = ("base", "offset")

    def __init__(self, base, offset):
        self.base = base
        self.offset = offset

    def resolve(self):
        base = self.base
        if isinstance(base, Buffer):
            base = base.data
        e = as_expr(base)
        if isinstance(e.ty, PointerType):
            elem = e.ty.element_type
            if not isinstance(elem, PrimType):
                elem = PrimType("uint8")
            return ptr_byte_offset(e, self.offset, elem)
        if isinstance(e.ty, PrimType) and e.ty.is_int:
            return e + self.offset
        raise UserError(f"T.ptx.addr needs a pointer or an integer address, got {e.ty}")


def _predicated(pred, fn):
    """Runs `fn` under ``if pred:`` (the op may not return a value)."""
    b = current()
    if not isinstance(pred, Expr):
        return fn() if pred else None
    c = to_bool(pred)
    op = b.create("tirx.if", [c.materialize()], [], regions=2)
    block = op.regions[0].blocks.append()
    b.push_block(block, kind="if")
    try:
        r = fn()
        if r is not None:
            raise UserError("a predicated (pred=) PTX call cannot return a value")
    finally:
        emit_yield(b)
        b.pop_block()
    return None


# ---------------------------------------------------------------------------
# Table variants
# ---------------------------------------------------------------------------

def _slot(s, key, default=None):
    if isinstance(s, dict):
        return s.get(key, default)
    return getattr(s, key, default)


def _width(s):
    """How many scalar arguments a slot of one vector type takes (1 else)."""
    types = _slot(s, "types") or ()
    if len(types) == 1 and types[0].startswith("vector<"):
        return int(types[0][len("vector<"):].split("x", 1)[0])
    return 1


def _is_lvalue(v):
    return isinstance(v, BufferLoad)


def _assign(text, slots, args):
    """[(slot, value or list of values)] for the positional arguments.

    Optional slots are filled as the argument count requires (earlier ones
    first; a destination only takes an lvalue), a slot of one vector type takes that many scalars when the
    count says so (the original passes registers one by one), and a
    destination must receive lvalues."""
    n = len(args)
    opts = [s for s in slots if _slot(s, "optional") and not _slot(s, "variadic")]
    var = [s for s in slots if _slot(s, "variadic")]
    if len(var) > 1:
        raise UserError(f"'{text}': more than one variadic operand slot")
    subsets = [()]
    for k in range(1, len(opts) + 1):
        subsets += list(itertools.combinations(opts, k))
    for subset in subsets:
        chosen = [s for s in slots if not _slot(s, "optional") or _slot(s, "variadic")
                  or any(s is o for o in subset)]
        for expand in (False, True):
            widths = [_width(s) if expand else 1 for s in chosen]
            if expand and widths == [1] * len(widths):
                continue
            spare = n - sum(w for s, w in zip(chosen, widths) if not _slot(s, "variadic"))
            if spare < 0 or (not var and spare != 0):
                continue
            out, i, ok = [], 0, True
            for s, w in zip(chosen, widths):
                if _slot(s, "variadic"):
                    w = spare
                vals = list(args[i:i + w])
                i += w
                if _slot(s, "role") in ("out", "inout") and not all(_is_lvalue(x) for x in vals):
                    ok = False
                    break
                out.append((s, vals if (w != 1 or _slot(s, "variadic")) else vals[0]))
            if ok:
                return out
    lo = sum(1 for s in slots if not _slot(s, "optional"))
    hi = len(slots)
    count = str(lo) if lo == hi else f"{lo} to {hi}"
    names = ", ".join(_slot(s, "name") + ("?" if _slot(s, "optional") else "")
                      for s in slots)
    outs = [_slot(s, "name") for s in slots if _slot(s, "role") in ("out", "inout")]
    dest = (f"; the destination{'s' if len(outs) > 1 else ''} "
            f"{', '.join(outs)} must be buffer elements or scalar variables"
            if outs else "")
    raise UserError(f"'{text}' takes {count} argument(s) ({names}){dest}; "
                    f"got {n}")


def _lvalue(text, slot, v):
    if isinstance(v, BufferLoad):
        return v
    raise UserError(f"'{text}': the destination '{_slot(slot, 'name')}' must be "
                    "a buffer element or a scalar variable (an lvalue), got "
                    f"{type(v).__name__}")


def _unwrap(v):
    if isinstance(v, Pred):
        e = as_expr(v.value)
        return cast(e, "bool") if not (isinstance(e.ty, PrimType) and e.ty.is_bool) else e
    if isinstance(v, Addr):
        return v.resolve()
    return v


def accepts(variant, text, args, kwargs):
    """Whether `variant`'s operand slots take these arguments (their count
    and keywords), without building anything."""
    slots = list(_slot(variant, "operands", []) or [])
    names = {_slot(s, "name") for s in slots}
    if any(k not in names for k in kwargs if k not in ("pred", "preserve_dst")):
        return False
    try:
        _assign(text, [s for s in slots if _slot(s, "name") not in kwargs], list(args))
    except UserError:
        return False
    return True


def call_variant(variant, text, args, kwargs):
    kwargs = dict(kwargs)
    pred = kwargs.pop("pred", None)
    kwargs.pop("preserve_dst", None)
    op = _slot(variant, "op")
    if op not in OPS:
        raise UserError(f"'{text}' maps to '{op}', which this build does not have")
    meta = OPS[op]
    slots = list(_slot(variant, "operands", []) or [])
    # keywords name slots
    by_name = {_slot(s, "name"): s for s in slots}
    for k in list(kwargs):
        if k not in by_name:
            raise UserError(f"'{text}' has no operand '{k}'")
    pairs = _assign(text, [s for s in slots if _slot(s, "name") not in kwargs], list(args))
    pairs += [(by_name[k], v) for k, v in kwargs.items()]

    def emit():
        b = current()
        operands, attrs, outs = {}, {}, []
        for name, value in (_slot(variant, "attrs", {}) or {}).items():
            attrs[name] = True if value == "unit" else b.attr(value)
        for s, v in _ignore_src(op, text, pairs):
            role = _slot(s, "role", "in")
            name = _slot(s, "name")
            if role == "lit":
                if isinstance(v, Expr) or v != int(name):
                    raise UserError(f"'{text}': this operand can only be the "
                                    f"literal {name}, got {v!r}")
                continue
            if role == "imm":
                if isinstance(v, Expr):
                    raise UserError(f"'{text}': '{name}' is an immediate; give a "
                                    "Python integer")
                mapped = dict(_slot(s, "imm_values") or ())
                attrs[name] = b.attr(mapped[v]) if v in mapped else v
            elif role == "in":
                if isinstance(v, list):
                    operands[name] = _elements(b, [_unwrap(x) for x in v], s)
                elif (_slot_type(s) or "").startswith("vector<1x"):
                    operands[name] = _elements(b, [_unwrap(v)], s)
                else:
                    operands[name] = _coerce(_unwrap(v), _slot(s, "types") or ())
            elif role == "out":
                lv = [_lvalue(text, s, x) for x in v] if isinstance(v, list) else [_lvalue(text, s, v)]
                outs.append((name, lv, _slot_type(s)))
            elif role == "inout":
                lv = [_lvalue(text, s, x) for x in v] if isinstance(v, list) else [_lvalue(text, s, v)]
                loaded = [Expr(x.materialize(), x.ty) for x in lv]
                operands[name] = (_elements(b, loaded, s) if isinstance(v, list)
                                  else _coerce(loaded[0], _slot(s, "types") or ()))
                outs.append((_slot(s, "result") or name, lv, None))
            else:
                raise UserError(f"'{text}': unknown operand role {role!r}")
        rtypes, want = _result_types(op, meta, outs)
        kw = dict(operands)
        kw.update(attrs)
        res = build(op, (), kw, result_types=rtypes)
        _store_results(meta, want, res, outs)

    if pred is None:
        emit()
        return None
    _predicated(pred, emit)
    return None


def _is_bool(v):
    if isinstance(v, bool):
        return True
    v = _unwrap(v)
    return isinstance(v, Expr) and isinstance(v.ty, PrimType) and v.ty.is_bool


def _ignore_src(op, text, pairs):
    """cp.async's `ignore-src` predicate (PTX: zeros are copied when it is
    true) passed where the table has `src_size`: the op reads `src_size`
    0 bytes then, else the whole `cp-size`."""
    if op != "tirx.ptx.cp.async":
        return pairs
    size = next((v for s, v in pairs if _slot(s, "name") == "size"), None)
    out = []
    for s, v in pairs:
        if _slot(s, "name") == "src_size" and _is_bool(v):
            if not isinstance(size, int):
                raise UserError(f"'{text}': ignore-src needs the copy size as "
                                "a Python integer")
            v = select(to_bool(_unwrap(v)), as_expr(0, "int32"),
                       as_expr(size, "int32"))
        out.append((s, v))
    return out


def _slot_type(s):
    """The one MLIR type the table gives a slot, if it gives exactly one."""
    types = _slot(s, "types") or ()
    return types[0] if len(types) == 1 and " " not in types[0] else None


def _elements(b, values, s):
    """The values of a slot given as several arguments: each converted to
    its type, or packed into the one vector operand the table gives."""
    types = _slot(s, "types") or ()
    if len(types) == 1 and " " in types[0]:
        return [_coerce(x, (t,)) for x, t in zip(values, types[0].split())]
    t = types[0] if len(types) == 1 else None
    if t is not None and t.startswith("vector<"):
        n, elem = t[len("vector<"):-1].split("x", 1)
        if int(n) != len(values):
            raise UserError(f"{len(values)} values for an operand of type {t}")
        et = script_type_of_mlir(elem)
        vals = [_coerce(x, (elem,)) for x in values]
        v = b.create("vector.from_elements", [as_expr(x).materialize() for x in vals], [t]).result
        return Expr(v, et.with_lanes(int(n)) if isinstance(et, PrimType) else script_type_of_mlir(t))
    return values


def _coerce(v, types):
    """An operand converted to one of the table's types: numbers to the
    scalar type (a float of a .bN register as its bits), integer addresses
    to the pointer type, a pointer to the integer type of an address slot
    (mapa.u64) when no pointer of its scope fits."""
    from ._expr import reinterpret
    if not types or not isinstance(v, (int, float, bool, Expr)):
        return v
    sts = [script_type_of_mlir(t) for t in types]
    prims = [t for t in sts if isinstance(t, PrimType)]
    ptrs = [t for t in sts if isinstance(t, PointerType)]
    if isinstance(v, Expr) and isinstance(v.ty, PointerType):
        if any(p.storage_scope == v.ty.storage_scope for p in ptrs) or not prims:
            return v
        st = prims[0]
        if st.is_int and st.bits in (32, 64):
            return reinterpret(st, v)
        return v
    if isinstance(v, Expr) and not isinstance(v.ty, PrimType):
        return v
    if prims:
        st = prims[0]
        if _is_bool(v) and not st.is_bool:
            # A predicate converted to an integer would be 0 or 1 bytes,
            # lanes, ...: never what a .pred operand of the original meant.
            raise UserError(f"a boolean for an operand of type {types[0]}; "
                            "give an integer (the table has no predicate "
                            "operand here)")
        if isinstance(v, Expr):
            if v.ty.ssa == st.ssa:
                return Expr(v.materialize(), v.ty) if isinstance(v, BufferLoad) else v
            if v.ty.bits * v.ty.lanes == st.bits * st.lanes and v.ty.is_float != st.is_float:
                return reinterpret(st, v)  # a .bN register holds bits
        return cast(v, st)
    if ptrs:  # an integer address for a pointer operand
        e = as_expr(v)
        if isinstance(e.ty, PrimType) and e.ty.is_int:
            if e.ty.bits not in (32, 64):
                e = cast(e, "int64")
            return reinterpret(ptrs[0], e)
    return v


def _result_types(op, meta, outs):
    """The result types of `op` for the destinations `outs`."""
    by = {n: lv for n, lv, _t in outs}
    given = {n: t for n, _lv, t in outs}
    types, want = [], []
    for rname, kind, constraint in meta["results"]:
        lv = by.get(rname)
        if lv is None:
            if kind == "optional":
                continue
            if constraint in ("i1", "i32", "i64", "i16", "f32", "f64", "i128"):
                types.append(constraint)
                want.append((rname, None))
                continue
            raise UserError(f"{op}: no destination for result '{rname}'")
        t = lv[0].ty
        ssa = t.ssa if isinstance(t, PrimType) else "i64"
        if given.get(rname) is not None and kind != "variadic":
            types.append(given[rname])
            want.append((rname, lv))
            continue
        if kind == "variadic":
            types.extend(x.ty.ssa for x in lv)
        elif len(lv) > 1:
            if constraint in ("i1", "i32", "i64", "f32"):
                raise UserError(f"{op}: result '{rname}' is one value, given "
                                f"{len(lv)} destinations")
            types.append(f"vector<{len(lv)}x{ssa}>")
        else:
            fixed = constraint if constraint in ("i1", "i16", "i32", "i64", "f32", "f64") else None
            types.append(fixed or ssa)
        want.append((rname, lv))
    return types, want


def _store_results(meta, want, res, outs):  # noqa: C901
    if res is None:
        return
    values = list(res) if isinstance(res, tuple) else [res]
    b = current()
    i = 0
    for rname, lv in want:
        kinds = {r[0]: r[1] for r in meta["results"]}
        if lv is None:
            i += 1
            continue
        if kinds.get(rname) == "variadic":
            for dst in lv:
                dst.store(values[i])
                i += 1
            continue
        v = values[i]
        i += 1
        if len(lv) > 1:
            for k, dst in enumerate(lv):
                e = b.create("vector.extract", [v.materialize()], [dst.ty.ssa],
                             {"static_position": b.attr(f"array<i64: {k}>")}).result
                dst.store(Expr(e, dst.ty))
        else:
            dst = lv[0]
            text = str(v.materialize().type)
            if text.startswith("vector<1x"):  # one register as a 1-vector
                e = b.create("vector.extract", [v.materialize()], [text[len("vector<1x"):-1]],
                             {"static_position": b.attr("array<i64: 0>")}).result
                from ._types import script_type_of_mlir
                v = Expr(e, script_type_of_mlir(text[len("vector<1x"):-1]))
            if isinstance(v.ty, PrimType) and isinstance(dst.ty, PrimType) and \
                    v.ty.bits == dst.ty.bits and v.ty.is_float != dst.ty.is_float:
                from ._expr import reinterpret
                v = reinterpret(dst.ty, v)  # a b32 register seen as f32 or back
            dst.store(store_value(v, dst.ty, "the destination") if isinstance(v.ty, PrimType)
                      else v)
