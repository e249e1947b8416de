"""Math, min/max and the integer and bit operations of the ``T``
namespace."""

import builtins as _builtins

from ._builder import current
from ._expr import Expr, as_expr
from ._expr import cast as _cast
from . import _expr
from ._types import PrimType, as_prim_type

def _math(name, float_only=True):
    def f(x):
        if isinstance(x, (int, float)) and not isinstance(x, _builtins.bool):
            x = as_expr(float(x))
        return _expr.math_unary(name, x, float_only)
    f.__name__ = name.split(".")[-1]
    f.__doc__ = f"``{name}`` of `x`."
    return f


exp = _math("math.exp")
exp2 = _math("math.exp2")
exp10 = None
log = _math("math.log")
log2 = _math("math.log2")
log10 = _math("math.log10")
log1p = _math("math.log1p")
expm1 = _math("math.expm1")
sqrt = _math("math.sqrt")
rsqrt = _math("math.rsqrt")
tanh = _math("math.tanh")
sin = _math("math.sin")
cos = _math("math.cos")
tan = _math("math.tan")
atan = _math("math.atan")
erf = _math("math.erf")
floor = _math("math.floor")
ceil = _math("math.ceil")
trunc = _math("math.trunc")
round = _math("math.roundeven")  # noqa: A001 - TVM's name
nearbyint = round
del exp10


def fabs(x):
    return _expr.absolute(x)


def abs(x):  # noqa: A001 - TVM's name
    if not isinstance(x, Expr):
        return _builtins.abs(x)
    return _expr.absolute(x)


def sigmoid(x):
    e = as_expr(x)
    one = _cast(1.0, e.ty)
    return one / (one + exp(-e))


def pow(x, y):  # noqa: A001
    return _expr.binary("pow", x if isinstance(x, Expr) else as_expr(float(x)), y)


def fma(a, b, c):
    ea, eb, t = _expr._unify(a, b)
    ec = _cast(c, t)
    v = current().create("math.fma", [ea.materialize(), eb.materialize(), ec.materialize()],
                         [t.ssa]).result
    return Expr(v, t)


def copysign(a, b):
    """The magnitude of `a` with the sign of `b` (``math.copysign``)."""
    ea, eb, t = _expr._unify(a if isinstance(a, Expr) or isinstance(b, Expr)
                             else as_expr(float(a)), b)
    if not t.is_float:
        ea, eb = _cast(ea, PrimType("float32").with_lanes(t.lanes)), \
            _cast(eb, PrimType("float32").with_lanes(t.lanes))
        t = ea.ty
    v = current().create("math.copysign", [ea.materialize(), eb.materialize()],
                         [t.ssa]).result
    return Expr(v, t)


def _minmax(kind, a, b):
    if not isinstance(a, Expr) and not isinstance(b, Expr):
        return _builtins.max(a, b) if kind == "max" else _builtins.min(a, b)
    ea, eb, t = _expr._unify(a, b)
    if t.is_float:
        # maxnumf/minnumf: CUDA's fmaxf/fminf (a NaN operand yields the
        # other one), as in the original; PTX max.f32/min.f32 via libdevice
        name = f"arith.{kind}numf"
    elif t.is_uint or t.is_bool:
        name = f"arith.{kind}ui"
    else:
        name = f"arith.{kind}si"
    v = current().create(name, [ea.materialize(), eb.materialize()], [t.ssa]).result
    return Expr(v, t)


def max(a, b):  # noqa: A001
    return _minmax("max", a, b)


def min(a, b):  # noqa: A001
    return _minmax("min", a, b)


def truncdiv(a, b):
    return _expr.binary("div", a, b)


def truncmod(a, b):
    ea, eb, t = _expr._unify(a, b)
    name = "arith.remui" if t.is_uint else ("arith.remf" if t.is_float else "arith.remsi")
    return Expr(current().create(name, [ea.materialize(), eb.materialize()], [t.ssa]).result, t)


def floordiv(a, b):
    return _expr.binary("floordiv", a, b)


def floormod(a, b):
    return _expr.binary("floormod", a, b)


def bitwise_and(a, b):
    return _expr.binary("and", a, b)


def bitwise_or(a, b):
    return _expr.binary("or", a, b)


def bitwise_xor(a, b):
    return _expr.binary("xor", a, b)


def bitwise_not(a):
    return _expr.invert(a)


def shift_left(a, b):
    return _expr.binary("shl", a, b)


def shift_right(a, b):
    return _expr.binary("shr", a, b)


def And(a, b):  # noqa: N802
    return _expr.logical_and(a, b)


def Or(a, b):  # noqa: N802
    return _expr.logical_or(a, b)


def Not(a):  # noqa: N802
    return _expr.logical_not(a)


def infinity(dtype):
    return _cast(float("inf"), dtype)


def min_value(dtype):
    t = as_prim_type(dtype)
    if t.is_float:
        return _cast(float("-inf"), t)
    return _cast(-(1 << (t.bits - 1)) if t.is_signed else 0, t)


def max_value(dtype):
    t = as_prim_type(dtype)
    if t.is_float:
        return _cast(float("inf"), t)
    return _cast((1 << (t.bits - 1)) - 1 if t.is_signed else (1 << t.bits) - 1, t)
