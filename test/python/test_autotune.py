"""tirx.autotune: the cache (miss, hit, across processes, per problem and
GPU), the fit check before any GPU time, the simulator check, the no-GPU
path, the table, parallel compilation, and the GPU path through the fake
CUDA driver."""

import io
import json
import os
import subprocess
import sys

import pytest

import tirx
from tirx import autotuning
from tirx.autotuning import Autotuner, chip_limits

import autotune_kernels as K

HERE = os.path.dirname(os.path.abspath(__file__))
GPU = "Test GPU (sm_90)"


class Bench:
    """A stand-in GPU timer: deterministic times per config; counts calls."""

    def __init__(self, times=None):
        self.times = times or {1: 3.0, 2: 1.0, 4: 2.0}
        self.calls = []

    def __call__(self, cand):
        self.calls.append(dict(cand.config))
        assert os.path.isfile(os.path.join(cand.package, "manifest.json"))
        assert ".entry kernel(" in cand.ptx
        return self.times[cand.config.get("VEC", 1)]


def tuner(tmp_path, space, **kw):
    kw.setdefault("bench", Bench())
    kw.setdefault("stream", io.StringIO())
    kw.setdefault("workers", 0)
    return Autotuner(K.axpy, space, cache_dir=str(tmp_path / "tune"),
                     target="sm_90a", name="axpy", **kw)


@pytest.fixture(autouse=True)
def kernel_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TIRX_CACHE_DIR", str(tmp_path / "kernels"))


def test_miss_then_hit(tmp_path):
    t = tuner(tmp_path, dict(VEC=[1, 2, 4]))
    r = t.tune(1024, device=GPU)
    assert r.source == "tuned" and r.config == {"VEC": 2} and r.ms == 1.0
    assert [c["VEC"] for c in t.bench.calls] == [1, 2, 4]
    assert [row["status"] for row in r.rows] == ["timed", "best", "timed"]
    assert os.path.isfile(t.cache_path())
    # A hit: nothing is compiled or timed.
    r2 = t.tune(1024, device=GPU)
    assert r2.source == "cache" and r2.config == {"VEC": 2}
    assert len(t.bench.calls) == 3
    # Another problem, or another GPU, is a miss.
    assert t.tune(2048, device=GPU).source == "tuned"
    assert t.tune(1024, device="Other GPU (sm_90)").source == "tuned"
    assert len(t.bench.calls) == 9
    # force re-tunes.
    assert t.tune(1024, device=GPU, force=True).source == "tuned"
    data = json.load(open(t.cache_path()))
    assert data["format"] == autotuning.CACHE_FORMAT
    assert set(data["entries"]) == {"[1024]", "[2048]"}
    assert set(data["entries"]["[1024]"]) == {GPU, "Other GPU (sm_90)"}


CHILD = r"""
import io, sys
sys.path.insert(0, {here!r})
import autotune_kernels as K
from tirx.autotuning import Autotuner

def bench(cand):
    raise AssertionError("a cache hit must not time anything")

t = Autotuner(K.axpy, dict(VEC=[1, 2, 4]), cache_dir={cache!r}, target="sm_90a",
              name="axpy", bench=bench, workers=0, stream=io.StringIO())
r = t.tune(1024, device={gpu!r})
print("SOURCE", r.source, r.config)
print("CONFIG", t.config(1024))
"""


def test_the_next_process_pays_no_tuning(tmp_path):
    t = tuner(tmp_path, dict(VEC=[1, 2, 4]))
    t.tune(1024, device=GPU)
    code = CHILD.format(here=HERE, cache=str(tmp_path / "tune"), gpu=GPU)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=600,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                           p for p in sys.path if p)))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "SOURCE cache {'VEC': 2}" in r.stdout
    # Without a GPU (the child has none) config() takes the cached entry.
    assert "CONFIG {'VEC': 2}" in r.stdout


def test_the_key_covers_source_space_and_compiler(tmp_path):
    a = tuner(tmp_path, dict(VEC=[1, 2, 4]))
    assert a.digest() == tuner(tmp_path, dict(VEC=[1, 2, 4])).digest()
    assert a.cache_path() != tuner(tmp_path, dict(VEC=[1, 2])).cache_path()
    # Another factory (of the same module) is another kernel.
    other = Autotuner(K.verify, dict(VEC=[1, 2, 4]), cache_dir=str(tmp_path),
                      name="axpy", target="sm_90a")
    assert other.digest() != a.digest()
    # So is another target, and another compiler.
    assert Autotuner(K.axpy, dict(VEC=[1, 2, 4]), name="axpy",
                     target="sm_100a").digest() != a.digest()
    from tirx.runtime import cached_build
    before = a.digest()
    old = cached_build._fingerprint
    try:
        cached_build._fingerprint = "another compiler"
        assert a.digest() != before
    finally:
        cached_build._fingerprint = old


def test_configs_that_do_not_fit_are_rejected_before_gpu_time(tmp_path):
    t = tuner(tmp_path, dict(SMEM=[0, 1024, 240 * 1024]))
    r = t.tune(1024, device=GPU)
    assert [c.get("SMEM") for c in t.bench.calls] == [0, 1024]
    rows = {row["config"]["SMEM"]: row for row in r.rows}
    big = rows[240 * 1024]
    assert big["status"] == "rejected"
    assert "shared memory per CTA" in big["reason"] and "232448" in big["reason"]
    assert rows[1024]["shared_memory"] >= 1024
    if rows[0]["registers"] is not None:   # ptxas found
        assert rows[0]["registers"] > 0


def test_register_limit():
    lim = chip_limits("sm_90a")
    why, _ = autotuning._fit({"ptxas": True, "registers": 128, "threads": 1024,
                              "static_smem": 0, "dynamic_smem": 0}, lim)
    assert "131072 registers per CTA (128 per thread x 1024 threads)" in why
    why, _ = autotuning._fit({"ptxas": True, "registers": 64, "threads": 1024,
                              "static_smem": 0, "dynamic_smem": 0}, lim)
    assert why == ""
    why, notes = autotuning._fit({"ptxas": False, "static_smem": 0,
                                  "dynamic_smem": None}, lim)
    assert why == "" and any("registers not checked" in n for n in notes)
    assert chip_limits("sm_80")["shared_memory"] == 166912
    with pytest.raises(ValueError, match="no resource limits"):
        chip_limits("gfx90a")


def test_factory_rejections_and_constraints(tmp_path):
    t = tuner(tmp_path, dict(VEC=[1, 2, 4, 8]),
              constraint=lambda cfg, n: cfg["VEC"] != 4 or "VEC=4 excluded")
    r = t.tune(128 * 2, device=GPU)
    rows = {row["config"]["VEC"]: row for row in r.rows}
    assert rows[4]["status"] == "rejected" and rows[4]["reason"] == "VEC=4 excluded"
    assert rows[8]["status"] == "rejected"
    assert rows[8]["reason"].startswith("factory: n=256 is not a multiple")
    assert r.config == {"VEC": 2}


def test_the_simulator_check(tmp_path):
    t = tuner(tmp_path, dict(VEC=[1, 2], BUG=[False, True]), verify=K.verify)
    r = t.tune(1024, device=GPU)
    rows = r.rows
    bad = [row for row in rows if row["config"]["BUG"]]
    assert all(row["status"] == "failed" and
               row["reason"].startswith("simulator check: AssertionError: wrong")
               for row in bad)
    assert all(not c["BUG"] for c in t.bench.calls)
    assert r.config == {"VEC": 2, "BUG": False}
    assert [row["verified"] for row in rows] == [True, False, True, False]
    # verify_mode "first": a cache hit does not simulate again; "always" does.
    seen = []
    t.verify = lambda cfg: seen.append(cfg)
    t.tune(1024, device=GPU)
    assert seen == []
    t.verify_mode = "always"
    t.tune(1024, device=GPU)
    assert seen == [{"VEC": 2, "BUG": False}]


def test_without_a_gpu(tmp_path):
    out = io.StringIO()
    t = tuner(tmp_path, dict(VEC=[1, 2, 4]), default={"VEC": 4}, stream=out)
    r = t.tune(1024, device=None)
    assert r.source == "default" and r.config == {"VEC": 4}
    assert "no GPU, so nothing was tuned; using the default config VEC=4" in out.getvalue()
    assert t.bench.calls == []
    t.tune(1024, device=GPU)
    r = t.tune(1024, device=None)
    assert r.source == "cache (tuned on %s)" % GPU and r.config == {"VEC": 2}
    # config() on another GPU takes the entry of the one that tuned it.
    assert t.lookup(1024, device="Other GPU (sm_90)")[1] == "cache (tuned on %s)" % GPU
    assert t.lookup(1024, device="Other GPU (sm_90)", exact=True)[1] == "default"
    # The default may depend on the problem.
    t2 = tuner(tmp_path, dict(VEC=[1, 2]), default=lambda n: {"VEC": 1 if n < 512 else 2})
    assert t2.tune(256, device=None).config == {"VEC": 1}


def test_the_table(tmp_path):
    out = io.StringIO()
    t = tuner(tmp_path, dict(VEC=[1, 2, 8]), stream=out)
    r = t.tune(512, device=GPU)
    text = out.getvalue()
    assert text == r.table() + "\n"
    lines = text.splitlines()
    assert lines[0] == "tirx.autotune axpy(512,) on %s: tuned" % GPU
    assert lines[1].split() == ["#", "config", "status", "regs", "smem", "ms",
                                "why", "/", "notes"]
    assert "VEC=2" in lines[3] and "best" in lines[3] and "1.0000" in lines[3]
    assert "VEC=8" in lines[4] and "rejected" in lines[4] and "factory:" in lines[4]
    # Not a terminal: no progress line was written.
    assert "\r" not in text


def test_progress_on_a_terminal(tmp_path):
    class Tty(io.StringIO):
        def isatty(self):
            return True
    out = Tty()
    t = tuner(tmp_path, dict(VEC=[1, 2]), stream=out)
    t.tune(1024, device=GPU)
    text = out.getvalue()
    assert "\r\x1b[K[tirx.autotune axpy] compiled" in text


def test_parallel_compilation(tmp_path):
    t = tuner(tmp_path, dict(VEC=[1, 2]), workers=2)
    r = t.tune(1024, device=GPU)
    assert r.source == "tuned"
    assert all(row["status"] in ("best", "timed") for row in r.rows)


def test_space_errors():
    with pytest.raises(ValueError, match="non-empty list"):
        Autotuner(K.axpy, dict(VEC=[]))
    with pytest.raises(TypeError, match="dict of lists or a list of dicts"):
        Autotuner(K.axpy, 3)
    with pytest.raises(TypeError, match="numbers, strings"):
        Autotuner(K.axpy, [dict(VEC=object())])
    with pytest.raises(ValueError, match="verify_mode"):
        Autotuner(K.axpy, dict(VEC=[1]), verify_mode="sometimes")
    with pytest.raises(TypeError, match="needs the kernel's arguments"):
        Autotuner(K.axpy, dict(VEC=[1]), stream=io.StringIO()).tune(128, device=GPU)


def test_decorator_and_call(tmp_path):
    @tirx.autotune(space=dict(VEC=[1, 2]), default={"VEC": 1},
                   cache_dir=str(tmp_path), stream=io.StringIO())
    def axpy(n, **cfg):
        return K.axpy(n, **cfg)
    assert isinstance(axpy, Autotuner) and axpy.name == "axpy"
    k = axpy(256)
    assert "tirx.kernel" in str(k.module)


FAKE_CHILD = r"""
import io, sys
sys.path[:0] = [{mock!r}, {here!r}]
import torch
import autotune_kernels as K
from tirx.autotuning import Autotuner

out = io.StringIO()
t = Autotuner(K.axpy, dict(VEC=[1, 2]), cache_dir={cache!r}, target="sm_90a",
              name="axpy", workers=0, stream=out)
A = torch.zeros((1024,), dtype=torch.float32)
B = torch.zeros((1024,), dtype=torch.float32)
r = t.tune(1024, args=(A, B))
print("RESULT", r.source, r.device)
print(out.getvalue())
print("HIT", t.tune(1024, args=(A, B)).source)
"""


def test_gpu_path_through_the_fake_driver(tmp_path):
    """The device comes from the runtime (the fake driver's), candidates are
    timed by tirx.profile with the stand-in PyTorch's events."""
    from tirx.runtime import launcher
    lib = os.path.dirname(launcher.find_runtime_library())
    log = tmp_path / "driver.log"
    env = dict(os.environ, TIRX_CUDA_DRIVER=os.path.join(lib, "libtirx-fake-cuda.so"),
               TIRX_FAKE_CUDA_LOG=str(log), TIRX_CACHE_DIR=str(tmp_path / "k"))
    env["PYTHONPATH"] = os.pathsep.join([p for p in sys.path if p] + [HERE])
    code = FAKE_CHILD.format(mock=os.path.join(HERE, "mock_torch"), here=HERE,
                             cache=str(tmp_path / "tune"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "RESULT tuned Fake GPU (TIRx test driver) (sm_90)" in r.stdout
    assert "HIT cache" in r.stdout
    launches = [l for l in log.read_text().splitlines() if "cuLaunchKernelEx" in l]
    assert len(launches) == 2 * (10 + 50)   # tirx.profile's warm-up and repeats


# -- the example GEMM's tuner -------------------------------------------------

def test_example_gemm_tuner(tmp_path):
    """The Hopper GEMM's tuner (examples/kernels/hopper_gemm.py) over part of
    its space: candidates compile to sm_90a, the shape check rejects a tile
    that does not divide the problem, each survivor passes the simulator
    check at its smallest shape, and config_for then reads the winner."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)),
                                    "examples"))
    from kernels import hopper_gemm as G
    t = G.tuner()
    assert t.space == G.SPACE and t.target == "sm_90a"
    # Without tuning results: the hand-written table.
    assert t.config(8192, 8192, 8192) == G.table_config(8192, 8192, 8192) == \
        dict(BN=256, STAGES=3, CLUSTER=2)
    part = Autotuner(G.make_gemm, [dict(BN=128, STAGES=3, CLUSTER=1),
                                   dict(BN=128, STAGES=4, CLUSTER=1),
                                   dict(BN=256, STAGES=3, CLUSTER=2)],
                     default=G.table_config, name=t.name, target=t.target,
                     verify=G.verify, constraint=t.constraint,
                     cache_dir=str(tmp_path / "tune"), workers=0,
                     stream=io.StringIO(),
                     bench=lambda c: {3: 2.0, 4: 1.5}[c.config["STAGES"]])
    r = part.tune(256, 128, 128, device=GPU)
    rows = r.rows
    assert [row["status"] for row in rows] == ["timed", "best", "rejected"]
    assert "not a multiple of the tile" in rows[2]["reason"]
    assert rows[0]["verified"] is True and rows[1]["verified"] is True
    assert r.config == dict(BN=128, STAGES=4, CLUSTER=1)
