"""GPU code emission: PTX, LLVM IR and cubin for a chip, in process.

The input is a ``builtin.module`` holding ``gpu.module`` ops written in the
gpu / nvvm / llvm dialects (TIRx's own pipeline will plug in behind the same
functions). The module is not modified: a clone is lowered.
"""

import glob
import os
import shutil
from typing import Dict, Optional, Union

from . import _tirx
from .ir import Module, Operation, TargetAttr

__all__ = ["emit", "emit_ptx", "emit_llvm_ir", "emit_cubin", "find_ptxas",
           "find_cuda_toolkit", "supported_chips"]


def supported_chips():
    """The chip names every function here accepts (``sm_90a``, ...)."""
    return TargetAttr.supported_chips()


def find_ptxas() -> Optional[str]:
    """ptxas from PATH, $CUDA_HOME / $CUDA_PATH, /usr/local/cuda or PyPI's
    nvidia-cuda-nvcc wheel; None if there is none."""
    p = shutil.which("ptxas")
    if p:
        return p
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"),
                 "/usr/local/cuda"):
        if root and os.access(os.path.join(root, "bin", "ptxas"), os.X_OK):
            return os.path.join(root, "bin", "ptxas")
    try:
        import nvidia.cuda_nvcc as nvcc  # type: ignore
        bases = list(getattr(nvcc, "__path__", [])) or [
            os.path.dirname(nvcc.__file__)]
        for base in bases:
            for c in glob.glob(os.path.join(base, "**", "ptxas"),
                               recursive=True):
                if os.access(c, os.X_OK):
                    return c
    except ImportError:
        pass
    return None


def _has_libdevice(root: str) -> bool:
    return os.path.isfile(os.path.join(root, "nvvm", "libdevice",
                                       "libdevice.10.bc"))


def find_cuda_toolkit() -> Optional[str]:
    """The CUDA toolkit root used for libdevice (math functions) and ptxas:
    $CUDA_HOME / $CUDA_PATH / $CUDA_ROOT, the toolkit of the ptxas on PATH,
    /usr/local/cuda, or PyPI's nvidia-nvvm + nvidia-cuda-nvcc wheels (one
    `nvidia/cuXX` root); None if there is none (the compiler then searches
    itself, and reports a math function it cannot link)."""
    for var in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"):
        root = os.environ.get(var)
        if root and _has_libdevice(root):
            return root
    ptxas = shutil.which("ptxas")
    if ptxas:
        root = os.path.dirname(os.path.dirname(os.path.realpath(ptxas)))
        if _has_libdevice(root):
            return root
    if _has_libdevice("/usr/local/cuda"):
        return "/usr/local/cuda"
    try:
        import nvidia  # type: ignore  (namespace package of the CUDA wheels)
        for base in list(getattr(nvidia, "__path__", [])):
            for root in sorted(glob.glob(os.path.join(base, "cu*")),
                               reverse=True):
                if _has_libdevice(root):
                    return root
    except ImportError:
        pass
    return None


def _module_op(module: Union[Module, Operation]) -> Operation:
    if not isinstance(module, (Module, Operation)):
        raise TypeError("module must be a tirx.ir.Module or Operation, not "
                        f"{type(module).__name__}")
    return module.operation


def emit(module: Union[Module, Operation], chip: str = "sm_90a",
         format: str = "ptx", opt_level: int = 3,
         toolkit: Optional[str] = None,
         check_sync: bool = True,
         line_info: bool = False) -> Dict[str, Union[str, bytes]]:
    """Lowers every gpu.module; returns {gpu_module_name: text or bytes}.

    format: "ptx", "llvm" (LLVM IR text) or "cubin" (needs ptxas; `toolkit`
    is a CUDA root with bin/ptxas, found with find_ptxas() when None).
    line_info: `.file`/`.loc` directives naming each instruction's source
    line (as ``nvcc -lineinfo``; the code is the same). Raises MLIRError (a
    RuntimeError) with MLIR's diagnostics on failure, including an
    unsupported chip. check_sync: run tirx-check-sync, the static
    synchronization check (its errors fail the emission).
    """
    if toolkit is None:
        toolkit = find_cuda_toolkit()
    if toolkit is None and format == "cubin":
        ptxas = find_ptxas()
        if ptxas:
            toolkit = os.path.dirname(os.path.dirname(ptxas))
    # Always verifies the module first (no switch turns that off).
    objects = _tirx.emit_gpu_objects(_module_op(module), chip, format,
                                     opt_level, toolkit,
                                     check_sync=bool(check_sync),
                                     line_info=line_info)
    return {name: data for name, _chip, data in objects}


def _single(objects: Dict[str, Union[str, bytes]], gpu_module: Optional[str]):
    if gpu_module is not None:
        if gpu_module not in objects:
            raise KeyError(f"no gpu.module named {gpu_module!r}; have "
                           f"{sorted(objects)}")
        return objects[gpu_module]
    if len(objects) != 1:
        raise ValueError(f"the module has {len(objects)} gpu.modules "
                         f"({sorted(objects)}); pass gpu_module=")
    return next(iter(objects.values()))


def emit_ptx(module, chip: str = "sm_90a", *, gpu_module: Optional[str] = None,
             opt_level: int = 3, line_info: bool = False) -> str:
    """The PTX of the (only, or named) gpu.module, for `chip`."""
    return _single(emit(module, chip, "ptx", opt_level, line_info=line_info),
                   gpu_module)


def emit_llvm_ir(module, chip: str = "sm_90a", *,
                 gpu_module: Optional[str] = None, opt_level: int = 3) -> str:
    """The LLVM IR (text) of the (only, or named) gpu.module, for `chip`."""
    return _single(emit(module, chip, "llvm", opt_level), gpu_module)


def emit_cubin(module, chip: str = "sm_90a", *,
               gpu_module: Optional[str] = None, opt_level: int = 3,
               toolkit: Optional[str] = None) -> bytes:
    """The cubin (ELF bytes) of the (only, or named) gpu.module; runs ptxas."""
    return _single(emit(module, chip, "cubin", opt_level, toolkit), gpu_module)
