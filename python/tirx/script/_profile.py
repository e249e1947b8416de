"""``T.profile``: trace ranges and marks inside a kernel.

    with T.profile.range("mma"):          # tirx.profile.range_begin/range_end
        ...
    T.profile.mark("tma_issued")          # tirx.profile.mark

They record only when the kernel is traced (``tirx.profile(..., trace=True)``
on the GPU, ``tirx.sim.run(..., trace=path)`` in the simulator); every
other compile drops them. By default one lane of each warp records;
``leader=cond`` makes the threads where `cond` holds record instead.

The original TIRx spellings map onto the same ops: ``T.cuda.timer_start``
/ ``timer_end`` / ``timer_finalize`` (the event enum's name names the
range; the profiler buffer, tag and offset arguments are accepted and not
written: the events go to tirx.profile's trace), ``T.cuda.timer_init``
(nothing to emit), and the IKET annotations ``T.cuda.iket.range_push`` /
``range_pop`` / ``mark``.
"""

import enum
import json
import warnings

from ._builder import UserError, current
from ._expr import as_expr
from ._types import PrimType
from . import _cuda

__all__ = ["profile"]


def _require_kernel(what):
    b = current()
    if b.kernel is None:
        raise UserError(f"{what} records from device code: use it after "
                        "T.device_entry()")
    return b


def _name_of(name, what):
    if isinstance(name, enum.Enum):
        return name.name
    if isinstance(name, str):
        return name
    if isinstance(name, int) and not isinstance(name, bool):
        return f"event {name}"
    raise UserError(f"{what} takes the event's name (a string or an enum "
                    f"member), got {type(name).__name__} {name!r}")


def _leader(leader, what):
    """None (the warp's elected lane), False (nothing recorded) or an i1."""
    if leader is None or leader is True:
        return None
    if leader is False:
        return False
    e = as_expr(leader)
    if not (isinstance(e.ty, PrimType) and e.ty.is_bool and e.ty.lanes == 1):
        raise UserError(f"{what}: leader must be a boolean condition, got {e.ty}")
    return e.materialize()


def _emit(opname, name, leader, what, loc=None):
    b = _require_kernel(what)
    pred = _leader(leader, what)
    if pred is False:
        return None
    attrs = {} if name is None else {"name": b.str_attr(name)}
    return b.create(opname, operands=[] if pred is None else [pred],
                    attrs=attrs, loc=loc)


class _Range:
    """``with T.profile.range(name):`` -- a range_begin here, the matching
    range_end where the block ends."""

    def __init__(self, name, leader):
        self.name = _name_of(name, "T.profile.range")
        self.leader = leader

    def __enter__(self):
        b = _require_kernel("T.profile.range")
        self.loc = b.loc()
        self.frame = b.frame
        self.begin = _emit("tirx.profile.range_begin", self.name, self.leader,
                           "T.profile.range", self.loc)
        return None

    def _skips_end(self):
        """A break or continue in the body that leaves a loop around the
        range (the end would not run)."""
        block = self.frame.block
        owner = block.owner
        after = False
        exits = []
        for op in block.operations:
            if self.begin is not None and op == self.begin:
                after = True
                continue
            if after or self.begin is None:
                op.walk(lambda o: exits.append(o)
                        if o.name in ("tirx.break", "tirx.continue") else None)
        for e in exits:
            p = e.parent
            while p is not None and p != owner and \
                    p.name not in ("tirx.for", "tirx.while"):
                p = p.parent
            if p is None or p == owner:
                return e.name.split(".")[1]
        return None

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None:
            return False
        b = current()
        word = "return" if (b.frame is self.frame and b.frame.terminated and
                            not self._skips_end()) else self._skips_end()
        if word:
            raise UserError(f"a '{word}' inside `with T.profile.range("
                            f"{self.name!r})` would skip the end of the range; "
                            f"end the range before it")
        _emit("tirx.profile.range_end", self.name, self.leader,
              "T.profile.range", self.loc)
        return False


class _ProfileNamespace:
    """``T.profile``."""

    @staticmethod
    def range(name, leader=None):
        """A trace range around a ``with`` block."""
        return _Range(name, leader)

    @staticmethod
    def mark(name, leader=None):
        """An instant in the trace."""
        _emit("tirx.profile.mark", _name_of(name, "T.profile.mark"), leader,
              "T.profile.mark")

    @staticmethod
    def range_begin(name, leader=None):
        """Opens a range (closed by ``range_end``), for ranges that do not
        follow a block."""
        _emit("tirx.profile.range_begin",
              _name_of(name, "T.profile.range_begin"), leader,
              "T.profile.range_begin")

    @staticmethod
    def range_end(name=None, leader=None):
        """Closes the innermost open range (checked against `name` when
        given)."""
        _emit("tirx.profile.range_end",
              None if name is None else _name_of(name, "T.profile.range_end"),
              leader, "T.profile.range_end")

    def __getattr__(self, name):
        raise AttributeError(f"T.profile has no '{name}' (it has range, mark, "
                             "range_begin, range_end)")


profile = _ProfileNamespace()


# ---------------------------------------------------------------------------
# The original's spellings
# ---------------------------------------------------------------------------

_warned = False


def _buffer_args_note():
    global _warned
    if not _warned:
        _warned = True
        warnings.warn("T.cuda.timer_* record into the trace of "
                      "tirx.profile(..., trace=True) (and tirx.sim.run(..., "
                      "trace=...)); the profiler buffer, tag and offset "
                      "arguments are not written", UserWarning, stacklevel=4)


def timer_init(profiler_buffer, profiler_tag, profiler_write_offset,
               num_groups, group_id):
    """``T.cuda.timer_init``: the trace buffer is set up by the compiler."""
    _require_kernel("T.cuda.timer_init")
    _buffer_args_note()


def timer_start(event_type, profiler_buffer, profiler_tag,
                profiler_write_offset, profiler_write_stride, leader_cond):
    """``T.cuda.timer_start(event, ...)``: opens the range named by the
    event enum member."""
    _buffer_args_note()
    _emit("tirx.profile.range_begin", _name_of(event_type, "T.cuda.timer_start"),
          leader_cond, "T.cuda.timer_start")


def timer_end(event_type, profiler_buffer, profiler_tag,
              profiler_write_offset, profiler_write_stride, leader_cond):
    """``T.cuda.timer_end(event, ...)``: closes the event's range."""
    _buffer_args_note()
    _emit("tirx.profile.range_end", _name_of(event_type, "T.cuda.timer_end"),
          leader_cond, "T.cuda.timer_end")


def timer_finalize(profiler_buffer, profiler_tag, profiler_write_offset,
                   profiler_write_stride, leader_cond):
    """``T.cuda.timer_finalize``: a "finalize" mark."""
    _buffer_args_note()
    _emit("tirx.profile.mark", "finalize", leader_cond, "T.cuda.timer_finalize")


class _Iket:
    """``T.cuda.iket``: NVIDIA IKET's annotations, as trace ranges."""

    @staticmethod
    def _no_payload(payload, what):
        if payload is not None:
            raise UserError(f"{what}: TIRx traces record no payload; drop it")

    def mark(self, name, payload=None):
        self._no_payload(payload, "T.cuda.iket.mark")
        _emit("tirx.profile.mark", _name_of(name, "T.cuda.iket.mark"), None,
              "T.cuda.iket.mark")

    def range_push(self, name, payload=None):
        self._no_payload(payload, "T.cuda.iket.range_push")
        _emit("tirx.profile.range_begin",
              _name_of(name, "T.cuda.iket.range_push"), None,
              "T.cuda.iket.range_push")

    def range_pop(self):
        _emit("tirx.profile.range_end", None, None, "T.cuda.iket.range_pop")

    def _unsupported(self, what):
        raise UserError(f"T.cuda.iket.{what} has no TIRx trace form (ranges "
                        "nest per warp: use range_push / range_pop or `with "
                        "T.profile.range(...)`)")

    def range_start(self, name, payload=None):
        self._unsupported("range_start")

    def range_end(self, token, payload=None):
        self._unsupported("range_end")

    def sentinel_token(self, name):
        self._unsupported("sentinel_token")

    def official_event(self, *args, **kwargs):
        self._unsupported("official_event")


for _n, _f in (("timer_init", timer_init), ("timer_start", timer_start),
               ("timer_end", timer_end), ("timer_finalize", timer_finalize)):
    setattr(_cuda._CudaNamespace, _n, staticmethod(_f))
_cuda._CudaNamespace.iket = _Iket()


# ---------------------------------------------------------------------------
# Printing back
# ---------------------------------------------------------------------------

def _spell(fn):
    def spell(op, operands):
        args = []
        if "name" in op.attributes:
            args.append(json.dumps(str(op.attributes["name"].value)))
        if operands:
            args.append("leader=" + operands[0])
        return "T.profile.%s(%s)" % (fn, ", ".join(args))
    return spell


def _register_printers():
    from .printer._registry import register_op_printer
    register_op_printer("tirx.profile.range_begin", _spell("range_begin"))
    register_op_printer("tirx.profile.range_end", _spell("range_end"))
    register_op_printer("tirx.profile.mark", _spell("mark"))


_register_printers()
