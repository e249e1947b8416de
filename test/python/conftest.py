"""Shared fixtures for the tirx Python tests.

Run with the build tree on PYTHONPATH (what `make check` does):
    PYTHONPATH=build/python_packages python3 -m pytest test/python
"""

import os
import sys

import pytest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

try:
    import tirx  # noqa: F401
except ImportError as e:  # pragma: no cover - a setup problem, say so
    raise ImportError(
        f"cannot import tirx ({e}); build it (ninja -C build) and run with "
        f"PYTHONPATH=build/python_packages") from e

from tirx.ir import Context, Location  # noqa: E402

# The example kernels read their configs from tirx.autotune's cache: the
# tests see none of the machine's tuning results (child processes inherit
# this too).
if "TIRX_AUTOTUNE_CACHE_DIR" not in os.environ:
    import tempfile
    os.environ["TIRX_AUTOTUNE_CACHE_DIR"] = tempfile.mkdtemp(prefix="tirx-autotune-test-")


@pytest.fixture
def ctx():
    """A fresh Context, current for the test's duration."""
    with Context() as c:
        yield c


@pytest.fixture
def loc(ctx):
    with Location.file("kernel.py", 1, 1) as l:
        yield l


@pytest.fixture(scope="session")
def ptxas():
    from tirx.compiler import find_ptxas
    return find_ptxas()


def pytest_report_header(config):
    import tirx
    return [f"tirx {tirx.__version__} (MLIR {tirx.MLIR_VERSION}) from "
            f"{os.path.dirname(tirx.__file__)}; python {sys.version.split()[0]}"]
