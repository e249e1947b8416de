"""The AST interpreter: statements become ops, expressions are evaluated.

Binding rules (the original's, see docs/Script.md):

* ``x = <pointer>`` (new name) emits an immutable ``tirx.bind`` of exactly
  the right-hand side's type; reassigning it in the same scope is an error.
* ``x = <number>`` (new name) creates a mutable scalar: a one-element
  ``local`` buffer; later ``x = ...`` / ``x += ...`` store to it.
* ``x: T.int32 = e`` is a mutable scalar, ``x: T.f32[N]`` a local array,
  ``x: T.let = e`` an immutable bind, ``x = T.meta_var(v)`` a parse-time
  Python value.
* ``x = <name definition>`` (a scope id, a loop variable, ...) names it;
  ``y = x`` for such a variable emits a ``tirx.bind`` (never a rename).
"""

import ast
import operator

from ._alloc import _set_buffer_name, alloc_buffer
from ._annotations import LetAnnotation, LocalVectorAnnotation
from ._bind import bind
from ._builder import UserError
from ._diagnostics import ScriptError, located
from ._buffer import Buffer, RelativeStop
from . import _control
from ._control import IRLoop, NotALoop, PyLoop, _LoopExit  # noqa: F401
from ._control import _yield
from ._expr import (BufferLoad, Expr, as_expr, cast, compare, logical_and,
                    logical_not, logical_or, select, to_bool)
from ._types import PointerType, PrimType
from ._values import MetaVar, Scalar, ScalarRef

__all__ = ["Parser", "VarTable", "Scalar", "MetaVar"]

_MISSING = object()
_LETS = "\0lets"  # the names of a VarTable frame bound with T.let


class VarTable:
    """The parser's variables in nested frames (one per scope)."""

    def __init__(self, frames=None):
        self.frames = frames if frames is not None else [{}]

    def push(self):
        self.frames.append({})

    def pop(self):
        self.frames.pop()

    def lookup(self, name, default=_MISSING):
        for f in reversed(self.frames):
            v = f.get(name, _MISSING)
            if v is not _MISSING:
                return v
        return default

    def set(self, name, value):
        f = self.frames[-1]
        f[name] = value
        lets = f.get(_LETS)
        if lets is not None:
            lets.discard(name)

    def set_let(self, name, value):
        """Binds `name` immutably (``name: T.let = ...``)."""
        f = self.frames[-1]
        f[name] = value
        lets = f.get(_LETS)
        if lets is None:
            lets = f[_LETS] = set()
        lets.add(name)

    def is_let(self, name):
        """Whether `name` resolves to a ``T.let`` binding."""
        for f in reversed(self.frames):
            if name in f:
                lets = f.get(_LETS)
                return lets is not None and name in lets
        return False

    def in_current(self, name):
        return name in self.frames[-1]

    def holds(self, value):
        """True when `value` (by identity) is bound to some name."""
        for f in self.frames:
            for v in f.values():
                if v is value:
                    return True
        return False

    def child(self):
        """A table sharing these frames plus a new one."""
        return VarTable(self.frames + [{}])


class _Return(Exception):
    """Unwinds a macro body at its `return`."""

    def __init__(self, value):
        self.value = value


def _exits_of(stmts):
    """Whether `stmts` hold a break/continue of their own loop (not one of a
    loop or function nested in them)."""
    todo = list(stmts)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.Break, ast.Continue)):
            return True
        if isinstance(n, (ast.For, ast.While)):
            todo.extend(n.orelse)
            continue
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                          ast.Lambda, ast.expr)):
            continue
        todo.extend(ast.iter_child_nodes(n))
    return False


class Parser:
    """Interprets statements of one body (a function, macro or inline).

    A ``def`` nested in a body makes a macro: ``_macro.ScriptParser``, the
    parser the functions and macros run, adds that statement."""

    def __init__(self, builder, src, env, vars=None, kind="function"):
        self.b = builder
        self.src = src
        self.env = env
        self.vars = vars if vars is not None else VarTable()
        self.kind = kind  # function, macro
        self.return_value = None
        self.returned = False
        self.loops = []  # IRLoop / PyLoop / NotALoop, innermost last

    # ---------------------------------------------------------------------
    # errors
    # ---------------------------------------------------------------------
    def error(self, message, node=None):
        node = node if node is not None else self.b.node
        spans = [self.src.span(node) if node is not None else None]
        spans += [c.span for c in (self.b.callsite.chain() if self.b.callsite else ())]
        return located(message, spans)

    def _wrap(self, exc, node):
        if isinstance(exc, ScriptError):
            return exc
        if isinstance(exc, RecursionError):
            return self.error("the script nests deeper than the parser can "
                              "follow (an expression of thousands of terms?); "
                              "name parts of it (v = T.meta_var(...))", node)
        if isinstance(exc, UserError) or getattr(exc, "user_error", False):
            return self.error(str(exc), node)
        if isinstance(exc, NameError):
            return self.error(str(exc), node)
        return self.error(f"{type(exc).__name__}: {exc}", node)

    # ---------------------------------------------------------------------
    # names
    # ---------------------------------------------------------------------
    def lookup(self, name):
        v = self.vars.lookup(name)
        if v is _MISSING:
            v = self.env.lookup(name, _MISSING)
            if v is _MISSING:
                raise UserError(f"name '{name}' is not defined")
        if isinstance(v, Scalar):
            return v.load()
        return v

    # ---------------------------------------------------------------------
    # statements
    # ---------------------------------------------------------------------
    def visit_body(self, stmts):
        b = self.b
        for i, stmt in enumerate(stmts):
            f = b.frame
            if f.terminated or f.skip or self.returned:
                break
            loop = self.loops[-1] if self.loops else None
            before = loop.exits if isinstance(loop, PyLoop) else None
            self.visit_stmt(stmt)
            if before is not None and loop.exits != before and i + 1 < len(stmts) \
                    and not (f.terminated or f.skip or self.returned):
                # a run-time break/continue of the unrolled loop happened in
                # this statement: the rest runs only if it did not
                self._guarded(loop, stmts[i + 1:], "eq", 0)
                return

    def _guarded(self, loop, stmts, pred, value, reset=False):
        """`stmts` under ``if flag <pred> value:`` (in a new block)."""
        from ._expr import compare
        b = self.b
        prev, b.node = b.node, stmts[0] if stmts else b.node
        try:
            c = compare(pred, loop.flag.load(), value)
            op = b.create("tirx.if", [c.materialize()], [], regions=2)
            block = op.regions[0].blocks.append()
            f = b.push_block(block, kind="if")
        finally:
            b.node = prev
        self.vars.push()
        try:
            if reset:
                prev, b.node = b.node, loop.node
                try:
                    loop.flag.store(0)
                finally:
                    b.node = prev
            self.visit_body(stmts)
        finally:
            self.vars.pop()
            if not f.terminated:
                _yield(b)
            b.pop_block()

    def visit_stmt(self, node):
        b = self.b
        prev = b.node
        b.node = node
        try:
            meth = getattr(self, "visit_" + node.__class__.__name__, None)
            if meth is None:
                raise UserError(f"'{node.__class__.__name__}' statements are "
                                "not supported in a TIRx script")
            meth(node)
        except (ScriptError, _Return, _LoopExit):
            raise
        except Exception as e:  # located at the statement
            raise self._wrap(e, node) from (None if isinstance(e, (UserError, NameError)) else e)
        finally:
            b.node = prev

    def visit_Pass(self, node):
        pass

    def visit_Expr(self, node):
        # the ops are emitted while evaluating; the value itself (a call's
        # result, a docstring, an unused load) is discarded
        self.eval(node.value)

    def visit_Assign(self, node):
        if len(node.targets) != 1:
            raise UserError("chained assignments like 'a = b = c' are not "
                            "supported")
        value = self.eval(node.value)
        self.assign(node.targets[0], value)

    def visit_AnnAssign(self, node):
        ann = self.eval(node.annotation)
        value = self.eval(node.value) if node.value is not None else _MISSING
        target = node.target
        if not isinstance(target, ast.Name):
            if value is _MISSING:
                raise UserError("an annotated assignment without a value needs "
                                "a plain name")
            self.assign(target, value)
            return
        name = target.id
        if isinstance(ann, LocalVectorAnnotation):
            if value is not _MISSING:
                raise UserError("a vector annotation (x: T.f32[N]) takes no "
                                "initial value")
            buf = alloc_buffer(ann.shape, ann.dtype, scope="local", name=name)
            self.vars.set(name, buf)
            return
        if isinstance(ann, LetAnnotation):
            if value is _MISSING:
                raise UserError("T.let needs a value: x: T.let = <expr>")
            self.vars.set_let(name, self._bind(name, value, ann.type))
            return
        prim = getattr(ann, "prim_type", None)
        if isinstance(ann, PrimType):
            prim = ann
        if prim is None:
            if isinstance(ann, (PointerType,)) or getattr(ann, "is_handle_annotation", False):
                raise UserError("use T.let[...] to bind a pointer or handle: "
                                f"{name}: T.let[...] = <expr>")
            raise UserError(f"the annotation of '{name}' must be a data type "
                            "(T.int32, T.f32, ...), T.let or a vector type "
                            "(T.f32[4])")
        if prim.is_handle:
            raise UserError("T.handle cannot annotate a scalar; use "
                            f"{name}: T.let[T.handle] = <expr>")
        buf = alloc_buffer((1,), prim, scope="local", name=name)
        sc = Scalar(buf)
        self.vars.set(name, sc)
        if value is not _MISSING:
            sc.store(self._coerce_store(value, prim, name))

    def _coerce_store(self, value, prim, name):
        if isinstance(value, Expr) and isinstance(value.ty, PrimType) and value.ty is not prim:
            return cast(value, prim)
        return value

    def visit_AugAssign(self, node):
        target = node.target
        opname = _BINOPS.get(type(node.op))
        if opname is None:
            raise UserError(f"unsupported operator {type(node.op).__name__}")
        if isinstance(target, ast.Name):
            cur = self.vars.lookup(target.id)
            if cur is _MISSING:
                cur = self.env.lookup(target.id, _MISSING)
                if cur is _MISSING:
                    raise UserError(f"name '{target.id}' is not defined")
            lhs = cur.load() if isinstance(cur, Scalar) else cur
            rhs = self.eval(node.value)
            b = self.b
            prev, b.node = b.node, node
            result = opname(lhs, rhs)
            b.node = prev
            self.assign(target, result)
        elif isinstance(target, ast.Subscript):
            obj = self.eval(target.value)
            key = self.eval_subscript_key(target.slice)
            cur = obj[key]
            rhs = self.eval(node.value)
            result = opname(cur, rhs)
            obj[key] = result
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            setattr(obj, target.attr, opname(getattr(obj, target.attr), self.eval(node.value)))
        else:
            raise UserError("unsupported augmented assignment target")

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            self.assign_name(target.id, value, target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            self.assign_unpack(target, value)
        elif isinstance(target, ast.Subscript):
            stmt = self.b.node
            obj = self.eval(target.value)
            key = self.eval_subscript_key(target.slice)
            prev, self.b.node = self.b.node, target
            try:
                if isinstance(obj, Buffer):
                    # the indices at the target, the store at the statement
                    obj._store(obj._indices(key), value, stmt)
                else:
                    obj[key] = value
            finally:
                self.b.node = prev
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            setattr(obj, target.attr, value)
        elif isinstance(target, ast.Starred):
            raise UserError("a starred assignment target must be inside a "
                            "tuple or list")
        else:
            raise UserError(f"cannot assign to {target.__class__.__name__}")

    def assign_unpack(self, target, value):
        meta = isinstance(value, MetaVar)
        if meta:
            value = value.value
        if isinstance(value, (Expr, Buffer)) or not hasattr(value, "__iter__"):
            raise UserError(f"cannot unpack {type(value).__name__} into "
                            f"{len(target.elts)} names")
        values = list(value)
        stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
        if len(stars) > 1:
            raise UserError("multiple starred expressions in assignment")
        if stars:
            i = stars[0]
            after = len(target.elts) - i - 1
            if len(values) < len(target.elts) - 1:
                raise UserError(f"not enough values to unpack (expected at "
                                f"least {len(target.elts) - 1}, got {len(values)})")
            head, mid = values[:i], values[i:len(values) - after]
            tail = values[len(values) - after:] if after else []
            wrap = MetaVar if meta else (lambda v: v)
            for e, v in zip(target.elts[:i], head):
                self.assign(e, wrap(v))
            self.assign(target.elts[i].value, wrap(list(mid)))
            for e, v in zip(target.elts[i + 1:], tail):
                self.assign(e, wrap(v))
            return
        if len(values) != len(target.elts):
            raise UserError(f"cannot unpack {len(values)} values into "
                            f"{len(target.elts)} names")
        for e, v in zip(target.elts, values):
            self.assign(e, MetaVar(v) if meta else v)

    def assign_name(self, name, value, node):
        """The binding rules of a plain `name = value`."""
        if self.vars.is_let(name):
            raise UserError(f"'{name}' is bound with T.let and cannot be "
                            "reassigned; give the new value another name, or "
                            f"declare a mutable variable ({name}: T.int32 = ...)")
        cur = self.vars.lookup(name)
        if isinstance(cur, Scalar) and not isinstance(value, (ScalarRef, MetaVar)):
            if isinstance(value, (int, float, bool, Expr)) and not isinstance(
                    getattr(value, "ty", None), PointerType):
                cur.store(value)
                return
        if isinstance(cur, Buffer) and len(cur.shape) == 1 and \
                isinstance(cur.shape[0], int) and cur.shape[0] == 1 and \
                isinstance(value, (int, float, bool)):
            cur._store([0], value)
            return
        self.vars.set(name, self.bind_value(name, value))

    def bind_value(self, name, value):
        if isinstance(value, ScalarRef):
            value.buffer.name = name
            _set_buffer_name(value.buffer, name)
            return Scalar(value.buffer)
        if isinstance(value, MetaVar):
            return value.value
        if isinstance(value, Buffer):
            if value.name in (None, "buffer"):
                value.name = name
                _set_buffer_name(value, name)
            return value
        if isinstance(value, Expr) and not isinstance(value, BufferLoad):
            if value.is_var and not self.vars.holds(value):
                if value.name is None:
                    value.name = name
                return value
            if isinstance(value.ty, PointerType):
                if self.vars.in_current(name):
                    raise UserError(f"Pointer variable '{name}' cannot be "
                                    "reassigned")
                return self._bind(name, value)
            if not isinstance(value.ty, PrimType) or value.is_var:
                return self._bind(name, value)
        if isinstance(value, BufferLoad) and isinstance(value.ty, PointerType):
            return self._bind(name, value)
        if isinstance(value, (bool, int, float)) or (
                isinstance(value, Expr) and isinstance(value.ty, PrimType)):
            e = as_expr(value)
            buf = alloc_buffer((1,), e.ty, scope="local", name=name)
            sc = Scalar(buf, value if isinstance(value, (int, float)) else None)
            sc.store(e)
            return sc
        # any other Python object (strings, lists, functions, ...)
        return value

    def _bind(self, name, value, ty=None):
        return bind(value, ty, name=name)

    def visit_If(self, node):
        cond = self.eval(node.test)
        if isinstance(cond, MetaVar):
            cond = cond.value
        if not isinstance(cond, Expr):
            # a Python condition is decided while parsing; no scope is opened
            if cond:
                self.visit_body(node.body)
            else:
                self.visit_body(node.orelse)
            return
        _control._emit_if(self, to_bool(cond), node.body, node.orelse or None)

    def visit_For(self, node):
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and \
                it.func.id == "range" and self.vars.lookup("range") is _MISSING and \
                self.env.lookup("range", None) is range:
            args = self._elements(it.args)
            kwargs = {k.arg: self.eval(k.value) for k in it.keywords}
            if not 1 <= len(args) <= 3 or kwargs:
                raise UserError("range() takes 1 to 3 positional arguments; "
                                "use T.serial(..., unroll=...) for options")
            prev, self.b.node = self.b.node, it
            try:
                spec = _control.serial(*args, **kwargs)
            finally:
                self.b.node = prev
        else:
            spec = self.eval(it)
        if isinstance(spec, MetaVar):
            spec = spec.value
        if node.orelse:
            raise UserError("for ... else is not supported")
        if isinstance(spec, _control.ForSpec):
            _control._emit_for(self, spec, node)
            return
        if isinstance(spec, (Expr, Buffer)):
            raise UserError("expected a loop: range(...), T.serial, T.unroll, "
                            "T.grid, T.vectorized, T.parallel or "
                            "T.thread_binding, or a Python iterable")
        try:
            items = list(spec)
        except TypeError:
            raise UserError(f"cannot iterate over {type(spec).__name__}") from None
        # A Python iterable: unrolled while parsing, with Python's scoping
        # (the body is no new scope; the target is bound to each item as is).
        b = self.b
        loop = PyLoop(b, node)
        if _exits_of(node.body):
            loop.count = len(b.frame.block.operations)
        self.loops.append(loop)
        try:
            for item in items:
                if loop.flag is not None and loop.broke:
                    # an earlier iteration may have broken out at run time
                    self.assign(node.target, MetaVar(item))
                    stop = self._guarded_iteration(loop, node)
                else:
                    if loop.flag is not None:
                        prev, b.node = b.node, node
                        try:
                            loop.flag.store(0)
                        finally:
                            b.node = prev
                    self.assign(node.target, MetaVar(item))
                    stop = self._iteration(loop, node)
                if stop or b.frame.terminated or self.returned:
                    break
        finally:
            self.loops.pop()

    def _iteration(self, loop, node):
        """One unrolled iteration; True when a `break` ends the loop."""
        loop.frame = self.b.frame
        try:
            self.visit_body(node.body)
        except _LoopExit as e:
            return e.word == "break"
        return False

    def _guarded_iteration(self, loop, node):
        """An iteration under ``if flag != 2:`` (the flag reset to 0 first
        when a continue may have set it)."""
        from ._expr import compare
        b = self.b
        prev, b.node = b.node, node
        try:
            c = compare("ne", loop.flag.load(), 2)
            op = b.create("tirx.if", [c.materialize()], [], regions=2)
            f = b.push_block(op.regions[0].blocks.append(), kind="if")
            if loop.continued:
                loop.flag.store(0)
        finally:
            b.node = prev
        self.vars.push()
        try:
            return self._iteration(loop, node)
        finally:
            self.vars.pop()
            if not f.terminated:
                _yield(b)
            b.pop_block()

    def visit_While(self, node):
        if node.orelse:
            raise UserError("while ... else is not supported")
        _control._emit_while(self, node)

    def visit_Break(self, node):
        _control._emit_loop_exit(self, "tirx.break", "break")

    def visit_Continue(self, node):
        _control._emit_loop_exit(self, "tirx.continue", "continue")

    def visit_Return(self, node):
        value = self.eval(node.value) if node.value is not None else None
        if self.kind == "macro":
            if self.b.frame is not getattr(self, "top_frame", self.b.frame):
                raise UserError("a macro or inline helper returns only at the "
                                "top level of its body (not inside a loop or an "
                                "if of the kernel)")
            self.return_value = value
            self.returned = True
            return
        _control._emit_return(self, value, node)

    def visit_Assert(self, node):
        cond = self.eval(node.test)
        msg = self.eval(node.msg) if node.msg is not None else None
        _control._emit_assert(self, cond, msg)

    def visit_With(self, node):
        """``with ctx:``. The contexts are entered while parsing; an error
        of the body is never theirs to suppress (``contextlib.suppress``
        around a statement would drop it from the kernel): it propagates
        whatever their ``__exit__`` returns."""
        import sys
        self.vars.push()
        entered = []
        try:
            for item in node.items:
                ctx = self.eval(item.context_expr)
                if not (hasattr(ctx, "__enter__") and hasattr(ctx, "__exit__")):
                    raise UserError("the with-statement needs a context "
                                    "(T.launch_thread, T.attr, T.hint, ...)")
                prev, self.b.node = self.b.node, item.context_expr
                try:
                    val = ctx.__enter__()
                finally:
                    self.b.node = prev
                entered.append(ctx)
                if item.optional_vars is not None:
                    self.assign(item.optional_vars, val)
            self.visit_body(node.body)
        except BaseException:
            exc = sys.exc_info()
            for ctx in reversed(entered):
                try:
                    ctx.__exit__(*exc)
                except Exception:  # noqa: BLE001 - the body's error comes first
                    pass
            raise
        else:
            while entered:
                ctx = entered.pop()
                prev, self.b.node = self.b.node, node
                try:
                    ctx.__exit__(None, None, None)
                finally:
                    self.b.node = prev
        finally:
            self.vars.pop()

    def visit_Global(self, node):
        raise UserError("'global' is not supported in a TIRx script")

    visit_Nonlocal = visit_Global

    # ---------------------------------------------------------------------
    # expressions
    # ---------------------------------------------------------------------
    def eval(self, node):
        b = self.b
        prev = b.node
        b.node = node
        try:
            meth = _EXPR.get(node.__class__)
            if meth is None:
                return self.eval_python(node)
            return meth(self, node)
        except (ScriptError, _Return):
            raise
        except Exception as e:
            raise self._wrap(e, node) from (None if isinstance(e, (UserError, NameError)) else e)
        finally:
            b.node = prev

    def eval_python(self, node):
        """Evaluates `node` with Python itself (comprehensions, lambdas)."""
        ns = self.env.as_dict()
        for f in self.vars.frames:
            for k, v in f.items():
                ns[k] = v.load() if isinstance(v, Scalar) else v
        expr = ast.Expression(body=node)
        ast.fix_missing_locations(expr)
        code = compile(expr, self.src.filename, "eval")
        return eval(code, ns)  # noqa: S307 - the user's own source

    def _Constant(self, node):
        return node.value

    def _Name(self, node):
        return self.lookup(node.id)

    def _Attribute(self, node):
        obj = self.eval(node.value)
        try:
            return getattr(obj, node.attr)
        except AttributeError as e:
            if isinstance(e.__cause__, ScriptError):
                raise e.__cause__
            raise UserError(str(e) or f"no attribute '{node.attr}'") from None

    def eval_subscript_key(self, sl):
        if isinstance(sl, ast.Tuple):
            items = []
            for e in sl.elts:
                if isinstance(e, ast.Starred):
                    items.extend(self.eval(e.value))
                else:
                    items.append(self.eval(e))
            return tuple(items)
        return self.eval(sl)

    def _Subscript(self, node):
        obj = self.eval(node.value)
        key = self.eval_subscript_key(node.slice)
        if isinstance(obj, MetaVar):
            obj = obj.value
        return obj[key]

    def _Slice(self, node):
        lo = self.eval(node.lower) if node.lower is not None else None
        up = node.upper
        if isinstance(lo, Expr) and isinstance(up, ast.BinOp) and \
                isinstance(up.op, ast.Add) and isinstance(up.right, ast.Constant) and \
                type(up.right.value) is int and \
                ast.dump(up.left) == ast.dump(node.lower):
            # `k:k + 16` of an IR value: the start and a size, without
            # evaluating the start again (a region of a tile primitive)
            return slice(lo, RelativeStop(lo, up.right.value),
                         self.eval(node.step) if node.step is not None else None)
        hi = self.eval(node.upper) if node.upper is not None else None
        st = self.eval(node.step) if node.step is not None else None
        return slice(lo, hi, st)

    def _elements(self, elts):
        out = []
        for e in elts:
            if isinstance(e, ast.Starred):
                v = self.eval(e.value)
                if isinstance(v, MetaVar):
                    v = v.value
                out.extend(v)
            else:
                out.append(self.eval(e))
        return out

    def _Tuple(self, node):
        return tuple(self._elements(node.elts))

    def _List(self, node):
        return self._elements(node.elts)

    def _Set(self, node):
        return set(self._elements(node.elts))

    def _Dict(self, node):
        out = {}
        for k, v in zip(node.keys, node.values):
            if k is None:
                out.update(self.eval(v))
            else:
                out[self.eval(k)] = self.eval(v)
        return out

    def _Call(self, node):
        func = self.eval(node.func)
        args = self._elements(node.args)
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.eval(kw.value))
            else:
                kwargs[kw.arg] = self.eval(kw.value)
        if isinstance(func, MetaVar):
            func = func.value
        if not callable(func):
            raise UserError(f"'{_name_of(node.func)}' is not callable")
        self.b.node = node
        return func(*args, **kwargs)

    def _BinOp(self, node):
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise UserError(f"operator {type(node.op).__name__} is not supported")
        lhs = self.eval(node.left)
        rhs = self.eval(node.right)
        if isinstance(lhs, MetaVar):
            lhs = lhs.value
        if isinstance(rhs, MetaVar):
            rhs = rhs.value
        self.b.node = node
        return op(lhs, rhs)

    def _UnaryOp(self, node):
        v = self.eval(node.operand)
        if isinstance(v, MetaVar):
            v = v.value
        self.b.node = node
        if isinstance(node.op, ast.Not):
            return logical_not(v)
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.UAdd):
            return +v
        return ~v

    def _BoolOp(self, node):
        is_and = isinstance(node.op, ast.And)
        acc = None
        for i, e in enumerate(node.values):
            v = self.eval(e)
            if isinstance(v, MetaVar):
                v = v.value
            if acc is None and not isinstance(v, Expr):
                # Python value so far: Python's short-circuit rules
                if is_and and not v:
                    return v
                if not is_and and v:
                    return v
                if i == len(node.values) - 1:
                    return v
                continue
            self.b.node = node
            if isinstance(v, Expr):
                cv = to_bool(v)
            else:
                cv = bool(v)
            if acc is None:
                acc = cv
            else:
                acc = logical_and(acc, cv) if is_and else logical_or(acc, cv)
        return acc

    def _Compare(self, node):
        left = self.eval(node.left)
        result = None
        for op, comp in zip(node.ops, node.comparators):
            right = self.eval(comp)
            if isinstance(left, MetaVar):
                left = left.value
            if isinstance(right, MetaVar):
                right = right.value
            self.b.node = node
            r = _compare(op, left, right)
            if result is None:
                result = r
            elif isinstance(result, Expr) or isinstance(r, Expr):
                result = logical_and(result, r)
            else:
                result = result and r
            if result is False:
                return False
            left = right
        return result

    def _IfExp(self, node):
        c = self.eval(node.test)
        if isinstance(c, MetaVar):
            c = c.value
        if not isinstance(c, Expr):
            return self.eval(node.body if c else node.orelse)
        a = self.eval(node.body)
        b = self.eval(node.orelse)
        self.b.node = node
        return select(c, a, b)

    def _JoinedStr(self, node):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(v.value)
            else:
                parts.append(self.eval(v))
        return "".join(parts)

    def _FormattedValue(self, node):
        v = self.eval(node.value)
        if node.conversion == ord("r"):
            v = repr(v)
        elif node.conversion == ord("s"):
            v = str(v)
        elif node.conversion == ord("a"):
            v = ascii(v)
        spec = self.eval(node.format_spec) if node.format_spec is not None else ""
        return format(v, spec)

    def _Lambda(self, node):
        return ScriptLambda(self, node)

    def _Starred(self, node):
        raise UserError("a starred expression is only valid in a call, a "
                        "tuple, a list or an index")


class ScriptLambda:
    """A ``lambda`` of the script: its body is script code (``and``, ``or``,
    comparisons and ``x if c else y`` of IR values work), evaluated where it
    is called (``Tx.select``'s predicate) with its parameters bound."""

    def __init__(self, parser, node):
        self.parser = parser
        self.node = node
        a = node.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.defaults or a.posonlyargs:
            raise UserError("a script lambda takes plain positional parameters")
        self.params = [x.arg for x in a.args]

    def __call__(self, *args):
        if len(args) != len(self.params):
            raise UserError(f"the lambda takes {len(self.params)} argument(s), "
                            f"called with {len(args)}")
        p = self.parser
        p.vars.push()
        try:
            for name, v in zip(self.params, args):
                p.vars.set(name, v)
            return p.eval(self.node.body)
        finally:
            p.vars.pop()


def _name_of(node):
    try:
        return ast.unparse(node)
    except Exception:  # pragma: no cover
        return "expression"


def _compare(op, a, b):
    if isinstance(op, ast.Is):
        return a is b
    if isinstance(op, ast.IsNot):
        return a is not b
    if isinstance(op, ast.In):
        return _contains(b, a)
    if isinstance(op, ast.NotIn):
        return not _contains(b, a)
    name = _CMPOPS[type(op)]
    if isinstance(a, Expr) or isinstance(b, Expr):
        return compare(name, a, b)
    return getattr(operator, name)(a, b)


def _contains(container, item):
    if isinstance(item, Expr):
        return any(x is item for x in container)
    return item in container


_CMPOPS = {ast.Eq: "eq", ast.NotEq: "ne", ast.Lt: "lt", ast.LtE: "le",
           ast.Gt: "gt", ast.GtE: "ge"}

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
           ast.Mod: operator.mod, ast.Pow: operator.pow,
           ast.LShift: operator.lshift, ast.RShift: operator.rshift,
           ast.BitAnd: operator.and_, ast.BitOr: operator.or_,
           ast.BitXor: operator.xor, ast.MatMult: operator.matmul}

_EXPR = {
    ast.Constant: Parser._Constant, ast.Name: Parser._Name,
    ast.Attribute: Parser._Attribute, ast.Subscript: Parser._Subscript,
    ast.Slice: Parser._Slice, ast.Tuple: Parser._Tuple, ast.List: Parser._List,
    ast.Set: Parser._Set, ast.Dict: Parser._Dict, ast.Call: Parser._Call,
    ast.BinOp: Parser._BinOp, ast.UnaryOp: Parser._UnaryOp,
    ast.BoolOp: Parser._BoolOp, ast.Compare: Parser._Compare,
    ast.IfExp: Parser._IfExp, ast.JoinedStr: Parser._JoinedStr,
    ast.FormattedValue: Parser._FormattedValue, ast.Starred: Parser._Starred,
    ast.Lambda: Parser._Lambda,
}
