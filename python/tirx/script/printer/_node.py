"""Printed expressions: text, precedence, script type, and the ops with
memory effects (loads, PTX instructions, calls) the parser creates when it
evaluates the text.

The parser evaluates an expression in two steps: *evaluation* creates the
ops of everything that is not a lazy buffer element, and *materialization*
-- when a consumer takes the value -- creates the load of a lazy ``A[i]``
(or of a scalar variable). ``ev`` and ``mat`` are the effectful ops of the
two steps, in the order the parser creates them; the printer checks them
against the IR's order of statements.
"""

__all__ = ["Node", "BufferInfo", "ATOM", "POWER", "UNARY", "MUL", "ADD", "SHIFT",
           "BITAND", "BITXOR", "BITOR", "CMP", "NOT", "AND", "OR", "NO_LITERAL"]

# Python's operator precedence, loosest last.
ATOM = 100
POWER = 95
UNARY = 90
MUL = 80
ADD = 70
SHIFT = 60
BITAND = 50
BITXOR = 40
BITOR = 30
CMP = 20
NOT = 15
AND = 10
OR = 5

NO_LITERAL = object()


class Node:
    """A printed expression.

    text: the Python expression; prec: its precedence; stype: its script
    type (a ``PrimType``, ``PointerType``, ...); ev / mat: effectful ops of
    evaluation / materialization; lit: the Python number of a constant
    (``NO_LITERAL`` otherwise) -- a constant prints bare where its consumer
    gives it the right type (``x + 1``) and typed elsewhere (``T.int64(1)``).
    """

    __slots__ = ("text", "prec", "stype", "ev", "mat", "lit")

    def __init__(self, text, prec=ATOM, stype=None, ev=(), mat=(),
                 lit=NO_LITERAL):
        self.text = text
        self.prec = prec
        self.stype = stype
        self.ev = tuple(ev)
        self.mat = tuple(mat)
        self.lit = lit

    @property
    def is_literal(self):
        return self.lit is not NO_LITERAL

    @property
    def effects(self):
        """Evaluation then materialization: the node consumed at once."""
        return self.ev + self.mat

    def paren(self, prec):
        """The text, parenthesized unless it binds at least as tightly as
        `prec`."""
        return self.text if self.prec >= prec else f"({self.text})"

    def __repr__(self):
        return f"<Node {self.text}: {self.stype}>"


class BufferInfo:
    """How a buffer value is written: its name (or the expression of an
    inlined op producing it, whose Node is `node`)."""

    __slots__ = ("name", "node")

    def __init__(self, name, node=None):
        self.name = name
        self.node = node
