//===- TileVariants.h - Built-in tile-primitive variants --------*- C++ -*-===//
//
// Internal: one registration function per family of built-in variants
// (lib/Dialect/TileVariants*.cpp), called once by
// registerBuiltinTileVariants().
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_LIB_DIALECT_TILEVARIANTS_H
#define TIRX_LIB_DIALECT_TILEVARIANTS_H

namespace mlir::tirx::tile {
void registerCopyVariants();
void registerCopyAsyncVariants();
void registerTMAVariants();
void registerGemmVariants();
void registerElementwiseVariants();
void registerReduceVariants();
void registerPermuteVariants();
void registerForcedCopyVariants();
void registerComposeVariants();
void registerPackedReduceVariants();
/// The original TIRx's variant names as aliases (after every family).
void registerOriginalVariantNames();
} // namespace mlir::tirx::tile

#endif // TIRX_LIB_DIALECT_TILEVARIANTS_H
