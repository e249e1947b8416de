from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n: 5):  # error: the annotation of parameter 'n' must be
    T.evaluate(0)
