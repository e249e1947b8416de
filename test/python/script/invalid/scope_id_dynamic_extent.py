from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([n])  # error: scope-id extents must be Python integers
