"""Structural equality of TIRx IR, as TVM defines it for TIR.

Two modules are structurally equal when their *statements* -- the ops with
memory effects or regions (stores, loads, allocations, PTX instructions,
loops, ifs, kernels, calls, returns) -- are the same ops, in the same
order, with the same attributes, types and regions, and the operands of
each are equal *expressions*. An expression is a tree of memory-effect-free
ops (arith, math, casts, binds, scope ids, element addresses, ...) whose
leaves are constants, block arguments and statement results; it is compared
as a tree, the way TVM compares ``PrimExpr``s.

So what does not count is what MLIR's textual form adds to TVM's tree: where
a pure op sits in its block (a constant hoisted to the top of the function
or created at its first use), and whether two equal pure computations share
one SSA value. Source locations never count. A pure op whose result is
unused is a statement at its position (it is still part of the IR).

Both sides are first printed and re-parsed, so attributes an op's custom
syntax adds by default (``fastmath<none>``) compare equal to absent ones.
"""

from .. import ir as _ir

__all__ = ["canonical_text"]


# Scope ids with extents write the launch shape (so DCE keeps them), but
# for printing and comparing they are expressions like the ones without:
# the launch shape is their attribute, wherever the op sits.
SCOPE_IDS = frozenset(
    "tirx." + n for n in ("cluster_id", "cta_id", "cta_id_in_cluster",
                          "warpgroup_id", "warp_id", "warp_id_in_wg",
                          "lane_id", "thread_id", "thread_id_in_wg"))


def effect_free(op):
    """No memory effects other than a scope id's launch-shape declaration."""
    from .._tirx import op_is_memory_effect_free
    return op.name in SCOPE_IDS or op_is_memory_effect_free(op)


def _effect_free(op, cache):
    r = cache.get(op)
    if r is None:
        r = not op.regions and bool(op.results) and effect_free(op)
        cache[op] = r
    return r


def _attrs(op):
    items = sorted((na.name, str(na.attr)) for na in op.attributes)
    return "{" + ", ".join(f"{k} = {v}" for k, v in items) + "}" if items else ""


class _Canonical:
    def __init__(self):
        self.names = {}  # Value -> its text
        self.keys = {}  # expression key -> id
        self.table = []
        self.lines = []
        self.pure = {}
        self.nblock = 0
        self.nstmt = 0

    # -- expressions ------------------------------------------------------
    def value(self, v):
        """The text of value `v` (an expression tree of pure ops is
        numbered bottom-up, iteratively: deep expressions do not recurse)."""
        n = self.names.get(v)
        if n is not None:
            return n
        stack = [v]
        while stack:
            x = stack[-1]
            if x in self.names:
                stack.pop()
                continue
            op = x.owner
            if not isinstance(op, _ir.Operation) or not _effect_free(op, self.pure):
                # a value defined later or elsewhere (graph regions): by type
                self.names[x] = f"<unknown {x.type}>"
                stack.pop()
                continue
            inner = _sign_round_trip(op)
            if inner is not None:
                if inner in self.names:
                    self.names[x] = self.names[inner]
                    stack.pop()
                else:
                    stack.append(inner)
                continue
            pending = [o for o in op.operands if o not in self.names]
            if pending:
                stack.extend(reversed(pending))
                continue
            eid = self.expr(op)
            self.names[x] = eid if len(op.results) == 1 else f"{eid}#{x.result_number}"
            stack.pop()
        return self.names[v]

    def expr(self, op):
        operands = ", ".join(self.value(o) for o in op.operands)
        types = ", ".join(str(r.type) for r in op.results)
        key = f"{op.name}({operands}) {_attrs(op)} : {types}"
        eid = self.keys.get(key)
        if eid is None:
            eid = f"e{len(self.table)}"
            self.keys[key] = eid
            self.table.append(f"{eid} = {key}")
        return eid

    # -- statements -------------------------------------------------------
    def block(self, block, indent):
        args = []
        for a in block.arguments:
            n = f"%b{self.nblock}"
            self.nblock += 1
            self.names[a] = n
            args.append(f"{n}: {a.type}")
        self.lines.append(f"{indent}^({', '.join(args)})")
        for op in block.operations:
            self.op(op, indent + "  ")

    def op(self, op, indent):
        if _effect_free(op, self.pure):
            if not any(r.has_uses for r in op.results):
                self.lines.append(f"{indent}unused {self.expr(op)}")
            return
        results = []
        for r in op.results:
            n = f"%s{self.nstmt}"
            self.nstmt += 1
            self.names[r] = n
            results.append(f"{n}: {r.type}")
        operands = ", ".join(self.value(o) for o in op.operands)
        head = f"{', '.join(results)} = " if results else ""
        self.lines.append(f"{indent}{head}{op.name}({operands}) {_attrs(op)}")
        for region in op.regions:
            self.lines.append(f"{indent}{{")
            for b in region.blocks:
                self.block(b, indent + "  ")
            self.lines.append(f"{indent}}}")


def _sign_cast(op):
    """Whether `op` reinterprets an integer as the same width with another
    signedness (iN <-> uiN: a no-op on the bits)."""
    if op.name != "tirx.reinterpret":
        return False
    a, b = op.operands[0].type, op.results[0].type
    if isinstance(a, _ir.VectorType) and isinstance(b, _ir.VectorType):
        if list(a.shape) != list(b.shape):
            return False
        a, b = a.element_type, b.element_type
    return (isinstance(a, _ir.IntegerType) and isinstance(b, _ir.IntegerType)
            and a.width == b.width)


def _sign_round_trip(op):
    """The value `op` gives back unchanged -- the reinterpret of a
    reinterpret that restores its operand's type (``ui8 -> i8 -> ui8``, the
    pair the parser adds around a memory value canonicalize folds) -- or
    None."""
    if not _sign_cast(op):
        return None
    d = op.operands[0].owner
    if isinstance(d, _ir.Operation) and _sign_cast(d) and \
            d.operands[0].type == op.results[0].type:
        return d.operands[0]
    return None


def _normalized(op):
    """`op` printed and parsed again (default attributes made explicit),
    or `op` itself when its text does not parse."""
    try:
        text = op.get_asm(enable_debug_info=False)
        return _ir.Module.parse(text, context=op.context).operation
    except Exception:  # an op without a parser: compare as is
        return op


def canonical_text(op, normalize=True):
    """The text two structurally equal modules (or ops) share."""
    if normalize:
        op = _normalized(op)
    c = _Canonical()
    c.op(op, "")
    return "\n".join(c.lines) + "\n-- expressions --\n" + "\n".join(c.table)
