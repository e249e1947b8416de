"""The conformance kernels of the original TIRx (../shared/conformance):
check.py parses each with only its imports changed, compiles it to PTX and
assembles it with ptxas; every kernel passes (there is no expected-failure
list)."""

import os
import subprocess
import sys

import pytest

import tirx

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def conformance_dir():
    for d in (os.environ.get("TIRX_CONFORMANCE_DIR"),
              os.path.join(os.path.dirname(ROOT), "shared", "conformance"),
              os.path.join(os.path.dirname(os.path.dirname(ROOT)), "shared", "conformance"),
              "/work/shared/conformance"):
        if d and os.path.exists(os.path.join(d, "check.py")):
            return d
    return None


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                    reason="36 compiles in subprocesses: run by the normal build, "
                           "skipped under the sanitizer build")
@pytest.mark.skipif(conformance_dir() is None,
                    reason="conformance kernels not found (set TIRX_CONFORMANCE_DIR "
                           "to the folder with check.py)")
def test_conformance_kernels():
    from tirx.compiler import find_ptxas
    if find_ptxas() is None:
        pytest.skip("ptxas not found")
    d = conformance_dir()
    pythonpath = os.path.dirname(os.path.dirname(os.path.abspath(tirx.__file__)))
    r = subprocess.run([sys.executable, os.path.join(d, "check.py"),
                        "--pythonpath", pythonpath],
                       capture_output=True, text=True, timeout=900)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    print(r.stdout)
    kernels = [f for f in os.listdir(os.path.join(d, "kernels")) if f.endswith(".py")]
    assert r.returncode == 0, r.stdout + r.stderr
    assert last == f"{len(kernels)} passed, 0 failed", last
