//===- TIRxPTXCopyOps.cpp - Verifiers of the PTX copy ops -------*- C++ -*-===//
//
// cp.async, cp.async.bulk and cp.async.bulk.tensor (TMA), plus the second
// shard of the generated PTX op definitions.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxPTXOps.h"
#include "TIRxPTXCommon.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::ptx;
using namespace mlir::tirx::ptx_detail;

#define GET_OP_DEFS_1
#include "TIRx/Dialect/TIRxPTXOps.cpp.inc"

static bool isClusterPtr(Value value) {
  return cast<PtrType>(value.getType()).getMemorySpace() ==
         MemorySpace::SharedCluster;
}

LogicalResult PTXCpAsyncOp::verify() {
  if (getCache() == CpAsyncCache::CG && getSize() != 16)
    return emitOpError() << "cg copies exactly 16 bytes, got " << getSize();
  return success();
}

void PTXCpAsyncOp::collectModifierRequirements(PTXNeeds &needs) {
  if (getCacheHint())
    needs.push_back({kSM80PTX74, "an L2 cache hint"});
  if (getPrefetch())
    needs.push_back({kSM80PTX74, "an L2 prefetch size"});
}

// A multicast destination may be `shared` or `shared.cluster`: a
// shared::cta address is a valid shared::cluster address of the executing
// CTA, and the copy lands at its CTA-relative offset in every CTA of the
// mask (PTX ISA, cp.async.bulk).
/// The `.shared::cta` destination forms (cta_only) copy into the executing
/// CTA: its shared memory, completing on its barrier, no multicast.
static LogicalResult verifyCtaOnly(Operation *op, bool ctaOnly, Value dst,
                                   Value bar, Value multicast) {
  if (!ctaOnly)
    return success();
  if (isClusterPtr(dst) || isClusterPtr(bar))
    return op->emitOpError("cta_only (the .shared::cta destination) copies "
                           "into the executing CTA: the destination and the "
                           "barrier are shared pointers, not shared.cluster");
  if (multicast)
    return op->emitOpError("cta_only (the .shared::cta destination) does not "
                           "multicast");
  return success();
}

LogicalResult PTXCpAsyncBulkG2SOp::verify() {
  return verifyCtaOnly(*this, getCtaOnly(), getDst(), getBar(),
                       getMulticastMask());
}

void PTXCpAsyncBulkG2SOp::collectModifierRequirements(PTXNeeds &needs) {
  if (getCtaOnly())
    needs.push_back({kSM90PTX86, "cta_only (the .shared::cta destination)"});
}

LogicalResult PTXCpAsyncBulkS2GOp::verify() { return success(); }

void PTXCpAsyncBulkS2GOp::collectModifierRequirements(PTXNeeds &needs) {
  if (getByteMask())
    needs.push_back({kSM100, "byte_mask"});
}

namespace {
/// The addressing mode of a TMA op, reduced to what the checks need.
enum class Addressing { Tile, Im2col, Tile4 };
} // namespace

/// Coordinates and im2col offsets against the tensor rank and mode.
static LogicalResult verifyTensorCoords(Operation *op, Addressing mode,
                                        StringRef modeName, int64_t rank,
                                        size_t numCoords,
                                        std::optional<size_t> numOffsets) {
  switch (mode) {
  case Addressing::Tile4:
    if (rank != 2)
      return op->emitOpError()
             << modeName << " mode needs rank 2, got " << rank;
    if (numCoords != 5)
      return op->emitOpError()
             << modeName
             << " mode expects 5 coordinates (a column and four rows), got "
             << numCoords;
    break;
  case Addressing::Im2col:
    if (rank < 3)
      return op->emitOpError()
             << "im2col mode needs a rank of 3 to 5, got " << rank;
    [[fallthrough]];
  case Addressing::Tile:
    if (numCoords != static_cast<size_t>(rank))
      return op->emitOpError() << "expects " << rank
                               << " coordinates for a rank-" << rank
                               << " tensor, got " << numCoords;
    break;
  }
  if (!numOffsets)
    return success();
  if (mode != Addressing::Im2col) {
    if (*numOffsets != 0)
      return op->emitOpError("im2col offsets need im2col mode");
    return success();
  }
  if (*numOffsets != static_cast<size_t>(rank - 2))
    return op->emitOpError() << "expects " << rank - 2
                             << " im2col offsets for a rank-" << rank
                             << " tensor, got " << *numOffsets;
  return success();
}

static Addressing addressing(TMALoadMode mode) {
  switch (mode) {
  case TMALoadMode::Tile:
    return Addressing::Tile;
  case TMALoadMode::Im2col:
    return Addressing::Im2col;
  case TMALoadMode::TileGather4:
    return Addressing::Tile4;
  }
  return Addressing::Tile;
}

static Addressing addressing(TMAStoreMode mode) {
  switch (mode) {
  case TMAStoreMode::Tile:
    return Addressing::Tile;
  case TMAStoreMode::Im2col:
    return Addressing::Im2col;
  case TMAStoreMode::TileScatter4:
    return Addressing::Tile4;
  }
  return Addressing::Tile;
}

LogicalResult PTXTMALoadOp::verify() {
  if (failed(verifyTensorCoords(*this, addressing(getMode()),
                                stringifyEnum(getMode()), getRank(),
                                getCoords().size(),
                                getIm2colOffsets().size())))
    return failure();
  if (isClusterPtr(getBar()) && getCtaGroup() != CTAGroup::CTA2)
    return emitOpError("a shared.cluster mbarrier (a peer CTA's) needs "
                       "cta_2, which signals either CTA of the pair");
  return verifyCtaOnly(*this, getCtaOnly(), getDst(), getBar(),
                       getMulticastMask());
}

/// The sm_100a-family addressing modes.
static void tile4Needs(bool tile4, StringRef mode, PTXNeeds &needs) {
  if (tile4)
    needs.push_back({kSM100f, ("'" + mode + "' mode").str()});
}

void PTXTMALoadOp::collectModifierRequirements(PTXNeeds &needs) {
  tile4Needs(getMode() == TMALoadMode::TileGather4, stringifyEnum(getMode()),
             needs);
  if (getCtaGroup())
    needs.push_back({kSM100f, "cta_group"});
  if (getCtaOnly())
    needs.push_back({kSM90PTX86, "cta_only (the .shared::cta destination)"});
}

LogicalResult PTXTMAStoreOp::verify() {
  return verifyTensorCoords(*this, addressing(getMode()),
                            stringifyEnum(getMode()), getRank(),
                            getCoords().size(), std::nullopt);
}

void PTXTMAStoreOp::collectModifierRequirements(PTXNeeds &needs) {
  tile4Needs(getMode() == TMAStoreMode::TileScatter4,
             stringifyEnum(getMode()), needs);
}

LogicalResult PTXTMAReduceOp::verify() {
  if (getMode() == TMAStoreMode::TileScatter4)
    return emitOpError("tile.scatter4 mode does not reduce");
  return verifyTensorCoords(*this, addressing(getMode()),
                            stringifyEnum(getMode()), getRank(),
                            getCoords().size(), std::nullopt);
}

LogicalResult PTXTMAPrefetchOp::verify() {
  return verifyTensorCoords(*this, addressing(getMode()),
                            stringifyEnum(getMode()), getRank(),
                            getCoords().size(), getIm2colOffsets().size());
}

void PTXTMAPrefetchOp::collectModifierRequirements(PTXNeeds &needs) {
  tile4Needs(getMode() == TMALoadMode::TileGather4, stringifyEnum(getMode()),
             needs);
}
