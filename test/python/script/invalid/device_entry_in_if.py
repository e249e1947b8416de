from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n: T.int32):
    if n > 0:
        T.device_entry()  # error: must start at the top level of the function body
