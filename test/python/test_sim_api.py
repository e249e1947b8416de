"""The Python face of the simulator: tirx.sim.run, Kernel, TensorMap."""

import numpy as np
import pytest

from tirx import sim
from tirx.ir import Context, MLIRError, Module

SCALE = """
func.func @scale(%a: !tirx.buffer<256xf32, global>, %k: f32, %n: i32) {
  tirx.kernel {
    %bx = tirx.cta_id [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c128 = arith.constant 128 : i32
    %b = arith.muli %bx, %c128 : i32
    %i = arith.addi %b, %tx : i32
    %ok = arith.cmpi slt, %i, %n : i32
    tirx.if %ok {
      %ii = arith.index_cast %i : i32 to index
      %v = tirx.buffer_load %a[%ii] : !tirx.buffer<256xf32, global> -> f32
      %w = arith.mulf %v, %k : f32
      tirx.buffer_store %w, %a[%ii] : f32, !tirx.buffer<256xf32, global>
    }
  }
  return
}
"""

RACE = """
func.func @race(%out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %c1 = arith.constant 1 : i32
    %c63 = arith.constant 63 : i32
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<64xf32, shared>
    %n = arith.addi %tx, %c1 : i32
    %m = arith.andi %n, %c63 : i32
    %mi = arith.index_cast %m : i32 to index
    %v = tirx.buffer_load %buf[%mi] : !tirx.buffer<64xf32, shared> -> f32
    tirx.buffer_store %v, %out[%t] : f32, !tirx.buffer<64xf32, global>
  }
  return
}
"""

TWO_KERNELS = """
func.func @one(%a: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %t = arith.index_cast %tx : i32 to index
    tirx.buffer_store %tx, %a[%t] : i32, !tirx.buffer<4xi32, global>
  }
  return
}
func.func @two(%a: !tirx.buffer<4xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %t = arith.index_cast %tx : i32 to index
    %c2 = arith.constant 2 : i32
    %v = arith.muli %tx, %c2 : i32
    tirx.buffer_store %v, %a[%t] : i32, !tirx.buffer<4xi32, global>
  }
  return
}
"""


def test_kernel_object(ctx):
    k = sim.Kernel(Module.parse(SCALE))
    assert k.name == "scale"
    assert [p["kind"] for p in k.params] == ["buffer", "float", "int"]
    assert k.params[0]["dtype"] == "float32"
    assert k.params[0]["shape"] == [256] and k.params[0]["bytes"] == 1024
    assert k.launch == ((2, 1, 1), (1, 1, 1), (128, 1, 1))
    a = np.arange(256, dtype=np.float32)
    stats = k(a, 0.5, 200)
    np.testing.assert_array_equal(a[:200], np.arange(200) * 0.5)
    np.testing.assert_array_equal(a[200:], np.arange(200, 256))
    assert stats.threads == 256 and stats.ctas == 2 and stats.clusters == 2
    assert stats.dynamic_ops > 256 and stats.seconds >= 0
    assert stats.cpu_seconds >= 0
    assert stats.ops_per_second > 0
    # The same kernel object runs again.
    k(a, 2.0, 200)
    np.testing.assert_array_equal(a[:200], np.arange(200, dtype=np.float32))


def test_run_a_function_operation(ctx):
    module = Module.parse(TWO_KERNELS)
    two = [op for op in module.body.operations
           if op.attributes["sym_name"].value == "two"][0]
    a = np.zeros(4, np.int32)
    sim.run(two, a)
    np.testing.assert_array_equal(a, [0, 2, 4, 6])
    sim.run(module, a, func="one")
    np.testing.assert_array_equal(a, [0, 1, 2, 3])
    with pytest.raises(ValueError, match="2 functions hold a 'tirx.kernel'"):
        sim.Kernel(module)
    with pytest.raises(ValueError, match="no function named 'three'"):
        sim.Kernel(module, func="three")


def test_argument_errors(ctx):
    k = sim.Kernel(Module.parse(SCALE))
    a = np.zeros(256, np.float32)
    with pytest.raises(TypeError, match="takes 3 arguments, got 2"):
        k(a, 1.0)
    with pytest.raises(TypeError, match="expects float32 elements, the "
                                        "array holds float64"):
        k(np.zeros(256), 1.0, 1)
    with pytest.raises(TypeError, match="needs a NumPy array"):
        k([0.0] * 256, 1.0, 1)
    with pytest.raises(TypeError, match="needs an integer"):
        k(a, 1.0, 1.5)
    with pytest.raises(ValueError, match="C-contiguous"):
        k(np.zeros(512, np.float32)[::2], 1.0, 1)
    # Too small an array is the simulator's error, at the function.
    with pytest.raises(MLIRError, match="the buffer needs 1024 bytes, the "
                                        "array has 512"):
        k(np.zeros(128, np.float32), 1.0, 1)


def test_read_only_and_shared_arrays(ctx):
    module = Module.parse(SCALE)
    a = np.arange(256, dtype=np.float32)
    a.flags.writeable = False
    sim.run(module, a, 2.0, 256)  # a read-only input is copied in
    np.testing.assert_array_equal(a, np.arange(256))


def test_race_raises_with_locations(ctx):
    module = Module.parse(RACE)
    out = np.zeros(64, np.float32)
    with pytest.raises(MLIRError) as err:
        sim.run(module, out, seed=3)
    assert isinstance(err.value, RuntimeError)
    diag = err.value.error_diagnostics[0]
    assert "data race on shared memory" in diag.message
    assert diag.location.line == 14  # the buffer_load
    assert diag.notes and diag.notes[0].location.line == 10  # the store
    # Without race checking the same kernel runs (and computes garbage for
    # the values it raced on).
    sim.run(module, out, check_races=False, check_uninitialized=False)


def test_max_errors(ctx):
    module = Module.parse(RACE)
    out = np.zeros(64, np.float32)
    with pytest.raises(MLIRError) as err:
        sim.run(module, out, max_errors=3)
    assert len(err.value.error_diagnostics) >= 1


def test_unmodeled_op_fails_at_decode(ctx):
    module = Module.parse("""
func.func @k(%a: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %m = memref.alloca() : memref<4xf32>
  }
  return
}
""")
    with pytest.raises(MLIRError, match="'memref.alloca' is not modeled by "
                                        "the simulator") as err:
        sim.Kernel(module)
    assert err.value.error_diagnostics[0].location.line == 5


def test_unmodeled_op_in_a_region_fails_at_decode(ctx):
    # Inside a tirx.if body too: decoding fails, nothing runs.
    module = Module.parse("""
func.func @k(%a: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %z = arith.constant 0 : i32
    %c = arith.cmpi eq, %tx, %z : i32
    tirx.if %c {
      %m = memref.alloca() : memref<4xf32>
    }
  }
  return
}
""")
    with pytest.raises(MLIRError, match="'memref.alloca' is not modeled"):
        sim.Kernel(module)


TILE_FILL = """
func.func @fill(%out: !tirx.buffer<8x8xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %z = arith.constant 0 : i32
    %one = arith.constant 1.0 : f16
    %s = tirx.alloc_buffer : !tirx.buffer<8x8xf16, shared>
    %c = arith.cmpi eq, %tx, %z : i32
    tirx.if %c {
      tirx.tile.fill thread %s, %one : !tirx.buffer<8x8xf16, shared>, f16
      tirx.tile.copy thread %out, %s : !tirx.buffer<8x8xf16, global>, !tirx.buffer<8x8xf16, shared>
    }
  }
  return
}
"""


def test_tile_primitives_are_dispatched_on_a_copy(ctx):
    module = Module.parse(TILE_FILL)
    out = np.zeros((8, 8), np.float16)
    sim.run(module, out, chip="sm_90a")
    np.testing.assert_array_equal(out, np.ones((8, 8), np.float16))
    # The caller's module still holds the tile primitives.
    assert "tirx.tile.fill" in str(module)
    # Through the function operation too.
    func = module.body.operations[0]
    out[:] = 0
    sim.Kernel(func, chip="sm_90a")(out)
    np.testing.assert_array_equal(out, np.ones((8, 8), np.float16))


def test_tensor_map_checks(ctx):
    x = np.zeros((64, 64), np.float16)
    with pytest.raises(ValueError, match="box"):
        sim.TensorMap(x, (64,))
    with pytest.raises(ValueError, match="swizzle"):
        sim.TensorMap(x, (64, 64), swizzle="256B")
    with pytest.raises(ValueError, match="innermost dimension must be "
                                         "contiguous"):
        sim.TensorMap(np.zeros((64, 128), np.float16)[:, ::2], (64, 64))
    t = sim.TensorMap(x, (64, 32), swizzle="128B")
    assert "box=[64, 32] (innermost first)" in repr(t)
    assert t._spec["box_dim"] == [64, 32]
    # The runtime's validator rejects a 128-byte row with a 64-byte swizzle.
    module = Module.parse("""
func.func @k(%t: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
  }
  return
}
""")
    with pytest.raises(MLIRError, match="invalid tensor map: swizzle: 64b"):
        sim.run(module, sim.TensorMap(x, (64, 64), swizzle="64B"))
    with pytest.raises(TypeError, match="needs a tirx.sim.TensorMap"):
        sim.run(module, x)


def test_not_an_ir_object():
    with pytest.raises(TypeError, match="expected a tirx.ir.Module"):
        sim.Kernel("func.func @k() { return }")


def test_frontend_kernel_objects(ctx):
    # A frontend's function object carrying its module is accepted.
    class Compiled:
        def __init__(self, module):
            self.module = module

    a = np.zeros(4, np.int32)
    sim.run(Compiled(Module.parse(TWO_KERNELS)), a, func="two")
    np.testing.assert_array_equal(a, [0, 2, 4, 6])
