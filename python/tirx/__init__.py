"""TIRx: a hardware-native GPU kernel IR as an MLIR dialect.

Modules (named after upstream MLIR's Python packages):

* ``tirx.ir`` -- Context, Location, Module, Operation, InsertionPoint, types
  and attributes (TIRx's and the builtin ones), MLIRError.
* ``tirx.passmanager`` -- PassManager with textual pipelines.
* ``tirx.compiler`` -- PTX / LLVM IR / cubin emission for a chip.
* ``tirx.runtime`` -- kernel packages, the launcher, and
  ``tirx.build(module, target="sm_90a")`` (compile, cache, call on tensors).
"""

from ._tirx import __version__, MLIR_VERSION  # noqa: F401
from . import ir, passmanager, compiler  # noqa: F401
from . import runtime  # noqa: F401
from .runtime.builder import build  # noqa: F401

__all__ = ["ir", "passmanager", "compiler", "__version__", "MLIR_VERSION"]
__all__ += ["runtime", "build"]
