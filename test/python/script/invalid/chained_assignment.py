from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    a = b = tx  # error: chained assignments like 'a = b = c' are not supported
