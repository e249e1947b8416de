"""The IR builder behind the parser: context, insertion points, source
locations and op creation.

Every op is created at the innermost AST node being evaluated (its
``FileLineColRange``); while a macro or inline helper is expanded, the
location is a ``CallSiteLoc`` chain from the definition to its call sites.
"""

import sys
import threading

from .. import ir as _ir
from .._ods import OPS
from ._diagnostics import ScriptError
from ._types import PrimType

__all__ = ["Builder", "current", "context", "building", "deep_python"]

# Per-thread state: each thread parses in its own Context with its own
# stack of builders, so scripts parsed in parallel threads never share IR
# that another thread is walking or extending.
_LOCAL = threading.local()


def context():
    """The Context scripts of this thread are built in (one per thread)."""
    ctx = getattr(_LOCAL, "context", None)
    if ctx is None or ctx.is_destroyed:
        ctx = _ir.Context()
        _LOCAL.context = ctx
    return ctx


def _stack():
    s = getattr(_LOCAL, "stack", None)
    if s is None:
        s = _LOCAL.stack = []
    return s


def building():
    """True while a script is being parsed in this thread."""
    return bool(_stack())


def current():
    """The builder of the script being parsed (a ScriptError outside one)."""
    s = _stack()
    if not s:
        raise ScriptError("TIRx script expressions can only be used while a "
                          "@T.prim_func, @T.macro or @T.inline body is being "
                          "parsed")
    return s[-1]


# Parsing and printing recurse per level of the script's nesting (an
# expression of N terms, N nested ifs, N macro levels); the compiler takes
# IR up to ir.MAX_NESTING_DEPTH levels, so the frontend runs with room for
# that much Python recursion (the limit is raised, never lowered).
_RECURSION = 12000
_recursion_lock = threading.Lock()


def deep_python():
    """Raises the interpreter's recursion limit to what deep scripts need."""
    if sys.getrecursionlimit() < _RECURSION:
        with _recursion_lock:
            if sys.getrecursionlimit() < _RECURSION:
                sys.setrecursionlimit(_RECURSION)


class UserError(RuntimeError):
    """A mistake in the script, reported at the innermost node being parsed
    (raised by the builder functions of the T namespace)."""


class CallSite:
    """A macro or inline expansion: the location of its call, and the
    expansion it happened in (`parent`)."""

    __slots__ = ("loc", "span", "parent", "depth")

    def __init__(self, loc, span, parent):
        self.loc = loc
        self.span = span
        self.parent = parent
        self.depth = parent.depth + 1 if parent is not None else 1

    def chain(self):
        """This call site and its parents, innermost first."""
        c = self
        while c is not None:
            yield c
            c = c.parent


class BlockFrame:
    """A block being filled: its insertion point and constant cache."""

    __slots__ = ("block", "ip", "consts", "boundary", "terminated", "kind",
                 "skip")

    def __init__(self, block, boundary=False, kind="block"):
        self.block = block
        self.ip = _ir.InsertionPoint(block)
        self.consts = {}
        self.boundary = boundary  # constants are not looked up across it
        self.terminated = False  # a break/continue/return ended the block
        # a break/continue of a loop unrolled while parsing, under a condition
        # known only at run time, ended the block's statements (the block
        # still gets its yield)
        self.skip = False
        self.kind = kind


def emit_yield(b):
    """The ``tirx.yield`` that ends the block `b` is filling (the body of a
    loop or of an ``if``)."""
    _ir.Operation.create("tirx.yield", loc=b.loc(), ip=b.frame.ip)


class Builder:
    """Creates ops for one parse (a function, or the functions of a module)."""

    def __init__(self):
        self.ctx = context()
        self.module = None
        self.src = None  # ParsedSource being parsed
        self.node = None  # innermost AST node being evaluated
        self.callsite = None  # the innermost expansion (a CallSite) or None
        self.blocks = []
        self._types = {}
        self._attrs = {}
        self._locs = {}
        self._unknown = None
        self.kernel = None  # KernelState while inside device code
        self.active_parser = None
        self.module_op = None
        self.func = None  # FunctionState of the function being parsed
        self.imported = {}  # id(PrimFunc) -> (PrimFunc, its symbol here)
        self.reserved_symbols = set()  # functions the module will define

    # -- context management -------------------------------------------------
    def __enter__(self):
        deep_python()
        self.ctx.__enter__()
        _stack().append(self)
        return self

    def __exit__(self, *exc):
        _stack().pop()
        self.ctx.__exit__(*exc)

    # -- types and attributes -----------------------------------------------
    def type(self, text):
        t = self._types.get(text)
        if t is None:
            try:
                t = _ir.Type.parse(text, self.ctx)
            except Exception as e:
                diags = getattr(e, "error_diagnostics", None) or []
                why = diags[0].message if diags else str(e).splitlines()[0]
                raise UserError(f"invalid type {text}: {why}") from None
            self._types[text] = t
        return t

    def attr(self, text):
        a = self._attrs.get(text)
        if a is None:
            a = _ir.Attribute.parse(text, self.ctx)
            self._attrs[text] = a
        return a

    def int_attr(self, value, type_text="i64"):
        key = ("int", type_text, value)
        a = self._attrs.get(key)
        if a is None:
            a = _ir.IntegerAttr.get(self.type(type_text), int(value))
            self._attrs[key] = a
        return a

    def str_attr(self, s):
        return _ir.StringAttr.get(s, self.ctx)

    # -- locations ----------------------------------------------------------
    def span(self, node=None):
        node = self.node if node is None else node
        if node is None or self.src is None:
            return None
        return self.src.span(node)

    def loc(self, node=None):
        """The Location of `node` (default: the node being evaluated),
        wrapped in the call-site chain of the macros being expanded."""
        node = self.node if node is None else node
        top = self.callsite
        key = (node, top)  # both hash by identity
        l = self._locs.get(key)
        if l is not None:
            return l
        span = self.span(node)
        if span is None:
            if self._unknown is None:
                self._unknown = _ir.Location.unknown(self.ctx)
            l = self._unknown
        else:
            l = _ir.Location.file(span.filename, span.line, span.col,
                                  span.end_line, span.end_col, self.ctx)
        if top is not None:
            frames = [c.loc for c in top.chain()]
            l = _ir.Location.callsite(l, frames, self.ctx)
        self._locs[key] = l
        return l

    def snapshot(self):
        """Where the builder is: source, node and macro expansion."""
        return (self.src, self.node, self.callsite)

    def restore(self, where):
        """Returns to `where` (a snapshot); returns the previous one."""
        prev = (self.src, self.node, self.callsite)
        self.src, self.node, self.callsite = where
        return prev

    def push_callsite(self, node):
        """Enter a macro or inline expansion called at `node`."""
        span = self.span(node)
        if span is None:
            loc = self.loc(node)
        else:
            loc = _ir.Location.file(span.filename, span.line, span.col,
                                    span.end_line, span.end_col, self.ctx)
        self.callsite = CallSite(loc, span, self.callsite)

    def pop_callsite(self):
        self.callsite = self.callsite.parent

    # -- blocks ---------------------------------------------------------------
    @property
    def frame(self):
        return self.blocks[-1]

    def push_block(self, block, boundary=False, kind="block"):
        f = BlockFrame(block, boundary, kind)
        self.blocks.append(f)
        return f

    def pop_block(self):
        return self.blocks.pop()

    # -- ops ------------------------------------------------------------------
    def create(self, name, operands=(), results=(), attrs=None, regions=0,
               loc=None, ip=None):
        """Creates `name` at the insertion point. `results` are MLIR type
        texts or Types; returns the Operation."""
        if ip is None and self.blocks and (self.blocks[-1].terminated or self.blocks[-1].skip):
            raise UserError("unreachable code after 'break', 'continue' or "
                            "'return'")
        rtypes = [self.type(r) if isinstance(r, str) else r for r in results]
        try:
            return _ir.Operation.create(
                name, results=rtypes, operands=list(operands), attributes=attrs,
                regions=regions, loc=loc if loc is not None else self.loc(),
                ip=ip if ip is not None else (self.blocks[-1].ip if self.blocks else None))
        except ScriptError:
            raise
        except Exception as e:
            raise UserError(f"cannot build '{name}': {e}") from e

    def constant(self, value, ty):
        """An arith.constant of PrimType `ty` (cached per block chain)."""
        if isinstance(ty, str):
            ty = PrimType(ty)
        key = (ty, value, type(value))
        for f in reversed(self.blocks):
            v = f.consts.get(key)
            if v is not None:
                return v
            if f.boundary:
                break
        text = ty.ssa
        if ty.is_int or ty.is_bool:
            if ty.lanes > 1:
                raise UserError(f"vector constant of {ty} is not supported")
            ival = int(value)
            if ty.is_bool:
                ival = 1 if ival else 0
            else:
                ival = fit_integer(ival, ty)
            attr = self.int_attr(ival, text)
        else:
            key2 = ("float", text, float(value))
            attr = self._attrs.get(key2)
            if attr is None:
                attr = _ir.FloatAttr.get(self.type(text), float(value))
                self._attrs[key2] = attr
        op = self.create("arith.constant", results=[text], attrs={"value": attr})
        v = op.result
        if self.blocks:
            self.blocks[-1].consts[key] = v
        return v

    def dense_constant(self, values, ty):
        """An arith.constant of the vector PrimType `ty` with one Python
        number per lane (``dense<[1, 2, 3, 4]>``; one value: a splat)."""
        e = ty.element
        vals = list(values)
        if len(vals) not in (1, ty.lanes):
            raise UserError(f"{ty} takes {ty.lanes} values, got {len(vals)}")
        if e.is_int or e.is_bool:
            items = []
            for x in vals:
                if isinstance(x, float) and not x.is_integer():
                    raise UserError(f"cannot convert {x!r} to {e}")
                iv = int(x)
                items.append(("true" if iv else "false") if e.is_bool
                             else str(fit_integer(iv, e)))
        else:
            items = [_float_text(float(x), e.ssa) for x in vals]
        body = items[0] if len(items) == 1 else "[" + ", ".join(items) + "]"
        try:
            attr = _ir.Attribute.parse(f"dense<{body}> : {ty.ssa}", self.ctx)
        except Exception as ex:  # noqa: BLE001
            raise UserError(f"cannot build the constant {body} of {ty}: {ex}") from None
        return self.create("arith.constant", results=[ty.ssa],
                           attrs={"value": attr}).result

    def op_meta(self, name):
        meta = OPS.get(name)
        if meta is None:
            raise UserError(f"unknown op '{name}'")
        return meta



_SPECIAL = {"f16": ("0x7E00", "0x7C00", "0xFC00"), "bf16": ("0x7FC0", "0x7F80", "0xFF80"),
            "f32": ("0x7FC00000", "0x7F800000", "0xFF800000"),
            "f64": ("0x7FF8000000000000", "0x7FF0000000000000", "0xFFF0000000000000")}


def _float_text(v, ssa):
    """A float literal of an MLIR dense attribute of element type `ssa`."""
    import math
    if math.isnan(v) or math.isinf(v):
        special = _SPECIAL.get(ssa)
        if special is None:
            raise UserError(f"a {v} constant of {ssa} has no literal")
        return special[0] if math.isnan(v) else special[1 if v > 0 else 2]
    return repr(v)


def fit_integer(value, ty):
    """`value` as the two's-complement constant of integer type `ty` (a
    PrimType or "index"). A value is accepted when it is in the signed or
    the unsigned range of the type's width (0xFFFFFFFF is the int32 bit
    pattern -1); anything wider is an error, never wrapped."""
    if isinstance(ty, str):
        ty = PrimType(ty)
    bits, name = ty.bits, ty.dtype
    lo, hi = -(1 << (bits - 1)), (1 << bits) if not ty.is_index else (1 << (bits - 1))
    if not lo <= value < hi:
        raise UserError(f"the integer {value} does not fit in {name} "
                        f"({lo} .. {hi - 1}); integer constants are never "
                        "wrapped")
    if value >= 1 << (bits - 1):
        value -= 1 << bits
    return value
