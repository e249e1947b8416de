"""scripts/ptx-coverage-vs-original.py: the coverage it reports for a
table whose answer is known (test/python/fixtures/original_ptx_table.py),
and its errors for inputs it cannot read."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "ptx-coverage-vs-original.py")
FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures",
                       "original_ptx_table.py")


def _run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                          text=True, env=dict(os.environ))


def test_coverage_of_a_known_table(tmp_path):
    out = tmp_path / "cov.json"
    proc = _run("--table", FIXTURE, "--json", str(out), "--missing")
    assert proc.returncode == 0, proc.stderr
    rows = {r["entry"]: r for r in json.loads(out.read_text())}
    assert rows["fence"]["status"] == "covered"
    assert (rows["fence"]["covered"], rows["fence"]["variants"]) == (6, 6)
    assert rows["fence"]["ops"] == ["tirx.ptx.fence"]
    assert rows["ldu"]["status"] == "partial"
    assert rows["ldu"]["covered"] == 1
    assert rows["ldu"]["ops"] == ["tirx.ptx.ldu"]
    assert rows["ldu"]["missing_example"] == "ldu.global.b128"
    assert rows["add_cc"]["status"] == "missing"
    assert not rows["fence_newer"]["in_scope"]
    assert all(r["other_instruction"] == 0 for r in rows.values())
    assert ("sm_80 ... sm_103a: 3 entries: 1 covered, 1 partial, 1 missing; "
            "7 of 10 variants resolve") in proc.stdout
    # --missing lists the entries not covered, and only those
    listed = [line.split()[1] for line in proc.stdout.splitlines()
              if line.split()[0] in ("covered", "partial", "missing")]
    assert sorted(listed) == ["add_cc", "ldu"]


def test_unreadable_inputs_are_errors(tmp_path):
    bad = tmp_path / "bad.whl"
    bad.write_bytes(b"not a zip")
    for args, message in [(("--table", str(tmp_path / "none.py")), "not found"),
                          (("--wheel", str(bad)), "cannot read"),
                          (("--build", str(tmp_path), "--table", FIXTURE),
                           "build first")]:
        proc = _run(*args)
        assert proc.returncode != 0, args
        assert message in proc.stderr, (args, proc.stderr)
        assert "Traceback" not in proc.stderr, args


def test_cuda_helper_coverage(tmp_path):
    script = os.path.join(os.path.dirname(FIXTURE), "original_cuda_script.py")
    out = tmp_path / "cov.json"
    proc = _run("--table", FIXTURE, "--script", script, "--cuda",
                "--json", str(out))
    assert proc.returncode == 0, proc.stderr
    cuda = json.loads(out.read_text())["cuda"]
    assert cuda["covered"] == ["warp_sync", "half2float", "make_float2",
                               "wgmma.encode_matrix_descriptor"]
    assert cuda["missing"] == ["no_such_helper", "wgmma.no_such_wgmma_helper"]
    assert ("T.cuda: 4 of 6 helpers of the original; missing: "
            "no_such_helper, wgmma.no_such_wgmma_helper") in proc.stdout
    proc = _run("--table", FIXTURE, "--cuda")
    assert proc.returncode != 0 and "--cuda needs" in proc.stderr
