from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((32,), "uint64")):
    T.device_entry()
    tx = T.thread_id([32])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    T.ptx.mapa.u64(out[0] + T.uint64(1), bar.ptr_to([0]), T.uint32(1))  # error: the destination result must be buffer elements or scalar variables
