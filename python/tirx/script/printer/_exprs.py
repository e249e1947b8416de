"""Expressions: the script spelling of each memory-effect-free op and of the
loads and calls printed inline, each the spelling the parser turns back
into exactly that op (``arith.divui`` is ``a // b`` of unsigned values,
``arith.index_cast`` is an index position, ``tirx.ptr_to`` is
``A.ptr_to([i])``, ...)."""

import math

from ... import ir as _ir
from .. import _expr as _fexpr
from .._types import PointerType, PrimType
from ._node import (ADD, AND, ATOM, BITAND, BITOR, BITXOR, CMP, MUL, NOT, OR,
                    POWER, SHIFT, UNARY, BufferInfo, Node)
from ._types import Unprintable, pointer_text, prim_of

__all__ = ["ExprMixin", "literal_text"]

BOOL = PrimType("bool")


def literal_text(value, prim):
    """A Python literal of `value` for a constant of PrimType `prim`."""
    if isinstance(value, bool) or (prim is not None and prim.is_bool):
        return "True" if value else "False"
    if prim is not None and prim.is_float:
        v = float(value)
        if math.isnan(v):
            return 'float("nan")'
        if math.isinf(v):
            return 'float("inf")' if v > 0 else '-float("inf")'
        return repr(v)
    return str(int(value))


INDEX = PrimType("index")


def _typed_as(node, prim):
    """A literal spelled as a constant of `prim` (``T.uint8(127)``)."""
    if not node.is_literal or prim is None:
        return node
    return Node(f"T.{prim.dtype}({literal_text(node.lit, prim)})", ATOM, prim)


def _typed(node):
    """A constant with its type spelled out: ``T.int64(5)``."""
    if not node.is_literal:
        return node
    p = node.stype
    if not isinstance(p, PrimType):
        raise Unprintable(f"a constant of type {p} used as a value")
    return Node(f"T.{p.dtype}({literal_text(node.lit, p)})", ATOM, p)


_CMPI = {0: ("==", None), 1: ("!=", None), 2: ("<", "s"), 3: ("<=", "s"),
         4: (">", "s"), 5: (">=", "s"), 6: ("<", "u"), 7: ("<=", "u"),
         8: (">", "u"), 9: (">=", "u")}
_CMPF = {1: "==", 2: ">", 3: ">=", 4: "<", 5: "<=", 13: "!="}

_MATH = {"math.exp": "exp", "math.exp2": "exp2", "math.log": "log",
         "math.log2": "log2", "math.log10": "log10", "math.log1p": "log1p",
         "math.expm1": "expm1", "math.sqrt": "sqrt", "math.rsqrt": "rsqrt",
         "math.tanh": "tanh", "math.sin": "sin", "math.cos": "cos",
         "math.tan": "tan", "math.atan": "atan", "math.erf": "erf",
         "math.floor": "floor", "math.ceil": "ceil", "math.trunc": "trunc",
         "math.roundeven": "round", "math.absf": "fabs"}

# arith op -> (symbol, precedence, signedness the frontend derives it from)
_BINARY = {
    "arith.addi": ("+", ADD, None), "arith.subi": ("-", ADD, None),
    "arith.muli": ("*", MUL, None), "arith.shli": ("<<", SHIFT, None),
    "arith.shrsi": (">>", SHIFT, "s"), "arith.shrui": (">>", SHIFT, "u"),
    "arith.floordivsi": ("//", MUL, "s"), "arith.divui": ("//", MUL, "u"),
    "arith.remui": ("%", MUL, "u"),
    "arith.addf": ("+", ADD, None), "arith.subf": ("-", ADD, None),
    "arith.mulf": ("*", MUL, None), "arith.divf": ("/", MUL, None),
    "math.powf": ("**", POWER, None), "math.ipowi": ("**", POWER, "s"),
}
_BITWISE = {"arith.andi": ("&", BITAND, "and", AND),
            "arith.ori": ("|", BITOR, "or", OR),
            "arith.xori": ("^", BITXOR, None, None)}
_CALLS = {"arith.divsi": ("T.truncdiv", "s"), "arith.remsi": ("T.truncmod", "s"),
          "arith.remf": ("T.truncmod", None),
          "arith.maxsi": ("T.max", "s"), "arith.maxui": ("T.max", "u"),
          "arith.minsi": ("T.min", "s"), "arith.minui": ("T.min", "u"),
          "arith.maxnumf": ("T.max", None), "arith.minnumf": ("T.min", None)}
_CASTS = {"arith.extsi": "s", "arith.extui": "u", "arith.trunci": None,
          "arith.sitofp": "s", "arith.uitofp": "u", "arith.fptosi": "rs",
          "arith.fptoui": "ru", "arith.extf": None, "arith.truncf": None}


def _sign(prim, kind):
    """`prim` with the signedness `kind` ("s" / "u") asks for."""
    if kind is None or not prim.is_int:
        return prim
    base = f"{'uint' if kind == 'u' else 'int'}{prim.bits}"
    return PrimType(base if prim.lanes == 1 else f"{base}x{prim.lanes}")


def _common(a, b):
    if a is b:
        return a
    if isinstance(a, PrimType) and isinstance(b, PrimType):
        return _fexpr._common_type(a, b)
    return a


class ExprMixin:
    """Builds the Node of an IR value (state lives in the function printer:
    ``named``, ``inline``, ``buffers``, ``scalars``, ``_memo``)."""

    # -- values ---------------------------------------------------------
    def node(self, v):
        n = self.named.get(v)
        if n is not None:
            return n
        n = self._memo.get(v)
        if n is not None:
            return n
        op = v.owner
        if not isinstance(op, _ir.Operation):
            raise Unprintable(f"the block argument {v} has no name")
        if op.name == "arith.constant":
            n = self._constant(op)
        elif op in self.inline or self._transparent(op):
            n = self._spell(op, v)
        else:
            raise Unprintable(f"the value of '{op.name}' is used before it is "
                              "printed")
        self._memo[v] = n
        return n

    def _transparent(self, op):
        """Ops folded into their consumer's spelling wherever used."""
        name = op.name
        if name == "tirx.reinterpret":
            return self._sign_reinterpret(op)
        return False

    def _sign_reinterpret(self, op):
        return _sign_pair(op.operands[0].type, op.results[0].type)

    def _constant(self, op):
        attr = op.attributes["value"]
        t = op.results[0].type
        if isinstance(t, _ir.IndexType):
            return Node(str(attr.value), ATOM, INDEX, lit=int(attr.value))
        if isinstance(t, _ir.VectorType):
            text = str(attr).split(" : ")[0]  # "dense<1> : vector<4xi32>"
            p = prim_of(t)
            if p is None or not text.startswith("dense<"):
                raise Unprintable(f"the vector constant {text} has no script spelling")
            inner = text[len("dense<"):text.rindex(">")]
            el = p.element
            items = [x.strip() for x in inner.strip("[]").split(",")]
            vals = [_dense_item(x, el) for x in items]
            if len(vals) == 1:
                return Node(f"T.{p.dtype}({literal_text(vals[0], el)})", ATOM, p)
            body = ", ".join(literal_text(v, el) for v in vals)
            return Node(f"T.{p.dtype}([{body}])", ATOM, p)
        p = prim_of(t)
        if p is None:
            raise Unprintable(f"a constant of type {t} has no script spelling")
        value = attr.value
        if isinstance(attr, _ir.BoolAttr):
            value = bool(value)
        return Node(literal_text(value, p), ATOM, p, lit=value)

    # -- fitting operands to what their consumer converts them to ---------
    def fit(self, n, prim):
        """`n` where the frontend converts it to `prim` without an op (a
        constant bare when its type is `prim`'s)."""
        if n.is_literal:
            if isinstance(n.stype, PrimType) and prim is not None and \
                    n.stype.ssa == prim.ssa:
                return n
            return _typed(n)
        return n

    def typed(self, n):
        return _typed(n)

    def signed(self, n, want):
        """`n` as a value of PrimType `want` (``T.uint32(x)`` reinterprets
        the signedness, no op)."""
        if n.is_literal or want is None:
            return n
        if n.stype is want:
            return n
        if isinstance(n.stype, PrimType) and n.stype.ssa == want.ssa:
            return Node(f"T.{want.dtype}({n.text})", ATOM, want, n.ev + n.mat)
        raise Unprintable(f"a {n.stype} value where {want} is expected")

    def default(self, n):
        """`n` where the frontend takes a Python number at its default type
        (int32 / int64 / float32 / bool)."""
        if not n.is_literal:
            return n
        d = _fexpr.default_type_of(n.lit)
        return n if d is not None and d.ssa == n.stype.ssa else _typed(n)

    def index(self, v):
        """An `index` operand: the integer expression `to_index` converts
        (an index-typed value as itself)."""
        op = v.owner
        if v in self.named:
            return self.named[v]
        if isinstance(op, _ir.Operation):
            if op.name == "arith.constant":
                n = self._constant(op)
                return Node(n.text, ATOM, INDEX, lit=n.lit)
            if op.name in ("arith.index_cast", "arith.index_castui") and \
                    (op in self.inline or v not in self.named):
                src = op.operands[0]
                p = prim_of(src.type)
                if isinstance(src.type, _ir.IntegerType) and p is not None and not p.is_bool:
                    n = self.node(src)
                    kind = "u" if op.name == "arith.index_castui" else "s"
                    return self.signed(n, _sign(p, kind))
        if not isinstance(v.type, _ir.IndexType):
            raise Unprintable(f"an index operand of type {v.type}")
        return self.node(v)

    def indices(self, values):
        return [self.index(v) for v in values]

    # -- buffers --------------------------------------------------------
    def buffer(self, v):
        b = self.buffers.get(v)
        if b is None:
            op = v.owner
            if isinstance(op, _ir.Operation) and (op in self.inline or self._transparent(op)):
                n = self.node(v)
                return BufferInfo(n.text, n)
            raise Unprintable(f"a buffer value without a name ({v.type})")
        return b

    def _index_list(self, nodes):
        return "[" + ", ".join(n.text for n in nodes) + "]"

    def load_node(self, op):
        """``A[i, j]`` (lazy) for a scalar load, ``A.vload(...)`` (eager) for
        a vector, ``x`` for a scalar variable."""
        buf = op.operands[0]
        rt = op.results[0].type
        p = prim_of(rt)
        if p is None:
            raise Unprintable(f"a load of {rt} has no script spelling")
        if buf in self.scalars:
            return Node(self.scalars[buf], ATOM, p, (), (op,))
        b = self.buffer(buf)
        idx = self.indices(list(op.operands)[1:])
        ev = tuple(e for n in idx for e in n.ev)
        mt = tuple(e for n in idx for e in n.mat)
        if p.lanes > 1 or op in self.eager:
            dt = f', "{p.dtype}"' if p.lanes > 1 else ""
            return Node(f"{b.name}.vload({self._index_list(idx)}{dt})", ATOM, p,
                        ev + mt + (op,))
        key = ", ".join(n.text for n in idx) if idx else "()"
        return Node(f"{b.name}[{key}]", ATOM, p, ev, mt + (op,))

    # -- op spellings ---------------------------------------------------
    def _spell(self, op, v):
        name = op.name
        custom = self.custom_printer(name)
        if custom is not None:
            return custom(self, op, v)
        fn = _SPELL.get(name)
        try:
            if fn is not None:
                return fn(self, op, v)
            if name.startswith("tirx.ptx."):
                return self.ptx_node(op, v)
        except Unprintable as e:
            if self.module.generic_ok(op):
                return self.generic_node(op, reason=str(e))
            raise
        if self.module.generic_ok(op):
            return self.generic_node(op)
        raise Unprintable(f"'{name}' has no script spelling")

    def generic_node(self, op, reason=None):
        """``T.mlir_op("dialect.op", [operands], [result types], {attrs})``:
        any op without regions and successors, by its MLIR texts."""
        if op.regions or op.successors:
            raise Unprintable(f"'{op.name}' has no script spelling")
        nodes = []
        for x in op.operands:
            if isinstance(x.type, _ir.BufferType):
                b = self.buffer(x)
                nodes.append(getattr(b, "node", None) or Node(b.name, ATOM))
                continue
            n = self.node(x)
            nodes.append(_typed(n) if n.is_literal else n)
        args = [repr(op.name), "[" + ", ".join(n.text for n in nodes) + "]"]
        rtypes = [str(r.type) for r in op.results]
        attrs = []
        for na in op.attributes:
            attrs.append(f"{na.name!r}: {str(na.attr)!r}")
        if rtypes or attrs:
            args.append("[" + ", ".join(repr(t) for t in rtypes) + "]")
        if attrs:
            args.append("{" + ", ".join(attrs) + "}")
        ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
        if not self.is_pure(op):
            ev += (op,)
        stype = None
        if len(op.results) == 1:
            t = op.results[0].type
            p = prim_of(t)
            from .._types import script_type_of_mlir
            stype = p if p is not None else script_type_of_mlir(str(t))
        return Node(f"T.mlir_op({', '.join(args)})", ATOM, stype, ev)

    def _binary(self, op, v):
        sym, prec, kind = _BINARY[op.name]
        a, b = (self.node(x) for x in op.operands)
        rt = prim_of(op.results[0].type)
        if kind is not None:
            want = _sign(rt, kind)
            a, b = self.signed(a, want), self.signed(b, want)
        return self._infix(a, b, sym, prec, rt, kind, right=(prec == POWER))

    def _infix(self, a, b, sym, prec, rt, kind=None, right=False):
        if a.is_literal and b.is_literal:
            a = Node(f"T.{_sign(rt, kind).dtype}({literal_text(a.lit, rt)})",
                     ATOM, _sign(rt, kind)) if kind else _typed(a)
        stype = _common(a.stype, b.stype) if not a.is_literal and not b.is_literal \
            else (b.stype if a.is_literal else a.stype)
        if isinstance(stype, PrimType) and kind is not None:
            stype = _sign(stype, kind)
        lp, rp = (prec + 1, prec) if right else (prec, prec + 1)
        text = f"{a.paren(lp)} {sym} {b.paren(rp)}"
        return Node(text, prec, stype, a.ev + b.ev + a.mat + b.mat)

    def _bitwise(self, op, v):
        sym, prec, word, wprec = _BITWISE[op.name]
        a, b = (self.node(x) for x in op.operands)
        rt = prim_of(op.results[0].type)
        if rt.is_bool:
            if op.name == "arith.xori" and b.is_literal and b.lit is True:
                return Node(f"not {a.paren(NOT)}", NOT, BOOL, a.ev + a.mat)
            if word is not None and not a.is_literal and not b.is_literal:
                text = f"{a.paren(wprec + 1)} {word} {b.paren(wprec + 1)}"
                return Node(text, wprec, BOOL, a.ev + b.ev + a.mat + b.mat)
        if op.name == "arith.xori" and b.is_literal and b.lit == -1 and not a.is_literal:
            return Node(f"~{a.paren(UNARY)}", UNARY, a.stype, a.ev + a.mat)
        return self._infix(a, b, sym, prec, rt)

    def _call(self, op, v):
        fn, kind = _CALLS[op.name]
        a, b = (self.node(x) for x in op.operands)
        rt = prim_of(op.results[0].type)
        want = _sign(rt, kind) if kind else None
        a, b = self.signed(a, want), self.signed(b, want)
        if a.is_literal and b.is_literal:
            a = self.signed(_typed(a), want) if want else _typed(a)
        stype = want or (b.stype if a.is_literal else a.stype)
        return Node(f"{fn}({a.text}, {b.text})", ATOM, stype,
                    a.ev + b.ev + a.mat + b.mat)

    def _negf(self, op, v):
        a = self.node(op.operands[0])
        if a.is_literal:
            a = _typed(a)
        return Node(f"-{a.paren(UNARY)}", UNARY, a.stype, a.ev + a.mat)

    def _cmp(self, op, v):
        a, b = (self.node(x) for x in op.operands)
        pred = op.attributes["predicate"].value
        src = prim_of(op.operands[0].type)
        if op.name == "arith.cmpf":
            sym = _CMPF.get(pred)
            if sym is None:
                raise Unprintable(f"arith.cmpf predicate {pred} has no script spelling")
        else:
            sym, kind = _CMPI[pred]
            if kind is not None:
                want = _sign(src, kind)
                a, b = self.signed(a, want), self.signed(b, want)
        if a.is_literal and b.is_literal:
            a = _typed_as(a, want) if op.name == "arith.cmpi" and kind else _typed(a)
        rt = BOOL.with_lanes(src.lanes)
        text = f"{a.paren(CMP + 1)} {sym} {b.paren(CMP + 1)}"
        return Node(text, CMP, rt, a.ev + b.ev + a.mat + b.mat)

    def _select(self, op, v):
        c, a, b = (self.node(x) for x in op.operands)
        c = _typed(c)
        if a.is_literal and b.is_literal:
            a = _typed(a)
        stype = a.stype if not a.is_literal else b.stype
        if not a.is_literal and not b.is_literal:
            stype = _common(a.stype, b.stype)
        return Node(f"T.if_then_else({c.text}, {a.text}, {b.text})", ATOM, stype,
                    c.ev + a.ev + b.ev + c.mat + a.mat + b.mat)

    def _index_cast(self, op, v):
        """arith.index_cast / index_castui as a value: ``T.index(x)``,
        ``T.int32(i)`` (``T.uint32(i)`` for the unsigned cast)."""
        src = prim_of(op.operands[0].type)
        rt = prim_of(op.results[0].type)
        uns = op.name == "arith.index_castui"
        if src is None or rt is None or src.lanes != 1 or src.is_bool or rt.is_bool:
            raise Unprintable(f"'{op.name}' of {op.operands[0].type}")
        a = self.node(op.operands[0])
        if src.is_index:
            rt = _sign(rt, "u" if uns else "s")
        else:
            a = self.signed(a, _sign(src, "u" if uns else "s"))
        if a.is_literal:
            a = _typed(a)
        return Node(f"T.{rt.dtype}({a.text})", ATOM, rt, a.ev + a.mat)

    def _cast(self, op, v):
        kind = _CASTS[op.name]
        a = self.node(op.operands[0])
        src = prim_of(op.operands[0].type)
        rt = prim_of(op.results[0].type)
        if kind in ("s", "u"):
            if src.is_bool:
                if kind != "u":
                    raise Unprintable(f"'{op.name}' of a bool has no script spelling")
            else:
                a = self.signed(a, _sign(src, kind))
        if kind in ("rs", "ru"):
            rt = _sign(rt, kind[1])
        if op.name == "arith.trunci" and rt.is_bool:
            raise Unprintable("arith.trunci to i1 has no script spelling")
        if a.is_literal:
            a = _typed_as(a, _sign(src, kind) if kind in ("s", "u") else src)
        return Node(f"T.{rt.dtype}({a.text})", ATOM, rt, a.ev + a.mat)

    def _math(self, op, v):
        fn = _MATH[op.name]
        fm = str(op.attributes["fastmath"]) if "fastmath" in op.attributes \
            else "#arith.fastmath<none>"
        fast = ""
        if fm != "#arith.fastmath<none>":
            # T.exp2(x, fast=True) is the one fast-math flag the script spells
            if op.name != "math.exp2" or fm != "#arith.fastmath<afn>":
                raise Unprintable(f"'{op.name}' with {fm} has no script spelling")
            fast = ", fast=True"
        a = self.node(op.operands[0])
        if a.is_literal:
            a = _typed(a)
        return Node(f"T.{fn}({a.text}{fast})", ATOM, a.stype, a.ev + a.mat)

    def _absi(self, op, v):
        a = self.signed(self.node(op.operands[0]), prim_of(op.operands[0].type))
        if a.is_literal:
            a = _typed(a)
        return Node(f"T.abs({a.text})", ATOM, a.stype, a.ev + a.mat)

    def _fma(self, op, v):
        a, b, c = (self.node(x) for x in op.operands)
        if a.is_literal and b.is_literal:
            a = _typed(a)
        t = a.stype if not a.is_literal else b.stype
        c = self.fit(c, t)
        return Node(f"T.fma({a.text}, {b.text}, {c.text})", ATOM, t,
                    a.ev + b.ev + c.ev + a.mat + b.mat + c.mat)

    def _broadcast(self, op, v):
        a = self.node(op.operands[0])
        rt = prim_of(op.results[0].type)
        if rt is None:
            raise Unprintable(f"a broadcast to {op.results[0].type} has no script spelling")
        # a literal would make a splat constant: the broadcast of a typed one
        a = _typed_as(a, rt.element) if a.is_literal else a
        return Node(f"T.{rt.dtype}({a.text})", ATOM, rt, a.ev + a.mat)

    def _reinterpret(self, op, v):
        src = op.operands[0]
        if self._sign_reinterpret(op):
            # iN <-> uiN at a memory boundary: the parser adds these itself
            return self.node(src)
        a = self.node(src)
        if a.is_literal:
            a = _typed(a)
        rt = op.results[0].type
        if isinstance(rt, _ir.PtrType):
            target, stype = pointer_text(rt), _ptr_stype(rt)
        else:
            p = prim_of(rt)
            if p is None:
                raise Unprintable(f"a reinterpret to {rt} has no script spelling")
            st = a.stype
            if isinstance(st, PrimType) and st.bits * st.lanes == p.bits * p.lanes \
                    and st.ssa == p.ssa:
                raise Unprintable("a reinterpret to the same type has no script spelling")
            target, stype = f'"{p.dtype}"', p
        return Node(f"T.reinterpret({target}, {a.text})", ATOM, stype, a.ev + a.mat)

    def _buffer_data(self, op, v):
        b = self.buffer(op.operands[0])
        return Node(f"{b.name}.data", ATOM, _ptr_stype(op.results[0].type))

    def _ptr_to(self, op, v):
        b = self.buffer(op.operands[0])
        idx = self.indices(list(op.operands)[1:])
        return Node(f"{b.name}.ptr_to({self._index_list(idx)})", ATOM,
                    _ptr_stype(op.results[0].type),
                    tuple(e for n in idx for e in n.ev) + tuple(e for n in idx for e in n.mat))

    def _access_ptr(self, op, v):
        b = self.buffer(op.operands[0])
        off, ext = self.index(op.operands[1]), self.index(op.operands[2])
        mask = str(op.attributes["access"])
        mask = mask[mask.rindex(" ") + 1:].rstrip(">")
        elem = prim_of(op.attributes["elementType"].value)
        return Node(f'T.tvm_access_ptr("{elem.dtype}", {b.name}, {off.text}, {ext.text}, "{mask}")',
                    ATOM, _ptr_stype(op.results[0].type),
                    off.ev + ext.ev + off.mat + ext.mat)

    def _ptr_byte_offset(self, op, v):
        p = self.node(op.operands[0])
        off = self.index(op.operands[1])
        elem = prim_of(op.attributes["elementType"].value)
        return Node(f'T.ptr_byte_offset({p.text}, {off.text}, "{elem.dtype}")', ATOM,
                    _ptr_stype(op.results[0].type), p.ev + off.ev + p.mat + off.mat)

    def _load(self, op, v):
        return self.load_node(op)

    # -- vectors --------------------------------------------------------
    def _vector_type(self, t):
        p = prim_of(t)
        if p is None or p.lanes == 1:
            raise Unprintable(f"a {t} vector")
        return p

    def _from_elements(self, op, v):
        p = self._vector_type(op.results[0].type)
        nodes = [self.fit(self.node(x), p.element) for x in op.operands]
        # literal lanes would make a constant: the lanes are typed values
        nodes = [_typed(n) if n.is_literal else n for n in nodes]
        ev = tuple(e for n in nodes for e in n.ev) + tuple(e for n in nodes for e in n.mat)
        return Node(f"T.{p.dtype}([{', '.join(n.text for n in nodes)}])", ATOM, p, ev)

    def _position(self, op, first_dyn):
        static = list(op.attributes["static_position"])
        if len(static) != 1:
            raise Unprintable("a vector position of several dimensions")
        if static[0] == _DYN:
            n = self.index(op.operands[first_dyn])
            return n.text, n.ev + n.mat
        return str(int(static[0])), ()

    def _extract(self, op, v):
        src = op.operands[0]
        self._vector_type(src.type)
        a = self.node(src)
        pos, ev = self._position(op, 1)
        return Node(f"{a.paren(ATOM)}[{pos}]", ATOM, prim_of(op.results[0].type),
                    a.ev + a.mat + ev)

    def _insert(self, op, v):
        x, dest = op.operands[0], op.operands[1]
        p = self._vector_type(dest.type)
        a = self.node(dest)
        xn = self.fit(self.node(x), p.element)
        pos, ev = self._position(op, 2)
        return Node(f"T.vector_insert({a.text}, {xn.text}, {pos})", ATOM, p,
                    a.ev + a.mat + xn.ev + xn.mat + ev)

    def _vbitcast(self, op, v):
        self._vector_type(op.operands[0].type)
        p = self._vector_type(op.results[0].type)
        a = self.node(op.operands[0])
        return Node(f'T.vector_bitcast({a.text}, "{p.dtype}")', ATOM, p, a.ev + a.mat)

    # -- host ops and others ---------------------------------------------
    def _buffer_dim(self, op, v):
        buf = op.operands[0]
        b = self.buffer(buf)
        d = int(op.attributes["dim"].value)
        dyn = _ir.BufferType.get_dynamic_size()
        shape = list(buf.type.shape)
        if d < len(shape) and shape[d] == dyn and "." not in b.name and "(" not in b.name:
            return Node(f"{b.name}.shape[{d}]", ATOM, INDEX)
        return Node(f"T.buffer_dim({b.name}, {d})", ATOM, INDEX)

    def _copysign(self, op, v):
        a, b = (self.node(x) for x in op.operands)
        if a.is_literal and b.is_literal:
            a = _typed(a)
        t = a.stype if not a.is_literal else b.stype
        a, b = self.fit(a, t), self.fit(b, t)
        return Node(f"T.copysign({a.text}, {b.text})", ATOM, t,
                    a.ev + b.ev + a.mat + b.mat)

    def _register_barrier(self, op, v):
        a = self.node(op.operands[0])
        if a.is_literal:
            a = _typed(a)
        return Node(f"T.register_barrier({a.text})", ATOM, a.stype,
                    a.ev + a.mat + (op,))

    def _call_op(self, op, v):
        return self.call_node(op)

    def _printf(self, op, v):
        raise Unprintable("gpu.printf is a statement")


_DYN = -(1 << 63)


def _int_elem(t):
    """(element IntegerType, lanes) of an integer scalar or 1-d vector."""
    if isinstance(t, _ir.VectorType):
        shape = list(t.shape)
        if len(shape) != 1:
            return None, None
        e = t.element_type
        return (e, shape[0]) if isinstance(e, _ir.IntegerType) else (None, None)
    return (t, 1) if isinstance(t, _ir.IntegerType) else (None, None)


def _sign_pair(src, dst):
    """iN <-> uiN (scalars or vectors): what the parser adds at a memory
    boundary itself."""
    a, la = _int_elem(src)
    b, lb = _int_elem(dst)
    return a is not None and b is not None and la == lb and a.width == b.width \
        and a.width > 1 and str(a).lstrip("u") == str(b).lstrip("u")


def _dense_item(x, el):
    """A lane of a printed dense attribute as a Python number."""
    if el.is_bool:
        return x == "true"
    if el.is_float:
        if x.lower().startswith("0x"):
            import struct
            bits = int(x, 16)
            if el.bits == 32:
                return struct.unpack("<f", struct.pack("<I", bits))[0]
            if el.bits == 64:
                return struct.unpack("<d", struct.pack("<Q", bits))[0]
            raise Unprintable(f"the {el} constant {x}")
        return float(x)
    return int(x)


def _ptr_stype(t):
    from .._types import script_type_of_mlir
    return script_type_of_mlir(str(t))


_SPELL = {}
for _n in _BINARY:
    _SPELL[_n] = ExprMixin._binary
for _n in _BITWISE:
    _SPELL[_n] = ExprMixin._bitwise
for _n in _CALLS:
    _SPELL[_n] = ExprMixin._call
for _n in _CASTS:
    _SPELL[_n] = ExprMixin._cast
for _n in _MATH:
    _SPELL[_n] = ExprMixin._math
_SPELL.update({
    "arith.cmpi": ExprMixin._cmp, "arith.cmpf": ExprMixin._cmp,
    "arith.select": ExprMixin._select, "arith.negf": ExprMixin._negf,
    "math.absi": ExprMixin._absi, "math.fma": ExprMixin._fma,
    "vector.broadcast": ExprMixin._broadcast,
    "tirx.reinterpret": ExprMixin._reinterpret,
    "tirx.buffer_data": ExprMixin._buffer_data,
    "tirx.ptr_to": ExprMixin._ptr_to,
    "tirx.access_ptr": ExprMixin._access_ptr,
    "tirx.ptr_byte_offset": ExprMixin._ptr_byte_offset,
    "tirx.buffer_load": ExprMixin._load,
    "func.call": ExprMixin._call_op,
    "tirx.register_barrier": ExprMixin._register_barrier,
    "arith.index_cast": ExprMixin._index_cast,
    "arith.index_castui": ExprMixin._index_cast,
    "vector.from_elements": ExprMixin._from_elements,
    "vector.extract": ExprMixin._extract,
    "vector.insert": ExprMixin._insert,
    "vector.bitcast": ExprMixin._vbitcast,
    "tirx.buffer_dim": ExprMixin._buffer_dim,
    "math.copysign": ExprMixin._copysign,
})
del _n
