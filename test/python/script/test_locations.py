"""Source locations: every op carries the range of the AST node that made
it (innermost), intrinsic calls included; macro and inline expansions
carry a call-site chain; locations do not affect structural equality."""

import pytest

from tirx.script import ScriptError, assert_structural_equal, structural_equal
from tirx.script import tirx as T

from .helpers import line_of, ops

FILE = __file__


def span_of(op):
    loc = op.location
    assert loc.is_a_file(), str(loc)
    return (loc.start_line, loc.start_col, loc.end_line, loc.end_col)


def cols(marker, text):
    """1-based start and exclusive end column of `text` on the line that
    contains `marker`."""
    line = line_of(marker, FILE)
    src = open(FILE).read().splitlines()[line - 1]
    start = src.index(text) + 1
    return line, start, line, start + len(text)


def test_every_op_has_a_file_range():
    @T.prim_func
    def k(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        B[tx] = A[tx] * T.float32(2.0) + A[(tx + 1) % 32]

    unknown = []

    def visit(op):
        if op.name not in ("builtin.module",) and not op.location.is_a_file():
            unknown.append(op.name)
    k.module.operation.walk(visit)
    assert unknown == []


def test_nested_expressions_resolve_to_the_innermost_range():
    @T.prim_func
    def k(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])  # LOC0
        B[tx] = A[tx] * T.float32(2.0) + A[(tx + 1) % 32]  # LOC1

    load0, load1 = ops(k, "tirx.buffer_load")
    assert span_of(load0) == cols("# LOC1", "A[tx]")
    assert span_of(load1) == cols("# LOC1", "A[(tx + 1) % 32]")
    assert span_of(ops(k, "arith.mulf")[0]) == cols("# LOC1", "A[tx] * T.float32(2.0)")
    assert span_of(ops(k, "arith.addf")[0]) == cols(
        "# LOC1", "A[tx] * T.float32(2.0) + A[(tx + 1) % 32]")
    assert span_of(ops(k, "arith.addi")[0]) == cols("# LOC1", "tx + 1")
    assert span_of(ops(k, "tirx.buffer_store")[0]) == cols(
        "# LOC1", "B[tx] = A[tx] * T.float32(2.0) + A[(tx + 1) % 32]")
    assert span_of(ops(k, "tirx.thread_id")[0]) == cols("# LOC0", "T.thread_id([32])")


def test_locations_on_intrinsic_calls():
    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        bar = T.alloc_buffer([1], "uint64", scope="shared")
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)  # LOC2
        T.ptx.fence.proxy.async_("shared.cta")  # LOC3

    assert span_of(ops(k, "tirx.ptx.mbarrier.init")[0]) == cols(
        "# LOC2", "T.ptx.mbarrier.init(bar.ptr_to([0]), 1)")
    assert span_of(ops(k, "tirx.ptr_to")[0]) == cols("# LOC2", "bar.ptr_to([0])")
    assert span_of(ops(k, "tirx.ptx.fence.proxy.async")[0]) == cols(
        "# LOC3", 'T.ptx.fence.proxy.async_("shared.cta")')


@T.macro
def scaled(buf, i):
    buf[i] = buf[i] * T.float32(3)  # MACRO-BODY


def test_macro_and_inline_expansions_carry_call_site_chains():
    @T.inline
    def twice(buf, i):
        scaled(buf, i)  # INLINE-BODY
        scaled(buf, i + 1)

    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([16])
        twice(A, tx * 2)  # CALL-SITE

    muls = ops(k, "arith.mulf")
    loc = muls[0].location
    assert loc.is_a_callsite()
    # callee: the op's range in the macro body
    assert (loc.callee.start_line, loc.callee.start_col) == cols(
        "# MACRO-BODY", "buf[i] * T.float32(3)")[:2]
    # caller chain: the inline body's call of the macro, then the kernel's
    # call of the inline helper
    caller = loc.caller
    assert caller.is_a_callsite()
    assert caller.callee.start_line == line_of("# INLINE-BODY", FILE)
    assert caller.caller.start_line == line_of("# CALL-SITE", FILE)
    assert (caller.caller.start_col, caller.caller.end_col) == cols(
        "# CALL-SITE", "twice(A, tx * 2)")[1::2]


def test_locations_are_ignored_by_structural_equality():
    def make():
        @T.prim_func
        def k(A: T.Buffer((32,), "float32")):
            T.device_entry()
            tx = T.thread_id([32])
            A[tx] = A[tx] + T.float32(1)
        return k

    a = make()

    @T.prim_func
    def k(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = A[tx] + T.float32(1)

    assert a.mlir(debug_info=True) != k.mlir(debug_info=True)
    assert structural_equal(a, k)
    assert_structural_equal(a, k)

    @T.prim_func
    def other(A: T.Buffer((32,), "float32")):
        T.device_entry()
        tx = T.thread_id([32])
        A[tx] = A[tx] + T.float32(2)

    assert not structural_equal(a, other)
    with pytest.raises(AssertionError, match="the IR differs"):
        assert_structural_equal(a, other)


def test_diagnostic_coordinates_equal_op_locations():
    # the verifier reports the op built from `T.thread_id([2048])`; the
    # ScriptError carries exactly that op's range
    with pytest.raises(ScriptError) as e:
        @T.prim_func
        def k(A: T.Buffer((32,), "float32")):
            T.device_entry()
            tx = T.thread_id([2048])  # LOC4
    span = e.value.span
    assert (span.line, span.col, span.end_line, span.end_col) == cols("# LOC4", "T.thread_id([2048])")
    assert span.filename == FILE
