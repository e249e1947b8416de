from tirx.script import tirx as T


@T.macro
def store_half(buf, i):
    buf[i] = T.float16(1)  # error: cannot store a float16 value into buffer 'out' of int32


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    store_half(out, tx)
