from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    for i in range(4):
        return  # error: 'return' is only supported at the end of a function
