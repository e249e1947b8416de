from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    T.thread_id([4])
    s = T.alloc_buffer([8], "float32", scope="shared")
    p = s.ptr_to([0])
    p = s.ptr_to([4])  # error: Pointer variable 'p' cannot be reassigned
