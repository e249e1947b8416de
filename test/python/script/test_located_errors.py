"""Every user error is one ScriptError (a RuntimeError) at the user's line:
attribute values, buffer dimensions, decorators applied to what they cannot
take, launch limits, errors of ptxas and of the simulator (also inside the
T.cuda helpers), and deep nesting within the limits."""

import os
import runpy
import stat
import textwrap

import numpy as np
import pytest

import tirx
from tirx import sim
from tirx.ir import MLIRError
from tirx.script import ScriptError, from_source, script, structural_equal
from tirx.script import tirx as T
from tirx.script._compile import ptxas_error

from .helpers import line_of


def _err(src, match):
    with pytest.raises(ScriptError, match=match) as info:
        from_source(src)
    assert isinstance(info.value, RuntimeError)
    return info.value


@pytest.mark.parametrize("attrs,match", [
    ('{"tirx.max_registers": "abc"}', "'tirx.max_registers' takes an integer"),
    ('{"tirx.max_registers": 1000}', r"must be in \[24, 255\]"),
    ('{"tirx.launch_bounds_min_blocks_per_sm": 0}', "must be at least 1"),
    ('{"tirx.cluster_dims": [8, 4]}', "a cluster holds at most 16 CTAs, got 32"),
    ('{"global_symbol": 3}', "'global_symbol' takes a name"),
    ('{"x": T.mlir_attr("#not.an<attr")}', "invalid attribute"),
])
def test_func_attr_values_are_located(attrs, match):
    e = _err(f'''
@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.func_attr({attrs})
    T.device_entry()
    tx = T.thread_id([4])
    A[tx] = tx
''', match)
    assert e.line == 4, str(e)


@pytest.mark.parametrize("shape,match", [
    ("(-4,)", "dimensions must be positive"),
    ("(0, 4)", "dimensions must be positive"),
    ("(2**40, 2**40)", "more than 9223372036854775807 elements"),
    ("(2**70,)", "more than 9223372036854775807 elements"),
])
def test_bad_buffer_dims_of_a_parameter_are_located(shape, match):
    e = _err(f'''
@T.prim_func
def k(A: T.Buffer({shape}, "int32")):
    T.device_entry()
    tx = T.thread_id([4])
''', match)
    assert e.line == 3 and "invalid type" not in e.message, str(e)


def test_bad_buffer_dims_of_an_allocation_are_located():
    e = _err('''
@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    s = T.alloc_buffer((2**40, 2**40), "int32", scope="shared")
''', "more than")
    assert e.line == 6


def test_a_32_cta_cluster_is_reported_at_the_scope_id():
    e = _err('''
@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.device_entry()
    cbx = T.cta_id_in_cluster([32])
    tx = T.thread_id([4])
    A[tx] = cbx
''', "a cluster holds at most 16 CTAs, got 32")
    assert e.line == 5, str(e)


class Plain:
    """A plain class (no @I.ir_module) holding a @T.prim_func."""

    @T.prim_func
    def k(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        A[tx] = tx + 1


def test_prim_func_in_a_plain_class_is_a_prim_func():
    k = Plain.k
    assert isinstance(k, tirx.script.PrimFunc)
    a = np.zeros(4, np.int32)
    sim.run(k, a)
    assert list(a) == [1, 2, 3, 4]
    assert "def k(A: T.Buffer((4,), \"int32\")):" in k.script()


def test_async_def_is_located():
    with pytest.raises(ScriptError, match="cannot be an `async def`") as info:
        @T.prim_func
        async def k(A: T.Buffer((4,), "int32")):
            T.device_entry()
    assert info.value.line == line_of("async def k(")


def test_lambda_is_located():
    with pytest.raises(ScriptError, match="a lambda holds one expression") as info:
        T.prim_func(lambda A: None)
    assert info.value.line == line_of("T.prim_func(lambda A: None)")


def test_macro_of_a_lambda_is_located():
    with pytest.raises(ScriptError, match="@T.macro needs a function defined with `def`"):
        T.macro(lambda x: x)


def test_class_of_a_module_not_in_sys_modules(tmp_path):
    """A file run with runpy/exec: its classes have no module inspect can
    find; the source is read through the functions' code objects."""
    path = tmp_path / "kern.py"
    path.write_text(textwrap.dedent('''\
        from tirx.script import tirx as T
        from tirx.script import ir as I

        @I.ir_module
        class Module:
            @T.prim_func(private=True)
            def helper(x: T.int32) -> T.int32:
                return x + 1

            @T.prim_func
            def main(A: T.Buffer((4,), "int32")):
                T.device_entry()
                tx = T.thread_id([4])
                A[tx] = Module.helper(tx)
        '''))
    ns = runpy.run_path(str(path), run_name="not_a_module")
    m = ns["Module"]
    assert "func.func private @helper" in m.mlir()
    a = np.zeros(4, np.int32)
    sim.run(m, a, func="main")
    assert list(a) == [1, 2, 3, 4]


# -- ptxas -------------------------------------------------------------------

def test_ptxas_error_headline_is_the_ptxas_message():
    ptx = ".version 8.0\n.target sm_90a\n.file 1 \"/k/kern.py\"\n.entry k()\n{\n.loc 1 12 5\nfoo.bar r1;\n}\n"
    out = ("ptxas /tmp/x/kernel.ptx, line 7; error   : Unknown instruction 'foo.bar'\n"
           "ptxas fatal   : Ptx assembly aborted due to errors\n")
    e = ptxas_error(out, ptx, None)
    assert e.message == "ptxas: Unknown instruction 'foo.bar'"
    assert (e.span.filename, e.span.line, e.span.col) == ("/k/kern.py", 12, 5)
    assert any("line 7: foo.bar r1;" in n for n, _ in e.notes)
    assert not any("libdevice" in n for n, _ in e.notes)


@T.prim_func
def _small(A: T.Buffer((32,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    A[tx] = A[tx] * 2.0


def test_cubin_reports_a_failing_ptxas_at_the_kernel(tmp_path):
    """emit='cubin' assembles the PTX itself: ptxas's first error is the
    headline (no libdevice path guessed from a ptxas wrapper script),
    located at the kernel's def without .loc info."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    fake = bindir / "ptxas"
    fake.write_text("#!/bin/sh\necho \"ptxas $5, line 3; error   : Feature 'x' requires .target sm_100\" >&2\n"
                    "echo 'ptxas fatal   : Ptx assembly aborted due to errors' >&2\nexit 1\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    with pytest.raises(ScriptError) as info:
        tirx.compile(_small, target="sm_90a", emit="cubin", toolkit=str(tmp_path))
    e = info.value
    assert e.message == "ptxas: Feature 'x' requires .target sm_100", str(e)
    assert e.line == line_of("def _small(")


# -- the simulator -------------------------------------------------------------

@T.prim_func
def _wait_uninitialized(A: T.Buffer((1,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    bar = T.alloc_buffer((1,), "uint64", scope="shared")
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    A[0] = 1


def test_simulator_error_in_a_cuda_helper_is_at_the_users_call():
    with pytest.raises(ScriptError) as info:
        sim.run(_wait_uninitialized, np.zeros(1, np.int32))
    e = info.value
    assert isinstance(e, MLIRError) and e.error_diagnostics  # still the simulator's
    assert e.line == line_of("T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)"), str(e)
    assert "test_located_errors.py" in e.span.filename
    assert any("_cuda.py" in s.filename for _, s in e.notes if s), str(e)


# -- deep nesting --------------------------------------------------------------

def test_a_300_term_expression_prints_and_parses():
    terms = " + ".join(f"A[{i % 8}]" for i in range(300))
    f = from_source(f'''
@T.prim_func
def k(A: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    A[0] = {terms}
''')
    text = script(f)
    assert structural_equal(f, from_source(text))


def test_90_nested_ifs_and_a_60_level_macro():
    body = "".join("    " * (i + 1) + f"if A[{i % 8}] > {i}:\n" for i in range(90))
    body += "    " * 91 + "A[0] = deep(A, 60)\n"
    src = f'''
@T.prim_func
def k(A: T.Buffer((8,), "int32")):
    @T.inline
    def deep(A, n):
        if n == 0:
            return A[1]
        return deep(A, n - 1) + 1
    T.device_entry()
    tx = T.thread_id([1])
{body}'''
    f = from_source(src)
    assert str(f).count("tirx.if") == 90
    assert structural_equal(f, from_source(script(f)))


def test_a_recursive_macro_error_lists_each_frame_once():
    e = _err('''
@T.prim_func
def k(A: T.Buffer((8,), "int32")):
    @T.inline
    def deep(n):
        if n == 0:
            return T.nonexistent()
        return deep(n - 1)
    T.device_entry()
    tx = T.thread_id([1])
    A[0] = deep(40)
''', "nonexistent")
    assert e.line == 7
    spans = [(s.line, s.col) for _, s in e.notes if s is not None]
    assert len(spans) == len(set(spans)) and len(spans) <= 3, e.notes


def test_a_3000_term_expression_prints_with_named_parts():
    terms = " + ".join(f"A[{i % 8}]" for i in range(3000))
    f = from_source(f'''
@T.prim_func
def k(A: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    A[0] = {terms}
''')
    text = script(f)
    assert "T.meta_var(" in text  # parts named: bounded recursion
    assert structural_equal(f, from_source(text))


def test_an_expression_too_deep_for_the_parser_is_a_located_error():
    terms = " + ".join("A[0]" for _ in range(9000))
    e = _err(f'''
@T.prim_func
def k(A: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    A[0] = {terms}
''', "nests deeper than the parser can follow")
    assert e.line == 6


def test_ir_nested_deeper_than_python_indentation_is_refused():
    from tirx import ir
    from tirx.script.printer import PrintError
    n = 120
    body = "".join(f"tirx.for %i{d} = %c0 to %c1 step %c1 {{\n" for d in range(n))
    body += "}\n" * n
    m = ir.Module.parse(f"""
      func.func @f() {{
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        {body}
        return
      }}""", context=ir.Context())
    with pytest.raises(PrintError, match="100 levels of indentation"):
        script(m)
