from tirx.script import tirx as T


@T.macro
def squared(x):
    return x * x


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    out[tx] = squared(tx, 2)  # error: squared(): too many positional arguments
