from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    T.ptx.mbarrier.init(bar.ptr_to([0]))  # error: tirx.ptx.mbarrier.init needs the operand 'count'
