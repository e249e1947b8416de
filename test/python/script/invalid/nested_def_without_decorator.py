from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])

    def helper(x):  # error: must be decorated with @T.inline or @T.macro
        return x
