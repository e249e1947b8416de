"""tirx-check-sync from the script frontend: on by default in tirx.compile,
errors as ScriptErrors and warnings as SyncWarnings at the Python line,
check_sync=False to compile without it; no finding on the example kernels."""

import os
import sys
import warnings

import pytest

import tirx
from tirx.script import ScriptError, SyncWarning
from tirx.script import tirx as T

from conftest import REPO_ROOT

sys.path.insert(0, os.path.join(REPO_ROOT, "examples"))

from kernels import (blackwell_gemm, bulk_copy, elementwise,  # noqa: E402
                     flash_attention, hopper_gemm)


def lines_of(text):
    """The lines of this file that contain `text`."""
    with open(__file__) as f:
        return [n for n, line in enumerate(f, 1) if text in line]


@T.prim_func
def unordered_init(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
    T.ptx.mbarrier.try_wait.parity(bar.ptr_to([0]), 0)  # the racy wait
    A[tx] = tx


@T.prim_func
def ordered_init(A: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
    T.ptx.barrier.sync()
    if tx == 0:
        T.ptx.mbarrier.arrive(bar.ptr_to([0]))
    T.ptx.mbarrier.try_wait.parity(bar.ptr_to([0]), 0)
    A[tx] = tx


@T.prim_func
def tmem_without_relinquish(A: T.Buffer((32,), "int32")):
    T.device_entry()
    tx = T.thread_id([32])
    slot = T.alloc_buffer([1], "uint32", scope="shared")
    T.ptx.tcgen05.alloc(slot.ptr_to([0]), 32)  # no relinquish
    T.ptx.barrier.sync()
    T.ptx.tcgen05.dealloc(T.reinterpret(T.handle("float32", "tmem"), slot[0]), 32)
    A[tx] = tx


def test_error_at_the_python_line():
    for mode in ("error", True):
        with pytest.raises(ScriptError) as info:
            tirx.compile(unordered_init, target="sm_90a", check_sync=mode)
        text = str(info.value)
        assert "no barrier between its initialization by thread 0 and this use" in text
        assert f"test_check_sync.py:{lines_of('# the racy wait')[0]}:" in text


def test_default_warns_and_compiles():
    # tirx.compile's default reports a certain finding as a SyncWarning at
    # its line and still emits the PTX (code that is only compiled, like the
    # original's codegen tests, compiles); tirx.build refuses it.
    with pytest.warns(SyncWarning) as record:
        ptx = tirx.compile(unordered_init, target="sm_90a")
    assert "mbarrier.try_wait.parity" in ptx
    w = [r for r in record if issubclass(r.category, SyncWarning)]
    assert any("no barrier between its initialization by thread 0 and this use"
               in str(r.message) for r in w)
    assert any(r.lineno == lines_of("# the racy wait")[0] for r in w)


def test_bad_check_sync_value():
    with pytest.raises(ValueError, match="check_sync must be"):
        tirx.compile(unordered_init, target="sm_90a", check_sync="strict")


def test_switch_turns_it_off():
    ptx = tirx.compile(unordered_init, target="sm_90a", check_sync=False)
    assert "mbarrier.try_wait.parity" in ptx


def test_correct_kernel_has_no_finding():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ptx = tirx.compile(ordered_init, target="sm_90a")
    assert "mbarrier.init" in ptx


def test_warning_at_the_python_line():
    with pytest.warns(SyncWarning) as record:
        tirx.compile(tmem_without_relinquish, target="sm_100a")
    w = [r for r in record if issubclass(r.category, SyncWarning)]
    assert len(w) == 1
    assert "never relinquishes the allocation permit" in str(w[0].message)
    assert w[0].filename.endswith("test_check_sync.py")
    assert w[0].lineno == lines_of("# no relinquish")[0]


# The example kernels at the configurations their tests and benchmarks use.
EXAMPLES = [
    ("hopper_gemm small cluster", lambda: hopper_gemm.make_gemm(
        256, 256, 128, BN=128, STAGES=2, CLUSTER_M=2, CLUSTER_N=1, SMS=2), "sm_90a"),
    ("hopper_gemm 1024", lambda: hopper_gemm.make_gemm(1024, 1024, 1024), "sm_90a"),
    ("hopper_gemm 128", lambda: hopper_gemm.make_gemm(128, 256, 256), "sm_90a"),
    ("attention 64 causal", lambda: flash_attention.make_attention(1, 256, 64, True), "sm_90a"),
    ("attention 128", lambda: flash_attention.make_attention(1, 256, 128, False), "sm_90a"),
    ("blackwell_gemm", lambda: blackwell_gemm.make_gemm(256, 256, 128), "sm_100a"),
    ("bulk_copy", lambda: bulk_copy.make_copy(1 << 20), "sm_90a"),
    ("elementwise", lambda: elementwise.make_axpy(1 << 16), "sm_90a"),
]


@pytest.mark.parametrize("name,make,chip", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_example_kernels_have_no_finding(name, make, chip):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a SyncWarning fails the test
        ptx = tirx.compile(make(), target=chip)
    assert ".entry" in ptx


def test_build_refuses_a_certain_finding(tmp_path):
    # tirx.build checks before it outlines the kernels (after
    # tirx-split-host-device no tirx.kernel is left to check)
    with pytest.raises(ScriptError) as info:
        tirx.build(unordered_init, target="sm_90a", cache=False,
                   cache_dir=str(tmp_path))
    text = str(info.value)
    assert "no barrier between its initialization by thread 0 and this use" in text
    assert f"test_check_sync.py:{lines_of('# the racy wait')[0]}:" in text
