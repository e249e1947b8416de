from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((32,), "int32")):
    T.ptx.fence.proxy.async_()  # error: 'tirx.ptx.fence.proxy.async' is a device instruction in the host part
    T.device_entry()
    tx = T.thread_id([32])
    out[tx] = 1
