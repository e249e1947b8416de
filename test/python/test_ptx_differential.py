"""The differential suite: simulating the TIRx IR and simulating the PTX it
compiles to give the same result (tirx.sim.check_ptx), for the simulator
tests (run again with --sim-levels=both: the examples, the example
kernels, the script and API tests) and every conformance kernel that
compiles and that the simulator can run. The lit simulator tests are
covered by test/Sim/ptx-differential.test (scripts/sim-ptx-diff.py)."""

import os
import subprocess
import sys

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError

from conftest import REPO_ROOT

HERE = os.path.dirname(os.path.abspath(__file__))

# The simulator tests the suite runs at both levels.
SIM_TESTS = ["test_sim_examples.py", "test_kernels_sim.py",
             "test_tile_kernels.py", "test_sim_script.py", "test_sim_api.py"]


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="compiles every kernel twice: run by the normal "
                           "build, skipped under the sanitizer build")
def test_simulator_tests_at_both_levels():
    import tirx
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(
        tirx.__file__)))
    env = dict(os.environ, TIRX_SIM_LEVELS="both",
               PYTHONPATH=os.pathsep.join(
                   [package_root] + [p for p in os.environ.get(
                       "PYTHONPATH", "").split(os.pathsep) if p]))
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "--sim-levels=both"] + SIM_TESTS,
        cwd=HERE, env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and " failed" not in r.stdout, r.stdout[-2000:]


def _conformance():
    try:
        from printer.corpus import conformance_kernels
    except ImportError:
        return []
    return conformance_kernels()


def _arch(path):
    """The kernel's chip: the conformance MANIFEST's arch column."""
    import csv
    manifest = os.path.join(os.path.dirname(os.path.dirname(path)),
                            "MANIFEST.tsv")
    if os.path.exists(manifest):
        with open(manifest) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row.get("file") == os.path.basename(path):
                    return row.get("arch") or "sm_90a"
    return "sm_90a"


def _arguments(kernel, rng):
    """Small-integer arrays and scalars for a kernel's parameters (None if
    one needs an argument the suite cannot make up: a tensor map)."""
    args = []
    for p in kernel.params:
        if p["kind"] in ("buffer", "pointer"):
            dtype = p["dtype"] or "float32"
            if dtype == "bfloat16":
                dtype = "uint16"
            if dtype.startswith("float8"):
                dtype = "uint8"
            shape = [d if d is not None else 64 for d in p["shape"]] or [1024]
            if dtype == "bool":
                a = rng.integers(0, 2, shape).astype(np.bool_)
            elif dtype.startswith("uint") and p["dtype"] in ("bfloat16",):
                a = np.zeros(shape, dtype)
            else:
                a = rng.integers(-4, 5, shape).astype(dtype)
            args.append(a)
        elif p["kind"] == "int":
            args.append(8)
        elif p["kind"] == "float":
            args.append(1.0)
        else:
            return None
    return args


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="run by the normal build")
@pytest.mark.parametrize("name,path", _conformance(), ids=lambda x: str(x)[:60])
def test_conformance_kernel_at_both_levels(name, path):
    from printer.corpus import load_conformance
    try:
        obj = load_conformance(path)
    except Exception as e:  # the parser's business (test_conformance)
        pytest.skip(f"does not parse: {type(e).__name__}")
    chip = getattr(obj, "TARGET", None) or _arch(path)
    try:
        kernel = sim.Kernel(obj, chip=chip)
    except (MLIRError, ValueError) as e:
        pytest.skip(f"the simulator does not run it: {str(e).splitlines()[0][:120]}")
    args = _arguments(kernel, np.random.default_rng(0))
    if args is None:
        pytest.skip("takes a tensor map argument")
    try:
        sim.check_ptx(kernel, *args, chip=chip)
    except sim.PTXMismatch as e:
        # As in test/Sim/ptx-differential.test, a problem only the IR level
        # reports is listed, not a mismatch: the compiled code may no longer
        # hold the faulting code (the original's test kernels may race:
        # test_layout's every thread stores A[0]).
        if str(e).startswith("the IR level reports a problem the PTX level does not"):
            pytest.skip(f"IR level only: {str(e).splitlines()[0][:160]}")
        raise
    except MLIRError as e:
        if "at the PTX level" in str(e) and "cannot" in str(e):
            # Only the GPU compile failed: the compile tests' business.
            pytest.skip(f"does not compile: {str(e).splitlines()[0][:120]}")
        # Both levels report the same kind of problem (random inputs).
        assert getattr(e, "ptx_error", None) is not None, e
