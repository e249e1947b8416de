"""Round trip: print -> parse -> structurally equal (locations aside) and
print again -> the same text, for every conformance kernel the parser
accepts, every TIRx function of the lit tests and examples, every example
kernel (examples/kernels/*.py) and the canonicalized form of each; one test
id per kernel.

The printer is total or loud: IR the script cannot write (unstructured
control flow, ops with regions other than the script's loops, ifs and
kernels) is a PrintError naming the op, and the partial print
(allow_partial=True) of it does not parse. Which IR that is follows from
the IR itself (`outside_the_script`); there is no list of kernels that may
fail (roundtrip-known.txt stays empty)."""

import os

import pytest

from tirx import ir
from tirx.passmanager import PassManager
from tirx.script import ScriptError, from_source, script, structural_equal
from tirx.script.printer import PrintError

from .corpus import (conformance_kernels, example_kernels, load_conformance,
                     mlir_kernels)

HERE = os.path.dirname(os.path.abspath(__file__))
PLACEHOLDER = "# no script spelling"

# Ops with regions the script writes (its statements).
SCRIPT_REGION_OPS = {"builtin.module", "func.func", "tirx.kernel", "tirx.for",
                     "tirx.while", "tirx.if"}


def _known():
    out = {}
    with open(os.path.join(HERE, "roundtrip-known.txt")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                kid, _, why = line.partition(" ")
                out[kid] = why.strip()
    return out


KNOWN = _known()


def test_known_list_is_empty():
    assert KNOWN == {}, "every kernel round-trips: roundtrip-known.txt stays empty"


def outside_the_script(obj):
    """The first op the script cannot write (an op with successors or with
    regions that are not the script's statements), or None."""
    op = obj.module.operation if hasattr(obj, "module") and not isinstance(obj, ir.Module) \
        else obj.operation
    found = []

    def visit(o):
        if not found and (o.successors or (o.regions and o.name not in SCRIPT_REGION_OPS)):
            found.append(o.name)
        return ir.WalkResult.ADVANCE
    op.walk(visit)
    if not found:
        def blocks(o):
            if o.name == "func.func" and len(o.regions[0].blocks) > 1:
                found.append("cf")
            return ir.WalkResult.ADVANCE
        op.walk(blocks)
    return found[0] if found else None


def canonicalized(obj):
    """`obj`'s module after the canonicalize pass (what `tirx-opt
    --canonicalize` prints), in a fresh module."""
    op = obj.module.operation if hasattr(obj, "module") and not isinstance(obj, ir.Module) \
        else obj.operation
    m = ir.Module.parse(op.get_asm(enable_debug_info=False), context=op.context)
    try:
        PassManager.parse("builtin.module(canonicalize)", context=op.context).run(m.operation)
    except ir.MLIRError as e:  # a pass's failure, not the printer's
        pytest.skip(f"canonicalize fails: {str(e)[:300]}")
    return m


def check_roundtrip(kid, obj):
    outside = outside_the_script(obj)
    if outside is not None:
        # loud: an error naming the op; the partial text never parses
        with pytest.raises(PrintError) as info:
            script(obj)
        assert isinstance(info.value, ScriptError)
        if outside != "cf":
            assert f"'{outside}'" in str(info.value), str(info.value)
        text = script(obj, allow_partial=True)
        assert PLACEHOLDER in text and "T.unprintable(" in text, text
        with pytest.raises(ScriptError):
            from_source(text)
        return
    text = script(obj)
    assert PLACEHOLDER not in text and "T.unprintable" not in text, text
    back = from_source(text)
    assert structural_equal(obj, back), text
    again = script(back)
    assert again == text, "printing is not idempotent:\n" + text + "\n---\n" + again


_CONF = conformance_kernels()


@pytest.mark.parametrize("variant", ["", "canonicalized"])
@pytest.mark.parametrize("path", [p for _, p in _CONF], ids=[k for k, _ in _CONF])
def test_conformance_roundtrip(path, variant):
    kid = os.path.basename(path)[:-3]
    try:
        obj = load_conformance(path)
    except Exception as e:  # noqa: BLE001 - the parser's verdict, not ours
        pytest.skip(f"the parser does not accept it: {type(e).__name__}: {str(e)[:200]}")
    if variant:
        obj, kid = canonicalized(obj), kid + ":canonicalized"
    check_roundtrip(kid, obj)


_MLIR = mlir_kernels()


@pytest.mark.parametrize("variant", ["", "canonicalized"])
@pytest.mark.parametrize("text", [t for _, t in _MLIR], ids=[k for k, _ in _MLIR])
def test_mlir_roundtrip(text, variant):
    kid = [k for k, t in _MLIR if t is text][0]
    try:
        m = ir.Module.parse(text, context=ir.Context())
    except ir.MLIRError as e:
        pytest.skip(f"not parseable in the Python context: {str(e)[:200]}")
    if variant:
        m, kid = canonicalized(m), kid + ":canonicalized"
    check_roundtrip(kid, m)


_KERNELS = example_kernels()


@pytest.mark.parametrize("variant", ["", "canonicalized"])
@pytest.mark.parametrize("load", [f for _, f in _KERNELS], ids=[k for k, _ in _KERNELS])
def test_example_kernel_roundtrip(load, variant):
    obj = load()
    kid = "kernel"
    if variant:
        obj, kid = canonicalized(obj), kid + ":canonicalized"
    check_roundtrip(kid, obj)


def test_corpus_is_not_empty():
    assert len(_MLIR) >= 20
    assert len(_KERNELS) >= 5
    if _CONF:
        assert len(_CONF) >= 30


def test_the_rule_sees_unstructured_ir():
    """The loud path itself: cf.cond_br and scf.for are outside the script."""
    m = ir.Module.parse("""
      func.func @f(%c: i1) {
        cf.cond_br %c, ^a, ^b
      ^a:
        return
      ^b:
        return
      }""", context=ir.Context())
    assert outside_the_script(m) is not None
    with pytest.raises(PrintError, match="cf.cond_br"):
        script(m)
