"""Round trip: print -> parse -> structurally equal (locations aside), for
every conformance kernel the parser accepts, every TIRx function of the lit
tests and examples, and the canonicalized form of each. One test id per
kernel. A kernel whose IR has a construct without a script spelling prints
a `# no script spelling` placeholder; those kernels, and the ones that do
not round-trip yet, are listed with the reason in roundtrip-known.txt."""

import os

import pytest

from tirx import ir
from tirx.passmanager import PassManager
from tirx.script import from_source, script, structural_equal

from .corpus import conformance_kernels, load_conformance, mlir_kernels

HERE = os.path.dirname(os.path.abspath(__file__))
PLACEHOLDER = "# no script spelling"


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
    text = script(obj)
    if kid in KNOWN:
        ok = PLACEHOLDER not in text
        if ok:
            try:
                ok = structural_equal(obj, from_source(text))
            except (ValueError, TypeError, RuntimeError):
                ok = False
        assert not ok, f"{kid} round-trips now: remove it from roundtrip-known.txt"
        pytest.xfail(KNOWN[kid])
    assert PLACEHOLDER not in text, text
    back = from_source(text)
    assert structural_equal(obj, back), text


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


def test_corpus_is_not_empty():
    assert len(_MLIR) >= 20
    if _CONF:
        assert len(_CONF) >= 30
