"""tirx.ptx.tensormap.cp_fenceproxy from script: both spellings compile to
the instruction ptxas takes and print back; the simulator refuses it by
name at the call's line (tensormaps in memory are not modeled); a global
source is refused at its line."""

import numpy as np
import pytest

from tirx import sim
from tirx.ir import MLIRError
from tirx.script import ScriptError, from_source
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of


@T.prim_func
def _publish(G: T.Buffer((128,), "int8"), H: T.Buffer((128,), "int8")):
    T.device_entry()
    T.thread_id([32])
    img = T.alloc_buffer([128], "int8", scope="shared", align=128)
    T.ptx.tensormap.cp_fenceproxy(G.ptr_to([0]), img.ptr_to([0]), scope="gpu")  # CPFENCE
    T.ptx["tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.cta.sync.aligned"](
        H.ptr_to([0]), img.ptr_to([0]), 128)


def test_compiles_and_prints():
    ptx = compile_ptx(_publish)
    for scope in ("gpu", "cta"):
        assert ("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic."
                f"release.{scope}.sync.aligned") in ptx
    text = _publish.script()
    assert 'T.ptx.tensormap.cp_fenceproxy(' in text
    assert from_source(text).script() == text


def test_the_simulator_refuses_it_at_the_line():
    with pytest.raises(MLIRError) as err:
        sim.run(_publish, np.zeros(128, np.int8), np.zeros(128, np.int8))
    text = str(err.value)
    assert ("'tirx.ptx.tensormap.cp_fenceproxy' is not modeled by the "
            "simulator") in text
    assert f":{line_of('# CPFENCE')}:" in text


def test_a_global_source_is_an_error_at_the_line():
    with pytest.raises(ScriptError) as err:
        @T.prim_func
        def k(G: T.Buffer((128,), "int8")):
            T.device_entry()
            T.thread_id([32])
            T.ptx.tensormap.cp_fenceproxy(G.ptr_to([0]), G.ptr_to([0]), scope="gpu")  # GSRC
    text = str(err.value)
    assert "must be pointer in shared or shared.dyn memory" in text
    assert f":{line_of('# GSRC')}:" in text
