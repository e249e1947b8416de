"""The IR classes, with the names of upstream MLIR's ``mlir.ir``.

Example::

    from tirx.ir import *

    with Context(), Location.file("kernel.py", 3, 1):
        f32 = F32Type.get()
        ptr = PtrType.get(f32, "shared")
        module = Module.parse("module {}")
        with InsertionPoint(module.body):
            Operation.create("func.func", regions=1, attributes={...})
"""

from ._tirx import (  # noqa: F401
    MAX_NESTING_DEPTH,
    MLIRError,
    DiagnosticInfo,
    DiagnosticSeverity,
    Context,
    Location,
    Module,
    Operation,
    OpOperandList,
    OpAttributeMap,
    NamedAttribute,
    Region,
    BlockList,
    Block,
    InsertionPoint,
    Value,
    OpResult,
    BlockArgument,
    WalkOrder,
    WalkResult,
    # Types
    Type,
    IntegerType,
    IndexType,
    FloatType,
    F16Type,
    BF16Type,
    F32Type,
    F64Type,
    NoneType,
    FunctionType,
    VectorType,
    PtrType,
    BufferType,
    TensorMapType,
    # Attributes
    Attribute,
    StringAttr,
    IntegerAttr,
    BoolAttr,
    FloatAttr,
    UnitAttr,
    TypeAttr,
    ArrayAttr,
    DictAttr,
    FlatSymbolRefAttr,
    DenseI32ArrayAttr,
    DenseI64ArrayAttr,
    StridedLayoutAttr,
    TargetAttr,
    LaunchAttr,
    ScopeAttr,
)

#: Storage scopes of !tirx.ptr / !tirx.buffer.
SCOPES = ("generic", "global", "shared", "shared.dyn", "shared.cluster",
          "local", "tmem", "param")

__all__ = [n for n in dir() if not n.startswith("_")]
