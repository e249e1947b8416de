"""A module as script: one ``@T.prim_func``, or an ``@I.ir_module`` class
when it has several functions or calls between them."""

from ... import ir as _ir
from ._function import FunctionPrinter
from ._types import Unprintable

__all__ = ["ModulePrinter"]


class ModulePrinter:
    def __init__(self, module_op, class_name=None):
        self.op = module_op
        self.class_name = class_name or "Module"
        body = module_op.regions[0].blocks[0]
        self.funcs = [op for op in body.operations if op.name == "func.func"]
        self.others = [op for op in body.operations if op.name != "func.func"]
        self._sigs = {str(f.attributes["sym_name"].value): f for f in self.funcs}
        self.as_class = class_name is not None or len(self.funcs) != 1 or self._has_calls()
        self.unprintable = 0

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
            self.unprintable += 1
            name = str(f.attributes["sym_name"].value)
            text = f.get_asm(enable_debug_info=False).splitlines()
            return [f"# no script spelling ({e}): function '{name}'"] + \
                [f"#   {t}" for t in text]
        self.unprintable += p.unprintable
        return lines

    def lines(self):
        head = ["from tirx.script import tirx as T"]
        if self.as_class:
            head.append("from tirx.script import ir as I")
        out = []
        for na in self.op.attributes:
            if na.name == "sym_name":
                continue
            self.unprintable += 1
            out.append(f"# no script spelling: the module attribute {na.name} = {na.attr}")
        for op in self.others:
            self.unprintable += 1
            text = op.get_asm(enable_debug_info=False).splitlines()[0]
            out.append(f"# no script spelling: {text}")
        funcs = [self._function(f) for f in self.funcs]
        if any("PointerType(" in line for f in funcs for line in f):
            head.append("from tirx.script import PointerType, PrimType")
        if self.as_class:
            out.append("@I.ir_module")
            out.append(f"class {self.class_name}:")
            for i, f in enumerate(funcs):
                if i:
                    out.append("")
                out.extend("    " + line if line else "" for line in f)
            if not funcs:
                out.append("    pass")
        else:
            for f in funcs:
                out.extend(f)
        return head + out
