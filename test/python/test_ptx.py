"""PTX / LLVM IR / cubin emission from Python through the in-process
pipeline (gpu/nvvm/llvm -> gpu.binary)."""

import os
import subprocess

import pytest

from tirx import compiler
from tirx.ir import Context, MLIRError, Module

KERNEL = """
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: !llvm.ptr<1>) kernel {
      %c1 = llvm.mlir.constant(1 : i32) : i32
      %bar = llvm.mlir.addressof @bar : !llvm.ptr<3>
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      nvvm.mbarrier.init %bar, %c1 : !llvm.ptr<3>, i32
      nvvm.fence.mbarrier.init
      %e = nvvm.elect.sync -> i1
      %ez = llvm.zext %e : i1 to i32
      %s = llvm.add %t, %ez : i32
      %p = llvm.getelementptr %out[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %s, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    llvm.mlir.global internal @bar() {addr_space = 3 : i32, alignment = 8 : i64} : i64
  }
}
"""


@pytest.fixture
def kernel(ctx):
    return Module.parse(KERNEL, source_name="kernel.mlir")


@pytest.mark.parametrize("chip,version", [("sm_90a", "8.0"), ("sm_100a", "8.6")])
def test_emit_ptx(kernel, chip, version):
    before = str(kernel)
    ptx = compiler.emit_ptx(kernel, chip)
    assert f".target {chip}" in ptx
    assert f".version {version}" in ptx
    assert ".entry k(" in ptx
    assert "mbarrier.init.shared" in ptx or "mbarrier.init.shared::cta" in ptx
    assert "elect.sync" in ptx
    assert "mov.u32" in ptx and "%tid.x" in ptx
    assert str(kernel) == before  # the input module is not modified


def test_emit_ptx_assembles_with_ptxas(kernel, ptxas, tmp_path):
    if not ptxas:
        pytest.skip("ptxas not found")
    for chip in ("sm_90a", "sm_100a"):
        src = tmp_path / f"k_{chip}.ptx"
        src.write_text(compiler.emit_ptx(kernel, chip))
        out = tmp_path / f"k_{chip}.cubin"
        r = subprocess.run([ptxas, f"-arch={chip}", "-v", str(src), "-o", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert out.read_bytes()[:4] == b"\x7fELF"


def test_emit_llvm_ir(kernel):
    ll = compiler.emit_llvm_ir(kernel, "sm_90a")
    assert 'target triple = "nvptx64-nvidia-cuda"' in ll
    assert "define" in ll and "@k(" in ll
    assert "llvm.nvvm.read.ptx.sreg.tid.x" in ll


def test_emit_cubin(kernel, ptxas):
    if not ptxas:
        pytest.skip("ptxas not found")
    cubin = compiler.emit_cubin(kernel, "sm_90a")
    assert isinstance(cubin, bytes) and cubin[:4] == b"\x7fELF"


def test_emit_dict_and_names(kernel):
    objs = compiler.emit(kernel, "sm_90a", "ptx", opt_level=0)
    assert list(objs) == ["kernels"]
    assert compiler.emit_ptx(kernel, gpu_module="kernels") == \
        compiler.emit(kernel, "sm_90a")["kernels"]
    with pytest.raises(KeyError):
        compiler.emit_ptx(kernel, gpu_module="nope")


def test_bad_chip_raises_not_aborts(kernel):
    for chip in ["sm_91", "sm_90x", "", "compute_90", "sm_9000000000"]:
        with pytest.raises(MLIRError, match="unsupported chip"):
            compiler.emit_ptx(kernel, chip)
    with pytest.raises(ValueError):
        compiler.emit(kernel, "sm_90a", "sass")


PLAIN = """
module attributes {gpu.container_module} {
  gpu.module @plain {
    gpu.func @k(%out: !llvm.ptr<1>) kernel {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %p = llvm.getelementptr %out[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %t, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
"""


def test_every_supported_chip_emits(ctx):
    plain = Module.parse(PLAIN)
    for chip in compiler.supported_chips():
        ptx = compiler.emit_ptx(plain, chip, opt_level=0)
        assert f".target {chip}" in ptx


def test_backend_fatal_error_is_an_exception(kernel):
    # elect.sync is not gated by the NVVM verifier; the NVPTX backend cannot
    # select it for sm_80 and reports a fatal error, which must not abort.
    with pytest.raises(MLIRError, match="Cannot select"):
        compiler.emit_ptx(kernel, "sm_80")
    # The context is still fine afterwards.
    assert ".target sm_90a" in compiler.emit_ptx(kernel, "sm_90a")


def test_backend_fatal_error_in_pass_manager(kernel):
    from tirx.passmanager import PassManager
    pm = PassManager.parse(
        "builtin.module(nvvm-attach-target{chip=sm_80},"
        "gpu.module(convert-gpu-to-nvvm,convert-nvvm-to-llvm),"
        "reconcile-unrealized-casts,gpu-module-to-binary{format=isa})")
    with pytest.raises(MLIRError, match="Cannot select"):
        pm.run(kernel.operation)
    with pytest.raises(RuntimeError):
        str(kernel)  # abandoned, not freed


def test_no_gpu_module_and_sm_gating(ctx):
    with pytest.raises(MLIRError, match="no gpu.module"):
        compiler.emit_ptx(Module.parse("func.func @f() { return }"), "sm_90a")
    tcgen = Module.parse("""
    module attributes {gpu.container_module} {
      gpu.module @m {
        gpu.func @k(%slot: !llvm.ptr<3>) kernel {
          %c = llvm.mlir.constant(32 : i32) : i32
          nvvm.tcgen05.alloc %slot, %c : !llvm.ptr<3>, i32
          gpu.return
        }
      }
    }""")
    with pytest.raises(MLIRError) as e:
        compiler.emit_ptx(tcgen, "sm_90a")
    assert "sm_90a" in str(e.value)
    assert ".target sm_100a" in compiler.emit_ptx(tcgen, "sm_100a")
