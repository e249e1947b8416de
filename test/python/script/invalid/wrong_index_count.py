from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    out[tx, 0] = 1  # error: buffer 'out' has 1 dimension(s), indexed with 2 index(es)
