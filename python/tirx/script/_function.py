"""Functions, modules, macros and inline helpers.

``@T.prim_func`` parses a function into a ``func.func`` in its own
``builtin.module`` (a :class:`PrimFunc`); ``@I.ir_module`` parses a class of
them into one module (an :class:`IRModule`), declaring every signature first
so functions can call each other in any order (``cls.f(...)`` /
``Module.f(...)``). ``@T.macro`` and ``@T.inline`` bodies are expanded at
their call sites; the ops they produce carry a call-site location chain.
"""

import ast
import inspect
import sys

from .. import ir as _ir
from ._builder import Builder, UserError, current
from ._diagnostics import ScriptError, Span
from ._buffer import Buffer, decl_buffer
from ._expr import Expr, as_expr, value_of
from ._parser import Parser, VarTable, _MISSING
from ._source import Env, capture_env, source_of
from ._types import PointerType, PrimType

__all__ = ["PrimFunc", "IRModule", "prim_func", "ir_module", "func_attr",
           "from_source", "pyfunc"]


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

class _ModuleHolder:
    """Shared printing helpers of PrimFunc and IRModule."""

    def mlir(self, debug_info=False):
        """The TIRx IR as MLIR text (with source locations if `debug_info`)."""
        return self.module.operation.get_asm(enable_debug_info=debug_info)

    def __str__(self):
        return self.mlir()

    def script(self):
        """The script text (``tirx.script.from_source`` parses it back)."""
        from .printer import script
        return script(self)

    def show(self):
        """Prints the script text."""
        print(self.script(), end="")

    def verify(self):
        from ._compile import raise_from_mlir
        try:
            self.module.operation.verify()
        except _ir.MLIRError as e:
            raise_from_mlir(e, "the parsed IR does not verify")
        return True


class PrimFunc(_ModuleHolder):
    """A parsed ``@T.prim_func``: a ``func.func`` in a ``builtin.module``.

    ``str(f)`` / ``f.mlir()`` show the TIRx IR; ``tirx.compile(f, ...)``
    compiles it. Calling it inside another script emits a ``func.call``.
    """

    def __init__(self, module, name, private=False, func_op=None):
        self.module = module
        self.name = name
        self.private = private
        self._op = func_op

    @property
    def func_op(self):
        if self._op is None:
            for op in self.module.body.operations:
                if op.name == "func.func" and str(op.attributes["sym_name"]).strip('"') == self.name:
                    self._op = op
        return self._op

    def __repr__(self):
        return f"<tirx.script.PrimFunc {self.name}>"

    def __call__(self, *args, **kwargs):
        b = current()
        return _call_external(b, self, args, kwargs)


class IRModule(_ModuleHolder):
    """A parsed ``@I.ir_module`` class: several functions in one module.
    ``pyfuncs`` maps the names of its ``@I.pyfunc`` Python functions to
    their source (kept in the module as ``tirx.py_func`` ops)."""

    def __init__(self, module, name, funcs, pyfuncs=None):
        self.module = module
        self.name = name
        self.functions = dict(funcs)
        self.pyfuncs = dict(pyfuncs or {})

    def __getitem__(self, name):
        return self.functions[name]

    def __contains__(self, name):
        return name in self.functions

    def __iter__(self):
        return iter(self.functions)

    def __getattr__(self, name):
        funcs = self.__dict__.get("functions", {})
        if name in funcs:
            return funcs[name]
        raise AttributeError(name)

    def __repr__(self):
        return f"<tirx.script.IRModule {self.name}: {', '.join(self.functions)}>"


# ---------------------------------------------------------------------------
# Signatures
# ---------------------------------------------------------------------------

class _Param:
    __slots__ = ("name", "ann", "mlir")

    def __init__(self, name, ann, mlir):
        self.name, self.ann, self.mlir = name, ann, mlir


def _annotation_kind(ann):
    from . import tirx as T
    if ann is T.handle:
        return T.HandleAnnotation(None)
    if ann is T.TensorMap:
        return T.HandleAnnotation("tensormap")
    if isinstance(ann, T.DTypeConstructor):
        return ann.prim_type
    return ann


def _param_type(ann, name):
    from . import tirx as T
    ann = _annotation_kind(ann)
    if isinstance(ann, T.BufferAnnotation):
        return ann, ann.mlir
    if isinstance(ann, PrimType):
        if ann.is_handle:
            return T.HandleAnnotation(None), T.HandleAnnotation(None).mlir
        return ann, ann.ssa
    if isinstance(ann, T.HandleAnnotation):
        return ann, ann.mlir
    if isinstance(ann, PointerType):
        return T.HandleAnnotation(None), ann.mlir
    raise UserError(f"the annotation of parameter '{name}' must be T.Buffer(...), "
                    "a data type (T.int32, T.f32, ...), T.handle(...) or "
                    f"T.TensorMap(), got {ann!r}")


def _eval_annotation(p, node, name, env):
    try:
        return p.eval(node)
    except ScriptError:
        fallback = env.annotations.get(name, _MISSING)
        if fallback is _MISSING or isinstance(fallback, str):
            raise
        return fallback


def _signature(p, fdef, env):
    params = []
    a = fdef.args
    if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
        raise p.error("a prim_func takes plain positional parameters only", fdef)
    for arg in a.args:
        if arg.annotation is None:
            raise p.error(f"parameter '{arg.arg}' needs a type annotation "
                          "(T.Buffer(...), T.int32, T.handle, ...)", arg)
        ann = _eval_annotation(p, arg.annotation, arg.arg, env)
        try:
            kind, text = _param_type(ann, arg.arg)
        except UserError as e:
            raise p.error(str(e), arg.annotation) from None
        params.append(_Param(arg.arg, kind, text))
    results = []
    if fdef.returns is not None:
        r = _annotation_kind(_eval_annotation(p, fdef.returns, "return", env))
        if r is None:
            pass
        elif isinstance(r, PrimType):
            results.append(r)
        else:
            raise p.error("a prim_func returns a data type (-> T.int32) or "
                          "nothing", fdef.returns)
    return params, results


# ---------------------------------------------------------------------------
# Function parsing
# ---------------------------------------------------------------------------

class FunctionState:
    """The function being parsed."""

    def __init__(self, b, name, op, entry, params, results, fdef):
        self.b = b
        self.name = name
        self.op = op
        self.entry = entry
        self.params = params
        self.results = results
        self.fdef = fdef
        self.body_frame = None
        self.kernel_frame = None
        self.handle_args = {}  # id(param Expr) -> argument index
        self.attrs = {}
        self.attr_span = None

    def emit_return(self, value):
        b = self.b
        if self.results:
            if value is None:
                raise UserError(f"function '{self.name}' must return a "
                                f"{self.results[0]}")
            v = value_of(value, self.results[0])
            b.create("func.return", [v])
        else:
            if value is not None and not (isinstance(value, int) and value == 0):
                raise UserError(f"function '{self.name}' returns nothing (add "
                                "a return annotation: -> T.int32)")
            b.create("func.return")


def _header_span(src, fdef):
    """The `def name(...)` line of a function (not its whole body)."""
    s = src.span(fdef)
    line = src.lines[fdef.lineno - 1] if fdef.lineno <= len(src.lines) else ""
    return Span(s.filename, s.line, s.col, s.line, len(line) + src.indent + 1)


def _func_type(b, inputs, results):
    return _ir.TypeAttr.get(_ir.FunctionType.get(
        [b.type(t) for t in inputs], [b.type(r.ssa) for r in results], b.ctx))


def _create_func(b, module, name, params, results, private, loc):
    attrs = {"sym_name": b.str_attr(name),
             "function_type": _func_type(b, [p.mlir for p in params], results)}
    if private:
        attrs["sym_visibility"] = b.str_attr("private")
    op = _ir.Operation.create("func.func", regions=1, attributes=attrs, loc=loc,
                              ip=_ir.InsertionPoint(module.body))
    # Each argument's location names its parameter: the launch description
    # (and so the launcher's argument errors) calls it by that name.
    arg_locs = [_ir.Location.name(p.name, loc, b.ctx) for p in params]
    entry = op.regions[0].blocks.append(*[b.type(p.mlir) for p in params],
                                        arg_locs=arg_locs)
    return op, entry


def _param_values(fs, params, entry):
    from . import tirx as T
    out = []
    for i, (prm, arg) in enumerate(zip(params, entry.arguments)):
        ann = prm.ann
        if isinstance(ann, T.BufferAnnotation):
            out.append(Buffer(arg, ann.dtype, ann.shape, ann.scope, prm.name,
                              list(ann.strides) if ann.strides else None, 0))
        elif isinstance(ann, PrimType):
            out.append(Expr(arg, ann, prm.name, is_var=True))
        else:
            e = Expr(arg, ann.type, prm.name, is_var=True)
            fs.handle_args[id(e)] = i
            out.append(e)
    return out


def _parse_function(b, module, src, fdef, env, private, vars_frames=(),
                    decl=None, check=True):
    """Parses `fdef` into a func.func appended to `module`."""
    p = Parser(b, src, env, VarTable(list(vars_frames) + [{}]))
    b.src = src
    b.active_parser = p
    header = _header_span(src, fdef)
    loc = _ir.Location.file(header.filename, header.line, header.col,
                            header.end_line, header.end_col, b.ctx)
    if decl is None:
        params, results = _signature(p, fdef, env)
    else:
        params, results = decl
    op, entry = _create_func(b, module, fdef.name, params, results, private, loc)
    fs = FunctionState(b, fdef.name, op, entry, params, results, fdef)
    b.func = fs
    b.kernel = None
    frame = b.push_block(entry, boundary=True, kind="function")
    fs.body_frame = frame
    for prm, v in zip(params, _param_values(fs, params, entry)):
        p.vars.set(prm.name, v)
    try:
        p.visit_body(fdef.body)
        while b.frame is not frame:
            b.pop_block()
        b.kernel = None
        if not frame.terminated:
            prev, b.node = b.node, None
            try:
                if results:
                    raise p.error(f"function '{fdef.name}' must end with "
                                  f"'return <{results[0]}>'", fdef)
                _ir.Operation.create("func.return", loc=loc, ip=frame.ip)
            finally:
                b.node = prev
    finally:
        while b.blocks:
            b.pop_block()
        b.func = None
        b.kernel = None
    if fs.kernel_frame is not None:
        _check_host_part(op)
    # parameters retyped by T.match_buffer
    inputs = [str(a.type) for a in entry.arguments]
    op.attributes["function_type"] = _func_type(b, inputs, results)
    _apply_func_attrs(b, fs, private)
    return fs


def _check_host_part(func_op):
    """PTX ops run on the device: one in the host part of a function that
    has a device part is an error at the op."""
    from ._compile import _spans
    found = []

    def visit(op):
        if op.name == "tirx.kernel":
            return _ir.WalkResult.SKIP
        if op.name.startswith("tirx.ptx.") and not found:
            found.append(op)
        return _ir.WalkResult.ADVANCE

    func_op.walk(visit, _ir.WalkOrder.PRE_ORDER)
    if found:
        from ._diagnostics import located
        op = found[0]
        raise located(f"'{op.name}' is a device instruction in the host part of "
                      f"the function; move it after T.device_entry()",
                      _spans(op.location))


def _apply_func_attrs(b, fs, private):
    attrs = fs.attrs
    if "global_symbol" in attrs and private:
        raise ScriptError("a private function (@T.prim_func(private=True)) has "
                          "no public symbol; remove the 'global_symbol' "
                          "attribute", fs.attr_span)
    launch = {}
    for key, name in (("tirx.max_registers", "max_registers"),
                      ("tirx.launch_bounds_min_blocks_per_sm", "min_blocks_per_sm")):
        if key in attrs:
            launch[name] = int(attrs[key])
    if launch:
        body = ", ".join(f"{k} = {v}" for k, v in launch.items())
        fs.op.attributes["tirx.launch"] = b.attr(f"#tirx.launch<{body}>")


def func_attr(attrs):
    """``T.func_attr({...})``: function attributes. ``global_symbol`` names
    the public symbol (an error on a private function); the launch
    controls ``tirx.max_registers`` and
    ``tirx.launch_bounds_min_blocks_per_sm`` become ``#tirx.launch``; other
    keys are accepted and ignored."""
    b = current()
    fs = b.func
    if fs is None:
        raise UserError("T.func_attr is only valid in a function body")
    if not isinstance(attrs, dict):
        raise UserError("T.func_attr takes a dict")
    fs.attrs.update(attrs)
    fs.attr_span = b.span()
    if "global_symbol" in attrs and "sym_visibility" in fs.op.attributes:
        raise UserError("a private function (@T.prim_func(private=True)) has no "
                        "public symbol; remove the 'global_symbol' attribute")


def match_param_buffer(param, ann):
    """``T.match_buffer(param, shape, dtype)``."""
    b = current()
    fs = b.func
    if fs is None:
        raise UserError("T.match_buffer is only valid in a function body")
    if isinstance(param, Buffer):
        raise UserError("T.match_buffer takes a handle parameter, got a buffer")
    idx = fs.handle_args.get(id(param)) if isinstance(param, Expr) else None
    if idx is not None:
        arg = fs.entry.arguments[idx]
        if not arg.has_uses:
            arg.set_type(b.type(ann.mlir))
            del fs.handle_args[id(param)]
            param.ty = None  # the parameter is now the buffer
            return Buffer(arg, ann.dtype, ann.shape, ann.scope, None,
                          list(ann.strides) if ann.strides else None, 0)
    e = as_expr(param)
    if not isinstance(e.ty, PointerType):
        raise UserError(f"T.match_buffer needs a handle parameter, got {e.ty}")
    return decl_buffer(ann.shape, ann.dtype, e, scope=e.ty.storage_scope)


# ---------------------------------------------------------------------------
# Decorators
# ---------------------------------------------------------------------------

class _Deferred:
    """A ``@T.prim_func`` in an ``@I.ir_module`` class, parsed with the class."""

    def __init__(self, func, private, check, env):
        self.func = func
        self.private = private
        self.check = check
        self.env = env


def _in_class_body(frame):
    return frame is not None and "__module__" in frame.f_locals and \
        "__qualname__" in frame.f_locals and frame.f_code.co_name != "<module>"


def prim_func(func=None, *, private=False, check_well_formed=True, s_tir=False,
              persistent=False):
    """Parses the decorated function into a :class:`PrimFunc`.

    ``private=True`` gives it no public symbol (``sym_visibility =
    "private"``); ``check_well_formed=False`` defers verification to
    compilation."""
    if s_tir:
        raise ScriptError("@T.prim_func(s_tir=True) (the schedulable TIR of "
                          "the original) is not supported")

    def deco(f, frame):
        env = capture_env(f, frame)
        if _in_class_body(frame):
            return _Deferred(f, private, check_well_formed, env)
        return parse_prim_func(f, env, private, check_well_formed)

    if func is None:
        return lambda f: deco(f, sys._getframe(1))
    return deco(func, sys._getframe(1))


def parse_prim_func(f, env, private=False, check=True):
    src, fdef = source_of(f)
    if not isinstance(fdef, ast.FunctionDef):
        raise ScriptError(f"@T.prim_func decorates a function, got "
                          f"{type(fdef).__name__}")
    b = Builder()
    with b:
        module = _ir.Module.create(_ir.Location.unknown(b.ctx))
        b.module_op = module
        _parse_function(b, module, src, fdef, env, private, check=check)
    result = PrimFunc(module, fdef.name, private)
    if check:
        result.verify()
    return result


def from_source(text, extra_vars=None, filename=None):
    """Parses script text: one ``@T.prim_func`` function or one
    ``@I.ir_module`` class (the decorators are read from the text)."""
    from ._source import ParsedSource
    from . import ir as I, tirx as T
    src = ParsedSource.from_text(text, filename)
    glob = {"T": T, "I": I, "PointerType": PointerType, "PrimType": PrimType}
    env = Env(glob, dict(extra_vars or {}))
    defs = [n for n in src.tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    if len(defs) != 1:
        raise ScriptError("from_source expects exactly one function or class "
                          f"definition, found {len(defs)}")
    node = defs[0]
    if isinstance(node, ast.ClassDef):
        return _parse_module(src, node, env, {})
    private = _decorator_flag(node, "private")
    b = Builder()
    with b:
        module = _ir.Module.create(_ir.Location.unknown(b.ctx))
        b.module_op = module
        _parse_function(b, module, src, node, env, private)
    result = PrimFunc(module, node.name, private)
    result.verify()
    return result


def _decorator_flag(node, name):
    for d in node.decorator_list:
        if isinstance(d, ast.Call):
            for kw in d.keywords:
                if kw.arg == name and isinstance(kw.value, ast.Constant):
                    return bool(kw.value.value)
    return False


# ---------------------------------------------------------------------------
# Modules and calls
# ---------------------------------------------------------------------------

class _ModuleRef:
    """``cls`` / the class name inside an ``@I.ir_module``."""

    def __init__(self, state):
        self._state = state

    def __getattr__(self, name):
        decl = self._state.decls.get(name)
        if decl is None:
            raise UserError(f"module '{self._state.name}' has no function "
                            f"'{name}'")
        return _FuncRef(name, decl)


class _FuncRef:
    def __init__(self, name, decl):
        self.name = name
        self.decl = decl

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise UserError("calls to prim_funcs take positional arguments")
        return _emit_call(current(), self.name, self.decl, args)


class _ModuleState:
    def __init__(self, name):
        self.name = name
        self.decls = {}


def _convert_arg(b, prm, a, fname):
    from . import tirx as T
    ann = prm.ann
    if isinstance(ann, T.BufferAnnotation):
        if not isinstance(a, Buffer):
            raise UserError(f"argument '{prm.name}' of '{fname}' must be a buffer")
        if a.ty != prm.mlir:
            raise UserError(f"argument '{prm.name}' of '{fname}' must be "
                            f"{prm.mlir}, got {a.ty}")
        return a.materialize()
    if isinstance(ann, PrimType):
        return value_of(a, ann)
    e = as_expr(a)
    return e.materialize()


def _emit_call(b, name, decl, args):
    params, results = decl
    if len(args) != len(params):
        raise UserError(f"'{name}' takes {len(params)} argument(s), got {len(args)}")
    operands = [_convert_arg(b, prm, a, name) for prm, a in zip(params, args)]
    op = b.create("func.call", operands, [r.ssa for r in results],
                  {"callee": _ir.FlatSymbolRefAttr.get(name, b.ctx)})
    if not results:
        return None
    vals = [Expr(r, t) for r, t in zip(op.results, results)]
    return vals[0] if len(vals) == 1 else tuple(vals)


def _call_external(b, pf, args, kwargs):
    """Calls a PrimFunc parsed elsewhere: its func.func is copied into the
    module being built."""
    if kwargs:
        raise UserError("calls to prim_funcs take positional arguments")
    module = b.module_op
    existing = None
    for op in module.body.operations:
        if op.name == "func.func" and str(op.attributes["sym_name"]) == f'"{pf.name}"':
            existing = op
    if existing is None:
        for op in pf.module.body.operations:
            _ir.InsertionPoint(module.body).insert(op.clone())
    fop = pf.func_op
    ftype = fop.attributes["function_type"].value
    ins = list(ftype.inputs)
    outs = list(ftype.results)
    if len(args) != len(ins):
        raise UserError(f"'{pf.name}' takes {len(ins)} argument(s), got {len(args)}")
    from ._types import script_type_of_mlir
    operands = []
    for a, t in zip(args, ins):
        st = script_type_of_mlir(str(t))
        if isinstance(st, PrimType):
            operands.append(value_of(a, st))
        else:
            operands.append(a.materialize() if hasattr(a, "materialize") else as_expr(a).materialize())
    op = b.create("func.call", operands, [str(t) for t in outs],
                  {"callee": _ir.FlatSymbolRefAttr.get(pf.name, b.ctx)})
    vals = [Expr(r, script_type_of_mlir(str(t))) for r, t in zip(op.results, outs)]
    if not vals:
        return None
    return vals[0] if len(vals) == 1 else tuple(vals)


def ir_module(cls):
    """Parses a class of ``@T.prim_func`` methods into an :class:`IRModule`."""
    if not inspect.isclass(cls):
        raise ScriptError("@I.ir_module decorates a class")
    src, classdef = source_of(cls)
    deferred = {k: v for k, v in cls.__dict__.items() if isinstance(v, _Deferred)}
    return _parse_module(src, classdef, None, deferred, cls)


class _DeferredPy:
    """An ``@I.pyfunc`` in an ``@I.ir_module`` class: kept as source."""

    def __init__(self, func):
        self.func = func


def pyfunc(func):
    """Declares a Python function of an ``@I.ir_module`` class. It is kept
    in the module as source (a ``tirx.py_func`` op: the module prints and
    parses back with it) and runs on the host when the module is built
    (``tirx.build``): ``cls.<kernel>(...)`` launches the module's kernels on
    DLPack tensors and ``cls.<function>(...)`` calls its other Python
    functions (``self`` too, when that is its first parameter)."""
    if not _in_class_body(sys._getframe(1)):
        raise ScriptError("@I.pyfunc declares a Python function of an "
                          "@I.ir_module class; use it in the class body")
    if not inspect.isfunction(func):
        raise ScriptError("@I.pyfunc decorates a function")
    return _DeferredPy(func)


def _is_pyfunc(fdef):
    """`@I.pyfunc` (or `@pyfunc`) among the decorators of `fdef`."""
    for d in fdef.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        if isinstance(target, ast.Attribute) and target.attr == "pyfunc":
            return True
        if isinstance(target, ast.Name) and target.id == "pyfunc":
            return True
    return False


def _add_pyfunc(b, module, src, fdef):
    """A `tirx.py_func` op holding the source of `fdef` (without its
    decorators), at the location of its `def` line; returns the source."""
    import textwrap
    text = textwrap.dedent("\n".join(src.lines[fdef.lineno - 1:fdef.end_lineno])) + "\n"
    header = _header_span(src, fdef)
    loc = _ir.Location.file(header.filename, header.line, header.col,
                            header.end_line, header.end_col, b.ctx)
    _ir.Operation.create("tirx.py_func", loc=loc, ip=_ir.InsertionPoint(module.body),
                         attributes={"sym_name": b.str_attr(fdef.name),
                                     "source": b.str_attr(text)})
    return text


def _parse_module(src, classdef, env, deferred, cls=None):
    state = _ModuleState(classdef.name)
    ref = _ModuleRef(state)
    fdefs = [n for n in classdef.body if isinstance(n, ast.FunctionDef)]
    py_defs = [f for f in fdefs if _is_pyfunc(f)]
    fdefs = [f for f in fdefs if not _is_pyfunc(f)]
    b = Builder()
    funcs = {}
    with b:
        module = _ir.Module.create(_ir.Location.unknown(b.ctx))
        b.module_op = module
        base = {"cls": ref, classdef.name: ref}
        infos = []
        for fdef in fdefs:
            d = deferred.get(fdef.name)
            if d is None and env is None:
                continue  # a plain method: not part of the module
            fenv = d.env if d is not None else env
            private = d.private if d is not None else _decorator_flag(fdef, "private")
            p = Parser(b, src, fenv, VarTable([base, {}]))
            b.src = src
            state.decls[fdef.name] = _signature(p, fdef, fenv)
            infos.append((fdef, fenv, private, d.check if d else True))
        for fdef, fenv, private, check in infos:
            _parse_function(b, module, src, fdef, fenv, private, [base],
                            decl=state.decls[fdef.name], check=check)
            funcs[fdef.name] = PrimFunc(module, fdef.name, private)
        pyfuncs = {f.name: _add_pyfunc(b, module, src, f) for f in py_defs}
    result = IRModule(module, classdef.name, funcs, pyfuncs)
    result.verify()
    return result
