from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    tmp = T.alloc_local([4], "float42")  # error: unknown data type 'float42'
