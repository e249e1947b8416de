from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n):  # error: parameter 'n' needs a type annotation
    T.evaluate(0)
