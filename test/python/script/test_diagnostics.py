"""Diagnostics: one RuntimeError subclass rendered with `error:`, the
`-->` header and the spanned source lines underlined; internal errors keep
their traceback; unreadable source gets a clear message."""

import os
import subprocess
import sys
import textwrap

import pytest

from tirx.script import ScriptError, Span, from_source
from tirx.script import tirx as T

from .helpers import line_of


def test_single_line_rendering_is_exact():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(out: T.Buffer((4,), "float32")):
            T.device_entry()
            tx = T.thread_id([4])
            out[tx] = missing_name + 1
    line = line_of("out[tx] = missing_name + 1")
    src = open(__file__).read().splitlines()[line - 1]
    col = src.index("missing_name") + 1
    width = len(str(line))
    expected = "\n".join([
        "error: name 'missing_name' is not defined",
        f" --> {__file__}:{line}:{col}",
        " " * width + " |",
        f"{line} | {src}",
        " " * width + " | " + " " * (col - 1) + "^" * len("missing_name"),
    ])
    assert str(e.value) == expected
    assert type(e.value).__mro__[1] is RuntimeError


def test_multi_line_spans_underline_every_spanned_line():
    src = textwrap.dedent('''\
        @T.prim_func
        def k(out: T.Buffer((4,), "float32")):
            T.device_entry()
            tx = T.thread_id([4])
            s = T.alloc_buffer([8], "float32", scope="shared")
            p = s.ptr_to([0])
            p = s.ptr_to(
                [4])
        ''')
    with pytest.raises(ScriptError) as e:
        from_source(src, filename="multi.py")
    text = str(e.value)
    assert text.splitlines() == [
        "error: Pointer variable 'p' cannot be reassigned",
        " --> multi.py:7:5",
        "  |",
        "7 |     p = s.ptr_to(",
        "  |     ^^^^^^^^^^^^^",
        "8 |         [4])",
        "  | ^^^^^^^^^^^^",
    ]


def test_render_without_source_and_reporting_twice():
    err = ScriptError("boom", Span("<nowhere>", 3, 2, 3, 5))
    assert str(err) == "error: boom\n --> <nowhere>:3:2"
    assert str(err) == str(err) == err.render()
    assert str(ScriptError("plain")) == "error: plain"
    # a span past the end of the source still renders
    err = ScriptError("far", Span(__file__, 10**6, 1))
    assert str(err).startswith("error: far\n --> ")


def test_internal_errors_keep_their_traceback():
    def helper(x):
        return 1 // 0

    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(out: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([4])
            out[tx] = helper(tx)
    assert e.value.message == "ZeroDivisionError: integer division or modulo by zero"
    assert isinstance(e.value.__cause__, ZeroDivisionError)
    assert e.value.line == line_of("out[tx] = helper(tx)")


def test_source_that_cannot_be_read_gets_a_clear_message():
    code = textwrap.dedent('''\
        from tirx.script import tirx as T
        @T.prim_func
        def k(A: T.Buffer((4,), "float32")):
            T.evaluate(0)
        ''')
    with pytest.raises(ScriptError) as e:
        exec(compile(code, "<string>", "exec"), {})
    assert "cannot read the Python source of 'k'" in e.value.message
    assert "tirx.script.from_source" in e.value.message


def test_a_kernel_typed_at_an_interactive_prompt():
    env = dict(os.environ)
    r = subprocess.run(
        [sys.executable, "-i"], input=textwrap.dedent('''\
            from tirx.script import tirx as T
            @T.prim_func
            def k(A: T.Buffer((4,), "float32")):
                T.evaluate(0)

            '''), capture_output=True, text=True, env=env, timeout=120)
    assert "error: cannot read the Python source of 'k'" in r.stderr
    assert "Segmentation" not in r.stderr and r.returncode == 0


def test_verifier_errors_point_at_the_python_line():
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(out: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([2048])
    assert e.value.message.startswith("'tirx.kernel' op") or "1024 threads" in e.value.message
    assert e.value.line == line_of("tx = T.thread_id([2048])")
    assert "tirx.kernel {" not in str(e.value)  # not printed IR
