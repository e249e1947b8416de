"""Trace ranges in script, the simulator's timeline, the trace buffer's
decoding and its Perfetto JSON, and tirx.profile's timing helper (through
the fake CUDA driver and a stand-in PyTorch in a child process)."""

import enum
import json
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import tirx
from tirx import profiling, sim
from tirx.profiling import Trace, decode_trace, validate_trace
from tirx.script import ScriptError
from tirx.script import tirx as T

from conftest import REPO_ROOT

HERE = os.path.dirname(os.path.abspath(__file__))


# -- the script surface -----------------------------------------------------

def make_pipeline(iters=4):
    """Two warps and a two-stage mbarrier ring: warp 0 produces `iters`
    tiles into shared memory, warp 1 consumes them into out[lane]."""

    @T.prim_func
    def pipeline(out: T.Buffer((32,), "int32")):
        T.device_entry()
        tx = T.thread_id([64])
        ring = T.alloc_buffer([2, 32], "int32", scope="shared")
        bars = T.alloc_buffer([4], "uint64", scope="shared")
        if tx == 0:
            for s in range(4):
                T.ptx.mbarrier.init(bars.ptr_to([s]), 32)
        T.cuda.cta_sync()
        lane = tx % 32
        if tx < 32:
            for i in range(iters):
                s = i % 2
                with T.profile.range("produce"):
                    T.cuda.mbarrier_wait(bars.ptr_to([2 + s]), ((i // 2) % 2) ^ 1)
                    ring[s, lane] = i * 100 + lane
                    T.ptx.mbarrier.arrive(bars.ptr_to([s]))
                    T.profile.mark("full")
        else:
            acc = T.alloc_buffer([1], "int32", scope="local")
            acc[0] = 0
            for i in range(iters):
                s = i % 2
                T.cuda.mbarrier_wait(bars.ptr_to([s]), (i // 2) % 2)
                with T.profile.range("consume"):
                    acc[0] = acc[0] + ring[s, lane]
                    T.ptx.mbarrier.arrive(bars.ptr_to([2 + s]))
            out[lane] = acc[0]

    return pipeline


def test_range_and_mark_build_the_ops_at_their_lines():
    k = make_pipeline()
    text = k.module.operation.get_asm(enable_debug_info=True)
    assert text.count('tirx.profile.range_begin "produce"') == 1
    assert text.count('tirx.profile.range_end "produce"') == 1
    assert text.count('tirx.profile.mark "full"') == 1
    assert text.count('tirx.profile.range_begin "consume"') == 1
    # The begin and the end are both at the `with` line.
    import inspect
    src, first = inspect.getsourcelines(make_pipeline)
    line = first + next(i for i, l in enumerate(src) if 'range("produce")' in l)
    ops = []
    k.module.operation.walk(lambda o: ops.append(o) if o.name in (
        "tirx.profile.range_begin", "tirx.profile.range_end") and
        str(o.attributes["name"].value) == "produce" else None)
    assert len(ops) == 2
    for o in ops:
        assert "test_profile.py\":%d:" % line in str(o.location), str(o.location)


def test_leader_and_explicit_begin_end():
    @T.prim_func
    def k(out: T.Buffer((1,), "int32")):
        T.device_entry()
        tx = T.thread_id([64])
        T.profile.range_begin("load", leader=tx % 32 == 0)
        T.profile.mark("m", leader=False)       # never recorded: not emitted
        T.profile.range_end("load", leader=tx % 32 == 0)
        T.profile.range_end()
        if tx == 0:
            out[0] = 1
    text = str(k.module)
    assert 'tirx.profile.range_begin "load" leader(' in text
    assert 'tirx.profile.mark' not in text
    assert 'tirx.profile.range_end "load" leader(' in text
    assert "tirx.profile.range_end\n" in text or "tirx.profile.range_end loc" in text


def test_break_inside_a_range_is_an_error():
    with pytest.raises(ScriptError, match="would skip the end of the range"):
        @T.prim_func
        def k(out: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            for i in range(4):
                with T.profile.range("r"):
                    if i == 2:
                        break
            out[0] = 1


def test_profile_outside_device_code_is_an_error():
    with pytest.raises(ScriptError, match="device code"):
        @T.prim_func
        def k(out: T.Buffer((4,), "int32")):
            T.profile.mark("host")
            T.device_entry()
            tx = T.thread_id([32])
            out[0] = tx


def test_bad_names_are_errors():
    with pytest.raises(ScriptError, match="takes the event's name"):
        @T.prim_func
        def k(out: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            T.profile.mark(3.5)
    with pytest.raises(ScriptError, match="non-empty name"):
        @T.prim_func
        def k2(out: T.Buffer((4,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            T.profile.mark("")


class Event(enum.Enum):
    kLoad = 0
    kCompute = 1


def test_original_timer_spellings_map_to_ranges():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")

        @T.prim_func
        def k(prof: T.Buffer((1024,), "uint64")):
            T.device_entry()
            tx = T.thread_id([128])
            tag = T.alloc_buffer([1], "uint64", scope="local")
            off = T.alloc_buffer([1], "uint32", scope="local")
            T.cuda.timer_init(prof.data, tag.data, off.data, 4, tx // 32)
            T.cuda.timer_start(Event.kLoad, prof.data, tag.data, off.data, 4, tx % 32 == 0)
            T.cuda.timer_end(Event.kLoad, prof.data, tag.data, off.data, 4, tx % 32 == 0)
            T.cuda.timer_finalize(prof.data, tag.data, off.data, 4, tx % 32 == 0)
    text = str(k.module)
    assert 'tirx.profile.range_begin "kLoad" leader(' in text
    assert 'tirx.profile.range_end "kLoad" leader(' in text
    assert 'tirx.profile.mark "finalize" leader(' in text


def test_iket_push_pop_and_unsupported_forms():
    @T.prim_func
    def k(out: T.Buffer((1,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        T.cuda.iket.range_push("outer")
        T.cuda.iket.mark("tick")
        T.cuda.iket.range_pop()
        out[0] = tx
    text = str(k.module)
    assert 'tirx.profile.range_begin "outer"' in text
    assert 'tirx.profile.mark "tick"' in text
    assert "tirx.profile.range_end" in text
    with pytest.raises(ScriptError, match="range_start has no TIRx trace form"):
        @T.prim_func
        def k2(out: T.Buffer((1,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            t = T.cuda.iket.range_start("x")
    with pytest.raises(ScriptError, match="record no payload"):
        @T.prim_func
        def k3(out: T.Buffer((1,), "int32")):
            T.device_entry()
            tx = T.thread_id([32])
            T.cuda.iket.mark("x", 7)


def test_trace_ops_print_back_as_script():
    k = make_pipeline(2)
    text = k.script()
    assert 'T.profile.range_begin("produce")' in text
    assert 'T.profile.mark("full")' in text
    from tirx.script import from_source, assert_structural_equal
    again = from_source(text)
    assert_structural_equal(k, again)


# -- compiling without tracing ----------------------------------------------

def test_without_tracing_the_ops_cost_nothing():
    """The PTX of a kernel with ranges is the PTX of the kernel without."""
    @T.prim_func
    def with_ranges(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([256])
        with T.profile.range("scale"):
            A[tx] = A[tx] * T.float32(2.0)
        T.profile.mark("done")

    @T.prim_func
    def with_ranges_2(A: T.Buffer((256,), "float32")):
        T.device_entry()
        tx = T.thread_id([256])
        A[tx] = A[tx] * T.float32(2.0)
    strip = lambda p: "\n".join(l for l in p.splitlines()
                                if not l.lstrip().startswith((".loc", ".file", "//")))
    a = tirx.compile(with_ranges, target="sm_90a").replace("with_ranges", "K")
    b = tirx.compile(with_ranges_2, target="sm_90a").replace("with_ranges_2", "K")
    assert strip(a) == strip(b)
    assert "globaltimer" not in a


# -- instrumentation and the buffer path (in the simulator) -------------------

def test_instrument_adds_the_buffer_and_its_layout():
    inst = profiling.instrument(make_pipeline(), capacity=16)
    layout = inst.layout()
    assert layout == {"version": 1, "param": 1, "capacity": 16,
                      "warps_per_cta": 2, "header_words": 4, "record_words": 2,
                      "timer": "globaltimer",
                      "names": ["produce", "full", "consume"]}
    assert "__tirx_trace" in inst.text
    assert "tirx.profile.range_begin" not in inst.text
    with pytest.raises(ValueError, match="no trace ranges or marks"):
        @T.prim_func
        def plain(A: T.Buffer((32,), "float32")):
            T.device_entry()
            tx = T.thread_id([32])
            A[tx] = T.float32(1.0)
        profiling.instrument(plain)
    with pytest.raises(ValueError, match="capacity"):
        profiling.instrument(make_pipeline(), capacity=0)


def test_buffer_path_in_the_simulator(tmp_path):
    """tirx.profile(trace=..., target="sim"): the instrumented kernel (the
    code the GPU runs) writes its buffer in the simulator; the decoded
    timeline shows the producer's and the consumer's ranges."""
    out = np.zeros(32, dtype=np.int32)
    path = tmp_path / "gpu-format.json"
    r = tirx.profile(make_pipeline(), out, trace=str(path), target="sim")
    assert (out == 600 + 4 * np.arange(32)).all()
    obj = json.loads(path.read_text())
    validate_trace(obj)
    assert obj["otherData"]["source"] == "gpu"
    tracks = r.trace.tracks()
    assert tracks == {(0, 0): "warp 0", (0, 2): "warp 1"}
    produce = [e for e in r.trace.slices() if e["name"] == "produce"]
    consume = [e for e in r.trace.slices() if e["name"] == "consume"]
    assert len(produce) == 4 and all(e["tid"] == 0 for e in produce)
    assert len(consume) == 4 and all(e["tid"] == 2 for e in consume)
    assert [e["name"] for e in r.trace.instants()] == ["full"] * 4
    # The consumer's i-th range starts after the producer's i-th mark.
    marks = sorted(e["ts"] for e in r.trace.instants())
    for m, c in zip(marks, sorted(e["ts"] for e in consume)):
        assert c > m
    assert r.trace.meta["dropped"] == 0


def test_overflow_is_counted_not_written():
    out = np.zeros(32, dtype=np.int32)
    inst = profiling.instrument(make_pipeline(), capacity=3)
    layout = inst.layout()
    words = profiling.buffer_words(layout, (1, 1, 1))
    assert words == 2 * (4 + 3 * 2)
    # One word more than the layout: it must stay untouched.
    buf = np.full(words + 1, -7, dtype=np.int64)
    from tirx import ir
    with ir.Context():
        m = ir.Module.parse(inst.text)
        sim.run(m, out, buf[:words].copy(), seed=0)   # exact size: no OOB
        b2 = buf.copy()
        with pytest.raises(ir.MLIRError, match="out-of-bounds index"):
            sim.run(m, out, b2[:words - 1].copy(), seed=0)
    b = np.zeros(words, dtype=np.int64)
    with ir.Context():
        sim.run(ir.Module.parse(inst.text), out, b, seed=0)
    # Warp 0: 4 x (begin, mark, end) = 12 events; warp 1: 4 x 2 = 8.
    assert b[0] == 12 and b[10] == 8
    tr = decode_trace(b, layout, (1, 1, 1))
    assert tr.meta["dropped"] == (12 - 3) + (8 - 3)
    assert tr.meta["overflow"] == {"CTA (0, 0, 0) warp 0": 9,
                                   "CTA (0, 0, 0) warp 1": 5}
    validate_trace(tr.to_json())


# -- the simulator's own timeline ---------------------------------------------

def test_simulator_trace_has_ranges_and_waits(tmp_path):
    out = np.zeros(32, dtype=np.int32)
    path = tmp_path / "sim.json"
    stats = sim.run(make_pipeline(), out, seed=3, trace=path)
    obj = json.loads(path.read_text())
    validate_trace(obj)
    assert obj["otherData"]["source"] == "tirx-sim"
    assert obj["otherData"]["clock"] == "step"
    tr = Trace(obj["traceEvents"], obj["otherData"])
    assert tr.tracks() == {(0, 0): "warp 0", (0, 1): "warp 0 waits",
                           (0, 2): "warp 1", (0, 3): "warp 1 waits"}
    waits = tr.slices("wait")
    assert {e["name"] for e in waits} <= {"wait mbarrier", "wait barrier 0"}
    mb = [e for e in waits if e["name"] == "wait mbarrier"]
    assert any(e["tid"] == 3 for e in mb)        # the consumer waits
    assert all(e["args"]["on"].startswith("shared offset 0x1") for e in mb)
    # At the author's line (the mbarrier_wait call), not inside T.cuda.
    assert all(e["args"]["loc"].startswith("test_profile.py:") for e in waits)
    assert len([e for e in tr.slices("range") if e["name"] == "consume"]) == 4


def test_simulator_trace_is_written_on_a_deadlock(tmp_path):
    @T.prim_func
    def stuck(out: T.Buffer((1,), "int32")):
        T.device_entry()
        tx = T.thread_id([32])
        bar = T.alloc_buffer([1], "uint64", scope="shared")
        if tx == 0:
            T.ptx.mbarrier.init(bar.ptr_to([0]), 64)
        T.cuda.cta_sync()
        with T.profile.range("waiting"):
            T.ptx.mbarrier.arrive(bar.ptr_to([0]))
            T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    path = tmp_path / "stuck.json"
    from tirx import ir
    with pytest.raises(ir.MLIRError, match="deadlock"):
        sim.run(stuck, np.zeros(1, dtype=np.int32), trace=path)
    obj = validate_trace(json.loads(path.read_text()))
    waits = [e for e in obj["traceEvents"] if e.get("name") == "wait mbarrier"]
    assert len(waits) == 1 and waits[0]["args"]["unfinished"] is True
    open_ranges = [e for e in obj["traceEvents"] if e.get("name") == "waiting"]
    assert open_ranges and open_ranges[0]["args"]["open"] is True


def test_trace_argument_is_checked():
    with pytest.raises(TypeError, match="trace must be a path"):
        sim.run(make_pipeline(), np.zeros(32, dtype=np.int32), trace=5)


# -- decoding and the format ---------------------------------------------------

LAYOUT = {"version": 1, "param": 0, "capacity": 4, "warps_per_cta": 2,
          "header_words": 4, "record_words": 2, "timer": "globaltimer",
          "names": ["a", "b"]}


def rec(kind, idx):
    return (kind << 32) | idx


def synthetic():
    """Two CTAs of two warps; CTA 1 warp 0 is empty."""
    buf = np.zeros(2 * 2 * (4 + 8), dtype=np.uint64)

    def warp(region, count, start, records):
        base = region * 12
        buf[base:base + 4] = [count, start, 0, 7]
        for i, (t, m) in enumerate(records):
            buf[base + 4 + 2 * i: base + 6 + 2 * i] = [t, m]
    warp(0, 4, 1000, [(1000, rec(1, 0)), (1500, rec(3, 1)), (3000, rec(2, 0)),
                      (3500, rec(2, 0xFFFFFFFF))])
    warp(1, 6, 2000, [(2000, rec(1, 0)), (2100, rec(1, 1)), (2600, rec(2, 1)),
                      (2700, rec(2, 0))])
    warp(3, 1, 4000, [(4000, rec(1, 1))])
    return buf


def test_decode_a_synthetic_buffer():
    tr = decode_trace(synthetic(), LAYOUT, (2, 1, 1), kernel="k")
    validate_trace(tr.to_json())
    assert tr.processes() == {0: "CTA (0, 0, 0)", 1: "CTA (1, 0, 0)"}
    assert tr.tracks() == {(0, 0): "warp 0", (0, 2): "warp 1", (1, 2): "warp 1"}
    got = [(e["pid"], e["tid"], e["name"], e["ts"], e.get("dur"))
           for e in tr.events if e["ph"] != "M"]
    assert got == [
        (0, 0, "a", 0.0, 2.0), (0, 0, "b", 0.5, None),
        (0, 0, "unmatched range_end", 2.5, None),
        (0, 2, "a", 1.0, 0.7), (0, 2, "b", 1.1, 0.5),
        (1, 2, "b", 3.0, 0.0)]
    assert tr.slices()[-1]["args"]["open"] is True
    assert tr.meta["dropped"] == 2 and tr.meta["overflow"] == {
        "CTA (0, 0, 0) warp 1": 2}


def test_decode_clock64_uses_each_warps_start():
    lay = dict(LAYOUT, timer="clock64", names=["a"])
    buf = np.zeros(2 * 12, dtype=np.uint64)
    buf[0:4] = [2, 1000, 50, 0]
    buf[4:8] = [50, rec(1, 0), 250, rec(2, 0)]
    buf[12:16] = [2, 3000, 9000, 0]
    buf[16:20] = [9000, rec(1, 0), 9100, rec(2, 0)]
    tr = decode_trace(buf, lay, (1, 1, 1), clock_hz=1e9)
    s = sorted((e["ts"], e["dur"]) for e in tr.slices())
    assert s == [(0.0, pytest.approx(0.2)), (2.0, pytest.approx(0.1))]
    assert decode_trace(buf, lay, (1, 1, 1)).meta["note"].startswith("clock64")


def test_decode_rejects_a_short_buffer():
    with pytest.raises(ValueError, match="needs 48"):
        decode_trace(np.zeros(10, dtype=np.uint64), LAYOUT, (2, 1, 1))


def test_validator_finds_problems():
    good = decode_trace(synthetic(), LAYOUT, (2, 1, 1)).to_json()
    validate_trace(good)
    bad = json.loads(json.dumps(good))
    bad["traceEvents"] = [e for e in bad["traceEvents"]
                          if e.get("name") != "thread_name"]
    with pytest.raises(ValueError, match="no thread_name"):
        validate_trace(bad)
    bad = json.loads(json.dumps(good))
    bad["traceEvents"].append({"ph": "X", "cat": "range", "name": "x", "pid": 0,
                               "tid": 0, "ts": 1.0, "dur": 5.0, "args": {}})
    with pytest.raises(ValueError, match="overlaps"):
        validate_trace(bad)
    bad = json.loads(json.dumps(good))
    bad["traceEvents"].append({"ph": "B", "name": "x", "pid": 0, "tid": 0,
                               "ts": 1})
    with pytest.raises(ValueError, match="phase 'B'"):
        validate_trace(bad)
    with pytest.raises(ValueError, match="otherData"):
        validate_trace({"traceEvents": [], "displayTimeUnit": "ns"})


def test_simulator_golden_trace_is_valid():
    path = os.path.join(REPO_ROOT, "test", "Sim", "Inputs", "profile-trace.json")
    tr = Trace.load(path)
    assert tr.meta["kernel"] == "pipeline"
    assert {e["name"] for e in tr.slices("range")} == {"produce", "consume"}


def test_summary_png(tmp_path):
    pytest.importorskip("matplotlib")
    tr = decode_trace(synthetic(), LAYOUT, (2, 1, 1), kernel="k")
    p = tr.summary_png(str(tmp_path / "s.png"))
    with open(p, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    gold = os.path.join(REPO_ROOT, "test", "Sim", "Inputs", "profile-trace.json")
    p2 = profiling.summary_png(gold, str(tmp_path / "sim.png"))
    assert os.path.getsize(p2) > 1000


def test_profile_argument_errors():
    k = make_pipeline()
    with pytest.raises(ValueError, match="needs trace=True"):
        tirx.profile(k, np.zeros(32, dtype=np.int32), target="sim")
    with pytest.raises(ValueError, match="png= draws a trace"):
        tirx.profile(lambda: None, png="x.png")
    with pytest.raises(TypeError, match="PyTorch or CuPy"):
        tirx.profile(lambda a: None, np.zeros(3))
    with pytest.raises(TypeError, match="instruments the kernel's source"):
        tirx.profile(lambda a: None, np.zeros(3), trace=True)


def test_result_statistics():
    r = profiling.ProfileResult("k", [3.0, 1.0, 2.0], flops=2e12, bytes=4e9)
    assert (r.min_ms, r.median_ms, r.max_ms) == (1.0, 2.0, 3.0)
    assert r.tflops == pytest.approx(1000.0)
    assert r.gbps == pytest.approx(2000.0)
    assert "median 2.0000 ms" in repr(r) and "1000.0 TFLOP/s" in repr(r)


# -- the GPU path through the fake driver --------------------------------------

FAKE_CHILD = r"""
import json, os, sys
sys.path[:0] = [{mock!r}, {here!r}]
import torch                      # the stand-in (test/python/mock_torch)
import tirx
import tirx.compiler
tirx.compiler.find_ptxas = lambda: None   # PTX-only packages
from tirx.script import tirx as T

@T.prim_func
def scale(A: T.Buffer((256,), "float32")):
    T.device_entry()
    tx = T.thread_id([256])
    with T.profile.range("scale"):
        A[tx] = A[tx] * T.float32(2.0)

A = torch.zeros((256,), dtype=torch.float32)
r = tirx.profile(scale, A, warmup=2, repeats=5, bytes=2048, target="sm_90a")
print("TIMES", len(r.times_ms), r.gbps is not None)
r = tirx.profile(scale, A, trace={trace!r}, target="sm_90a")
print("TRACE", r.trace_path, len(r.trace.slices()))
"""


def test_timing_and_trace_through_the_fake_driver(tmp_path):
    """Nothing runs on the fake device, so the timings are the host's and the
    trace is empty; what is checked is the plumbing: the kernel is built,
    launched with the trace buffer as its extra argument (launch_config
    sized it from the grid) and its timeline written."""
    from tirx.runtime import launcher
    lib = os.path.dirname(launcher.find_runtime_library())
    log = tmp_path / "driver.log"
    # Packages without a cubin (the child hides ptxas), so the fake driver
    # gets the PTX and sees (and logs) the kernel's parameters.
    env = dict(os.environ, TIRX_CUDA_DRIVER=os.path.join(lib, "libtirx-fake-cuda.so"),
               TIRX_FAKE_CUDA_LOG=str(log), TIRX_CACHE_DIR=str(tmp_path / "cache"))
    env["PYTHONPATH"] = os.pathsep.join([p for p in sys.path if p] + [HERE])
    code = FAKE_CHILD.format(mock=os.path.join(HERE, "mock_torch"), here=HERE,
                             trace=str(tmp_path / "t.json"))
    script = tmp_path / "child.py"        # the kernel's source is read back
    script.write_text(code)
    r = subprocess.run([sys.executable, str(script)], capture_output=True,
                       text=True, env=env, cwd=str(tmp_path), timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "TIMES 5 True" in r.stdout
    assert "TRACE %s 0" % (tmp_path / "t.json") in r.stdout
    assert "recorded no trace events" in r.stderr
    calls = [json.loads(l) for l in log.read_text().splitlines()]
    launches = [c for c in calls if c["call"] == "cuLaunchKernelEx"]
    # 2 warm-up + 5 timed plain launches, then 2 traced ones.
    assert len(launches) == 9
    assert [len(c["params"]) for c in launches] == [1] * 7 + [2] * 2
    validate_trace(json.loads((tmp_path / "t.json").read_text()))


# -- the example GEMM, traced --------------------------------------------------

def _gemm_args():
    sys.path.insert(0, os.path.join(REPO_ROOT, "examples"))
    from kernels import hopper_gemm as G
    M, N, K = 256, 128, 128
    cfg = dict(BN=128, STAGES=2, CLUSTER=1, SMS=1)
    rng = np.random.default_rng(0)
    a = rng.integers(0x3c00, 0x3d00, (M, K), dtype=np.uint16)
    bt = rng.integers(0x3c00, 0x3d00, (N, K), dtype=np.uint16)
    c = np.zeros((M, N), np.uint16)
    # The kernel's host part encodes its tensor maps from the arrays.
    return G.make_gemm(M, N, K, **cfg), [a, bt, c]


def test_traced_gemm_shows_producer_and_consumer_warps(tmp_path):
    """The example Hopper GEMM's load and mma ranges: in the simulator's
    timeline (with the consumers' waits) and through the trace buffer
    (target="sim", the code a GPU runs)."""
    k, maps = _gemm_args()
    path = tmp_path / "gemm-sim.json"
    sim.run(k, *maps, seed=0, trace=path)
    tr = Trace.load(str(path))
    loads = [e for e in tr.slices("range") if e["name"] == "load"]
    mmas = [e for e in tr.slices("range") if e["name"] == "mma"]
    # 2 tiles x 2 K blocks: the producer's elected thread (warp 0) loads 4
    # stages; each of the 8 consumer warps (warps 4-11) runs 4 mma ranges.
    assert len(loads) == 4 and {e["tid"] for e in loads} == {0}
    assert sorted({e["tid"] // 2 for e in mmas}) == list(range(4, 12))
    assert len(mmas) == 32
    assert any(e["name"] == "wait mbarrier" and e["tid"] // 2 >= 4
               for e in tr.slices("wait"))
    r = tirx.profile(k, *maps, trace=str(tmp_path / "gemm-buffer.json"),
                     target="sim")
    assert {(e["tid"] // 2, e["name"]) for e in r.trace.slices()} == \
        {(0, "load")} | {(w, "mma") for w in range(4, 12)}
    assert r.trace.meta["dropped"] == 0
