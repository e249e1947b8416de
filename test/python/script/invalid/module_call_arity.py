from tirx.script import ir as I
from tirx.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func
    def main(out: T.Buffer((4,), "int32")):
        x: T.let = Module.add(1)  # error: 'add' takes 2 argument(s), got 1

    @T.prim_func(private=True)
    def add(a: T.int32, b: T.int32) -> T.int32:
        return a + b
