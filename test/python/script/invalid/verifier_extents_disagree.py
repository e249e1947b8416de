from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    ty = T.thread_id([64])  # error: extents [64] disagree with an earlier 'tirx.thread_id' with extents [32]
