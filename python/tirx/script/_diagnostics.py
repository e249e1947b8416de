"""Errors of the script frontend, rendered at the user's Python source.

Every error the frontend reports is a :class:`ScriptError` (a
``RuntimeError``), rendered as::

    error: Pointer variable 'p' cannot be reassigned
     --> kernel.py:12:5
       |
    12 |     p = q.ptr_to([0])
       |     ^^^^^^^^^^^^^^^^^

Coordinates are 1-based, absolute in the file, columns count characters;
a span's end column is exclusive. Multi-line spans underline from the start
column to the end of the first line, the interior lines whole, and the last
line from its start up to the end column. The IR locations the frontend attaches to ops use
the same coordinates, so a verifier or pass error renders the same way.
"""

import linecache
import os

__all__ = ["ScriptError", "Span", "register_source"]

# Sources given as text (tirx.script.from_source), by their file name.
_TEXT_SOURCES = {}


def register_source(filename, text):
    """Makes `text` the source of `filename` for rendering."""
    _TEXT_SOURCES[filename] = text.splitlines()


def source_lines(filename):
    lines = _TEXT_SOURCES.get(filename)
    if lines is not None:
        return lines
    raw = linecache.getlines(filename)
    return [l.rstrip("\r\n") for l in raw]


class Span:
    """A source range: file, 1-based line/column, exclusive end column."""

    __slots__ = ("filename", "line", "col", "end_line", "end_col")

    def __init__(self, filename, line, col, end_line=None, end_col=None):
        self.filename = filename
        self.line, self.col = line, col
        self.end_line = line if end_line is None else end_line
        self.end_col = col + 1 if end_col is None else end_col

    def __repr__(self):
        return (f"Span({self.filename!r}, {self.line}, {self.col}, "
                f"{self.end_line}, {self.end_col})")

    def __eq__(self, other):
        return isinstance(other, Span) and all(
            getattr(self, a) == getattr(other, a) for a in self.__slots__)

    def __hash__(self):
        return hash((self.filename, self.line, self.col, self.end_line, self.end_col))

    def header(self):
        return f"{self.filename}:{self.line}:{self.col}"


def render_span(span, lines=None):
    """The gutter-numbered source lines of `span` with a caret underline."""
    if lines is None:
        lines = source_lines(span.filename)
    first, last = span.line, max(span.line, span.end_line)
    if not lines or first < 1 or first > len(lines):
        return []
    last = min(last, len(lines))
    width = len(str(last))
    pad = " " * width
    out = [f"{pad} |"]
    for n in range(first, last + 1):
        text = lines[n - 1].expandtabs(1)
        out.append(f"{n:>{width}} | {text}")
        start = span.col if n == first else 1
        end = span.end_col if n == span.end_line else len(text) + 1
        start = max(1, start)
        end = max(start + 1, end)
        out.append(f"{pad} | " + " " * (start - 1) + "^" * (end - start))
    return out


def render(message, span=None, notes=(), kind="error"):
    """`kind: message`, the `--> file:line:col` header and the source."""
    out = [f"{kind}: {message}"]
    if span is not None:
        out.append(f" --> {span.header()}")
        out.extend(render_span(span))
    for note_msg, note_span in notes:
        out.append(f"note: {note_msg}")
        if note_span is not None:
            out.append(f" --> {note_span.header()}")
            out.extend(render_span(note_span))
    return "\n".join(out)


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def is_library(span):
    """True for a span in the frontend's own source (the T.cuda helpers)."""
    return span is not None and os.path.abspath(span.filename).startswith(
        _PACKAGE_DIR + os.sep)


def located(message, spans, notes=()):
    """A ScriptError at the innermost of `spans` (innermost first) that is
    the user's source; the others become notes."""
    spans = [s for s in spans if s is not None]
    user = [s for s in spans if not is_library(s)]
    # the user's outermost frame: the call in their own code that led here
    # (a helper of the frontend, a T.cuda macro, is never primary); the
    # innermost user frame when the chain holds user macros too
    primary = user[0] if user else (spans[0] if spans else None)
    if user and is_library(spans[0]):
        primary = user[0]
    out, seen = [], set()
    if primary is not None:
        k = spans.index(primary)
        seen.add(primary)
        for what, group in (("inside the helper defined here", spans[:k]),
                            ("in the expansion called here", spans[k + 1:])):
            for s in group:
                if s in seen:  # a recursive expansion: each frame once
                    continue
                seen.add(s)
                out.append((what, s))
    return ScriptError(message, primary, out + list(notes))


class ScriptWarning(UserWarning):
    """A warning about a TIRx script, rendered at the source line it is
    about (``str(w.message)`` is the rendered diagnostic)."""


def warn(message, span=None):
    """Issues a :class:`ScriptWarning` rendered at `span`."""
    import warnings
    warnings.warn(ScriptWarning(render(message, span, kind="warning")),
                  stacklevel=3)


class ScriptError(RuntimeError):
    """An error in a TIRx script, located at the offending source range.

    Attributes: ``message`` (the bare message), ``span`` (a :class:`Span`
    or None when no source location is known), ``notes`` (a list of
    ``(message, span)``: e.g. the call sites a macro was expanded from).
    ``str(err)`` is the rendered diagnostic; rendering it again is safe.
    """

    def __init__(self, message, span=None, notes=()):
        self.message = str(message)
        self.span = span
        self.notes = list(notes)
        super().__init__(self.message)

    @property
    def filename(self):
        return self.span.filename if self.span else None

    @property
    def line(self):
        return self.span.line if self.span else None

    @property
    def col(self):
        return self.span.col if self.span else None

    def render(self):
        return render(self.message, self.span, self.notes)

    def __str__(self):
        try:
            return self.render()
        except Exception:  # never fail while reporting an error
            return f"error: {self.message}"


# ---------------------------------------------------------------------------
# MLIR diagnostics as ScriptErrors (verifier, pass and simulator errors)
# ---------------------------------------------------------------------------

def _spans(loc):
    """The file spans of a location, innermost first (a call-site chain
    gives the callee, then its callers)."""
    try:
        if loc.is_a_file():
            return [Span(loc.filename, loc.start_line, loc.start_col,
                         loc.end_line, loc.end_col)]
        if loc.is_a_callsite():
            return _spans(loc.callee) + _spans(loc.caller)
        if loc.is_a_name():
            return _spans(loc.child_loc)
        if loc.is_a_fused():
            out = []
            for l in loc.locations:
                out.extend(_spans(l))
            return out
    except Exception:  # pragma: no cover - a location we cannot read
        pass
    return []


def script_error_from_mlir(err, what):
    """A ScriptError for an MLIRError: the first error at its innermost
    user-source location; call sites, notes and further errors as notes."""
    diags = list(getattr(err, "error_diagnostics", []) or [])
    if not diags:
        return ScriptError(f"{what}: {err}")
    first = diags[0]
    notes = [(n.message, _user_span(n.location)) for n in (getattr(first, "notes", []) or [])]
    notes += [(f"also: {d.message}", _user_span(d.location)) for d in diags[1:]]
    return located(first.message, _spans(first.location), notes)


def _user_span(loc):
    spans = _spans(loc)
    return next((s for s in spans if not is_library(s)), spans[0] if spans else None)


def raise_from_mlir(err, what):
    raise script_error_from_mlir(err, what) from None
