"""A TIRx kernel built op by op from Python (tirx.kernel, scope ids, buffer
ops), each op at its own source range, compiled to PTX in-process; errors
from the lowering point at the Python line that built the op."""

import pytest

from tirx import compiler
from tirx.ir import (
    BufferType, Context, F32Type, FunctionType, IndexType, InsertionPoint,
    IntegerAttr, IntegerType, Location, MLIRError, Module, Operation,
    StringAttr, TargetAttr, TypeAttr, DenseI64ArrayAttr,
)


def build(extents=(256,), loop_extent=256):
    ctx = Context()
    with ctx, Location.file("scale.py", 1, 1):
        module = Module.create()
        module.operation.attributes["tirx.target"] = TargetAttr.get("sm_90a")
        f32 = F32Type.get()
        i32 = IntegerType.get_signless(32)
        index = IndexType.get()
        buf = BufferType.get([loop_extent], f32, "global")
        with InsertionPoint(module.body):
            func = Operation.create(
                "func.func", regions=1,
                attributes={"sym_name": StringAttr.get("scale"),
                            "function_type": TypeAttr.get(FunctionType.get([buf, buf], []))},
                loc=Location.file("scale.py", 3, 1, 3, 40))
        entry = func.regions[0].blocks.append(buf, buf)
        A, B = entry.arguments
        with InsertionPoint(entry):
            kernel = Operation.create("tirx.kernel", regions=1,
                                      loc=Location.file("scale.py", 4, 5, 4, 22))
            Operation.create("func.return", loc=Location.file("scale.py", 9, 5))
        body = kernel.regions[0].blocks.append()
        with InsertionPoint(body):
            tid = Operation.create(
                "tirx.thread_id", results=[i32],
                attributes={"extents": DenseI64ArrayAttr.get(list(extents))},
                loc=Location.file("scale.py", 5, 5, 5, 30))
            idx = Operation.create("arith.index_cast", results=[index],
                                   operands=[tid.result],
                                   loc=Location.file("scale.py", 6, 5, 6, 20))
            load = Operation.create("tirx.buffer_load", results=[f32],
                                    operands=[A, idx.result],
                                    loc=Location.file("scale.py", 7, 9, 7, 13))
            dbl = Operation.create("arith.addf", results=[f32],
                                   operands=[load.result, load.result],
                                   loc=Location.file("scale.py", 7, 9, 7, 21))
            Operation.create("tirx.buffer_store",
                             operands=[dbl.result, B, idx.result],
                             loc=Location.file("scale.py", 8, 5, 8, 20))
    return ctx, module


def test_build_and_compile_kernel():
    ctx, module = build()
    assert module.operation.verify()
    text = str(module)
    assert "tirx.kernel {" in text
    assert "tirx.thread_id [256] : i32" in text
    assert "tirx.buffer_load %arg0[%1] : !tirx.buffer<256xf32, global> -> f32" in text
    dbg = module.operation.get_asm(enable_debug_info=True)
    assert '"scale.py":7:9 to :13' in dbg or '"scale.py":7:9 to 7:13' in dbg
    ptx = compiler.emit_ptx(module, "sm_90a")
    assert ".visible .entry scale(" in ptx
    assert ".maxntid 256, 1, 1" in ptx
    assert "ld.global" in ptx and "st.global" in ptx


def test_verifier_error_points_at_python_line():
    # 2048 threads per CTA is too many: the kernel verifier reports it at
    # the op built on scale.py line 5.
    ctx, module = build(extents=(2048,))
    with pytest.raises(MLIRError) as err:
        module.operation.verify()
    assert "a CTA has at most 1024 threads, got 2048" in str(err.value)
    locations = [str(d.location) for d in err.value.error_diagnostics]
    assert any("scale.py" in l and ":5:5" in l for l in locations), locations
