# compile: sm_100a
from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([128])
    T.ptx.wgmma.fence()  # error: requires sm_90a
