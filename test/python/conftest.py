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


# --sim-levels=both (or TIRX_SIM_LEVELS=both): every IR-level simulation a
# test runs (tirx.sim.run and tirx.sim.Kernel calls on TIRx IR or script
# kernels) also runs at the PTX level through tirx.sim.check_ptx, which
# raises PTXMismatch unless both levels end with the same memory (float
# elements within TIRX_SIM_ULPS units in the last place, default 0) and the
# PTX level reports no problem the IR level does not. The differential
# suite (test_ptx_differential.py) runs the simulator tests this way.
def pytest_addoption(parser):
    parser.addoption("--sim-levels", choices=("ir", "both"),
                     default=os.environ.get("TIRX_SIM_LEVELS", "ir"),
                     help="both: also simulate every kernel at the PTX level "
                          "and check that the levels agree")


@pytest.fixture(autouse=True)
def _sim_at_both_levels(request, monkeypatch):
    if request.config.getoption("--sim-levels") != "both":
        yield
        return
    from tirx import sim
    ulps = int(os.environ.get("TIRX_SIM_ULPS", "0"))
    marker = request.node.get_closest_marker("sim_ulps")
    if marker:
        ulps = max(ulps, int(marker.args[0]))
    original_run = sim.run

    def call(self, *args, **options):
        if self.level != "ir" or self._ir is None:
            return sim.Kernel._run(self, *args, **options)
        ir_stats, _ = sim.check_ptx(self, *args, ulps=ulps, **options)
        return ir_stats

    def run(kernel, *args, level="ir", **options):
        if level != "ir" or sim._is_ptx_text(kernel) or sim._is_package(kernel):
            return original_run(kernel, *args, level=level, **options)
        launch = {k: options.pop(k) for k in ("func", "chip") if k in options}
        return call(sim.Kernel(kernel, **launch), *args, **options)

    monkeypatch.setattr(sim.Kernel, "__call__", call)
    monkeypatch.setattr(sim, "run", run)
    yield
