from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    bar = T.alloc_buffer([1], "float32", scope="shared")
    T.ptx.mbarrier.init(bar.ptr_to([0]), 1)  # error: must be pointer to a 64-bit mbarrier in shared, shared.dyn or generic memory
