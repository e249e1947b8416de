"""Launch plans: the launcher's per-call fast path (tirxrt_plan_* in the
runtime library), against the fake CUDA driver, which records every driver
call. A repeated call signature launches from its plan -- no checks, no
host part, a tensormap encoded only for an address not seen lately -- and
each launch passes exactly what the checked path would; anything the plan
cannot vouch for (another shape, a misaligned address, a scalar of another
value) takes the checked path, with its errors."""

import json
import os
import struct
import subprocess
import sys

import pytest

from tirx.runtime import compile_package
from tirx.runtime import launcher as launcher_mod

from conftest import REPO_ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(REPO_ROOT, "examples")
FAKE_DRIVER = os.path.join(os.path.dirname(launcher_mod.find_runtime_library()),
                           "libtirx-fake-cuda.so")


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    root = tmp_path_factory.mktemp("plans")
    out = {}
    for name, src in (("copy", "tma_tile_copy.mlir"), ("axpy", "elementwise.mlir")):
        with open(os.path.join(EXAMPLES, src)) as f:
            out[name] = compile_package(f.read(), str(root / (name + ".tirxpkg")),
                                        assemble=False)
    return out


CHILD = r"""
import sys
sys.path[:0] = [{here!r}, {bench!r}]
import dry_torch as torch
sys.modules["torch"] = torch
from fake_dlpack import FakeCudaTensor
from tirx.runtime import load
copy = load({copy!r}).tma_tile_copy
axpy = load({axpy!r}).axpy
T = lambda shape, addr, dt=torch.float16: torch.Tensor(shape, dt, address=addr)
a1, b1 = T((1000, 64), 0x7f0000100000), T((1024, 64), 0x7f0000200000)
a2, b2 = T((1000, 64), 0x7f0000300000), T((1024, 64), 0x7f0000400000)
print("PHASE same")
for _ in range(3):
    copy(a1, b1, stream=0x77)
print("PHASE alternate")
for _ in range(2):
    copy(a2, b2, stream=0x77)
    copy(a1, b1, stream=0x77)
print("PHASE errors")
for args in ([T((1000, 64), 0x7f0000100008), b1],          # misaligned, same signature
             [T((1000, 32), 0x7f0000100000), b1],          # another shape
             [T((1000, 64), 0x7f0000100000, torch.float32), b1]):
    try:
        copy(*args, stream=0x77)
        print("no error")
    except (TypeError, ValueError) as e:
        print("ERROR", type(e).__name__, e)
print("PHASE dlpack")
for _ in range(2):
    copy(FakeCudaTensor((1000, 64), "float16", data=0x7f0000500000),
         FakeCudaTensor((1024, 64), "float16", data=0x7f0000600000), stream=0x77)
print("PHASE scalars")
x, y = T((1024,), 0x7f0000700000, torch.float32), T((1024,), 0x7f0000800000, torch.float32)
axpy(x, y, 2.0, 1000, stream=0x77)
axpy(x, y, 3.0, 1000, stream=0x77)
axpy(x, y, 3.0, 1000, stream=0x77)
print("PLANS", len(copy._plans), len(axpy._plans))
"""


def run(packages, tmp_path, env=None):
    log = tmp_path / "driver.log"
    code = CHILD.format(here=HERE, bench=os.path.join(REPO_ROOT, "bench", "gpu"),
                        copy=packages["copy"], axpy=packages["axpy"])
    full = dict(os.environ, TIRX_CUDA_DRIVER=FAKE_DRIVER, TIRX_FAKE_CUDA_LOG=str(log))
    full.update(env or {})
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=full, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    calls = [json.loads(l) for l in log.read_text().splitlines()]
    return r.stdout, calls


def results(stdout):
    """The child's error lines and its plan counts."""
    return [l for l in stdout.splitlines() if l.startswith(("ERROR", "no error", "PLANS"))]


def encoded_addresses(launch):
    """(A, B) of a copy launch: the global address in the descriptor of A
    (bytes 32..40 of the fake driver's TMAP encoding) and the pointer B."""
    ptr, tmap = (bytes.fromhex(p) for p in launch["params"])
    return [int.from_bytes(tmap[32:40], "little"), int.from_bytes(ptr, "little")]


def test_plans_launch_what_the_checked_path_launches(packages, tmp_path):
    out, calls = run(packages, tmp_path)
    (tmp_path / "py").mkdir()
    _py_out, py_calls = run(packages, tmp_path / "py", env={"TIRX_LAUNCHER": "python"})
    launches = [c for c in calls if c["call"] == "cuLaunchKernelEx"]
    py_launches = [c for c in py_calls if c["call"] == "cuLaunchKernelEx"]
    # 3 same + 4 alternating + 2 DLPack copies, 3 axpy (the bad calls
    # launch nothing); the pure-Python launcher passes the same bytes
    assert len(launches) == len(py_launches) == 12
    for a, b in zip(launches, py_launches):
        assert a["params"] == b["params"] and a["grid"] == b["grid"]
        assert a["smem"] == b["smem"] and a["stream"] == b["stream"] == 0x77
    copies = launches[:9]
    assert [encoded_addresses(l) for l in copies[:7]] == \
        [[0x7f0000100000, 0x7f0000200000]] * 3 + \
        [[0x7f0000300000, 0x7f0000400000], [0x7f0000100000, 0x7f0000200000]] * 2
    assert encoded_addresses(copies[7]) == [0x7f0000500000, 0x7f0000600000]
    # the plan encodes A's descriptor once per address (the first set, the
    # second, the DLPack call's); the pure-Python launcher every call
    encodes = [c for c in calls if c["call"] == "cuTensorMapEncodeTiled"]
    assert len(encodes) == 3
    assert len([c for c in py_calls if c["call"] == "cuTensorMapEncodeTiled"]) == 9
    # axpy: the scalar's bytes follow its value (2.0, 3.0, 3.0)
    alphas = [bytes.fromhex(l["params"][2]) for l in launches[9:]]
    assert [struct.unpack("<f", a)[0] for a in alphas] == [2.0, 3.0, 3.0]


def test_a_call_the_plan_cannot_vouch_for_takes_the_checked_path(packages, tmp_path):
    out, _ = run(packages, tmp_path)
    lines = results(out)
    errors = [l for l in lines if l.startswith(("ERROR", "no error"))]
    assert errors[0] == ("ERROR ValueError argument 'arg0' (parameter 0 of "
                         "tma_tile_copy) must be 16-byte aligned, its data starts at "
                         "0x7f0000100008")
    assert errors[1].startswith("ERROR ValueError argument 'arg0' (parameter 0 of "
                                "tma_tile_copy) must have shape")
    assert errors[2] == ("ERROR TypeError argument 'arg0' (parameter 0 of "
                         "tma_tile_copy) must have dtype float16, got float32")
    # one plan per signature: the copy's torch tensors and its DLPack ones;
    # axpy's two alpha values
    assert lines[-1] == "PLANS 2 2"


def test_without_plans_the_launcher_is_pure_python(packages, tmp_path):
    out, calls = run(packages, tmp_path, env={"TIRX_LAUNCHER": "python"})
    assert out.splitlines()[-1] == "PLANS 0 0"
