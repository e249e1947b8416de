"""bench/gpu/kernel_bench.py (what the GPU benchmark measures) and the run
side's helpers in harness.py: the rows and their configurations are ones
the kernels accept, the benchmark-only bundle builds and dry-runs, and the
table and timing helpers do what they say on recorded rows."""

import json
import os
import subprocess
import sys

import pytest

from tirx.compiler import find_ptxas

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(REPO, "bench", "gpu")
ASAN = "asan" in os.environ.get("LD_PRELOAD", "")

sys.path.insert(0, BENCH)
import harness  # noqa: E402
import kernel_bench  # noqa: E402
sys.path.remove(BENCH)


def test_rows_are_unique_and_accepted_by_the_kernels():
    sys.path.insert(0, os.path.join(REPO, "examples"))
    from kernels import flash_attention, hopper_gemm
    rows = kernel_bench.benchmark_cases()
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids))
    for r in rows:
        assert r["work"] > 0 and r["unit"] in ("TFLOP/s", "TB/s") and r["ref"]
        assert r["args"][-1 if r["kernel"] != "elementwise" else -2]["fill"] == "poison"
        if r["kernel"] == "hopper_gemm":
            hopper_gemm.check_config(r["M_pad"], r["N"], r["K"], r["config"])
            assert r["M_pad"] >= r["M"] and r["work"] == 2 * r["M"] * r["N"] * r["K"]
        if r["kernel"] == "flash_attention":
            flash_attention.check(r["BH"], r["S"], r["D"], r["config"])
    groups = {r["group"] for r in rows}
    assert groups == {"gemm bf16", "attention d64", "attention d128", "copy", "elementwise"}


def test_sanitizer_configurations_are_small():
    cases = kernel_bench.sanitizer_cases()
    assert [c["kernel"] for c in cases] == ["hopper_gemm", "flash_attention",
                                            "bulk_copy", "elementwise"]
    for c in cases:
        elems = sum(_prod(a["tensor"]) for a in c["args"] if "tensor" in a)
        assert elems <= 1 << 20, c["id"]
    # the GEMM's: the 2-CTA cluster configuration of the large rows
    assert cases[0]["build"]["kwargs"]["CLUSTER"] == 2


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


@pytest.mark.skipif(find_ptxas() is None, reason="ptxas not found")
@pytest.mark.skipif(ASAN, reason="builds kernels; the normal build runs it")
def test_benchmark_bundle_builds_and_dry_runs(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(BENCH, "kernel_bench.py"), "build",
                        str(tmp_path), "--quick", "--dry-run"],
                       capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert r.returncode == 0, r.stdout + r.stderr
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert [c["kernel"] for c in plan["cases"]] == [
        "hopper_gemm", "flash_attention", "bulk_copy", "elementwise"]
    assert plan["sanitizer"] == [] and plan["not_run"][0]["kernel"] == "blackwell_gemm"
    with open(tmp_path / "dry-run-results" / "results.jsonl") as f:
        recs = [json.loads(l) for l in f]
    assert [r["status"] for r in recs if r["kind"] == "case"] == ["dry-run"] * 4
    assert "4 of 4 cases passed (dry run)" in r.stdout


def test_table_of_recorded_rows():
    rows = [dict(kind="case", kernel="hopper_gemm", group="gemm bf16", shape="1024x1024x1024",
                 ours_ms=0.01, ours_rate=214.7, ref="cuBLAS", ref_ms=0.012, ref_rate=178.9,
                 unit="TFLOP/s", ratio=1.2, rel_err=3e-3, host_us=12.5, image="cubin",
                 status="ok"),
            dict(kind="case", kernel="bulk_copy", group="copy", shape="1 MiB", ref="copy_",
                 unit="TB/s", status="ERROR", detail="exited with 1 in stage 'launch'")]
    md = harness.markdown(rows, {"not_run": [{"kernel": "blackwell_gemm", "shape": "4096^3",
                                              "reason": "sm_100a"}]})
    lines = md.splitlines()
    i = lines.index("## Cases")
    assert lines[i + 2].startswith("| kernel | shape | ours ms |")
    assert lines[i + 4] == ("| hopper_gemm | 1024x1024x1024 | 0.0100 | 214.7 TFLOP/s | "
                            "cuBLAS | 0.0120 | 178.9 TFLOP/s | 1.20 | 3.00e-03 | 12.5 | "
                            "cubin | ok |")
    assert lines[i + 5] == "| bulk_copy | 1 MiB | - | - | copy_ | - | - | - | - | - | - | ERROR |"
    assert "- blackwell_gemm 4096^3: sm_100a" in md
    assert "## Failures" in md and "exited with 1 in stage 'launch'" in md
    assert lines[-1] == "Summary: 1 ERROR, 1 ok."


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
