"""TIRx script: kernels written as Python functions, parsed into TIRx IR.

    from tirx.script import tirx as T
    from tirx.script import ir as I
    from tirx.script import PointerType, PrimType

    @T.prim_func
    def scale(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32")):
        T.device_entry()
        bx = T.cta_id([1])
        tx = T.thread_id([256])
        B[tx] = A[tx] * T.float32(2.0)

    ptx = tirx.compile(scale, target="sm_90a", emit="ptx")

The source text of the decorated function is parsed (not traced); every op
carries the source range that produced it, and every error -- from the
parser, the verifier or a compiler pass -- is a :class:`ScriptError` (a
``RuntimeError``) rendered at the Python line. See docs/Script.md.
"""

from ._diagnostics import ScriptError, ScriptWarning, Span  # noqa: F401
from ._types import PointerType, PrimType  # noqa: F401
from . import tirx, ir, tile  # noqa: F401
from ._function import IRModule, PrimFunc  # noqa: F401
from ._function import parse_source as _parse_source
from ._compile import (assert_structural_equal, compile,  # noqa: F401
                       structural_equal, SyncWarning)
from .printer import register_op_printer, script  # noqa: F401
from .._backends import register_script_namespace as register_namespace  # noqa: F401,E402


def from_source(text, extra_vars=None, filename=None):
    """Parses script text: one ``@T.prim_func`` function or one
    ``@I.ir_module`` class (the decorators are read from the text)."""
    # the text sees the T, I and Tx namespaces, PointerType and PrimType
    return _parse_source(text, {"T": tirx, "I": ir, "Tx": tile,
                                "PointerType": PointerType, "PrimType": PrimType},
                         extra_vars, filename)


__all__ = ["tirx", "ir", "tile", "PointerType", "PrimType", "ScriptError", "ScriptWarning",
           "Span", "PrimFunc", "IRModule", "from_source", "compile",
           "structural_equal", "assert_structural_equal", "script",
           "register_op_printer", "register_namespace", "SyncWarning"]
