"""The ``Tx`` namespace (tile primitives): ``from tirx.script import tile as Tx``.

Tile primitives (``Tx.copy``, ``Tx.gemm_async``, ...) with layouts and
dispatch are not part of the dialect yet. The namespace imports, so kernels
that use it parse up to the first use, which is a located error.
"""

from ._builder import UserError

__all__ = []


class _Scope:
    def __init__(self, prefix):
        self._prefix = prefix

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        if name in ("warp", "wg", "warpgroup", "cta", "cluster", "thread"):
            return _Scope(f"{self._prefix}.{name}")
        return _Unsupported(f"{self._prefix}.{name}")


class _Unsupported:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        raise UserError(f"{self.name} is a tile primitive; tile primitives "
                        "(layouts and dispatch) are not supported yet")

    def __repr__(self):
        return f"<unsupported tile primitive {self.name}>"


def __getattr__(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(name)
    return getattr(_Scope("Tx"), name)
