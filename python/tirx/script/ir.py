"""The ``I`` namespace of TIRx scripts: ``from tirx.script import ir as I``.

``@I.ir_module`` parses a class of ``@T.prim_func`` methods into one module;
functions call each other as ``cls.f(...)`` or ``<ClassName>.f(...)``.
``@I.pyfunc`` declares a Python function of the module, kept as source and
run on the host when the module is built (``tirx.build``).
"""

from ._function import IRModule, ir_module, module_attrs, pyfunc  # noqa: F401

__all__ = ["ir_module", "IRModule", "pyfunc", "module_attrs"]
