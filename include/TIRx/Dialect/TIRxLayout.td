//===- TIRxLayout.td - TIRx tile layout attribute ----------*- tablegen -*-===//
//
// `#tirx.layout<...>`: TIRx's tile layout (shard / replica / offset over
// named axes, with an optional XOR swizzle), the layout slot of
// `!tirx.buffer`. Included by TIRxAttrs.td so that the dialect's generated
// attribute parser and printer know it. The C++ is in lib/Dialect/Layout*.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXLAYOUT_TD
#define TIRX_DIALECT_TIRXLAYOUT_TD

include "TIRx/Dialect/TIRxDialect.td"

def TIRx_LayoutAttr : TIRx_Attr<"Layout", "layout"> {
  let summary = "A tile layout: shard, replica and offset over named axes";
  let description = [{
    Maps the logical elements of a buffer to physical places:
    `L(x) = { D(x) + r + O | r in R }`.

    - The **shard** `S[(e0, e1, ...):(s0@a0, s1@a1, ...)]` splits the
      logical element index (row-major over the buffer's shape) into mixed
      radix digits, outermost first, with the extents `e_i`; digit `i`
      contributes `digit * s_i` to axis `a_i`. The product of the extents
      is the buffer's element count. A stride without `@axis` is on the
      memory axis `m` (the element offset).
    - The **replica** `R[(e...):(s@a...)]` adds every `r * s` for `r` in
      `[0, e)`: the element is held in several places (e.g. every lane of
      a warp holds a reduced value).
    - The **offset** `+ k@axis` adds a constant.
    - The **swizzle** `swizzle<B, M, S>` XORs bits `[M+S, M+S+B)` of the
      final memory offset (in elements) into bits `[M, M+B)`: CuTe's
      `Swizzle<B, M, S>`. The 32B/64B/128B TMA and MMA swizzles are
      B = 1/2/3, S = 3, M = log2(16 bytes / element size).

    Axes: `m` (memory), `laneid`, `warpid`, `wgid`, `tx`, `wid_in_wg`,
    `tid_in_wg` (threads), `bx`/`by`/`bz` (CTA in the grid),
    `cbx`/`cby`/`cbz` (CTA in the cluster), `TLane`/`TCol` (tensor memory).

    Buffer accesses through a layout lower (`tirx-resolve-layouts`) to
    `data + elem_offset + L(coord)[m]`; the thread axes say which thread
    holds a register element and drive tile-primitive dispatch.

    Example (an m16n8 f32 accumulator fragment of a warp, and a 64x64 f16
    shared tile in the 128B swizzle):

    ```mlir
    #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>
    #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>
    #tirx.layout<S[(8, 2, 4, 2):(4@laneid, 1@warpid, 1@laneid, 1)] + R[2:4@warpid] + 5@warpid>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"LayoutIter", "shard iterators, outermost first">:$shard,
    ArrayRefParameter<"LayoutIter", "replica iterators">:$replica,
    ArrayRefParameter<"LayoutOffset", "per-axis offsets">:$offsets,
    AttrParameter<"SwizzleSpec", "XOR swizzle of the memory offset">:$swizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of logical elements (product of the shard extents).
    int64_t getSize() const;
    /// True when some shard or replica iterator or offset uses `axis`.
    bool usesAxis(LayoutAxis axis) const;
    /// True when the layout uses a thread axis.
    bool hasThreadAxes() const;
    /// True when only the memory axis is used (a memory layout).
    bool isMemoryOnly() const;

    /// The value on every axis of logical element `linear` (row-major
    /// index), replica 0, swizzle applied to `m`.
    std::array<int64_t, kNumLayoutAxes> apply(int64_t linear) const;
    /// The memory offset (in elements, swizzled) of logical element
    /// `linear`.
    int64_t applyMemory(int64_t linear) const;
    /// The memory offset of the element at `coord` of a buffer of `shape`.
    int64_t applyMemory(::llvm::ArrayRef<int64_t> coord,
                        ::llvm::ArrayRef<int64_t> shape) const;
    /// Every place logical element `linear` lives (one per replica).
    ::llvm::SmallVector<std::array<int64_t, kNumLayoutAxes>>
    applyAll(int64_t linear) const;

    /// The number of positions `axis` spans: 1 + the largest value any
    /// element or replica reaches on it (rounded up to the swizzle period
    /// for `m`). The storage a memory layout needs, in elements.
    int64_t getSpan(LayoutAxis axis) const;

    /// The canonical form: unit iterators and zero offsets dropped,
    /// adjacent iterators on one axis that form one stride chain fused,
    /// offsets sorted by axis. Two layouts are equal iff their canonical
    /// forms are the same attribute.
    LayoutAttr canonicalize() const;
    /// True when both layouts map every element to the same places.
    bool isEquivalentTo(LayoutAttr other) const;

    /// The shard iterators split per dimension of `shape` (outermost
    /// dimension first; each group's extents multiply to the dimension),
    /// splitting iterators where a dimension boundary falls inside one.
    /// Fails when an iterator straddles a boundary unevenly.
    ::mlir::FailureOr<::llvm::SmallVector<::llvm::SmallVector<LayoutIter>>>
    groupByShape(::llvm::ArrayRef<int64_t> shape) const;

    /// The layout of the region `[offsets, offsets + sizes)` of a buffer of
    /// `shape`: the iterators restricted to the region and its start folded
    /// into the offsets. Fails when the region does not align with the
    /// iterators (it is then no tile layout).
    ::mlir::FailureOr<LayoutAttr> slice(::llvm::ArrayRef<int64_t> shape,
                                        ::llvm::ArrayRef<int64_t> offsets,
                                        ::llvm::ArrayRef<int64_t> sizes) const;

    /// A tile of tiles: this layout (over `tileShape`) repeated over a
    /// row-major grid of `gridShape` tiles placed `getSpan(m)` elements
    /// apart. The result is over the shape `gridShape * tileShape`.
    ::mlir::FailureOr<LayoutAttr> tile(::llvm::ArrayRef<int64_t> tileShape,
                                       ::llvm::ArrayRef<int64_t> gridShape) const;

    /// True when, for a buffer of `shape`, every run of `count` elements
    /// along the last dimension that starts at a multiple of `count` is
    /// consecutive in memory and starts at a multiple of `count`. (Checked
    /// element by element; false for buffers over 2^20 elements.)
    bool hasContiguousRuns(::llvm::ArrayRef<int64_t> shape, int64_t count) const;

    /// The same layout with another swizzle.
    LayoutAttr withSwizzle(SwizzleSpec swizzle) const;

    /// Dense row-major (`strides` empty) or strided memory layout of
    /// `shape` with element offset `offset`.
    static LayoutAttr getStrided(::mlir::MLIRContext *context,
                                 ::llvm::ArrayRef<int64_t> shape,
                                 ::llvm::ArrayRef<int64_t> strides = {},
                                 int64_t offset = 0);

    /// Checks the layout against a buffer of `shape` in `space`: static
    /// shape, element count, and axes the scope can hold.
    ::mlir::LogicalResult
    verifyForBuffer(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
                    ::llvm::ArrayRef<int64_t> shape, MemorySpace space) const;
  }];
}

#endif // TIRX_DIALECT_TIRXLAYOUT_TD
