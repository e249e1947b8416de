"""Python source of decorated functions and classes, and the names they see.

The frontend parses the source text (``inspect``), never traces: the AST of
the function is interpreted statement by statement. Names resolve as Python
would: the parser's own variables, then the function's closure, then the
locals of the frames around the decorator (which holds names a function
uses only in annotations, PEP 563 included), then its module's globals and
the builtins.
"""

import ast
import builtins
import inspect
import itertools
import linecache
import sys
import threading

from ._diagnostics import ScriptError, Span, register_source

__all__ = ["ParsedSource", "Env", "capture_env", "source_of", "ScriptFunction"]

_counter = itertools.count(1)

# CPython 3.11's ast.parse keeps its recursion depth in per-interpreter state:
# two threads converting a tree at once fail with "SystemError: AST
# constructor recursion depth mismatch". Parses take turns.
_parse_lock = threading.Lock()


class ParsedSource:
    """The AST of a snippet of a file, with a mapping of its node positions to
    absolute, 1-based, character-based file coordinates (:class:`Span`)."""

    def __init__(self, filename, snippet_lines, start_line, indent):
        self.filename = filename
        self.start_line = start_line  # file line of the snippet's first line
        self.indent = indent
        self.lines = snippet_lines  # dedented
        from ._builder import deep_python
        deep_python()  # Python's own parser recurses per nesting level too
        try:
            with _parse_lock:
                self.tree = ast.parse("\n".join(snippet_lines),
                                      filename=filename)
        except RecursionError:
            raise ScriptError(f"cannot parse {filename}: the source nests deeper "
                              "than Python's parser can follow") from None

    @classmethod
    def from_text(cls, text, filename=None):
        if filename is None:
            filename = f"<tirx-script-{next(_counter)}>"
        register_source(filename, text)
        lines, indent = _dedent(text.splitlines())
        try:
            return cls(filename, lines, 1, indent)
        except SyntaxError as e:
            raise ScriptError(f"SyntaxError: {e.msg}",
                              Span(filename, e.lineno or 1,
                                   (e.offset or 1) + indent)) from None

    def _col(self, lineno, byte_col):
        if lineno < 1 or lineno > len(self.lines):
            return byte_col + self.indent + 1
        text = self.lines[lineno - 1]
        if not text.isascii():
            byte_col = len(text.encode("utf-8")[:byte_col].decode("utf-8", "replace"))
        return byte_col + self.indent + 1

    def span(self, node):
        """The Span of an AST node (cached on the node)."""
        s = node.__dict__.get("_tirx_span")
        if s is not None and s[0] is self.filename:
            return s[1]
        lineno = getattr(node, "lineno", None)
        if lineno is None:
            return None
        end_lineno = getattr(node, "end_lineno", None) or lineno
        col = self._col(lineno, node.col_offset)
        end_col_off = getattr(node, "end_col_offset", None)
        end_col = self._col(end_lineno, end_col_off) if end_col_off is not None else col + 1
        span = Span(self.filename, lineno + self.start_line - 1, col,
                    end_lineno + self.start_line - 1, end_col)
        node._tirx_span = (self.filename, span)
        return span


def _dedent(lines):
    first = next((l for l in lines if l.strip()), "")
    indent = len(first) - len(first.lstrip())
    if indent == 0:
        return list(lines), 0
    out = []
    for l in lines:
        if l[:indent].isspace() or not l[:indent]:
            out.append(l[indent:])
        else:
            out.append(l.lstrip())
    return out, indent


_FILES = {}  # filename -> (lines, ParsedSource of the whole file)


def _file_source(filename, module_globals=None):
    """The ParsedSource of a whole file (parsed once per file version)."""
    lines = linecache.getlines(filename, module_globals)
    if not lines:
        return None
    hit = _FILES.get(filename)
    if hit is not None and hit[0] is lines:
        return hit[1]
    text = "".join(lines)
    src = ParsedSource(filename, text.splitlines(), 1, 0)
    _FILES[filename] = (lines, src)
    return src


def _cannot_read(name, why):
    return ScriptError(
        f"cannot read the Python source of '{name}' ({why}). The script "
        "frontend parses the source text of the decorated function, so it "
        "must be defined in a file; code typed at an interactive prompt or "
        "run with exec() of a string has none. Put the kernel in a .py "
        "file, or pass its text to tirx.script.from_source(text)")


def source_of(obj):
    """(ParsedSource of its file, the FunctionDef/ClassDef node) of a
    function or class; a clear ScriptError when the source cannot be read
    (an interactive prompt, `exec` of a string)."""
    name = getattr(obj, "__qualname__", getattr(obj, "__name__", repr(obj)))
    filename = None
    if inspect.isclass(obj):
        # through its functions' code objects: a class of a module that is
        # not in sys.modules (a file run with exec() or runpy) has no
        # module file inspect could find
        filename = _class_file(obj)
    if filename is None:
        try:
            filename = inspect.getsourcefile(obj)
        except TypeError as e:
            raise _cannot_read(name, e) from None
    if filename is None:
        raise _cannot_read(name, "no source file") from None
    module = sys.modules.get(getattr(obj, "__module__", None) or "")
    try:
        src = _file_source(filename, getattr(module, "__dict__", None))
    except SyntaxError as e:
        raise ScriptError(f"cannot parse the source of '{name}': {e.msg}",
                          Span(filename, e.lineno or 1, e.offset or 1)) from None
    if src is None:
        raise _cannot_read(name, "could not get source code") from None
    node = _find(src.tree, obj)
    if node is None:
        raise _cannot_read(name, "its definition is not in " + filename) from None
    return src, node


def _code_of(v):
    """The code object of a function-like class attribute, or None."""
    for attr in ("func", "__func__", "fget"):
        inner = getattr(v, attr, None) if not inspect.isfunction(v) else None
        if inner is not None and inner is not v:
            c = _code_of(inner)
            if c is not None:
                return c
    code = getattr(v, "__code__", None)
    return code if inspect.iscode(code) else None


def _class_codes(cls):
    out = []
    for v in vars(cls).values():
        try:
            c = _code_of(v)
        except Exception:  # noqa: BLE001 - an exotic descriptor
            c = None
        if c is not None:
            out.append(c)
    return out


def _class_file(cls):
    codes = _class_codes(cls)
    for c in codes:
        if c.co_filename and not c.co_filename.startswith("<"):
            return c.co_filename
    return None


def _find(tree, obj):
    """The def/class node of `obj` in a module tree."""
    short = obj.__name__
    if inspect.isclass(obj):
        lines = [c.co_firstlineno for c in _class_codes(obj)]
        if lines:
            # the class whose body holds its functions' first lines
            best = None
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == short and \
                        all(node.lineno <= ln <= (node.end_lineno or ln) for ln in lines):
                    if best is None or node.lineno > best.lineno:
                        best = node
            if best is not None:
                return best
        want = obj.__qualname__.split(".")
        return _find_qualname(tree.body, [p for p in want if p != "<locals>"], short)
    line = obj.__code__.co_firstlineno
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == short:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if line in (first, node.lineno):
                return node
    return None


def _find_qualname(body, parts, short):
    best = None
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(node, ast.ClassDef) and node.name == short:
            if best is None:
                best = node
            if len(parts) == 1:
                return node
    return best


class Env:
    """The Python names a script sees besides its own variables."""

    __slots__ = ("closure", "frames", "globals", "annotations")

    def __init__(self, globals_=None, closure=None, frames=(), annotations=None):
        self.globals = globals_ if globals_ is not None else {}
        self.closure = closure or {}
        self.frames = list(frames)
        self.annotations = annotations or {}

    _MISSING = object()

    def lookup(self, name, default=_MISSING):
        v = self.closure.get(name, Env._MISSING)
        if v is not Env._MISSING:
            return v
        for f in self.frames:
            v = f.get(name, Env._MISSING)
            if v is not Env._MISSING:
                return v
        v = self.globals.get(name, Env._MISSING)
        if v is not Env._MISSING:
            return v
        v = getattr(builtins, name, Env._MISSING)
        if v is not Env._MISSING:
            return v
        if default is not Env._MISSING:
            return default
        raise NameError(f"name '{name}' is not defined")

    def as_dict(self):
        """A flat namespace (for the Python fallback evaluator)."""
        d = dict(self.globals)
        for f in reversed(self.frames):
            d.update(f)
        d.update(self.closure)
        return d

    def with_extra(self, extra):
        if not extra:
            return self
        closure = dict(self.closure)
        closure.update(extra)
        return Env(self.globals, closure, self.frames, self.annotations)


def capture_env(func, frame=None, extra_vars=None):
    """The Env of `func`: its closure cells, the locals of `frame` (the frame
    that applied the decorator) and its callers, and its globals."""
    closure = {}
    code = getattr(func, "__code__", None)
    if code is not None and func.__closure__:
        for name, cell in zip(code.co_freevars, func.__closure__):
            try:
                closure[name] = cell.cell_contents
            except ValueError:  # not assigned yet
                pass
    if extra_vars:
        closure.update(extra_vars)
    frames = []
    f = frame
    while f is not None:
        if f.f_code.co_name == "<module>":
            break
        try:
            frames.append(f.f_locals)
        except Exception:  # pragma: no cover - exotic frames
            pass
        f = f.f_back
    annotations = {}
    try:
        annotations = dict(getattr(func, "__annotations__", {}) or {})
    except Exception:  # pragma: no cover
        pass
    return Env(getattr(func, "__globals__", {}), closure, frames, annotations)


def caller_frame(depth):
    """The frame `depth` levels above the caller of this function."""
    try:
        return sys._getframe(depth + 1)
    except ValueError:  # pragma: no cover
        return None


# ---------------------------------------------------------------------------
# What the decorators take
# ---------------------------------------------------------------------------

class ScriptFunction:
    """The base of what ``@T.prim_func`` returns (``PrimFunc``): a second
    script decorator on one is an error (see :func:`_check_decorated`)."""

    __slots__ = ()


def _header_span(src, fdef):
    """The `def name(...)` line of a function (not its whole body)."""
    s = src.span(fdef)
    line = src.lines[fdef.lineno - 1] if fdef.lineno <= len(src.lines) else ""
    return Span(s.filename, s.line, s.col, s.line, len(line) + src.indent + 1)


def _code_span(f):
    code = getattr(f, "__code__", None)
    if code is None:
        return None
    return Span(code.co_filename, code.co_firstlineno, 1)


def _check_decorated(f, what):
    """A located error for what a decorator of the script cannot take: a
    lambda, an async function, a generator, a non-function."""
    import inspect as _inspect
    if isinstance(f, ScriptFunction):
        raise ScriptError(f"{what} is applied twice")
    if not callable(f) or not hasattr(f, "__code__"):
        raise ScriptError(f"{what} decorates a function defined with `def`, "
                          f"got {type(f).__name__}")
    span = _code_span(f)
    if f.__name__ != "<lambda>" and (_inspect.iscoroutinefunction(f)
                                     or _inspect.isasyncgenfunction(f)
                                     or _inspect.isgeneratorfunction(f)):
        try:  # the `def` line itself
            src, node = source_of(f)
            span = _header_span(src, node)
        except ScriptError:
            pass
    if f.__name__ == "<lambda>":
        raise ScriptError(f"{what} needs a function defined with `def`: a "
                          "lambda holds one expression, a kernel holds "
                          "statements", span)
    if _inspect.iscoroutinefunction(f) or _inspect.isasyncgenfunction(f):
        raise ScriptError(f"{what} cannot be an `async def`: a kernel is "
                          "parsed, not awaited", span)
    if _inspect.isgeneratorfunction(f):
        raise ScriptError(f"{what} cannot be a generator (`yield` has no "
                          "meaning in a kernel)", span)
