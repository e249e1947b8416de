"""Script values: expressions (SSA values with a script type), lazy buffer
loads, buffers, and the arithmetic, comparisons and casts between them.

An :class:`Expr` wraps an MLIR value and its script type (a ``PrimType`` or
``PointerType``). Python numbers stay Python numbers until they meet an
``Expr``. ``A[i]`` is a :class:`BufferLoad`: it loads where its value is
used, and is also an lvalue (the destination of a PTX call, the target of
``T.address_of``).
"""

from ._builder import UserError, current
from ._types import (PointerType, PrimType, TensorMapType, as_prim_type,
                     mlir_type_text, script_type_of_mlir)

__all__ = ["Expr", "BufferLoad", "as_expr",
           "value_of", "to_index", "cast", "binary", "compare", "is_expr"]

I32 = PrimType("int32")
I64 = PrimType("int64")
F32 = PrimType("float32")
BOOL = PrimType("bool")


class Expr:
    """A script value: an MLIR SSA value and its script type.

    ``is_var`` marks values that define a name (scope ids, loop variables,
    parameters, binds): assigning one to a new name names it, assigning it
    to a second name emits a ``tirx.bind``.
    """

    __slots__ = ("_value", "ty", "name", "is_var", "__weakref__")

    def __init__(self, value, ty, name=None, is_var=False):
        self._value = value
        self.ty = ty
        self.name = name
        self.is_var = is_var

    def materialize(self):
        return self._value

    @property
    def dtype(self):
        return self.ty.dtype if isinstance(self.ty, PrimType) else "handle"

    def astype(self, dtype):
        return cast(self, dtype)

    def __repr__(self):
        n = f" {self.name}" if self.name else ""
        return f"<tirx.script.Expr{n}: {self.ty}>"

    # -- Python protocol guards ---------------------------------------------
    def __bool__(self):
        raise UserError(
            "a TIRx expression has no Python truth value; it is only known "
            "when the kernel runs. Use it as the condition of an `if`/`while` "
            "of the script, or T.if_then_else(c, a, b), not in Python logic "
            "evaluated while parsing")

    def __index__(self):
        raise UserError("a TIRx expression cannot be used as a Python integer "
                        "(e.g. as a shape or in range() of a Python loop)")

    __hash__ = object.__hash__

    def __iter__(self):
        raise UserError("a TIRx expression is not iterable")

    def __getitem__(self, pos):
        """``v[i]``: lane `i` of a vector value (``vector.extract``)."""
        if not isinstance(self.ty, PrimType) or self.ty.lanes == 1:
            raise UserError(f"a {self.ty} value cannot be indexed (only "
                            "vectors: v[i] is lane i)")
        return vector_extract(self, pos)

    # -- arithmetic -----------------------------------------------------------
    def __add__(self, o): return binary("add", self, o)
    def __radd__(self, o): return binary("add", o, self)
    def __sub__(self, o): return binary("sub", self, o)
    def __rsub__(self, o): return binary("sub", o, self)
    def __mul__(self, o): return binary("mul", self, o)
    def __rmul__(self, o): return binary("mul", o, self)
    def __truediv__(self, o): return binary("div", self, o)
    def __rtruediv__(self, o): return binary("div", o, self)
    def __floordiv__(self, o): return binary("floordiv", self, o)
    def __rfloordiv__(self, o): return binary("floordiv", o, self)
    def __mod__(self, o): return binary("floormod", self, o)
    def __rmod__(self, o): return binary("floormod", o, self)
    def __pow__(self, o): return binary("pow", self, o)
    def __rpow__(self, o): return binary("pow", o, self)
    def __lshift__(self, o): return binary("shl", self, o)
    def __rlshift__(self, o): return binary("shl", o, self)
    def __rshift__(self, o): return binary("shr", self, o)
    def __rrshift__(self, o): return binary("shr", o, self)
    def __and__(self, o): return binary("and", self, o)
    def __rand__(self, o): return binary("and", o, self)
    def __or__(self, o): return binary("or", self, o)
    def __ror__(self, o): return binary("or", o, self)
    def __xor__(self, o): return binary("xor", self, o)
    def __rxor__(self, o): return binary("xor", o, self)
    def __neg__(self): return negate(self)
    def __pos__(self): return self
    def __invert__(self): return invert(self)
    def __abs__(self): return absolute(self)

    def __lt__(self, o): return compare("lt", self, o)
    def __le__(self, o): return compare("le", self, o)
    def __gt__(self, o): return compare("gt", self, o)
    def __ge__(self, o): return compare("ge", self, o)
    def __eq__(self, o): return compare("eq", self, o)
    def __ne__(self, o): return compare("ne", self, o)


def is_expr(x):
    return isinstance(x, Expr)


class BufferLoad(Expr):
    """``buffer[indices]``: loads where it is used; an lvalue as well."""

    __slots__ = ("buffer", "indices", "where")

    def __init__(self, buffer, indices, where=None):
        Expr.__init__(self, None, buffer.dtype)
        self.buffer = buffer
        self.indices = tuple(indices)
        # where it was written: the load (and its index casts) carry that
        # location wherever the value is used
        self.where = where if where is not None else current().snapshot()

    def materialize(self):
        b = current()
        saved = b.restore(self.where)
        try:
            return self.buffer._load(self.indices)
        finally:
            b.restore(saved)

    def store(self, value):
        self.buffer._store(self.indices, value)

    def ptr(self):
        """The address of the element (``T.address_of``)."""
        return self.buffer.ptr_to(list(self.indices))

    def __repr__(self):
        return f"<tirx.script.BufferLoad {self.buffer.name}[...]: {self.ty}>"


# ---------------------------------------------------------------------------
# Conversions between Python values and IR values.
# ---------------------------------------------------------------------------

def default_type_of(x):
    if isinstance(x, bool):
        return BOOL
    if isinstance(x, int):
        return I32 if -(1 << 31) <= x < (1 << 31) else I64
    if isinstance(x, float):
        return F32
    return None


def as_expr(x, ty=None):
    """`x` as an Expr (Python numbers become constants of `ty` or their
    default type)."""
    if isinstance(x, Expr):
        return x
    if isinstance(x, (bool, int, float)):
        t = as_prim_type(ty) if ty is not None else default_type_of(x)
        if isinstance(x, float) and not t.is_float:
            if not x.is_integer():
                raise UserError(f"cannot convert {x!r} to {t}")
            x = int(x)
        if t.lanes > 1:  # a splat constant (dense<x>)
            return Expr(current().dense_constant([x], t), t)
        return Expr(current().constant(x, t), t)
    if hasattr(x, "__tirx_expr__"):
        return x.__tirx_expr__()
    raise UserError(f"expected a TIRx expression or a Python number, got "
                    f"{_describe(x)}")


def value_of(x, ty=None):
    """The MLIR value of `x` (converted to `ty` if given)."""
    e = as_expr(x, ty)
    if ty is not None and isinstance(e.ty, PrimType):
        e = cast(e, ty)
    return e.materialize()


def _describe(x):
    if hasattr(x, "scope") and hasattr(x, "ptr_to"):  # a Buffer
        return f"buffer '{x.name}'"
    if isinstance(x, str):
        return f"the string {x!r}"
    return f"{type(x).__name__} {x!r}" if len(repr(x)) < 60 else type(x).__name__


def new_expr(op_or_value, ty, name=None, is_var=False):
    v = op_or_value.result if hasattr(op_or_value, "results") else op_or_value
    return Expr(v, ty, name, is_var)


def to_index(x):
    """An `index` value from a Python int or an integer Expr."""
    b = current()
    if isinstance(x, bool):
        x = int(x)
    if isinstance(x, int):
        return b.constant(x, "index")
    e = as_expr(x)
    if not isinstance(e.ty, PrimType) or not (e.ty.is_int or e.ty.is_bool):
        raise UserError(f"an index must be an integer, got {e.ty}")
    if e.ty.is_index:
        return e.materialize()
    if e.ty.is_bool:
        e = cast(e, I32)
    name = "arith.index_castui" if e.ty.is_uint else "arith.index_cast"
    return b.create(name, [e.materialize()], ["index"]).result


# ---------------------------------------------------------------------------
# Types of binary operations (TVM's rules: widen, ints meet floats as floats)
# ---------------------------------------------------------------------------

def _unify(a, b):
    ea = a if isinstance(a, Expr) else None
    eb = b if isinstance(b, Expr) else None
    if ea is None and eb is None:
        raise UserError("no TIRx operand")
    if ea is None:
        ta = eb.ty
        if not isinstance(ta, PrimType):
            raise UserError(f"arithmetic on {ta} is not supported")
        if isinstance(a, float) and not ta.is_float:
            eb = cast(eb, F32.with_lanes(ta.lanes))
            ta = eb.ty
        return as_expr(a, ta), eb, ta
    if eb is None:
        ta = ea.ty
        if not isinstance(ta, PrimType):
            raise UserError(f"arithmetic on {ta} is not supported")
        if isinstance(b, float) and not ta.is_float:
            ea = cast(ea, F32.with_lanes(ta.lanes))
            ta = ea.ty
        return ea, as_expr(b, ta), ta
    ta, tb = ea.ty, eb.ty
    if not isinstance(ta, PrimType) or not isinstance(tb, PrimType):
        raise UserError(f"arithmetic between {ta} and {tb} is not supported")
    if ta is tb:
        return ea, eb, ta
    t = _common_type(ta, tb)
    return cast(ea, t), cast(eb, t), t


def _common_type(ta, tb):
    lanes = max(ta.lanes, tb.lanes)
    if ta.lanes != tb.lanes and min(ta.lanes, tb.lanes) != 1:
        raise UserError(f"vector lanes differ: {ta} and {tb}")
    a, b = ta.element, tb.element
    if a is b:
        return a.with_lanes(lanes)
    if (a.is_index or b.is_index) and not (a.is_float or b.is_float):
        return PrimType("index")  # integers meet an index as an index
    if a.is_float or b.is_float:
        if a.is_float and b.is_float:
            e = a if a.bits >= b.bits else b
        else:
            e = a if a.is_float else b
    elif a.is_bool:
        e = b
    elif b.is_bool:
        e = a
    else:
        bits = max(a.bits, b.bits)
        unsigned = (a.is_uint and a.bits == bits) or (b.is_uint and b.bits == bits)
        e = PrimType(f"{'uint' if unsigned else 'int'}{bits}")
    return e.with_lanes(lanes)


_INT_OPS = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli",
            "and": "arith.andi", "or": "arith.ori", "xor": "arith.xori",
            "shl": "arith.shli"}
_FLOAT_OPS = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf",
              "div": "arith.divf"}


def binary(op, a, b):
    """`a <op> b` with TVM's semantics (`//` and `%` floor for integers)."""
    if not isinstance(a, Expr) and not isinstance(b, Expr):
        return _python_binary(op, a, b)
    ea, eb, t = _unify(a, b)
    bld = current()
    va, vb = ea.materialize(), eb.materialize()
    ty = t.ssa
    if t.is_float:
        if op in _FLOAT_OPS:
            return Expr(bld.create(_FLOAT_OPS[op], [va, vb], [ty]).result, t)
        if op == "floordiv":
            q = bld.create("arith.divf", [va, vb], [ty]).result
            return Expr(bld.create("math.floor", [q], [ty]).result, t)
        if op == "floormod":
            q = bld.create("arith.divf", [va, vb], [ty]).result
            f = bld.create("math.floor", [q], [ty]).result
            m = bld.create("arith.mulf", [f, vb], [ty]).result
            return Expr(bld.create("arith.subf", [va, m], [ty]).result, t)
        if op == "pow":
            return Expr(bld.create("math.powf", [va, vb], [ty]).result, t)
        raise UserError(f"operator '{_SYMBOL[op]}' is not defined for {t}")
    # integers and bools
    if op in _INT_OPS:
        return Expr(bld.create(_INT_OPS[op], [va, vb], [ty]).result, t)
    unsigned = t.is_uint or t.is_bool
    if op == "div":
        name = "arith.divui" if unsigned else "arith.divsi"
        return Expr(bld.create(name, [va, vb], [ty]).result, t)
    if op == "floordiv":
        name = "arith.divui" if unsigned else "arith.floordivsi"
        return Expr(bld.create(name, [va, vb], [ty]).result, t)
    if op == "floormod":
        if unsigned:
            return Expr(bld.create("arith.remui", [va, vb], [ty]).result, t)
        return Expr(_floormod_signed(bld, va, vb, ty, t), t)
    if op == "shr":
        name = "arith.shrui" if unsigned else "arith.shrsi"
        return Expr(bld.create(name, [va, vb], [ty]).result, t)
    if op == "pow":
        return Expr(bld.create("math.ipowi", [va, vb], [ty]).result, t)
    raise UserError(f"operator '{_SYMBOL[op]}' is not defined for {t}")


def _floormod_signed(bld, va, vb, ty, t):
    # r = a rem b; r + b if r and b have different signs and r != 0
    r = bld.create("arith.remsi", [va, vb], [ty]).result
    zero = bld.constant(0, t.element) if t.lanes == 1 else broadcast(as_expr(0, t.element), t).materialize()
    i1 = "i1" if t.lanes == 1 else f"vector<{t.lanes}xi1>"
    rneg = bld.create("arith.cmpi", [r, zero], [i1],
                      {"predicate": bld.int_attr(2, "i64")}).result  # slt
    bneg = bld.create("arith.cmpi", [vb, zero], [i1],
                      {"predicate": bld.int_attr(2, "i64")}).result
    rnz = bld.create("arith.cmpi", [r, zero], [i1],
                     {"predicate": bld.int_attr(1, "i64")}).result  # ne
    diff = bld.create("arith.xori", [rneg, bneg], [i1]).result
    fix = bld.create("arith.andi", [diff, rnz], [i1]).result
    rb = bld.create("arith.addi", [r, vb], [ty]).result
    return bld.create("arith.select", [fix, rb, r], [ty]).result


_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floordiv": "//",
           "floormod": "%", "pow": "**", "shl": "<<", "shr": ">>", "and": "&",
           "or": "|", "xor": "^"}


def _python_binary(op, a, b):
    import operator
    f = {"add": operator.add, "sub": operator.sub, "mul": operator.mul,
         "div": operator.truediv, "floordiv": operator.floordiv,
         "floormod": operator.mod, "pow": operator.pow,
         "shl": operator.lshift, "shr": operator.rshift, "and": operator.and_,
         "or": operator.or_, "xor": operator.xor}[op]
    return f(a, b)


# cmpi predicates: eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6, ule 7,
# ugt 8, uge 9. cmpf: oeq 1, ogt 2, oge 3, olt 4, ole 5, one 6, une 13.
_CMPI_S = {"eq": 0, "ne": 1, "lt": 2, "le": 3, "gt": 4, "ge": 5}
_CMPI_U = {"eq": 0, "ne": 1, "lt": 6, "le": 7, "gt": 8, "ge": 9}
_CMPF = {"eq": 1, "gt": 2, "ge": 3, "lt": 4, "le": 5, "ne": 13}


def compare(op, a, b):
    if not isinstance(a, Expr) and not isinstance(b, Expr):
        import operator
        return getattr(operator, op)(a, b)
    if (isinstance(a, Expr) and not isinstance(a.ty, PrimType)) or \
            (isinstance(b, Expr) and not isinstance(b.ty, PrimType)):
        if op in ("eq", "ne") and (a is None or b is None):
            return (a is b) == (op == "eq")
    ea, eb, t = _unify(a, b)
    bld = current()
    rt = BOOL.with_lanes(t.lanes)
    if t.is_float:
        return Expr(bld.create("arith.cmpf", [ea.materialize(), eb.materialize()],
                               [rt.ssa], {"predicate": bld.int_attr(_CMPF[op], "i64")}).result, rt)
    preds = _CMPI_U if (t.is_uint or t.is_bool) else _CMPI_S
    return Expr(bld.create("arith.cmpi", [ea.materialize(), eb.materialize()], [rt.ssa],
                           {"predicate": bld.int_attr(preds[op], "i64")}).result, rt)


def negate(a):
    e = as_expr(a)
    if e.ty.is_float:
        return Expr(current().create("arith.negf", [e.materialize()], [e.ty.ssa]).result, e.ty)
    return binary("sub", 0, e)


def invert(a):
    e = as_expr(a)
    if e.ty.is_bool:
        return logical_not(e)
    return binary("xor", e, -1)


def absolute(a):
    e = as_expr(a)
    bld = current()
    if e.ty.is_float:
        return Expr(bld.create("math.absf", [e.materialize()], [e.ty.ssa]).result, e.ty)
    if e.ty.is_uint or e.ty.is_bool:
        return e
    return Expr(bld.create("math.absi", [e.materialize()], [e.ty.ssa]).result, e.ty)


def to_bool(a):
    """`a` as an i1 condition (non-zero test for numbers)."""
    if isinstance(a, bool):
        return as_expr(a)
    e = as_expr(a)
    if not isinstance(e.ty, PrimType):
        raise UserError(f"a condition must be a boolean expression, got {e.ty}")
    if e.ty.is_bool:
        return e
    return compare("ne", e, 0)


def logical_and(a, b):
    return binary("and", to_bool(a), to_bool(b))


def logical_or(a, b):
    return binary("or", to_bool(a), to_bool(b))


def logical_not(a):
    if not isinstance(a, Expr):
        return not a
    return binary("xor", to_bool(a), True)


def broadcast(e, t):
    bld = current()
    return Expr(bld.create("vector.broadcast", [e.materialize()], [t.ssa]).result, t)


def select(c, a, b):
    """`a if c else b` evaluated to one value (`arith.select`)."""
    cond = to_bool(c)
    if not isinstance(a, Expr) and not isinstance(b, Expr):
        t = _common_type(default_type_of(a), default_type_of(b))
        ea, eb = as_expr(a, t), as_expr(b, t)
    else:
        ea, eb, t = _unify(a, b) if (isinstance(a, Expr) and isinstance(a.ty, PrimType)) or \
            (isinstance(b, Expr) and isinstance(b.ty, PrimType)) else (as_expr(a), as_expr(b), as_expr(a).ty)
    bld = current()
    return Expr(bld.create("arith.select", [cond.materialize(), ea.materialize(), eb.materialize()],
                           [mlir_type_text(t)]).result, t)


def if_then_else(cond, t, f):
    """``t`` where `cond` holds, else ``f`` (both are evaluated)."""
    if not isinstance(cond, Expr):
        return t if cond else f
    return select(cond, t, f)


# ---------------------------------------------------------------------------
# Casts
# ---------------------------------------------------------------------------

def cast(x, dtype):
    """Converts `x` to `dtype` (value conversion, not a bit reinterpretation)."""
    t = as_prim_type(dtype)
    if not isinstance(x, Expr):
        if isinstance(x, (bool, int, float)):
            if t.is_int and isinstance(x, float):
                x = int(x)
            if t.is_bool:
                x = bool(x)
            return as_expr(x, t)
        raise UserError(f"cannot cast {_describe(x)} to {t}")
    s = x.ty
    if isinstance(s, PointerType):
        if t.is_int and t.bits in (32, 64):
            v = current().create("tirx.reinterpret", [x.materialize()], [t.ssa]).result
            return Expr(v, t)
        raise UserError(f"cannot cast a pointer to {t}")
    if not isinstance(s, PrimType):
        raise UserError(f"cannot cast a value of type {s} to {t}")
    if s is t:
        return x
    if s.lanes != t.lanes:
        if s.lanes == 1:
            return broadcast(cast(x, t.element), t)
        raise UserError(f"cannot cast {s} to {t}: the lane counts differ")
    if s.ssa == t.ssa and s.is_int == t.is_int:  # int <-> uint of one width
        return Expr(x.materialize(), t)
    bld = current()
    v = x.materialize()
    se, te = s.element, t.element
    if te.is_bool:
        zero = as_expr(0, s)
        return compare("ne", x, zero)
    if se.is_index or te.is_index:
        if se.is_float or te.is_float:  # through int64: no float <-> index op
            return cast(cast(x, I64), t)
        if se.is_bool:
            return cast(cast(x, I32), t)
        name = "arith.index_castui" if (se.is_uint or te.is_uint) else "arith.index_cast"
        return Expr(bld.create(name, [v], [t.ssa]).result, t)
    if se.is_bool:
        if te.is_float:
            return Expr(bld.create("arith.uitofp", [v], [t.ssa]).result, t)
        return Expr(bld.create("arith.extui", [v], [t.ssa]).result, t)
    if se.is_int and te.is_int:
        if te.bits > se.bits:
            name = "arith.extui" if se.is_uint else "arith.extsi"
        else:
            name = "arith.trunci"
        return Expr(bld.create(name, [v], [t.ssa]).result, t)
    if se.is_int and te.is_float:
        name = "arith.uitofp" if se.is_uint else "arith.sitofp"
        return Expr(bld.create(name, [v], [t.ssa]).result, t)
    if se.is_float and te.is_int:
        name = "arith.fptoui" if te.is_uint else "arith.fptosi"
        return Expr(bld.create(name, [v], [t.ssa]).result, t)
    if se.is_float and te.is_float:
        if te.bits == se.bits:  # f16 <-> bf16: go through f32
            return cast(cast(x, F32.with_lanes(s.lanes)), t)
        name = "arith.extf" if te.bits > se.bits else "arith.truncf"
        return Expr(bld.create(name, [v], [t.ssa]).result, t)
    raise UserError(f"cannot cast {s} to {t}")


def reinterpret(dtype, x):
    """Bit reinterpretation: to a pointer type, from a pointer, or between
    scalar/vector types of the same width (`tirx.reinterpret`)."""
    if isinstance(dtype, PointerType):
        target = dtype
    elif isinstance(dtype, TensorMapType):
        target = dtype
    else:
        target = as_prim_type(dtype)
    e = as_expr(x)
    bld = current()
    if isinstance(target, PrimType) and isinstance(e.ty, PrimType):
        if e.ty.bits * e.ty.lanes != target.bits * target.lanes:
            raise UserError(f"T.reinterpret needs types of the same width, got "
                            f"{e.ty} ({e.ty.bits * e.ty.lanes} bits) and {target} "
                            f"({target.bits * target.lanes} bits)")
        if e.ty.ssa == target.ssa:
            return Expr(e.materialize(), target)
    v = e.materialize()
    r = bld.create("tirx.reinterpret", [v], [mlir_type_text(target)]).result
    return Expr(r, target)


def to_memory(e, t):
    """The value to store for PrimType `t`: unsigned memory types (`ui32`)
    are reinterpreted from the signless SSA value."""
    v = e.materialize()
    if t.mem != t.ssa:
        v = current().create("tirx.reinterpret", [v], [t.mem]).result
    return v


def from_memory(v, t):
    if t.mem != t.ssa:
        v = current().create("tirx.reinterpret", [v], [t.ssa]).result
    return v


def math_unary(name, x, float_only=True):
    e = as_expr(x)
    if not isinstance(e.ty, PrimType):
        raise UserError(f"{name} needs a number, got {e.ty}")
    if float_only and not e.ty.is_float:
        e = cast(e, F32.with_lanes(e.ty.lanes))
    v = current().create(name, [e.materialize()], [e.ty.ssa]).result
    return Expr(v, e.ty)


def result_expr(value, mlir_text, hint=None, name=None):
    """An Expr for an op result of MLIR type `mlir_text`."""
    return Expr(value, script_type_of_mlir(mlir_text, hint), name)


__all__ += ["reinterpret", "select", "if_then_else", "to_bool", "logical_and",
            "logical_or", "logical_not", "math_unary", "result_expr"]


# ---------------------------------------------------------------------------
# Vectors (one-dimensional: the PrimTypes float32x4, int32x8, ...)
# ---------------------------------------------------------------------------

_DYN_POS = -(1 << 63)  # ShapedType::kDynamic in static_position


def _position(vec, pos):
    """(dynamic operands, static_position) of lane `pos`."""
    b = current()
    lanes = vec.ty.lanes
    if isinstance(pos, bool):
        raise UserError("a lane index must be an integer")
    if isinstance(pos, int):
        if not -lanes <= pos < lanes:
            raise UserError(f"lane {pos} of a {vec.ty} value (it has {lanes})")
        if pos < 0:
            pos += lanes
        return [], _ir_i64_array(b, [pos])
    return [to_index(pos)], _ir_i64_array(b, [_DYN_POS])


def _ir_i64_array(b, values):
    from .. import ir
    return ir.DenseI64ArrayAttr.get(list(values), b.ctx)


def vector_extract(vec, pos):
    """Lane `pos` of the vector `vec` (``vector.extract``)."""
    e = as_expr(vec)
    dyn, static = _position(e, pos)
    t = e.ty.element
    v = current().create("vector.extract", [e.materialize(), *dyn], [t.ssa],
                         {"static_position": static}).result
    return Expr(v, t)


def vector_insert(vec, value, pos):
    """`vec` with lane `pos` replaced by `value` (``vector.insert``)."""
    e = as_expr(vec)
    if not isinstance(e.ty, PrimType) or e.ty.lanes == 1:
        raise UserError(f"T.vector_insert needs a vector, got {e.ty}")
    x = value_of(value, e.ty.element)
    dyn, static = _position(e, pos)
    v = current().create("vector.insert", [x, e.materialize(), *dyn], [e.ty.ssa],
                         {"static_position": static}).result
    return Expr(v, e.ty)


def vector_of(values, t):
    """``T.int32x4([a, b, c, d])``: a vector of lanes. Python numbers only:
    a constant (``dense<[...]>``); else ``vector.from_elements`` of the
    values converted to the element type."""
    vals = list(values)
    if len(vals) != t.lanes:
        raise UserError(f"{t} takes {t.lanes} lanes, got {len(vals)}")
    if all(isinstance(x, (bool, int, float)) for x in vals):
        return Expr(current().dense_constant(vals, t), t)
    elems = [value_of(x, t.element) for x in vals]
    v = current().create("vector.from_elements", elems, [t.ssa]).result
    return Expr(v, t)


def vector_bitcast(vec, dtype):
    """The bits of the vector `vec` as a vector of `dtype` (same total
    width; ``vector.bitcast``)."""
    e = as_expr(vec)
    t = as_prim_type(dtype)
    if not isinstance(e.ty, PrimType) or e.ty.lanes == 1 or t.lanes == 1:
        raise UserError("T.vector_bitcast converts a vector to a vector "
                        f"(got {e.ty} to {t})")
    if e.ty.bits * e.ty.lanes != t.bits * t.lanes:
        raise UserError(f"T.vector_bitcast needs the same width, got {e.ty} "
                        f"and {t}")
    v = current().create("vector.bitcast", [e.materialize()], [t.ssa]).result
    return Expr(v, t)


__all__ += ["vector_extract", "vector_insert", "vector_of", "vector_bitcast"]
