from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    bar = T.shared_scalar("uint64")
    T.ptx.mbarrier.init.shared.b64(T.address_of(bar))  # error: 'mbarrier.init.shared.b64' takes 2 argument(s) (bar, count); got 1
