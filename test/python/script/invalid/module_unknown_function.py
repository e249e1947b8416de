from tirx.script import ir as I
from tirx.script import tirx as T


@I.ir_module
class Module:
    @T.prim_func
    def main(out: T.Buffer((4,), "int32")):
        x: T.let = cls.missing(1)  # error: module 'Module' has no function 'missing'
