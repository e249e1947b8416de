"""Every TIRx type and attribute built from Python, read back, and checked
against the textual form; invalid ones raise."""

import pytest

from tirx.ir import (
    Attribute, ArrayAttr, BF16Type, BoolAttr, BufferType, Context, DictAttr,
    DenseI32ArrayAttr, F16Type, F32Type, F64Type, FloatAttr, FunctionType,
    IndexType, IntegerAttr, IntegerType, LaunchAttr, MLIRError, PtrType,
    ScopeAttr, StridedLayoutAttr, StringAttr, TargetAttr, TensorMapType,
    Type, TypeAttr, UnitAttr, VectorType, SCOPES,
)


def test_ptr_type_every_scope(ctx):
    f32 = F32Type.get()
    for scope in SCOPES:
        p = PtrType.get(f32, scope)
        assert str(p) == f"!tirx.ptr<f32, {scope}>"
        assert p.scope == scope
        assert p.element_type == f32
        assert Type.parse(str(p)) == p
        assert isinstance(Type.parse(str(p)), PtrType)
    assert PtrType.get(f32, "shared").address_space == 3
    assert PtrType.get(f32, "shared.cluster").address_space == 7
    assert PtrType.get(f32, "global").address_space == 1


def test_ptr_type_element_kinds(ctx):
    ui64 = IntegerType.get_unsigned(64)
    assert str(PtrType.get(ui64, "shared")) == "!tirx.ptr<ui64, shared>"
    v = VectorType.get([4], F16Type.get())
    assert str(PtrType.get(v, "shared.dyn")) == "!tirx.ptr<vector<4xf16>, shared.dyn>"
    tm = TensorMapType.get()
    assert str(tm) == "!tirx.tensormap"
    assert str(PtrType.get(tm, "param")) == "!tirx.ptr<!tirx.tensormap, param>"
    assert PtrType.get(BF16Type.get(), "local").element_type == BF16Type.get()


def test_ptr_type_errors(ctx):
    with pytest.raises(ValueError, match="unknown storage scope"):
        PtrType.get(F32Type.get(), "sharde")
    # index is not a valid pointee: the verifier's diagnostic is raised.
    with pytest.raises(MLIRError) as e:
        PtrType.get(IndexType.get(), "global")
    assert isinstance(e.value, RuntimeError)
    assert e.value.error_diagnostics
    assert "index" in str(e.value) or "element" in str(e.value)


def test_buffer_type(ctx):
    f16 = F16Type.get()
    b = BufferType.get([128, 64], f16, "shared")
    assert str(b) == "!tirx.buffer<128x64xf16, shared>"
    assert b.shape == [128, 64] and b.rank == 2
    assert b.element_type == f16 and b.scope == "shared"
    assert b.layout is None and b.has_static_shape and b.has_default_layout
    assert b.num_elements == 128 * 64
    assert b.strides == [64, 1] and b.offset == 0

    d = BufferType.get([None, 1024], F32Type.get(), "global")
    assert str(d) == "!tirx.buffer<?x1024xf32, global>"
    assert d.is_dynamic_dim(0) and not d.is_dynamic_dim(1)
    assert d.shape[0] == BufferType.get_dynamic_size()
    assert not d.has_static_shape

    dyn = StridedLayoutAttr.get_dynamic_stride_or_offset()
    lay = StridedLayoutAttr.get(dyn, [64, 1])
    s = BufferType.get([32, 16], f16, "shared", layout=lay)
    assert str(s) == "!tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>"
    assert s.layout == lay and isinstance(s.layout, StridedLayoutAttr)
    assert s.strides == [64, 1] and s.offset == dyn
    assert Type.parse(str(s)) == s

    scalar = BufferType.get([], F32Type.get(), "local")
    assert str(scalar) == "!tirx.buffer<f32, local>"
    assert scalar.rank == 0

    ui64 = BufferType.get([1], IntegerType.get_unsigned(64), "shared")
    assert str(ui64) == "!tirx.buffer<1xui64, shared>"


def test_buffer_type_errors(ctx):
    with pytest.raises(MLIRError):
        BufferType.get([4], IndexType.get(), "global")
    with pytest.raises(MLIRError):  # wrong number of strides
        BufferType.get([4, 4], F32Type.get(), "global",
                       layout=StridedLayoutAttr.get(0, [1]))
    with pytest.raises(ValueError):
        BufferType.get([4], F32Type.get(), "nowhere")


def test_target_attr(ctx):
    t = TargetAttr.get("sm_90a")
    assert str(t) == '#tirx.target<"sm_90a">'
    assert t.chip == "sm_90a" and t.sm_version == 90
    assert t.is_arch_specific and not t.is_family_specific
    assert TargetAttr.get("sm_100f").is_family_specific
    assert Attribute.parse('#tirx.target<"sm_100a">') == TargetAttr.get("sm_100a")
    assert "sm_90a" in TargetAttr.supported_chips()
    assert TargetAttr.is_supported_chip("sm_100a")
    assert not TargetAttr.is_supported_chip("sm_91")
    for chip in TargetAttr.supported_chips():
        assert TargetAttr.get(chip).chip == chip
    with pytest.raises(MLIRError, match="sm_91"):
        TargetAttr.get("sm_91")


def test_launch_and_scope_attrs(ctx):
    l = LaunchAttr.get(max_registers=168, min_blocks_per_sm=1, cluster_dims=[2, 1, 1])
    assert l.max_registers == 168 and l.min_blocks_per_sm == 1
    assert l.cluster_dims == [2, 1, 1]
    assert Attribute.parse(str(l)) == l
    empty = LaunchAttr.get()
    assert empty.max_registers is None and empty.cluster_dims is None
    s = ScopeAttr.get("shared.dyn")
    assert str(s) == "#tirx.scope<shared.dyn>" and s.value == "shared.dyn"
    assert isinstance(Attribute.parse("#tirx.scope<tmem>"), ScopeAttr)


def test_builtin_types_and_attrs(ctx):
    i32 = IntegerType.get_signless(32)
    assert str(i32) == "i32" and i32.width == 32 and i32.is_signless
    assert IntegerType.get_signed(8).is_signed
    assert str(IndexType.get()) == "index"
    assert F64Type.get().width == 64
    ft = FunctionType.get([i32, F32Type.get()], [i32])
    assert str(ft) == "(i32, f32) -> i32"
    assert ft.inputs == [i32, F32Type.get()] and ft.results == [i32]
    assert IntegerAttr.get(i32, -5).value == -5
    assert BoolAttr.get(True).value is True
    assert FloatAttr.get_f32(1.5).value == 1.5
    assert FloatAttr.get(F16Type.get(), 2.0).value == 2.0
    assert StringAttr.get("hi").value == "hi"
    assert str(UnitAttr.get()) == "unit"
    assert TypeAttr.get(ft).value == ft
    arr = ArrayAttr.get([StringAttr.get("a"), IntegerAttr.get(i32, 1)])
    assert len(arr) == 2 and arr[0].value == "a" and arr[-1].value == 1
    d = DictAttr.get({"x": UnitAttr.get()})
    assert "x" in d and len(d) == 1
    assert list(DenseI32ArrayAttr.get([2, 1, 1])) == [2, 1, 1]


def test_casts_and_isinstance(ctx):
    t = Type.parse("!tirx.ptr<f32, global>")
    generic = Type(t)
    assert type(generic) is Type
    assert PtrType.isinstance(generic)
    assert PtrType(generic).scope == "global"
    assert isinstance(generic.maybe_downcast(), PtrType)
    assert not BufferType.isinstance(generic)
    with pytest.raises(ValueError):
        BufferType(generic)
    assert repr(t) == "PtrType(!tirx.ptr<f32, global>)"


def test_explicit_context_argument():
    c = Context()
    f32 = F32Type.get(context=c)
    p = PtrType.get(f32, "global")
    assert p.context is c
    other = Context()
    with pytest.raises(ValueError, match="different Context"):
        PtrType.get(F32Type.get(context=c), "global", context=other)
    with pytest.raises(ValueError, match="no current Context"):
        F32Type.get()


def test_parse_errors_raise(ctx):
    with pytest.raises(MLIRError) as e:
        Type.parse("!tirx.ptr<f32, nowhere>")
    d = e.value.error_diagnostics[0]
    assert "nowhere" in str(e.value) or "expected" in d.message
    with pytest.raises(MLIRError):
        Type.parse("!tirx.nosuchtype")
    with pytest.raises(MLIRError):
        Attribute.parse('#tirx.target<"sm_42">')
    with pytest.raises(MLIRError):
        Type.parse("")
