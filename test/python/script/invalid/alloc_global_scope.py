from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    tmp = T.alloc_buffer([4], "int32")  # error: T.alloc_buffer cannot allocate in 'global' scope
