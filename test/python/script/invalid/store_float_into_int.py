from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), x: T.float32):
    T.device_entry()
    tx = T.thread_id([4])
    out[tx] = x * 2.0  # error: cannot store a float32 value into buffer 'out' of int32
