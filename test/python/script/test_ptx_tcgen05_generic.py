"""tcgen05.alloc and tcgen05.commit on a generic address (PTX's forms
without a state space) from script: the PTX-text spellings build the ops
on the generic pointers, compile to the generic instructions (assembled by
ptxas for sm_100a), and both simulator levels write the allocation to the
slot and complete the barrier."""

import re

import numpy as np
import pytest

from tirx import ptxtable, sim
from tirx.script import tirx as T

from .helpers import compile_ptx, ops


@T.prim_func
def _alloc(O: T.Buffer((2,), "uint32")):
    T.target("sm_100a")
    T.device_entry()
    tx = T.thread_id([32])
    slot = T.alloc_buffer([1], "uint32", scope="shared")
    bar = T.alloc_buffer([1], "uint64", scope="shared")
    g = T.reinterpret(T.handle("uint32", "generic"), slot.ptr_to([0]))
    gb = T.reinterpret(T.handle("uint64", "generic"), bar.ptr_to([0]))
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
    T.ptx.barrier.sync()
    T.ptx["tcgen05.alloc.cta_group::1.sync.aligned.b32"](g, 64)
    T.ptx.tcgen05.fence("before_thread_sync")
    T.ptx.barrier.sync()
    T.ptx.tcgen05.fence("after_thread_sync")
    if tx == 0:
        T.ptx["tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64"](gb)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    if tx == 0:
        O[0] = slot[0]
        O[1] = 7
    T.ptx.barrier.sync()
    T.ptx.tcgen05.dealloc(T.reinterpret(T.handle("float32", "tmem"), slot[0]), 64)
    T.ptx.tcgen05.relinquish_alloc_permit()


def test_spellings_resolve_to_the_generic_ops():
    for text, op in (("tcgen05.alloc.cta_group::2.sync.aligned.b32", "tirx.ptx.tcgen05.alloc"),
                     ("tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64",
                      "tirx.ptx.tcgen05.commit")):
        v = ptxtable.lookup(text)
        assert v is not None and v.op == op and v.ptx == text, (text, v)
    assert ptxtable.lookup("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32").ptx \
        == "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"
    assert "generic" in str(ops(_alloc, "tirx.ptx.tcgen05.alloc")[0].operands[0].type)
    assert "generic" in str(ops(_alloc, "tirx.ptx.tcgen05.commit")[0].operands[0].type)


def test_compiles_to_the_generic_forms():
    ptx = compile_ptx(_alloc, arch="sm_100a")
    assert re.search(r"tcgen05\.alloc\.cta_group::1\.sync\.aligned\.b32\s+\[%rd", ptx)
    assert re.search(r"tcgen05\.commit\.cta_group::1\.mbarrier::arrive::one\.b64\s+\[%rd", ptx)
    assert "shared::cta" not in ptx and "shared::cluster" not in ptx


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_allocates_and_commits(level):
    o = np.zeros(2, np.uint32)
    sim.run(_alloc, o, level=level, chip="sm_100a")
    assert o.tolist() == [0, 7]
