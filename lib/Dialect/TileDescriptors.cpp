//===- TileDescriptors.cpp - Shared-memory matrix descriptors ---*- C++ -*-===//

#include "TileDescriptors.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::tile;

FailureOr<SmemSwizzle> tile::getSmemSwizzle(BufferType type,
                                            std::string &why) {
  LayoutAttr layout = type.getTileLayout();
  if (!layout || layout.getSwizzle().isNone())
    return SmemSwizzle::None;
  SwizzleSpec s = layout.getSwizzle();
  int64_t eb = elementBytes(type.getElementType());
  if (s.shift == 3 && (eb << s.base) == 16 && s.bits >= 1 && s.bits <= 3)
    return static_cast<SmemSwizzle>(16 << s.bits);
  why = "swizzle<" + std::to_string(s.bits) + ", " + std::to_string(s.base) +
        ", " + std::to_string(s.shift) + "> is no 32B/64B/128B swizzle for " +
        std::to_string(eb) + "-byte elements (expected swizzle<1|2|3, " +
        std::to_string(llvm::Log2_64(16 / eb)) + ", 3>)";
  return failure();
}

namespace {
/// Byte offsets of a region's elements, relative to the buffer's first
/// element, without the swizzle (which the hardware applies itself).
struct ByteMap {
  BufferType type;
  LayoutAttr plain; // layout without swizzle (tile layouts)
  SmallVector<int64_t> origin;
  unsigned rowAxis, kAxis; // buffer dimensions
  int64_t eb;
  std::optional<int64_t> at(int64_t r, int64_t k) const {
    SmallVector<int64_t> c(origin.begin(), origin.end());
    c[rowAxis] += r;
    c[kAxis] += k;
    if (plain)
      return plain.applyMemory(c, type.getShape()) * eb;
    std::optional<int64_t> m = memoryOffset(type, c);
    if (!m)
      return std::nullopt;
    return *m * eb;
  }
};
} // namespace

FailureOr<MatrixDescriptor>
tile::planMatrixDescriptor(const TileOperand &o, unsigned rowDim,
                           unsigned kDim, int64_t instRows, int64_t instK,
                           std::string &why) {
  MatrixDescriptor desc;
  desc.rowDim = rowDim;
  desc.kDim = kDim;
  BufferType type = o.getBufferType();
  if (!type || !isSharedScope(type.getMemorySpace())) {
    why = "'" + o.role.str() + "' must be in shared memory";
    return failure();
  }
  FailureOr<SmemSwizzle> swizzle = getSmemSwizzle(type, why);
  if (failed(swizzle))
    return failure();
  desc.swizzle = *swizzle;
  LayoutAttr layout = type.getTileLayout();
  if (layout && !layout.isMemoryOnly()) {
    why = "'" + o.role.str() + "' has a layout with non-memory axes";
    return failure();
  }
  ByteMap map;
  map.type = type;
  map.plain = layout ? layout.withSwizzle(SwizzleSpec()) : LayoutAttr();
  map.eb = elementBytes(type.getElementType());
  // Buffer dimensions of the region's non-unit dimensions.
  SmallVector<unsigned> dims;
  for (auto [d, size] : llvm::enumerate(o.sizes))
    if (size != 1)
      dims.push_back(d);
  if (dims.size() != 2) {
    why = "'" + o.role.str() + "' must be a 2-D region";
    return failure();
  }
  map.rowAxis = dims[rowDim];
  map.kAxis = dims[kDim];
  for (unsigned d = 0; d < o.sizes.size(); ++d)
    map.origin.push_back(o.getStaticOffset(d).value_or(0));
  int64_t rows = o.sizes[map.rowAxis], ks = o.sizes[map.kAxis];
  int64_t T = 16 / map.eb; // elements per 16-byte chunk
  int64_t W = static_cast<int64_t>(desc.swizzle);
  auto base = map.at(0, 0);
  if (!base) {
    why = "'" + o.role.str() + "' has dynamic strides";
    return failure();
  }
  auto delta = [&](int64_t r, int64_t k) -> int64_t {
    return *map.at(r, k) - *base;
  };
  if (instRows > 8)
    desc.sbo = delta(8, 0);
  if (desc.swizzle == SmemSwizzle::None) {
    if (instK > T)
      desc.lbo = delta(0, T);
  } else {
    desc.lbo = 16; // unused for K-major swizzled layouts; encodes as 1
    if (instK * map.eb > W) {
      why = "the instruction's K slice (" + std::to_string(instK * map.eb) +
            " bytes) is wider than the " + std::to_string(W) + "B swizzle";
      return failure();
    }
  }
  int64_t atom = desc.swizzle == SmemSwizzle::None ? 16 : 8 * W;
  int64_t align = baseAlignment(o.value);
  if (desc.swizzle != SmemSwizzle::None && align < atom) {
    why = "the " + std::to_string(W) + "B-swizzled buffer must be " +
          std::to_string(atom) + "-byte aligned (give its alloc_buffer "
          "an alignment)";
    return failure();
  }
  for (int64_t off : {desc.sbo, desc.lbo})
    if (off % 16 != 0 || off < 0 || off >= (int64_t(1) << 18)) {
      why = "'" + o.role.str() + "' needs 16-byte aligned strides below 256 "
            "KiB between core matrices, got " + std::to_string(off);
      return failure();
    }
  // Every element of every instruction tile against the canonical K-major
  // addressing, and every tile start at its atom position.
  for (int64_t r0 = 0; r0 < rows; r0 += instRows) {
    for (int64_t k0 = 0; k0 < ks; k0 += instK) {
      int64_t start = *map.at(r0, k0);
      int64_t inAtom = desc.swizzle == SmemSwizzle::None
                           ? 0
                           : (k0 * map.eb) % W;
      if ((start - inAtom) % atom != 0) {
        why = "the instruction tile at (" + std::to_string(r0) + ", " +
              std::to_string(k0) + ") of '" + o.role.str() +
              "' does not start on a " + std::to_string(atom) +
              "-byte swizzle atom";
        return failure();
      }
      for (int64_t r = 0; r < instRows; ++r)
        for (int64_t k = 0; k < instK; ++k) {
          int64_t model =
              desc.swizzle == SmemSwizzle::None
                  ? (r % 8) * 16 + (r / 8) * desc.sbo + (k % T) * map.eb +
                        (k / T) * desc.lbo
                  : (r % 8) * W + (r / 8) * desc.sbo + k * map.eb;
          if (*map.at(r0 + r, k0 + k) - start != model) {
            why = "'" + o.role.str() +
                  "' is not in a K-major " +
                  (desc.swizzle == SmemSwizzle::None
                       ? std::string("core-matrix")
                       : std::to_string(W) + "B-swizzled") +
                  " layout (element (" + std::to_string(r0 + r) + ", " +
                  std::to_string(k0 + k) + ") is at byte " +
                  std::to_string(*map.at(r0 + r, k0 + k) - start) +
                  " of its tile, the descriptor would read byte " +
                  std::to_string(model) + ")";
            return failure();
          }
        }
    }
  }
  // A dynamic region offset must move whole atoms.
  for (unsigned d = 0; d < o.sizes.size(); ++d) {
    if (o.getStaticOffset(d))
      continue;
    SmallVector<int64_t> c(map.origin.begin(), map.origin.end());
    std::optional<int64_t> m0 = memoryOffset(type, c);
    c[d] += 1;
    std::optional<int64_t> m1 =
        c[d] < type.getShape()[d] ? memoryOffset(type, c) : m0;
    if (!m0 || !m1 || ((*m1 - *m0) * map.eb) % atom != 0) {
      why = "a dynamic offset of '" + o.role.str() + "' in dimension " +
            std::to_string(d) + " does not move whole " +
            std::to_string(atom) + "-byte atoms";
      return failure();
    }
  }
  return desc;
}

uint64_t tile::descriptorHighBits(const MatrixDescriptor &desc, bool tcgen05) {
  uint64_t lbo = static_cast<uint64_t>(desc.lbo >> 4) & 0x3FFF;
  uint64_t sbo = static_cast<uint64_t>(desc.sbo >> 4) & 0x3FFF;
  uint64_t bits = (lbo << 16) | (sbo << 32);
  uint64_t mode = 0;
  if (tcgen05) {
    bits |= uint64_t(1) << 46; // fixed 0b001 in bits 46-48
    switch (desc.swizzle) {
    case SmemSwizzle::None: mode = 0; break;
    case SmemSwizzle::B128: mode = 2; break;
    case SmemSwizzle::B64: mode = 4; break;
    case SmemSwizzle::B32: mode = 6; break;
    }
    bits |= mode << 61;
  } else {
    switch (desc.swizzle) {
    case SmemSwizzle::None: mode = 0; break;
    case SmemSwizzle::B128: mode = 1; break;
    case SmemSwizzle::B64: mode = 2; break;
    case SmemSwizzle::B32: mode = 3; break;
    }
    bits |= mode << 62;
  }
  return bits;
}

Value tile::emitMatrixDescriptor(OpBuilder &b, Location loc,
                                 const TileOperand &o,
                                 const MatrixDescriptor &desc, int64_t row,
                                 int64_t k, bool tcgen05) {
  SmallVector<int64_t> nonUnit = o.getNonUnitSizes();
  SmallVector<Value> coords(nonUnit.size());
  coords[desc.rowDim] = cIndex(b, loc, row);
  coords[desc.kDim] = cIndex(b, loc, k);
  Value ptr = PtrToOp::create(b, loc, o.value, regionIndices(b, loc, o, coords));
  Type i64 = b.getI64Type();
  Value addr = ReinterpretOp::create(b, loc, i64, ptr);
  Value shift = cI64(b, loc, 4);
  Value low = arith::AndIOp::create(b, loc, addr, cI64(b, loc, 0x3FFFF));
  Value field = arith::ShRUIOp::create(b, loc, low, shift);
  return arith::OrIOp::create(
      b, loc, field,
      cI64(b, loc, static_cast<int64_t>(descriptorHighBits(desc, tcgen05))));
}
