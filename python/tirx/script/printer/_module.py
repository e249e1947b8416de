"""A module as script: one ``@T.prim_func``, or an ``@I.ir_module`` class
when it has several functions, calls between them, Python functions
(``tirx.py_func``) or module attributes (``I.module_attrs``)."""

from ... import ir as _ir
from ._function import FunctionPrinter
from ._types import Unprintable

__all__ = ["ModulePrinter"]


def _target_text(attr):
    """``T.target("sm_90a")`` for #tirx.target<"sm_90a">, else None."""
    text = str(attr)
    pre = '#tirx.target<"'
    if text.startswith(pre) and text.endswith('">') and text.count('"') == 2:
        return f'T.target("{text[len(pre):-2]}")'
    return None


class ModulePrinter:
    def __init__(self, module_op, class_name=None, partial=False):
        self.op = module_op
        self.class_name = class_name or "Module"
        self.partial = partial
        body = module_op.regions[0].blocks[0]
        self.items = list(body.operations)
        self.funcs = [op for op in self.items if op.name == "func.func"]
        self.others = [op for op in self.items if op.name not in ("func.func", "tirx.py_func")]
        self.pyfuncs = [op for op in self.items if op.name == "tirx.py_func"]
        self._sigs = {str(f.attributes["sym_name"].value): f for f in self.funcs}
        self.as_class = (class_name is not None or len(self.funcs) != 1 or self._has_calls()
                         or bool(self.pyfuncs) or len(list(module_op.attributes)) > 0)
        self.unprintable = 0

    def generic_ok(self, op):
        """Whether `op` may print with the generic T.mlir_op spelling."""
        return not op.regions and not op.successors

    def _has_calls(self):
        found = []

        def visit(op):
            if op.name == "func.call":
                found.append(op)
                return _ir.WalkResult.INTERRUPT
            return _ir.WalkResult.ADVANCE
        for f in self.funcs:
            f.walk(visit)
        return bool(found)

    def signature(self, name):
        f = self._sigs.get(name)
        if f is None:
            return None
        return list(f.attributes["function_type"].value.inputs)

    def _function(self, f):
        p = FunctionPrinter(self, f)
        try:
            lines = p.print()
        except Unprintable as e:
            if e.op is None:
                e.op = f
            if not self.partial:
                raise
            self.unprintable += 1
            name = str(f.attributes["sym_name"].value)
            text = f.get_asm(enable_debug_info=False).splitlines()
            return [f"# no script spelling ({e}): function '{name}'",
                    f"T.unprintable({name!r})"] + [f"#   {t}" for t in text]
        self.unprintable += p.unprintable
        return lines

    def _pyfunc(self, op):
        src = str(op.attributes["source"].value)
        lines = src.rstrip("\n").split("\n")
        return ["@I.pyfunc"] + lines

    def _module_attrs(self):
        items = []
        for na in self.op.attributes:
            text = _target_text(na.attr) if na.name == "tirx.target" else None
            if text is None:
                text = f"T.mlir_attr({str(na.attr)!r})"
            items.append(f"{na.name!r}: {text}")
        return ["I.module_attrs({" + ", ".join(items) + "})"] if items else []

    def lines(self):
        head = ["from tirx.script import tirx as T"]
        if self.as_class:
            head.append("from tirx.script import ir as I")
        out = []
        for op in self.others:
            text = op.get_asm(enable_debug_info=False).splitlines()[0]
            if not self.partial:
                raise Unprintable(f"'{op.name}' at the top level of the module has "
                                  "no script spelling", op=op)
            self.unprintable += 1
            out.append(f"# no script spelling: {text}")
            out.append(f"T.unprintable({op.name!r})")
        blocks = []
        for op in self.items:
            if op.name == "func.func":
                blocks.append(self._function(op))
            elif op.name == "tirx.py_func":
                blocks.append(self._pyfunc(op))
        text = [line for f in blocks for line in f]
        if any("PointerType(" in line for line in text):
            head.append("from tirx.script import PointerType, PrimType")
        if any("Tx." in line for line in text):
            head.append("from tirx.script import tile as Tx")
        if self.as_class:
            out.append("@I.ir_module")
            out.append(f"class {self.class_name}:")
            attrs = self._module_attrs()
            out.extend("    " + line for line in attrs)
            for i, f in enumerate(blocks):
                if i or attrs:
                    out.append("")
                out.extend("    " + line if line else "" for line in f)
            if not blocks and not attrs:
                out.append("    pass")
        else:
            for f in blocks:
                out.extend(f)
        return head + out
