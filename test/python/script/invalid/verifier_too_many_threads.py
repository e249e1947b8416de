from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([2048])  # error: a CTA has at most 1024 threads, got 2048
