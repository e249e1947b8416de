"""``T.example``: script helpers of the example backend. They run while a
kernel is parsed and build IR with the ordinary script operators."""

__all__ = ["axpy", "clamp"]


def axpy(a, x, y):
    """``a * x + y``."""
    return a * x + y


def clamp(x, lo, hi):
    """`x` limited to ``[lo, hi]``."""
    from tirx.script import tirx as T
    return T.min(T.max(x, lo), hi)
