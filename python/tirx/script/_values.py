"""The parse-time values of a script that are not IR values: mutable
scalars (``x = 0`` / ``x: T.int32``), the element a ``T.local_scalar``
returns, and ``T.meta_var`` values (Python values bound as they are).
The parser binds names to them; the builders of the ``T`` namespace
return them."""

from ._builder import UserError
from ._expr import BufferLoad, Expr
from ._types import PrimType

__all__ = ["Scalar", "ScalarLoad", "ScalarRef", "MetaVar", "meta_var"]


class Scalar:
    """A mutable scalar variable: a one-element buffer read as ``buf[0]``.
    `literal` is the Python number that declared it (``acc = 0``), if any."""

    __slots__ = ("buffer", "literal")

    def __init__(self, buffer, literal=None):
        self.buffer = buffer
        self.literal = literal

    def load(self):
        return ScalarLoad(self.buffer, [0] if self.buffer.shape else [])

    def store(self, value):
        try:
            self.buffer._store([0] if self.buffer.shape else [], value)
        except UserError:
            hint = self._hint(value)
            if hint is None:
                raise
            raise UserError(hint) from None

    def _hint(self, value):
        """What to write when a value of another type is stored into a
        variable a Python number declared (``acc = 0``, then a float)."""
        lit = self.literal
        t = self.buffer.dtype
        if lit is None or isinstance(lit, bool):
            return None
        vt = value.ty if isinstance(value, Expr) else None
        if not isinstance(vt, PrimType):
            return None
        name = self.buffer.name
        if isinstance(lit, int) and vt.is_float and not t.is_float:
            return (f"'{name}' is an {t} variable: `{name} = {lit}` declared it "
                    f"with an integer, and a {vt} value cannot be stored into "
                    f"it; declare it as a float ({name} = {float(lit)!r}, or "
                    f"{name}: T.{vt} = {lit})")
        if vt.is_float and t.is_float and vt.bits != t.bits:
            return (f"'{name}' is a {t} variable (`{name} = {lit!r}` declared it "
                    f"with a Python float), and a {vt} value cannot be stored "
                    f"into it; declare it with its type ({name}: T.{vt} = "
                    f"{lit!r}) or convert the value (T.{t}(value))")
        return None


class ScalarLoad(BufferLoad):
    """The value of a mutable scalar variable where its name is used. As an
    operand it is that value (as the printer writes it), never the address
    of the variable's storage: ``T.address_of(x)`` spells that."""

    __slots__ = ()


class ScalarRef(BufferLoad):
    """What ``T.local_scalar(...)`` and friends return: the element of a
    one-element buffer; assigned to a name it becomes a :class:`Scalar`."""

    __slots__ = ()


class MetaVar:
    """``T.meta_var(v)``: a Python value bound to a name as is."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


def meta_var(value):
    """A parse-time Python value: ``x = T.meta_var(v)`` binds `x` to `v`."""
    return MetaVar(value)
