//===- TIRxHostOps.td - TIRx host-side ops -----------------*- tablegen -*-===//
//
// Ops of the host part of a kernel function (what precedes its
// `tirx.kernel`): shape reads and TMA descriptor creation. The launcher runs
// them on the host before each launch (docs/Runtime.md). Generated
// separately from the core ops.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXHOSTOPS_TD
#define TIRX_DIALECT_TIRXHOSTOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxTypes.td"

def TIRx_HostBuffer : Type<CPred<"::llvm::isa<::mlir::tirx::BufferType>($_self)">,
                           "TIRx buffer", "::mlir::tirx::BufferType">;
def TIRx_HostTensorSource : Type<
    CPred<"::mlir::tirx::isTensorMapSource($_self)">,
    "global TIRx buffer or pointer">;

def TIRx_BufferDimOp : TIRx_Op<"buffer_dim", [Pure]> {
  let summary = "The extent of one dimension of a buffer";
  let description = [{
    The number of elements of `buffer` along dimension `dim` (0 is the
    outermost). A static extent canonicalizes to a constant. A dynamic (`?`) extent
    is known only on the host, where the launcher reads it from the tensor
    passed for the buffer; inside `tirx.kernel` only static extents may be
    read (read a dynamic one before the kernel and use the value inside: it
    becomes a kernel argument).

    Example:

    ```mlir
    %n = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
    ```
  }];
  let arguments = (ins TIRx_HostBuffer:$buffer,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$buffer `[` $dim `]` attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

def TIRx_TensorMapEncodeTiledOp : TIRx_Op<"tensormap_encode_tiled", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "Build a TMA descriptor on the host (cuTensorMapEncodeTiled)";
  let description = [{
    Describes a tiled TMA copy of the global tensor at `source` (a global
    buffer's first element, or a global pointer) and yields the descriptor
    that kernels take as a `!tirx.tensormap` argument. It is host code: it
    must precede the function's `tirx.kernel`; the launcher evaluates it
    before each launch through the runtime's `cuTensorMapEncodeTiled`
    wrapper, and the kernel receives the 128-byte descriptor by value (a
    `__grid_constant__` parameter).

    The element type is the string `dtype` ("float16", "bfloat16",
    "float8_e4m3fn", ...; docs/Runtime.md lists them): what reaches the
    runtime is this string, never an IR type. Its size must match the
    source's element type.

    The lists follow the driver's order, **innermost dimension first**
    (the order of TMA coordinates): `global_dims` (elements), then
    `global_strides` (bytes, for dimensions 1 to rank-1), `box` (elements
    per copy), and the optional `element_strides` (default all 1). Global
    dims and strides may be SSA `index` values (a dynamic shape); the box
    and element strides are constants. `interleave`, `swizzle`,
    `l2_promotion` and `oob_fill` take the driver's modes spelled `"none"`,
    `"16b"`, `"32b"`, `"64b"`, `"128b"`, `"128b_atom_32b"`,
    `"128b_atom_32b_flip_8b"`, `"128b_atom_64b"`, `"256b"`,
    `"nan_request_zero_fma"` as they apply; all default to `"none"`.

    The static parts are checked by the same validator the runtime runs
    before calling the driver (rank 1-5, 16-byte strides below 2^40, box
    1-256 with whole 16-byte inner rows, inner row within the swizzle span,
    ...); the dynamic parts are checked at run time. When `source` is a
    buffer of the same rank, static dims and strides must agree with its
    type.

    Example:

    ```mlir
    %desc = tirx.tensormap_encode_tiled %A, "float16"
        global_dims [64, %rows] global_strides [128] box [64, 64]
        swizzle "128b" : !tirx.buffer<?x64xf16, global>
    ```
  }];
  let arguments = (ins TIRx_HostTensorSource:$source,
                       StrAttr:$dtype,
                       Variadic<Index>:$global_dims,
                       DenseI64ArrayAttr:$static_global_dims,
                       Variadic<Index>:$global_strides,
                       DenseI64ArrayAttr:$static_global_strides,
                       DenseI64ArrayAttr:$box,
                       OptionalAttr<DenseI64ArrayAttr>:$element_strides,
                       DefaultValuedStrAttr<StrAttr, "none">:$interleave,
                       DefaultValuedStrAttr<StrAttr, "none">:$swizzle,
                       DefaultValuedStrAttr<StrAttr, "none">:$l2_promotion,
                       DefaultValuedStrAttr<StrAttr, "none">:$oob_fill);
  let results = (outs TIRx_TensorMapType:$result);
  let assemblyFormat = [{
    $source `,` $dtype
    `global_dims` custom<DynamicIndexList>($global_dims, $static_global_dims)
    `global_strides` custom<DynamicIndexList>($global_strides, $static_global_strides)
    `box` $box
    (`element_strides` $element_strides^)?
    (`interleave` $interleave^)?
    (`swizzle` $swizzle^)?
    (`l2_promotion` $l2_promotion^)?
    (`oob_fill` $oob_fill^)?
    attr-dict `:` qualified(type($source))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The number of dimensions (entries of global_dims).
    unsigned getRank() { return getStaticGlobalDims().size(); }
    /// The element strides, all 1 when absent.
    ::llvm::SmallVector<int64_t> getElementStridesOrDefault();
  }];
}

def TIRx_PyFuncOp : TIRx_Op<"py_func", [Symbol, HasParent<"::mlir::ModuleOp">]> {
  let summary = "A Python function of a module, kept as source";
  let description = [{
    A Python function declared in a module next to its kernel functions
    (the script frontend's `@I.pyfunc`): its source text is kept in the IR,
    so the module prints and parses back with it, and kernel packages carry
    it. At run time the launcher defines it from the source and makes it an
    attribute of the package, next to the kernels: it runs on the host, can
    launch the module's kernels on DLPack tensors (`cls.<kernel>(...)`, or
    `self.<kernel>(...)` when its first parameter is `self`) and call the
    module's other Python functions the same way. The compiler never looks
    inside the source; the verifier checks that it defines `def <name>(`.

    Example:

    ```mlir
    tirx.py_func @scale_then_sum source = "def scale_then_sum(x, y):\n    cls.axpy(x, y, 2.0, 1000)\n"
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$source,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let assemblyFormat = "$sym_name `source` `=` $source attr-dict";
  let hasVerifier = 1;
}

#endif // TIRX_DIALECT_TIRXHOSTOPS_TD
