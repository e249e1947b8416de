from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n: T.int32):
    m = n * 2
    T.device_entry()
    tx = T.thread_id([4])
    out[tx] = m  # error: uses a value of type '!tirx.buffer<1xi32, local>' from outside its 'tirx.kernel'
