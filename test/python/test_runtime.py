"""Kernel packages, the launcher and tirx.build, without a GPU.

The launcher is exercised against the fake CUDA driver
(runtime/test/FakeCudaDriver.cpp, via TIRX_CUDA_DRIVER), which records
every driver call, and with tensors that export DLPack capsules claiming
CUDA memory (fake_dlpack.py). Tests that load a driver run in a child
process: the runtime loads the driver once per process."""

import glob
import json
import os
import subprocess
import sys

import pytest

import tirx
from tirx.runtime import (LauncherError, compile_package, load, read_manifest,
                          write_package)
from tirx.runtime import launcher as launcher_mod

from conftest import REPO_ROOT
from fake_dlpack import FakeCudaTensor

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(REPO_ROOT, "examples")
LIB_DIR = os.path.normpath(os.path.join(
    os.path.dirname(launcher_mod.find_runtime_library())))
FAKE_DRIVER = os.path.join(LIB_DIR, "libtirx-fake-cuda.so")


def example(name):
    with open(os.path.join(EXAMPLES, name)) as f:
        return f.read()


def compile_example(name, path, **kwargs):
    return compile_package(example(name), path,
                           source_name=os.path.join(EXAMPLES, name), **kwargs)


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    """The TMA copy (descriptor built on the host, PTX only so the fake
    driver sees the kernel's parameters), axpy and the DSMEM cluster
    example (with cubins when ptxas is found)."""
    root = tmp_path_factory.mktemp("pkgs")
    return {
        "copy": compile_example("tma_tile_copy.mlir",
                                str(root / "copy.tirxpkg"), assemble=False),
        "axpy": compile_example("elementwise.mlir",
                                str(root / "axpy.tirxpkg")),
        "dsmem": compile_example("dsmem_remote_arrive.mlir",
                                 str(root / "dsmem.tirxpkg"), assemble=False),
    }


def run_child(code, python=sys.executable, env=None, cwd=None):
    """Runs `code` in a child Python; returns (returncode, stdout+stderr)."""
    full = dict(os.environ)
    full.update(env or {})
    r = subprocess.run([python, "-c", code], capture_output=True, text=True,
                       env=full, cwd=cwd, timeout=120)
    return r.returncode, r.stdout + r.stderr


# -- packages ---------------------------------------------------------------

def test_package_round_trip(tmp_path):
    launch = {"format": "tirx-launch/1", "target": "sm_90a", "functions": [
        {"name": "f", "params": [], "values": [],
         "launch": {"kernel": "f", "module": "tirx_kernels", "grid": [],
                    "block": [], "cluster": None,
                    "dynamic_shared_memory": None, "args": []}}]}
    ptx = ".version 8.0\n.target sm_90a\n.visible .entry f()\n{\n\tret;\n}\n"
    cubin = b"\x7fELF" + bytes(range(60))
    meta = dict(launch=launch, target="sm_90a", ptx=ptx, cubin=cubin,
                name="demo", compiler={"tirx": "9.9"}, source_sha256="ab" * 32,
                options={"opt_level": 2})
    for archive in (False, True):
        path = write_package(str(tmp_path / ("p.zip" if archive else "p")),
                             archive=archive, **meta)
        manifest = read_manifest(path)
        assert manifest["format"] == "tirx-package/1"
        assert manifest["launch"] == launch
        assert manifest["target"] == "sm_90a" and manifest["name"] == "demo"
        assert manifest["compiler"] == {"tirx": "9.9"}
        assert manifest["source_sha256"] == "ab" * 32
        assert manifest["options"] == {"opt_level": 2}
        kinds = {i["kind"]: i for i in manifest["images"]}
        assert kinds["ptx"]["ptx_version"] == "8.0"
        pkg = load(path)
        assert pkg.file(kinds["cubin"]["file"]) == cubin
        assert pkg.file("kernels.ptx") == ptx.encode()
        assert pkg.manifest == manifest
    # A directory package is self-contained: launcher and runtime copies.
    assert os.path.isfile(tmp_path / "p" / "tirx_launcher.py")
    assert os.path.isfile(tmp_path / "p" / "libtirx_runtime.so")


def test_bad_packages(tmp_path):
    with pytest.raises(LauncherError, match="not a kernel package"):
        load(str(tmp_path / "missing"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(LauncherError, match="has no manifest.json"):
        load(str(tmp_path / "empty"))
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "manifest.json").write_text('{"format": "other/2"}')
    with pytest.raises(LauncherError, match="package format 'other/2'"):
        load(str(tmp_path / "bad"))


def test_compiled_package_metadata(packages):
    m = read_manifest(packages["copy"])
    assert m["target"] == "sm_90a"
    assert m["compiler"]["tirx"] == tirx.__version__
    assert [i["kind"] for i in m["images"]] == ["ptx"]
    f = m["launch"]["functions"][0]
    assert f["name"] == "tma_tile_copy"
    assert [a["abi"] for a in f["launch"]["args"]] == ["pointer", "tensormap"]


def test_dtype_reaches_the_runtime_as_a_string(packages, monkeypatch):
    """The tensormap's element type travels from the IR op to the runtime
    call as the string "float16", never as an IR type."""
    pkg = load(packages["copy"])
    desc = [v for v in pkg.tma_tile_copy.desc["values"]
            if v["op"] == "tirx.tensormap_encode_tiled"]
    assert len(desc) == 1 and desc[0]["dtype"] == "float16"
    seen = []
    rt = pkg.runtime()
    monkeypatch.setattr(type(rt), "validate_tensormap",
                        lambda self, spec: seen.append(spec))
    A = FakeCudaTensor((1000, 64), "float16", data=0x7F0000100000)
    B = FakeCudaTensor((1024, 64), "float16", data=0x7F0000200000)
    cfg = pkg.tma_tile_copy.launch_config(A, B)
    assert seen[0]["dtype"] == "float16" and isinstance(seen[0]["dtype"], str)
    assert seen[0]["global_dims"] == [64, 1000]
    assert seen[0]["global_strides"] == [128]
    assert seen[0]["address"] == 0x7F0000100000
    assert cfg["grid"] == [16, 1, 1] and cfg["block"] == [128, 1, 1]
    assert cfg["shared_memory"] == 8192 and cfg["cluster"] is None


# -- argument checks ---------------------------------------------------------

def test_argument_checks(packages):
    axpy = load(packages["axpy"]).axpy
    A = FakeCudaTensor((1024,), "float32", data=0x10000)
    B = FakeCudaTensor((1024,), "float32", data=0x20000)
    cfg = axpy.launch_config(A, B, 2.5, 1000)
    assert cfg["grid"] == [8, 1, 1] and cfg["block"] == [128, 1, 1]
    assert cfg["args"] == [("pointer", 0x10000), ("pointer", 0x20000),
                           ("f32", 2.5), ("i32", 1000)]
    # Keywords by parameter name (the printed IR has none: arg<i>).
    assert axpy.launch_config(A, B, arg2=1.0, arg3=3)["args"][3] == ("i32", 3)

    def fails(exc, match, *args, **kwargs):
        with pytest.raises(exc, match=match):
            axpy.launch_config(*args, **kwargs)

    fails(TypeError, r"argument 'arg0' \(parameter 0 of axpy\) must have "
          r"dtype float32, got float16",
          FakeCudaTensor((1024,), "float16"), B, 1.0, 1)
    fails(ValueError, r"argument 'arg1' \(parameter 1 of axpy\) must have "
          r"shape float32\[1024\], got \[512\]",
          A, FakeCudaTensor((512,), "float32"), 1.0, 1)
    fails(ValueError, r"'arg0' .* must have 1 dimensions",
          FakeCudaTensor((32, 32), "float32"), B, 1.0, 1)
    fails(ValueError, r"'arg0' .* must be contiguous with strides \[1\] "
          r"\(in elements\), got strides \[2\]",
          FakeCudaTensor((1024,), "float32", strides=(2,)), B, 1.0, 1)
    fails(ValueError, r"'arg1' .* must be 16-byte aligned, its data starts "
          r"at 0x20004", A, FakeCudaTensor((1024,), "float32", data=0x20004),
          1.0, 1)
    fails(ValueError, r"'arg1' .* is on CUDA device 1, but earlier arguments "
          r"are on device 0", A, FakeCudaTensor((1024,), "float32", device=1),
          1.0, 1)
    fails(TypeError, r"'arg0' .* must be a tensor supporting DLPack",
          [1.0] * 1024, B, 1.0, 1)
    fails(TypeError, r"'arg3' .* must be an integer \(int32\), got 1.5",
          A, B, 1.0, 1.5)
    fails(ValueError, r"'arg3' .* = 4294967296 does not fit int32",
          A, B, 1.0, 2 ** 32)
    fails(TypeError, r"'arg2' .* must be a number \(float32\)", A, B, "x", 1)
    fails(TypeError, r"axpy\(\) is missing argument\(s\) 'arg3'", A, B, 1.0)
    fails(TypeError, r"axpy\(\) takes 4 arguments, got 5", A, B, 1.0, 1, 2)
    fails(TypeError, r"axpy\(\) has no parameter 'alpha'", A, B, 1, alpha=1)


def test_host_numpy_array_is_rejected(packages):
    np = pytest.importorskip("numpy")
    axpy = load(packages["axpy"]).axpy
    B = FakeCudaTensor((1024,), "float32", data=0x20000)
    with pytest.raises(ValueError, match=r"argument 'arg0' \(parameter 0 of "
                       r"axpy\) is in host memory \(DLPack device kDLCPU:0\); "
                       r"kernels need a tensor in CUDA device memory"):
        axpy.launch_config(np.zeros(1024, np.float32), B, 1.0, 1)


def test_host_part_errors_are_located(packages):
    """A tensor whose rows make an invalid tensormap: the validator's
    message, at the line of the tensormap op."""
    copy = load(packages["copy"]).tma_tile_copy
    B = FakeCudaTensor((1024, 64), "float16", data=0x200000)
    A = FakeCudaTensor((1000, 64), "float16", data=0x100000)
    with pytest.raises(ValueError, match=r"tma_tile_copy.mlir:14:11: the "
                       r"tensormap of argument 'arg0' \(parameter 0 of "
                       r"tma_tile_copy\): tensormap: globalDim\[1\]: 0 is not in "
                       r"\[1, 2\^32\]"):
        copy.launch_config(FakeCudaTensor((0, 64), "float16"), B)
    # Alignment is checked before the host part runs.
    with pytest.raises(ValueError, match="must be 16-byte aligned"):
        copy.launch_config(FakeCudaTensor((1000, 64), "float16",
                                          data=0x100008), B)
    assert copy.launch_config(A, B)["grid"] == [16, 1, 1]


# -- the launcher against the fake driver -----------------------------------

LAUNCH_CHILD = r"""
import json, sys
sys.path[:0] = [{pkg!r}, {here!r}]
import tirx_launcher
from fake_dlpack import FakeCudaTensor
print("python", sys.version_info[:2])
pkg = tirx_launcher.load({pkg!r})
A = FakeCudaTensor((1000, 64), "float16", data=0x7f0000100000)
B = FakeCudaTensor((1024, 64), "float16", data=0x7f0000200000)
try:
    pkg.tma_tile_copy(A, B, stream=0x77)
    print("launched")
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    pkg.tma_tile_copy(A, FakeCudaTensor((1024, 64), "float32"))
except TypeError as e:
    print("TypeError:", e)
"""


def other_pythons():
    """Interpreters other than the one running the compiler (pyenv)."""
    mine = os.path.realpath(sys.executable)
    found = []
    for pattern in ("/root/.pyenv/versions/3.8*/bin/python3",
                    "/root/.pyenv/versions/3.12*/bin/python3"):
        for p in sorted(glob.glob(pattern)):
            if os.path.realpath(p) != mine:
                found.append(p)
                break
    extra = os.environ.get("TIRX_TEST_OTHER_PYTHONS")
    if extra:
        found += extra.split(os.pathsep)
    return found


def launch_log(packages, tmp_path, python=sys.executable, env=None):
    log = tmp_path / "driver.log"
    code = LAUNCH_CHILD.format(pkg=packages["copy"], here=HERE)
    full = {"TIRX_CUDA_DRIVER": FAKE_DRIVER, "TIRX_FAKE_CUDA_LOG": str(log)}
    full.update(env or {})
    rc, out = run_child(code, python=python, env=full, cwd=str(tmp_path))
    calls = []
    if log.exists():
        calls = [json.loads(l) for l in log.read_text().splitlines()]
    return rc, out, calls


def test_launch_through_the_fake_driver(packages, tmp_path):
    """The standalone launcher copy in the package loads the PTX, checks the
    kernel's parameters, encodes the tensormap and launches; the descriptor
    reaches the kernel by value (its 128 bytes are the second parameter)."""
    rc, out, calls = launch_log(packages, tmp_path)
    assert rc == 0, out
    assert "launched" in out
    assert ("TypeError: argument 'arg1' (parameter 1 of tma_tile_copy) must "
            "have dtype float16, got float32") in out
    names = [c["call"] for c in calls]
    assert names == ["cuInit", "cuModuleLoadDataEx", "cuTensorMapEncodeTiled",
                     "cuFuncSetAttribute", "cuLaunchKernelEx"]
    enc = calls[2]
    assert enc["dtype"] == 6 and enc["rank"] == 2  # CU_TENSOR_MAP_DATA_TYPE_FLOAT16
    launch = calls[4]
    assert launch["grid"] == [16, 1, 1] and launch["block"] == [128, 1, 1]
    assert launch["smem"] == 8192 and launch["stream"] == 0x77
    out_ptr, tmap = launch["params"]
    assert bytes.fromhex(out_ptr) == (0x7F0000200000).to_bytes(8, "little")
    raw = bytes.fromhex(tmap)
    assert len(raw) == 128 and raw[:4] == b"TMAP"
    # The fake encoder's layout: dtype, rank, ..., address, dims, strides.
    assert int.from_bytes(raw[4:8], "little") == 6
    assert int.from_bytes(raw[32:40], "little") == 0x7F0000100000
    assert int.from_bytes(raw[40:48], "little") == 64
    assert int.from_bytes(raw[48:56], "little") == 1000
    assert int.from_bytes(raw[80:88], "little") == 128


# Under the sanitizer build (scripts/sanitize.sh preloads the ASan runtime)
# other interpreters add time and no memory checking of our code.
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")


@pytest.mark.skipif(ASAN, reason="portability check, not run under ASan")
@pytest.mark.parametrize("python", other_pythons() or [None])
def test_launcher_under_another_python(packages, tmp_path, python):
    """The package's launcher copy runs under another Python (3.8, 3.12),
    which has neither MLIR nor the tirx package."""
    if python is None:
        pytest.skip("no other Python interpreter found (pyenv 3.8/3.12 or "
                    "TIRX_TEST_OTHER_PYTHONS)")
    alone = {"PYTHONPATH": ""}  # nothing but the package directory
    rc, out, calls = launch_log(packages, tmp_path, python=python, env=alone)
    assert rc == 0, out
    assert "launched" in out and "must have dtype float16" in out
    assert [c["call"] for c in calls][-1] == "cuLaunchKernelEx"
    rc, out = run_child("import tirx", python=python, env=alone)
    assert rc != 0 and "No module named 'tirx'" in out


def test_clear_error_without_a_driver(packages, tmp_path):
    rc, out, calls = launch_log(
        packages, tmp_path, env={"TIRX_CUDA_DRIVER": str(tmp_path / "nope.so")})
    assert rc == 0, out
    assert ("LauncherError: no CUDA driver: cannot load " in out and
            "install the NVIDIA driver, or set TIRX_CUDA_DRIVER" in out), out
    # The argument checks still run without a driver.
    assert "must have dtype float16, got float32" in out


def test_clear_error_with_an_old_driver(packages, tmp_path):
    rc, out, calls = launch_log(packages, tmp_path,
                                env={"TIRX_FAKE_CUDA_VERSION": "11080"})
    assert rc == 0, out
    assert ("LauncherError: the CUDA driver (11.8) is too old for "
            "copy.tirxpkg/kernels.ptx: its PTX ISA 8.0 needs a CUDA 12.0 or "
            "newer driver") in out, out


def test_cluster_launch_and_cubin_choice(packages, tmp_path):
    """The DSMEM example launches with its cluster dims; the axpy package's
    cubin is chosen on an sm_90 device, its PTX elsewhere."""
    log = tmp_path / "d.log"
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
load({dsmem!r}).dsmem_remote_arrive(FakeCudaTensor((2,), "int32"))
axpy = load({axpy!r}).axpy
axpy(FakeCudaTensor((1024,), "float32"), FakeCudaTensor((1024,), "float32"),
     1.0, 3)
print("ok")
""".format(here=HERE, dsmem=packages["dsmem"], axpy=packages["axpy"])
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER,
                                   "TIRX_FAKE_CUDA_LOG": str(log)})
    assert rc == 0 and "ok" in out, out
    calls = [json.loads(l) for l in log.read_text().splitlines()]
    launches = [c for c in calls if c["call"] == "cuLaunchKernelEx"]
    assert launches[0]["kernel"] == "dsmem_remote_arrive"
    assert launches[0]["cluster"] == [2, 1, 1]
    assert launches[0]["grid"] == [2, 1, 1]
    loads = [c["kind"] for c in calls if c["call"] == "cuModuleLoadDataEx"]
    has_cubin = any(i["kind"] == "cubin"
                    for i in read_manifest(packages["axpy"])["images"])
    assert loads == ["ptx", "cubin" if has_cubin else "ptx"]


def test_inconsistent_package_is_reported(packages, tmp_path):
    """A description that passes the tensormap as a pointer disagrees with
    the kernel's 128-byte parameter: caught before the launch."""
    import shutil
    bad = str(tmp_path / "bad.tirxpkg")
    shutil.copytree(packages["copy"], bad)
    m = read_manifest(bad)
    m["launch"]["functions"][0]["launch"]["args"][1]["abi"] = "pointer"
    with open(os.path.join(bad, "manifest.json"), "w") as f:
        json.dump(m, f)
    code = LAUNCH_CHILD.format(pkg=bad, here=HERE)
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER})
    assert ("LauncherError: kernel 'tma_tile_copy' takes parameters of "
            "[8, 128] bytes, but its launch description passes [8, 8] bytes"
            ) in out, out


# -- tirx.build ---------------------------------------------------------------

def test_build_returns_a_cached_callable(tmp_path, monkeypatch):
    from tirx.runtime import cached_build as build_mod
    compiled = []
    real = build_mod.compile_package
    monkeypatch.setattr(build_mod, "compile_package",
                        lambda *a, **k: compiled.append(a[1]) or real(*a, **k))
    text = example("elementwise.mlir")
    k1 = tirx.build(text, target="sm_90a", cache_dir=str(tmp_path))
    k2 = tirx.build(text, target="sm_90a", cache_dir=str(tmp_path))
    assert len(compiled) == 1
    assert k1.package.path == k2.package.path
    assert k1.name == "axpy" and callable(k1)
    k3 = tirx.build(text, target="sm_100a", cache_dir=str(tmp_path))
    assert len(compiled) == 2 and k3.package.path != k1.package.path
    assert k3.package.manifest["target"] == "sm_100a"
    tirx.build(text, target="sm_90a", opt_level=2, cache_dir=str(tmp_path))
    assert len(compiled) == 3
    # The built kernel checks its arguments like any package kernel.
    with pytest.raises(TypeError, match="must have dtype float32"):
        k1.launch_config(FakeCudaTensor((1024,), "int32"),
                         FakeCudaTensor((1024,), "float32"), 1.0, 1)


def test_build_from_a_module_and_errors(ctx, tmp_path):
    from tirx.ir import MLIRError, Module
    m = Module.parse(example("tma_tile_copy.mlir"))
    k = tirx.build(m, cache_dir=str(tmp_path))
    assert k.name == "tma_tile_copy"
    with pytest.raises(ValueError, match="unsupported target 'sm_42'"):
        tirx.build(m, target="sm_42", cache_dir=str(tmp_path))
    from tirx import sim
    assert isinstance(tirx.build(m, target="sim"), sim.Kernel)  # the simulator's
    with pytest.raises(TypeError, match="tirx.build takes"):
        tirx.build(42)
    bad = """func.func @f(%A: !tirx.buffer<64xf32, global>) {
      %c0 = arith.constant 0 : index
      %x = tirx.buffer_load %A[%c0] : !tirx.buffer<64xf32, global> -> f32
      tirx.kernel {
        %t = tirx.thread_id [32] : i32
        tirx.buffer_store %x, %A[%c0] : f32, !tirx.buffer<64xf32, global>
      }
      return
    }"""
    with pytest.raises(MLIRError) as e:
        tirx.build(bad, cache_dir=str(tmp_path))
    assert "cannot run in the host part of 'f'" in str(e.value)


# -- the host program's arithmetic agrees with MLIR's folding ----------------

HOST_OPS = [  # (op, type, lhs, rhs)
    ("arith.divsi", "i32", -7, 4), ("arith.remsi", "i32", -7, 4),
    ("arith.ceildivsi", "i32", -7, 4), ("arith.floordivsi", "i32", -7, 4),
    ("arith.ceildivsi", "i32", 7, 4), ("arith.floordivsi", "i32", 7, -4),
    ("arith.divui", "i32", -7, 4), ("arith.remui", "i32", -7, 4),
    ("arith.ceildivui", "i32", 9, 4), ("arith.muli", "i32", 1 << 30, 4),
    ("arith.addi", "i8", 127, 1), ("arith.subi", "i16", -32768, 1),
    ("arith.shrsi", "i32", -64, 3), ("arith.shrui", "i32", -64, 3),
    ("arith.shli", "i32", 3, 30), ("arith.maxui", "i32", -1, 5),
    ("arith.minsi", "i32", -1, 5), ("arith.xori", "i64", -1, 12345),
    ("arith.muli", "index", 1 << 40, 1 << 30),
]


def test_host_arithmetic_matches_mlir_folding(ctx, tmp_path):
    """Each op on constants: the launcher's value (the kernel argument it
    would pass) equals what MLIR's canonicalizer folds the op to."""
    from tirx.ir import Module
    from tirx.passmanager import PassManager
    lines, kernel_uses, names = [], [], []
    for i, (op, ty, a, b) in enumerate(HOST_OPS):
        lines.append(f"%a{i} = arith.constant {a} : {ty}")
        lines.append(f"%b{i} = arith.constant {b} : {ty}")
        lines.append(f"%r{i} = {op} %a{i}, %b{i} : {ty}")
        kernel_uses.append(f"%u{i} = arith.addi %r{i}, %r{i} : {ty}")
        names.append(ty)
    body = "\n    ".join(lines)
    uses = "\n      ".join(kernel_uses)
    kernel_fn = f"""func.func @host(%flag: !tirx.buffer<1xi32, global>) {{
    {body}
    tirx.kernel {{
      %t = tirx.thread_id [32] : i32
      {uses}
    }}
    return
  }}"""
    results = ", ".join(f"%r{i}" for i in range(len(HOST_OPS)))
    fold_fn = f"""func.func @fold() -> ({", ".join(names)}) {{
    {body}
    return {results} : {", ".join(names)}
  }}"""
    # MLIR's folding.
    m = Module.parse("module {\n" + fold_fn + "\n}")
    PassManager.parse("builtin.module(canonicalize)").run(m.operation)
    text = str(m)
    folded = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("%") and "arith.constant" in line:
            name, rest = line.split(" = arith.constant ")
            folded[name] = int(rest.split(" : ")[0].replace("true", "1").replace("false", "0"))
    ret = [l for l in text.splitlines() if "return" in l][0]
    operands = ret.split("return ")[1].split(" : ")[0].split(", ")
    want = [folded[o] for o in operands]
    # The launcher's evaluation of the same host code.
    path = compile_package("module {\n" + kernel_fn + "\n}",
                           str(tmp_path / "host.tirxpkg"), assemble=False)
    k = load(path).host
    cfg = k.launch_config(FakeCudaTensor((1,), "int32"))
    got = [v for _abi, v in cfg["args"]]
    assert len(got) == len(want)
    for (op, ty, a, b), w, g in zip(HOST_OPS, want, got):
        assert g == w, f"{op} {a}, {b} : {ty}: launcher {g}, MLIR {w}"


SCALARS = """
func.func @scalars(%out: !tirx.buffer<8xi64, global>, %h: f16, %b: bf16,
                   %p: i1, %n: i64, %u: ui8) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %hb = arith.bitcast %h : f16 to i16
    %hi = arith.extui %hb : i16 to i64
    %bb = arith.bitcast %b : bf16 to i16
    %bi = arith.extui %bb : i16 to i64
    %pi = arith.extui %p : i1 to i64
    %ub = tirx.reinterpret %u : ui8 to i8
    %ui = arith.extui %ub : i8 to i64
    %s0 = arith.addi %hi, %bi : i64
    %s1 = arith.addi %s0, %pi : i64
    %s2 = arith.addi %s1, %n : i64
    %s3 = arith.addi %s2, %ui : i64
    tirx.buffer_store %s3, %out[%c0] : i64, !tirx.buffer<8xi64, global>
  }
  return
}
"""


def test_scalar_parameters_are_packed_by_their_abi(tmp_path):
    """f16/bf16 scalars travel as their 16 bits, i1 and ui8 as one byte,
    i64 as eight (checked in the bytes the fake driver receives, with the
    kernel's parameter sizes from its PTX)."""
    path = compile_package(SCALARS, str(tmp_path / "s.tirxpkg"),
                           assemble=False)
    k = load(path).scalars
    assert [p["dtype"] for p in k.params] == [
        "int64", "float16", "bfloat16", "bool", "int64", "uint8"]
    log = tmp_path / "s.log"
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
k = load({path!r}).scalars
k(FakeCudaTensor((8,), "int64"), 1.5, 1.5, True, -2, 255)
for bad in [(1.5, 1.5, 2, -2, 255), (1.5, 1.5, True, -2, 256)]:
    try:
        k(FakeCudaTensor((8,), "int64"), *bad)
    except ValueError as e:
        print("ValueError:", e)
""".format(here=HERE, path=path)
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER,
                                   "TIRX_FAKE_CUDA_LOG": str(log)})
    assert rc == 0, out
    assert "'arg3' (parameter 3 of scalars) = 2 does not fit bool" in out
    assert "'arg5' (parameter 5 of scalars) = 256 does not fit uint8" in out
    launch = [json.loads(l) for l in log.read_text().splitlines()
              if "cuLaunchKernelEx" in l]
    assert len(launch) == 1
    params = launch[0]["params"]
    assert params[1:] == ["003e",               # f16 1.5 = 0x3e00
                          "c03f",               # bf16 1.5 = 0x3fc0
                          "01",                 # i1 true
                          "feffffffffffffff",   # i64 -2
                          "ff"]                 # ui8 255


def test_package_with_several_kernels(tmp_path):
    text = example("elementwise.mlir") + example("warp_sum.mlir")
    pkg = tirx.build(text, cache_dir=str(tmp_path))
    assert sorted(pkg.kernels) == ["axpy", "warp_sum"]
    assert pkg.warp_sum.launch_config(
        FakeCudaTensor((32768,), "float32"),
        FakeCudaTensor((128,), "float32"))["block"] == [512, 1, 1]
    with pytest.raises(TypeError, match="has 2 kernels .* call one by name"):
        pkg()
    with pytest.raises(AttributeError, match="has no kernel or function 'nope'"):
        pkg.nope


# -- Python functions in a module (tirx.py_func) ------------------------------

PYFUNCS = r'''
tirx.py_func @scale source = "def scale(self, a, b, n):\n    \"\"\"axpy with alpha 2, then a helper\"\"\"\n    self.axpy(a, b, 2.0, n)\n    return cls.double(n)\n"
tirx.py_func @double source = "def double(n):\n    return 2 * n\n"
tirx.py_func @broken source = "def broken(:\n"
'''


def test_pyfunc_module_round_trip_and_stub_runner(ctx, tmp_path):
    """A module with Python functions prints and parses back with their
    sources; in the package they call the kernel (here through a stub
    runner that records the call and checks the arguments) and each
    other."""
    from tirx.ir import Module
    text = "module {\n" + PYFUNCS + example("elementwise.mlir") + "\n}"
    m = Module.parse(text)
    printed = str(m)
    assert 'tirx.py_func @double source = "def double(n):\\0A    return 2 * n\\0A"' in printed
    again = Module.parse(printed)
    assert str(again) == printed
    pkg_path = compile_package(printed, str(tmp_path / "py.tirxpkg"),
                               assemble=False)
    calls = []

    def runner(kernel, *args, **kwargs):
        cfg = kernel.launch_config(*args, **kwargs)  # the real checks
        calls.append((kernel.name, args[2:], cfg["grid"]))

    pkg = load(pkg_path, runner=runner)
    assert sorted(pkg.pyfuncs) == ["broken", "double", "scale"]
    A = FakeCudaTensor((1024,), "float32", data=0x10000)
    B = FakeCudaTensor((1024,), "float32", data=0x20000)
    assert pkg.scale(A, B, 7) == 14
    assert calls == [("axpy", (2.0, 7), [8, 1, 1])]
    assert pkg.double(21) == 42
    # A wrong argument reaches the kernel's checks through the function.
    with pytest.raises(TypeError, match=r"'arg1' \(parameter 1 of axpy\) "
                       r"must have dtype float32, got float16"):
        pkg.scale(A, FakeCudaTensor((1024,), "float16"), 7)
    with pytest.raises(LauncherError, match="cannot define Python function "
                       "broken of .*: SyntaxError"):
        pkg.broken()
    # tirx.build returns the package when the module has Python functions.
    built = tirx.build(printed, cache_dir=str(tmp_path / "cache"))
    assert sorted(built.kernels) == ["axpy"]
    assert built.double(5) == 10


def test_grid_computed_on_the_host(tmp_path):
    """examples/axpy_dynamic.mlir: the launch dims come from the host part
    (the grid is ceil(n / 256) for the tensor's length n)."""
    path = compile_example("axpy_dynamic.mlir", str(tmp_path / "d.tirxpkg"),
                           assemble=False)
    k = load(path).axpy_dynamic
    grid = k.desc["launch"]["grid"]
    assert k.desc["values"][grid[0]]["op"] == "arith.ceildivui"
    for n, ctas in ((1000, 4), (1024, 4), (1025, 5), (1, 1)):
        A = FakeCudaTensor((n,), "float32", data=0x100000)
        B = FakeCudaTensor((n,), "float32", data=0x800000)
        cfg = k.launch_config(A, B, 2.0)
        assert cfg["grid"] == [ctas, 1, 1] and cfg["block"] == [256, 1, 1]
        assert cfg["args"][2:] == [("f32", 2.0), ("i32", n)]
    with pytest.raises(ValueError, match=r"the grid \[0, 1, 1\] has an empty "
                       r"dimension"):
        k.launch_config(FakeCudaTensor((0,), "float32"),
                        FakeCudaTensor((0,), "float32"), 2.0)


def test_each_device_gets_its_module(packages, tmp_path):
    """Tensors on device 1, then on device 0: the kernel is loaded into each
    device's context once and launched there."""
    log = tmp_path / "m.log"
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
axpy = load({axpy!r}).axpy
for dev in (1, 0, 1):
    axpy(FakeCudaTensor((1024,), "float32", device=dev),
         FakeCudaTensor((1024,), "float32", device=dev, data=0x7f0000900000),
         1.0, 3)
print("ok")
""".format(here=HERE, axpy=packages["axpy"])
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER,
                                   "TIRX_FAKE_CUDA_DEVICES": "2",
                                   "TIRX_FAKE_CUDA_LOG": str(log)})
    assert rc == 0 and "ok" in out, out
    calls = [json.loads(l)["call"] for l in log.read_text().splitlines()]
    assert calls.count("cuModuleLoadDataEx") == 2
    assert calls.count("cuLaunchKernelEx") == 3


def test_cubin_first_and_a_loud_ptx_fallback(packages, tmp_path):
    """The cubin ptxas built loads first; when it does not load (here the
    fake driver refuses every cubin), the launcher says why on stderr,
    JIT-compiles the PTX and prints the driver's log, and the launch goes
    on; loaded_image() tells which image runs."""
    if not any(i["kind"] == "cubin" for i in read_manifest(packages["axpy"])["images"]):
        pytest.skip("no ptxas: the package has no cubin")
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
axpy = load({axpy!r}).axpy
axpy(FakeCudaTensor((1024,), "float32"), FakeCudaTensor((1024,), "float32"), 1.0, 3)
print("image", axpy.package.loaded_image(0)["kind"])
""".format(here=HERE, axpy=packages["axpy"])
    log = tmp_path / "d.log"
    env = {"TIRX_CUDA_DRIVER": FAKE_DRIVER, "TIRX_FAKE_CUDA_LOG": str(log)}
    rc, out = run_child(code, env=env)
    assert rc == 0 and "image cubin" in out and "JIT" not in out, out
    rc, out = run_child(code, env=dict(env, TIRX_FAKE_CUDA_BAD_CUBIN="1"))
    assert rc == 0 and "image ptx" in out, out
    assert ("the cubin for sm_90a does not load (cannot load "
            "axpy.tirxpkg/kernels.sm_90a.cubin: cuModuleLoadDataEx failed: "
            "CUDA_ERROR_INVALID_IMAGE (device kernel image is invalid)\n"
            "fake driver: TIRX_FAKE_CUDA_BAD_CUBIN is set); falling back to the PTX"
            ) in out, out
    assert ("the driver JIT-compiled kernels.ptx for Fake GPU (TIRx test driver) "
            "(its cubin did not load):\nfake driver: JIT-compiled 1 entry function(s) "
            "for sm_90") in out, out
    launches = [json.loads(l) for l in log.read_text().splitlines()
                if "cuLaunchKernelEx" in l]
    assert [l["image"] for l in launches] == ["cubin", "ptx"]


def test_kernel_attributes_and_max_active_clusters(packages, tmp_path):
    """What the device check's kernel table reads: registers and the
    parameter layout from the driver (the fake reads them from the cubin,
    as a driver does), and the clusters of the launch shape that fit."""
    if not any(i["kind"] == "cubin" for i in read_manifest(packages["axpy"])["images"]):
        pytest.skip("no ptxas: the package has no cubin")
    code = r"""
import json, sys
from tirx.runtime import load
k = load({axpy!r}).axpy
a = k.attributes(0)
cfg = {{"grid": [8, 1, 1], "block": [128, 1, 1], "cluster": [2, 1, 1], "shared_memory": 0}}
print(json.dumps([a["registers"], a["params"], k.max_active_clusters(cfg, 0)]))
""".format(axpy=packages["axpy"])
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER})
    assert rc == 0, out
    regs, params, clusters = json.loads(out.splitlines()[-1])
    cubin = [i for i in read_manifest(packages["axpy"])["images"] if i["kind"] == "cubin"][0]
    assert regs == cubin["kernels"]["axpy"]["registers"] == \
        cubin["kernels"]["axpy"]["ptxas"]["registers"] > 0
    assert params == [[0, 8], [8, 8], [16, 4], [20, 4]]
    assert params == cubin["kernels"]["axpy"]["params"]
    assert clusters == 132 * 16 // 2   # the fake: 2048 threads per SM


def test_a_prepared_launch_launches_again_without_the_host_work(packages, tmp_path):
    """Kernel.prepare: the arguments checked, the host part evaluated and the
    descriptor encoded once; each call of the result launches with them
    (what the GPU benchmark times)."""
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
k = load({copy!r}).tma_tile_copy
launch = k.prepare(FakeCudaTensor((1000, 64), "float16", data=0x7f0000100000),
                   FakeCudaTensor((1024, 64), "float16", data=0x7f0000200000))
launch()
launch()
try:
    k.prepare(FakeCudaTensor((1000, 64), "float32"), FakeCudaTensor((1024, 64), "float16"))
except TypeError as e:
    print("TypeError:", e)
""".format(here=HERE, copy=packages["copy"])
    log = tmp_path / "d.log"
    rc, out = run_child(code, env={"TIRX_CUDA_DRIVER": FAKE_DRIVER,
                                   "TIRX_FAKE_CUDA_LOG": str(log)})
    assert rc == 0, out
    assert "TypeError: argument 'arg0' (parameter 0 of tma_tile_copy) must have " \
           "dtype float16, got float32" in out
    calls = [json.loads(l) for l in log.read_text().splitlines()]
    assert [c["call"] for c in calls].count("cuTensorMapEncodeTiled") == 1
    launches = [c for c in calls if c["call"] == "cuLaunchKernelEx"]
    assert len(launches) == 2 and launches[0]["params"] == launches[1]["params"]
    assert bytes.fromhex(launches[0]["params"][1])[:4] == b"TMAP"
