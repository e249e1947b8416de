"""The PTX variant table of the ``tirx.ptx`` ops.

Every ``tirx.ptx`` op lists, in its ODS definition
(``include/TIRx/Dialect/TIRxPTX*.td``), the PTX instructions it stands for as
groups of legal variants. The build dumps that table to ``ptxtable_data.json``
next to this module (``scripts/gen-ptx-table.py``); this module, pure Python,
enumerates and looks up its variants:

* ``lookup(instr)`` maps a PTX instruction as PTX writes it
  (``"mbarrier.arrive.expect_tx.shared::cta.b64"``, ``"ld.shared.v4.u32"``)
  to the ``Variant`` that expresses it, or ``None``. Every spelling the PTX
  ISA accepts for a form is accepted (``.shared`` for ``.shared::cta``,
  ``bar.sync`` for ``barrier.sync.aligned``, ...).
* ``variants()`` yields every legal variant, the set the PTX sweep compiles
  and assembles for every chip it claims.

A ``Variant`` gives the op name, the canonical PTX text, the op's attributes
in MLIR syntax, the operands in PTX operand order (``Slot``), the operand and
result types of an instance, and the ``Requirement`` (chips and PTX ISA
version).
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import re
from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Tuple

__all__ = ["Requirement", "Slot", "Variant", "lookup", "lookup_all", "variants", "ops",
           "chips", "chip_min_ptx", "max_ptx", "count"]

# The generated table next to this module (TIRX_PTXTABLE_DATA overrides it,
# for the build's own generators).
_DATA_FILE = os.environ.get("TIRX_PTXTABLE_DATA") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "ptxtable_data.json")


# ---------------------------------------------------------------------------
# Public data types
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Requirement:
    """Where a variant runs: the chips of ``#tirx.target`` that provide it and
    the lowest PTX ISA version (times ten, e.g. 80 for 8.0) it needs."""

    text: str
    chips: Tuple[str, ...]
    ptx: int

    @property
    def ptx_text(self) -> str:
        return f"PTX ISA {self.ptx // 10}.{self.ptx % 10}"

    @property
    def min_chip(self) -> Optional[str]:
        return self.chips[0] if self.chips else None

    def ptx_for(self, chip: str) -> int:
        """The PTX ISA version a compile for ``chip`` uses: the variant's or
        the chip's minimum, whichever is higher."""
        return max(self.ptx, chip_min_ptx(chip))


@dataclass(frozen=True)
class Slot:
    """One operand of the PTX instruction, in PTX operand order.

    ``role``: ``"in"`` (an operand), ``"out"`` (a result the caller stores
    into the destination it passed), ``"inout"`` (an operand whose updated
    value is the result named ``result``) or ``"imm"`` (a compile-time
    integer that becomes the attribute ``name``; ``imm_values`` maps PTX's
    immediate to the attribute in MLIR syntax where they differ) or ``"lit"``
    (an operand the instruction fixes, ``name`` being its literal: the
    caller passes that integer and the op carries nothing)."""

    name: str
    role: str
    optional: bool
    variadic: bool
    result: Optional[str] = None
    types: Tuple[str, ...] = ()
    imm_values: Optional[Tuple[Tuple[int, str], ...]] = None

    @property
    def type(self) -> Optional[str]:
        return self.types[0] if self.types else None


@dataclass(frozen=True)
class Variant:
    """One legal form of a ``tirx.ptx`` op."""

    op: str
    ptx: str
    attrs: Dict[str, str]
    operands: Tuple[Slot, ...]
    requirement: Requirement
    types: Dict[str, object]
    constants: Dict[str, str]
    key: str
    # The TIRx_PTXReq defs behind ``requirement`` (the generated C++ checks
    # of the table-generated ops are built from them).
    req_names: Tuple[str, ...] = ()

    @property
    def modifiers(self) -> Dict[str, object]:
        """The attributes readably: enum keywords (``"release"``), integers,
        True for a unit attribute."""
        op = next(o for o in _ops() if o.name == self.op)
        out = {}
        for name, text in self.attrs.items():
            info = op.attrs.get(name, {})
            if text == "unit":
                out[name] = True
            elif info.get("kind") == "enum":
                cases = _data()["enums"][info["enum"]]["cases"]
                out[name] = cases[int(text.split(":")[0])]
            elif info.get("kind") == "int":
                out[name] = int(text.split(":")[0])
            else:
                out[name] = text
        return out

    def __repr__(self):
        return f"Variant({self.op}: {self.ptx} {self.attrs})"


# ---------------------------------------------------------------------------
# Expression helpers of the tables (see TIRxPTXMemOps.td)
# ---------------------------------------------------------------------------

_ELT = {"b8": "i8", "u8": "i8", "s8": "i8", "b16": "i16", "u16": "i16",
        "s16": "i16", "b32": "i32", "u32": "i32", "s32": "i32", "f32": "f32",
        "b64": "i64", "u64": "i64", "s64": "i64", "f64": "f64",
        "b128": "i128", "f16": "f16", "bf16": "bf16", "f16x2": "f16",
        "bf16x2": "bf16"}


def _bits(t):
    return {"f16x2": 32, "bf16x2": 32, "f16": 16, "bf16": 16}.get(
        t, int(re.sub(r"\D", "", t) or 0))


def _lanes(t):
    return 2 if t.endswith("x2") else 1


def _vt(v, t):
    n = v * _lanes(t)
    return _ELT[t] if n == 1 else f"vector<{n}x{_ELT[t]}>"


# The register an arithmetic instruction of type t reads and writes (the
# packed pairs one register of their total width), and the double-width
# result of a `.wide` integer product.
_REG = {"pred": "i1", "b16": "i16", "u16": "i16", "s16": "i16", "b32": "i32",
        "u32": "i32", "s32": "i32", "b64": "i64", "u64": "i64", "s64": "i64",
        "u16x2": "i32", "s16x2": "i32", "f16": "f16", "bf16": "bf16",
        "f16x2": "i32", "bf16x2": "i32", "f32": "f32", "f32x2": "i64",
        "f64": "f64"}
_REG.update({"u8": "i16", "s8": "i16", "tf32": "i32", "e4m3x2": "i16",
             "e5m2x2": "i16"})
_WIDE = {"u16": "i32", "s16": "i32", "u32": "i64", "s32": "i64"}


def _isint(t):
    return t[0] in "us"


def _int_range(t):
    n = int(t[1:])
    return (0, 2**n - 1) if t[0] == "u" else (-2**(n - 1), 2**(n - 1) - 1)


def _covers(d, a):
    """Whether integer type d holds every value of integer type a."""
    (dl, dh), (al, ah) = _int_range(d), _int_range(a)
    return dl <= al and ah <= dh


# (significand bits, exponent bits) of the float types.
_FLOAT_FORMAT = {"f16": (11, 5), "bf16": (8, 8), "f32": (24, 8), "f64": (53, 11)}


def _lossy(d, a):
    """Whether converting float type a to float type d can lose precision
    or range."""
    return any(x < y for x, y in zip(_FLOAT_FORMAT[d], _FLOAT_FORMAT[a]))


_HELPERS = {
    "reg": lambda t: _REG[t],
    "isint": _isint,
    "covers": _covers,
    "lossy": _lossy,
    "wide": lambda t: _WIDE[t],
    "elt": lambda t: _ELT[t],
    "bits": _bits,
    "lanes": _lanes,
    "vt": _vt,
    "vec_ok": lambda v, t: v == 1 or (v == 2 and t != "b128")
    or (v == 4 and _bits(t) <= 32),
    "vec256": lambda v, t: (v == 4 and _bits(t) == 64)
    or (v == 8 and _bits(t) == 32),
    "ptrscope": lambda s: {None: "generic", "shared.cta": "shared"}.get(s, s),
    "dict": dict, "int": int, "str": str, "len": len, "list": list,
    "range": range, "min": min, "max": max,
}


_GLOBALS = {"__builtins__": {}, **_HELPERS}


@functools.lru_cache(maxsize=None)
def _compile(expr):
    return compile(expr, "<ptxtable>", "eval")


def _eval(expr, env):
    return eval(_compile(expr), _GLOBALS, env)


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def _subst(template, env, tokens=None):
    """Replaces each {name} by its token and each {expr} by its value."""
    def repl(m):
        inner = m.group(1)
        if tokens is not None and inner in tokens:
            return tokens[inner]
        value = _eval(inner, env)
        return "" if value is None else str(value)
    return _PLACEHOLDER.sub(repl, template)


# ---------------------------------------------------------------------------
# Table
# ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _data():
    with open(_DATA_FILE) as f:
        return json.load(f)


def _chip_sm(chip):
    return int(re.match(r"sm_(\d+)", chip).group(1))


def _met(req, chip):
    """Mirrors isPTXRequirementMet (lib/Dialect/TIRxPTXOps.cpp)."""
    sm = _chip_sm(chip)
    arch, fam = chip.endswith("a"), chip.endswith("f")
    if req["kind"] == 0:
        return sm >= req["sm"]
    if req["kind"] == 1:
        return arch and (sm == req["sm"] or sm in req["also"])
    if req["kind"] == 3:
        return (arch or fam) and (sm == req["sm"] or sm in req["also"])
    if not (arch or fam):
        return False
    return any(sm // 10 == base // 10 and sm >= base
               for base in [req["sm"]] + req["also"])


def chips() -> List[str]:
    """The chips ``#tirx.target`` accepts."""
    return [c for c, _ in _data()["chips"]]


def chip_min_ptx(chip: str) -> int:
    """The lowest PTX ISA version (times ten) of ``chip``."""
    return dict(_data()["chips"])[chip]


def max_ptx() -> int:
    """The highest PTX ISA version (times ten) the compiler emits."""
    return _data()["max_ptx"]


@functools.lru_cache(maxsize=None)
def _requirement(names):
    data = _data()
    reqs = [data["reqs"][n] for n in names]
    ok = tuple(c for c in chips() if all(_met(r, c) for r in reqs))
    ptx = max(r["ptx"] for r in reqs)
    # Describe the chips by the requirements no other one implies.
    sets = [frozenset(c for c in chips() if _met(r, c)) for r in reqs]
    texts = []
    for i, r in enumerate(reqs):
        implied = any(sets[j] < sets[i] or (sets[j] == sets[i] and j < i)
                      for j in range(len(reqs)) if j != i)
        if not implied and r["text"] not in texts:
            texts.append(r["text"])
    return Requirement(" and ".join(texts) + f", PTX ISA {ptx // 10}.{ptx % 10}",
                       ok, ptx)


class _Dim:
    def __init__(self, op, spec):
        m = re.match(r"^(\w+)(?:\((.*)\))?\s*(?::\s*(.*))?$", spec.strip())
        if not m:
            raise ValueError(f"{op.name}: bad dim '{spec}'")
        self.name, self.fmt, values = m.group(1), m.group(2), m.group(3)
        attr = op.attrs.get(self.name)
        if attr:
            self.kind = attr["kind"]
        elif self.name in op.operand_kinds or self.name in op.result_kinds:
            self.kind = "operand"
        else:
            self.kind = "var"
        self.values = []  # (value, token, req)
        if values is None or not values.strip():
            if self.kind != "enum":
                raise ValueError(f"{op.name}: dim '{self.name}' needs values")
            enum = _data()["enums"][attr["enum"]]
            raw = (["-"] if attr["optional"] else []) + enum["cases"]
        elif values.strip().startswith("="):
            raw = [str(v) for v in _eval(values.strip()[1:], {})]
        else:
            raw = [v.strip() for v in values.split("|")]
        for item in raw:
            req = None
            if "@" in item:
                item, req = item.split("@", 1)
            token = None
            if "=" in item:
                item, token = item.split("=", 1)
            value = self._value(item)
            if token is None:
                token = self._token(op, attr, value)
            self.values.append((value, token, req))

    @staticmethod
    def _value(item):
        if item == "-":
            return None
        if item == "+":
            return True
        if re.fullmatch(r"-?\d+", item):
            return int(item)
        return item

    def _token(self, op, attr, value):
        if value is None:
            return ""
        if self.kind == "enum":
            enum = _data()["enums"][attr["enum"]]
            return enum["tokens"][enum["cases"].index(value)]
        if self.kind in ("unit", "operand"):
            return self.fmt or ""
        if self.kind == "int" and self.fmt:
            return self.fmt.replace("#", str(value))
        return str(value)


class _Op:
    def __init__(self, entry):
        self.e = entry
        self.name = entry["name"]
        self.attrs = entry["attrs"]
        self.operand_kinds = {o["name"]: o for o in entry["operands"]}
        self.result_kinds = {r["name"]: r for r in entry["results"]}
        self.groups = [_Group(self, i, g) for i, g in enumerate(entry["groups"])]
        self.spellings = []
        for s in entry["spellings"]:
            tok, alt = s.split("=", 1)
            self.spellings.append((tok, alt))
        self.slots = [self._slot_spec(s) for s in entry["ptx_operands"]]
        # Operands and results whose presence some group decides; the others
        # (optional in ODS, never mentioned) are free for the caller.
        self.managed = set()
        for g in self.groups:
            self.managed |= g.dim_names | {n for n, _, _ in g.sets}

    def _slot_spec(self, spec):
        # A leading `|` joins a result to the previous one's PTX operand
        # (setp's `p|q`); the slots stay one per result.
        m = re.match(r"^(in|out|inout|imm|lit)\s+(\w+)(?:>(\w+))?(?:\{(.*)\})?$",
                     spec.strip().lstrip("|"))
        if not m:
            raise ValueError(f"{self.name}: bad operand '{spec}'")
        role, name, result, imm = m.groups()
        imm_values = None
        if imm:
            pairs = []
            for item in imm.split(","):
                k, v = item.split(":")
                pairs.append((int(k), v.strip()))
            imm_values = tuple(pairs)
        return role, name, result, imm_values


class _Group:
    """One TIRx_PTXForm: the product of its dims, filtered by `where`."""

    def __init__(self, op, index, g):
        self.op = op
        self.index = index
        self.text = g["text"]
        self.alias = g["alias"]
        self.where = g["where"]
        self.reqs = [op.e["req"]] + g["reqs"]
        self.cond_reqs = [tuple(x.strip() for x in c.split(":", 1))
                          for c in g["cond_reqs"]]
        self.dims = [_Dim(op, d) for d in g["dims"]]
        self.sets = []
        for s in op.e["types"] + g["sets"]:
            m = re.match(r"^(\w+)\s*([=:])\s*(.*)$", s.strip())
            if not m:
                raise ValueError(f"{op.name}: bad set '{s}'")
            self.sets.append(m.groups())
        self.placeholders = _PLACEHOLDER.findall(self.text)
        self.dim_names = {d.name for d in self.dims}
        self._texts = None
        self._regex = None

    # -- enumeration -------------------------------------------------------

    def size(self):
        n = 1
        for d in self.dims:
            n *= len(d.values)
        return n

    def envs(self):
        for combo in itertools.product(*[d.values for d in self.dims]):
            env = {d.name: v[0] for d, v in zip(self.dims, combo)}
            if self.where and not _eval(self.where, env):
                continue
            yield env, combo

    def variant(self, env, combo, serial):
        op = self.op
        tokens = {d.name: v[1] for d, v in zip(self.dims, combo)}
        ptx = _subst(self.text, env, tokens)
        attrs, types, constants = {}, {}, {}
        present = {}
        for d, v in zip(self.dims, combo):
            value = v[0]
            if d.kind == "enum" and value is not None:
                enum = _data()["enums"][op.attrs[d.name]["enum"]]
                attrs[d.name] = f"{enum['cases'].index(value)} : i32"
            elif d.kind == "unit" and value:
                attrs[d.name] = "unit"
            elif d.kind == "int" and value is not None:
                attrs[d.name] = f"{value} : i{op.attrs[d.name]['width']}"
            elif d.kind == "operand":
                present[d.name] = bool(value)
        for kinds in (op.operand_kinds, op.result_kinds):
            for name, k in kinds.items():
                if k["default"]:
                    types[name] = k["default"]
        same = []
        for name, sep, tmpl in self.sets:
            text = _subst(tmpl, env).strip()
            if sep == ":" and text.startswith("$"):
                same.append((name, text[1:]))
                continue
            if sep == "=":
                self._set_attr(attrs, name, text)
                continue
            if text == "none":
                types.pop(name, None)
                present[name] = False
                continue
            if " = " in text:
                text, const = text.split(" = ", 1)
                constants[name] = const.strip()
            m = re.fullmatch(r"(\d+) x (.*)", text)
            types[name] = [m.group(2)] * int(m.group(1)) if m else text
        for name, other in same:
            types[name] = types[other]
        # Optional operands and results are present when a dim says so or,
        # without a dim, when the table gives them a type.
        for kinds in (op.operand_kinds, op.result_kinds):
            for name, k in kinds.items():
                if k["kind"] == "single":
                    if name not in types:
                        raise ValueError(f"{op.name}: no type for '{name}' in "
                                         f"'{ptx}'")
                    continue
                if present.get(name) is False or (
                        k["kind"] == "optional" and name not in self.dim_names
                        and name not in {s[0] for s in self.sets}):
                    types.pop(name, None)
                    continue
                if name not in types and k["kind"] == "optional":
                    raise ValueError(f"{op.name}: no type for '{name}' in '{ptx}'")
        reqs = tuple(self.reqs) + tuple(v[2] for v in combo if v[2]) + tuple(
            r for r, expr in self.cond_reqs if _eval(expr, env))
        slots = self._slots(types, attrs)
        return Variant(op.name, ptx, attrs, slots, _requirement(reqs), types,
                       constants, f"{op.name}#{self.index}#{serial}", reqs)

    def _set_attr(self, attrs, name, text):
        if text in ("None", ""):
            attrs.pop(name, None)
            return
        info = self.op.attrs.get(name, {})
        if info.get("kind") == "enum" and re.fullmatch(r"[\w.]+", text):
            cases = _data()["enums"][info["enum"]]["cases"]
            text = f"{cases.index(text)} : i32"
        elif info.get("kind") == "int" and re.fullmatch(r"-?\d+", text):
            text = f"{text} : i{info['width']}"
        attrs[name] = text

    def _slots(self, types, attrs):
        op = self.op
        slots = []
        for role, name, result, imm in op.slots:
            if role == "imm":
                slots.append(Slot(name, role, name not in attrs, False,
                                  imm_values=imm))
                continue
            if role == "lit":
                slots.append(Slot(name, role, False, False))
                continue
            kind = (op.operand_kinds.get(name) or op.result_kinds.get(name)
                    or {"kind": "single"})
            free = kind["kind"] != "single" and name not in op.managed
            variadic = kind["kind"] == "variadic"
            if name not in types:
                if free:
                    slots.append(Slot(name, role, True, variadic, result))
                continue
            t = types[name]
            if variadic:
                if not t:
                    continue
                t = (" ".join(t),)
            else:
                t = (t,)
            slots.append(Slot(name, role, free, variadic, result, t))
        return tuple(slots)

    # -- lookup ------------------------------------------------------------

    def match(self, text):
        """The (env, combo) pairs whose PTX text is `text`."""
        if self.size() <= 4096 or any(p not in self.dim_names
                                      for p in self.placeholders):
            if self._texts is None:
                self._texts = {}
                for env, combo in self.envs():
                    tokens = {d.name: v[1] for d, v in zip(self.dims, combo)}
                    t = _subst(self.text, env, tokens)
                    self._texts.setdefault(t, []).append((env, combo))
            return self._texts.get(text, [])
        if self._regex is None:
            parts, pos = [], 0
            for m in _PLACEHOLDER.finditer(self.text):
                parts.append(re.escape(self.text[pos:m.start()]))
                dim = next(d for d in self.dims if d.name == m.group(1))
                toks = sorted({v[1] for v in dim.values}, key=len, reverse=True)
                parts.append("(" + "|".join(re.escape(t) for t in toks) + ")")
                pos = m.end()
            parts.append(re.escape(self.text[pos:]))
            self._regex = re.compile("".join(parts) + r"\Z")
        m = self._regex.match(text)
        if not m:
            return []
        choices = []
        for i, name in enumerate(self.placeholders):
            dim = next(d for d in self.dims if d.name == name)
            choices.append((dim, [v for v in dim.values if v[1] == m.group(i + 1)]))
        chosen = {d.name: vs for d, vs in choices}
        pools = [chosen.get(d.name, d.values) for d in self.dims]
        out = []
        for combo in itertools.product(*pools):
            env = {d.name: v[0] for d, v in zip(self.dims, combo)}
            if not self.where or _eval(self.where, env):
                out.append((env, combo))
        return out


@functools.lru_cache(maxsize=None)
def _ops():
    return [_Op(e) for e in _data()["ops"]]


def ops() -> List[str]:
    """The names of the ``tirx.ptx`` ops."""
    return [op.name for op in _ops()]


def variants(op: Optional[str] = None) -> Iterator[Variant]:
    """Every legal variant (of ``op``, or of every op), in table order."""
    for o in _ops():
        if op is not None and o.name != op:
            continue
        for g in o.groups:
            if g.alias:
                continue
            for serial, (env, combo) in enumerate(g.envs()):
                yield g.variant(env, combo, serial)


def count(op: Optional[str] = None) -> int:
    """The number of legal variants (of ``op``, or of every op)."""
    return sum(1 for o in _ops() if op is None or o.name == op
               for g in o.groups if not g.alias for _ in g.envs())


def _spellings(op, text):
    """`text` and the canonical spellings its aliases stand for."""
    out = [text]
    for tok, alt in op.spellings:
        pat = re.compile(re.escape(alt) + r"(?![\w:])")
        out += [pat.sub(tok, t) for t in out if pat.search(t)]
    return out


def _head(text):
    return re.split(r"[.{]", text, 1)[0]


def _merge(op, found):
    """One Variant for the forms that share a PTX text and attributes (the
    attributes an `imm` operand sets are the caller's, not the text's)."""
    imms = {s[1] for s in op.slots if s[0] == "imm"}

    def fixed(v):
        return {k: a for k, a in v.attrs.items() if k not in imms}

    first = found[0]
    same = [v for v in found if fixed(v) == fixed(first)]
    names = []
    for v in same:
        for s in v.operands:
            if s.name not in names:
                names.append(s.name)
    order = [s[1] for s in op.slots]
    names.sort(key=order.index)
    slots = []
    for name in names:
        seen = [s for v in same for s in v.operands if s.name == name]
        types = tuple(dict.fromkeys(t for s in seen for t in s.types))
        optional = any(s.optional for s in seen) or len(seen) < len(same)
        s0 = seen[0]
        slots.append(Slot(s0.name, s0.role, optional, s0.variadic, s0.result,
                          types, s0.imm_values))
    req = min((v.requirement for v in same),
              key=lambda r: (r.ptx, -len(r.chips)))
    return Variant(first.op, first.ptx, fixed(first), tuple(slots), req,
                   first.types, first.constants, first.key)


def lookup(instr: str) -> Optional[Variant]:
    """The variant that expresses the PTX instruction ``instr`` (dot-separated,
    ``::`` kept, operands optional), or None when no op covers it. Where
    several ops express one text (``setp.lt.s32``: ``setp`` writes one
    predicate, ``setp.pq`` two), the first in table order; ``lookup_all``
    gives each."""
    found = lookup_all(instr)
    return found[0] if found else None


def lookup_all(instr: str) -> List[Variant]:
    """Every op's variant for the PTX instruction ``instr``, one per op, in
    table order (empty when no op covers it)."""
    words = instr.split()
    if not words:
        return []
    # The instruction with its operands where the table spells them (the
    # special-register moves: "mov.u32 %clock"), else the instruction alone.
    for text in [" ".join(words), words[0]] if len(words) > 1 else [words[0]]:
        out = []
        for op in _ops():
            heads = {_head(g.text) for g in op.groups}
            candidates = _spellings(op, text)
            if not any(_head(c) in heads for c in candidates):
                continue
            for cand in candidates:
                found = []
                for g in op.groups:
                    if _head(g.text) != _head(cand):
                        continue
                    for env, combo in g.match(cand):
                        found.append(g.variant(env, combo, 0))
                if found:
                    out.append(_merge(op, found))
                    break
        if out:
            return out
    return []
