from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    T.ptx.fence(sem="strong", scope="gpu")  # error: 'sem' must be one of acq_rel, acquire, release, sc, got 'strong'
