"""examples/backend installed into a temporary target directory (a real
dist-info from pip) and used from a script and from tirx-opt."""

import os
import shutil
import subprocess
import sys

import pytest

from .tools import PLUGIN, REPO, TIRX_OPT, run_python

pytestmark = [
    pytest.mark.skipif(not os.path.isfile(PLUGIN), reason="the example plugin is not built"),
    pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                       reason="a pip install: run by the normal build only"),
]

KERNEL = '''
import tirx
from tirx.script import tirx as T
from tirx import ir
from tirx.passmanager import PassManager

@T.prim_func
def main(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    B[tx] = T.example.clamp(T.example.axpy(2.0, A[tx], B[tx]), 0.0, 1.0)

import tirx_example_backend
print("backends", tirx._backends.loaded_backends())
print("plugin", tirx._backends._LOADED["example"]["plugin"])
ptx = tirx.compile(main, target="sm_90a", emit="ptx")
print("ptx", "max.f32" in ptx, "min.f32" in ptx)
m = ir.Module.parse(main.mlir(), context=ir.Context())
PassManager.parse("builtin.module(func.func(tirx-example-count-ops))",
                  context=m.context).run(m.operation)
print("attr", m.operation.regions[0].blocks[0].operations[0].attributes["tirx_example.num_ops"])
'''


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("backend")
    src = root / "src"
    shutil.copytree(os.path.join(REPO, "examples", "backend"), src,
                    ignore=shutil.ignore_patterns("plugin", "build", "*.egg-info"))
    target = root / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                        "--no-build-isolation", "--no-index", "--target", str(target),
                        str(src)], capture_output=True, text=True, timeout=300)
    if r.returncode != 0 and "No module named" in r.stderr and "setuptools" in r.stderr:
        pytest.skip("setuptools is not installed")
    assert r.returncode == 0, r.stderr
    assert any(p.endswith(".dist-info") for p in os.listdir(target))
    return str(target)


def test_example_backend_from_script(installed, tmp_path):
    kernel = tmp_path / "kernel.py"  # the frontend reads the kernel's source file
    kernel.write_text(KERNEL)
    r = run_python(f"import runpy; runpy.run_path({str(kernel)!r})", paths=[installed],
                   env={"TIRX_EXAMPLE_PLUGIN": PLUGIN})
    assert r.returncode == 0, r.stderr
    out = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    assert out["backends"] == "['example']"
    assert out["plugin"] == "['dialect', 'pass']"
    assert out["ptx"] == "True True", r.stdout  # T.example.clamp
    assert out["attr"] == "5 : i64"  # thread_id, 2 loads, store, kernel


def test_example_backend_switched_off(installed):
    r = run_python("from tirx.script import tirx as T\nprint(hasattr(T, 'example'))",
                   paths=[installed], env={"TIRX_BACKEND_AUTOLOAD": "0"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "False"


def test_example_plugin_in_tirx_opt(tmp_path):
    mlir = os.path.join(REPO, "examples", "elementwise.mlir")
    r = subprocess.run([TIRX_OPT, f"--load-pass-plugin={PLUGIN}",
                        "--pass-pipeline=builtin.module(func.func(tirx-example-count-ops))",
                        mlir], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "func.func @axpy" in r.stdout
    assert "attributes {tirx_example.num_ops = 8 : i64}" in r.stdout
    marker = tmp_path / "marker.mlir"
    marker.write_text('func.func @f() {\n  "tirx_example.marker"() : () -> ()\n  return\n}\n')
    r = subprocess.run([TIRX_OPT, str(marker)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "unregistered dialect" in r.stderr
    r = subprocess.run([TIRX_OPT, f"--load-dialect-plugin={PLUGIN}", str(marker)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert '"tirx_example.marker"() : () -> ()' in r.stdout
