from tirx.script import tile as Tx
from tirx.script import tirx as T


@T.prim_func
def k(out: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    reg = T.alloc_local([4], "int32")
    Tx.copy(out[0:4], reg[:])  # error: Tx.copy is a tile primitive
