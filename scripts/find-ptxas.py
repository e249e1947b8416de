#!/usr/bin/env python3
"""Prints the path of a usable ptxas, or exits 1.

Search order: $PTXAS, PATH, $CUDA_HOME/$CUDA_PATH/$CUDA_ROOT, /usr/local/cuda,
then the ptxas shipped in PyPI's nvidia-cuda-nvcc wheel.
"""
import glob
import os
import shutil
import sys


def candidates():
    if os.environ.get("PTXAS"):
        yield os.environ["PTXAS"]
    found = shutil.which("ptxas")
    if found:
        yield found
    for var in ("CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"):
        if os.environ.get(var):
            yield os.path.join(os.environ[var], "bin", "ptxas")
    yield "/usr/local/cuda/bin/ptxas"
    try:
        import nvidia.cuda_nvcc as wheel  # type: ignore

        for base in list(getattr(wheel, "__path__", [])):
            yield from glob.glob(os.path.join(base, "**", "ptxas"), recursive=True)
    except Exception:
        pass
    try:
        import nvidia  # type: ignore

        for base in list(getattr(nvidia, "__path__", [])):
            yield from glob.glob(os.path.join(base, "cuda_nvcc", "**", "ptxas"),
                                 recursive=True)
    except Exception:
        pass


def main():
    for c in candidates():
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            print(os.path.realpath(c))
            return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
