"""Where a dynamic shared memory buffer lives: T.alloc_buffer(...,
dyn_shared_offset=N) records tirx.dyn_shared_offset, the GPU code and the
simulator (both levels) place the buffer there, the printer writes it back,
and a layout that cannot be meant (a partial one, overlapping buffers, a
buffer outside dynamic shared memory) is a located error."""

import numpy as np
import pytest

import tirx
from tirx import ir, sim
from tirx.script import ScriptError, from_source, script
from tirx.script import tirx as T

from .helpers import compile_ptx, line_of, ops


@T.prim_func
def _reversed(O: T.Buffer((2,), "float32")):
    T.device_entry()
    T.thread_id([1])
    a = T.alloc_buffer((4,), "float32", scope="shared.dyn", dyn_shared_offset=64)
    b = T.alloc_buffer((16,), "float32", scope="shared.dyn", dyn_shared_offset=0)
    for i in T.serial(16):
        b[i] = T.cast(i, "float32")
    a[0] = T.float32(100)
    # A 20-element view from b's first element: element 16 is byte 64.
    wide = T.decl_buffer((20,), "float32", data=b.data, scope="shared.dyn")
    O[0] = wide[16]
    O[1] = b[15]


def test_offsets_are_recorded_on_the_allocations():
    allocs = ops(_reversed, "tirx.alloc_buffer")
    offsets = [int(op.attributes["tirx.dyn_shared_offset"].value) for op in allocs]
    assert offsets == [64, 0]


@pytest.mark.parametrize("level", ["ir", "ptx"])
def test_simulator_places_buffers_at_the_recorded_offsets(level):
    o = np.zeros(2, np.float32)
    sim.run(_reversed, o, level=level)
    # In program order a would sit at 0 and b at 16: element 16 of the view
    # would then be past the arena's end.
    assert o.tolist() == [100.0, 15.0]


@T.prim_func
def _gap(O: T.Buffer((2,), "float32")):
    T.device_entry()
    T.thread_id([1])
    a = T.alloc_buffer((4,), "float32", scope="shared.dyn", dyn_shared_offset=512)
    b = T.alloc_buffer((16,), "float32", scope="shared.dyn", dyn_shared_offset=0)
    a[0] = T.float32(1)
    b[0] = T.float32(2)
    O[0] = a[0]
    O[1] = b[0]


def test_gpu_code_requests_the_arena_the_layout_ends_at(tmp_path):
    """The launch asks for the bytes up to the last-ending buffer (a at 512,
    16 bytes: 528), not what program order would give (80)."""
    from fake_dlpack import FakeCudaTensor
    from tirx.runtime.cached_build import build
    kernel = build(_gap, cache=False, cache_dir=str(tmp_path))
    cfg = kernel.launch_config(FakeCudaTensor((2,), "float32", data=0x7F0000100000))
    assert cfg["shared_memory"] == 528
    ptx = compile_ptx(_gap)
    # a's store is at byte 512 of the arena.
    assert "+512]" in ptx, ptx


def test_printer_writes_the_offset_back():
    text = script(_reversed.module)
    assert "dyn_shared_offset=64" in text and "dyn_shared_offset=0" in text, text
    again = from_source(text)
    offsets = [int(op.attributes["tirx.dyn_shared_offset"].value)
               for op in ops(again, "tirx.alloc_buffer")]
    assert offsets == [64, 0]


def test_printer_refuses_an_allocation_attribute_it_cannot_write():
    m = ir.Module.parse("""
      func.func @k() {
        tirx.kernel {
          %tx = tirx.thread_id [1] : i32
          %a = tirx.alloc_buffer {my.tag = 3 : i64} : !tirx.buffer<4xf32, shared>
          %c0 = arith.constant 0 : index
          %one = arith.constant 1.0 : f32
          tirx.buffer_store %one, %a[%c0] : f32, !tirx.buffer<4xf32, shared>
        }
        return
      }""", context=ir.Context())
    with pytest.raises(ScriptError, match=r"'tirx.alloc_buffer' with the attribute\(s\) my.tag"):
        script(m)


def test_offset_outside_dynamic_shared_memory_is_an_error():
    with pytest.raises(ScriptError, match=r"needs scope='shared.dyn', not 'shared'") as info:
        @T.prim_func
        def f(O: T.Buffer((1,), "float32")):
            T.device_entry()
            T.thread_id([1])
            a = T.alloc_buffer((4,), "float32", scope="shared", dyn_shared_offset=0)  # MARK-scope
            O[0] = a[0]
    assert f":{line_of('MARK-scope')}:" in str(info.value)


def test_negative_offset_is_an_error():
    with pytest.raises(ScriptError, match=r"dyn_shared_offset must be a non-negative integer"):
        @T.prim_func
        def f(O: T.Buffer((1,), "float32")):
            T.device_entry()
            T.thread_id([1])
            a = T.alloc_buffer((4,), "float32", scope="shared.dyn", dyn_shared_offset=-16)
            O[0] = a[0]


@T.prim_func
def _overlap(O: T.Buffer((1,), "float32")):
    T.device_entry()
    T.thread_id([1])
    a = T.alloc_buffer((64,), "float32", scope="shared.dyn", dyn_shared_offset=0)
    b = T.alloc_buffer((4,), "float32", scope="shared.dyn", dyn_shared_offset=128)  # MARK-overlap
    a[0] = T.float32(1)
    b[0] = T.float32(2)
    O[0] = a[0] + b[0]


@T.prim_func
def _partial(O: T.Buffer((1,), "float32")):
    T.device_entry()
    T.thread_id([1])
    a = T.alloc_buffer((4,), "float32", scope="shared.dyn", dyn_shared_offset=0)
    b = T.alloc_buffer((4,), "float32", scope="shared.dyn")  # MARK-partial
    a[0] = T.float32(1)
    b[0] = T.float32(2)
    O[0] = a[0] + b[0]


@pytest.mark.parametrize("func, marker, message", [
    (_overlap, "MARK-overlap", "which overlaps another allocation"),
    (_partial, "MARK-partial", "has no 'tirx.dyn_shared_offset' while another allocation"),
])
def test_layout_that_cannot_be_meant_is_located_in_compile_and_simulator(func, marker, message):
    line = line_of(marker)
    with pytest.raises(ScriptError) as info:
        tirx.compile(func, target="sm_90a", emit="ptx")
    assert message in str(info.value) and f":{line}:" in str(info.value), str(info.value)
    with pytest.raises(ir.MLIRError) as info:
        sim.run(func, np.zeros(1, np.float32))
    assert message in str(info.value) and f":{line}:" in str(info.value), str(info.value)
