"""The IR builder behind the parser: context, insertion points, source
locations and op creation.

Every op is created at the innermost AST node being evaluated (its
``FileLineColRange``); while a macro or inline helper is expanded, the
location is a ``CallSiteLoc`` chain from the definition to its call sites.
"""

from .. import ir as _ir
from .._ods import OPS
from ._diagnostics import ScriptError
from ._types import PrimType

__all__ = ["Builder", "current", "context"]

_CONTEXT = None


def context():
    """The process-wide Context scripts are built in."""
    global _CONTEXT
    if _CONTEXT is None or _CONTEXT.is_destroyed:
        _CONTEXT = _ir.Context()
    return _CONTEXT


_STACK = []


def current():
    """The builder of the script being parsed (a ScriptError outside one)."""
    if not _STACK:
        raise ScriptError("TIRx script expressions can only be used while a "
                          "@T.prim_func, @T.macro or @T.inline body is being "
                          "parsed")
    return _STACK[-1]


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

    __slots__ = ("block", "ip", "consts", "boundary", "terminated", "kind")

    def __init__(self, block, boundary=False, kind="block"):
        self.block = block
        self.ip = _ir.InsertionPoint(block)
        self.consts = {}
        self.boundary = boundary  # constants are not looked up across it
        self.terminated = False  # a break/continue/return ended the block
        self.kind = kind


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
        self.loop_depth = 0
        self.python_loop_depth = 0
        self.active_parser = None
        self.module_op = None
        self.func = None  # FunctionState of the function being parsed

    # -- context management -------------------------------------------------
    def __enter__(self):
        self.ctx.__enter__()
        _STACK.append(self)
        return self

    def __exit__(self, *exc):
        _STACK.pop()
        self.ctx.__exit__(*exc)

    # -- types and attributes -----------------------------------------------
    def type(self, text):
        t = self._types.get(text)
        if t is None:
            try:
                t = _ir.Type.parse(text, self.ctx)
            except Exception as e:
                raise UserError(f"invalid type {text}: {e}") from None
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
        if ip is None and self.blocks and self.blocks[-1].terminated:
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
            ty = PrimType(ty) if ty != "index" else ty
        key = (ty, value, type(value))
        for f in reversed(self.blocks):
            v = f.consts.get(key)
            if v is not None:
                return v
            if f.boundary:
                break
        text = ty if ty == "index" else ty.ssa
        if ty == "index" or ty.is_int or ty.is_bool:
            if ty != "index" and ty.lanes > 1:
                raise UserError(f"vector constant of {ty} is not supported")
            ival = int(value)
            if ty != "index" and ty.is_bool:
                ival = 1 if ival else 0
            elif ty != "index":
                bits = ty.bits
                # wrap into the type's range (two's complement)
                ival &= (1 << bits) - 1
                if ival >= 1 << (bits - 1):
                    ival -= 1 << bits
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

    def op_meta(self, name):
        meta = OPS.get(name)
        if meta is None:
            raise UserError(f"unknown op '{name}'")
        return meta

