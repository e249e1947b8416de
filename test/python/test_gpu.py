"""On a machine with a CUDA GPU and PyTorch: every example kernel through
its package, compared with PyTorch (bench/gpu/device_check.py). Skipped
without a device; the GPU machine runs the device check itself."""

import os
import subprocess
import sys

import pytest

from conftest import REPO_ROOT

torch = pytest.importorskip("torch", reason="needs PyTorch")
if not torch.cuda.is_available():  # pragma: no cover - CPU machines
    pytest.skip("needs a CUDA GPU", allow_module_level=True)

SCRIPT = os.path.join(REPO_ROOT, "bench", "gpu", "device_check.py")


def test_device_check_on_this_gpu(tmp_path):
    out = str(tmp_path / "bundle")
    r = subprocess.run([sys.executable, SCRIPT, "build", out],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    r = subprocess.run([sys.executable, os.path.join(out, "device_check.py"),
                        "run", out], capture_output=True, text=True,
                       timeout=300)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "8 of 8 cases passed" in r.stdout
