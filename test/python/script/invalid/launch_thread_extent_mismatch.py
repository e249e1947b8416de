from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    tx = T.launch_thread("threadIdx.x", 4)
    ty = T.launch_thread("threadIdx.x", 8)  # error: 'threadIdx.x' was launched with extent 4 before, now 8
