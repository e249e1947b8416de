//===- TIRxOps.td - TIRx core op definitions ---------------*- tablegen -*-===//
//
// Root of the dialect's ODS: the dialect, its types and attributes, and the
// core ops (binds, buffers and pointers, execution scopes, control flow).
// PTX-level ops live in TIRxPTXOps.td, generated separately.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXOPS_TD
#define TIRX_DIALECT_TIRXOPS_TD

include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"
include "TIRx/Dialect/TIRxTypes.td"
include "TIRx/Dialect/TIRxAttrs.td"


include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/MemorySlotInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TIRx_AnyPtr : Type<CPred<"::llvm::isa<::mlir::tirx::PtrType>($_self)">,
                       "TIRx pointer", "::mlir::tirx::PtrType">;
def TIRx_AnyBuffer : Type<CPred<"::llvm::isa<::mlir::tirx::BufferType>($_self)">,
                          "TIRx buffer", "::mlir::tirx::BufferType">;

//===----------------------------------------------------------------------===//
// Binds
//===----------------------------------------------------------------------===//

def TIRx_BindOp : TIRx_Op<"bind", [Pure, AllTypesMatch<["value", "result"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Immutable, named binding of a value";
  let description = [{
    Binds `value` to a name for the rest of the enclosing scope (TVM's `Bind`,
    the successor of `LetStmt`). The result has exactly the operand's type,
    so a bound pointer keeps its element type and storage scope. Bindings
    are immutable; mutable scalars are one-element `local` buffers. The name
    is kept for printing (the result prints as `%name`).

    A bind of a constant folds to the constant.

    Example:

    ```mlir
    %remote_ptr = tirx.bind %p as "remote_ptr" : !tirx.ptr<ui64, shared>
    ```
  }];
  let arguments = (ins AnyType:$value, StrAttr:$name);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$value `as` $name attr-dict `:` type($value)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def TIRx_AllocBufferOp : TIRx_Op<"alloc_buffer", [
    DeclareOpInterfaceMethods<PromotableAllocationOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Allocate a buffer in shared, dynamic shared or local memory";
  let description = [{
    Allocates a buffer for the enclosing kernel in `shared` (static shared
    memory), `shared.dyn` (the kernel's dynamic shared-memory arena) or
    `local` (registers) scope. One `?` dimension per `sizes` operand.
    `alignment` is a byte alignment (a power of two); `name` is kept for
    printing.

    A one-element `local` buffer is a mutable scalar: upstream `--mem2reg`
    promotes it (with its `tirx.buffer_load`/`tirx.buffer_store` users) to
    SSA values.

    Example:

    ```mlir
    %A = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128x64xf16, shared>
    %x = tirx.alloc_buffer {name = "x"} : !tirx.buffer<1xi32, local>
    %P = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xui8, shared.dyn>
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       OptionalAttr<I64Attr>:$alignment,
                       OptionalAttr<StrAttr>:$name);
  let results = (outs Res<TIRx_AnyBuffer, "", [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = [{
    (`sizes` `(` $dynamicSizes^ `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    BufferType getType() { return ::llvm::cast<BufferType>(getResult().getType()); }
  }];
}

def TIRx_DeclBufferOp : TIRx_Op<"decl_buffer", [Pure, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "Declare a buffer view over a data pointer";
  let description = [{
    Views the memory at `data` as a buffer. The element at index `i` lives at
    byte address `data + byte_offset + (offset + sum(i_k * stride_k)) *
    sizeof(T)`, with the strides and the element offset `offset` of the
    result's layout (dense row-major and 0 without one). When the layout's
    offset is `?`, the `elem_offset` operand supplies it; `byte_offset` is 0
    when absent. The two operands exclude each other: a view is offset in
    elements or in bytes, not both. The buffer's element type may
    differ from the pointee (a typed view over a byte pool); its scope must
    be the pointer's scope.

    Example (the remote mbarrier of a distributed-shared-memory exchange, and
    a typed view over a byte pool):

    ```mlir
    %remote = tirx.decl_buffer %remote_ptr : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
    %view = tirx.decl_buffer %pool byte_offset %off : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
    ```
  }];
  let arguments = (ins TIRx_AnyPtr:$data,
                       Optional<Index>:$elemOffset,
                       Optional<Index>:$byteOffset,
                       Variadic<Index>:$dynamicSizes,
                       OptionalAttr<StrAttr>:$name);
  let results = (outs TIRx_AnyBuffer:$result);
  let assemblyFormat = [{
    $data (`elem_offset` $elemOffset^)? (`byte_offset` $byteOffset^)?
    (`sizes` `(` $dynamicSizes^ `)`)? attr-dict `:` qualified(type($data))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    BufferType getType() { return ::llvm::cast<BufferType>(getResult().getType()); }
  }];
}

def TIRx_BufferSliceOp : TIRx_Op<"buffer_slice", [Pure]> {
  let summary = "A rectangular region of a buffer, as a buffer view";
  let description = [{
    The region of `source` that starts at `offsets` (one per dimension) and
    has the static extents `sizes`. The result keeps the source's element
    type, scope and strides; its layout offset is the source offset plus the
    linearized start (`?` unless every offset is a constant).

    Example:

    ```mlir
    %tile = tirx.buffer_slice %A[%i, %c0] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: ?>>
    ```
  }];
  let arguments = (ins TIRx_AnyBuffer:$source, Variadic<Index>:$offsets,
                       DenseI64ArrayAttr:$sizes);
  let results = (outs TIRx_AnyBuffer:$result);
  let assemblyFormat = [{
    $source `[` $offsets `]` $sizes attr-dict `:` qualified(type($source))
    `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TIRx_BufferReshapeOp : TIRx_Op<"buffer_reshape", [Pure]> {
  let summary = "View a dense buffer with another shape";
  let description = [{
    Views a dense, row-major `source` with another static shape of the same
    number of elements, element type and scope. The layout offset carries
    over.

    Example:

    ```mlir
    %flat = tirx.buffer_reshape %A : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<8192xf16, shared>
    ```
  }];
  let arguments = (ins TIRx_AnyBuffer:$source);
  let results = (outs TIRx_AnyBuffer:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TIRx_BufferLoadOp : TIRx_Op<"buffer_load", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>]> {
  let summary = "Load an element (or a vector of elements) from a buffer";
  let description = [{
    Loads the element at `indices` (one per dimension). A vector result of
    the element type loads that many consecutive elements along the last
    dimension (its stride must be 1) with one access aligned to the vector's
    size (up to 16 bytes): the element offset must be a multiple of it (the
    verifier checks static offsets; the buffer's data pointer is assumed
    aligned). `tmem` buffers are not accessed this way but through
    `tcgen05` ops.

    Example:

    ```mlir
    %v = tirx.buffer_load %A[%i, %j] : !tirx.buffer<128x64xf16, shared> -> f16
    %w = tirx.buffer_load %A[%i, %j] : !tirx.buffer<128x64xf16, shared> -> vector<8xf16>
    ```
  }];
  let arguments = (ins Arg<TIRx_AnyBuffer, "", [MemRead]>:$buffer,
                       Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $buffer `[` $indices `]` attr-dict `:` qualified(type($buffer)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def TIRx_BufferStoreOp : TIRx_Op<"buffer_store", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>]> {
  let summary = "Store an element (or a vector of elements) into a buffer";
  let description = [{
    Stores `value` at `indices`; a vector of the element type stores that
    many consecutive elements along the last dimension, with one access
    aligned to the vector's size (as `tirx.buffer_load`).

    Example:

    ```mlir
    tirx.buffer_store %v, %A[%i, %j] : f16, !tirx.buffer<128x64xf16, shared>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       Arg<TIRx_AnyBuffer, "", [MemWrite]>:$buffer,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $buffer `[` $indices `]` attr-dict `:` type($value) `,`
    qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def TIRx_BufferDataOp : TIRx_Op<"buffer_data", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The data pointer of a buffer";
  let description = [{
    The address of the buffer's first element — its data pointer moved by
    the buffer's element and byte offsets — typed as the buffer's element
    type in the buffer's scope.

    Example:

    ```mlir
    %p = tirx.buffer_data %A : !tirx.buffer<128x64xf16, shared>
    ```
  }];
  let arguments = (ins TIRx_AnyBuffer:$buffer);
  let results = (outs TIRx_AnyPtr:$result);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
  let hasFolder = 1;
}

def TIRx_PtrToOp : TIRx_Op<"ptr_to", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The address of a buffer element";
  let description = [{
    The address of the element at `indices` (TVM's `buffer.ptr_to` and
    `address_of`). The result points to the buffer's **logical** element type
    in the buffer's **backing** scope: for an `f32` view over a `ui8`
    `shared.dyn` pool it is `!tirx.ptr<f32, shared.dyn>`, not `ui8`.

    Example:

    ```mlir
    %p = tirx.ptr_to %view[%c1, %c0] : !tirx.buffer<4x64xf32, shared.dyn>
    ```
  }];
  let arguments = (ins TIRx_AnyBuffer:$buffer, Variadic<Index>:$indices);
  let results = (outs TIRx_AnyPtr:$result);
  let assemblyFormat = "$buffer `[` $indices `]` attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TIRx_AccessPtrOp : TIRx_Op<"access_ptr", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A typed pointer into a buffer for an access of some extent";
  let description = [{
    TVM's `tvm_access_ptr`: a pointer to element `offset` of the flattened
    buffer, declared to be read (`r`), written (`w`) or both (`rw`) over
    `extent` elements. The pointee is the given element type (which may
    differ from the buffer's), the scope is the buffer's.

    Example:

    ```mlir
    %p = tirx.access_ptr %A[%off], %c64, rw as f16 : !tirx.buffer<128x64xf16, shared>
    ```
  }];
  let arguments = (ins TIRx_AnyBuffer:$buffer, Index:$offset, Index:$extent,
                       TIRx_AccessMaskAttr:$access, TypeAttr:$elementType);
  let results = (outs TIRx_AnyPtr:$result);
  let assemblyFormat = [{
    $buffer `[` $offset `]` `,` $extent `,` $access `as` $elementType attr-dict
    `:` qualified(type($buffer))
  }];
}

def TIRx_PtrByteOffsetOp : TIRx_Op<"ptr_byte_offset", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Offset a pointer by bytes, with a typed result";
  let description = [{
    `ptr + offset` bytes, as a pointer to `elementType` in the same scope
    (TVM's typed `ptr_byte_offset`).

    Example:

    ```mlir
    %q = tirx.ptr_byte_offset %pool[%off] as f32 : !tirx.ptr<ui8, shared.dyn>
    ```
  }];
  let arguments = (ins TIRx_AnyPtr:$ptr, Index:$offset, TypeAttr:$elementType);
  let results = (outs TIRx_AnyPtr:$result);
  let assemblyFormat = [{
    $ptr `[` $offset `]` `as` $elementType attr-dict `:` qualified(type($ptr))
  }];
  let hasFolder = 1;
}

def TIRx_ReinterpretOp : TIRx_Op<"reinterpret", [Pure]> {
  let summary = "Reinterpret a value as another type, bit for bit";
  let description = [{
    Integer to pointer and back (`i32`/`i64` addresses), pointer to pointer
    (another element type and/or scope), and exact bit reinterpretation of
    scalars and vectors of the same width (`f32` as `i32`, `vector<2xf16>`
    as `i32`). Round trips fold away when they are exact.

    Example (the distributed-shared-memory remote pointer):

    ```mlir
    %addr = ... : i64   // from mapa
    %remote_ptr = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
    %bits = tirx.reinterpret %x : f32 to i32
    ```
  }];
  let arguments = (ins AnyType:$source);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TIRx_RegisterBarrierOp : TIRx_Op<"register_barrier", [
    AllTypesMatch<["value", "result"]>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Pin a value in a register, a compiler barrier to memory";
  let description = [{
    The result is `value`, but the compiler may not see through the step:
    the value is materialized in one register at this point, and no memory
    access moves across it (an empty `asm volatile` with the value as an
    in-out register and a memory clobber, CUDA's `asm volatile("" :
    "+r"(v) :: "memory")`). No instruction is emitted. Kernels use it
    around `wgmma.mma_async` to keep accumulator registers from being
    read or rewritten while the asynchronous MMA owns them (the original's
    `T.cuda.wgmma.noop_barrier`).

    Example:

    ```mlir
    %pinned = tirx.register_barrier %acc : f32
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyI32, AnyI64, F32, F64]>:$value);
  let results = (outs AnyTypeOf<[AnyI32, AnyI64, F32, F64]>:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Execution scopes
//===----------------------------------------------------------------------===//

def TIRx_KernelOp : TIRx_Op<"kernel", [SingleBlock, NoTerminator,
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "The device part of a function";
  let description = [{
    The kernel region of a function (TVM's `T.device_entry()`): what precedes
    it in the function is host code, the region is device code run by every
    thread of the launch. The launch shape (grid, cluster and block
    extents) is derived from the scope-id ops inside (`tirx.cta_id`,
    `tirx.thread_id`, `tirx.warpgroup_id`, ...) and must be consistent; the
    optional `grid`, `cluster` and `block` attributes record it
    (`tirx-infer-launch-shape` sets them) and are checked against it.

    The region may use values from the host part only if they can cross the
    host/device boundary: scalars, global pointers and buffers, and
    `!tirx.tensormap` descriptors.

    The grid may instead be computed by host code: `grid(%x[, %y[, %z]])`
    takes one to three `index` values (numbers of CTAs) defined before the
    kernel, e.g. from buffer extents; `tirx.cta_id` and `tirx.cluster_id`
    then take no extents, and the launcher checks the grid against the
    cluster shape and CUDA's limits at launch.

    Example:

    ```mlir
    tirx.kernel {
      %bx = tirx.cta_id [4] : i32
      %tx = tirx.thread_id [128] : i32
    }
    %ctas = arith.ceildivui %n, %c128 : index
    tirx.kernel grid(%ctas) {
      %bx = tirx.cta_id : i32
      %tx = tirx.thread_id [128] : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$dynamic_grid,
                       OptionalAttr<DenseI64ArrayAttr>:$grid,
                       OptionalAttr<DenseI64ArrayAttr>:$cluster,
                       OptionalAttr<DenseI64ArrayAttr>:$block);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat =
      "(`grid` `(` $dynamic_grid^ `)`)? attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins CArg<"::mlir::ValueRange", "{}">:$dynamicGrid)>];
  let extraClassDeclaration = [{
    /// The launch shape derived from the scope ids in the body, each with
    /// three extents (x, y, z). Emits diagnostics and fails when it is
    /// inconsistent or not derivable. A grid computed on the host (grid
    /// operands) is an error unless `allowDynamicGrid`; then its extents
    /// are ShapedType::kDynamic.
    ::mlir::FailureOr<LaunchShape>
    computeLaunchShape(bool allowDynamicGrid = false);
  }];
}

// A scope-id op: the ids of the current `child` scope within its `parent`.
class TIRx_ScopeIdOp<string mnemonic, string parentScope, string childScope,
                     string lowering, int fixedExtent = 0, bit multiDim = 0>
    : TIRx_Op<mnemonic, [AlwaysSpeculatable,
                         DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Id of the current " # childScope # " within its " # parentScope;
  let description = [{
    Declares the execution scope and returns the id of the current
    }] # childScope # [{ within its }] # parentScope # [{ (lowers to }] #
    lowering # [{). `extents` (one per dimension}] #
    !if(multiDim, ", up to three", ", exactly one") # [{) are the number of }] #
    childScope # [{s; when omitted they are inferred from the sibling scope
    ids of the kernel. Results are `i32` or `ui32`, one per dimension. Only
    valid inside `tirx.kernel`. Without `extents` the op is pure; with them
    it declares part of the launch shape, so it is kept (a write of the
    launch shape) even when its ids are unused.

    Example:

    ```mlir
    %id = tirx.}] # mnemonic # [{ [}] # !if(fixedExtent, !cast<string>(fixedExtent), "2") # [{] : i32
    ```
  }];
  let arguments = (ins OptionalAttr<DenseI64ArrayAttr>:$extents);
  let results = (outs Variadic<AnyTypeOf<[I32, UI32]>>:$ids);
  let assemblyFormat = "``custom<Extents>($extents) attr-dict `:` type($ids)";
  let hasVerifier = 1;
  code extraBaseClassDeclaration = [{
    static constexpr int64_t getFixedExtent() { return }] # fixedExtent # [{; }
    static constexpr bool allowsMultiDim() { return }] # !if(multiDim, "true", "false") # [{; }
  }];
  let extraClassDeclaration = extraBaseClassDeclaration;
}

def TIRx_ClusterIdOp : TIRx_ScopeIdOp<"cluster_id", "kernel", "cluster", "%clusterid", 0, 1>;
def TIRx_CtaIdOp : TIRx_ScopeIdOp<"cta_id", "kernel", "CTA", "%ctaid", 0, 1>;
def TIRx_CtaIdInClusterOp : TIRx_ScopeIdOp<"cta_id_in_cluster", "cluster", "CTA", "%cluster_ctaid", 0, 1>;
def TIRx_WarpgroupIdOp : TIRx_ScopeIdOp<"warpgroup_id", "CTA", "warpgroup", "%tid.x / 128">;
def TIRx_WarpIdOp : TIRx_ScopeIdOp<"warp_id", "CTA", "warp", "%tid.x / 32">;
def TIRx_WarpIdInWgOp : TIRx_ScopeIdOp<"warp_id_in_wg", "warpgroup", "warp", "%tid.x / 32 % 4", 4>;
def TIRx_LaneIdOp : TIRx_ScopeIdOp<"lane_id", "warp", "thread", "%laneid", 32>;
def TIRx_ThreadIdOp : TIRx_ScopeIdOp<"thread_id", "CTA", "thread", "%tid", 0, 1>;
def TIRx_ThreadIdInWgOp : TIRx_ScopeIdOp<"thread_id_in_wg", "warpgroup", "thread", "%tid.x % 128", 128>;

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def TIRx_ForOp : TIRx_Op<"for", [RecursiveMemoryEffects]> {
  let summary = "A counted loop: serial, unrolled, vectorized or parallel";
  let description = [{
    Runs the body for `%i = lb, lb + step, ...` while `%i < ub`. Bounds,
    step and induction variable share one integer or `index` type; the step
    must be positive. The kind is `serial` (default, printed by omission),
    `unroll`, `vectorized` (constant bounds required) or `parallel`;
    `annotations` is a free dictionary (e.g. `{pragma_unroll = 4}`). The
    body ends in `tirx.yield` (implicit), `tirx.break` or `tirx.continue`.

    Example:

    ```mlir
    tirx.for %k = %c0 to %n step %c1 {
      tirx.buffer_store %v, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    }
    tirx.for %j = %c0 to %c8 step %c1 unroll {
    } attributes {annotations = {note = "fully unrolled"}}
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       DefaultValuedAttr<TIRx_ForKindAttr, "ForKind::Serial">:$kind,
                       OptionalAttr<DictionaryAttr>:$annotations);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$lowerBound,
      "::mlir::Value":$upperBound, "::mlir::Value":$step,
      CArg<"ForKind", "ForKind::Serial">:$kind)>];
  let extraClassDeclaration = [{
    ::mlir::Value getInductionVar() { return getBody().front().getArgument(0); }
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
}

def TIRx_WhileOp : TIRx_Op<"while", [RecursiveMemoryEffects]> {
  let summary = "A loop that runs while a condition holds";
  let description = [{
    Evaluates the `cond` region, which ends in `tirx.condition %c`; while
    `%c` is true runs the `do` region (which ends in `tirx.yield`, implicit,
    `tirx.break` or `tirx.continue`) and re-evaluates.

    Example:

    ```mlir
    tirx.while {
      %x = tirx.buffer_load %i[%c0] : !tirx.buffer<1xi32, local> -> i32
      %c = arith.cmpi slt, %x, %n : i32
      tirx.condition %c
    } do {
      tirx.buffer_store %x1, %i[%c0] : i32, !tirx.buffer<1xi32, local>
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins)>];
}

def TIRx_IfOp : TIRx_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "Run one of two regions depending on a condition";
  let description = [{
    Runs `then` when `condition` is true, else the optional `else` region.
    Both end in `tirx.yield` (implicit), `tirx.break` or `tirx.continue`. A
    constant condition folds to the region taken.

    Example:

    ```mlir
    tirx.if %is_leader {
      tirx.buffer_store %one, %flag[%c0] : i32, !tirx.buffer<1xi32, local>
    } else {
      tirx.buffer_store %zero, %flag[%c0] : i32, !tirx.buffer<1xi32, local>
    }
    ```
  }];
  let arguments = (ins I1:$condition);
  let regions = (region SizedRegion<1>:$thenRegion, MaxSizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$condition,
                                 CArg<"bool", "false">:$withElse)>];
}

def TIRx_YieldOp : TIRx_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ForOp", "WhileOp", "IfOp"]>]> {
  let summary = "End of a tirx.for, tirx.while or tirx.if region";
  let description = [{
    Falls through to the next iteration (loops) or to after the `tirx.if`.
    Implicit in the custom syntax of those ops.

    Example:

    ```mlir
    tirx.yield
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TIRx_ConditionOp : TIRx_Op<"condition", [Pure, Terminator,
    HasParent<"WhileOp">]> {
  let summary = "End of a tirx.while condition region";
  let description = [{
    Continues the loop when `condition` is true and leaves it otherwise.

    Example:

    ```mlir
    tirx.condition %c
    ```
  }];
  let arguments = (ins I1:$condition);
  let assemblyFormat = "$condition attr-dict";
  let hasVerifier = 1;
}

def TIRx_BreakOp : TIRx_Op<"break", [Terminator]> {
  let summary = "Leave the innermost enclosing loop";
  let description = [{
    Leaves the innermost `tirx.for` or `tirx.while`. Valid only inside a
    loop body (possibly nested in `tirx.if`s) and, as a terminator, only as
    the last op of its block.

    Example:

    ```mlir
    tirx.if %done {
      tirx.break
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TIRx_ContinueOp : TIRx_Op<"continue", [Terminator]> {
  let summary = "Go on with the next iteration of the innermost loop";
  let description = [{
    Skips the rest of the innermost `tirx.for` or `tirx.while` body. Valid
    only inside a loop body (possibly nested in `tirx.if`s) and only as the
    last op of its block.

    Example:

    ```mlir
    tirx.if %skip {
      tirx.continue
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // TIRX_DIALECT_TIRXOPS_TD
