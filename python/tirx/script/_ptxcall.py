"""Calls in the original's PTX spelling, through ``tirx.ptxtable``.

A table variant names the op, its fixed attributes, and the operand slots
in PTX (the original's call) order. Each slot is an input (``in``), a
destination (``out``: the op's result is stored into the lvalue argument),
an accumulator (``inout``: the argument's value is the operand, the result
named by the slot's ``result`` is stored back) or an immediate (``imm``: a
compile-time integer that becomes the attribute of the slot's name).
``pred=`` runs the call under ``if pred:``.
"""

from .._ods import OPS
from ._builder import UserError, current
from ._expr import (BufferLoad, Expr, as_expr, cast, store_value)
from ._opbuild import build
from ._types import PrimType

__all__ = ["call_variant"]


def _slot(s, key, default=None):
    if isinstance(s, dict):
        return s.get(key, default)
    return getattr(s, key, default)


def _assign(text, slots, args):
    """[(slot, value or list of values)] for the positional arguments."""
    n = len(args)
    required = [s for s in slots if not _slot(s, "optional") and not _slot(s, "variadic")]
    optional = [s for s in slots if _slot(s, "optional") and not _slot(s, "variadic")]
    variadic = [s for s in slots if _slot(s, "variadic")]
    if len(variadic) > 1:
        raise UserError(f"'{text}': more than one variadic operand slot")
    spare = n - len(required)
    if spare < 0:
        names = ", ".join(_slot(s, "name") for s in required)
        raise UserError(f"'{text}' takes at least {len(required)} argument(s) "
                        f"({names}), got {n}")
    use_opt = set()
    if not variadic:
        if spare > len(optional):
            raise UserError(f"'{text}' takes at most {len(required) + len(optional)} "
                            f"argument(s), got {n}")
        use_opt = {id(s) for s in optional[:spare]}
        n_var = 0
    else:
        n_var = spare
    out, i = [], 0
    for s in slots:
        if _slot(s, "variadic"):
            out.append((s, list(args[i:i + n_var])))
            i += n_var
        elif _slot(s, "optional") and id(s) not in use_opt:
            continue
        else:
            out.append((s, args[i]))
            i += 1
    return out


def _lvalue(text, slot, v):
    if isinstance(v, BufferLoad):
        return v
    raise UserError(f"'{text}': the destination '{_slot(slot, 'name')}' must be "
                    "a buffer element or a scalar variable (an lvalue), got "
                    f"{type(v).__name__}")


def _unwrap(v):
    from ._ptx import Addr, Pred
    if isinstance(v, Pred):
        e = as_expr(v.value)
        return cast(e, "bool") if not (isinstance(e.ty, PrimType) and e.ty.is_bool) else e
    if isinstance(v, Addr):
        return v.resolve()
    return v


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
        for s, v in pairs:
            role = _slot(s, "role", "in")
            name = _slot(s, "name")
            if role == "imm":
                if isinstance(v, Expr):
                    raise UserError(f"'{text}': '{name}' is an immediate; give a "
                                    "Python integer")
                attrs[name] = v
            elif role == "in":
                operands[name] = ([_unwrap(x) for x in v] if isinstance(v, list)
                                  else _unwrap(v))
            elif role == "out":
                lv = [_lvalue(text, s, x) for x in v] if isinstance(v, list) else [_lvalue(text, s, v)]
                outs.append((name, lv))
            elif role == "inout":
                lv = [_lvalue(text, s, x) for x in v] if isinstance(v, list) else [_lvalue(text, s, v)]
                operands[name] = ([x.materialize() for x in lv] if isinstance(v, list)
                                  else Expr(lv[0].materialize(), lv[0].ty))
                outs.append((_slot(s, "result") or name, lv))
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
    from ._ptx import _predicated
    _predicated(pred, emit)
    return None


def _result_types(op, meta, outs):
    """The result types of `op` for the destinations `outs`."""
    by = {n: lv for n, lv in outs}
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


def _store_results(meta, want, res, outs):
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
            dst.store(store_value(v, dst.ty, "the destination") if isinstance(v.ty, PrimType)
                      else v)
