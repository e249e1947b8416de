from tirx.script import tirx as T


@T.prim_func
def k(A: T.Buffer((4,), "float32")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)  # error: host-side TMA descriptor creation
    T.device_entry()
