"""TIRx: a hardware-native GPU kernel IR as an MLIR dialect.

Modules (named after upstream MLIR's Python packages):

* ``tirx.ir`` -- Context, Location, Module, Operation, InsertionPoint, types
  and attributes (TIRx's and the builtin ones), MLIRError.
* ``tirx.passmanager`` -- PassManager with textual pipelines.
* ``tirx.compiler`` -- PTX / LLVM IR / cubin emission for a chip.
* ``tirx.sim`` -- run a kernel on the CPU over NumPy arrays, with race,
  deadlock and synchronization checks.
"""

from ._tirx import __version__, MLIR_VERSION  # noqa: F401
from . import ir, passmanager, compiler, sim  # noqa: F401

__all__ = ["ir", "passmanager", "compiler", "sim", "__version__",
           "MLIR_VERSION"]
