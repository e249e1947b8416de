"""Loops and control flow: what ``range`` / ``T.serial`` / ``T.grid`` /
... return, and the ``tirx.for`` / ``tirx.while`` / ``tirx.if`` /
``tirx.break`` / ``tirx.continue`` / ``func.return`` / ``cf.assert`` ops the
parser emits for the statements, and the loops being parsed that `break` /
`continue` act on."""

import builtins as _builtins

from .. import ir as _ir
from ._alloc import alloc_buffer
from ._builder import BlockFrame, UserError
from ._builder import emit_yield as _yield
from ._expr import Expr, as_expr, value_of
from . import _expr
from ._scopes import launch_thread
from ._types import PrimType, as_prim_type
from ._values import MetaVar, Scalar


# ---------------------------------------------------------------------------
# Loops: what `break` / `continue` act on
# ---------------------------------------------------------------------------

class IRLoop:
    """A loop of the IR (``tirx.for`` / ``tirx.while``); `dims` > 1 for the
    nested loops of one ``T.grid`` statement."""

    __slots__ = ("dims",)

    def __init__(self, dims=1):
        self.dims = dims


class NotALoop:
    """A ``for`` statement that declares a scope (``T.thread_binding``)."""

    __slots__ = ("what",)

    def __init__(self, what):
        self.what = what


class _LoopExit(Exception):
    """A `break` / `continue` of a loop unrolled while parsing, reached
    unconditionally in the iteration: ends the iteration (or the loop)."""

    def __init__(self, word):
        self.word = word


class PyLoop:
    """A ``for`` over a Python iterable, unrolled while parsing.

    A `break` / `continue` reached unconditionally stops the unrolling (or
    the iteration). One under a condition known only at run time (an IR
    ``if``) sets a local flag -- 1 for continue, 2 for break -- and the
    statements after it, up to the end of the iteration, run under ``if
    flag == 0``; later iterations under ``if flag != 2`` (the flag reset to
    0 first when a continue may have set it)."""

    __slots__ = ("frame", "outer", "node", "count", "flag", "exits", "broke",
                 "continued")

    def __init__(self, b, node):
        self.frame = b.frame  # the block frame the iteration's statements go to
        self.outer = b.frame  # where the loop statement is
        self.node = node
        self.count = None  # ops in the outer block when the loop began
        self.flag = None  # the flag's Scalar, once a run-time exit needs it
        self.exits = 0  # run-time exits so far
        self.broke = False
        self.continued = False

    def set_flag(self, p, value):
        b = p.b
        if self.flag is None:
            block = self.outer.block
            ops = block.operations
            tmp = BlockFrame(block, boundary=True)
            if self.count is not None and self.count < len(ops):
                tmp.ip = _ir.InsertionPoint(ops[self.count])
            b.blocks.append(tmp)
            prev, b.node = b.node, self.node
            try:
                buf = alloc_buffer((1,), "int32", scope="local", name="loop_exit")
                buf._store([0], 0)
            finally:
                b.node = prev
                b.blocks.remove(tmp)
            self.flag = Scalar(buf)
        self.flag.store(value)
        self.exits += 1
        if value == 2:
            self.broke = True
        else:
            self.continued = True


class ForSpec:
    """What a loop iterates over: ``range``, ``T.serial``, ``T.unroll``,
    ``T.grid``, ``T.vectorized``, ``T.parallel``, ``T.thread_binding``."""

    def __init__(self, starts, stops, steps, kind="serial", annotations=None,
                 dtype=None, thread=None):
        self.starts, self.stops, self.steps = starts, stops, steps
        self.kind = kind
        self.annotations = dict(annotations or {})
        self.dtype = dtype
        self.thread = thread

    def __iter__(self):
        raise UserError("a TIRx loop can only be iterated by a `for` statement "
                        "of the script")


def _range_args(start, stop, step):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    return start, stop, step


def serial(start, stop=None, step=None, *, annotations=None, unroll=None,
           dtype=None):
    """A serial loop; ``unroll=True`` / ``N`` asks for (partial) unrolling,
    ``unroll=False`` forbids it."""
    start, stop, step = _range_args(start, stop, step)
    ann = dict(annotations or {})
    if unroll is not None:
        if unroll is True:
            ann["pragma_unroll"] = True
        elif unroll is False:
            ann["pragma_unroll"] = False
        elif isinstance(unroll, int):
            ann["pragma_unroll"] = unroll
        else:
            raise UserError("unroll= takes True, False or an integer")
    return ForSpec([start], [stop], [step], "serial", ann, dtype)


def unroll(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "unroll", annotations, dtype)


def vectorized(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "vectorized", annotations, dtype)


def parallel(start, stop=None, step=None, *, annotations=None, dtype=None):
    start, stop, step = _range_args(start, stop, step)
    return ForSpec([start], [stop], [step], "parallel", annotations, dtype)


def grid(*extents, dtype=None):
    """Nested serial loops: ``for i, j in T.grid(M, N)``."""
    if len(extents) == 1 and isinstance(extents[0], (list, tuple)):
        extents = tuple(extents[0])
    if not extents:
        raise UserError("T.grid needs at least one extent")
    starts, stops = [], []
    for e in extents:
        if isinstance(e, (list, tuple)):
            starts.append(e[0])
            stops.append(e[1])
        else:
            starts.append(0)
            stops.append(e)
    return ForSpec(starts, stops, [1] * len(stops), "serial", None, dtype)


def thread_binding(start, stop=None, thread=None, *, annotations=None,
                   dtype=None):
    """Legacy: ``for tx in T.thread_binding(128, thread="threadIdx.x")``
    declares the scope id (no loop)."""
    if thread is None:
        if isinstance(stop, str):
            thread, stop = stop, None
        else:
            raise UserError("T.thread_binding needs thread='threadIdx.x' (or "
                            "another tag)")
    start, stop, _ = _range_args(start, stop, None)
    if not (isinstance(start, int) and start == 0):
        raise UserError("T.thread_binding must start at 0")
    return ForSpec([0], [stop], [1], "thread_binding", annotations, dtype, thread)


def _loop_type(spec):
    if spec.dtype is not None:
        return as_prim_type(spec.dtype)
    t = None
    for v in spec.starts + spec.stops + spec.steps:
        if isinstance(v, Expr):
            if not isinstance(v.ty, PrimType) or not v.ty.is_int:
                raise UserError(f"loop bounds must be integers, got {v.ty}")
            t = v.ty if t is None else _expr._common_type(t, v.ty)
        elif not isinstance(v, int) or isinstance(v, _builtins.bool):
            raise UserError(f"loop bounds must be integers, got "
                            f"{_expr._describe(v)}")
        elif not -(1 << 31) <= v < (1 << 31):
            # a Python bound wider than int32 widens the loop (one that
            # does not fit in int64 either is an error where it is converted)
            w = PrimType("int64")
            t = w if t is None else _expr._common_type(t, w)
    return t or PrimType("int32")


def _emit_for(p, spec, node):
    b = p.b
    if spec.kind == "thread_binding":
        v = launch_thread(spec.thread, spec.stops[0] if isinstance(spec.stops[0], int) else
                          _fail("the extent of T.thread_binding must be a Python integer"))
        p.vars.push()
        p.loops.append(NotALoop("T.thread_binding (a scope id, not a loop)"))
        try:
            p.assign(node.target, Expr(v.materialize(), v.ty, v.name, True))
            p.visit_body(node.body)
        finally:
            p.loops.pop()
            p.vars.pop()
        return
    t = _loop_type(spec)
    n = len(spec.stops)
    ivs = []
    p.vars.push()
    pushed = 0
    appended = False
    try:
        for d in range(n):
            lb = value_of(spec.starts[d], t)
            ub = value_of(spec.stops[d], t)
            st = value_of(spec.steps[d], t)
            if isinstance(spec.steps[d], int) and spec.steps[d] <= 0:
                raise UserError(f"loop step must be positive, got {spec.steps[d]}")
            attrs = {}
            if spec.kind != "serial":
                attrs["kind"] = b.attr(f"#tirx<for_kind {spec.kind}>")
            if spec.annotations and d == n - 1:
                attrs["annotations"] = _dict_attr(b, spec.annotations)
            op = b.create("tirx.for", [lb, ub, st], [], attrs, regions=1)
            block = op.regions[0].blocks.append(b.type(t.ssa))
            b.push_block(block, kind="loop")
            pushed += 1
            ivs.append(Expr(block.arguments[0], t, is_var=True))
        p.loops.append(IRLoop(n))
        appended = True
        p.assign(node.target, ivs if n > 1 else ivs[0])
        p.visit_body(node.body)
    finally:
        if appended:
            p.loops.pop()
        for _ in range(pushed):
            if not b.frame.terminated:
                _yield(b)
            b.pop_block()
        p.vars.pop()


def _fail(msg):
    raise UserError(msg)


def _dict_attr(b, d):
    parts = []
    for k, v in d.items():
        if isinstance(v, _builtins.bool):
            parts.append(f"{k} = {'true' if v else 'false'}")
        elif isinstance(v, int):
            parts.append(f"{k} = {v} : i64")
        elif isinstance(v, float):
            parts.append(f"{k} = {v!r} : f64")
        elif isinstance(v, str):
            parts.append(f'{k} = "{v}"')
        else:
            raise UserError(f"annotation {k}={v!r}: values must be bool, int, "
                            f"float or str")
    return b.attr("{" + ", ".join(parts) + "}")


def _body_in_block(p, block, stmts, kind):
    b = p.b
    b.push_block(block, kind=kind)
    p.vars.push()
    try:
        p.visit_body(stmts)
    finally:
        p.vars.pop()
        if not b.frame.terminated:
            _yield(b)
        b.pop_block()


def _emit_if(p, cond, then_body, else_body):
    b = p.b
    op = b.create("tirx.if", [cond.materialize()], [], regions=2)
    _body_in_block(p, op.regions[0].blocks.append(), then_body, "if")
    if else_body:
        _body_in_block(p, op.regions[1].blocks.append(), else_body, "if")


def _emit_while(p, node):
    b = p.b
    op = b.create("tirx.while", regions=2)
    cond_block = op.regions[0].blocks.append()
    b.push_block(cond_block, kind="while_cond")
    try:
        c = p.eval(node.test)
        if isinstance(c, MetaVar):
            c = c.value
        c = _expr.to_bool(as_expr(c) if isinstance(c, (_builtins.bool, int)) else c)
        prev, b.node = b.node, node.test
        try:
            b.create("tirx.condition", [c.materialize()])
        finally:
            b.node = prev
    finally:
        b.pop_block()
    p.loops.append(IRLoop())
    try:
        _body_in_block(p, op.regions[1].blocks.append(), node.body, "loop")
    finally:
        p.loops.pop()


def _emit_loop_exit(p, opname, word):
    """`break` / `continue`: of the innermost loop of the statement being
    parsed -- an IR loop (``tirx.break`` / ``tirx.continue``) or a loop over
    a Python iterable (see ``PyLoop``)."""
    b = p.b
    if not p.loops:
        raise UserError(f"'{word}' outside a loop")
    loop = p.loops[-1]
    if isinstance(loop, NotALoop):
        raise UserError(f"'{word}' in the body of {loop.what}")
    if isinstance(loop, PyLoop):
        if b.frame is loop.frame:
            raise _LoopExit(word)
        loop.set_flag(p, 2 if word == "break" else 1)
        b.frame.skip = True
        return
    if word == "break" and loop.dims > 1:
        raise UserError("'break' in a loop of several dimensions (T.grid) "
                        "would leave only the innermost one; nest range() "
                        "loops, or use a while loop")
    b.create(opname)
    b.frame.terminated = True


def _emit_return(p, value, node):
    b = p.b
    fs = b.func
    if b.frame is fs.kernel_frame and b.frame is not None:
        if value is not None and not (isinstance(value, int) and value == 0):
            raise UserError("device code cannot return a value")
        b.frame.terminated = True
        return
    if b.frame is not fs.body_frame:
        raise UserError("'return' is only supported at the end of a function "
                        "(not inside a loop or an if)")
    fs.emit_return(value)
    b.frame.terminated = True


def _emit_assert(p, cond, msg):
    if isinstance(msg, tuple) and len(msg) == 2:
        msg = "".join(str(x) for x in (msg[1] if isinstance(msg[1], (list, tuple)) else [msg[1]]))
    if not isinstance(cond, Expr):
        if not cond:
            raise UserError("assertion failed" + (f": {msg}" if msg else ""))
        return
    b = p.b
    c = _expr.to_bool(cond)
    b.create("cf.assert", [c.materialize()], [],
             {"msg": b.str_attr(str(msg) if msg is not None else "assertion failed")})
