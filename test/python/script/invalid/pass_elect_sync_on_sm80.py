# compile: sm_80
from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    if T.cuda.elect_sync():  # error: requires sm_90
        out[tx] = 1
