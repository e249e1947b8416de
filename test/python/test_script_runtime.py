"""Scripted kernels through packages and the launcher: a host-built TMA
descriptor from the original spelling (T.call_packed of
runtime.cuTensorMapEncodeTiled) reaches the runtime with its dtype as the
string "float16", and an @I.ir_module with @I.pyfunc Python functions
prints, parses back, and calls its kernel through a stub kernel runner."""

import json
import os
import subprocess
import sys

import pytest

import tirx
from tirx.runtime import load
from tirx.runtime.cached_build import _module_text, compile_package
from tirx.script import ir as I
from tirx.script import tirx as T

from fake_dlpack import FakeCudaTensor

HERE = os.path.dirname(os.path.abspath(__file__))


@T.prim_func
def tile_copy(A: T.Buffer((128, 64), "float16"), B: T.Buffer((128, 64), "float16")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A.data,
                  64, 128, 128, 64, 64, 1, 1, 0, 3, 0, 0)
    B_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", B_map, "float16", 2, B.data,
                  64, 128, 128, 64, 64, 1, 1, 0, 3, 0, 0)
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    bar = T.shared_scalar("uint64")
    tile = T.alloc_buffer((64, 64), "float16", scope="shared", align=1024)
    if tx == 0:
        T.ptx.mbarrier.init.shared.b64(T.address_of(bar), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()  # the init before the other threads' waits
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"](
            tile.data, T.address_of(A_map), 0, bx * 64, T.address_of(bar))
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(T.address_of(bar), T.uint32(8192))
    T.cuda.mbarrier_wait(T.address_of(bar), 0)
    T.cuda.cta_sync()
    if tx == 0:
        T.ptx["cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"](
            T.address_of(B_map), 0, bx * 64, tile.data)
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group(0)


def test_scripted_host_tma_descriptor(tmp_path):
    ir = tile_copy.mlir()
    assert ir.count('tirx.tensormap_encode_tiled') == 2
    assert 'tirx.tensormap_encode_tiled %0, "float16" global_dims [64, 128] ' \
           'global_strides [128] box [64, 64]' in ir
    path = compile_package(_module_text(tile_copy), str(tmp_path / "t.tirxpkg"),
                           assemble=False)
    k = load(path).tile_copy
    maps = [v for v in k.desc["values"] if v["op"] == "tirx.tensormap_encode_tiled"]
    assert [m["dtype"] for m in maps] == ["float16", "float16"]
    assert [m["swizzle"] for m in maps] == ["128b", "128b"]
    assert [a["abi"] for a in k.desc["launch"]["args"]] == ["tensormap", "tensormap"]
    # Launched through the fake driver: both descriptors by value.
    log = tmp_path / "d.log"
    code = r"""
import sys
sys.path[:0] = [{here!r}]
from tirx.runtime import load
from fake_dlpack import FakeCudaTensor
load({path!r}).tile_copy(FakeCudaTensor((128, 64), "float16", data=0x7f0000100000),
                         FakeCudaTensor((128, 64), "float16", data=0x7f0000200000))
""".format(here=HERE, path=path)
    lib = os.path.join(os.path.dirname(tirx.runtime.find_runtime_library()),
                       "libtirx-fake-cuda.so")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=120,
                       env=dict(os.environ, TIRX_CUDA_DRIVER=lib,
                                TIRX_FAKE_CUDA_LOG=str(log)))
    assert r.returncode == 0, r.stdout + r.stderr
    calls = [json.loads(l) for l in log.read_text().splitlines()]
    encodes = [c for c in calls if c["call"] == "cuTensorMapEncodeTiled"]
    assert [(c["dtype"], c["swizzle"]) for c in encodes] == [(6, 3), (6, 3)]
    launch = [c for c in calls if c["call"] == "cuLaunchKernelEx"][0]
    a, b = (bytes.fromhex(p) for p in launch["params"])
    assert a[:4] == b[:4] == b"TMAP"
    assert int.from_bytes(a[32:40], "little") == 0x7F0000100000
    assert int.from_bytes(b[32:40], "little") == 0x7F0000200000


@I.ir_module
class Axpy:
    @T.prim_func
    def axpy(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32"),
             alpha: T.float32, n: T.int32):
        T.device_entry()
        bx = T.cta_id([8])
        tx = T.thread_id([128])
        i = bx * 128 + tx
        if i < n:
            B[i] = A[i] * alpha + B[i]

    @I.pyfunc
    def twice(a, b, alpha, n):
        """axpy twice, then the number of elements updated"""
        cls.axpy(a, b, alpha, n)  # noqa: F821 - the package, at run time
        cls.axpy(a, b, alpha, n)  # noqa: F821
        return cls.updated(n)  # noqa: F821

    @I.pyfunc
    def updated(self, n):
        return 2 * n


def test_pyfunc_module(tmp_path, ctx):
    from tirx.ir import Module
    assert sorted(Axpy.pyfuncs) == ["twice", "updated"]
    assert Axpy.pyfuncs["updated"] == "def updated(self, n):\n    return 2 * n\n"
    text = Axpy.mlir(debug_info=True)
    assert 'tirx.py_func @twice source = "def twice(a, b, alpha, n):\\0A' in text
    # Prints and parses back (with locations) to the same module.
    again = Module.parse(text)
    assert again.operation.get_asm(enable_debug_info=True) == text
    # The py_func ops carry the location of their `def` line.
    assert 'test_script_runtime.py":' in text
    calls = []

    def runner(kernel, *args, **kwargs):
        kernel.launch_config(*args, **kwargs)  # the real argument checks
        calls.append((kernel.name, args[2:]))

    built = tirx.build(Axpy, cache_dir=str(tmp_path))
    pkg = load(built.path, runner=runner)
    A = FakeCudaTensor((1024,), "float32", data=0x10000)
    B = FakeCudaTensor((1024,), "float32", data=0x20000)
    assert pkg.twice(A, B, 1.5, 100) == 200
    assert calls == [("axpy", (1.5, 100)), ("axpy", (1.5, 100))]
    with pytest.raises(TypeError, match="must have dtype float32"):
        pkg.twice(A, FakeCudaTensor((1024,), "int32"), 1.5, 100)


def test_pyfunc_outside_a_module():
    from tirx.script import ScriptError
    with pytest.raises(ScriptError, match="@I.pyfunc declares a Python "
                       "function of an @I.ir_module class"):
        @I.pyfunc
        def f(x):
            return x
