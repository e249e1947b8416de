"""The ``I`` namespace of TIRx scripts: ``from tirx.script import ir as I``.

``@I.ir_module`` parses a class of ``@T.prim_func`` methods into one module;
functions call each other as ``cls.f(...)`` or ``<ClassName>.f(...)``.
"""

from ._function import IRModule, ir_module  # noqa: F401

__all__ = ["ir_module", "IRModule"]
