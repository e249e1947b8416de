"""Printer golden tests: each construct the script spells, printed exactly
as golden/<name>.txt and parsed back to structurally equal IR; IR from
tirx-opt and from Operation.create; placeholders for IR without a script
spelling; backend op printers."""

import os
import subprocess

import pytest

from tirx import ir
from tirx.script import (from_source, register_op_printer, script,
                         structural_equal)

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = ("from tirx.script import tirx as T\nfrom tirx.script import ir as I\n"
          "from tirx.script import tile as Tx\n")

SOURCES = {
    "mapa": """\
@T.prim_func
def f(A: T.Buffer((4,), "uint64")):
    T.device_entry()
    cbx = T.cta_id_in_cluster([2])
    tx = T.thread_id([32])
    bar = T.alloc_buffer((1,), "uint64", scope="shared")
    T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
    A[tx] = T.ptx.map_shared_rank(bar.ptr_to([0]), 1)
""",
    "scalar": """\
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    acc: T.int32 = 0
    for i in range(4):
        acc = acc + A[i]
    A[tx] = acc
""",
    "let": """\
@T.prim_func
def f(A: T.Buffer((8,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    j: T.let = tx * 2
    A[j] = j
    A[j + 1] = j
""",
    "module": """\
@I.ir_module
class Module:
    @T.prim_func(private=True)
    def helper(x: T.int32) -> T.int32:
        return x + 1

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        T.device_entry()
        tx = T.thread_id([4])
        A[tx] = Module.helper(tx)
""",
    "break_continue": """\
@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    for i in range(16):
        if i == 3:
            continue
        if i == 10:
            break
        A[i] = i
""",
    "loops": """\
@T.prim_func
def f(A: T.Buffer((16,), "int32")):
    T.device_entry()
    tx = T.thread_id([1])
    for i in T.unroll(0, 4, 1):
        A[i] = i
    for j in T.serial(0, 8, 2, annotations={"pragma_x": 1, "tag": "a"}):
        A[j] = 0
    for k in range(2, 12, 3):
        A[k] = 1
""",
    "scopes": """\
@T.prim_func
def f(A: T.Buffer((4096,), "int32")):
    T.device_entry()
    cx = T.cta_id_in_cluster([2])
    bx, by = T.cta_id([4, 2])
    wg_id = T.warpgroup_id([1])
    warp_id = T.warp_id_in_wg([4])
    lane_id = T.lane_id([32])
    A[bx * 128 + warp_id * 32 + lane_id] = by + cx + wg_id
""",
    "views": """\
@T.prim_func
def f(A: T.Buffer((64,), "float32")):
    T.device_entry()
    tx = T.thread_id([32])
    pool = T.alloc_buffer((1024,), "uint8", scope="shared", align=128)
    X = T.decl_buffer((16, 16), "float16", data=pool.data, byte_offset=512)
    Y = pool.view("uint32")
    X[0, tx % 16] = T.float16(1.0)
    Y[tx] = T.uint32(7)
""",
    "tensormap": """\
@T.prim_func
def f(A: T.Buffer((64, 64), "float16"), tmap: T.TensorMap()):
    T.device_entry()
    tx = T.thread_id([128])
    smem = T.alloc_buffer((64, 64), "float16", scope="shared", align=128)
    bar = T.alloc_buffer((1,), "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
        T.ptx.fence.proxy.async_("shared.cta")
        T.ptx.mbarrier.arrive.expect_tx(bar.ptr_to([0]), 8192)
        T.ptx.cp.async_.bulk.tensor.load(smem.data, tmap, [0, 0], bar.ptr_to([0]), mode="tile", rank=2)
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    s = T.ptx.mbarrier.arrive(bar.ptr_to([0]), result_type="i64")
    T.ptx.fence(sem="acq_rel", scope="cluster")
    A[0, tx % 64] = smem[0, tx % 64]
""",
    "index": """\
@T.prim_func
def f(A: T.Buffer((None, 64), "float32"), n: T.index):
    rows = T.meta_var(A.shape[0])
    T.device_entry()
    tx = T.thread_id([64])
    for i in range(n):
        A[i, tx] = T.float32(T.int32(i * 2 + rows))
    for j in T.serial(0, 8, dtype="index"):
        A[j, 0] = T.float32(T.int64(j))
""",
    "vectors": """\
@T.prim_func
def f(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "float32")):
    T.device_entry()
    tx = T.thread_id([1])
    v = T.meta_var(T.int32x4([tx, tx + 1, T.int32(2), T.int32(3)]))
    w = T.meta_var(T.vector_insert(v, 7, 1))
    A[0] = w[1] + v[tx % 4]
    A.vstore([4], T.int32x4([1, 2, 3, 4]))
    B.vstore([0], T.vector_bitcast(w, "float32x4"))
""",
    "tile": """\
@T.prim_func
def f(A: T.Buffer((128, 128), "float16"), B: T.Buffer((128, 128), "float16")):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    smem = T.alloc_buffer((64, 64), "float16", scope="shared")
    Tx.cta.copy(smem, A[bx * 64:bx * 64 + 64, 0:64])
    Tx.cta.fill(smem[0:16, 0:64], 0.0)
    Tx.exp(smem[0, 0:64], smem[1, 0:64])
    Tx.cta.add(smem, smem, 2.0, dispatch="smem")
    Tx.cta.copy(B[0:64, 64:128], smem, vec_len=8)
""",
    "host": """\
@T.prim_func
def f(A: T.Buffer((None, 64), "float16")):
    A_map: T.let[T.handle("tensormap")] = T.tvm_stack_alloca("tensormap", 1)
    T.call_packed("runtime.cuTensorMapEncodeTiled", A_map, "float16", 2, A, 64, A.shape[0], 128, 64, 64, 1, 1, 0, 3, 0, 0)
    T.device_entry()
    tx = T.thread_id([128])
    smem = T.alloc_buffer((64, 64), "float16", scope="shared", align=128)
    bar = T.alloc_buffer((1,), "uint64", scope="shared")
    if tx == 0:
        T.ptx.mbarrier.init(bar.ptr_to([0]), 1)
        T.ptx.cp.async_.bulk.tensor.load(smem.data, A_map, [0, 0], bar.ptr_to([0]), mode="tile", rank=2)
""",
    "functions": """\
@I.ir_module
class Module:
    I.module_attrs({"tirx.target": T.target("sm_90a")})

    @T.prim_func(private=True)
    def external(x: T.int32) -> T.int32:
        ...

    @T.prim_func(private=True)
    def divmod_(x: T.int32, y: T.int32) -> (T.int32, T.int32):
        return x // y, x % y

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        T.func_attr({"tirx.max_registers": 128, "tirx.cluster_dims": [2]})
        T.device_entry(cluster=[2])
        cbx = T.cta_id_in_cluster([2])
        tx = T.thread_id([4])
        q, r = Module.divmod_(tx, 3)
        A[tx] = q + r + Module.external(cbx)

    @I.pyfunc
    def run(self, a):
        self.main(a)
""",
}


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_golden(name):
    parsed = from_source(HEADER + SOURCES[name])
    text = parsed.script()
    with open(os.path.join(HERE, "golden", name + ".txt")) as f:
        assert text == f.read()
    assert structural_equal(parsed, from_source(text))


def test_mapa_prints_the_canonical_positional_form():
    text = from_source(HEADER + SOURCES["mapa"]).script()
    assert 'T.ptx.mapa(T.reinterpret("int64", bar.ptr_to([0])), 1)' in text


def test_show_prints_the_script(capsys):
    f = from_source(HEADER + SOURCES["let"])
    f.show()
    assert capsys.readouterr().out == f.script()


def test_tirx_opt_output(tmp_path):
    """tirx-opt's canonicalized output, printed and parsed back."""
    import tirx
    build = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(tirx.__file__))))
    opt = os.path.join(build, "bin", "tirx-opt")
    if not os.path.isfile(opt):
        pytest.skip("tirx-opt not built")
    src = tmp_path / "k.mlir"
    src.write_text(from_source(HEADER + SOURCES["scalar"]).mlir())
    # The tool links its own sanitizer runtime in the ASan build; the
    # runtime preloaded into Python for the extension must not reach it.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    r = subprocess.run([opt, "--canonicalize", str(src)], capture_output=True, text=True,
                       timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    m = ir.Module.parse(r.stdout, context=ir.Context())
    text = script(m)
    assert "acc: T.int32 = 0" in text and "acc = acc + A[i]" in text
    assert structural_equal(m, from_source(text))


def _created_module():
    """A function built with Operation.create (no parser involved)."""
    ctx = ir.Context()
    with ctx, ir.Location.unknown():
        m = ir.Module.parse("""
          func.func @g(%arg0: !tirx.buffer<4xf32, global>, %arg1: f32) { return }""")
        func = m.body.operations[0]
        block = func.regions[0].blocks[0]
        ret = block.operations[0]
        with ir.InsertionPoint(ret):
            c0 = ir.Operation.create("arith.constant", results=[ir.IndexType.get()],
                                     attributes={"value": ir.IntegerAttr.get(ir.IndexType.get(), 0)})
            ir.Operation.create("tirx.buffer_store",
                                operands=[block.arguments[1], block.arguments[0], c0.results[0]])
    return m


def test_operation_create():
    m = _created_module()
    text = script(m)
    assert "def g(A: T.Buffer((4,), \"float32\"), arg1: T.float32):" in text
    assert "    A[0] = arg1" in text
    assert structural_equal(m, from_source(text))


_UNSTRUCTURED = """
  func.func @h(%arg0: !tirx.buffer<4xf32, global>, %c: i1) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    cf.cond_br %c, ^a, ^b
  ^a:
    tirx.buffer_store %one, %arg0[%c0] : f32, !tirx.buffer<4xf32, global>
    return
  ^b:
    return
  }"""


def test_unspellable_ir_is_an_error_naming_the_op():
    """No silent placeholder: script() refuses IR it cannot write, naming
    the op; the error is a ScriptError and a ValueError."""
    from tirx.script import ScriptError
    from tirx.script.printer import PrintError
    m = ir.Module.parse(_UNSTRUCTURED, context=ir.Context())
    with pytest.raises(PrintError) as info:
        script(m)
    assert "'cf.cond_br'" in str(info.value)
    assert isinstance(info.value, ScriptError) and isinstance(info.value, ValueError)


def test_partial_print_never_parses():
    """allow_partial=True keeps the rest for display; the placeholder is a
    T.unprintable(...) line, so the text is never a kernel without the op."""
    from tirx.script import ScriptError
    m = ir.Module.parse("""
      func.func @h(%arg0: !tirx.buffer<4xf32, global>, %n: index) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %one = arith.constant 1.0 : f32
        scf.for %i = %c0 to %n step %c1 {
          tirx.buffer_store %one, %arg0[%i] : f32, !tirx.buffer<4xf32, global>
        }
        return
      }""", context=ir.Context())
    text = script(m, allow_partial=True)
    assert "# no script spelling" in text and "T.unprintable(" in text, text
    with pytest.raises(ScriptError, match="allow_partial=True"):
        from_source(text)


def test_generic_op_round_trips():
    """An op without a script spelling of its own prints as T.mlir_op, which
    parses back to the same op (here math.ctpop and vector.reduction)."""
    m = ir.Module.parse("""
      func.func @h(%A: !tirx.buffer<4xi32, global>, %x: i32, %v: vector<4xf32>) {
        %c0 = arith.constant 0 : index
        %0 = math.ctpop %x : i32
        tirx.buffer_store %0, %A[%c0] : i32, !tirx.buffer<4xi32, global>
        %1 = vector.reduction <add>, %v : vector<4xf32> into f32
        %2 = arith.fptosi %1 : f32 to i32
        tirx.buffer_store %2, %A[%c0] : i32, !tirx.buffer<4xi32, global>
        return
      }""", context=ir.Context())
    text = script(m)
    assert "T.mlir_op('math.ctpop', [arg1], ['i32'])" in text, text
    assert "T.mlir_op('vector.reduction', [arg2], ['f32'], {" in text and "'kind': '#vector.kind<add>'" in text, text
    assert structural_equal(m, from_source(text))


def test_register_op_printer():
    register_op_printer("math.copysign",
                        lambda op, args: f"T.example_copysign({', '.join(args)})")
    try:
        m = ir.Module.parse("""
          func.func @h(%arg0: !tirx.buffer<4xf32, global>, %x: f32, %y: f32) {
            %c0 = arith.constant 0 : index
            %0 = math.copysign %x, %y : f32
            tirx.buffer_store %0, %arg0[%c0] : f32, !tirx.buffer<4xf32, global>
            return
          }""", context=ir.Context())
        text = script(m)
        assert "    A[0] = T.example_copysign(arg1, arg2)" in text, text
        assert "no script spelling" not in text
    finally:
        from tirx.script.printer import _registry
        _registry._PRINTERS.pop("math.copysign", None)


def test_script_rejects_other_objects():
    with pytest.raises(TypeError, match="script\\(\\) takes"):
        script(42)


def test_unused_read_is_evaluated():
    """A read whose value is unused is still a load in the IR: a bare `x`
    statement would create nothing, so it prints as T.evaluate(x)."""
    f = from_source(HEADER + '''
@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    T.device_entry()
    tx = T.thread_id([4])
    old: T.int32 = A[0]
    T.evaluate(old)
    T.evaluate(A[1])
''')
    text = f.script()
    assert "    T.evaluate(old)\n    T.evaluate(A[1])\n" in text, text
    assert structural_equal(f, from_source(text))
