"""Running TIRx kernels: packages, the launcher and ``tirx.build``.

* ``tirx.runtime.launcher`` -- the pure-Python launcher (standard library
  and ctypes only; packages carry a copy as ``tirx_launcher.py``).
* ``tirx.runtime.package`` -- writing kernel packages.
* ``tirx.runtime.cached_build`` -- ``tirx.build``: compile, cache, load.

See docs/Runtime.md.
"""

from .launcher import (  # noqa: F401
    load, Package, Kernel, PyFunc, LauncherError, RuntimeLibrary,
    find_runtime_library, PACKAGE_FORMAT, LAUNCH_FORMAT, INTERLEAVE_MODES,
    SWIZZLE_MODES, L2_PROMOTION_MODES, OOB_FILL_MODES)
from .package import write_package, read_manifest  # noqa: F401
from .cached_build import build, compile_package, default_cache_dir  # noqa: F401

__all__ = ["load", "Package", "Kernel", "PyFunc", "LauncherError",
           "RuntimeLibrary", "INTERLEAVE_MODES", "SWIZZLE_MODES",
           "L2_PROMOTION_MODES", "OOB_FILL_MODES",
           "find_runtime_library", "write_package", "read_manifest", "build",
           "compile_package", "default_cache_dir", "PACKAGE_FORMAT",
           "LAUNCH_FORMAT"]
