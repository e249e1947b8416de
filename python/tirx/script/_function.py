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
from ._annotations import (BufferAnnotation, DTypeConstructor, HandleAnnotation,
                           TensorMap, handle)
from ._builder import Builder, UserError, current
from ._diagnostics import ScriptError, _spans, located, raise_from_mlir
from ._buffer import Buffer, decl_buffer
from ._expr import Expr, as_expr, value_of
# T.mlir_attr / T.mlir_type and their parsing are the generic spellings.
from ._generic import (MLIRAttr, MLIRType, _first_diagnostic,  # noqa: F401
                       mlir_attr, parse_attr, typed_value)
from ._macro import ScriptParser
from ._parser import VarTable, _MISSING
from ._source import (Env, ParsedSource, ScriptFunction, _check_decorated,
                      _header_span, capture_env, source_of)
from ._types import PointerType, PrimType

__all__ = ["PrimFunc", "IRModule", "prim_func", "ir_module", "func_attr",
           "parse_source", "pyfunc"]


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
        try:
            self.module.operation.verify()
        except _ir.MLIRError as e:
            raise_from_mlir(e, "the parsed IR does not verify")
        return True


class PrimFunc(_ModuleHolder, ScriptFunction):
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

    def _printed_module(self):
        """What the printer prints: the module operation, no class name."""
        return self.module.operation, None

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

    def _printed_module(self):
        """What the printer prints: the module operation and the class
        name."""
        return self.module.operation, self.name


# ---------------------------------------------------------------------------
# Signatures
# ---------------------------------------------------------------------------

class _Param:
    __slots__ = ("name", "ann", "mlir", "span")

    def __init__(self, name, ann, mlir, span=None):
        self.name, self.ann, self.mlir, self.span = name, ann, mlir, span


def _annotation_kind(ann):
    if ann is handle:
        return HandleAnnotation(None)
    if ann is TensorMap:
        return HandleAnnotation("tensormap")
    if isinstance(ann, DTypeConstructor):
        return ann.prim_type
    return ann


def _param_type(ann, name):
    ann = _annotation_kind(ann)
    if isinstance(ann, MLIRType):
        return ann, ann.text
    if isinstance(ann, BufferAnnotation):
        return ann, ann.mlir
    if isinstance(ann, PrimType):
        if ann.is_handle:
            return HandleAnnotation(None), HandleAnnotation(None).mlir
        return ann, ann.ssa
    if isinstance(ann, HandleAnnotation):
        return ann, ann.mlir
    if isinstance(ann, PointerType):
        return HandleAnnotation(None), ann.mlir
    raise UserError(f"the annotation of parameter '{name}' must be T.Buffer(...), "
                    "a data type (T.int32, T.f32, ...), T.handle(...), "
                    f"T.TensorMap() or T.mlir_type(...), got {ann!r}")


def _result_text(r):
    """The MLIR type of a result annotation (see _signature)."""
    return r.ssa if isinstance(r, PrimType) else r.mlir


def _result_operand(b, r, value, fname):
    """The MLIR value `value` returns for result annotation `r`."""
    if isinstance(r, PrimType):
        return value_of(value, r)
    v = value.materialize() if hasattr(value, "materialize") else as_expr(value).materialize()
    if str(v.type) != _result_text(r):
        raise UserError(f"function '{fname}' returns {_result_text(r)}, got a "
                        f"value of type {v.type}")
    return v


def _result_value(v, r):
    """The script value of a call result `v` of annotation `r`."""
    if isinstance(r, PrimType):
        return Expr(v, r)
    return typed_value(v, v.type)


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
        params.append(_Param(arg.arg, kind, text, p.src.span(arg)))
    results = []
    if fdef.returns is not None:
        r = _eval_annotation(p, fdef.returns, "return", env)
        for x in (r if isinstance(r, (tuple, list)) else [r]):
            if x is None:
                continue
            try:
                kind, _text = _param_type(x, "return")
            except UserError:
                raise p.error("a prim_func returns data types (-> T.int32, "
                              "-> (T.int32, T.float32)), pointers (-> T.handle(...)), "
                              "buffers (-> T.Buffer(...)), T.mlir_type(...) or "
                              "nothing", fdef.returns) from None
            results.append(kind)
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
        self.raw_attrs = {}  # name -> Attribute (T.mlir_attr values)
        self.attr_span = None

    def emit_return(self, value):
        b = self.b
        if self.results:
            if value is None:
                raise UserError(f"function '{self.name}' must return "
                                f"{_results_text(self.results)}")
            if len(self.results) > 1 and not (isinstance(value, (tuple, list))
                                              and len(value) == len(self.results)):
                raise UserError(f"function '{self.name}' returns "
                                f"{len(self.results)} values "
                                f"({_results_text(self.results)})")
            vals = list(value) if len(self.results) > 1 else [value]
            b.create("func.return", [_result_operand(b, r, v, self.name)
                                     for r, v in zip(self.results, vals)])
        else:
            if value is not None and not (isinstance(value, int) and value == 0):
                raise UserError(f"function '{self.name}' returns nothing (add "
                                "a return annotation: -> T.int32)")
            b.create("func.return")


def _results_text(results):
    return ", ".join(str(r) if isinstance(r, PrimType) else _result_text(r)
                     for r in results)


def _func_type(b, inputs, results):
    return _ir.TypeAttr.get(_ir.FunctionType.get(
        [b.type(t) for t in inputs], [b.type(_result_text(r)) for r in results], b.ctx))


def _create_func(b, module, name, params, results, private, loc, decl=False):
    attrs = {"sym_name": b.str_attr(name),
             "function_type": _func_type(b, [p.mlir for p in params], results)}
    if private:
        attrs["sym_visibility"] = b.str_attr("private")
    op = _ir.Operation.create("func.func", regions=1, attributes=attrs, loc=loc,
                              ip=_ir.InsertionPoint(module.body))
    if decl:
        return op, None
    # each argument's location is NameLoc(parameter name, its source range):
    # the printer and the launch description take the names from there
    locs = []
    for p in params:
        sp = p.span
        child = _ir.Location.file(sp.filename, sp.line, sp.col, sp.end_line,
                                  sp.end_col, b.ctx) if sp is not None else loc
        locs.append(_ir.Location.name(p.name, child, b.ctx))
    entry = op.regions[0].blocks.append(*[b.type(p.mlir) for p in params],
                                        arg_locs=locs)
    return op, entry


def _param_values(fs, params, entry):
    out = []
    for i, (prm, arg) in enumerate(zip(params, entry.arguments)):
        ann = prm.ann
        if isinstance(ann, BufferAnnotation):
            out.append(Buffer(arg, ann.dtype, ann.shape, ann.scope, prm.name,
                              list(ann.strides) if ann.strides else None, 0,
                              ann.layout))
        elif isinstance(ann, PrimType):
            out.append(Expr(arg, ann, prm.name, is_var=True))
        elif not hasattr(ann, "type"):  # T.mlir_type(...)
            v = typed_value(arg, arg.type)
            v.name = prm.name
            if isinstance(v, Expr):
                v.is_var = True
            out.append(v)
        else:
            e = Expr(arg, ann.type, prm.name, is_var=True)
            fs.handle_args[id(e)] = i
            out.append(e)
    return out


def _parse_function(b, module, src, fdef, env, private, vars_frames=(),
                    decl=None, check=True):
    """Parses `fdef` into a func.func appended to `module`."""
    p = ScriptParser(b, src, env, VarTable(list(vars_frames) + [{}]))
    b.src = src
    b.active_parser = p
    header = _header_span(src, fdef)
    loc = _ir.Location.file(header.filename, header.line, header.col,
                            header.end_line, header.end_col, b.ctx)
    if decl is None:
        params, results = _signature(p, fdef, env)
    else:
        params, results = decl
    if _is_declaration(fdef):
        # `...` as the body: a declaration (a function defined elsewhere)
        if not private:
            raise p.error(f"'{fdef.name}' has no body (`...`): a declaration "
                          "must be private (@T.prim_func(private=True))", fdef)
        op, _ = _create_func(b, module, fdef.name, params, results, private,
                             loc, decl=True)
        fs = FunctionState(b, fdef.name, op, None, params, results, fdef)
        b.func = fs
        try:
            for stmt in fdef.body:
                p.visit_stmt(stmt)  # T.func_attr(...) lines
        finally:
            b.func = None
        _apply_func_attrs(b, fs, private)
        return fs
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
                                  f"'return <{_results_text(results)}>'", fdef)
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


def _is_declaration(fdef):
    """A body of `...` (after a docstring and T.func_attr lines)."""
    body = list(fdef.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    if not body:
        return False
    last = body[-1]
    if not (isinstance(last, ast.Expr) and isinstance(last.value, ast.Constant)
            and last.value.value is Ellipsis):
        return False
    for stmt in body[:-1]:
        if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
                and isinstance(stmt.value.func, ast.Attribute)
                and stmt.value.func.attr == "func_attr"):
            return False
    return True


def _check_host_part(func_op):
    """PTX ops run on the device: one in the host part of a function that
    has a device part is an error at the op."""
    found = []

    def visit(op):
        if op.name == "tirx.kernel":
            return _ir.WalkResult.SKIP
        if op.name.startswith("tirx.ptx.") and not found:
            found.append(op)
        return _ir.WalkResult.ADVANCE

    func_op.walk(visit, _ir.WalkOrder.PRE_ORDER)
    if found:
        op = found[0]
        raise located(f"'{op.name}' is a device instruction in the host part of "
                      f"the function; move it after T.device_entry()",
                      _spans(op.location))


_LAUNCH_KEYS = {"tirx.max_registers": "max_registers",
                "tirx.launch_bounds_min_blocks_per_sm": "min_blocks_per_sm",
                "tirx.cluster_dims": "cluster_dims"}


def _apply_func_attrs(b, fs, private):
    attrs = fs.attrs
    if "global_symbol" in attrs and private:
        raise ScriptError("a private function (@T.prim_func(private=True)) has "
                          "no public symbol; remove the 'global_symbol' "
                          "attribute", fs.attr_span)
    launch = []
    for key, name in _LAUNCH_KEYS.items():
        if key in attrs:
            v = attrs[key]
            launch.append(f"{name} = [{', '.join(str(x) for x in v)}]"
                          if isinstance(v, list) else f"{name} = {v}")
    if launch:
        text = f"#tirx.launch<{', '.join(launch)}>"
        try:
            attr = _ir.Attribute.parse(text, b.ctx)
        except Exception as e:  # the attribute's verifier: at T.func_attr
            raise ScriptError(f"T.func_attr: {_first_diagnostic(e)}",
                              fs.attr_span) from None
        fs.op.attributes["tirx.launch"] = attr
    for key, v in fs.raw_attrs.items():
        fs.op.attributes[key] = v


def _int_attr_value(key, v, lo=None):
    if isinstance(v, bool) or not isinstance(v, int):
        raise UserError(f"T.func_attr: '{key}' takes an integer, got {v!r}")
    if lo is not None and v < lo:
        raise UserError(f"T.func_attr: '{key}' must be at least {lo}, got {v}")
    return v


def func_attr(attrs):
    """``T.func_attr({...})``: function attributes. ``global_symbol`` names
    the public symbol (an error on a private function); the launch
    controls ``tirx.max_registers``, ``tirx.launch_bounds_min_blocks_per_sm``
    and ``tirx.cluster_dims`` become ``#tirx.launch``; a value given as
    ``T.mlir_attr(text)`` is set as that MLIR attribute; other keys are
    accepted and ignored (the original's attributes the IR has first-class
    forms for)."""
    b = current()
    fs = b.func
    if fs is None:
        raise UserError("T.func_attr is only valid in a function body")
    if not isinstance(attrs, dict):
        raise UserError("T.func_attr takes a dict")
    for key, v in attrs.items():
        if not isinstance(key, str):
            raise UserError(f"T.func_attr: keys are strings, got {key!r}")
        if isinstance(v, MLIRAttr):
            try:
                fs.raw_attrs[key] = _ir.Attribute.parse(v.text, b.ctx)
            except Exception as e:
                raise UserError(f"T.func_attr: '{key}': invalid attribute "
                                f"{v.text!r}: {_first_diagnostic(e)}") from None
            continue
        if key == "global_symbol":
            if not isinstance(v, str) or not v.isidentifier():
                raise UserError("T.func_attr: 'global_symbol' takes a name, "
                                f"got {v!r}")
        elif key == "tirx.max_registers":
            _int_attr_value(key, v)
            if not 24 <= v <= 255:
                raise UserError("T.func_attr: 'tirx.max_registers' must be in "
                                f"[24, 255], got {v}")
        elif key == "tirx.launch_bounds_min_blocks_per_sm":
            _int_attr_value(key, v, 1)
        elif key == "tirx.cluster_dims":
            if isinstance(v, int) and not isinstance(v, bool):
                v = [v]
            if not isinstance(v, (list, tuple)) or not 1 <= len(v) <= 3:
                raise UserError("T.func_attr: 'tirx.cluster_dims' takes one to "
                                f"three extents, got {v!r}")
            v = [_int_attr_value(key, x, 1) for x in v]
        fs.attrs[key] = v
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
                          list(ann.strides) if ann.strides else None, 0,
                          ann.layout)
    e = as_expr(param)
    if not isinstance(e.ty, PointerType):
        raise UserError(f"T.match_buffer needs a handle parameter, got {e.ty}")
    return decl_buffer(ann.shape, ann.dtype, e, scope=e.ty.storage_scope,
                       layout=ann.layout)


# ---------------------------------------------------------------------------
# Decorators
# ---------------------------------------------------------------------------

class _Deferred(PrimFunc):
    """A ``@T.prim_func`` in a class body: a function of the
    ``@I.ir_module`` the class becomes, parsed with the class. In a plain
    class (no ``@I.ir_module``) it is a PrimFunc of its own, parsed when it
    is first used."""

    def __init__(self, func, private, check, env):
        self.func = func
        self.private = private
        self.check = check
        self.env = env
        self.name = func.__name__
        self._op = None
        self._module = None

    @property
    def module(self):
        if self._module is None:
            pf = parse_prim_func(self.func, self.env, self.private, self.check)
            self._module = pf.module
        return self._module

    def __repr__(self):
        return f"<tirx.script.PrimFunc {self.name} (in a class body)>"


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
        _check_decorated(f, "@T.prim_func")
        env = capture_env(f, frame)
        if _in_class_body(frame):
            return _Deferred(f, private, check_well_formed, env)
        return parse_prim_func(f, env, private, check_well_formed)

    if func is None:
        return lambda f: deco(f, sys._getframe(1))
    return deco(func, sys._getframe(1))


def parse_prim_func(f, env, private=False, check=True):
    _check_decorated(f, "@T.prim_func")
    src, fdef = source_of(f)
    if not isinstance(fdef, ast.FunctionDef):
        raise ScriptError(f"@T.prim_func decorates a function, got "
                          f"{type(fdef).__name__}", src.span(fdef))
    b = Builder()
    with b:
        module = _ir.Module.create(_ir.Location.unknown(b.ctx))
        b.module_op = module
        _parse_function(b, module, src, fdef, env, private, check=check)
    result = PrimFunc(module, fdef.name, private)
    if check:
        result.verify()
    return result


def parse_source(text, namespace, extra_vars=None, filename=None):
    """Parses script text: one ``@T.prim_func`` function or one
    ``@I.ir_module`` class (the decorators are read from the text), with
    the names of the dict `namespace` as its globals (``from_source`` in
    ``tirx.script`` gives it ``T``, ``I``, ``Tx``, ``PointerType`` and
    ``PrimType``)."""
    src = ParsedSource.from_text(text, filename)
    env = Env(dict(namespace), dict(extra_vars or {}))
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
    ann = prm.ann
    if isinstance(ann, BufferAnnotation):
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
    op = b.create("func.call", operands, [_result_text(r) for r in results],
                  {"callee": _ir.FlatSymbolRefAttr.get(name, b.ctx)})
    if not results:
        return None
    vals = [_result_value(r, t) for r, t in zip(op.results, results)]
    return vals[0] if len(vals) == 1 else tuple(vals)


def _call_external(b, pf, args, kwargs):
    """Calls a PrimFunc parsed elsewhere: its func.func (and the functions
    it calls) are copied into the module being built, renamed when another
    function of that name is there already (see `_import_function`)."""
    if kwargs:
        raise UserError("calls to prim_funcs take positional arguments")
    sym = _import_function(b, pf)
    fop = pf.func_op
    ftype = fop.attributes["function_type"].value
    ins = [str(t) for t in ftype.inputs]
    outs = [str(t) for t in ftype.results]
    if len(args) != len(ins):
        raise UserError(f"'{pf.name}' takes {len(ins)} argument(s), got {len(args)}")
    from ._types import script_type_of_mlir
    operands = []
    for a, t in zip(args, ins):
        st = script_type_of_mlir(t)
        if isinstance(st, PrimType):
            operands.append(value_of(a, st))
        else:
            operands.append(a.materialize() if hasattr(a, "materialize") else as_expr(a).materialize())
    op = b.create("func.call", operands, outs,
                  {"callee": _ir.FlatSymbolRefAttr.get(sym, b.ctx)})
    vals = [Expr(r, script_type_of_mlir(t)) for r, t in zip(op.results, outs)]
    if not vals:
        return None
    return vals[0] if len(vals) == 1 else tuple(vals)


def _sym(op):
    return str(op.attributes["sym_name"].value)


def _is_private(op):
    return "sym_visibility" in op.attributes and \
        str(op.attributes["sym_visibility"].value) == "private"


def _import_function(b, pf):
    """The symbol `pf` has in the module being built, copying it (and the
    functions of its module it may call) there on first use.

    A function of the same name already in the module (or declared by the
    ir_module being parsed) is the same function only when its IR is the
    same; another private one is copied under a fresh name (``helper_1``),
    another public one is an error -- two different kernels would share one
    public symbol."""
    hit = b.imported.get(id(pf))
    if hit is not None and hit[0] is pf:
        return hit[1]
    module = b.module_op
    if pf.module.context is b.ctx:
        source = [op for op in pf.module.body.operations if op.name == "func.func"]
    else:  # parsed in another thread's Context: copied through its text
        m = _ir.Module.parse(pf.module.operation.get_asm(enable_debug_info=True),
                             context=b.ctx)
        source = [op for op in m.body.operations if op.name == "func.func"]
    existing = {_sym(op): op for op in module.body.operations if op.name == "func.func"}
    taken = set(existing) | set(b.reserved_symbols)
    rename, plan = {}, []
    for op in source:
        name = _sym(op)
        if name in taken:
            old = existing.get(name)
            if old is not None and old.get_asm(enable_debug_info=False) == \
                    op.get_asm(enable_debug_info=False):
                rename[name] = name
                continue
            if not _is_private(op):
                raise UserError(
                    f"two different functions named '{name}' are called from "
                    f"this module and '{name}' is public; make the called "
                    "one private (@T.prim_func(private=True)) or rename it")
            k = 1
            while f"{name}_{k}" in taken:
                k += 1
            new = f"{name}_{k}"
        else:
            new = name
        taken.add(new)
        rename[name] = new
        plan.append((op, new))
    clones = []
    ip = _ir.InsertionPoint(module.body)
    for op, new in plan:
        c = op.clone()
        ip.insert(c)
        if new != _sym(op):
            c.attributes["sym_name"] = b.str_attr(new)
        clones.append(c)
    if any(k != v for k, v in rename.items()):
        calls = []
        for c in clones:
            c.walk(lambda o: calls.append(o) if o.name == "func.call" else None)
        for call in calls:
            callee = str(call.attributes["callee"]).lstrip("@")
            if rename.get(callee, callee) != callee:
                call.attributes["callee"] = _ir.FlatSymbolRefAttr.get(rename[callee], b.ctx)
    sym = rename.get(pf.name, pf.name)
    b.imported[id(pf)] = (pf, sym)
    return sym


def ir_module(cls):
    """Parses a class of ``@T.prim_func`` methods into an :class:`IRModule`."""
    if not inspect.isclass(cls):
        raise ScriptError("@I.ir_module decorates a class")
    src, classdef = source_of(cls)
    deferred = {k: v for k, v in cls.__dict__.items() if isinstance(v, _Deferred)}
    return _parse_module(src, classdef, None, deferred, cls)


class _ModuleAttrs:
    """What ``I.module_attrs({...})`` in an ``@I.ir_module`` class body
    evaluates to; the parser sets the attributes on the module."""

    __slots__ = ("attrs",)

    def __init__(self, attrs):
        self.attrs = attrs


def module_attrs(attrs):
    """``I.module_attrs({"tirx.target": T.target("sm_90a")})`` in an
    ``@I.ir_module`` class body: attributes of the module (values:
    ``T.target(chip)``, ``T.mlir_attr(text)``, bools, ints, floats, strings)."""
    if not isinstance(attrs, dict):
        raise ScriptError("I.module_attrs takes a dict")
    return _ModuleAttrs(attrs)


def _is_module_attrs(node):
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return False
    f = node.value.func
    return (isinstance(f, ast.Attribute) and f.attr == "module_attrs") or \
        (isinstance(f, ast.Name) and f.id == "module_attrs")


def _module_attrs_of(b, module, src, classdef, env, base):
    """Evaluates the class body's I.module_attrs(...) statements."""
    for stmt in classdef.body:
        if not _is_module_attrs(stmt):
            continue
        p = ScriptParser(b, src, env if env is not None else Env({}), VarTable([base, {}]))
        b.src = src
        b.node = stmt
        try:
            r = p.eval(stmt.value)
            if not isinstance(r, _ModuleAttrs):
                raise p.error("expected I.module_attrs({...})", stmt)
            for k, v in r.attrs.items():
                if not isinstance(k, str):
                    raise p.error(f"I.module_attrs: keys are strings, got {k!r}", stmt)
                try:
                    module.operation.attributes[k] = parse_attr(b, v, f"I.module_attrs: '{k}'")
                except UserError as e:
                    raise p.error(str(e), stmt) from None
        finally:
            b.node = None


def _class_order(module, classdef):
    """The module's functions and Python functions in the class's order."""
    order = [n.name for n in classdef.body if isinstance(n, ast.FunctionDef)]
    ops = {}
    for op in module.body.operations:
        if op.name in ("func.func", "tirx.py_func"):
            ops.setdefault(_sym(op), op)
    have = [n for n in order if n in ops]
    current_order = [_sym(op) for op in module.body.operations
                     if op.name in ("func.func", "tirx.py_func") and _sym(op) in have]
    if current_order == have:
        return
    ip = _ir.InsertionPoint(module.body)
    for n in have:
        op = ops[n]
        op.detach_from_parent()
        ip.insert(op)


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
    # the def and its decorators other than @I.pyfunc
    keep = []
    for d in fdef.decorator_list:
        target = d.func if isinstance(d, ast.Call) else d
        if (isinstance(target, ast.Attribute) and target.attr == "pyfunc") or \
                (isinstance(target, ast.Name) and target.id == "pyfunc"):
            continue
        keep.extend(src.lines[d.lineno - 1:d.end_lineno])
    text = textwrap.dedent("\n".join(keep + src.lines[fdef.lineno - 1:fdef.end_lineno])) + "\n"
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
        b.reserved_symbols = {f.name for f in fdefs}
        infos = []
        for fdef in fdefs:
            d = deferred.get(fdef.name)
            if d is None and env is None:
                continue  # a plain method: not part of the module
            fenv = d.env if d is not None else env
            private = d.private if d is not None else _decorator_flag(fdef, "private")
            p = ScriptParser(b, src, fenv, VarTable([base, {}]))
            b.src = src
            state.decls[fdef.name] = _signature(p, fdef, fenv)
            infos.append((fdef, fenv, private, d.check if d else True))
        for fdef, fenv, private, check in infos:
            _parse_function(b, module, src, fdef, fenv, private, [base],
                            decl=state.decls[fdef.name], check=check)
            funcs[fdef.name] = PrimFunc(module, fdef.name, private)
        pyfuncs = {f.name: _add_pyfunc(b, module, src, f) for f in py_defs}
        menv = env if env is not None else next(
            (d.env for d in deferred.values()), None)
        _module_attrs_of(b, module, src, classdef, menv, base)
        _class_order(module, classdef)
    result = IRModule(module, classdef.name, funcs, pyfuncs)
    result.verify()
    return result
