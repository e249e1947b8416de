"""On a machine with a CUDA GPU and PyTorch: the device check
(bench/gpu/device_check.py) with the examples and one row per benchmark
kernel. Skipped without a device; the GPU machine runs the whole device
check from its bundle (docs/Kernels.md)."""

import json
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
    r = subprocess.run([sys.executable, SCRIPT, "build", out, "--quick"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    results = tmp_path / "results"
    r = subprocess.run([sys.executable, os.path.join(out, "device_check.py"),
                        "--out", str(results)], capture_output=True, text=True,
                       timeout=600)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    with open(results / "results.jsonl") as f:
        cases = [json.loads(l) for l in f if '"kind": "case"' in l]
    assert cases and all(c["status"] == "ok" for c in cases)
