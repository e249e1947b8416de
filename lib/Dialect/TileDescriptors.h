//===- TileDescriptors.h - Shared-memory matrix descriptors -----*- C++ -*-===//
//
// Internal: the wgmma / tcgen05 shared-memory matrix descriptor of an
// operand, derived from its buffer layout. The planner reads the swizzle
// off the layout, measures the stride-byte-offset (between 8-row groups)
// and leading-byte-offset (between 16-byte column chunks) from the layout,
// and then checks every element of every instruction tile against the
// hardware's canonical K-major addressing, so a layout either provably
// matches or is declined with the first mismatch.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_DIALECT_TILEDESCRIPTORS_H
#define TIRX_LIB_DIALECT_TILEDESCRIPTORS_H

#include "TileUtils.h"

namespace mlir::tirx::tile {

/// The shared-memory swizzle modes of wgmma / tcgen05 / TMA.
enum class SmemSwizzle { None = 0, B32 = 32, B64 = 64, B128 = 128 };

struct MatrixDescriptor {
  SmemSwizzle swizzle = SmemSwizzle::None;
  int64_t lbo = 0, sbo = 0; // bytes
  /// Non-unit region dimension of the rows (M or N) and of K.
  unsigned rowDim = 0, kDim = 1;
};

/// The swizzle mode of a shared buffer's layout (for `elemBytes`-byte
/// elements), or failure with `why` for a swizzle no mode matches.
FailureOr<SmemSwizzle> getSmemSwizzle(BufferType type, std::string &why);

/// Plans the descriptors of operand `o` read as a matrix whose rows are
/// region dimension `rowDim` and columns (K) dimension `kDim` (non-unit
/// indices), in instruction tiles of `instRows` x `instK` elements.
FailureOr<MatrixDescriptor> planMatrixDescriptor(const TileOperand &o,
                                                 unsigned rowDim,
                                                 unsigned kDim,
                                                 int64_t instRows,
                                                 int64_t instK,
                                                 std::string &why);

/// The 64-bit descriptor of the instruction tile at (`row`, `k`) of the
/// region: `tcgen05` selects the Blackwell format (fixed bits 46-48,
/// swizzle in bits 61-63) over the Hopper wgmma one (bits 62-63).
Value emitMatrixDescriptor(OpBuilder &b, Location loc, const TileOperand &o,
                           const MatrixDescriptor &desc, int64_t row,
                           int64_t k, bool tcgen05);

/// The constant high bits of a descriptor (everything but the address).
uint64_t descriptorHighBits(const MatrixDescriptor &desc, bool tcgen05);

} // namespace mlir::tirx::tile

#endif // TIRX_LIB_DIALECT_TILEDESCRIPTORS_H
