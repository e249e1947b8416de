//===- TileVariants.cpp - Register the built-in variants --------*- C++ -*-===//

#include "TileVariants.h"
#include "TIRx/Dialect/TileDispatch.h"

#include <mutex>

void mlir::tirx::registerBuiltinTileVariants() {
  static std::once_flag once;
  std::call_once(once, [] {
    tile::registerCopyVariants();
    tile::registerCopyAsyncVariants();
    tile::registerTMAVariants();
    tile::registerGemmVariants();
    tile::registerElementwiseVariants();
    tile::registerReduceVariants();
    tile::registerPermuteVariants();
    tile::registerForcedCopyVariants();
    tile::registerComposeVariants();
    tile::registerPackedReduceVariants();
    tile::registerOriginalVariantNames();
  });
}
