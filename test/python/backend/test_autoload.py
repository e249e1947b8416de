"""Backends through the ``tirx.backends`` entry points, and MLIR plugins
loaded once per process."""

import os

import pytest

import tirx

from .tools import PLUGIN, fake_distribution, run_python

BACKEND = '''
import sys
CALLS = []

def register():
    import tirx
    # the package is fully initialized when a backend is called
    CALLS.append((hasattr(tirx, "load_plugin"), "__all__" in vars(tirx),
                  sys.modules["tirx"] is tirx))
    return "registered"

def broken():
    raise RuntimeError("no device library here")
'''


@pytest.fixture
def dist(tmp_path):
    return fake_distribution(str(tmp_path), "fake_backend",
                             {"tirx.backends": {"good": "fake_backend:register",
                                                "bad": "fake_backend:broken",
                                                "missing": "fake_backend_nope:x"}},
                             {"fake_backend.py": BACKEND})


def test_entry_points_called_once_after_init(dist):
    r = run_python(
        "import warnings\n"
        "warnings.simplefilter('ignore')\n"
        "import tirx, fake_backend\n"
        "tirx._backends.autoload()\n"  # a second scan calls nothing again
        "print(fake_backend.CALLS)\n"
        "print(tirx._backends.loaded_backends())\n"
        "print(tirx._backends._LOADED['good'])\n", paths=[dist])
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "[(True, True, True)]"
    assert out[1] == "['bad', 'good', 'missing']"
    assert out[2] == "registered"


def test_failing_backend_is_a_warning(dist):
    r = run_python(
        "import warnings\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    import tirx\n"
        "for x in w: print(x.category.__name__, '|', x.message)\n"
        "print('compile' in dir(tirx))\n", paths=[dist])
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    bad = [l for l in lines if "'bad'" in l]
    missing = [l for l in lines if "'missing'" in l]
    assert len(bad) == 1 and bad[0].startswith("RuntimeWarning |"), lines
    assert "RuntimeError: no device library here" in bad[0]
    assert len(missing) == 1 and "ModuleNotFoundError" in missing[0], lines
    assert not [l for l in lines if "'good'" in l]
    assert lines[-1] == "True"


def test_autoload_switched_off(dist):
    r = run_python("import tirx, fake_backend\n"
                   "print(fake_backend.CALLS, tirx._backends.loaded_backends())\n",
                   paths=[dist], env={"TIRX_BACKEND_AUTOLOAD": "0"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[] []"
    assert "Warning" not in r.stderr


@pytest.mark.skipif(not os.path.isfile(PLUGIN), reason="the example plugin is not built")
def test_plugin_loaded_twice_is_loaded_once(tmp_path):
    link = tmp_path / "again.so"
    os.symlink(PLUGIN, link)
    before = tirx._backends.loaded_plugins()
    assert tirx.load_plugin(PLUGIN) == ["dialect", "pass"]
    assert tirx.load_plugin(PLUGIN) == ["dialect", "pass"]
    assert tirx.load_plugin(str(link)) == ["dialect", "pass"]  # the same file
    after = tirx._backends.loaded_plugins()
    assert after.count(os.path.realpath(PLUGIN)) == 1
    assert len(after) <= len(before) + 1


MARKER = 'func.func @f() {\n  "tirx_example.marker"() : () -> ()\n  return\n}\n'


@pytest.mark.skipif(not os.path.isfile(PLUGIN), reason="the example plugin is not built")
def test_dialect_plugin_reaches_new_contexts():
    r = run_python(
        "import tirx\n"
        "from tirx import ir\n"
        f"text = {MARKER!r}\n"
        "try:\n"
        "    ir.Module.parse(text, context=ir.Context())\n"
        "except ir.MLIRError as e:\n"
        "    print('before:', 'unregistered dialect' in str(e))\n"
        f"print(tirx.load_plugin({PLUGIN!r}))\n"
        "m = ir.Module.parse(text, context=ir.Context())\n"
        "print(m.body.operations[0].regions[0].blocks[0].operations[0].name)\n",
        env={"TIRX_BACKEND_AUTOLOAD": "0"})
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert out[0] == "before: True", out
    assert out[1:] == ["['dialect', 'pass']", "tirx_example.marker"]


def test_load_plugin_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        tirx.load_plugin(str(tmp_path / "none.so"))
    junk = tmp_path / "junk.so"
    junk.write_text("not a library")
    with pytest.raises(ValueError, match="cannot load the plugin library"):
        tirx.load_plugin(str(junk))
    # a shared library that is not an MLIR plugin
    import tirx._tirx as native
    with pytest.raises(ValueError, match="not an MLIR plugin"):
        tirx.load_plugin(native.__file__)


def test_register_namespace_refuses_existing_names():
    from tirx.script import register_namespace
    with pytest.raises(ValueError, match="exists already"):
        register_namespace("ptx", object())
    with pytest.raises(ValueError):
        register_namespace("not a name", object())
