from tirx.script import tirx as T


@T.prim_func(private=True)
def k(a: T.int32) -> T.int32:  # error: function 'k' must end with 'return <int32>'
    b = a + 1
