"""Macros and inline helpers: ``@T.macro`` (hygienic or not) and
``@T.inline`` bodies are parsed again at each call site, where their ops
get a call-site location chain (definition called at ...).

A ``def`` inside a script body defines one: :class:`ScriptParser`, the
parser of function and macro bodies, is the statement interpreter of
``_parser`` with that statement added."""

import ast
import inspect
import sys

from ._builder import UserError, building, current
from ._diagnostics import ScriptError
from ._expr import BufferLoad, Expr
from ._parser import Parser, VarTable
from ._source import _check_decorated, capture_env, source_of

__all__ = ["Macro", "macro", "inline", "define_nested", "ScriptParser"]


_MAX_DEPTH = 64


class Macro:
    """A ``@T.macro`` or ``@T.inline`` helper, expanded where it is called.

    * hygienic macro (default): names resolve where the macro is defined;
    * ``T.macro(hygienic=False)``: names resolve at the call site first;
    * ``T.inline``: late binding (Python's LEGB at call time), nestable and
      recursive.

    A ``return value`` at the body's top level makes the call an
    expression. On a class, ``self`` is passed through (``obj.helper(x)``).
    """

    def __init__(self, func=None, *, hygienic=True, inline=False, env=None,
                 node=None, src=None, frames=None, signature=None, name=None):
        self.func = func
        self.hygienic = hygienic
        self.inline = inline
        self.env = env
        self._node = node
        self._src = src
        self._frames = frames  # defining var frames (nested definitions)
        self._signature = signature
        self.__name__ = name or getattr(func, "__name__", "macro")
        self.__doc__ = getattr(func, "__doc__", None)

    def __repr__(self):
        kind = "inline" if self.inline else "macro"
        return f"<tirx.script {kind} {self.__name__}>"

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return _BoundMacro(self, obj)

    def _source(self):
        if self._node is None:
            src, node = source_of(self.func)
            if not isinstance(node, ast.FunctionDef):
                raise ScriptError(f"'{self.__name__}' is not a function")
            self._src, self._node = src, node
        return self._src, self._node

    def _bind(self, args, kwargs):
        sig = self._signature
        if sig is None:
            sig = inspect.signature(self.func)
            self._signature = sig
        try:
            ba = sig.bind(*args, **kwargs)
        except TypeError as e:
            raise UserError(f"{self.__name__}(): {e}") from None
        ba.apply_defaults()
        return dict(ba.arguments)

    def __call__(self, *args, **kwargs):
        if not building():
            kind = "T.inline" if self.inline else "T.macro"
            raise ScriptError(f"{kind} '{self.__name__}' can only be called "
                              "inside a TIRx script (a @T.prim_func body)")
        return self.expand(current(), args, kwargs)

    def expand(self, b, args, kwargs):
        src, node = self._source()
        params = self._bind(args, kwargs)
        caller = getattr(b, "active_parser", None)
        if self.inline:
            env = self.env if self._frames is not None else _live_env(self.func)
            frames = list(self._frames or []) + [params]
        elif self.hygienic:
            env = self.env if self.env is not None else capture_env(self.func)
            frames = list(self._frames or []) + [params]
        else:
            env = self.env if self.env is not None else capture_env(self.func)
            frames = (list(caller.vars.frames) if caller else []) + [params]
        depth = b.callsite.depth if b.callsite is not None else 0
        if depth >= _MAX_DEPTH:
            raise UserError(f"'{self.__name__}' expands more than {_MAX_DEPTH} "
                            "levels deep (unbounded recursion?)")
        b.push_callsite(b.node)
        saved = (b.src, b.node, caller)
        p = ScriptParser(b, src, env, VarTable(frames), kind="macro")
        p.top_frame = b.frame
        b.src = src
        b.active_parser = p
        try:
            p.visit_body(node.body)
        finally:
            b.src, b.node, b.active_parser = saved
            b.pop_callsite()
        value = p.return_value
        if isinstance(value, BufferLoad):
            value = Expr(value.materialize(), value.ty)
        return value


class _BoundMacro:
    def __init__(self, macro, obj):
        self.macro = macro
        self.obj = obj

    def __call__(self, *args, **kwargs):
        return self.macro(self.obj, *args, **kwargs)


def _live_env(func):
    """The names a module-level inline helper sees at call time (late
    binding): its closure cells and globals as they are now."""
    return capture_env(func, None)


class _MacroDecorator:
    def __init__(self, hygienic, inline):
        self.hygienic = hygienic
        self.inline = inline

    def __call__(self, func):
        if isinstance(func, ast.AST):  # pragma: no cover
            raise TypeError("not a function")
        _check(func, "@T.inline" if self.inline else "@T.macro")
        env = capture_env(func, sys._getframe(1)) if not self.inline else None
        return Macro(func, hygienic=self.hygienic, inline=self.inline, env=env)


def macro(*args, hygienic=True):
    """``@T.macro`` / ``@T.macro(hygienic=False)``: a statement (or value)
    template expanded where it is called."""
    if len(args) == 1 and callable(args[0]) and not isinstance(args[0], Macro):
        f = args[0]
        _check(f, "@T.macro")
        return Macro(f, hygienic=True, env=capture_env(f, sys._getframe(1)))
    if args:
        raise TypeError("T.macro takes only the keyword argument hygienic=")
    return _MacroDecorator(hygienic, False)


def inline(func):
    """``@T.inline``: a helper inlined at its call sites with late binding."""
    _check(func, "@T.inline")
    return Macro(func, hygienic=False, inline=True)


def _check(func, what):
    _check_decorated(func, what)


def define_nested(p, node):
    """A ``def`` inside a script body: a ``@T.inline`` or ``@T.macro``."""
    if not node.decorator_list:
        raise UserError(f"a function defined inside a script ('{node.name}') "
                        "must be decorated with @T.inline or @T.macro")
    kind = None
    for d in node.decorator_list:
        v = p.eval(d)
        if v is inline:
            kind = ("inline", False)
        elif v is macro:
            kind = ("macro", True)
        elif isinstance(v, _MacroDecorator):
            kind = ("inline" if v.inline else "macro", v.hygienic)
        else:
            raise p.error("only @T.inline and @T.macro may decorate a function "
                          "inside a script", d)
    params = []
    a = node.args
    defaults = [p.eval(x) for x in a.defaults]
    pos = a.posonlyargs + a.args
    first_default = len(pos) - len(defaults)
    for i, arg in enumerate(pos):
        kindp = (inspect.Parameter.POSITIONAL_ONLY if arg in a.posonlyargs
                 else inspect.Parameter.POSITIONAL_OR_KEYWORD)
        d = defaults[i - first_default] if i >= first_default else inspect.Parameter.empty
        params.append(inspect.Parameter(arg.arg, kindp, default=d))
    if a.vararg:
        params.append(inspect.Parameter(a.vararg.arg, inspect.Parameter.VAR_POSITIONAL))
    for arg, dnode in zip(a.kwonlyargs, a.kw_defaults):
        d = p.eval(dnode) if dnode is not None else inspect.Parameter.empty
        params.append(inspect.Parameter(arg.arg, inspect.Parameter.KEYWORD_ONLY, default=d))
    if a.kwarg:
        params.append(inspect.Parameter(a.kwarg.arg, inspect.Parameter.VAR_KEYWORD))
    sig = inspect.Signature(params)
    if kind[0] == "inline":
        frames = p.vars.frames  # live: late binding
    elif kind[1]:
        frames = [dict(f) for f in p.vars.frames]  # hygienic: a snapshot
    else:
        frames = []
    m = Macro(None, hygienic=kind[1], inline=kind[0] == "inline", env=p.env,
              node=node, src=p.src, frames=frames if kind[0] == "inline" or kind[1] else None,
              signature=sig, name=node.name)
    p.vars.set(node.name, m)


class ScriptParser(Parser):
    """The parser of script bodies (functions, macros, inline helpers):
    :class:`Parser` with nested definitions -- a ``def`` in a body is a
    ``@T.inline`` or ``@T.macro`` (see :func:`define_nested`)."""

    def visit_FunctionDef(self, node):
        define_nested(self, node)
