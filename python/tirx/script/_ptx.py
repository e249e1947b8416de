"""``T.ptx``: every ``tirx.ptx`` op, in two spellings.

* Canonical: the op's mnemonic, operands positionally then attributes
  (the form a printer emits): ``T.ptx.mapa(addr, rank)``,
  ``T.ptx.mbarrier.arrive(bar, sem="release", scope="cluster")``. Built
  from the ODS metadata: a new op needs no code here.
* The original's PTX spelling: an attribute chain
  (``T.ptx.mbarrier.init.shared.b64(bar, n)``, with ``async_`` -> ``async``
  and ``shared__cta`` -> ``shared::cta``) or a string
  (``T.ptx["cp.async.bulk.commit_group"]()``). Destinations are lvalue
  arguments (``T.ptx.mapa.u64(dst, ptr, rank)`` stores the result into
  ``dst``), ``pred=`` predicates the call. The mapping from PTX text to op,
  attributes and operand order is the table ``tirx.ptxtable``.

``T.ptx.map_shared_rank(ptr, rank)`` (the seed's spelling) returns the raw
64-bit address of `ptr` in the CTA of rank `rank` (PTX ``mapa.u64``).
"""

from .._ods import OPS
from ._builder import UserError
from ._buffer import Buffer
from ._expr import Expr, as_expr, cast, reinterpret
from ._opbuild import build
# The operand wrappers and pred= are shared with the PTX spelling.
from ._ptxcall import Addr, Pred, _predicated, accepts, call_variant
from ._types import PointerType, PrimType

__all__ = ["ptx"]

_PREFIX = "tirx.ptx."


def unescape(token):
    """A Python attribute token as PTX text: ``async_`` -> ``async``,
    ``shared__cta`` -> ``shared::cta``."""
    if token.endswith("_") and not token.endswith("__"):
        token = token[:-1]
    return token.replace("__", "::")


def _ptxtable():
    try:
        from .. import ptxtable  # the PTX table of the dialect
    except ImportError:
        return None
    return ptxtable


def resolve(text):
    """What `text` names: ("op", op name) for the canonical spelling,
    ("map_shared_rank",), ("table", [variant, ...]) for the PTX spelling (one variant per op that
    expresses it), or None."""
    canonical = _PREFIX + text
    if canonical in OPS:
        return ("op", canonical)
    if text == "map_shared_rank":
        return ("map_shared_rank",)
    table = _ptxtable()
    variants = table.lookup_all(text) if table is not None else []
    if not variants and table is not None and ".shared::cta.global" in text \
            and text.startswith("cp.async.bulk.tensor."):
        # The shared::cta destination form of a TMA load (PTX ISA 8.6) writes
        # the executing CTA's shared memory: the shared::cluster form with
        # that CTA's address, which is the op the table has.
        variants = table.lookup_all(text.replace(".shared::cta.global",
                                                 ".shared::cluster.global", 1))
    return ("table", variants) if variants else None


def dispatch(text, args, kwargs):
    """Calls the PTX instruction or op spelled `text`."""
    what = resolve(text)
    if what is None:
        if _ptxtable() is None:
            raise UserError(
                f"unknown PTX instruction '{text}': the original's PTX spelling "
                "needs the table tirx.ptxtable, which this build does not "
                "have; the canonical form T.ptx.<op mnemonic>(...) names the "
                "tirx.ptx ops")
        raise UserError(f"unknown PTX instruction '{text}'{_did_you_mean(text)}")
    if what[0] == "op":
        return _canonical(what[1], args, kwargs)
    if what[0] == "map_shared_rank":
        return map_shared_rank(*args, **kwargs)
    # Where several ops express the text (setp and setp.pq; mov and its
    # pack and unpack forms), the arguments choose: the op whose operand
    # slots take them. Arguments that fit two ops are an error, not a guess.
    variants = what[1]
    fits = [v for v in variants if accepts(v, text, args, kwargs)]
    if len(fits) > 1:
        names = ", ".join(f"T.ptx.{v.op[len(_PREFIX):]}(...)" for v in fits)
        raise UserError(f"'{text}' with these {len(args)} arguments is the "
                        f"instruction of more than one op; spell the op: {names}")
    return call_variant(fits[0] if fits else variants[0], text, args, kwargs)


def _did_you_mean(text):
    """`; did you mean 'mma.sync'?` for a near miss among the op mnemonics
    (the canonical spelling) and the instruction names of the PTX table."""
    import difflib
    names = sorted({n[len(_PREFIX):] for n in OPS if n.startswith(_PREFIX)})
    table = _ptxtable()
    heads = set()
    if table is not None:
        try:
            for op in table._ops():
                for g in op.groups:
                    h = table._head(g.text)
                    if h:
                        heads.add(h)
        except Exception:  # noqa: BLE001 - suggestions are best effort
            pass
    # a mnemonic that the text starts (mma -> mma.sync, mma.sp)
    longer = [n for n in names if n.startswith(text + ".")]
    picks = longer[:3] or difflib.get_close_matches(text, names + sorted(heads), 3, 0.6)
    if not picks:
        return ""
    return "; did you mean " + " or ".join(f"'{p}'" for p in picks) + "?"


def _canonical(name, args, kwargs):
    kwargs = dict(kwargs)
    pred = kwargs.pop("pred", None)
    args = [a.value if isinstance(a, Pred) else (a.resolve() if isinstance(a, Addr) else a)
            for a in args]
    if pred is None:
        return build(name, args, kwargs)
    return _predicated(pred, lambda: build(name, args, kwargs))


def map_shared_rank(ptr, rank):
    """The 64-bit address of `ptr` (a shared pointer) in the CTA of the
    cluster with rank `rank` (PTX ``mapa.u64``); give it a type with
    ``T.reinterpret(PointerType(...), addr)``."""
    p = as_expr(ptr.data if isinstance(ptr, Buffer) else ptr)
    if isinstance(p.ty, PointerType):
        p = reinterpret(PrimType("int64"), p)
    raw = build(_PREFIX + "mapa", [p, cast(rank, "int32")])
    return Expr(raw.materialize(), PrimType("uint64"))


class _Chain:
    """``T.ptx.a.b.c``: a dotted PTX spelling being built."""

    __slots__ = ("_tokens",)

    def __init__(self, tokens):
        self._tokens = tokens

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _Chain(self._tokens + (unescape(name),))

    def __call__(self, *args, **kwargs):
        return dispatch(".".join(self._tokens), args, kwargs)

    def __repr__(self):
        return f"T.ptx.{'.'.join(self._tokens)}"


class _PTXNamespace:
    """``T.ptx``."""

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _Chain((unescape(name),))

    def __getitem__(self, text):
        if not isinstance(text, str):
            raise UserError("T.ptx[...] takes the PTX instruction as a string")
        return _Chain((text,))

    def __dir__(self):
        return sorted({n[len(_PREFIX):].split(".")[0] for n in OPS
                       if n.startswith(_PREFIX)} | {"pred", "addr", "map_shared_rank"})

    @staticmethod
    def pred(x):
        """A ``.pred`` operand."""
        return Pred(x)

    @staticmethod
    def addr(base, imm):
        """``[base + imm]``: an address with an immediate byte offset."""
        return Addr(base, imm)

    map_shared_rank = staticmethod(map_shared_rank)


ptx = _PTXNamespace()
