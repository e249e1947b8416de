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
    assert "built 6 packages for sm_90a" in text
    lines = {l.split()[0]: l.split() for l in text.splitlines()
             if l and not l.startswith(("built", "plan", "kernel", " "))}
    # kernel, grid, block, cluster, smem, images, arguments...
    assert lines["dsmem_remote_arrive"][1:5] == ["2x1x1", "128x1x1", "2x1x1", "0"]
    assert lines["tma_tile_copy"][1:5] == ["16x1x1", "128x1x1", "-", "8192"]
    assert "tensormap(float16)" in " ".join(lines["tma_tile_copy"])
    assert lines["axpy"][-4:] == ["pointer,", "pointer,", "f32,", "i32"]
    assert lines["warp_sum"][1:3] == ["8x1x1", "512x1x1"]
    assert lines["cta_sum"][1:3] == ["64x1x1", "256x1x1"]
    assert lines["stage"][4] == "2048"
    assert "pyfunc" in lines and "not built" in " ".join(lines["pyfunc"])


def test_bundle_travels_alone(bundle):
    out, _ = bundle
    for f in ("tirx_launcher.py", "libtirx_runtime.so", "device_check.py",
              "plan.json"):
        assert (out / f).is_file(), f
    assert len(list(out.glob("*.tirxpkg"))) == 6
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
