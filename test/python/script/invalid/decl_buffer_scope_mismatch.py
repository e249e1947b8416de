from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    s = T.alloc_buffer([8], "int32", scope="shared")
    v = T.decl_buffer([8], "int32", data=s.data, scope="local")  # error: decl_buffer scope 'local' differs from the scope 'shared'
