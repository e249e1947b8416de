from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    tx = T.thread_id([4])  # error: T.thread_id is only valid in device code, after T.device_entry()
