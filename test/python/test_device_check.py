"""The GPU device check's dry mode: every case compiles into a package and
its host part evaluates; the bundle holds what travels to the GPU machine
(packages, runtime library, launcher, the script) and its launcher runs
under another Python without the tirx package."""

import glob
import os
import subprocess
import sys

import pytest

from conftest import REPO_ROOT

SCRIPT = os.path.join(REPO_ROOT, "bench", "gpu", "device_check.py")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("device-check")
    r = subprocess.run([sys.executable, SCRIPT, "build", str(out), "--dry-run"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return out, r.stdout


def test_dry_run_plan(bundle):
    out, text = bundle
    assert "built 8 packages for sm_90a" in text
    lines = {l.split()[0]: l.split() for l in text.splitlines()
             if l and not l.startswith(("built", "plan", "kernel", " ", "("))}
    # kernel, grid, block, cluster, smem, images, arguments...
    assert lines["dsmem_remote_arrive"][1:5] == ["2x1x1", "128x1x1", "2x1x1", "0"]
    assert lines["tma_tile_copy"][1:5] == ["16x1x1", "128x1x1", "-", "8192"]
    assert "tensormap(float16)" in " ".join(lines["tma_tile_copy"])
    assert lines["axpy"][-4:] == ["pointer,", "pointer,", "f32,", "i32"]
    assert lines["warp_sum"][1:3] == ["8x1x1", "512x1x1"]
    assert lines["cta_sum"][1:3] == ["64x1x1", "256x1x1"]
    assert lines["stage"][4] == "2048"
    assert lines["axpy<-twice"][1:3] == ["8x1x1", "128x1x1"]
    # The host part computed the grid: ceil(100000 / 256) CTAs.
    assert lines["axpy_dynamic"][1:3] == ["391x1x1", "256x1x1"]


def test_bundle_travels_alone(bundle):
    out, _ = bundle
    for f in ("tirx_launcher.py", "libtirx_runtime.so", "device_check.py",
              "plan.json"):
        assert (out / f).is_file(), f
    assert len(list(out.glob("*.tirxpkg"))) == 8
    pythons = [p for p in sorted(glob.glob("/root/.pyenv/versions/3.8*/bin/python3"))
               if os.path.realpath(p) != os.path.realpath(sys.executable)]
    python = pythons[0] if pythons else sys.executable
    env = dict(os.environ, PYTHONPATH="")
    r = subprocess.run([python, str(out / "tirx_launcher.py"),
                        str(out / "axpy.tirxpkg")], capture_output=True,
                       text=True, env=env, cwd=str(out), timeout=60)
    assert r.returncode == 0, r.stderr
    assert ("<TIRx kernel axpy(arg0: float32[1024], arg1: float32[1024], "
            "arg2: float32, arg3: int32)>") in r.stdout


def test_run_mode_plumbing_with_a_mock_torch(bundle, tmp_path):
    """The run mode against the fake driver and a NumPy-backed stand-in for
    PyTorch (test/python/mock_torch): every case is built into arguments,
    launched (on the framework's current stream), compared and timed, and
    the table is printed. Nothing executes, so every result is wrong and
    the exit code is 1; on a GPU the same code checks real results."""
    pytest.importorskip("numpy")
    out, _ = bundle
    log = tmp_path / "driver.log"
    lib = os.path.join(REPO_ROOT, "build", "lib", "libtirx-fake-cuda.so")
    env = dict(os.environ, TIRX_CUDA_DRIVER=lib, TIRX_FAKE_CUDA_LOG=str(log),
               PYTHONPATH=os.pathsep.join([
                   os.path.join(REPO_ROOT, "test", "python", "mock_torch"),
                   os.path.join(REPO_ROOT, "test", "python")]))
    r = subprocess.run([sys.executable, str(out / "device_check.py"), "run",
                        str(out), "--iters", "2"], capture_output=True,
                       text=True, env=env, timeout=120)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.startswith("GPU: Fake GPU (TIRx test driver) (sm_90, "
                               "132 SMs), CUDA driver 13.0")
    rows = [l.split()[0] for l in r.stdout.splitlines()[2:-1]]
    assert rows == ["dsmem_remote_arrive", "tma_tile_copy", "axpy",
                    "axpy_dynamic", "warp_sum", "cta_sum", "py_func",
                    "byte_pool_view", "(torch"]
    assert "ERROR" not in r.stdout, r.stdout
    launches = [l for l in log.read_text().splitlines()
                if "cuLaunchKernelEx" in l]
    # Each case: one checked launch, one warm-up, two timed; the Python
    # function launches its kernel twice each time.
    assert len(launches) == 7 * 4 + 2 * 4
    assert all('"stream": 24301' in l for l in launches)
