from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32"), n: T.int32):
    T.device_entry()
    tx = T.thread_id([4])
    view = T.decl_buffer([4], "int32", data=n)  # error: decl_buffer(data=...) needs a pointer, got int32
