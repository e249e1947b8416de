from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int64"), x: T.float32):
    T.device_entry()
    tx = T.thread_id([4])
    out[tx] = T.reinterpret("int64", x)  # error: T.reinterpret needs types of the same width
