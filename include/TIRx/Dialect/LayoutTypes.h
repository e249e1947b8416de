//===- LayoutTypes.h - Parameters of the TIRx layout attribute --*- C++ -*-===//
//
// The plain-data pieces a `#tirx.layout` is made of: named axes, shard and
// replica iterators, per-axis offsets and the swizzle. They are parameters
// of the attribute (TIRxLayout.td) and are included before the generated
// attribute classes.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_LAYOUTTYPES_H
#define TIRX_DIALECT_LAYOUTTYPES_H

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::tirx {

/// The named axes a layout maps logical elements onto. `m` is the memory
/// offset in elements; the thread axes name who holds a register element;
/// `tlane`/`tcol` address tensor memory.
enum class LayoutAxis : uint8_t {
  M = 0,
  LaneId,  // lane in warp
  WarpId,  // warp in CTA
  WgId,    // warpgroup in CTA
  Tx,      // thread in CTA
  WidInWg, // warp in warpgroup
  TidInWg, // thread in warpgroup
  Bx,      // CTA in grid
  By,
  Bz,
  Cbx, // CTA in cluster
  Cby,
  Cbz,
  TLane, // tensor-memory lane
  TCol,  // tensor-memory column
};
inline constexpr unsigned kNumLayoutAxes = 15;

/// The spelling of an axis (`m`, `laneid`, `TLane`, ...).
llvm::StringRef stringifyLayoutAxis(LayoutAxis axis);
/// The axis spelled `name`, if any.
std::optional<LayoutAxis> symbolizeLayoutAxis(llvm::StringRef name);
/// The comma-separated list of axis names (for diagnostics).
llvm::StringRef getLayoutAxisNames();

/// True for the axes that name a thread (lane, warp, warpgroup, thread).
bool isThreadAxis(LayoutAxis axis);
/// True for the tensor-memory axes.
inline bool isTMemAxis(LayoutAxis axis) {
  return axis == LayoutAxis::TLane || axis == LayoutAxis::TCol;
}
/// True for the cluster CTA axes.
inline bool isClusterAxis(LayoutAxis axis) {
  return axis == LayoutAxis::Cbx || axis == LayoutAxis::Cby ||
         axis == LayoutAxis::Cbz;
}

/// One iterator of a shard or replica list: `extent` values along `axis`
/// with `stride` between them.
struct LayoutIter {
  int64_t extent = 1;
  int64_t stride = 1;
  LayoutAxis axis = LayoutAxis::M;
  bool operator==(const LayoutIter &o) const {
    return extent == o.extent && stride == o.stride && axis == o.axis;
  }
  bool operator!=(const LayoutIter &o) const { return !(*this == o); }
};

/// A constant offset on one axis.
struct LayoutOffset {
  LayoutAxis axis = LayoutAxis::M;
  int64_t value = 0;
  bool operator==(const LayoutOffset &o) const {
    return axis == o.axis && value == o.value;
  }
  bool operator!=(const LayoutOffset &o) const { return !(*this == o); }
};

/// The XOR swizzle `x ^ ((x >> shift) & (((1 << bits) - 1) << base))` on
/// the memory offset in elements (CuTe's Swizzle<bits, base, shift>):
/// bits [base + shift, base + shift + bits) are XORed into bits
/// [base, base + bits). The 32B/64B/128B TMA/MMA swizzles are bits 1/2/3,
/// shift 3, base log2(16 bytes / element size). bits = 0 is no swizzle.
struct SwizzleSpec {
  int64_t bits = 0;
  int64_t base = 0;
  int64_t shift = 0;
  bool isNone() const { return bits == 0; }
  int64_t apply(int64_t x) const {
    if (bits == 0)
      return x;
    int64_t mask = ((int64_t(1) << bits) - 1) << base;
    return x ^ ((x >> shift) & mask);
  }
  /// The number of elements one swizzle pattern repeats over.
  int64_t period() const {
    return bits == 0 ? 1 : int64_t(1) << (bits + base + shift);
  }
  bool operator==(const SwizzleSpec &o) const {
    return bits == o.bits && base == o.base && shift == o.shift;
  }
  bool operator!=(const SwizzleSpec &o) const { return !(*this == o); }
};

inline llvm::hash_code hash_value(const LayoutIter &i) {
  return llvm::hash_combine(i.extent, i.stride, static_cast<int>(i.axis));
}
inline llvm::hash_code hash_value(const LayoutOffset &o) {
  return llvm::hash_combine(static_cast<int>(o.axis), o.value);
}
inline llvm::hash_code hash_value(const SwizzleSpec &s) {
  return llvm::hash_combine(s.bits, s.base, s.shift);
}

} // namespace mlir::tirx

#endif // TIRX_DIALECT_LAYOUTTYPES_H
