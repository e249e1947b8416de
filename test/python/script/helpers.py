"""Helpers of the script-frontend tests."""

import os
import subprocess
import tempfile

import pytest

import tirx
from tirx.compiler import find_ptxas


def assemble(ptx, arch="sm_90a"):
    """Runs ptxas on `ptx` (skips the test when there is no ptxas)."""
    ptxas = find_ptxas()
    if ptxas is None:
        pytest.skip("ptxas not found")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "k.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        r = subprocess.run([ptxas, f"-arch={arch}", path, "-o", os.devnull],
                           capture_output=True, text=True)
    assert r.returncode == 0, r.stderr + "\n" + ptx


def compile_ptx(func, arch="sm_90a", check=True, sync=False):
    """PTX of a scripted kernel, assembled by ptxas when `check`. The
    kernels of these tests are op spellings, not programs: the static
    synchronization check (tirx-check-sync) runs only with `sync`."""
    ptx = tirx.compile(func, target=arch, emit="ptx", check_sync=sync)
    assert ".entry" in ptx
    if check:
        assemble(ptx, arch)
    return ptx


def ops(func, name):
    """The ops named `name` in a parsed function or module."""
    out = []

    def visit(op):
        if op.name == name:
            out.append(op)
    func.module.operation.walk(visit)
    return out


def line_of(marker, path=None):
    """The 1-based line of the first line of `path` (default: the calling
    test file) containing `marker`."""
    import inspect
    if path is None:
        path = inspect.stack()[1].filename
    for i, line in enumerate(open(path), 1):
        if marker in line:
            return i
    raise AssertionError(f"{marker!r} not in {path}")
