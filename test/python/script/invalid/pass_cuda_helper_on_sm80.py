# compile: sm_80
from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    bar = T.shared_scalar("uint64")
    T.cuda.mbarrier_wait(T.address_of(bar), 0)  # error: requires sm_90 or newer, but the module targets sm_80
