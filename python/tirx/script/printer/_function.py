"""One ``func.func`` as a ``@T.prim_func``: its header, and its blocks as
statements.

What is printed where:

* Ops with memory effects or regions (stores, loads, allocations, PTX
  instructions, loops, ifs, calls) are statements, in IR order.
* Memory-effect-free ops are expressions, printed at their use when used
  once, named (``v = T.meta_var(...)``) at their position when used more
  than once; binds, scope ids and buffer views are named statements.
* A load or a PTX value used once is printed inside its consumer when the
  parser, evaluating the consumer, creates the effectful ops in the IR's
  order (a buffer element ``A[i]`` is read where its value is taken);
  otherwise it is named where it is in the IR (``v = T.meta_var(A.vload([i]))``).
* A one-element local buffer with a name whose every use is a scalar load
  or store is a scalar variable (``x: T.int32``, ``x = ...``, ``x``).

An op without a script spelling prints as a ``# no script spelling`` comment
and its results as undefined names, so the text never parses into other IR
silently.
"""

import builtins
import keyword

from ... import ir as _ir
from .._structural import effect_free
from .._types import PrimType
from ._exprs import ExprMixin, literal_text
from ._node import ATOM, BufferInfo, Node
from ._ptx import PtxMixin
from ._types import (Unprintable, _param_stype, annotation, pointer_text,
                     prim_of)

__all__ = ["FunctionPrinter", "RESERVED"]

RESERVED = set(keyword.kwlist) | set(dir(builtins)) | {
    "T", "I", "Tx", "PointerType", "PrimType", "cls", "self"}

_SCOPE_NAMES = {"cta_id": ("bx", "by", "bz"), "thread_id": ("tx", "ty", "tz"),
                "cluster_id": ("cx", "cy", "cz"),
                "cta_id_in_cluster": ("cbx", "cby", "cbz"),
                "warpgroup_id": ("wg_id",), "warp_id": ("warp_id",),
                "warp_id_in_wg": ("warp_id_in_wg",), "lane_id": ("lane_id",),
                "thread_id_in_wg": ("tid_in_wg",)}
_NAMING_OPS = {"tirx.bind", "tirx.alloc_buffer", "tirx.decl_buffer",
               "tirx.buffer_reshape", "tirx.tensormap_encode_tiled",
               "tirx.tile.local_view"} | \
    {f"tirx.{k}" for k in _SCOPE_NAMES}
_TERMINATORS = {"tirx.yield", "tirx.condition", "tirx.break", "tirx.continue",
                "func.return"}
_LOOP_CALLS = {"unroll": "T.unroll", "vectorized": "T.vectorized",
               "parallel": "T.parallel", "serial": "T.serial"}


class _Retry(RuntimeError):
    """The plan changed; print the block again."""


class FunctionPrinter(ExprMixin, PtxMixin):
    def __init__(self, module, func):
        self.module = module
        self.func = func
        self.names_used = set(RESERVED)
        self.named = {}  # Value -> Node (a Python name)
        self.buffers = {}  # Value -> BufferInfo
        self.scalars = {}  # alloc Value -> Python name (scalar sugar)
        self.inline = set()
        self.eager = set()
        self.let = set()  # pure ops named with T.meta_var
        self.no_sugar = set()
        self.no_combine = set()
        self.unprintable = 0
        self._memo = {}
        self._pure = {}
        self.users = {}
        self.counter = 0

    # ------------------------------------------------------------------
    # names
    # ------------------------------------------------------------------
    def fresh(self, base):
        base = base if base.isidentifier() else "v"
        if base not in self.names_used:
            self.names_used.add(base)
            return base
        i = 1
        while f"{base}_{i}" in self.names_used:
            i += 1
        name = f"{base}_{i}"
        self.names_used.add(name)
        return name

    def custom_printer(self, name):
        from . import _registry
        return _registry.op_printer(name)

    # ------------------------------------------------------------------
    # analysis
    # ------------------------------------------------------------------
    def is_pure(self, op):
        r = self._pure.get(op)
        if r is None:
            r = (not op.regions and bool(op.results)
                 and effect_free(op))
            self._pure[op] = r
        return r

    def is_statement_op(self, op):
        """Ops whose position the parser reproduces (effects or regions)."""
        return op.name not in _TERMINATORS and not self.is_pure(op)

    def _collect_users(self):
        def visit(op):
            for v in op.operands:
                self.users.setdefault(v, []).append(op)
            return _ir.WalkResult.ADVANCE
        self.func.walk(visit)

    def uses(self, op):
        return [u for r in op.results for u in self.users.get(r, [])]

    def _plan(self):
        ops = []

        def visit(op):
            if op is not self.func:
                ops.append(op)
            return _ir.WalkResult.ADVANCE
        self.func.walk(visit, _ir.WalkOrder.PRE_ORDER)
        self.all_ops = ops
        # pure ops first, then the effectful ones users first (reverse
        # order): whether a load can be inlined depends on whether the ops
        # using it are
        pure = [op for op in ops if self.is_pure(op)]
        effectful = [op for op in reversed(ops) if not self.is_pure(op)]
        for op in pure + [None] + effectful:
            if op is None:
                # the pure expressions are planned: bound their depth before
                # the loads are placed in them
                self._bound_depth(ops)
                continue
            if op.regions or not op.results or op.name in _NAMING_OPS \
                    or op.name == "arith.constant" or self._transparent(op):
                continue
            uses = self.uses(op)
            if not uses:
                continue
            if self.is_pure(op):
                if not self._in_kernel(op) and any(self._in_kernel(u) for u in uses):
                    # a host value the device part reads: computed where it
                    # is (an inlined `A.shape[0]` would read it in the kernel)
                    self.let.add(op)
                elif op.name in ("arith.index_cast", "arith.index_castui"):
                    self.inline.add(op)
                elif len(uses) == 1:
                    self.inline.add(op)
                else:
                    self.let.add(op)
            elif op.name == "tirx.alloc_buffer":
                continue
            elif len(uses) == 1 and len(op.results) == 1 and _same_block(self._host_block(op), op.block):
                self.inline.add(op)
            else:
                self.eager.add(op)
        # the ops of a tile select's predicate print inside its lambda
        for op in ops:
            par = op.parent
            if isinstance(par, _ir.Operation) and par.name == "tirx.tile.select" \
                    and op.name != "tirx.tile.yield":
                self.let.discard(op)
                self.eager.discard(op)
                if op.name != "arith.constant":
                    self.inline.add(op)
        # an index cast used more than once repeats its operand: name it
        for op in ops:
            if op.name in ("arith.index_cast", "arith.index_castui") and len(self.uses(op)) > 1:
                d = op.operands[0].owner
                if isinstance(d, _ir.Operation) and d in self.inline:
                    self.inline.discard(d)
                    (self.let if self.is_pure(d) else self.eager).add(d)

    _MAX_INLINE_DEPTH = 64

    def _bound_depth(self, ops):
        """Names an inlined expression every _MAX_INLINE_DEPTH levels (a
        `v = T.meta_var(...)` where it is), so printing and parsing an
        expression of thousands of terms recurse a bounded depth."""
        depth = {}
        for op in ops:  # definitions come before their uses
            if op not in self.inline:
                continue
            d = 0
            for x in op.operands:
                o = x.owner
                if isinstance(o, _ir.Operation):
                    d = max(d, depth.get(o, 0))
            d += 1
            if d > self._MAX_INLINE_DEPTH and self.is_pure(op):
                self.inline.discard(op)
                self.let.add(op)
                d = 0
            depth[op] = d

    def _in_kernel(self, op):
        """Whether `op` is inside the function's tirx.kernel."""
        cache = self.__dict__.setdefault("_kcache", {})
        r = cache.get(op)
        if r is None:
            r = False
            p = op.parent
            while p is not None and p != self.func:
                if p.name == "tirx.kernel":
                    r = True
                    break
                p = p.parent
            cache[op] = r
        return r

    def _host_block(self, op):
        """The block of the statement an inlined op ends up in (memoized
        along the chain of inlined users)."""
        memo = self.__dict__.setdefault("_hbmemo", {})
        chain, seen = [], 0
        while True:
            hit = memo.get(op, _MISSING)
            if hit is not _MISSING:
                result = hit
                break
            chain.append(op)
            result = self._host_block_step(op)
            if result is not _CONTINUE:
                break
            op = self._next_host
            seen += 1
            if seen > 10000:
                result = None
                break
        for o in chain:
            memo[o] = result
        return result

    def _host_block_step(self, op):
        uses = self.uses(op)
        if len(uses) != 1:
            return None
        u = uses[0]
        if u.name == "arith.constant":
            return None
        if u in self.inline or self._transparent(u):
            self._next_host = u
            return _CONTINUE
        return u.block

    # ------------------------------------------------------------------
    # printing
    # ------------------------------------------------------------------
    def print(self):
        self._collect_users()
        self._plan()
        for _ in range(200):
            try:
                return self._print_function()
            except _Retry:
                self._memo = {}
                self.named = {}
                self.buffers = {}
                self.scalars = {}
                self.names_used = set(RESERVED)
                self.unprintable = 0
        return self._print_function(final=True)

    def _print_function(self, final=False):
        self.final = final
        f = self.func
        name = str(f.attributes["sym_name"].value)
        private = "sym_visibility" in f.attributes and \
            str(f.attributes["sym_visibility"].value) == "private"
        ftype = f.attributes["function_type"].value
        lines = []
        lines.append("@T.prim_func(private=True)" if private else "@T.prim_func")
        entry = f.regions[0].blocks[0] if f.regions and len(f.regions[0].blocks) else None
        if f.regions and len(f.regions[0].blocks) > 1:
            succ = self._first_branch(f)
            raise Unprintable(f"'{succ}' has no script spelling (the function "
                              "has unstructured control flow: several blocks)",
                              op=f)
        params = []
        args = list(entry.arguments) if entry is not None else [None] * len(ftype.inputs)
        for i, (a, t) in enumerate(zip(args, ftype.inputs)):
            ann = annotation(t)
            pname = self.fresh(_param_name(a, i, t))
            if a is not None:
                if isinstance(t, _ir.BufferType):
                    self.buffers[a] = BufferInfo(pname)
                else:
                    self.named[a] = Node(pname, ATOM, _param_stype(t))
            params.append(f"{pname}: {ann}")
        rets = [annotation(r) for r in ftype.results]
        ret = ""
        if len(rets) == 1:
            ret = f" -> {rets[0]}"
        elif rets:
            ret = f" -> ({', '.join(rets)})"
        lines.append(f"def {name}({', '.join(params)}){ret}:")
        body = []
        body.extend(self._func_attrs(f))
        if entry is None:
            # a declaration: `...` is its body
            body.append("    ...")
        else:
            body.extend(self._block(entry, "    ", top=True))
        if not body:
            body = ["    pass"]
        lines.extend(body)
        return lines

    def _first_branch(self, f):
        found = []

        def visit(op):
            if op.successors and not found:
                found.append(op.name)
            return _ir.WalkResult.ADVANCE
        f.walk(visit)
        return found[0] if found else "a multi-block region"

    def _func_attrs(self, f):
        out = []
        items = []
        for na in f.attributes:
            if na.name in ("sym_name", "function_type", "sym_visibility"):
                continue
            if na.name == "tirx.launch":
                items.extend(_launch_items(na.attr))
                continue
            items.append(f"{na.name!r}: T.mlir_attr({str(na.attr)!r})")
        if items:
            out.insert(0, "    T.func_attr({" + ", ".join(items) + "})")
        return out

    def _placeholder(self, what, indent, op=None):
        """What stands for IR without a spelling: an error, or (partial
        printing) a comment and a line that refuses to parse."""
        if not self.module.partial:
            raise Unprintable(what, op=op)
        self.unprintable += 1
        return f"{indent}# no script spelling: {what}\n{indent}T.unprintable({what!r})"

    # ------------------------------------------------------------------
    # blocks
    # ------------------------------------------------------------------
    def _block(self, block, indent, top=False):
        items = self._items(block, indent, top)
        produced = []
        lines = []
        for its_lines, model in items:
            lines.extend(its_lines)
            produced.extend(model)
        expected = [op for op in block.operations if self.is_statement_op(op)]
        if produced != expected and not self.final:
            self._resolve(produced, expected)
        return lines

    def _resolve(self, produced, expected):
        """Changes the plan so the next print matches the IR's order."""
        k = 0
        while k < len(produced) and k < len(expected) and produced[k] == expected[k]:
            k += 1
        cands = []
        if k < len(expected):
            cands.append(expected[k])
        if k < len(produced):
            cands.append(produced[k])
        for op in cands:
            if op in self.inline and not self.is_pure(op):
                self.inline.discard(op)
                self.eager.add(op)
                raise _Retry()
        for op in cands:
            if op.name == "tirx.alloc_buffer" and op not in self.no_combine:
                self.no_combine.add(op)
                raise _Retry()
            if op.name == "tirx.buffer_store":
                alloc = op.operands[1].owner
                if isinstance(alloc, _ir.Operation) and alloc.name == "tirx.alloc_buffer" \
                        and alloc not in self.no_combine:
                    self.no_combine.add(alloc)
                    raise _Retry()
        # nothing left to change: print as is (the round trip may differ)

    def _items(self, block, indent, top):
        ops = list(block.operations)
        items = []
        skip = set()
        for i, op in enumerate(ops):
            if op in skip:
                continue
            if op.name in _TERMINATORS:
                items.append(self._terminator(op, indent, top))
                continue
            if op.name == "arith.constant":
                if not op.results[0].has_uses:
                    items.append(self._guard(lambda op=op: self._dead_constant(op, indent), op, indent))
                continue
            if op in self.inline or self._transparent(op):
                continue
            if op.name == "tirx.kernel" and top:
                items.append(self._guard(lambda op=op: self._kernel(op, indent), op, indent))
                continue
            if op.name == "tirx.alloc_buffer":
                nxt = self._init_store(op, ops[i + 1:])
                if nxt is not None:
                    skip.add(nxt)
                items.append(self._guard(lambda op=op, nxt=nxt: self._alloc_or_generic(op, indent, nxt), op, indent))
                continue
            items.append(self._guard(lambda op=op: self._statement(op, indent), op, indent))
        return items

    def _guard(self, fn, op, indent):
        try:
            return fn()
        except Unprintable as e:
            if e.op is None:
                e.op = op
            if not self.module.partial:
                raise
            return self._unprintable_item(op, indent, str(e))

    def _unprintable_item(self, op, indent, why):
        self.unprintable += 1
        for r in op.results:
            self.named[r] = Node(f"_unprintable_{self.unprintable}_{r.result_number}")
            if isinstance(r.type, _ir.BufferType):
                self.buffers[r] = BufferInfo(f"_unprintable_{self.unprintable}_{r.result_number}")
        text = op.get_asm(enable_debug_info=False).splitlines()[0]
        model = [op] if self.is_statement_op(op) else []
        return ([f"{indent}# no script spelling ({why}): {text}",
                 f"{indent}T.unprintable({op.name!r})"], model)

    # ------------------------------------------------------------------
    # statements
    # ------------------------------------------------------------------
    def _statement(self, op, indent):
        name = op.name
        fn = _STATEMENTS.get(name)
        if fn is None and name.startswith("tirx.tile."):
            from ._tile import TILE_OPS
            if name[len("tirx.tile."):] in TILE_OPS:
                fn = FunctionPrinter._tile
        if fn is not None:
            try:
                return fn(self, op, indent)
            except Unprintable:
                if not self.module.generic_ok(op):
                    raise
                return self._generic_statement(op, indent)
        if name == "tirx.kernel":
            raise Unprintable("a tirx.kernel that is not at the top level of the "
                              "function body")
        if op.regions:
            raise Unprintable(f"'{name}' has no script spelling (an op with "
                              "regions the script does not write)")
        if op.successors:
            raise Unprintable(f"'{name}' has no script spelling (unstructured "
                              "control flow)")
        # an expression: named (several uses, or eager), or a statement
        uses = self.uses(op)
        n = self._spell(op, None) if op not in self.eager else self._eager_node(op)
        if uses:
            return self._let(op, n, indent)
        if n.mat:
            # a lazy read (`A[i]`, a scalar variable) as a bare statement
            # creates nothing: T.evaluate takes its value
            return ([f"{indent}T.evaluate({n.text})"], list(n.effects))
        return ([f"{indent}{n.text}"], list(n.effects))

    def _generic_statement(self, op, indent):
        """The op in the generic T.mlir_op spelling (named when it has
        results)."""
        n = self.generic_node(op)
        if op.results:
            return self._let(op, n, indent)
        return ([f"{indent}{n.text}"], list(n.effects))

    def _eager_node(self, op):
        if op.name == "tirx.buffer_load":
            return self.load_node(op)
        return self._spell(op, None)

    def _let(self, op, n, indent):
        if len(op.results) == 1:
            pname = self.fresh("v")
            r = op.results[0]
            if isinstance(r.type, _ir.BufferType):
                self.buffers[r] = BufferInfo(pname)
            else:
                self.named[r] = Node(pname, ATOM, n.stype)
            return ([f"{indent}{pname} = T.meta_var({n.text})"], list(n.effects))
        names = []
        from .._types import script_type_of_mlir
        for r in op.results:
            pname = self.fresh("v")
            if isinstance(r.type, _ir.BufferType):
                self.buffers[r] = BufferInfo(pname)
            else:
                p = prim_of(r.type)
                self.named[r] = Node(pname, ATOM, p if p else script_type_of_mlir(str(r.type)))
            names.append(pname)
        return ([f"{indent}{', '.join(names)} = T.meta_var({n.text})"], list(n.effects))

    def _dead_constant(self, op, indent):
        n = self.typed(self._constant(op))
        return ([f"{indent}T.evaluate({n.text})"], [])

    def _bind(self, op, indent):
        ir_name = str(op.attributes["name"].value)
        v = self.node(op.operands[0])
        v = self.default(v)
        stype = v.stype
        if v.is_literal:
            from .._expr import default_type_of
            stype = default_type_of(v.lit) if v.stype is None else v.stype
        if ir_name.isidentifier() and ir_name not in self.names_used:
            self.names_used.add(ir_name)
            pname = ir_name
            line = f"{indent}{pname}: T.let = {v.text}"
        else:
            pname = self.fresh(ir_name if ir_name.isidentifier() else "v")
            line = f"{indent}{pname} = T.bind({v.text}, name={ir_name!r})"
        r = op.results[0]
        p = prim_of(r.type)
        if p is not None and isinstance(stype, PrimType) and stype.ssa == p.ssa:
            p = stype
        from .._types import script_type_of_mlir
        self.named[r] = Node(pname, ATOM, p if p is not None else script_type_of_mlir(str(r.type)))
        return ([line], list(v.effects))

    def _scope_id(self, op, indent):
        fam = op.name[len("tirx."):]
        bases = _SCOPE_NAMES[fam]
        names = []
        types = {str(r.type) for r in op.results}
        if len(types) > 1:
            raise Unprintable(f"'{op.name}' with results of types {sorted(types)}")
        unsigned = types == {"ui32"}
        for i, r in enumerate(op.results):
            base = bases[i] if i < len(bases) else f"{bases[0]}_{i}"
            pname = self.fresh(base)
            names.append(pname)
            self.named[r] = Node(pname, ATOM, PrimType("uint32" if unsigned else "int32"))
        ext = op.attributes["extents"] if "extents" in op.attributes else None
        if ext is not None:
            args = "[" + ", ".join(str(x) for x in ext) + "]"
        elif len(op.results) == 1:
            args = ""
        else:
            args = "[" + ", ".join("None" for _ in op.results) + "]"
        if unsigned:
            args = (args + ", " if args else "") + 'ir_type="ui32"'
        if "tirx.preferred_cluster" in op.attributes:
            pref = op.attributes["tirx.preferred_cluster"]
            args = (args + ", " if args else "") + \
                "preferred=[" + ", ".join(str(x) for x in pref) + "]"
        unknown = {na.name for na in op.attributes} - {"extents", "tirx.preferred_cluster"}
        if unknown:
            raise Unprintable(f"'{op.name}' with the attribute(s) {', '.join(sorted(unknown))}")
        lhs = ", ".join(names) if names else "_"
        return ([f"{indent}{lhs} = T.{fam}({args})"], [])

    def _buffer_name(self, op, kind):
        """(Python name, how the assignment names the op) for a buffer op."""
        ir_name = str(op.attributes["name"].value) if "name" in op.attributes else None
        if ir_name is not None and ir_name.isidentifier() and ir_name not in self.names_used:
            self.names_used.add(ir_name)
            return ir_name, "plain"
        if ir_name is None:
            return self.fresh("buf"), "meta"
        return self.fresh(ir_name if ir_name.isidentifier() else "buf"), f"name={ir_name!r}"

    def _decl(self, op, indent):
        r = op.results[0]
        t = r.type
        p = prim_of(t.element_type)
        if p is None:
            raise Unprintable(f"a buffer of {t.element_type}")
        operands = list(op.operands)
        sizes = list(op.attributes["operandSegmentSizes"])
        data = self.node(operands[0])
        i = 1
        eo = bo = None
        if sizes[1]:
            eo = self.index(operands[i])
            i += 1
        if sizes[2]:
            bo = self.index(operands[i])
            i += 1
        dyn = [self.index(x) for x in operands[i:]]
        dims = self._dims(t, dyn)
        args = [dims, f'"{p.dtype}"', f"data={data.text}"]
        dense = _dense_strides(list(t.shape))
        lay = _layout_script(t)
        if lay is not None:
            if eo is not None:
                raise Unprintable("a buffer view with a layout and an elem_offset operand")
            args.append(f"layout={lay}")
        elif not t.has_default_layout:
            dynsize = _ir.BufferType.get_dynamic_size()
            strides = list(t.strides)
            if any(x == dynsize for x in strides) or any(x == dynsize for x in t.shape):
                raise Unprintable(f"a buffer view with strides {strides}")
            off = t.offset
            if eo is None and off == dynsize:
                raise Unprintable("a buffer view with a dynamic offset and no operand")
            if strides != dense or not off:
                # explicit: the type has a strided layout
                args.append(f"strides=[{', '.join(str(x) for x in strides)}]")
            if eo is None and off:
                args.append(f"elem_offset={off}")
        if eo is not None:
            args.append(f"elem_offset={eo.text}")
        if bo is not None:
            args.append(f"byte_offset={bo.text}")
        pname, how = self._buffer_name(op, "decl")
        if how.startswith("name="):
            args.append(how)
        call = f"T.decl_buffer({', '.join(args)})"
        if how == "meta":
            call = f"T.meta_var({call})"
        self.buffers[r] = BufferInfo(pname)
        ev = tuple(e for n in dyn for e in n.ev) + data.ev + (eo.ev if eo else ()) + (bo.ev if bo else ())
        mat = tuple(e for n in dyn for e in n.mat) + data.mat + (eo.mat if eo else ()) + (bo.mat if bo else ())
        return ([f"{indent}{pname} = {call}"], list(ev + mat))

    def _dims(self, t, dyn):
        dynsize = _ir.BufferType.get_dynamic_size()
        out, k = [], 0
        for d in t.shape:
            if d == dynsize:
                out.append(dyn[k].text)
                k += 1
            else:
                out.append(str(d))
        return "(" + ", ".join(out) + ("," if len(out) == 1 else "") + ")"

    def _reshape(self, op, indent):
        src = self.buffer(op.operands[0])
        t = op.results[0].type
        src_t = op.operands[0].type
        if _layout_script(t) is not None and str(t.layout) == str(src_t.layout):
            pass  # a reshape keeps the layout: Buffer.view(shape) does too
        elif not t.has_default_layout or not src_t.has_default_layout:
            raise Unprintable("a reshape of a buffer with a layout")
        pname = self.fresh(src.name + "_view")
        self.buffers[op.results[0]] = BufferInfo(pname)
        dims = ", ".join(str(d) for d in t.shape)
        return ([f"{indent}{pname} = {src.name}.view({dims})"], [])

    # -- allocations and scalar variables --------------------------------
    def _sugar(self, op):
        """The Python name if `op` prints as a scalar variable, else None."""
        if op in self.no_sugar or "name" not in op.attributes:
            return None
        t = op.results[0].type
        if list(t.shape) != [1] or t.scope != "local" or not t.has_default_layout \
                or "alignment" in op.attributes:
            return None
        name = str(op.attributes["name"].value)
        if not name.isidentifier() or name in self.names_used:
            return None
        p = prim_of(t.element_type)
        if p is None or p.lanes != 1:
            return None
        buf = op.results[0]
        for u in self.users.get(buf, []):
            if u.name == "tirx.buffer_load":
                if u in self.eager or prim_of(u.results[0].type) is not p or \
                        not self._is_zero(u.operands[1]):
                    return None
            elif u.name == "tirx.buffer_store":
                if u.operands[0] == buf or prim_of(u.operands[0].type) is not p \
                        or not self._is_zero(u.operands[2]):
                    return None
            else:
                return None
        return name

    def _is_zero(self, v):
        d = v.owner
        return isinstance(d, _ir.Operation) and d.name == "arith.constant" and \
            isinstance(v.type, _ir.IndexType) and d.attributes["value"].value == 0

    def _init_store(self, op, rest):
        """The store right after a scalar declaration that initializes it."""
        if op in self.no_combine or self._sugar(op) is None:
            return None
        buf = op.results[0]
        for nxt in rest:
            if nxt.name == "tirx.buffer_store" and nxt.operands[1] == buf:
                return nxt
            if self.is_statement_op(nxt) and nxt not in self.inline:
                return None
            if nxt.name in _NAMING_OPS or nxt in self.let or nxt in self.eager:
                return None
        return None

    def _alloc_or_generic(self, op, indent, init):
        t = op.results[0].type
        if not t.has_default_layout and _layout_script(t) is None:
            return self._generic_statement(op, indent)
        return self._alloc(op, indent, init)

    def _alloc(self, op, indent, init):
        r = op.results[0]
        t = r.type
        p = prim_of(t.element_type)
        if p is None:
            raise Unprintable(f"a buffer of {t.element_type}")
        sugar = self._sugar(op)
        if sugar is not None:
            self.names_used.add(sugar)
            self.scalars[r] = sugar
            if init is None:
                return ([f"{indent}{sugar}: T.{p.dtype}"], [op])
            v = self.fit(self.node(init.operands[0]), p)
            return ([f"{indent}{sugar}: T.{p.dtype} = {v.text}"],
                    list(v.ev) + [op] + list(v.mat) + [init])
        dyn = [self.index(x) for x in op.operands]
        dims = self._dims(t, dyn)
        args = [dims, f'"{p.dtype}"', f'scope="{t.scope}"']
        unknown = {na.name for na in op.attributes} - \
            {"alignment", "name", "tirx.dyn_shared_offset"}
        if unknown:
            raise Unprintable(f"'{op.name}' with the attribute(s) {', '.join(sorted(unknown))}")
        if "alignment" in op.attributes:
            args.append(f"align={op.attributes['alignment'].value}")
        if "tirx.dyn_shared_offset" in op.attributes:
            args.append(f"dyn_shared_offset={op.attributes['tirx.dyn_shared_offset'].value}")
        lay = _layout_script(t)
        if lay is not None:
            args.append(f"layout={lay}")
        pname, how = self._buffer_name(op, "alloc")
        if how.startswith("name="):
            args.append(how)
        call = f"T.alloc_buffer({', '.join(args)})"
        if how == "meta":
            call = f"T.meta_var({call})"
        self.buffers[r] = BufferInfo(pname)
        ev = tuple(e for n in dyn for e in n.ev) + tuple(e for n in dyn for e in n.mat)
        return ([f"{indent}{pname} = {call}"], list(ev) + [op])

    def _store(self, op, indent):
        value, buf = op.operands[0], op.operands[1]
        idx_vals = list(op.operands)[2:]
        vt = value.type
        p = prim_of(vt)
        if p is None:
            raise Unprintable(f"a store of {vt}")
        if buf in self.scalars:
            v = self.fit(self.node(value), p)
            return ([f"{indent}{self.scalars[buf]} = {v.text}"],
                    list(v.ev) + list(v.mat) + [op])
        b = self.buffer(buf)
        idx = self.indices(idx_vals)
        iev = [e for n in idx for e in n.ev]
        imat = [e for n in idx for e in n.mat]
        if p.lanes > 1:
            v = self.node(value)
            return ([f"{indent}{b.name}.vstore({self._index_list(idx)}, {v.text})"],
                    iev + list(v.ev) + imat + list(v.mat) + [op])
        elem = prim_of(buf.type.element_type)
        v = self.fit(self.node(value), elem)
        key = ", ".join(n.text for n in idx) if idx else "()"
        return ([f"{indent}{b.name}[{key}] = {v.text}"],
                list(v.ev) + iev + imat + list(v.mat) + [op])

    def _printf(self, op, indent):
        fmt = op.attributes["format"].value
        args = [self.default(self.node(x)) for x in op.operands]
        ev = [e for n in args for e in n.ev] + [e for n in args for e in n.mat]
        text = ", ".join([repr(fmt)] + [n.text for n in args])
        return ([f"{indent}T.cuda.printf({text})"], ev + [op])

    # -- control flow ----------------------------------------------------
    def _terminator(self, op, indent, top):
        name = op.name
        if name == "tirx.break":
            return ([f"{indent}break"], [])
        if name == "tirx.continue":
            return ([f"{indent}continue"], [])
        if name == "func.return":
            if not len(op.operands):
                return ([], [])
            vals = []
            for x in op.operands:
                if isinstance(x.type, _ir.BufferType):
                    vals.append(Node(self.buffer(x).name, ATOM))
                    continue
                rt = prim_of(x.type)
                n = self.node(x)
                vals.append(self.fit(n, rt) if rt is not None else n)
            ev = [e for n in vals for e in n.effects]
            return ([f"{indent}return {', '.join(n.text for n in vals)}"], ev)
        if op.operands:
            raise Unprintable(f"'{name}' with operands has no script spelling")
        return ([], [])

    def _body(self, block, indent):
        if len(indent) // 4 >= 99:
            raise Unprintable("the IR nests deeper than Python source can "
                              "(at most 100 levels of indentation)",
                              op=block.owner if hasattr(block, "owner") else None)
        lines = self._block(block, indent)
        return lines or [f"{indent}pass"]

    def _kernel(self, op, indent):
        args, ev = [], []
        dyn = list(op.operands)
        attrs = {na.name: na.attr for na in op.attributes}
        if dyn:
            if "grid" in attrs:
                raise Unprintable("a tirx.kernel with both a host-computed grid "
                                  "and a 'grid' attribute")
            nodes = [self.index(v) for v in dyn]
            ev = [e for n in nodes for e in n.effects]
            args.append("grid=[" + ", ".join(n.text for n in nodes) + "]")
        for key in ("grid", "cluster", "block"):
            a = attrs.pop(key, None)
            if a is not None:
                args.append(f"{key}=[{', '.join(str(int(x)) for x in a)}]")
        for k in attrs:
            raise Unprintable(f"the kernel attribute {k} = {attrs[k]} has no "
                              "script spelling", op=op)
        lines = [f"{indent}T.device_entry({', '.join(args)})"]
        f_entry = op.block
        later = False
        for o in f_entry.operations:
            if later and o.name != "func.return":
                raise Unprintable("ops after the device part of a function")
            if o == op:
                later = True
        blk = op.regions[0].blocks[0]
        lines.extend(self._block(blk, indent))
        return (lines, ev + [op])

    def _for(self, op, indent):
        lb, ub, st = (op.operands[i] for i in range(3))
        it = lb.type
        t = prim_of(it)
        if t is None or t.lanes != 1 or not (t.is_int or t.is_index):
            raise Unprintable(f"a loop over {it} values")
        kind = "serial"
        if "kind" in op.attributes:
            kind = str(op.attributes["kind"]).rsplit(" ", 1)[-1].rstrip(">")
        ann = _annotations(op)
        a, b, c = (self.node(x) for x in (lb, ub, st))
        all_lit = a.is_literal and b.is_literal and c.is_literal
        want = t
        if not all_lit:
            ts = [n.stype for n in (a, b, c) if not n.is_literal]
            common = ts[0]
            for x in ts[1:]:
                common = self._common_type(common, x)
            want = common
        a, b, c = (self.fit(n, want) for n in (a, b, c))
        dtype_kw = f', dtype="{t.dtype}"' if all_lit and t.dtype != "int32" else ""
        if kind == "serial" and not ann and not dtype_kw:
            if c.is_literal and c.lit == 1:
                args = b.text if a.is_literal and a.lit == 0 else f"{a.text}, {b.text}"
            else:
                args = f"{a.text}, {b.text}, {c.text}"
            head = f"range({args})"
        else:
            fn = _LOOP_CALLS.get(kind)
            if fn is None:
                raise Unprintable(f"a loop of kind {kind}")
            extra = f", annotations={ann}" if ann else ""
            head = f"{fn}({a.text}, {b.text}, {c.text}{dtype_kw}{extra})"
        blk = op.regions[0].blocks[0]
        iv = blk.arguments[0]
        pname = self.fresh(_LOOP_VARS[min(self._loop_depth(op), len(_LOOP_VARS) - 1)])
        self.named[iv] = Node(pname, ATOM, want if isinstance(want, PrimType) else t)
        body = self._body(blk, indent + "    ")
        model = list(a.ev + b.ev + c.ev + a.mat + b.mat + c.mat) + [op]
        return ([f"{indent}for {pname} in {head}:"] + body, model)

    def _common_type(self, x, y):
        from . import _exprs
        return _exprs._common(x, y)

    def _loop_depth(self, op):
        d = 0
        p = op.parent
        while p is not None and p != self.func:
            if p.name == "tirx.for":
                d += 1
            p = p.parent
        return d

    def _if(self, op, indent, word="if"):
        # a literal condition would be decided while parsing: typed, it is
        # the IR's if
        c = self.typed(self.node(op.operands[0]))
        lines = [f"{indent}{word} {c.text}:"]
        lines += self._body(op.regions[0].blocks[0], indent + "    ")
        if len(op.regions[1].blocks):
            eb = op.regions[1].blocks[0]
            inner = list(eb.operations)
            if len(inner) == 2 and inner[0].name == "tirx.if" and inner[1].name == "tirx.yield" \
                    and not self._if_condition_has_ops(inner[0]):
                sub, _ = self._if(inner[0], indent, "elif")
                lines += sub
            else:
                lines.append(f"{indent}else:")
                lines += self._body(eb, indent + "    ")
        return (lines, list(c.effects) + [op])

    def _if_condition_has_ops(self, op):
        """An elif's condition is evaluated in the else block: only when it
        creates no op of its own there does `elif` print the same IR."""
        v = op.operands[0]
        d = v.owner
        return isinstance(d, _ir.Operation) and d.block == op.block

    def _while(self, op, indent):
        cb = op.regions[0].blocks[0]
        cond_op = list(cb.operations)[-1]
        for o in cb.operations:
            if o == cond_op or o.name == "arith.constant":
                continue
            if not (o in self.inline or self._transparent(o)):
                raise Unprintable("a while condition with statements")
        c = self.node(cond_op.operands[0])
        expected = [o for o in cb.operations if self.is_statement_op(o)]
        if list(c.effects) != expected:
            # an effect of another block read in the condition: named where
            # it is, so the condition does not repeat it
            for o in c.effects:
                if o not in expected and o in self.inline and not self.final:
                    self.inline.discard(o)
                    self.eager.add(o)
                    raise _Retry()
            for o in expected:
                if o in self.inline:
                    raise Unprintable("a while condition whose loads are not in "
                                      "evaluation order")
        lines = [f"{indent}while {c.text}:"]
        lines += self._body(op.regions[1].blocks[0], indent + "    ")
        return (lines, [op])


    def _assert(self, op, indent):
        c = self.typed(self.node(op.operands[0]))
        msg = op.attributes["msg"].value
        return ([f"{indent}assert {c.text}, {msg!r}"], list(c.effects) + [op])

    def _tile(self, op, indent):
        from ._tile import tile_statement
        return tile_statement(self, op, indent)

    def _compose(self, op, indent):
        from ._tile import compose_statement
        return compose_statement(self, op, indent)

    def _local_view(self, op, indent):
        src = self.buffer(op.operands[0])
        pname = self.fresh(src.name + "_local")
        self.buffers[op.results[0]] = BufferInfo(pname)
        return ([f"{indent}{pname} = {src.name}.local()"], [])

    def _encode(self, op, indent):
        from ._host import encode_statement
        return encode_statement(self, op, indent)


# Statements by op name (the expressions are in _exprs._SPELL; an op with
# neither prints with the generic T.mlir_op spelling when it has no regions).
_STATEMENTS = {
    "tirx.bind": FunctionPrinter._bind,
    "tirx.decl_buffer": FunctionPrinter._decl,
    "tirx.buffer_reshape": FunctionPrinter._reshape,
    "tirx.buffer_store": FunctionPrinter._store,
    "tirx.for": FunctionPrinter._for,
    "tirx.if": FunctionPrinter._if,
    "tirx.while": FunctionPrinter._while,
    "cf.assert": FunctionPrinter._assert,
    "gpu.printf": FunctionPrinter._printf,
    "tirx.tensormap_encode_tiled": FunctionPrinter._encode,
    "tirx.tile.compose": FunctionPrinter._compose,
    "tirx.tile.local_view": FunctionPrinter._local_view,
}
for _k in _SCOPE_NAMES:
    _STATEMENTS[f"tirx.{_k}"] = FunctionPrinter._scope_id
del _k

_LOOP_VARS = ("i", "j", "k", "l", "m", "n")
_MISSING = object()
_CONTINUE = object()


def _same_block(a, b):
    """Block wrappers are new Python objects on each access: compare the
    blocks (a None is no block)."""
    return a is not None and b is not None and a == b


def _dense_strides(shape):
    out, acc = [], 1
    for d in reversed(shape):
        out.append(acc)
        acc *= d
    return list(reversed(out))


_LAUNCH_KEYS = {"max_registers": "tirx.max_registers",
                "min_blocks_per_sm": "tirx.launch_bounds_min_blocks_per_sm",
                "cluster_dims": "tirx.cluster_dims"}


def _launch_items(attr):
    """The T.func_attr entries of a #tirx.launch attribute."""
    import re
    text = str(attr)
    body = text[text.index("<") + 1:text.rindex(">")]
    parts = [p.strip() for p in re.split(r",\s*(?![^\[]*\])", body) if p.strip()]
    if not parts:
        return [f"'tirx.launch': T.mlir_attr({text!r})"]
    out = []
    for part in parts:
        k, _, v = part.partition("=")
        k, v = k.strip(), v.strip()
        key = _LAUNCH_KEYS.get(k)
        if key is None:
            return [f"'tirx.launch': T.mlir_attr({text!r})"]
        out.append(f"{key!r}: {v}")
    return out


def _param_name(arg, i, t):
    """The name the script gave a parameter (its NameLoc), else A, B, ...
    for buffers and arg<i> for the others."""
    if arg is not None:
        try:
            loc = arg.location
            if loc.is_a_name():
                n = loc.name_str
                if n.isidentifier() and n not in RESERVED:
                    return n
        except Exception:  # noqa: BLE001 - a location we cannot read
            pass
    if isinstance(t, _ir.BufferType):
        letters = "ABCDEFGHJKLMNOPQRSUVWXYZ"
        return letters[i] if i < len(letters) else f"buf{i}"
    return f"arg{i}"


def _annotations(op):
    if "annotations" not in op.attributes:
        return None
    from ._types import dict_items
    items = dict_items(op.attributes["annotations"], "loop annotation")
    return "{" + ", ".join(f"{k!r}: {v}" for k, v in items) + "}"


def _layout_script(t):
    """``T.TileLayout(...)`` of a buffer type with a #tirx.layout, else None."""
    if not isinstance(t, _ir.BufferType) or t.has_default_layout:
        return None
    text = str(t.layout)
    if not text.startswith("#tirx.layout"):
        return None
    from ...layout import parse_layout
    try:
        return parse_layout(text).script()
    except Exception as e:  # noqa: BLE001 - a layout this printer cannot read
        raise Unprintable(f"the layout {text} ({e})") from None
