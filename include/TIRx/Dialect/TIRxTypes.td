//===- TIRxTypes.td - TIRx type definitions ----------------*- tablegen -*-===//

#ifndef TIRX_DIALECT_TIRXTYPES_TD
#define TIRX_DIALECT_TIRXTYPES_TD

include "mlir/IR/BuiltinTypeInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"

def TIRx_PtrType : TIRx_Type<"Ptr", "ptr"> {
  let summary = "Typed pointer with a storage scope";
  let description = [{
    A pointer that carries the two facts later lowering needs: the pointee
    element type and the storage scope. The pointee is a builtin scalar
    (signless, signed or unsigned integers, `index` excluded; any float
    type including `f16`, `bf16` and the `f8`/`f6`/`f4` types), a vector of
    such scalars, `!tirx.tensormap` (a pointer to a TMA descriptor) or
    `none` (an opaque handle). Integer pointees keep their signedness
    (`ui64`), as memory element types do in TVM.

    The scope is one of `global`, `shared`, `shared.dyn`, `shared.cluster`
    (a distributed-shared-memory window), `local`, `tmem`, `param` or
    `generic`. The type lowers to `!llvm.ptr<N>` with N the NVPTX address
    space (generic 0, global 1, shared and shared.dyn 3, local 5, tmem 6,
    shared::cluster 7, param 101).

    Example:

    ```mlir
    !tirx.ptr<f32, global>
    !tirx.ptr<ui64, shared>
    !tirx.ptr<vector<4xf16>, shared.dyn>
    !tirx.ptr<!tirx.tensormap, param>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        EnumParameter<TIRx_MemorySpace>:$memorySpace);
  let assemblyFormat = "`<` $elementType `,` $memorySpace `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType,
                                        "MemorySpace":$memorySpace), [{
      return $_get(elementType.getContext(), elementType, memorySpace);
    }]>
  ];
}

def TIRx_BufferType : TIRx_Type<"Buffer", "buffer", [ShapedTypeInterface]> {
  let summary = "Shaped buffer in a storage scope, with an optional layout";
  let description = [{
    A buffer: a data pointer viewed with a shape (static extents or `?` for
    extents known at run time), an element type, a storage scope and an
    optional layout. The element type is a builtin scalar or a vector of
    scalars, as for `!tirx.ptr`.

    The layout slot takes a builtin strided layout
    (`strided<[strides], offset: N>`), which gives per-dimension strides and
    the element offset of the view, or a TIRx tile layout
    (`#tirx.layout<...>`: shard/replica/offset over named axes with an
    optional swizzle; static shapes only, and `tirx-resolve-layouts` lowers
    accesses through it). Without a layout the buffer is dense and row-major
    with offset 0.

    Example:

    ```mlir
    !tirx.buffer<128x64xf16, shared>
    !tirx.buffer<?x1024xf32, global>
    !tirx.buffer<1xui64, shared>
    !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>
    !tirx.buffer<f32, local>
    !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        EnumParameter<TIRx_MemorySpace>:$memorySpace,
                        OptionalParameter<"::mlir::Attribute">:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "MemorySpace":$memorySpace,
        CArg<"::mlir::Attribute", "{}">:$layout), [{
      return $_get(elementType.getContext(), shape, elementType, memorySpace,
                   layout);
    }]>
  ];
  let extraClassDeclaration = [{
    /// ShapedTypeInterface.
    bool hasRank() const { return true; }
    BufferType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                         ::mlir::Type elementType) const;

    /// Number of elements; requires a static shape.
    int64_t getNumElementsStatic() const;
    /// The strides of the view in elements (`ShapedType::kDynamic` where not
    /// known statically): the layout's strides, or dense row-major strides.
    ::llvm::SmallVector<int64_t> getStridesOrDefault() const;
    /// The element offset of the view (`ShapedType::kDynamic` if unknown).
    int64_t getOffsetOrDefault() const;
    /// True when the buffer has no layout or an identity strided layout.
    bool hasDefaultLayout() const;
    /// The tile layout (`#tirx.layout`), or null for none or a strided one.
    LayoutAttr getTileLayout() const;
    /// The same buffer type with another layout.
    BufferType withLayout(::mlir::Attribute layout) const;
  }];
}

def TIRx_TensorMapType : TIRx_Type<"TensorMap", "tensormap"> {
  let summary = "A TMA tensor descriptor (CUtensorMap)";
  let description = [{
    An opaque 128-byte TMA descriptor describing a global tensor: its base
    address, element type, dimensions, strides, box shape, swizzle and
    out-of-bounds fill. Host code builds it; kernels receive it as a
    `__grid_constant__` parameter and pass its address to the
    `cp.async.bulk.tensor` family.

    Example:

    ```mlir
    func.func @k(%desc: !tirx.tensormap) { return }
    ```
  }];
}

#endif // TIRX_DIALECT_TIRXTYPES_TD
