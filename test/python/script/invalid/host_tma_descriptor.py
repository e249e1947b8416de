from tirx.script import tirx as T


@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.device_entry()
    T.ptx.prefetch.tensormap(T.address_of(A_map))  # error: the TMA descriptor is used before T.call_packed("runtime.cuTensorMapEncodeTiled", ...) builds it
