"""The kinds of the ``tirx.tile`` unary, binary and reduce ops: a
primitive's name and the ``kind`` attribute of the op it builds. ``Tx``
(tile.py) builds with these tables and the printer (printer/_tile.py)
reads them back."""

__all__ = ["_UNARY", "_BINARY", "_REDUCE"]

_UNARY = ["neg", "abs", "exp", "exp2", "log", "log2", "sqrt", "rsqrt",
          "reciprocal", "tanh", "silu", "relu"]
_BINARY = {"add": 0, "sub": 1, "mul": 2, "fdiv": 3, "div": 3, "maximum": 4,
           "minimum": 5, "max": 4, "min": 5}
_REDUCE = {"sum": 0, "max": 1, "min": 2}
