"""The simulator's exhaustive mode (sim.run(..., explore="all")): every
example and example kernel is shown race- and deadlock-free in all its
schedules (within the bound), a bug that only one order of two atomics
shows is found with a schedule that replays it, and the bound and the
options are checked."""

import inspect
import json
import os
import sys

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError
from tirx.script import tirx as T

import test_sim_examples as examples
from conftest import REPO_ROOT

pytestmark = pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""),
                                reason="many simulated runs: the normal build "
                                "runs them")

BOUND = 200


def run_explored(monkeypatch, test):
    """Runs one of test_sim_examples' tests with every sim.run in the
    exhaustive mode; returns the RunStats of each run."""
    real = sim.run
    stats = []

    def explored(*args, **kwargs):
        kwargs["explore"] = "all"
        kwargs["max_schedules"] = BOUND
        s = real(*args, **kwargs)
        stats.append(s)
        return s

    monkeypatch.setattr(sim, "run", explored)
    params = inspect.signature(test).parameters
    kwargs = {name: {"seed": 0, "n": 1000, "rows": 64}.get(name)
              for name in params if name != "ctx"}
    if "ctx" in params:
        kwargs["ctx"] = None
    test(**kwargs)
    return stats


EXAMPLE_TESTS = [name for name, fn in inspect.getmembers(examples, inspect.isfunction)
                 if name.startswith("test_") and name not in
                 ("test_every_example_is_covered", "test_host_part_errors")]


@pytest.mark.parametrize("name", EXAMPLE_TESTS)
def test_examples_proved_in_every_schedule(ctx, monkeypatch, name):
    stats = run_explored(monkeypatch, getattr(examples, name))
    assert stats, "the test ran no kernel"
    for s in stats:
        # Exhaustive within the bound, and the test's own checks passed on
        # the last schedule's results.
        assert s.exhaustive, s.report
        assert 1 <= s.schedules <= BOUND
        assert "no race, no deadlock" in s.report


@T.prim_func
def ticket(out: T.Buffer((2,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    counter = T.alloc_buffer([1], "int32", scope="shared")
    if tx == 0:
        counter[0] = 0
    T.ptx.barrier.sync()
    if tx == 0 or tx == 32:
        old = T.ptx.atom(counter.ptr_to([0]), value=T.int32(1), op="add", type="u32",
                         sem="relaxed", scope="cta", space="shared.cta",
                         result_type="i32")
        # Thread 0 coming second stores out of bounds.
        slot = T.Select(old == 1 and tx == 0, 32, old)
        out[slot] = tx


def test_bug_of_one_order_is_found_and_replayed(tmp_path):
    out = np.zeros(2, np.int32)
    # Seed 2 schedules thread 0's atom first: the seeded run passes.
    sim.run(ticket, out, seed=2)
    np.testing.assert_array_equal(out, [0, 32])
    with pytest.raises(MLIRError) as info:
        sim.run(ticket, out, seed=2, explore="all")
    err = info.value
    first = err.error_diagnostics[0]
    assert "out-of-bounds index: thread 0 of CTA (0, 0, 0) uses index 32" in first.message
    notes = [n.message for n in first.notes]
    found = [n for n in notes if n.startswith("found in schedule 2 ")]
    assert found, notes
    assert any(n.startswith("the schedule by warp") for n in notes)
    schedule = found[0].split('--schedule="')[1].split('"')[0]
    assert schedule
    # The schedule replays the failure, also with a trace (which runs the
    # scheduler op by op, and must not move the schedule's points).
    with pytest.raises(MLIRError, match="out-of-bounds index"):
        sim.run(ticket, out, seed=2, schedule=schedule)
    trace = os.path.join(tmp_path, "replay.json")
    with pytest.raises(MLIRError, match="out-of-bounds index"):
        sim.run(ticket, out, seed=2, schedule=schedule, trace=trace)
    with open(trace) as f:
        assert "traceEvents" in json.load(f)


def test_bound_is_reported():
    out = np.zeros(2, np.int32)
    stats = sim.run(ticket, out, seed=2, explore="all", max_schedules=1)
    assert stats.schedules == 1 and not stats.exhaustive
    assert "stopped at the bound of 1 schedules" in stats.report


def test_options_are_checked():
    out = np.zeros(2, np.int32)
    with pytest.raises(ValueError, match="explore must be None or 'all'"):
        sim.run(ticket, out, explore="some")
    with pytest.raises(ValueError, match="max_schedules"):
        sim.run(ticket, out, explore="all", max_schedules=0)
    with pytest.raises(MLIRError, match="invalid schedule"):
        sim.run(ticket, out, schedule="1:two")
    with pytest.raises(MLIRError, match="does not replay on this kernel"):
        sim.run(ticket, out, schedule="0:9999")
    with pytest.raises(MLIRError, match="needs race checking"):
        sim.run(ticket, out, explore="all", check_races=False)
    with pytest.raises(ValueError, match="trace= records one run"):
        sim.run(ticket, out, explore="all", trace="unused.json")


def example_kernel_runs():
    """(test, kwargs) of test_kernels_sim: the Hopper GEMM (TMA ring, warp
    specialization, 2-CTA clusters with multicast, persistent, split-K),
    causal attention, the Blackwell GEMM (tensor memory), the bulk copy
    ring and the elementwise kernel."""
    sys.path.insert(0, os.path.join(REPO_ROOT, "test", "python"))
    import test_kernels_sim as ks
    kernel_bench = ks.kernel_bench
    # the first benchmark configuration (ping-pong, a 2x1 cluster with
    # multicast) and the split-K row (a 1x2 cluster, tickets)
    gemm = [p.values for p in ks.gemm_rows()]
    runs = [(ks.test_gemm_in_simulator, dict(dtype=d, cfg=c, shape=sh))
            for d, c, sh in (gemm[0], next(g for g in gemm if g[1].get("SPLIT_K", 1) > 1))]
    bh, s, d, causal, dtype = next(r for r in kernel_bench.attention_sim_configs()
                                   if r[2] == 64 and r[3])
    runs.append((ks.test_attention_in_simulator,
                 dict(BH=bh, S=s, D=d, causal=causal, dtype=dtype)))
    cfg, shape = kernel_bench.blackwell_sim_configs()[0]
    runs.append((ks.test_blackwell_gemm_in_simulator, dict(cfg=cfg, shape=shape)))
    runs.append((ks.test_bulk_copy_in_simulator, {}))
    runs.append((ks.test_elementwise_in_simulator, {}))
    return ks, runs


def test_example_kernels_proved(monkeypatch):
    """Every example kernel's simulator row in every schedule."""
    ks, runs = example_kernel_runs()
    for test, kwargs in runs:
        real = sim.run
        stats = []

        def explored(*args, **kw):
            kw["explore"] = "all"
            kw["max_schedules"] = BOUND
            s = real(*args, **kw)
            stats.append(s)
            return s

        monkeypatch.setattr(ks.sim, "run", explored)
        test(**kwargs)
        monkeypatch.undo()
        assert stats and all(s.exhaustive for s in stats), \
            (test.__name__, [s.report for s in stats])


def test_benchmark_runs_its_smallest_rows(capsys):
    """bench/sim_explore.py builds and explores its kernels (each family's
    smallest row): the benchmark is not run in CI, this keeps it working."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "sim_explore_bench", os.path.join(REPO_ROOT, "bench", "sim_explore.py"))
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.measure("atomics", "3 warps", lambda: bench.tickets(3), 100)
    bench.measure("barrier", "128 thr", lambda: bench.rounds(128, 2), 100)
    bench.measure("gemm", "256x256x128", lambda: bench.gemm(128), 100)
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 3
    # schedules and exhaustive: N! orders of the tickets, one for the rest
    assert [r.split()[-5:-3] for r in rows] == [["6", "yes"], ["1", "yes"], ["1", "yes"]], rows
