"""bench/gpu/kernel_bench.py in its dry mode (no GPU): it builds a PTX per
case, writes the plan the GPU run reads, prints it, and the run side's
table and timing helpers work on recorded rows."""

import json
import os
import subprocess
import sys

import pytest

from tirx.compiler import find_ptxas

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(REPO, "bench", "gpu")
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")


@pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")
@pytest.mark.skipif(ASAN, reason="builds four kernels; the normal build runs it")
def test_dry_run_builds_and_prints_the_plan(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    r = subprocess.run([sys.executable, os.path.join(BENCH, "kernel_bench.py"), "build",
                        str(tmp_path), "--quick", "--dry-run"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "plan (dry run" in r.stdout
    plan = json.loads((tmp_path / "plan.json").read_text())
    kernels = [c["kernel"] for c in plan["cases"]]
    assert kernels == ["hopper_gemm", "flash_attention", "bulk_copy", "elementwise"]
    for c in plan["cases"]:
        ptx = (tmp_path / c["ptx"]).read_text()
        assert f".entry {c['entry']}(" in ptx
        assert c["launch"]["smem"] <= 227 * 1024 and c["work"] > 0
        assert c["kernel"] in r.stdout
    gemm = plan["cases"][0]
    assert [m["name"] for m in gemm["maps"]] == ["A", "B", "C"]
    assert gemm["M_pad"] % (gemm["config"]["BM"] * gemm["config"]["CLUSTER"]) == 0
    assert plan["not_run"][0]["kernel"] == "blackwell_gemm"
    assert plan["not_run"][0]["ptxas"]["spill_stores"] == 0
    assert "not run: sm_100a" in r.stdout
    # what the GPU machine needs travels with the plan
    assert (tmp_path / "harness.py").exists() and (tmp_path / "kernel_bench.py").exists()


def test_table_and_plot_of_recorded_rows(tmp_path):
    sys.path.insert(0, BENCH)
    try:
        import harness
    finally:
        sys.path.remove(BENCH)
    rows = [dict(kernel="hopper_gemm", group="gemm bf16", shape="1024x1024x1024",
                 ours_ms=0.01, ours_rate=214.7, ref="cuBLAS", ref_ms=0.012, ref_rate=178.9,
                 unit="TFLOP/s", ratio=1.2, err=3e-3, status="ok"),
            dict(kernel="bulk_copy", group="copy", shape="1 MiB", ref="copy_",
                 unit="TB/s", status="ERROR: RuntimeError: x")]
    table = harness.markdown_table(rows).splitlines()
    assert len(table) == 4 and table[0].startswith("| kernel | shape |")
    assert "| 1.20 |" in table[2] and "214.7 TFLOP/s" in table[2]
    assert table[3].endswith("| ERROR: RuntimeError: x |") and "| - |" in table[3]
    msg = harness.plot(rows, str(tmp_path / "k.png"))
    try:
        import matplotlib  # noqa: F401
        assert (tmp_path / "k.png").stat().st_size > 1000
    except ImportError:
        assert msg == "matplotlib is not installed: no plot"


class _FakeEvent:
    clock = [0.0]

    def __init__(self, enable_timing):
        assert enable_timing

    def record(self):
        self.t = _FakeEvent.clock[0]

    def synchronize(self):
        pass

    def elapsed_time(self, other):
        return other.t - self.t


def test_time_ms_takes_the_median_and_flushes():
    sys.path.insert(0, BENCH)
    try:
        import harness
    finally:
        sys.path.remove(BENCH)
    durations = iter([9.0, 9.0, 9.0, 1.0, 5.0, 3.0, 100.0, 4.0])
    calls, flushes = [], []

    class Flush:
        def zero_(self):
            flushes.append(1)

    def fn():
        calls.append(1)
        _FakeEvent.clock[0] += next(durations)

    torch = type("torch", (), {"cuda": type("cuda", (), {"Event": _FakeEvent})})
    ms = harness.time_ms(torch, fn, warmup=3, repeats=5, flush=Flush())
    assert ms == 4.0          # median of 1, 5, 3, 100, 4: warm-up not counted
    assert len(calls) == 8 and len(flushes) == 5
