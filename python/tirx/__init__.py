"""TIRx: a hardware-native GPU kernel IR as an MLIR dialect.

Modules (named after upstream MLIR's Python packages):

* ``tirx.ir`` -- Context, Location, Module, Operation, InsertionPoint, types
  and attributes (TIRx's and the builtin ones), MLIRError.
* ``tirx.passmanager`` -- PassManager with textual pipelines.
* ``tirx.compiler`` -- PTX / LLVM IR / cubin emission for a chip.
* ``tirx.sim`` -- run a kernel on the CPU over NumPy arrays, with race,
  deadlock and synchronization checks.
* ``tirx.script`` -- the TVMScript-style frontend (``@T.prim_func``).
* ``tirx.compile(func_or_module, target="sm_90a", emit="ptx")`` -- compile a
  scripted kernel to PTX, LLVM IR, cubin or TIRx IR text.
* ``tirx.runtime`` -- kernel packages, the launcher, and
  ``tirx.build(module, target="sm_90a")`` (compile, cache, call on tensors).
* ``tirx.profile(kernel, *args)`` -- time a kernel; ``trace=True`` records
  its ``T.profile`` ranges into a Perfetto timeline (``tirx.profiling``).
* ``tirx.autotune(factory, space=...)`` -- tune a kernel factory's config
  with a persistent cache (``tirx.autotuning``).
* ``tirx.load_plugin(path)`` -- load an MLIR dialect/pass plugin library.
* ``python -m tirx`` -- the command line (``tirx.cli``).

Backends: every entry point of the group ``tirx.backends`` is loaded and
called once at the end of ``import tirx`` (``TIRX_BACKEND_AUTOLOAD=0`` turns
that off; see docs/Backends.md).
"""

from ._tirx import __version__, MLIR_VERSION  # noqa: F401
from . import ir, passmanager, compiler, sim  # noqa: F401
from . import runtime  # noqa: F401
from .runtime.cached_build import build  # noqa: F401
from .profiling import profile  # noqa: F401


def compile(func_or_module, target="sm_90a", emit="ptx", **kwargs):  # noqa: A001
    """Compiles a ``@T.prim_func`` or ``@I.ir_module`` for `target`:
    emit="ptx" | "llvm" | "cubin" | "mlir" (see tirx.script.compile)."""
    from .script import compile as _compile
    return _compile(func_or_module, target=target, emit=emit, **kwargs)


from ._backends import load_plugin  # noqa: E402,F401

__all__ = ["ir", "passmanager", "compiler", "compile", "sim", "runtime",
           "build", "profile", "autotune", "load_plugin", "__version__",
           "MLIR_VERSION"]


def __getattr__(name):
    # tirx.autotune loads its module (process pools, the cache) on first use.
    if name == "autotune":
        from .autotuning import autotune
        return autotune
    raise AttributeError("module 'tirx' has no attribute %r" % (name,))

# Last: backends see a fully initialized package.
from . import _backends  # noqa: E402
_backends.autoload()
