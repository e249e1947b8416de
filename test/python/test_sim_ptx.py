"""The simulator's PTX level from Python: kernels run as the PTX they
compile to (level="ptx", check_ptx), PTX text and kernel packages passed to
sim.run (parameters as the runtime passes them), errors at the script's
Python lines through the PTX's line info."""

import json
import os
import shutil

import numpy as np
import pytest

import tirx
from tirx import sim
from tirx.ir import MLIRError, Module
from tirx.script import tirx as T

from conftest import REPO_ROOT


def example(name):
    with open(os.path.join(REPO_ROOT, "examples", name)) as f:
        return f.read()


@T.prim_func
def rotate(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    smem = T.alloc_buffer([128], "float32", scope="shared")
    smem[tx] = A[tx] * T.float32(2.0)
    T.ptx.barrier.sync()
    B[tx] = smem[(tx + 1) % 128]


@T.prim_func
def rotate_racy(A: T.Buffer((128,), "float32"), B: T.Buffer((128,), "float32")):
    T.device_entry()
    tx = T.thread_id([128])
    smem = T.alloc_buffer([128], "float32", scope="shared")
    smem[tx] = A[tx]
    B[tx] = smem[(tx + 1) % 128]


def lines_of(text):
    with open(__file__) as f:
        return [n for n, line in enumerate(f, 1) if text in line]


def test_ptx_level_runs_the_compiled_kernel():
    a = np.arange(128, dtype=np.float32)
    b = np.zeros(128, np.float32)
    k = sim.Kernel(rotate, level="ptx")
    assert k.level == "ptx" and ".entry rotate" in k.ptx
    stats = k(a, b, seed=1)
    np.testing.assert_array_equal(b, np.roll(a * 2, -1))
    assert stats.threads == 128 and stats.races_checked
    # The IR level has no PTX.
    assert sim.Kernel(rotate).ptx is None


def test_check_ptx_agrees_and_updates_in_place(ctx):
    module = Module.parse(example("elementwise.mlir"))
    rng = np.random.default_rng(0)
    a = rng.integers(-4, 5, 1024).astype(np.float32)
    b = rng.integers(-4, 5, 1024).astype(np.float32)
    ref = b.copy()
    ref[:1000] = a[:1000] * 2.0 + b[:1000]
    ir, ptx = sim.check_ptx(module, a, b, 2.0, 1000, seed=2)
    np.testing.assert_array_equal(b, ref)  # the IR level's results
    assert ir.threads == ptx.threads == 1024
    assert ptx.dynamic_ops > 0 and ir.dynamic_ops > 0


EXP = """
func.func @expk(%in: !tirx.buffer<256xf32, global>, %out: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    %i = arith.index_cast %tx : i32 to index
    %x = tirx.buffer_load %in[%i] : !tirx.buffer<256xf32, global> -> f32
    %e = math.exp %x : f32
    tirx.buffer_store %e, %out[%i] : f32, !tirx.buffer<256xf32, global>
  }
  return
}
"""


def test_check_ptx_ulp_tolerance_for_approximate_math(ctx):
    # math.exp at the IR level is the correctly rounded exp; the PTX is
    # libdevice's __nv_expf (ex2.approx.ftz after a range reduction).
    module = Module.parse(EXP)
    x = np.linspace(-4, 4, 256).astype(np.float32)
    try:
        sim.Kernel(module, level="ptx")
    except MLIRError as e:
        if "libdevice" in str(e):
            pytest.skip("no libdevice for math functions")
        raise
    with pytest.raises(sim.PTXMismatch, match="ulps"):
        sim.check_ptx(module, x, np.zeros(256, np.float32))
    out = np.zeros(256, np.float32)
    sim.check_ptx(module, x, out, ulps=4)
    np.testing.assert_allclose(out, np.exp(x.astype(np.float64)), rtol=1e-6)


def test_ptx_level_error_points_at_python_line():
    a = np.arange(128, dtype=np.float32)
    b = np.zeros(128, np.float32)
    with pytest.raises(MLIRError) as info:
        sim.run(rotate_racy, a, b, seed=0, level="ptx")
    diag = info.value.error_diagnostics[0]
    assert "race" in diag.message
    start = lines_of("def rotate_racy")[0]
    racy = [start + 4, start + 5]
    where = str(diag.location)
    assert "test_sim_ptx.py" in where and any(f":{n}:" in where for n in racy), where
    # A note names the PTX instruction and its line.
    notes = [(n.message, str(n.location)) for n in diag.notes]
    assert any("PTX instruction" in m and ".ptx" in w for m, w in notes), notes
    # The script frontend's mapping renders it at the Python line.
    from tirx.script._compile import script_error_from_mlir
    err = script_error_from_mlir(info.value, "simulation")
    assert f"test_sim_ptx.py:{racy[0]}" in str(err) or \
        f"test_sim_ptx.py:{racy[1]}" in str(err), str(err)


def test_script_ptx_has_line_info_by_default():
    ptx = tirx.compile(rotate, target="sm_90a")
    assert ".loc" in ptx and "test_sim_ptx.py" in ptx
    plain = tirx.compile(rotate, target="sm_90a", line_info=False)
    assert ".loc" not in plain and ".file" not in plain


RAW = r"""
.version 8.0
.target sm_90a
.address_size 64
.visible .entry scale(.param .u64 .ptr .global .align 4 x, .param .f32 s)
.reqntid 64, 1, 1
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [x];
	ld.param.f32 %r1, [s];
	mov.u32 %r2, %tid.x;
	mov.u32 %r3, %ctaid.x;
	mad.lo.s32 %r4, %r3, 64, %r2;
	mul.wide.u32 %rd2, %r4, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.f32 %r5, [%rd3];
	mul.rn.f32 %r5, %r5, %r1;
	st.global.f32 [%rd3], %r5;
	ret;
}
"""


def test_run_ptx_text():
    x = np.arange(256, dtype=np.float32)
    stats = sim.run(RAW, x, 0.5, grid=4)
    np.testing.assert_array_equal(x, np.arange(256) * 0.5)
    assert stats.threads == 256 and stats.ctas == 4
    k = sim.ptx_kernel(RAW, grid=(4,))
    assert [p["kind"] for p in k.params] == ["pointer", "float"]
    # An instruction the PTX level does not model is an error naming it.
    bad = RAW.replace("mul.rn.f32 %r5, %r5, %r1;", "shfl.up.b32 %r5, %r5, 1, 0;")
    with pytest.raises(MLIRError, match="'shfl.up.b32' is not modeled by the "
                                        "simulator: shfl without .sync"):
        sim.ptx_kernel(bad, grid=(4,))
    # An ABI mismatch: a tensormap passed to a pointer parameter.
    with pytest.raises(MLIRError, match="ABI mismatch"):
        sim.ptx_kernel(RAW, grid=(4,), abi=["tensormap", "f32"])


@pytest.fixture
def package_dir(tmp_path):
    def build(text, name):
        from tirx.runtime.cached_build import compile_package
        path = str(tmp_path / (name + ".tirxpkg"))
        compile_package(text, path, assemble=False, include_runtime=False,
                        line_info=True)
        return path
    return build


@pytest.mark.parametrize("n", [1000, 37])
def test_run_package_host_part_as_the_launcher(package_dir, n):
    # The host part computes the grid from the array's length.
    path = package_dir(example("axpy_dynamic.mlir"), "axpy")
    rng = np.random.default_rng(n)
    a = rng.integers(-4, 5, n).astype(np.float32)
    b = rng.integers(-4, 5, n).astype(np.float32)
    ref = a * 3.0 + b
    stats = sim.run(path, a, b, 3.0)
    np.testing.assert_array_equal(b, ref)
    assert stats.ctas == (n + 255) // 256


def test_run_package_tensormap_by_value(package_dir):
    # The host part encodes a tensormap; the kernel receives it by value.
    path = package_dir(example("tma_tile_copy.mlir"), "tma")
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (256, 64)).astype(np.float16)
    b = np.zeros((1024, 64), np.float16)
    sim.run(path, a, b)
    np.testing.assert_array_equal(b[:256], a)


def test_run_package_checks_the_abi(package_dir, tmp_path):
    path = package_dir(example("tma_tile_copy.mlir"), "tma")
    with open(os.path.join(path, "manifest.json")) as f:
        manifest = json.load(f)
    args = manifest["launch"]["functions"][0]["launch"]["args"]
    assert [a["abi"] for a in args] == ["pointer", "tensormap"]
    # A description that passes the tensormap's source pointer instead:
    # the PTX's by-value parameter is 128 bytes, the pointer 8.
    args[1] = dict(args[0])
    bad = str(tmp_path / "bad.tirxpkg")
    shutil.copytree(path, bad)
    with open(os.path.join(bad, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    a = np.zeros((64, 64), np.float16)
    with pytest.raises(MLIRError, match="ABI mismatch"):
        sim.run(bad, a, np.zeros((1024, 64), np.float16))
