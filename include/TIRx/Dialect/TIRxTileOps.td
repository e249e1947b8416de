//===- TIRxTileOps.td - TIRx tile primitives ---------------*- tablegen -*-===//
//
// Tile primitives (`tirx.tile.*`): copies, GEMMs, elementwise ops and
// reductions over buffer regions, executed by the threads of an execution
// scope. Each names its primitive in the variant registry
// (include/TIRx/Dialect/TileDispatch.h); `tirx-dispatch-tile-primitives`
// picks a variant by target, scope, operand scopes, element types and
// layouts, and replaces the op by the variant's tirx/tirx.ptx code.
// Generated separately from the core ops.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXTILEOPS_TD
#define TIRX_DIALECT_TIRXTILEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxTypes.td"
include "TIRx/Dialect/TIRxTileEnums.td"
include "TIRx/Dialect/TIRxTileInterfaces.td"

def TIRx_TileBuffer : Type<CPred<"::llvm::isa<::mlir::tirx::BufferType>($_self)">,
                           "TIRx buffer", "::mlir::tirx::BufferType">;
def TIRx_TilePtr : Type<CPred<"::llvm::isa<::mlir::tirx::PtrType>($_self)">,
                        "TIRx pointer", "::mlir::tirx::PtrType">;

// One region operand `name`: the buffer (or, for `bufType = AnyType`, a
// scalar), its start (mixed constant/SSA offsets) and its static sizes. Both
// lists are empty for the whole buffer.
class TIRx_TileRegion<string name, Type bufType = TIRx_TileBuffer> {
  dag args = !con(!dag(ins, [bufType], [name]),
                  !dag(ins, [Variadic<Index>], [name # "_offsets"]),
                  !dag(ins, [DenseI64ArrayAttr], ["static_" # name # "_offsets"]),
                  !dag(ins, [DenseI64ArrayAttr], [name # "_sizes"]));
  string format = "custom<TileRegion>($" # name # ", $" # name # "_offsets, $static_"
                  # name # "_offsets, $" # name # "_sizes)";
  // [snake, Camel]: C++ getter stem.
  string operandExpr = "";
}

// The accessor building one TileOperand for region `name` (`camel` is the
// getter stem).
class TIRx_TileOperandExpr<string name, string camel> {
  string expr = "::mlir::tirx::TileOperand::get(\"" # name # "\", get" # camel
      # "(), get" # camel # "Offsets(), getStatic" # camel # "Offsets(), get"
      # camel # "Sizes())";
}

// A tile primitive: `tileRegions` are [snake, Camel] pairs of its region
// operands in order; `primitive` is its name in the variant registry.
class TIRx_TileOp<string mnemonic, string primitive,
                  list<list<string>> tileRegions, list<Trait> traits = []>
    : TIRx_Op<"tile." # mnemonic, !listconcat(traits,
        !if(!gt(!size(tileRegions), 1), [AttrSizedOperandSegments], []),
        [TIRx_TileOpInterface])> {
  string tilePrimitive = primitive;
  // Arguments every tile op ends with.
  dag commonArgs = (ins TIRx_ExecScope:$scope,
                        OptionalAttr<DictionaryAttr>:$config,
                        OptionalAttr<StrAttr>:$dispatch);
  dag regionArgs = !foldl((ins), tileRegions, acc, r,
                          !con(acc, TIRx_TileRegion<r[0]>.args));
  string regionFormat = !interleave(
      !foreach(r, tileRegions, TIRx_TileRegion<r[0]>.format), " `,` ");
  string commonFormat = "(`config` $config^)? (`dispatch` $dispatch^)? attr-dict";
  string regionTypes = !interleave(
      !foreach(r, tileRegions, "qualified(type($" # r[0] # "))"), " `,` ");
  code tileOperandList = !interleave(
      !foreach(r, tileRegions, TIRx_TileOperandExpr<r[0], r[1]>.expr), ", ");
  code extraTileOperands = "";
  code tileDeclarations = [{
    static constexpr ::llvm::StringLiteral getTilePrimitive() {
      return ::llvm::StringLiteral("}] # primitive # [{");
    }
    ::llvm::StringRef getPrimitiveName() { return getTilePrimitive(); }
    ::llvm::SmallVector<::mlir::tirx::TileOperand> getTileOperands() {
      ::llvm::SmallVector<::mlir::tirx::TileOperand> operands = {}]
      # tileOperandList # [{};
      }] # extraTileOperands # [{
      return operands;
    }
  }];
  let extraClassDeclaration = tileDeclarations;
  let hasVerifier = 1;
}

// The config/dispatch paragraph every tile op's description ends with.
defvar TIRx_TileCommonDoc = [{

    Every tile primitive takes an execution scope (`thread`, `warp`,
    `warpgroup`, `cta`, `cluster`): the threads that run it together, all
    of which must reach it. `config` is a dictionary of settings whose keys
    each variant declares with a type (docs/TilePrimitives.md lists them):
    an unknown key or a value of the wrong type is an error. `dispatch`
    forces a variant by name. Regions are `%buf[offsets][sizes]` (offsets
    constant or `index` values, sizes constant) or `%buf` for the whole
    buffer.
}];

def TIRx_TileCopyOp : TIRx_TileOp<"copy", "copy", [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Copy a buffer region into another";
  let description = [{
    Copies the `src` region into the `dst` region (same element type and
    element count, unit dimensions ignored), element by element in
    row-major order, between global, shared and register (`local`)
    buffers. Variants: vectorized ld/st (`vec`), `ldmatrix`/`stmatrix`
    between shared memory and register fragments (`ldstmatrix`), and a
    scalar fallback (`fallback`, with a warning).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.copy cta %smem, %A[%row, 0] [64, 64] : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<1024x64xf16, global>
    ```
  }];
  let arguments = !con(regionArgs, commonArgs);
  let assemblyFormat = "$scope " # regionFormat # " " # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileCopyAsyncOp : TIRx_TileOp<"copy_async", "copy_async",
    [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Start an asynchronous copy of a buffer region";
  let description = [{
    Starts copying the `src` region into `dst` without waiting.
    Variants: `cp.async` (global to shared, the caller commits and waits),
    TMA (`tma`: global to/from shared through a tensor map the host builds;
    loads complete on the mbarrier `mbar`, after an `expect_tx` of the
    bytes; `tma_multicast` delivers to every CTA in `cta_mask`), `dsmem`
    (shared memory of this CTA to the CTA `remote_cta` of the cluster,
    completing on the remote `mbar`), and tensor memory (`tcgen05_cp` from
    shared memory, `tcgen05_ld`/`tcgen05_st` with registers).
    `cache_hint` is an L2 cache policy. A TMA copy uses the host-built
    descriptor `tensormap` (a kernel argument); dispatch records on that
    argument, as `tirx.tma_spec`, the tensor map the host must encode for
    it (dtype string, dims, strides, box, swizzle).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.copy_async thread %smem, %A[%row, 0] [64, 64] mbar %bar : !tirx.ptr<i64, shared> : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<1024x64xf16, global>
    ```
  }];
  let arguments = !con(regionArgs,
      (ins Optional<TIRx_TilePtr>:$mbar, Optional<I16>:$cta_mask,
           Optional<I32>:$remote_cta, Optional<I64>:$cache_hint,
           Optional<TIRx_TensorMapType>:$tensormap),
      commonArgs);
  let assemblyFormat = "$scope " # regionFormat
      # " (`mbar` $mbar^ `:` qualified(type($mbar)))? (`cta_mask` $cta_mask^)?"
      # " (`remote_cta` $remote_cta^)? (`cache_hint` $cache_hint^)?"
      # " (`tensormap` $tensormap^)? "
      # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileGemmOp : TIRx_TileOp<"gemm", "gemm", [["d", "D"], ["a", "A"], ["b", "B"]]> {
  let summary = "Matrix multiply-accumulate on register fragments";
  let description = [{
    `d = a * b + (accum ? d : 0)` for `a` of M x K (K x M with
    `transpose_a`), `b` of K x N (N x K with `transpose_b`) and `d` of
    M x N, all register (`local`) fragments whose layouts say which lane
    holds which element. Without `accum` the product overwrites `d`.
    Variant: `mma_sync` (mma.sync m16n8k16 / m16n8k8).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.gemm warp %D, %A, %B accum %true : !tirx.buffer<16x8xf32, local, #tirx.layout<...>>, ...
    ```
  }];
  let arguments = !con(regionArgs, (ins Optional<I1>:$accum,
      UnitAttr:$transpose_a, UnitAttr:$transpose_b), commonArgs);
  let assemblyFormat = "$scope " # regionFormat
      # " (`accum` $accum^)? (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)? "
      # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileGemmAsyncOp : TIRx_TileOp<"gemm_async", "gemm_async",
    [["c", "C"], ["a", "A"], ["b", "B"]]> {
  let summary = "Start an asynchronous tensor-core matrix multiply-accumulate";
  let description = [{
    `c = a * b + (accum ? c : 0)` on the tensor cores without waiting, for
    `a` of M x K (K x M with `transpose_a`) and `b` of K x N (N x K with
    `transpose_b`) in shared memory and the accumulator `c`: registers of a
    warpgroup (`wgmma`, sm_90a, committed as one wgmma group the caller
    waits for) or tensor memory (`tcgen05`, sm_100a family; with `mbar`
    the completion is committed to that mbarrier). Shared-memory matrix
    descriptors are derived from the operand layouts.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.gemm_async warpgroup %acc, %A, %B accum %acc_flag transpose_b : ...
    ```
  }];
  let arguments = !con(regionArgs, (ins Optional<I1>:$accum,
      Optional<TIRx_TilePtr>:$mbar, UnitAttr:$transpose_a,
      UnitAttr:$transpose_b), commonArgs);
  let assemblyFormat = "$scope " # regionFormat
      # " (`accum` $accum^)? (`mbar` $mbar^ `:` qualified(type($mbar)))?"
      # " (`transpose_a` $transpose_a^)? (`transpose_b` $transpose_b^)? "
      # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileFillOp : TIRx_TileOp<"fill", "fill", [["dst", "Dst"]]> {
  let summary = "Fill a buffer region with a value";
  let description = [{
    Stores the scalar `value` (of the element type) to every element of the
    `dst` region. Zeroing is a fill with 0.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.fill thread %acc, %zero : !tirx.buffer<64xf32, local>, f32
    ```
  }];
  let arguments = !con(regionArgs, (ins AnyType:$value), commonArgs);
  let assemblyFormat = "$scope " # regionFormat # " `,` $value "
      # commonFormat # " `:` " # regionTypes # " `,` type($value)";
}

def TIRx_TileUnaryOp : TIRx_TileOp<"unary", "unary", [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Apply an elementwise function to a buffer region";
  let description = [{
    `dst[i] = f(src[i])` with `f` one of neg, abs, exp, exp2, log, log2,
    sqrt, rsqrt, reciprocal, tanh, silu, relu (floating-point elements).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.unary exp thread %y, %x : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>
    ```
  }];
  let arguments = !con((ins TIRx_TileUnaryKind:$kind), regionArgs, commonArgs);
  let assemblyFormat = "$kind $scope " # regionFormat # " " # commonFormat
      # " `:` " # regionTypes;
}

def TIRx_TileBinaryOp : TIRx_TileOp<"binary", "binary", [["dst", "Dst"], ["lhs", "Lhs"], ["rhs", "Rhs"]]> {
  let summary = "Combine two buffer regions (or a region and a scalar) elementwise";
  let description = [{
    `dst[i] = lhs[i] op rhs[i]` with `op` one of add, sub, mul, div, max,
    min. `lhs` and `rhs` are regions of the shape of `dst` or scalars of
    the element type (broadcast).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.binary mul thread %y, %x, %scale : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>, f32
    ```
  }];
  let arguments = !con((ins TIRx_TileBinaryKind:$kind),
      TIRx_TileRegion<"dst">.args, TIRx_TileRegion<"lhs", AnyType>.args,
      TIRx_TileRegion<"rhs", AnyType>.args, commonArgs);
  let assemblyFormat = "$kind $scope " # regionFormat # " " # commonFormat
      # " `:` qualified(type($dst)) `,` qualified(type($lhs)) `,` qualified(type($rhs))";
}

def TIRx_TileFmaOp : TIRx_TileOp<"fma", "fma", [["dst", "Dst"], ["a", "A"], ["b", "B"], ["c", "C"]]> {
  let summary = "Fused multiply-add of buffer regions elementwise";
  let description = [{
    `dst[i] = a[i] * b[i] + c[i]`; `a`, `b` and `c` are regions of the
    shape of `dst` or scalars of the element type (broadcast).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.fma thread %y, %x, %scale, %bias : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>, f32, f32
    ```
  }];
  let arguments = !con(TIRx_TileRegion<"dst">.args,
      TIRx_TileRegion<"a", AnyType>.args, TIRx_TileRegion<"b", AnyType>.args,
      TIRx_TileRegion<"c", AnyType>.args, commonArgs);
  let assemblyFormat = "$scope " # regionFormat # " " # commonFormat
      # " `:` qualified(type($dst)) `,` qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($c))";
}

def TIRx_TileCastOp : TIRx_TileOp<"cast", "cast", [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Convert a buffer region to another element type";
  let description = [{
    `dst[i] = convert(src[i])` between floating-point and integer element
    types (round to nearest even for narrowing floats).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.cast thread %h, %f : !tirx.buffer<32xf16, local>, !tirx.buffer<32xf32, local>
    ```
  }];
  let arguments = !con(regionArgs, commonArgs);
  let assemblyFormat = "$scope " # regionFormat # " " # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileReduceOp : TIRx_TileOp<"reduce", "reduce", [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Reduce a buffer region over some of its dimensions";
  let description = [{
    Combines the `src` region with `kind` (sum, max, min) over the
    dimensions `axes` (default: the last); `dst` has the shape of `src`
    with those dimensions removed (or kept with extent 1). With
    `accumulate` the result is combined with `dst`'s old value. Variants:
    thread-local loops, warp shuffle trees over the lanes a register
    layout spreads the reduced dimension over, and shuffle trees over a
    shared-memory tile.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.reduce sum warp %rowsum, %x axes = [1] : !tirx.buffer<16xf32, local, ...>, !tirx.buffer<16x8xf32, local, ...>
    ```
  }];
  let arguments = !con((ins TIRx_TileReduceKind:$kind), regionArgs,
      (ins OptionalAttr<DenseI64ArrayAttr>:$axes, UnitAttr:$accumulate),
      commonArgs);
  let assemblyFormat = "$kind $scope " # regionFormat
      # " (`axes` `=` $axes^)? (`accumulate` $accumulate^)? " # commonFormat
      # " `:` " # regionTypes;
  let extraClassDeclaration = tileDeclarations # [{
    /// The reduced dimensions of `src` (default: the last one).
    ::llvm::SmallVector<int64_t> getReducedAxes();
  }];
}

def TIRx_TilePermuteLayoutOp : TIRx_TileOp<"permute_layout", "permute_layout",
    [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "Move register fragments to another register layout";
  let description = [{
    Copies `src` to `dst` (same shape and element type, different register
    layouts over the lanes of a warp): each lane stores its `src` elements
    to the shared-memory `workspace` at XOR-swizzled positions, the warp
    synchronizes, and each lane loads its `dst` elements.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.permute_layout warp %dst, %src workspace %ws : !tirx.buffer<...>, !tirx.buffer<...>, !tirx.buffer<256xf32, shared>
    ```
  }];
  let arguments = !con(regionArgs, (ins Optional<TIRx_TileBuffer>:$workspace),
                       commonArgs);
  let assemblyFormat = "$scope " # regionFormat
      # " (`workspace` $workspace^ `:` qualified(type($workspace)))? "
      # commonFormat # " `:` " # regionTypes;
  let extraTileOperands = [{
      if (getWorkspace())
        operands.push_back(::mlir::tirx::TileOperand::get(
            "workspace", getWorkspace(), {}, {}, {}));
  }];
}

def TIRx_TileLocalViewOp : TIRx_Op<"tile.local_view", [Pure]> {
  let summary = "The calling thread's registers of a register fragment";
  let description = [{
    Views a `local` buffer whose tile layout spreads elements over threads
    as the calling thread's own registers, in physical order: a rank-1
    `local` buffer of `span(m)` elements. Tile-primitive variants index
    register fragments through it with constant indices (so they stay in
    registers); `tirx-resolve-layouts` makes it the fragment's storage.

    Example:

    ```mlir
    %regs = tirx.tile.local_view %acc : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>> -> !tirx.buffer<4xf32, local>
    ```
  }];
  let arguments = (ins TIRx_TileBuffer:$source);
  let results = (outs TIRx_TileBuffer:$result);
  let assemblyFormat = [{
    $source attr-dict `:` qualified(type($source)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// Composite primitives (the original TIRx's compose ops) and select
//===----------------------------------------------------------------------===//

def TIRx_TileSelectOp : TIRx_TileOp<"select", "select",
    [["dst", "Dst"], ["true_value", "TrueValue"], ["false_value", "FalseValue"]],
    [SingleBlock]> {
  let summary = "Choose elementwise between two regions (or scalars) by a predicate of the index";
  let description = [{
    `dst[i] = pred(i) ? true_value[i] : false_value[i]`, where `pred` is the
    region: it takes one `index` argument per dimension of `dst`'s buffer
    (the element's buffer indices) and yields an `i1` with
    `tirx.tile.yield`. `true_value` and `false_value` are regions of the
    shape of `dst` or scalars of its element type. The predicate may read
    only values defined outside the op and its own arguments.
  }] # TIRx_TileCommonDoc # [{

    Example (a causal mask):

    ```mlir
    tirx.tile.select thread %s, %s, %ninf : !tirx.buffer<8x8xf32, local>, !tirx.buffer<8x8xf32, local>, f32 {
    ^bb0(%i: index, %j: index):
      %le = arith.cmpi ule, %j, %i : index
      tirx.tile.yield %le
    }
    ```
  }];
  let arguments = !con(TIRx_TileRegion<"dst">.args,
      TIRx_TileRegion<"true_value", AnyType>.args,
      TIRx_TileRegion<"false_value", AnyType>.args, commonArgs);
  let regions = (region SizedRegion<1>:$predicate);
  let assemblyFormat = "$scope " # regionFormat # " " # commonFormat
      # " `:` qualified(type($dst)) `,` qualified(type($true_value)) `,` qualified(type($false_value)) $predicate";
}

def TIRx_TileYieldOp : TIRx_Op<"tile.yield", [Pure, Terminator,
    HasParent<"TileSelectOp">]> {
  let summary = "The predicate of a tirx.tile.select";
  let description = [{
    Ends the predicate region of `tirx.tile.select` with the element's
    choice (`true`: the true value).

    Example:

    ```mlir
    tirx.tile.yield %p
    ```
  }];
  let arguments = (ins I1:$value);
  let assemblyFormat = "$value attr-dict";
}

def TIRx_TileBinaryReduceOp : TIRx_TileOp<"binary_reduce", "binary_reduce",
    [["dst", "Dst"], ["reduce_dst", "ReduceDst"], ["lhs", "Lhs"], ["rhs", "Rhs"]]> {
  let summary = "An elementwise binary op and a reduction of its result";
  let description = [{
    `dst = lhs binary_kind rhs` elementwise (as `tirx.tile.binary`), then
    `reduce_dst = reduce_kind(dst)` over `axes` (as `tirx.tile.reduce`).
    `lhs` and `rhs` are regions of the shape of `dst` or scalars.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.binary_reduce mul sum thread %p, %r, %x, %y axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>
    ```
  }];
  let arguments = !con((ins TIRx_TileBinaryKind:$binary_kind,
                            TIRx_TileReduceKind:$reduce_kind),
      TIRx_TileRegion<"dst">.args, TIRx_TileRegion<"reduce_dst">.args,
      TIRx_TileRegion<"lhs", AnyType>.args, TIRx_TileRegion<"rhs", AnyType>.args,
      (ins OptionalAttr<DenseI64ArrayAttr>:$axes), commonArgs);
  let assemblyFormat = "$binary_kind $reduce_kind $scope " # regionFormat
      # " (`axes` `=` $axes^)? " # commonFormat
      # " `:` qualified(type($dst)) `,` qualified(type($reduce_dst)) `,` qualified(type($lhs)) `,` qualified(type($rhs))";
}

def TIRx_TileUnaryReduceOp : TIRx_TileOp<"unary_reduce", "unary_reduce",
    [["dst", "Dst"], ["reduce_dst", "ReduceDst"], ["src", "Src"]]> {
  let summary = "An elementwise function (of src * scale + bias) and a reduction of its result";
  let description = [{
    `dst = unary_kind(src * scale + bias)` elementwise (`scale` and `bias`
    optional scalars), then `reduce_dst = reduce_kind(dst)` over `axes`.
    The original TIRx's `unary_reduce`, e.g. the exponentials of a softmax
    row and their sum in one primitive.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.unary_reduce exp sum thread %e, %s, %x bias %negmax : f32 axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>
    ```
  }];
  let arguments = !con((ins TIRx_TileUnaryKind:$unary_kind,
                            TIRx_TileReduceKind:$reduce_kind),
      regionArgs, (ins Optional<AnyFloat>:$bias, Optional<AnyFloat>:$scale,
      OptionalAttr<DenseI64ArrayAttr>:$axes), commonArgs);
  let assemblyFormat = "$unary_kind $reduce_kind $scope " # regionFormat
      # " (`bias` $bias^ `:` type($bias))? (`scale` $scale^ `:` type($scale))?"
      # " (`axes` `=` $axes^)? " # commonFormat # " `:` " # regionTypes;
}

def TIRx_TileBinaryChainOp : TIRx_TileOp<"binary_chain", "binary_chain",
    [["dst", "Dst"], ["data", "Data"], ["operand0", "Operand0"], ["operand1", "Operand1"]]> {
  let summary = "Two chained elementwise binary ops";
  let description = [{
    `dst = (operand0 op0 data) op1 operand1`, or with `reverse1`
    `dst = operand1 op1 (operand0 op0 data)`, elementwise. `operand0` and
    `operand1` are regions of the shape of `dst` or scalars.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.binary_chain mul add thread %y, %x, %scale, %bias : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>, f32, f32
    ```
  }];
  let arguments = !con((ins TIRx_TileBinaryKind:$op0, TIRx_TileBinaryKind:$op1),
      TIRx_TileRegion<"dst">.args, TIRx_TileRegion<"data">.args,
      TIRx_TileRegion<"operand0", AnyType>.args,
      TIRx_TileRegion<"operand1", AnyType>.args,
      (ins UnitAttr:$reverse1), commonArgs);
  let assemblyFormat = "$op0 $op1 $scope " # regionFormat
      # " (`reverse1` $reverse1^)? " # commonFormat
      # " `:` qualified(type($dst)) `,` qualified(type($data)) `,` qualified(type($operand0)) `,` qualified(type($operand1))";
}

def TIRx_TileReduceNegateOp : TIRx_TileOp<"reduce_negate", "reduce_negate",
    [["dst", "Dst"], ["src", "Src"]]> {
  let summary = "The negation of a reduction";
  let description = [{
    `dst = -kind(src)` over `axes` (default: the last). With `accumulate`
    the reduction also covers `dst`'s old value: `dst = -kind(src, -dst)`
    for sum, and for max/min the negation of the reduction of `src` with
    `-dst` (e.g. the running `-max` of a softmax).
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.reduce_negate max thread %negmax, %x axes = [1] : !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>
    ```
  }];
  let arguments = !con((ins TIRx_TileReduceKind:$kind), regionArgs,
      (ins OptionalAttr<DenseI64ArrayAttr>:$axes, UnitAttr:$accumulate),
      commonArgs);
  let assemblyFormat = "$kind $scope " # regionFormat
      # " (`axes` `=` $axes^)? (`accumulate` $accumulate^)? " # commonFormat
      # " `:` " # regionTypes;
}

def TIRx_TileComposeOp : TIRx_Op<"tile.compose", [SingleBlock, NoTerminator,
    RecursiveMemoryEffects, TIRx_TileOpInterface]> {
  let summary = "A sequence of tile primitives dispatched as one";
  let description = [{
    The original TIRx's `compose_op`: the tile primitives of the body run
    in order as one primitive of the execution scope. The `sequential`
    variant inlines them, with a barrier of the scope between two steps
    whose data passes through shared or global memory at warp or CTA
    scope (register fragments and thread scope need none). The body holds
    only `tirx.tile.*` ops and the pure ops that compute their operands.
  }] # TIRx_TileCommonDoc # [{

    Example:

    ```mlir
    tirx.tile.compose cta {
      tirx.tile.unary exp cta %s, %s : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, shared>
      tirx.tile.reduce sum cta %l, %s axes = [1] : !tirx.buffer<64xf32, shared>, !tirx.buffer<64x64xf32, shared>
    }
    ```
  }];
  let arguments = (ins TIRx_ExecScope:$scope, OptionalAttr<DictionaryAttr>:$config,
                       OptionalAttr<StrAttr>:$dispatch);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$scope (`config` $config^)? (`dispatch` $dispatch^)? attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral getTilePrimitive() {
      return ::llvm::StringLiteral("compose");
    }
    ::llvm::StringRef getPrimitiveName() { return getTilePrimitive(); }
    ::llvm::SmallVector<::mlir::tirx::TileOperand> getTileOperands() { return {}; }
  }];
}

#endif // TIRX_DIALECT_TIRXTILEOPS_TD
