"""The device check's dry run (bench/gpu/device_check.py): the whole bundle is
built (a kernel package with its sm_90a cubin per example and benchmark
row), then run here through the fake CUDA driver with a stand-in for
PyTorch: every case is launched through its package and the launcher, and
the result files are written.

The launch ABI is checked on every launch the fake driver recorded: the
parameter buffer (count, sizes, alignment, order, layout) against the PTX
`.param` declarations of the kernel, and each parameter's bytes against the
call's arguments (test/python/launch_abi.py). A tensormap passed by address
instead of by value fails that check, and the runtime refuses a launch
whose argument sizes differ from the kernel's.

The run's robustness on first contact: a hanging, crashing or raising case
is reported and the next one runs, a kernel that hangs twice is skipped,
the time budget skips what no longer fits, a missing matplotlib or
compute-sanitizer does not stop the run, and the bundle runs under another
Python without the tirx package.
"""

import json
import os
import struct
import subprocess
import sys

import pytest

from conftest import REPO_ROOT
from launch_abi import check_launch
from test_runtime import other_pythons

SCRIPT = os.path.join(REPO_ROOT, "bench", "gpu", "device_check.py")
BENCH = os.path.join(REPO_ROOT, "bench", "gpu")
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")

pytestmark = pytest.mark.skipif(ASAN, reason="builds 50 kernels; the normal "
                                "build runs it")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    from tirx.compiler import find_ptxas
    if find_ptxas() is None:
        pytest.skip("ptxas not found: the bundle carries cubins")
    out = tmp_path_factory.mktemp("device-check")
    r = subprocess.run([sys.executable, SCRIPT, "build", str(out), "--dry-run"],
                       capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0, r.stdout[-5000:] + r.stderr[-5000:]
    return out, r.stdout


def load_records(results):
    with open(os.path.join(results, "results.jsonl")) as f:
        return [json.loads(l) for l in f if l.strip()]


def plan_of(out):
    with open(os.path.join(out, "plan.json")) as f:
        return json.load(f)


def run_bundle(out, results, *args, env=None, python=sys.executable, timeout=300):
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run([python, str(out / "device_check.py"), "--dry-run", "--out",
                           str(results)] + list(args), capture_output=True,
                          text=True, env=full, cwd=str(out), timeout=timeout)


# -- the bundle ----------------------------------------------------------------

def test_bundle_holds_what_travels(bundle):
    out, text = bundle
    plan = plan_of(out)
    sys.path.insert(0, BENCH)
    try:
        import kernel_bench
        bench = kernel_bench.benchmark_cases()
    finally:
        sys.path.remove(BENCH)
    ids = [c["id"] for c in plan["cases"]]
    assert len(ids) == len(set(ids)) == 8 + len(bench)
    assert ids[:8] == ["dsmem_remote_arrive", "tma_tile_copy", "axpy", "axpy_dynamic",
                       "warp_sum", "cta_sum", "py_func", "byte_pool_view"]
    assert ids[8:] == [c["id"] for c in bench]
    assert {c["kernel"] for c in plan["sanitizer"]} == {
        "hopper_gemm", "flash_attention", "bulk_copy", "elementwise"}
    for f in ("device_check.py", "harness.py", "dry_torch.py", "tirx_launcher.py",
              "libtirx_runtime.so", "plan.json"):
        assert (out / f).is_file(), f
    for c in plan["cases"] + plan["sanitizer"]:
        files = sorted(os.listdir(out / c["package"]))
        # PTX and the cubin ptxas assembled; the launcher and runtime once,
        # at the top of the bundle
        assert files == ["kernels.ptx", "kernels.sm_90a.cubin", "manifest.json"], files
    bw = plan["not_run"][0]
    assert bw["kernel"] == "blackwell_gemm" and "sm_100a" in bw["reason"]
    assert bw["ptxas"]["spill_stores"] == 0 and bw["ptxas"]["registers"] > 0
    assert (out / bw["package"] / "kernels.sm_100a.cubin").is_file()
    assert "built %d packages for sm_90a" % (len(ids) + len(plan["sanitizer"]) + 1) in text
    assert "python3 " in text and "device_check.py --out $OUT" in text


# -- the dry run's result files --------------------------------------------------

def test_dry_run_writes_every_table(bundle):
    out, text = bundle
    results = out / "dry-run-results"
    recs = load_records(results)
    plan = plan_of(out)
    kinds = {}
    for r in recs:
        kinds.setdefault(r["kind"], []).append(r)
    assert len(kinds["environment"]) == 1
    env = kinds["environment"][0]
    assert env["cuda driver (runtime library)"] == "13.0" and env["glibc"]
    packages = {c["package"] for c in plan["cases"] + plan["sanitizer"]}
    assert len(kinds["kernel"]) == len(packages)
    assert [c["what"] for c in kinds["ceiling"]] == [
        "torch.matmul bf16 8192^3 (cuBLAS)", "device copy 1 GiB (read + write)",
        "host time of torch add_ (us/call)"]
    cases = {r["id"]: r for r in kinds["case"]}
    assert set(cases) == {c["id"] for c in plan["cases"] + plan["sanitizer"]}
    assert all(r["status"] == "dry-run" and r["image"] == "cubin" for r in cases.values())
    assert len(kinds["sanitizer"]) == 2 * len(plan["sanitizer"])
    assert all(s["status"] == "skipped" for s in kinds["sanitizer"])
    md = (results / "results.md").read_text()
    for head in ("## Environment", "## Kernels: the driver against ptxas",
                 "## Ceilings (same run)", "## Cases", "## compute-sanitizer", "## Not run"):
        assert head in md, head
    assert "(partial" not in md
    # one row per case, in the plan's order
    rows = [l for l in md.splitlines() if l.startswith("| hopper_gemm | 1024x1024x1024 |")]
    assert len(rows) == 1 and rows[0].endswith("| cubin | dry-run |")
    png = (results / "kernels.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    n = len(plan["cases"]) + len(plan["sanitizer"])
    assert "%d of %d cases passed (dry run); 0 failure(s)" % (n, n) in text
    assert (results / "device_check.log").read_text().splitlines()[-1].startswith(
        "%d of %d cases passed" % (n, n))


def test_every_launch_matches_the_ptx_declarations(bundle):
    """The ABI test: every launch of every case -- each benchmark row and
    each device-check package, the checked launch, the warm-up and the
    timed ones -- hands the driver a parameter buffer that is what the
    kernel's PTX declares, filled from the call's tensors."""
    out, _ = bundle
    results = out / "dry-run-results"
    plan = plan_of(out)
    args = {r["id"]: r["args"] for r in load_records(results) if r["kind"] == "case"}
    checked, tensormaps = 0, 0
    for c in plan["cases"] + plan["sanitizer"]:
        pkg = out / c["package"]
        manifest = json.loads((pkg / "manifest.json").read_text())
        ptx = (pkg / "kernels.ptx").read_text()
        desc = [f for f in manifest["launch"]["functions"] if f["name"] == c["function"]][0]
        log = [json.loads(l) for l in
               (results / "driver-log" / (c["id"] + ".jsonl")).read_text().splitlines()]
        launches = [l for l in log if l["call"] == "cuLaunchKernelEx"]
        assert launches, c["id"]
        for launch in launches:
            assert launch["image"] == "cubin"
            problems = check_launch(launch, ptx, desc, args[c["id"]])
            assert not problems, (c["id"], problems)
            checked += 1
        tensormaps += sum(a["abi"] == "tensormap" for a in desc["launch"]["args"])
    assert checked > 1000 and tensormaps >= 100


def test_a_tensormap_passed_by_address_fails_the_abi_check(bundle):
    """What the harness did before the kernels built their own descriptors:
    each descriptor copied to device memory and its 8-byte address passed
    where the kernel takes the 128 bytes by value (the driver then reads
    128 bytes from an 8-byte slot). The check rejects it, and a layout that
    ignores the parameter space's alignment."""
    out, _ = bundle
    results = out / "dry-run-results"
    plan = plan_of(out)
    c = [c for c in plan["cases"] if c["id"] == "gemm-4096x4096x4096"][0]
    pkg = out / c["package"]
    manifest = json.loads((pkg / "manifest.json").read_text())
    ptx = (pkg / "kernels.ptx").read_text()
    desc = manifest["launch"]["functions"][0]
    args = [r for r in load_records(results) if r.get("id") == c["id"]][0]["args"]
    log = (results / "driver-log" / (c["id"] + ".jsonl")).read_text().splitlines()
    launch = [json.loads(l) for l in log if "cuLaunchKernelEx" in l][0]
    assert check_launch(launch, ptx, desc, args) == []
    by_address = dict(launch)
    device_copy = struct.pack("<Q", 0x7F00DEAD0000) + bytes(120)
    by_address["params"] = [device_copy.hex()] + launch["params"][1:]
    problems = check_launch(by_address, ptx, desc, args)
    assert len(problems) == 1 and "not a descriptor" in problems[0]
    assert "a tensormap passed by address?" in problems[0]
    natural = dict(launch, layout=[[0, 128], [128, 128], [256, 128]])
    assert "parameter layout" in check_launch(natural, ptx, desc, args)[0]
    wrong_tensor = dict(launch, params=[launch["params"][1]] + launch["params"][1:])
    assert any("descriptor address" in p for p in check_launch(wrong_tensor, ptx, desc, args))


def test_the_runtime_refuses_a_launch_whose_sizes_differ(bundle):
    """Through the runtime's C ABI (as a second loader would call it): the
    GEMM's cubin, launched with 8 bytes for its first tensormap, is refused
    before the driver reads the arguments."""
    out, _ = bundle
    plan = plan_of(out)
    c = [c for c in plan["cases"] if c["kernel"] == "hopper_gemm"][0]
    log = out / "refuse.jsonl"
    code = r"""
import ctypes, sys
sys.path.insert(0, {out!r})
import tirx_launcher as L
rt = L.RuntimeLibrary.get(L.find_runtime_library({out!r}))
rt.init(0)
data = open({cubin!r}, "rb").read()
buf = ctypes.create_string_buffer(data, len(data))
m, f = ctypes.c_void_p(), ctypes.c_void_p()
rt.check(rt.lib.tirxrt_module_load(buf, len(data), b"gemm.cubin", ctypes.byref(m)))
rt.check(rt.lib.tirxrt_module_get_function(m, b"gemm", ctypes.byref(f)))
addr = ctypes.c_uint64(0x7f00dead0000)
desc = (ctypes.c_ubyte * 128)()
params = (ctypes.c_void_p * 3)(ctypes.addressof(addr), ctypes.addressof(desc), ctypes.addressof(desc))
u3 = lambda *x: (ctypes.c_uint32 * 3)(*x)
for sizes in ([8, 128, 128], [128, 128]):
    arr = (ctypes.c_uint64 * len(sizes))(*sizes)
    s = rt.lib.tirxrt_launch(f, u3(4, 1, 1), None, u3(384, 1, 1), 0, 0, params, arr, len(sizes))
    print(s, rt.error())
""".format(out=str(out), cubin=str(out / c["package"] / "kernels.sm_90a.cubin"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH="",
                                             TIRX_CUDA_DRIVER=str(out / "libtirx-fake-cuda.so"),
                                             TIRX_FAKE_CUDA_LOG=str(log)))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [
        "6 kernel 'gemm': parameter 0 is 128 bytes, the launch passes 8 bytes",
        "6 kernel 'gemm' takes 3 parameters, the launch passes 2"]
    assert "cuLaunchKernelEx" not in log.read_text()


def test_kernel_table_compares_the_driver_with_ptxas(bundle):
    out, _ = bundle
    kernels = [r for r in load_records(out / "dry-run-results") if r["kind"] == "kernel"]
    for k in kernels:
        assert k["status"] == "dry-run", k
        # the fake driver reads the cubin's .nv.info, as a driver does
        assert k["registers_driver"] == k["registers_ptxas"] > 0, k
        assert k["params_driver"] == k["params_ptxas"] == k["params_launch"], k
        assert k["layout_driver"] == k["layout_ptxas"], k
        assert k["max_active_clusters"] > 0
    gemm = [k for k in kernels if k["package"].startswith("gemm-8192x8192x8192")][0]
    assert gemm["cluster"] == "2x1x1" and gemm["params_driver"] == "128,128,128"
    # three by-value descriptors at the driver's offsets: the first aligned
    # to 64 in the constant bank (0x210 + 48)
    assert gemm["layout_driver"] == [[48, 128], [176, 128], [304, 128]]
    assert gemm["max_active_clusters"] == 66   # the fake: 132 SMs, one CTA each


# -- robustness --------------------------------------------------------------------

def test_failing_and_hanging_cases_are_reported_and_the_run_goes_on(bundle, tmp_path):
    out, _ = bundle
    results = tmp_path / "r"
    r = run_bundle(out, results, "--only", "axpy", "--case-timeout", "4",
                   env={"TIRX_DEVICE_CHECK_INJECT":
                        "axpy=hang,axpy_dynamic=crash,axpy-64M=raise"})
    assert r.returncode == 1, r.stdout + r.stderr
    cases = {c["id"]: c for c in load_records(results) if c["kind"] == "case"}
    assert cases["axpy"]["status"] == "TIMEOUT"
    assert "in stage 'injected hang'" in cases["axpy"]["detail"]
    assert cases["axpy_dynamic"]["status"] == "ERROR"
    assert "exited with 139" in cases["axpy_dynamic"]["detail"]
    assert cases["axpy-64M"]["status"] == "ERROR"
    assert "RuntimeError: injected failure" in cases["axpy-64M"]["detail"]
    assert cases["axpy-256M"]["status"] == "dry-run"
    assert cases["sanitize-axpy-2048"]["status"] == "dry-run"
    md = (results / "results.md").read_text()
    assert "## Failures" in md and "injected failure" in md
    assert "3 failure(s)" in r.stdout


def test_a_kernel_that_hangs_twice_is_skipped(bundle, tmp_path):
    out, _ = bundle
    results = tmp_path / "r"
    r = run_bundle(out, results, "--only", "attention-d64", "--case-timeout", "3",
                   "--no-sanitizer",
                   env={"TIRX_DEVICE_CHECK_INJECT": "attention-d64-64x1024=hang,"
                                                    "attention-d64-64x4096=hang"})
    assert r.returncode == 1
    cases = [c for c in load_records(results) if c["kind"] == "case"]
    # the six D = 64 rows, then the sanitizer's configuration (run plainly)
    assert [c["status"] for c in cases] == ["TIMEOUT", "TIMEOUT"] + ["skipped"] * 4 + [
        "dry-run"]
    assert cases[2]["detail"] == "flash_attention hung twice in this run"


def test_the_time_budget_skips_what_does_not_fit(bundle, tmp_path):
    out, _ = bundle
    results = tmp_path / "r"
    r = run_bundle(out, results, "--only", "gemm", "--budget", "6", "--no-sanitizer")
    assert r.returncode == 1
    recs = load_records(results)
    cases = [c for c in recs if c["kind"] == "case"]
    skipped = [c for c in cases if c["status"] == "skipped"]
    assert skipped and all("time budget" in c["detail"] for c in skipped)
    gemm = [c for c in plan_of(out)["cases"] if "gemm" in c["id"]]
    assert len(cases) == len(gemm) + 1   # every GEMM row and the sanitizer's
    assert "step(s) skipped for the time budget" in r.stdout
    md = (results / "results.md").read_text()
    assert "Summary:" in md and "skipped" in md
    assert (results / "kernels.png").is_file()


def test_sanitizer_reports_are_read(bundle, tmp_path):
    """A stand-in for compute-sanitizer that runs the case and prints each
    tool's summary line: memcheck clean, racecheck with one error."""
    out, _ = bundle
    tool = tmp_path / "compute-sanitizer"
    tool.write_text("""#!%s
import subprocess, sys
a = sys.argv[1:]
name = a[a.index("--tool") + 1]
cmd = a[a.index("--print-limit") + 2:]
r = subprocess.run(cmd)
if name == "memcheck":
    print("========= ERROR SUMMARY: 0 errors")
else:
    print("========= RACECHECK SUMMARY: 3 hazards displayed (1 error, 2 warnings)")
sys.exit(r.returncode)
""" % sys.executable)
    tool.chmod(0o755)
    results = tmp_path / "r"
    r = run_bundle(out, results, "--only", "sanitize-axpy",
                   env={"COMPUTE_SANITIZER": str(tool)})
    assert r.returncode == 1, r.stdout + r.stderr
    san = {s["tool"]: s for s in load_records(results) if s["kind"] == "sanitizer"}
    assert san["memcheck"]["status"] == "ok" and san["memcheck"]["errors"] == 0
    assert san["racecheck"]["status"] == "ERRORS" and san["racecheck"]["errors"] == 1
    assert san["racecheck"]["warnings"] == 2


def test_plot_without_matplotlib(tmp_path, monkeypatch):
    sys.path.insert(0, BENCH)
    try:
        import harness
    finally:
        sys.path.remove(BENCH)
    monkeypatch.setitem(sys.modules, "matplotlib", None)   # import fails
    rows = [{"kind": "case", "group": "gemm bf16", "shape": "1x1x1", "status": "ok",
             "ratio": 1.5, "ours_rate": 3.0, "ref_rate": 2.0},
            {"kind": "case", "group": "copy", "shape": "1 MiB", "status": "WRONG"}]
    msg = harness.plot(rows, str(tmp_path / "k.png"))
    assert "matplotlib is not installed" in msg
    png = (tmp_path / "k.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (64, 200)


@pytest.mark.parametrize("python", other_pythons() or [None])
def test_the_bundle_runs_alone_under_another_python(bundle, tmp_path, python):
    """The run side needs neither MLIR nor the tirx package: the bundle's
    launcher and runtime, under Python 3.8 or 3.12."""
    if python is None:
        pytest.skip("no other Python interpreter found (pyenv 3.8/3.12)")
    out, _ = bundle
    results = tmp_path / "r"
    r = run_bundle(out, results, "--only", "tma_tile_copy", python=python,
                   env={"PYTHONPATH": ""})
    assert r.returncode == 0, r.stdout + r.stderr
    cases = [c for c in load_records(results) if c["kind"] == "case"]
    assert [c["status"] for c in cases] == ["dry-run"]
    env = [c for c in load_records(results) if c["kind"] == "environment"][0]
    assert env["python"].startswith(os.path.basename(os.path.dirname(
        os.path.dirname(python))))
