from tirx.script import tirx as T


@T.prim_func(private=True)
def k(out: T.Buffer((4,), "int32")):
    T.func_attr({"global_symbol": "k"})  # error: a private function (@T.prim_func(private=True)) has no public symbol
