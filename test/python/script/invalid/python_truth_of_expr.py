from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    if bool(tx):  # error: a TIRx expression has no Python truth value
        out[tx] = 1
