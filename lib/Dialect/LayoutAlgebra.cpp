//===- LayoutAlgebra.cpp - apply, canonicalize, slice, tile -----*- C++ -*-===//
//
// The operations on `#tirx.layout`: evaluating it on an element, its span,
// canonical form and equality, and the derived layouts of a region (slice)
// and of a tile of tiles.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxTypes.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tirx;

int64_t LayoutAttr::getSize() const {
  int64_t size = 1;
  for (const LayoutIter &i : getShard())
    size *= i.extent;
  return size;
}

bool LayoutAttr::usesAxis(LayoutAxis axis) const {
  auto uses = [&](const LayoutIter &i) {
    return i.axis == axis && i.stride != 0 && i.extent > 1;
  };
  return llvm::any_of(getShard(), uses) || llvm::any_of(getReplica(), uses) ||
         llvm::any_of(getOffsets(), [&](const LayoutOffset &o) {
           return o.axis == axis && o.value != 0;
         });
}

bool LayoutAttr::hasThreadAxes() const {
  for (unsigned a = 0; a < kNumLayoutAxes; ++a)
    if (isThreadAxis(static_cast<LayoutAxis>(a)) &&
        usesAxis(static_cast<LayoutAxis>(a)))
      return true;
  return false;
}

bool LayoutAttr::isMemoryOnly() const {
  for (unsigned a = 1; a < kNumLayoutAxes; ++a)
    if (usesAxis(static_cast<LayoutAxis>(a)))
      return false;
  return true;
}

std::array<int64_t, kNumLayoutAxes> LayoutAttr::apply(int64_t linear) const {
  std::array<int64_t, kNumLayoutAxes> values{};
  ArrayRef<LayoutIter> shard = getShard();
  for (const LayoutIter &i : llvm::reverse(shard)) {
    int64_t digit = linear % i.extent;
    linear /= i.extent;
    values[static_cast<unsigned>(i.axis)] += digit * i.stride;
  }
  for (const LayoutOffset &o : getOffsets())
    values[static_cast<unsigned>(o.axis)] += o.value;
  values[0] = getSwizzle().apply(values[0]);
  return values;
}

int64_t LayoutAttr::applyMemory(int64_t linear) const {
  return apply(linear)[static_cast<unsigned>(LayoutAxis::M)];
}

int64_t LayoutAttr::applyMemory(ArrayRef<int64_t> coord,
                                ArrayRef<int64_t> shape) const {
  int64_t linear = 0;
  for (auto [c, d] : llvm::zip(coord, shape))
    linear = linear * d + c;
  return applyMemory(linear);
}

SmallVector<std::array<int64_t, kNumLayoutAxes>>
LayoutAttr::applyAll(int64_t linear) const {
  std::array<int64_t, kNumLayoutAxes> base = apply(linear);
  // Undo the swizzle on m to add replicas before it.
  std::array<int64_t, kNumLayoutAxes> unswizzled{};
  {
    int64_t rest = linear;
    for (const LayoutIter &i : llvm::reverse(getShard())) {
      unswizzled[static_cast<unsigned>(i.axis)] += (rest % i.extent) * i.stride;
      rest /= i.extent;
    }
    for (const LayoutOffset &o : getOffsets())
      unswizzled[static_cast<unsigned>(o.axis)] += o.value;
  }
  SmallVector<std::array<int64_t, kNumLayoutAxes>> result;
  int64_t numReplicas = 1;
  for (const LayoutIter &r : getReplica())
    numReplicas *= r.extent;
  for (int64_t r = 0; r < numReplicas; ++r) {
    std::array<int64_t, kNumLayoutAxes> values = unswizzled;
    int64_t rest = r;
    for (const LayoutIter &i : llvm::reverse(getReplica())) {
      values[static_cast<unsigned>(i.axis)] += (rest % i.extent) * i.stride;
      rest /= i.extent;
    }
    values[0] = getSwizzle().apply(values[0]);
    result.push_back(values);
  }
  (void)base;
  return result;
}

int64_t LayoutAttr::getSpan(LayoutAxis axis) const {
  int64_t reach = 0;
  for (const LayoutIter &i : getShard())
    if (i.axis == axis)
      reach += (i.extent - 1) * i.stride;
  for (const LayoutIter &i : getReplica())
    if (i.axis == axis)
      reach += (i.extent - 1) * i.stride;
  for (const LayoutOffset &o : getOffsets())
    if (o.axis == axis)
      reach += o.value;
  int64_t span = reach + 1;
  if (axis == LayoutAxis::M && !getSwizzle().isNone()) {
    int64_t period = getSwizzle().period();
    span = (span + period - 1) / period * period;
  }
  return span;
}

//===----------------------------------------------------------------------===//
// Canonical form
//===----------------------------------------------------------------------===//

/// Drops unit iterators and fuses each iterator into the next one when the
/// pair forms one stride chain. `sorted` iterators are first ordered by
/// axis and stride (a replica is a set); shard order is significant.
static SmallVector<LayoutIter> canonicalIters(ArrayRef<LayoutIter> iters,
                                              bool sorted) {
  SmallVector<LayoutIter> kept;
  for (LayoutIter i : iters) {
    if (i.extent == 1)
      continue;
    if (i.stride == 0)
      i.axis = LayoutAxis::M;
    kept.push_back(i);
  }
  if (sorted)
    llvm::sort(kept, [](const LayoutIter &a, const LayoutIter &b) {
      // Outermost (largest stride) first, as in a shard.
      return std::make_tuple(static_cast<int>(a.axis), -a.stride, a.extent) <
             std::make_tuple(static_cast<int>(b.axis), -b.stride, b.extent);
    });
  SmallVector<LayoutIter> fused;
  for (const LayoutIter &i : kept) {
    if (!fused.empty()) {
      LayoutIter &outer = fused.back();
      if (outer.axis == i.axis && outer.stride == i.extent * i.stride) {
        outer = {outer.extent * i.extent, i.stride, i.axis};
        continue;
      }
    }
    fused.push_back(i);
  }
  return fused;
}

LayoutAttr LayoutAttr::canonicalize() const {
  SmallVector<LayoutIter> shard = canonicalIters(getShard(), false);
  if (shard.empty())
    shard.push_back({1, 1, LayoutAxis::M});
  SmallVector<LayoutIter> replica = canonicalIters(getReplica(), true);
  int64_t sums[kNumLayoutAxes] = {};
  for (const LayoutOffset &o : getOffsets())
    sums[static_cast<unsigned>(o.axis)] += o.value;
  SmallVector<LayoutOffset> offsets;
  for (unsigned a = 0; a < kNumLayoutAxes; ++a)
    if (sums[a] != 0)
      offsets.push_back({static_cast<LayoutAxis>(a), sums[a]});
  return LayoutAttr::get(getContext(), shard, replica, offsets, getSwizzle());
}

bool LayoutAttr::isEquivalentTo(LayoutAttr other) const {
  return other && canonicalize() == other.canonicalize();
}

//===----------------------------------------------------------------------===//
// Grouping, slicing, tiling
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<SmallVector<LayoutIter>>>
LayoutAttr::groupByShape(ArrayRef<int64_t> shape) const {
  SmallVector<SmallVector<LayoutIter>> groups(shape.size());
  SmallVector<LayoutIter> pending(getShard().begin(), getShard().end());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    int64_t remaining = shape[d];
    SmallVector<LayoutIter> group;
    while (remaining > 1) {
      // Skip unit iterators; they belong to no dimension.
      while (!pending.empty() && pending.back().extent == 1)
        pending.pop_back();
      if (pending.empty())
        return failure();
      LayoutIter inner = pending.back();
      if (remaining % inner.extent == 0) {
        group.insert(group.begin(), inner);
        pending.pop_back();
        remaining /= inner.extent;
      } else if (inner.extent % remaining == 0) {
        // Split: the inner `remaining` values belong to this dimension.
        group.insert(group.begin(), {remaining, inner.stride, inner.axis});
        pending.back() = {inner.extent / remaining, inner.stride * remaining,
                          inner.axis};
        remaining = 1;
      } else {
        return failure();
      }
    }
    if (group.empty())
      group.push_back({1, 0, LayoutAxis::M});
    groups[d] = std::move(group);
  }
  if (llvm::any_of(pending, [](const LayoutIter &i) { return i.extent != 1; }))
    return failure();
  return groups;
}

FailureOr<LayoutAttr> LayoutAttr::slice(ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> offsets,
                                        ArrayRef<int64_t> sizes) const {
  if (offsets.size() != shape.size() || sizes.size() != shape.size())
    return failure();
  auto groups = groupByShape(shape);
  if (failed(groups))
    return failure();
  int64_t extra[kNumLayoutAxes] = {};
  SmallVector<LayoutIter> shard;
  for (auto [d, group] : llvm::enumerate(*groups)) {
    int64_t size = sizes[d], offset = offsets[d];
    if (size < 1 || offset < 0 || offset + size > shape[d])
      return failure();
    SmallVector<LayoutIter> kept;
    for (const LayoutIter &i : llvm::reverse(group)) {
      int64_t digit = offset % i.extent;
      if (size == 1) {
        extra[static_cast<unsigned>(i.axis)] += digit * i.stride;
      } else if (size % i.extent == 0 && digit == 0) {
        kept.insert(kept.begin(), i);
        size /= i.extent;
      } else if (i.extent % size == 0 && digit % size == 0 &&
                 digit + size <= i.extent) {
        kept.insert(kept.begin(), {size, i.stride, i.axis});
        extra[static_cast<unsigned>(i.axis)] += digit * i.stride;
        size = 1;
      } else {
        return failure();
      }
      offset /= i.extent;
    }
    if (size != 1)
      return failure();
    if (kept.empty())
      kept.push_back({1, 0, LayoutAxis::M});
    shard.append(kept);
  }
  for (const LayoutOffset &o : getOffsets())
    extra[static_cast<unsigned>(o.axis)] += o.value;
  SmallVector<LayoutOffset> newOffsets;
  for (unsigned a = 0; a < kNumLayoutAxes; ++a)
    if (extra[a] != 0)
      newOffsets.push_back({static_cast<LayoutAxis>(a), extra[a]});
  return LayoutAttr::get(getContext(), shard, getReplica(), newOffsets,
                         getSwizzle());
}

FailureOr<LayoutAttr> LayoutAttr::tile(ArrayRef<int64_t> tileShape,
                                       ArrayRef<int64_t> gridShape) const {
  if (tileShape.size() != gridShape.size())
    return failure();
  auto groups = groupByShape(tileShape);
  if (failed(groups))
    return failure();
  int64_t span = getSpan(LayoutAxis::M);
  SmallVector<int64_t> gridStrides(gridShape.size(), span);
  for (int64_t d = static_cast<int64_t>(gridShape.size()) - 2; d >= 0; --d)
    gridStrides[d] = gridStrides[d + 1] * gridShape[d + 1];
  SmallVector<LayoutIter> shard;
  for (auto [d, group] : llvm::enumerate(*groups)) {
    if (gridShape[d] < 1)
      return failure();
    shard.push_back({gridShape[d], gridStrides[d], LayoutAxis::M});
    shard.append(group);
  }
  return LayoutAttr::get(getContext(), shard, getReplica(), getOffsets(),
                         getSwizzle());
}

bool LayoutAttr::hasContiguousRuns(ArrayRef<int64_t> shape,
                                   int64_t count) const {
  if (count <= 1)
    return true;
  if (shape.empty() || shape.back() % count != 0 || getSize() > (1 << 20))
    return false;
  for (int64_t start = 0; start < getSize(); start += count) {
    int64_t m = applyMemory(start);
    if (m % count != 0)
      return false;
    for (int64_t j = 1; j < count; ++j)
      if (applyMemory(start + j) != m + j)
        return false;
  }
  return true;
}

LayoutAttr LayoutAttr::withSwizzle(SwizzleSpec swizzle) const {
  return LayoutAttr::get(getContext(), getShard(), getReplica(), getOffsets(),
                         swizzle);
}

LayoutAttr LayoutAttr::getStrided(MLIRContext *context,
                                  ArrayRef<int64_t> shape,
                                  ArrayRef<int64_t> strides, int64_t offset) {
  SmallVector<LayoutIter> shard;
  int64_t running = 1;
  SmallVector<int64_t> dense(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    dense[d] = running;
    running *= shape[d];
  }
  for (auto [d, extent] : llvm::enumerate(shape))
    shard.push_back({extent, strides.empty() ? dense[d] : strides[d],
                     LayoutAxis::M});
  if (shard.empty())
    shard.push_back({1, 1, LayoutAxis::M});
  SmallVector<LayoutOffset> offsets;
  if (offset != 0)
    offsets.push_back({LayoutAxis::M, offset});
  return LayoutAttr::get(context, shard, {}, offsets, SwizzleSpec());
}
