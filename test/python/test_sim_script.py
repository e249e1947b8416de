"""Script kernels (@T.prim_func) run in the simulator; its errors point at
the script's Python lines."""

import inspect

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError
from tirx.script import tirx as T


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
    """The lines of this file that contain `text`."""
    with open(__file__) as f:
        return [n for n, line in enumerate(f, 1) if text in line]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_script_kernel_matches_numpy(seed):
    a = np.arange(128, dtype=np.float32)
    b = np.zeros(128, np.float32)
    stats = sim.run(rotate, a, b, seed=seed)
    np.testing.assert_array_equal(b, np.roll(a * 2, -1))
    assert stats.threads == 128 and stats.races_checked


def test_script_kernel_object():
    k = sim.Kernel(rotate)
    assert k.name == "rotate"
    assert [p["kind"] for p in k.params] == ["buffer", "buffer"]
    assert k.launch[2] == (128, 1, 1)


def test_script_race_points_at_python_line():
    a = np.arange(128, dtype=np.float32)
    b = np.zeros(128, np.float32)
    for seed in (0, 1):
        with pytest.raises(MLIRError) as info:
            sim.run(rotate_racy, a, b, seed=seed)
        diags = info.value.error_diagnostics
        assert "race" in diags[0].message, diags[0].message
        where = str(diags[0].location)
        start = lines_of("def rotate_racy")[0]
        racy = [start + 4, start + 5]  # the store and the load of smem
        assert lines_of("    smem[tx] = A[tx]\n") == [racy[0]]
        assert "test_sim_script.py" in where, where
        assert any(f":{n}:" in where for n in racy), (where, racy)
        notes = [str(n.location) for n in diags[0].notes]
        assert any(f":{n}:" in w for n in racy for w in notes), notes
