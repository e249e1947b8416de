"""``T.nvshmem``: NVSHMEM device calls (the original TIRx's namespace).

Each call becomes a ``func.call`` of the NVSHMEM device function (a private
declaration marked ``tirx.nvshmem``). A kernel that makes one compiles only
when NVSHMEM is linked: ``tirx.compile(..., nvshmem=True)`` keeps the calls
for the device linker (``libnvshmem_device``); without it the compile fails
at the call's line ("needs NVSHMEM"). Pointers are generic addresses of the
symmetric heap; ``sig_op`` is ``"set"``/``"add"`` and ``cmp`` one of
``"eq"``, ``"ne"``, ``"gt"``, ``"ge"``, ``"lt"``, ``"le"`` (the original's
encodings), or their integers.
"""

from .. import ir as _ir
from ._builder import UserError, current
from ._buffer import Buffer
from ._expr import Expr, as_expr, cast
from ._types import PointerType, PrimType

__all__ = ["nvshmem", "NVSHMEM_FUNCTIONS"]

_SIG_OP = {"set": 0, "add": 1}
_CMP = {"eq": 0, "ne": 1, "gt": 2, "ge": 3, "lt": 4, "le": 5}

_PTR = "!tirx.ptr<none, generic>"
# C name -> (script path, parameter kinds, result)
NVSHMEM_FUNCTIONS = {
    "nvshmem_my_pe": ("my_pe", [], "i32"),
    "nvshmem_n_pes": ("n_pes", [], "i32"),
    "nvshmem_quiet": ("quiet", [], None),
    "nvshmem_fence": ("fence", [], None),
    "nvshmem_barrier_all": ("barrier_all", [], None),
    "nvshmem_getmem_nbi": ("getmem_nbi", ["ptr", "ptr", "size", "pe"], None),
    "nvshmem_putmem_nbi": ("putmem_nbi", ["ptr", "ptr", "size", "pe"], None),
    "nvshmemx_getmem_nbi_warp": ("getmem_nbi.warp", ["ptr", "ptr", "size", "pe"], None),
    "nvshmemx_putmem_nbi_warp": ("putmem_nbi.warp", ["ptr", "ptr", "size", "pe"], None),
    "nvshmemx_getmem_nbi_block": ("getmem_nbi.block", ["ptr", "ptr", "size", "pe"], None),
    "nvshmemx_putmem_nbi_block": ("putmem_nbi.block", ["ptr", "ptr", "size", "pe"], None),
    "nvshmemx_signal_op": ("signal_op", ["ptr", "u64", "sig_op", "pe"], None),
    "nvshmem_uint64_wait_until": ("wait_until", ["ptr", "cmp", "u64"], None),
    "nvshmem_putmem_signal_nbi": ("putmem_signal_nbi",
                                  ["ptr", "ptr", "size", "ptr", "u64", "sig_op", "pe"], None),
    "nvshmemx_putmem_signal_nbi_warp": ("putmem_signal_nbi.warp",
                                        ["ptr", "ptr", "size", "ptr", "u64", "sig_op", "pe"],
                                        None),
    "nvshmemx_putmem_signal_nbi_block": ("putmem_signal_nbi.block",
                                         ["ptr", "ptr", "size", "ptr", "u64", "sig_op", "pe"],
                                         None),
}
_MLIR = {"ptr": _PTR, "size": "i64", "pe": "i32", "u64": "i64", "sig_op": "i32",
         "cmp": "i32"}


def _declare(b, cname, params, result):
    """The private declaration of `cname` in the module being built."""
    module = b.module_op
    if module is None:
        raise UserError("T.nvshmem calls are made in a function of a module")
    body = module.body
    for op in body.operations:
        if op.name == "func.func" and str(op.attributes["sym_name"].value) == cname:
            return
    ins = ", ".join(_MLIR[p] for p in params)
    outs = result or ""
    ftype = _ir.TypeAttr.get(b.type(f"({ins}) -> ({outs})"))
    attrs = {"sym_name": b.str_attr(cname), "function_type": ftype,
             "sym_visibility": b.str_attr("private"),
             "tirx.nvshmem": _ir.UnitAttr.get(b.ctx)}
    # after the NVSHMEM declarations made so far (in call order), before the
    # functions
    ops = list(body.operations)
    decls = [op for op in ops if op.name == "func.func" and "tirx.nvshmem" in op.attributes]
    if decls:
        k = next(i for i, op in enumerate(ops) if op == decls[-1]) + 1
        ip = _ir.InsertionPoint(ops[k]) if k < len(ops) else _ir.InsertionPoint(body)
    elif ops:
        ip = _ir.InsertionPoint.at_block_begin(body)
    else:
        ip = _ir.InsertionPoint(body)
    _ir.Operation.create("func.func", regions=1, attributes=attrs,
                         loc=_ir.Location.unknown(b.ctx), ip=ip)


def _pointer(x, what):
    if isinstance(x, Buffer):
        x = x.data
    e = as_expr(x)
    if not isinstance(e.ty, PointerType):
        raise UserError(f"T.nvshmem: {what} must be a pointer (A.data, "
                        f"T.address_of(A[i])), got {e.ty}")
    from ._expr import reinterpret
    return reinterpret(PointerType(None, "generic"), e).materialize()


def _enum(x, table, what):
    if isinstance(x, str):
        if x not in table:
            raise UserError(f"T.nvshmem: {what} is one of {', '.join(table)}, got {x!r}")
        return table[x]
    return x


def _operand(kind, x, what):
    if kind == "ptr":
        return _pointer(x, what)
    if kind == "sig_op":
        x = _enum(x, _SIG_OP, "sig_op")
    if kind == "cmp":
        x = _enum(x, _CMP, "cmp")
    t = {"size": "int64", "pe": "int32", "u64": "uint64", "sig_op": "int32",
         "cmp": "int32"}[kind]
    return cast(x, PrimType(t)).materialize()


def _caller(cname):
    path, params, result = NVSHMEM_FUNCTIONS[cname]

    def call(*args):
        b = current()
        if b.kernel is None:
            raise UserError(f"T.nvshmem.{path} is device code (after "
                            "T.device_entry())")
        if len(args) != len(params):
            raise UserError(f"T.nvshmem.{path} takes {len(params)} arguments, "
                            f"got {len(args)}")
        _declare(b, cname, params, result)
        ops = [_operand(k, a, f"argument {i}") for i, (k, a) in enumerate(zip(params, args))]
        sym = _ir.FlatSymbolRefAttr.get(cname, b.ctx)
        op = b.create("func.call", ops, [result] if result else [], {"callee": sym})
        if result:
            return Expr(op.result, PrimType("int32"))
        return None
    call.__name__ = path.replace(".", "_")
    return call


class _Scoped:
    """``T.nvshmem.putmem_nbi`` (a thread's call) with ``.warp`` / ``.block``."""

    def __init__(self, thread, warp, block):
        self._thread = _caller(thread)
        self.warp = _caller(warp)
        self.block = _caller(block)

    def __call__(self, *args):
        return self._thread(*args)


class _NVSHMEM:
    """``T.nvshmem``."""

    my_pe = staticmethod(_caller("nvshmem_my_pe"))
    n_pes = staticmethod(_caller("nvshmem_n_pes"))
    quiet = staticmethod(_caller("nvshmem_quiet"))
    fence = staticmethod(_caller("nvshmem_fence"))
    barrier_all = staticmethod(_caller("nvshmem_barrier_all"))
    signal_op = staticmethod(_caller("nvshmemx_signal_op"))
    getmem_nbi = _Scoped("nvshmem_getmem_nbi", "nvshmemx_getmem_nbi_warp",
                         "nvshmemx_getmem_nbi_block")
    putmem_nbi = _Scoped("nvshmem_putmem_nbi", "nvshmemx_putmem_nbi_warp",
                         "nvshmemx_putmem_nbi_block")
    putmem_signal_nbi = _Scoped("nvshmem_putmem_signal_nbi",
                                "nvshmemx_putmem_signal_nbi_warp",
                                "nvshmemx_putmem_signal_nbi_block")

    @staticmethod
    def wait_until(ivar, cmp, cmp_value, type="uint64"):  # noqa: A002
        if str(getattr(type, "prim_type", type)) not in ("uint64", "uint64_t"):
            raise UserError(f"T.nvshmem.wait_until supports type='uint64', got {type!r}")
        return _caller("nvshmem_uint64_wait_until")(ivar, cmp, cmp_value)

    def __getattr__(self, name):
        raise AttributeError(f"T.nvshmem has no function '{name}'")


nvshmem = _NVSHMEM()
