from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    out[tx] = undefined_value  # error: name 'undefined_value' is not defined
