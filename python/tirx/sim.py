"""Run TIRx kernels on the CPU, with race, deadlock and synchronization checks.

The simulator interprets the kernel function's IR (the same IR the GPU
lowering compiles) over the launch shape -- clusters x CTAs x threads -- with
NumPy arrays as global memory. Arrays are updated in place, as a GPU kernel
updates its outputs::

    import numpy as np
    from tirx import sim

    a = np.arange(1024, dtype=np.float32)
    b = np.ones(1024, dtype=np.float32)
    sim.run(module, a, b, 2.0, 1000, seed=0)   # b = a * 2 + b for i < 1000

A problem the simulator finds -- a data race, a deadlock, an mbarrier
misuse, an out-of-bounds access, a read of uninitialized shared memory, a
tensor memory leak, an op it does not model -- raises ``tirx.ir.MLIRError``
with the location of the op involved (``error_diagnostics`` holds each
diagnostic and its notes).

``!tirx.tensormap`` parameters take a :class:`TensorMap` over an array.
:class:`Kernel` decodes a kernel once and is called like a function (what
``tirx.build(..., target="sim")`` returns wraps it).

The simulator runs a kernel at two levels: the IR level (the default)
interprets the TIRx IR; the PTX level (``level="ptx"``) compiles the kernel
to PTX and runs the PTX on the same engine, so what lies in between -- the
lowering passes, the tile-primitive variants, LLVM's NVPTX back end -- is
simulated too. :func:`check_ptx` runs both and checks that they agree.
``run`` also takes PTX text (``sim.run(ptx, *args, grid=..., block=...)``)
and kernel packages (``sim.run("k.tirxpkg", *args)``: the host part runs as
the launcher runs it, the parameters are passed as the runtime passes them).
"""

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _tirx
from .ir import Module, Operation

__all__ = ["Kernel", "TensorMap", "RunStats", "PTXMismatch", "run",
           "build", "check_ptx", "ptx_kernel"]

_SWIZZLE = {"none": 0, "32B": 1, "64B": 2, "128B": 3}
_OOB_FILL = {"zero": 0, "nan": 1}

# NumPy dtype names accepted for each element type the simulator names
# (ml_dtypes provides bfloat16 and the float8 types; raw bits are accepted
# as the unsigned integer of the same width).
_ACCEPTED = {
    "bfloat16": ("bfloat16", "uint16"),
    "float8_e4m3fn": ("float8_e4m3fn", "uint8"),
    "float8_e5m2": ("float8_e5m2", "uint8"),
}


def _dtype_ok(param_dtype: str, array_dtype: str) -> bool:
    if not param_dtype:  # a PTX pointer: untyped
        return True
    return array_dtype in _ACCEPTED.get(param_dtype, (param_dtype,))


def _tensor_dtype(array) -> str:
    return array.dtype.name


class TensorMap:
    """A TMA descriptor over a NumPy array: the parameters of
    cuTensorMapEncodeTiled, for a ``!tirx.tensormap`` kernel parameter.

    ``box`` is the shape of the box a TMA copy moves, **innermost
    dimension first** -- the order of ``cuTensorMapEncodeTiled``'s
    ``boxDim``, of the script's encode call
    (``T.call_packed("runtime.cuTensorMapEncodeTiled", ...)``) and of the
    TMA ops' coordinates, the reverse of ``array.shape``: a box of 64 rows
    of 128 elements over a row-major array is ``(128, 64)``.
    ``element_strides`` is innermost first too. ``swizzle`` is
    ``"none"``, ``"32B"``, ``"64B"`` or ``"128B"``; ``oob_fill`` is
    ``"zero"`` or ``"nan"``. The array must be C-contiguous in its
    innermost dimension; the simulator reads and writes it in place.
    """

    def __init__(self, array, box: Sequence[int], *, swizzle: str = "none",
                 oob_fill: str = "zero",
                 element_strides: Optional[Sequence[int]] = None,
                 l2_promotion: int = 0, dtype: Optional[str] = None):
        import numpy as np
        if not isinstance(array, np.ndarray):
            raise TypeError(f"TensorMap needs a NumPy array, got "
                            f"{type(array).__name__}")
        if not 1 <= array.ndim <= 5:
            raise ValueError(f"a tensor map has rank 1 to 5, the array has "
                             f"{array.ndim} dimensions")
        if len(box) != array.ndim:
            raise ValueError(f"box {tuple(box)} has {len(box)} dimensions, "
                             f"the array {array.ndim}")
        if array.strides[-1] != array.itemsize:
            raise ValueError("the array's innermost dimension must be "
                             "contiguous")
        if swizzle not in _SWIZZLE:
            raise ValueError(f"swizzle must be one of {sorted(_SWIZZLE)}, "
                             f"got {swizzle!r}")
        if oob_fill not in _OOB_FILL:
            raise ValueError(f"oob_fill must be 'zero' or 'nan', got "
                             f"{oob_fill!r}")
        es = list(element_strides) if element_strides else [1] * array.ndim
        if len(es) != array.ndim:
            raise ValueError("element_strides needs one entry per dimension")
        self.array = array
        self.box = tuple(int(b) for b in box)
        self.swizzle = swizzle
        self.oob_fill = oob_fill
        self.dtype = dtype or _tensor_dtype(array)
        # Innermost first.
        self._spec = {
            "dtype": self.dtype,
            "global_dim": [int(d) for d in reversed(array.shape)],
            "global_strides": [int(s) for s in reversed(array.strides[:-1])],
            "box_dim": [int(b) for b in self.box],
            "element_strides": [int(e) for e in es],
            "swizzle": _SWIZZLE[swizzle],
            "interleave": 0,
            "oob_fill": _OOB_FILL[oob_fill],
            "l2_promotion": int(l2_promotion),
        }

    def __repr__(self):
        return (f"TensorMap({self.dtype}{list(self.array.shape)}, "
                f"box={list(self.box)} (innermost first), "
                f"swizzle={self.swizzle!r})")


class RunStats:
    """What a run did: dynamic ops executed, threads, CTAs, clusters,
    asynchronous operations completed, wall and processor time, and whether
    races were checked."""

    def __init__(self, d: Dict[str, Any]):
        self.dynamic_ops: int = d["dynamic_ops"]
        self.threads: int = d["threads"]
        self.ctas: int = d["ctas"]
        self.clusters: int = d["clusters"]
        self.async_ops: int = d["async_ops"]
        self.seconds: float = d["seconds"]
        self.cpu_seconds: float = d["cpu_seconds"]
        self.races_checked: bool = d["races_checked"]
        # Exhaustive mode (explore="all") and replays (schedule=...).
        self.schedules: int = d.get("schedules", 0)
        self.exhaustive: bool = d.get("exhaustive", False)
        self.report: str = d.get("report", "")
        self.schedule: str = d.get("schedule", "")
        self.timeline: str = d.get("timeline", "")

    @property
    def ops_per_second(self) -> float:
        """Dynamic ops per second of processor time."""
        t = self.cpu_seconds or self.seconds
        return self.dynamic_ops / t if t > 0 else 0.0

    def __repr__(self):
        return (f"RunStats(dynamic_ops={self.dynamic_ops}, "
                f"threads={self.threads}, ctas={self.ctas}, "
                f"clusters={self.clusters}, async_ops={self.async_ops}, "
                f"seconds={self.seconds:.4f}, "
                f"races_checked={self.races_checked})")


def _operation_of(kernel):
    """The IR of `kernel`: a Module, an Operation (a func.func or a module),
    or an object carrying one (a script ``@T.prim_func`` or
    ``@I.ir_module``: its ``module``; other frontends' objects: their
    ``operation`` or ``ir_module``)."""
    if isinstance(kernel, (Module, Operation)):
        return kernel
    for attr in ("operation", "module", "ir_module"):
        value = getattr(kernel, attr, None)
        if isinstance(value, (Module, Operation)):
            return value
    raise TypeError(f"expected a tirx.ir.Module or Operation (or a kernel "
                    f"object carrying one), got {type(kernel).__name__}")


def _needs_tile_dispatch(op) -> bool:
    """Whether the IR holds tile primitives (``tirx.tile.*``) or buffers
    with a ``#tirx.layout``: what tirx-dispatch-tile-primitives and
    tirx-resolve-layouts lower before the simulator can run it."""
    from .ir import WalkResult
    found = []

    def visit(o):
        if o.name.startswith("tirx.tile.") or any(
                "#tirx.layout" in str(r.type) for r in o.results):
            found.append(o)
            return WalkResult.INTERRUPT
        return WalkResult.ADVANCE

    op.walk(visit)
    return bool(found)


def _dispatch_tiles(ir, func: Optional[str], chip: Optional[str]):
    """A copy of the module holding `ir`, with its tile primitives
    dispatched and its layouts resolved (as the GPU pipeline does before
    the conversion to GPU/NVVM); `chip` attaches a target first (needed
    when the module has no ``#tirx.target``). Returns the copy (kept alive
    by the Kernel) and the kernel function's name (None: the only one)."""
    from .passmanager import PassManager
    op = ir.operation
    if func is None and op.name == "func.func":
        func = op.attributes["sym_name"].value
    top = op
    while top.parent is not None:
        top = top.parent
    module = top.clone()
    passes = ["tirx-dispatch-tile-primitives", "tirx-resolve-layouts"]
    if chip:
        passes.insert(0, "tirx-attach-target{chip=%s}" % chip)
    PassManager.parse("builtin.module(%s)" % ",".join(passes),
                      context=module.context).run(module)
    return module, func


class Kernel:
    """A kernel function decoded for the simulator, called like a function.

    ``kernel`` is a module holding one kernel function (or ``func`` names
    it), the function operation itself, or a script ``@T.prim_func`` /
    ``@I.ir_module`` (errors then point at the script's Python lines). Decoding reports ops the
    simulator does not model as ``MLIRError`` at their location.

    Tile primitives (``tirx.tile.*``) and ``#tirx.layout`` buffers are
    lowered first, on a copy of the module, by tirx-dispatch-tile-primitives
    and tirx-resolve-layouts; ``chip`` (e.g. ``"sm_90a"``) is the target
    that dispatch picks variants for when the module has no
    ``#tirx.target``. The caller's IR is not changed.
    """

    def __init__(self, kernel, func: Optional[str] = None,
                 chip: Optional[str] = None, level: str = "ir"):
        if level not in ("ir", "ptx"):
            raise ValueError(f"level must be 'ir' or 'ptx', got {level!r}")
        self.level = level
        self._chip = chip
        if isinstance(kernel, _tirx.SimProgram):  # from_ptx / packages
            self._ir = None
            self._script = False
            self._program = kernel
            return
        # A script @T.prim_func names its function inside its module (which
        # may also hold the functions it calls).
        if func is None and hasattr(kernel, "func_op"):
            func = getattr(kernel, "name", None)
        self._script = _is_script(kernel)
        with self._located():
            self._ir = _operation_of(kernel)
            if _needs_tile_dispatch(self._ir.operation):
                self._ir, func = _dispatch_tiles(self._ir, func, chip)
            self._program = _tirx.SimProgram(self._ir, func, level=level,
                                              chip=chip)

    def _located(self):
        """Errors of a script kernel as ScriptErrors at the user's line
        (still MLIRErrors, with every diagnostic)."""
        return _ScriptErrors() if self._script else _NoWrap()

    @property
    def ptx(self) -> Optional[str]:
        """The PTX a PTX-level kernel runs (None at the IR level)."""
        return self._program.ptx

    @property
    def name(self) -> str:
        return self._program.name

    @property
    def params(self) -> List[Dict[str, Any]]:
        """One dict per parameter: kind (buffer, pointer, int, float,
        tensormap), dtype, shape (None for `?`), bytes."""
        return self._program.params

    @property
    def launch(self) -> Tuple[Tuple[int, int, int], ...]:
        """(grid, cluster, block), each (x, y, z)."""
        return self._program.launch

    def __call__(self, *args, **options) -> RunStats:
        """Runs the kernel over `args` (see :func:`run`). explore="all": the
        exhaustive mode, every schedule that can change the outcome (up to
        `max_schedules`; RunStats.exhaustive says whether all were covered,
        RunStats.report what was shown); a failing schedule raises with its
        replay string and a per-warp timeline in the notes. schedule="...":
        replays one such schedule (with its seed). `trace`: a path; the
        run's timeline (``tirx.profile`` ranges and marks, barrier and
        mbarrier waits, in logical time) is written there as Chrome trace /
        Perfetto JSON, also when the run fails (docs/Profiling.md); not with
        explore="all" (replay the reported schedule with the trace)."""
        return self._run(*args, **options)

    def _run(self, *args, seed: int = 0, check_races: bool = True,
             check_uninitialized: bool = True, max_errors: int = 1,
             max_steps: Optional[int] = None,
             explore: Optional[str] = None, max_schedules: int = 1000,
             schedule: Optional[str] = None, trace=None) -> RunStats:
        import os
        import numpy as np
        if explore not in (None, "all"):
            raise ValueError(f"explore must be None or 'all', got {explore!r}")
        if int(max_schedules) < 1:
            raise ValueError("max_schedules must be at least 1")
        if trace is not None:
            if not isinstance(trace, (str, os.PathLike)):
                raise TypeError(f"trace must be a path, got {type(trace).__name__}")
            if explore == "all":
                raise ValueError("trace= records one run; explore='all' runs "
                                 "many: replay the reported schedule "
                                 "(schedule=) with the trace")
            trace = os.fsdecode(os.fspath(trace))
        params = self.params
        if len(args) != len(params):
            raise TypeError(f"{self.name} takes {len(params)} arguments, "
                            f"got {len(args)}")
        blocks: List[Tuple[int, int, str]] = []
        arrays: List[Any] = []
        spec_args: List[tuple] = []

        def block_of(array, what: str) -> int:
            if not array.flags.c_contiguous:
                raise ValueError(f"{what}: the array must be C-contiguous")
            if not array.flags.writeable:
                array = array.copy()
            addr = array.__array_interface__["data"][0]
            for i, other in enumerate(arrays):
                if other is array or (
                        addr == blocks[i][0] and array.nbytes == blocks[i][1]):
                    return i
                if np.shares_memory(array, other):
                    raise ValueError(f"{what} overlaps another argument's "
                                     f"memory")
            arrays.append(array)
            blocks.append((addr, array.nbytes, what))
            return len(arrays) - 1

        for i, (arg, p) in enumerate(zip(args, params)):
            what = f"argument #{i}"
            kind = p["kind"]
            if kind in ("buffer", "pointer"):
                if not isinstance(arg, np.ndarray):
                    raise TypeError(f"{what} ({p['dtype']} {kind}) needs a "
                                    f"NumPy array, got {type(arg).__name__}")
                if not _dtype_ok(p["dtype"], arg.dtype.name):
                    raise TypeError(f"{what}: the kernel expects "
                                    f"{p['dtype']} elements, the array holds "
                                    f"{arg.dtype.name}")
                spec_args.append(("memory", block_of(arg, what), 0,
                                  [int(s) for s in arg.shape]))
            elif kind == "tensormap":
                if not isinstance(arg, TensorMap):
                    raise TypeError(f"{what} needs a tirx.sim.TensorMap, got "
                                    f"{type(arg).__name__}")
                spec_args.append(("tensormap", block_of(arg.array, what), 0,
                                  arg._spec))
            elif kind == "int":
                if isinstance(arg, (float, np.floating)):
                    raise TypeError(f"{what} needs an integer, got {arg!r}")
                spec_args.append(("int", int(arg)))
            else:
                spec_args.append(("float", float(arg)))
        with self._located():
            stats = self._program.run(
                blocks, spec_args, seed=int(seed), check_races=check_races,
                check_uninitialized=check_uninitialized, max_errors=max_errors,
                max_steps=(1 << 36) if max_steps is None else int(max_steps),
                explore=explore == "all", max_schedules=int(max_schedules),
                schedule="" if schedule is None else str(schedule),
                trace=trace)
        # Arguments that were read-only were copied in; nothing to copy back.
        return RunStats(stats)

    def __repr__(self):
        return f"tirx.sim.Kernel({self.name})"


def _is_ptx_text(kernel) -> bool:
    return isinstance(kernel, str) and (".entry" in kernel or
                                        ".version" in kernel)


def _is_package(kernel) -> bool:
    """A kernel package: a launcher Kernel or Package, or the path of one."""
    import os
    if hasattr(kernel, "launch_desc") and hasattr(kernel, "package"):
        return True
    if hasattr(kernel, "manifest") and hasattr(kernel, "kernels"):
        return True
    if isinstance(kernel, (str, os.PathLike)) and not _is_ptx_text(kernel):
        path = os.fspath(kernel)
        return os.path.isfile(os.path.join(path, "manifest.json")) or (
            os.path.isfile(path) and path.endswith((".tirxpkg", ".zip")))
    return False


def ptx_kernel(text: str, *, kernel: str = "", grid=(1,), block=(),
               cluster=(), shared_memory: int = 0, abi=(),
               name: str = "kernel.ptx", context=None) -> Kernel:
    """A PTX kernel (text) decoded for the PTX level, for a launch of
    `grid` CTAs of `block` threads (block and cluster default to the
    kernel's .reqntid/.maxntid and .reqnctapercluster). `abi` names how each
    parameter is passed ("pointer", "i32", "f32", "tensormap", ...; default:
    from the declarations). Pointer parameters take NumPy arrays."""
    from .ir import Context
    if context is None:
        context = Context()
    as_list = lambda v: [int(x) for x in (v if isinstance(v, (list, tuple))
                                          else (v,))]
    prog = _tirx.SimProgram.from_ptx(
        text, name, kernel=kernel, grid=as_list(grid), block=as_list(block),
        cluster=as_list(cluster), shared_memory=int(shared_memory),
        abi=list(abi), context=context)
    k = Kernel(prog, level="ptx")
    k._context = context  # keeps the IR of the program alive
    return k


def _is_script(kernel) -> bool:
    try:
        from .script import IRModule, PrimFunc
    except ImportError:  # pragma: no cover
        return False
    return isinstance(kernel, (PrimFunc, IRModule))


class _NoWrap:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class _ScriptErrors:
    def __enter__(self):
        return self

    def __exit__(self, typ, value, tb):
        from .ir import MLIRError
        if typ is not None and issubclass(typ, MLIRError):
            from .script._compile import SimulationError
            if not isinstance(value, SimulationError):
                raise SimulationError.of(value) from None
        return False


def build(func_or_module, func: Optional[str] = None,
          chip: Optional[str] = None):
    """What ``tirx.build(func_or_module, target="sim")`` returns: the
    :class:`Kernel` of a module with one kernel function, else an object
    with one Kernel attribute per kernel function. Takes what tirx.build
    takes (a script function or module, a Module, an Operation, MLIR text
    or a path to a .mlir file)."""
    import os
    from .ir import Context, Module
    obj = func_or_module
    if isinstance(obj, (str, os.PathLike)):
        text = obj
        if isinstance(obj, os.PathLike) or (isinstance(obj, str) and
                                             "\n" not in obj and os.path.isfile(obj)):
            with open(os.fspath(obj)) as f:
                text = f.read()
        obj = Module.parse(text, context=Context())
    names = _kernel_functions(_operation_of(obj))
    if func is not None or len(names) == 1:
        return Kernel(obj, func=func or names[0], chip=chip)
    if not names:
        raise ValueError("the module has no kernel function (a function "
                         "with a 'tirx.kernel') to run")
    return _SimPackage({n: Kernel(obj, func=n, chip=chip) for n in names})


def _kernel_functions(op) -> List[str]:
    from .ir import WalkResult
    top = op.operation
    if top.name == "func.func":
        return [top.attributes["sym_name"].value]
    out = []
    for f in top.regions[0].blocks[0].operations:
        if f.name != "func.func":
            continue
        found = []

        def visit(o):
            if o.name == "tirx.kernel":
                found.append(o)
                return WalkResult.INTERRUPT
            return WalkResult.ADVANCE
        f.walk(visit)
        if found:
            out.append(f.attributes["sym_name"].value)
    return out


class _SimPackage:
    """The kernels of a module built for the simulator, by name."""

    def __init__(self, kernels):
        self.kernels = dict(kernels)
        for k, v in kernels.items():
            setattr(self, k, v)

    def __repr__(self):
        return f"tirx.sim package ({', '.join(self.kernels)})"


def run(kernel, *args, seed: int = 0, func: Optional[str] = None,
        chip: Optional[str] = None, level: str = "ir", **options) -> RunStats:
    """Runs `kernel` (a module, a function operation, a script
    ``@T.prim_func``) once in the simulator over `args` (NumPy arrays for
    buffers and pointers, numbers for scalars, TensorMap for tensor maps);
    arrays are updated in place. Options: check_races, check_uninitialized,
    max_errors, max_steps, explore ("all": every schedule that can change
    the outcome, up to max_schedules), schedule (replay one), trace (a path
    for the run's Perfetto timeline); `chip` as for :class:`Kernel`;
    ``level="ptx"`` runs the kernel's PTX.
    Raises tirx.ir.MLIRError at the first problem.

    `kernel` may also be PTX text (then grid=, block=, cluster=,
    shared_memory=, abi= and kernel= describe the launch, as for
    :func:`ptx_kernel`) or a kernel package (a path, or a launcher package
    or kernel; kernel= names one of several): its host part is evaluated as
    the launcher evaluates it and the PTX runs with the parameters the
    runtime would pass."""
    if _is_ptx_text(kernel):
        launch = {k: options.pop(k) for k in
                  ("kernel", "grid", "block", "cluster", "shared_memory",
                   "abi", "name", "context") if k in options}
        return ptx_kernel(kernel, **launch)(*args, seed=seed, **options)
    if _is_package(kernel):
        return _run_package(kernel, args, seed=seed,
                            name=options.pop("kernel", None), **options)
    return Kernel(kernel, func=func, chip=chip, level=level)(
        *args, seed=seed, **options)


#===----------------------------------------------------------------------===#
# Packages: the host part as the launcher evaluates it
#===----------------------------------------------------------------------===#

_GLOBAL_BASE = 1 << 40
_GLOBAL_SHIFT = 36


class _SimRuntime:
    """What the launcher asks of the runtime library, for the simulator:
    a tensormap is its (validated) spec."""

    def encode_tensormap(self, spec):
        return ("tensormap", spec)

    def validate_tensormap(self, spec):
        return None


def _run_package(pkg, args, *, seed=0, name=None, **options) -> RunStats:
    import os
    import numpy as np
    from .runtime import launcher as _launcher
    from .runtime.launcher import TensorInfo
    kernel = pkg
    if not hasattr(kernel, "launch_desc"):
        package = kernel if hasattr(kernel, "kernels") else _launcher.load(
            os.fspath(kernel))
        kernels = package.kernels
        if name is None:
            if len(kernels) != 1:
                raise TypeError(f"the package has {len(kernels)} kernels "
                                f"({', '.join(sorted(kernels))}); pass kernel=")
            kernel = next(iter(kernels.values()))
        else:
            kernel = kernels[name]
    ptx = kernel.package.file("kernels.ptx")
    if isinstance(ptx, bytes):
        ptx = ptx.decode("utf-8")
    values = kernel.bind_arguments(list(args), {})
    arrays, blocks = [], []

    def block_of(array, what):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{what} needs a NumPy array, got "
                            f"{type(array).__name__}")
        if not array.flags.c_contiguous:
            raise ValueError(f"{what}: the array must be C-contiguous")
        for i, other in enumerate(arrays):
            if other is array:
                return i
            if np.shares_memory(array, other):
                raise ValueError(f"{what} overlaps another argument's memory")
        arrays.append(array)
        blocks.append((array.__array_interface__["data"][0], array.nbytes,
                       what))
        return len(arrays) - 1

    params = []
    for p, v in zip(kernel.params, values):
        where = kernel._where(p)
        if p["kind"] in ("buffer", "pointer"):
            i = block_of(v, where)
            if p["dtype"] is not None and not _dtype_ok(p["dtype"],
                                                        v.dtype.name):
                raise TypeError(f"{where} must have dtype {p['dtype']}, got "
                                f"{v.dtype.name}")
            if p["kind"] == "buffer":
                shape = p["shape"]
                if len(shape) != v.ndim or any(
                        w is not None and w != g for w, g in
                        zip(shape, v.shape)):
                    raise ValueError(f"{where} must have shape "
                                     f"{kernel._param_type(p)}, got "
                                     f"{list(v.shape)}")
            info = TensorInfo()
            info.data = _GLOBAL_BASE + (i << _GLOBAL_SHIFT)
            info.device_type, info.device_id = 2, 0  # kDLCUDA
            info.dtype = v.dtype.name
            info.shape = tuple(int(d) for d in v.shape)
            info.strides = tuple(int(st // v.itemsize) for st in v.strides)
            info.lanes = 1
            info.framework = "numpy"
            info.source = v
            params.append(info)
        else:
            params.append(kernel._scalar(p, v))
    cfg = kernel.evaluate(params, runtime=_SimRuntime())

    def memory(addr, what):
        off = addr - _GLOBAL_BASE
        i, byte = off >> _GLOBAL_SHIFT, off & ((1 << _GLOBAL_SHIFT) - 1)
        if off < 0 or i >= len(arrays):
            raise ValueError(f"{what}: the host part passes {addr:#x}, which "
                             f"is not in an argument's memory")
        return i, byte

    abi, spec_args = [], []
    for k, (a, v) in enumerate(cfg["args"]):
        abi.append(a)
        what = f"kernel argument #{k}"
        if a == "pointer":
            i, off = memory(v.data if isinstance(v, TensorInfo) else int(v),
                            what)
            spec_args.append(("memory", i, off, []))
        elif a == "tensormap":
            spec = v[1]
            i, off = memory(int(spec["address"]), what)
            spec_args.append(("tensormap", i, off, {
                "dtype": spec["dtype"],
                "global_dim": list(spec["global_dims"]),
                "global_strides": list(spec["global_strides"]),
                "box_dim": list(spec["box"]),
                "element_strides": list(spec["element_strides"]),
                "swizzle": spec["swizzle"], "interleave": spec["interleave"],
                "oob_fill": spec["oob_fill"],
                "l2_promotion": spec["l2_promotion"]}))
        elif a in ("f16", "bf16", "f32", "f64"):
            spec_args.append(("float", float(v)))
        else:
            spec_args.append(("int", int(v)))
    from .ir import Context
    context = Context()
    prog = _tirx.SimProgram.from_ptx(
        ptx, os.path.join(str(kernel.package.path), "kernels.ptx"),
        kernel=kernel.launch_desc["kernel"], grid=list(cfg["grid"]),
        block=list(cfg["block"]), cluster=list(cfg["cluster"] or []),
        shared_memory=int(cfg["shared_memory"]), abi=abi, context=context)
    stats = prog.run(blocks, spec_args, seed=int(seed),
                     check_races=options.pop("check_races", True),
                     check_uninitialized=options.pop("check_uninitialized",
                                                     True),
                     max_errors=options.pop("max_errors", 1),
                     max_steps=options.pop("max_steps", None) or (1 << 36))
    if options:
        raise TypeError(f"unknown options {sorted(options)}")
    return RunStats(stats)


#===----------------------------------------------------------------------===#
# Both levels
#===----------------------------------------------------------------------===#

class PTXMismatch(RuntimeError):
    """The PTX level and the IR level disagree: different memory after the
    run, or one of them reports a problem the other does not (a
    RuntimeError, as every error of the package is)."""


def _float_bits(array):
    import numpy as np
    width = array.dtype.itemsize
    return array.view({1: np.uint8, 2: np.uint16, 4: np.uint32,
                       8: np.uint64}[width])


def _ulp_distance(a, b):
    """Per-element distance in units of the last place (a and b: arrays of
    one float dtype); NaN == NaN."""
    import numpy as np
    ia = _float_bits(a).astype(np.int64)
    ib = _float_bits(b).astype(np.int64)
    bits = a.dtype.itemsize * 8
    sign = np.int64(1) << (bits - 1)
    mag_a, mag_b = ia & (sign - 1), ib & (sign - 1)
    oa = np.where(ia & sign, -mag_a, mag_a)
    ob = np.where(ib & sign, -mag_b, mag_b)
    d = np.abs(oa - ob)
    both_nan = np.isnan(a.astype(np.float64)) & np.isnan(b.astype(np.float64))
    return np.where(both_nan, 0, d)


def _compare(ir, ptx, ulps, what):
    """A message for each difference between two arrays (empty if none)."""
    import numpy as np
    if ir.dtype.kind == "f" or ir.dtype.name in ("bfloat16", "float8_e4m3fn",
                                                  "float8_e5m2"):
        d = _ulp_distance(ir, ptx)
        bad = d > ulps
    else:
        bad = ir.view(np.uint8).reshape(ir.shape + (-1,)) != \
            ptx.view(np.uint8).reshape(ptx.shape + (-1,))
        bad = bad.any(axis=-1) if bad.ndim > ir.ndim else bad
        d = None
    n = int(np.count_nonzero(bad))
    if not n:
        return None
    first = np.unravel_index(int(np.flatnonzero(bad)[0]), ir.shape)
    msg = (f"{what}: {n} of {ir.size} elements differ, first at "
           f"{tuple(int(i) for i in first)}: IR level {ir[first]!r}, PTX "
           f"level {ptx[first]!r}")
    if d is not None:
        msg += f" (up to {int(d.max())} ulps; tolerance {ulps})"
    return msg


def check_ptx(kernel, *args, ulps: int = 0, seed: int = 0,
              func: Optional[str] = None, chip: Optional[str] = None,
              **options):
    """Runs `kernel` at the IR level over `args` (updated in place, as
    :func:`run` does) and at the PTX level over copies of them, and checks
    that every array ends equal: bit-exact, or for float arrays within
    `ulps` units in the last place (approximate math). When both levels
    report a problem, the IR level's error is raised (its ``ptx_error``
    holds the PTX level's). Raises :class:`PTXMismatch` otherwise. Returns
    the (IR, PTX) RunStats."""
    import copy
    import numpy as np
    from .ir import MLIRError
    if isinstance(kernel, Kernel):
        # An IR-level Kernel: its PTX twin is compiled once and kept.
        if kernel.level != "ir" or kernel._ir is None:
            raise TypeError("check_ptx takes an IR-level kernel")
        ir = kernel
        ptx = getattr(kernel, "_ptx_twin", None)
        if ptx is None:
            ptx = Kernel(kernel._ir, func=kernel.name,
                         chip=chip or kernel._chip, level="ptx")
            kernel._ptx_twin = ptx
    else:
        ir = Kernel(kernel, func=func, chip=chip)
        ptx = Kernel(kernel, func=func, chip=chip, level="ptx")
    copies = {}

    def clone(a):
        if isinstance(a, np.ndarray):
            if id(a) not in copies:
                c = a.copy()
                c.flags.writeable = a.flags.writeable  # read-only: copied in
                copies[id(a)] = (a, c)
            return copies[id(a)][1]
        if isinstance(a, TensorMap):
            t = copy.copy(a)
            t.array = clone(a.array)
            return t
        return a

    ptx_args = [clone(a) for a in args]
    ir_error = ptx_error = None
    try:
        ir_stats = Kernel._run(ir, *args, seed=seed, **options)
    except MLIRError as e:
        ir_error = e
    try:
        ptx_stats = Kernel._run(ptx, *ptx_args, seed=seed, **options)
    except MLIRError as e:
        ptx_error = e
    if ir_error is not None and ptx_error is not None:
        ir_error.ptx_error = ptx_error
        raise ir_error
    if ir_error is not None or ptx_error is not None:
        which, other, err = (("IR", "PTX", ir_error) if ir_error else
                             ("PTX", "IR", ptx_error))
        raise PTXMismatch(f"the {which} level reports a problem the {other} "
                          f"level does not: {err}")
    problems = []
    for k, (orig, cp) in enumerate(copies.values()):
        m = _compare(orig, cp, ulps, f"array #{k}")
        if m:
            problems.append(m)
    if problems:
        raise PTXMismatch("the PTX level differs from the IR level:\n  " +
                          "\n  ".join(problems))
    return ir_stats, ptx_stats
