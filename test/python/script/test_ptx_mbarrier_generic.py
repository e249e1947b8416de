"""The mbarrier instructions on a generic address (PTX's forms without a
state space) from script: a barrier reached through a generic pointer
synchronizes 64 threads at both simulator levels, the keyword and the
PTX-text spellings compile to the generic instructions (assembled by
ptxas), the print round-trips, and a generic address outside shared
memory is a located simulator error. Also mbarrier.arrive_drop.noComplete:
a thread that drops out of the later phases without completing the
current one."""

import numpy as np
import pytest

import tirx
from tirx import sim
from tirx.script import from_source
from tirx.script import tirx as T

from .helpers import compile_ptx


@T.prim_func
def _generic(O: T.Buffer((64,), "int32")):
    T.device_entry()
    tx = T.thread_id([64])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    count = T.alloc_buffer([1], "int32", scope="shared")
    g = T.reinterpret(T.handle("uint64", "generic"), bar.ptr_to([0]))
    if tx == 0:
        T.ptx["mbarrier.init.b64"](g, 64)
        count[0] = 0
    T.ptx.barrier.sync()
    if tx == 0:
        count[0] = 64
    st = T.alloc_local((1,), "int64")
    if tx < 32:
        st[0] = T.ptx.mbarrier.arrive(g, result_type="i64")
    else:
        T.ptx["mbarrier.arrive.release.cta.b64"](st[0], g)
    while not T.ptx.mbarrier.test_wait(g, st[0]):
        pass
    done = T.alloc_local((1,), "bool")
    done[0] = False
    while not done[0]:
        T.ptx["mbarrier.try_wait.parity.b64"](done[0], g, 0)
    O[tx] = count[0]


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_a_generic_barrier_synchronizes(level):
    o = np.zeros(64, np.int32)
    sim.run(_generic, o, level=level)
    np.testing.assert_array_equal(o, np.full(64, 64, np.int32))


def test_compiles_to_the_generic_forms_and_prints():
    ptx = compile_ptx(_generic)
    for instr in ("mbarrier.init.b64", "mbarrier.arrive.b64",
                  "mbarrier.arrive.release.cta.b64", "mbarrier.test_wait.b64",
                  "mbarrier.try_wait.parity.b64"):
        assert instr + " " in ptx or instr + "\t" in ptx, instr
    assert "mbarrier.arrive.shared" not in ptx
    text = _generic.script()
    assert from_source(text).script() == text


def test_a_generic_address_outside_shared_memory_is_an_error():
    @T.prim_func
    def k(A: T.Buffer((2,), "uint64")):
        T.device_entry()
        T.thread_id([1])
        g = T.reinterpret(T.handle("uint64", "generic"), A.ptr_to([0]))
        T.ptx.mbarrier.init(g, 1)  # GLOBAL

    with pytest.raises(tirx.ir.MLIRError) as err:
        sim.run(k, np.zeros(2, np.uint64))
    assert "which is not in the shared memory of the cluster" in str(err.value)


@T.prim_func
def _drop_nocomplete(O: T.Buffer((5,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 4)
    T.ptx.barrier.sync()
    if tx == 0:
        st = T.alloc_local((1,), "int64")
        T.ptx["mbarrier.arrive_drop.noComplete.shared.b64"](
            st[0], bar.ptr_to([0]), 1)
        O[4] = T.ptx.mbarrier.pending_count(st[0])
        O[0] = 1
    # Before the others arrive (after them it would complete the phase).
    T.ptx.barrier.sync()
    if tx != 0:
        # Two phases, each completed by threads 1-3 alone once thread 0
        # has dropped out.
        T.ptx.mbarrier.arrive(bar.ptr_to([0]), result_type="i64")
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
        T.ptx.mbarrier.arrive(bar.ptr_to([0]), result_type="i64")
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 1)
        O[tx] = 2


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_arrive_drop_nocomplete_drops_out_of_later_phases(level):
    o = np.zeros(5, np.int32)
    sim.run(_drop_nocomplete, o, level=level)
    np.testing.assert_array_equal(o, [1, 2, 2, 2, 3])


def test_arrive_drop_nocomplete_compiles_and_prints():
    ptx = compile_ptx(_drop_nocomplete)
    assert "mbarrier.arrive_drop.noComplete.shared.b64" in ptx
    text = _drop_nocomplete.script()
    assert "T.ptx.mbarrier.arrive_drop.nocomplete(" in text
    assert from_source(text).script() == text


def test_an_integer_address_is_still_a_shared_barrier():
    # An integer address for an mbarrier (the original's spelling) is
    # reinterpreted as a shared pointer, as before the generic forms: a
    # 64-bit one is a generic address the lowering converts to the shared
    # window, a 32-bit one is the window address.
    @T.prim_func
    def k(O: T.Buffer((1,), "int32")):
        T.device_entry()
        T.thread_id([1])
        bar = T.alloc_buffer([1], "uint64", scope="shared")
        T.ptx.mbarrier.init(T.reinterpret("int64", bar.ptr_to([0])), 1)
        T.ptx.mbarrier.inval(T.reinterpret("int32", bar.ptr_to([0])))
        O[0] = 1

    text = str(k.module)
    assert "tirx.ptx.mbarrier.init %" in text
    assert text.count(": !tirx.ptr<i64, shared>") >= 2
    assert "generic>" not in text.split("tirx.ptx.mbarrier.init")[1].split("\n")[0]
    ptx = compile_ptx(k)
    assert "mbarrier.init.shared.b64" in ptx
    assert "mbarrier.inval.shared.b64" in ptx
