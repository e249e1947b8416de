from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([4])
    v: T.f32[4] = 0.0  # error: a vector annotation (x: T.f32[N]) takes no initial value
