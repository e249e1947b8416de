"""`python -m tirx`: each command, bad input and the exit codes (1 for an
error in the input, 2 for a usage error, never a traceback)."""

import os
import subprocess
import sys
import textwrap

import pytest

import tirx

# Each command is a fresh interpreter: run by the normal build only.
pytestmark = pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                                reason="subprocess-heavy; the normal build runs it")

PACKAGES = os.path.dirname(os.path.dirname(os.path.abspath(tirx.__file__)))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))

KERNEL = textwrap.dedent('''\
    from tirx.script import tirx as T

    @T.prim_func
    def main(A: T.Buffer((128,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        A[tx] = A[tx] + 1.0

    @T.prim_func
    def other(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        A[tx] = tx
    ''')

BAD = textwrap.dedent('''\
    from tirx.script import tirx as T

    @T.prim_func
    def main(A: T.Buffer((128,), "float32")):
        T.device_entry()
        tx = T.thread_id([128])
        A[tx] = undefined_name
    ''')


def tirx_cli(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=PACKAGES, TIRX_BACKEND_AUTOLOAD="0")
    return subprocess.run([sys.executable, "-m", "tirx", *args], capture_output=True,
                          text=True, env=env, timeout=120, input=stdin)


@pytest.fixture
def kernel(tmp_path):
    p = tmp_path / "kernel.py"
    p.write_text(KERNEL)
    return str(p)


def no_traceback(r):
    assert "Traceback" not in r.stderr, r.stderr


def test_targets():
    r = tirx_cli("targets")
    assert r.returncode == 0
    chips = r.stdout.split()
    assert "sm_90a" in chips and "sm_100a" in chips
    assert chips == tirx.compiler.supported_chips()


def test_compile_ptx_to_file(kernel, tmp_path):
    out = tmp_path / "k.ptx"
    r = tirx_cli("compile", kernel, "--target", "sm_100a", "-o", str(out))
    assert r.returncode == 0, r.stderr
    ptx = out.read_text()
    assert ".target sm_100a" in ptx and ".entry main(" in ptx


def test_compile_script_and_func(kernel):
    r = tirx_cli("compile", kernel, "--func", "other", "--emit", "script")
    assert r.returncode == 0, r.stderr
    assert "def other(A: T.Buffer((4,), \"int32\")):" in r.stdout
    assert "A[tx] = tx" in r.stdout
    from tirx.script import from_source
    back = from_source(r.stdout)
    assert "tirx.buffer_store" in back.mlir()


def test_compile_mlir_and_llvm(kernel):
    r = tirx_cli("compile", kernel, "--emit", "mlir")
    assert r.returncode == 0, r.stderr
    assert '#tirx.target<"sm_90a">' in r.stdout and "func.func @main" in r.stdout
    r = tirx_cli("compile", kernel, "--emit", "llvm")
    assert r.returncode == 0, r.stderr
    assert "define" in r.stdout and "@main" in r.stdout


def test_compile_user_errors(kernel, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(BAD)
    r = tirx_cli("compile", str(bad))
    assert r.returncode == 1
    no_traceback(r)
    assert "error: name 'undefined_name' is not defined" in r.stderr
    assert f"--> {bad}:7:13" in r.stderr

    syn = tmp_path / "syn.py"
    syn.write_text("x = (\n")
    r = tirx_cli("compile", str(syn))
    assert r.returncode == 1 and "SyntaxError" in r.stderr
    no_traceback(r)

    for args, msg in [((kernel, "--func", "nope"), "defines no kernel 'nope' (kernels: main, other)"),
                      ((kernel, "--target", "sm_1"), "unknown target 'sm_1'"),
                      ((str(tmp_path / "none.py"),), "no such file"),
                      ((kernel, "-o", str(tmp_path / "no" / "dir.ptx")), "cannot write")]:
        r = tirx_cli("compile", *args)
        assert r.returncode == 1, (args, r.stderr)
        assert msg in r.stderr, r.stderr
        no_traceback(r)


def test_usage_errors(kernel):
    for args in [(), ("compile",), ("compile", kernel, "--emit", "exe"), ("frobnicate",)]:
        r = tirx_cli(*args)
        assert r.returncode == 2, args
        assert "usage:" in r.stderr


def test_print_mlir(tmp_path):
    r = tirx_cli("print", os.path.join(REPO, "examples", "elementwise.mlir"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("from tirx.script import tirx as T\n@T.prim_func\n")
    assert "def axpy(A: T.Buffer((1024,), \"float32\")" in r.stdout
    assert "        B[v] = T.fma(A[v], arg2, B[v])" in r.stdout
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  tirx.nope\n}\n")
    r = tirx_cli("print", str(bad))
    assert r.returncode == 1
    assert f"{bad}:2:3: error:" in r.stderr, r.stderr
    no_traceback(r)
    # the printed file is a kernel file the compile command takes
    printed = tmp_path / "printed.py"
    printed.write_text(tirx_cli("print", os.path.join(REPO, "examples", "elementwise.mlir")).stdout)
    r = tirx_cli("compile", str(printed), "--emit", "ptx")
    assert r.returncode == 0, r.stderr
    assert ".entry axpy(" in r.stdout
    r = tirx_cli("print", "-", stdin="module {}\n")
    assert r.returncode == 0 and "@T.prim_func" not in r.stdout


def test_compile_a_factory_file():
    """examples/kernels/*.py define factories (make_*), no kernel: --func
    calls one with literal arguments; without it the error names them."""
    path = os.path.join(REPO, "examples", "kernels", "elementwise.py")
    r = tirx_cli("compile", path, "--func", "make_axpy(4096)", "--emit", "mlir")
    assert r.returncode == 0, r.stderr
    assert "func.func @axpy" in r.stdout
    r = tirx_cli("compile", path)
    assert r.returncode == 1
    no_traceback(r)
    assert "make_axpy(n, **overrides)" in r.stderr and "--func" in r.stderr
    r = tirx_cli("compile", path, "--func", "make_axpy(n)")
    assert r.returncode == 1 and "must be Python literals" in r.stderr
    r = tirx_cli("compile", path, "--func", "launch(4096)")
    assert r.returncode == 1 and "not a @T.prim_func or @I.ir_module" in r.stderr


def test_print_refuses_ir_without_a_spelling(tmp_path):
    src = tmp_path / "cf.mlir"
    src.write_text("func.func @f(%c: i1) {\n  cf.cond_br %c, ^a, ^b\n^a:\n  return\n"
                   "^b:\n  return\n}\n")
    r = tirx_cli("print", str(src))
    assert r.returncode == 1
    no_traceback(r)
    assert "error: 'func.func': 'cf.cond_br' has no script spelling" in r.stderr, r.stderr
    r = tirx_cli("print", str(src), "--allow-partial")
    assert r.returncode == 0 and "T.unprintable(" in r.stdout
