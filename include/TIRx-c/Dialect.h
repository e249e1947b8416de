//===- Dialect.h - C API for the TIRx dialect ----------------------*- C -*-===//
//
// The C interface to TIRx, in the style of MLIR's own C API (`mlir-c/`):
// the dialect handle, registration of the dialect and its passes, and
// constructors, `isa` tests and accessors for TIRx types and attributes.
//
// Everything here lives in libTIRxCAPI.so, which also carries MLIR's C API
// (`mlir-c/IR.h`, `mlir-c/Pass.h`, `mlir-c/RegisterEverything.h`, ...), so a
// C program links against that one library only.
//
// Constructors never crash on bad arguments: they report a diagnostic through
// the context's diagnostic handlers and return a null type or attribute
// (test with `mlirTypeIsNull` / `mlirAttributeIsNull`). The `GetChecked`
// forms attach that diagnostic to a caller-given location.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_C_DIALECT_H
#define TIRX_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Dialect and registration
//===----------------------------------------------------------------------===//

/// `mlirGetDialectHandle__tirx__()`: insert or load the TIRx dialect alone.
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TIRx, tirx);

/// Inserts the TIRx dialect and the external interface models it needs into
/// `registry` (the C form of `mlir::tirx::registerTIRxDialects`).
MLIR_CAPI_EXPORTED void tirxRegisterAllDialects(MlirDialectRegistry registry);

/// Registers every TIRx pass, conversion and pipeline with the global pass
/// registry, so `mlirParsePassPipeline` knows them. Safe to call more than
/// once.
MLIR_CAPI_EXPORTED void tirxRegisterPasses(void);

/// The TIRx version, e.g. "0.1.0".
MLIR_CAPI_EXPORTED MlirStringRef tirxGetVersion(void);

//===----------------------------------------------------------------------===//
// Storage scopes
//===----------------------------------------------------------------------===//

/// The storage scope of a pointer or buffer. The values are the NVPTX
/// address spaces where one exists.
typedef enum TIRxMemorySpace {
  TIRxMemorySpaceGeneric = 0,
  TIRxMemorySpaceGlobal = 1,
  TIRxMemorySpaceShared = 3,
  TIRxMemorySpaceLocal = 5,
  TIRxMemorySpaceTMem = 6,
  TIRxMemorySpaceSharedCluster = 7,
  TIRxMemorySpaceSharedDyn = 8,
  TIRxMemorySpaceParam = 101,
} TIRxMemorySpace;

/// The keyword of a scope as it is printed (`shared.dyn`); an empty string
/// for a value that is not a scope.
MLIR_CAPI_EXPORTED MlirStringRef tirxMemorySpaceGetName(TIRxMemorySpace space);

/// Parses a scope keyword into `*space`. Returns false (and leaves `*space`
/// alone) for an unknown keyword.
MLIR_CAPI_EXPORTED bool tirxMemorySpaceFromName(MlirStringRef name,
                                                TIRxMemorySpace *space);

/// The NVPTX address space a scope lowers to, or -1 for an invalid scope.
MLIR_CAPI_EXPORTED int tirxMemorySpaceGetAddressSpace(TIRxMemorySpace space);

//===----------------------------------------------------------------------===//
// !tirx.ptr<T, scope>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxTypeIsAPtr(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tirxPtrTypeGetTypeID(void);

/// `!tirx.ptr<elementType, space>`, in the context of `elementType`.
MLIR_CAPI_EXPORTED MlirType tirxPtrTypeGet(MlirType elementType,
                                           TIRxMemorySpace space);
MLIR_CAPI_EXPORTED MlirType tirxPtrTypeGetChecked(MlirLocation loc,
                                                  MlirType elementType,
                                                  TIRxMemorySpace space);

MLIR_CAPI_EXPORTED MlirType tirxPtrTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED TIRxMemorySpace tirxPtrTypeGetMemorySpace(MlirType type);

//===----------------------------------------------------------------------===//
// !tirx.buffer<SHAPE x T, scope[, layout]>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxTypeIsABuffer(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tirxBufferTypeGetTypeID(void);

/// A buffer of `rank` extents (`mlirShapedTypeGetDynamicSize()` for `?`).
/// `layout` may be a null attribute (dense row-major) or a builtin strided
/// layout.
MLIR_CAPI_EXPORTED MlirType tirxBufferTypeGet(intptr_t rank,
                                              const int64_t *shape,
                                              MlirType elementType,
                                              TIRxMemorySpace space,
                                              MlirAttribute layout);
MLIR_CAPI_EXPORTED MlirType tirxBufferTypeGetChecked(
    MlirLocation loc, intptr_t rank, const int64_t *shape,
    MlirType elementType, TIRxMemorySpace space, MlirAttribute layout);

/// Buffers are shaped types: `mlirShapedType*` functions apply as well.
MLIR_CAPI_EXPORTED intptr_t tirxBufferTypeGetRank(MlirType type);
MLIR_CAPI_EXPORTED int64_t tirxBufferTypeGetDimSize(MlirType type,
                                                    intptr_t dim);
MLIR_CAPI_EXPORTED MlirType tirxBufferTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED TIRxMemorySpace tirxBufferTypeGetMemorySpace(MlirType type);
/// The layout attribute, or a null attribute when the buffer has none.
MLIR_CAPI_EXPORTED MlirAttribute tirxBufferTypeGetLayout(MlirType type);

//===----------------------------------------------------------------------===//
// !tirx.tensormap
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxTypeIsATensorMap(MlirType type);
MLIR_CAPI_EXPORTED MlirTypeID tirxTensorMapTypeGetTypeID(void);
MLIR_CAPI_EXPORTED MlirType tirxTensorMapTypeGet(MlirContext ctx);

//===----------------------------------------------------------------------===//
// #tirx.target<"chip">
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxAttributeIsATarget(MlirAttribute attr);

/// True when `chip` names a chip `#tirx.target` accepts (`sm_90a`, ...).
MLIR_CAPI_EXPORTED bool tirxTargetIsSupportedChip(MlirStringRef chip);

MLIR_CAPI_EXPORTED MlirAttribute tirxTargetAttrGet(MlirContext ctx,
                                                   MlirStringRef chip);
MLIR_CAPI_EXPORTED MlirAttribute tirxTargetAttrGetChecked(MlirLocation loc,
                                                          MlirStringRef chip);

MLIR_CAPI_EXPORTED MlirStringRef tirxTargetAttrGetChip(MlirAttribute attr);
/// Compute capability times ten: 90 for `sm_90a`, 100 for `sm_100a`.
MLIR_CAPI_EXPORTED unsigned tirxTargetAttrGetSMVersion(MlirAttribute attr);
/// True for the architecture-specific (`a`) chips.
MLIR_CAPI_EXPORTED bool tirxTargetAttrIsArchSpecific(MlirAttribute attr);
/// True for the family-portable (`f`) chips.
MLIR_CAPI_EXPORTED bool tirxTargetAttrIsFamilySpecific(MlirAttribute attr);

/// The name of the module attribute that holds the target (`tirx.target`).
MLIR_CAPI_EXPORTED MlirStringRef tirxTargetAttrGetAttributeName(void);

//===----------------------------------------------------------------------===//
// #tirx.scope<...>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxAttributeIsAMemorySpace(MlirAttribute attr);
/// `#tirx.scope<space>`.
MLIR_CAPI_EXPORTED MlirAttribute tirxMemorySpaceAttrGet(MlirContext ctx,
                                                        TIRxMemorySpace space);
MLIR_CAPI_EXPORTED TIRxMemorySpace
tirxMemorySpaceAttrGetValue(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// #tirx.launch<...>
//===----------------------------------------------------------------------===//

MLIR_CAPI_EXPORTED bool tirxAttributeIsALaunch(MlirAttribute attr);

/// `#tirx.launch<...>`. A negative `maxRegisters` or `minBlocksPerSM` leaves
/// that field out; `numClusterDims` is 0 (no cluster) to 3.
MLIR_CAPI_EXPORTED MlirAttribute tirxLaunchAttrGet(MlirContext ctx,
                                                   int64_t maxRegisters,
                                                   int64_t minBlocksPerSM,
                                                   intptr_t numClusterDims,
                                                   const int64_t *clusterDims);

/// The field values; -1 where a field is absent.
MLIR_CAPI_EXPORTED int64_t tirxLaunchAttrGetMaxRegisters(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t tirxLaunchAttrGetMinBlocksPerSM(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t tirxLaunchAttrGetNumClusterDims(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t tirxLaunchAttrGetClusterDim(MlirAttribute attr,
                                                       intptr_t pos);

#ifdef __cplusplus
}
#endif

#endif // TIRX_C_DIALECT_H
