//===- Dialect.cpp - C API for the TIRx dialect ----------------*- C++ -*-===//

#include "TIRx-c/Dialect.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <optional>

using namespace mlir;
using namespace mlir::tirx;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(TIRx, tirx, mlir::tirx::TIRxDialect)

void tirxRegisterAllDialects(MlirDialectRegistry registry) {
  registerTIRxDialects(*unwrap(registry));
}

void tirxRegisterPasses(void) { registerTIRxPasses(); }

MlirStringRef tirxGetVersion(void) {
  return mlirStringRefCreateFromCString(getTIRxVersion());
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The C enum value as a TIRx scope, if it is one.
static std::optional<MemorySpace> toScope(TIRxMemorySpace space) {
  return symbolizeMemorySpace(static_cast<uint32_t>(space));
}

static TIRxMemorySpace wrapScope(MemorySpace space) {
  return static_cast<TIRxMemorySpace>(space);
}

static MlirLocation unknownLoc(MLIRContext *ctx) {
  return wrap(Location(UnknownLoc::get(ctx)));
}

/// An emitter that attaches diagnostics to `loc`.
static auto emitterAt(Location loc) {
  return [loc]() { return emitError(loc); };
}

/// Reports an invalid scope at `loc`; returns a null type.
static MlirType invalidScope(Location loc, TIRxMemorySpace space) {
  emitError(loc) << "invalid TIRx storage scope value "
                 << static_cast<int64_t>(space);
  return MlirType{nullptr};
}

//===----------------------------------------------------------------------===//
// Storage scopes
//===----------------------------------------------------------------------===//

MlirStringRef tirxMemorySpaceGetName(TIRxMemorySpace space) {
  if (std::optional<MemorySpace> scope = toScope(space))
    return wrap(stringifyMemorySpace(*scope));
  return mlirStringRefCreate(nullptr, 0);
}

bool tirxMemorySpaceFromName(MlirStringRef name, TIRxMemorySpace *space) {
  std::optional<MemorySpace> scope = symbolizeMemorySpace(unwrap(name));
  if (!scope)
    return false;
  *space = wrapScope(*scope);
  return true;
}

int tirxMemorySpaceGetAddressSpace(TIRxMemorySpace space) {
  if (std::optional<MemorySpace> scope = toScope(space))
    return static_cast<int>(getNVPTXAddressSpace(*scope));
  return -1;
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

bool tirxTypeIsAPtr(MlirType type) { return isa<PtrType>(unwrap(type)); }

MlirTypeID tirxPtrTypeGetTypeID(void) { return wrap(PtrType::getTypeID()); }

MlirType tirxPtrTypeGetChecked(MlirLocation loc, MlirType elementType,
                               TIRxMemorySpace space) {
  Location location = unwrap(loc);
  if (mlirTypeIsNull(elementType)) {
    emitError(location) << "!tirx.ptr needs an element type";
    return MlirType{nullptr};
  }
  std::optional<MemorySpace> scope = toScope(space);
  if (!scope)
    return invalidScope(location, space);
  return wrap(
      PtrType::getChecked(emitterAt(location), unwrap(elementType), *scope));
}

MlirType tirxPtrTypeGet(MlirType elementType, TIRxMemorySpace space) {
  if (mlirTypeIsNull(elementType))
    return MlirType{nullptr};
  MLIRContext *ctx = unwrap(elementType).getContext();
  return tirxPtrTypeGetChecked(unknownLoc(ctx), elementType, space);
}

MlirType tirxPtrTypeGetElementType(MlirType type) {
  return wrap(cast<PtrType>(unwrap(type)).getElementType());
}

TIRxMemorySpace tirxPtrTypeGetMemorySpace(MlirType type) {
  return wrapScope(cast<PtrType>(unwrap(type)).getMemorySpace());
}

//===----------------------------------------------------------------------===//
// BufferType
//===----------------------------------------------------------------------===//

bool tirxTypeIsABuffer(MlirType type) { return isa<BufferType>(unwrap(type)); }

MlirTypeID tirxBufferTypeGetTypeID(void) {
  return wrap(BufferType::getTypeID());
}

MlirType tirxBufferTypeGetChecked(MlirLocation loc, intptr_t rank,
                                  const int64_t *shape, MlirType elementType,
                                  TIRxMemorySpace space, MlirAttribute layout) {
  Location location = unwrap(loc);
  if (mlirTypeIsNull(elementType)) {
    emitError(location) << "!tirx.buffer needs an element type";
    return MlirType{nullptr};
  }
  if (rank < 0 || (rank > 0 && !shape)) {
    emitError(location) << "!tirx.buffer needs " << rank << " extents";
    return MlirType{nullptr};
  }
  std::optional<MemorySpace> scope = toScope(space);
  if (!scope)
    return invalidScope(location, space);
  return wrap(BufferType::getChecked(
      emitterAt(location), llvm::ArrayRef(shape, static_cast<size_t>(rank)),
      unwrap(elementType), *scope,
      mlirAttributeIsNull(layout) ? Attribute() : unwrap(layout)));
}

MlirType tirxBufferTypeGet(intptr_t rank, const int64_t *shape,
                           MlirType elementType, TIRxMemorySpace space,
                           MlirAttribute layout) {
  if (mlirTypeIsNull(elementType))
    return MlirType{nullptr};
  MLIRContext *ctx = unwrap(elementType).getContext();
  return tirxBufferTypeGetChecked(unknownLoc(ctx), rank, shape,
                                  elementType, space, layout);
}

intptr_t tirxBufferTypeGetRank(MlirType type) {
  return cast<BufferType>(unwrap(type)).getShape().size();
}

int64_t tirxBufferTypeGetDimSize(MlirType type, intptr_t dim) {
  return cast<BufferType>(unwrap(type)).getShape()[dim];
}

MlirType tirxBufferTypeGetElementType(MlirType type) {
  return wrap(cast<BufferType>(unwrap(type)).getElementType());
}

TIRxMemorySpace tirxBufferTypeGetMemorySpace(MlirType type) {
  return wrapScope(cast<BufferType>(unwrap(type)).getMemorySpace());
}

MlirAttribute tirxBufferTypeGetLayout(MlirType type) {
  return wrap(cast<BufferType>(unwrap(type)).getLayout());
}

//===----------------------------------------------------------------------===//
// TensorMapType
//===----------------------------------------------------------------------===//

bool tirxTypeIsATensorMap(MlirType type) {
  return isa<TensorMapType>(unwrap(type));
}

MlirTypeID tirxTensorMapTypeGetTypeID(void) {
  return wrap(TensorMapType::getTypeID());
}

MlirType tirxTensorMapTypeGet(MlirContext ctx) {
  return wrap(TensorMapType::get(unwrap(ctx)));
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

bool tirxAttributeIsATarget(MlirAttribute attr) {
  return isa<TargetAttr>(unwrap(attr));
}

bool tirxTargetIsSupportedChip(MlirStringRef chip) {
  return TargetAttr::isSupportedChip(unwrap(chip));
}

MlirAttribute tirxTargetAttrGetChecked(MlirLocation loc, MlirStringRef chip) {
  Location location = unwrap(loc);
  return wrap(TargetAttr::getChecked(emitterAt(location), location.getContext(),
                                     unwrap(chip)));
}

MlirAttribute tirxTargetAttrGet(MlirContext ctx, MlirStringRef chip) {
  return tirxTargetAttrGetChecked(unknownLoc(unwrap(ctx)), chip);
}

MlirStringRef tirxTargetAttrGetChip(MlirAttribute attr) {
  return wrap(cast<TargetAttr>(unwrap(attr)).getChip());
}

unsigned tirxTargetAttrGetSMVersion(MlirAttribute attr) {
  return cast<TargetAttr>(unwrap(attr)).getSMVersion();
}

bool tirxTargetAttrIsArchSpecific(MlirAttribute attr) {
  return cast<TargetAttr>(unwrap(attr)).isArchSpecific();
}

bool tirxTargetAttrIsFamilySpecific(MlirAttribute attr) {
  return cast<TargetAttr>(unwrap(attr)).isFamilySpecific();
}

MlirStringRef tirxTargetAttrGetAttributeName(void) {
  return wrap(TIRxDialect::getTargetAttrName());
}

//===----------------------------------------------------------------------===//
// MemorySpaceAttr
//===----------------------------------------------------------------------===//

bool tirxAttributeIsAMemorySpace(MlirAttribute attr) {
  return isa<MemorySpaceAttr>(unwrap(attr));
}

MlirAttribute tirxMemorySpaceAttrGet(MlirContext ctx, TIRxMemorySpace space) {
  std::optional<MemorySpace> scope = toScope(space);
  if (!scope) {
    invalidScope(UnknownLoc::get(unwrap(ctx)), space);
    return MlirAttribute{nullptr};
  }
  return wrap(MemorySpaceAttr::get(unwrap(ctx), *scope));
}

TIRxMemorySpace tirxMemorySpaceAttrGetValue(MlirAttribute attr) {
  return wrapScope(cast<MemorySpaceAttr>(unwrap(attr)).getValue());
}

//===----------------------------------------------------------------------===//
// LaunchAttr
//===----------------------------------------------------------------------===//

bool tirxAttributeIsALaunch(MlirAttribute attr) {
  return isa<LaunchAttr>(unwrap(attr));
}

MlirAttribute tirxLaunchAttrGet(MlirContext ctx, int64_t maxRegisters,
                                int64_t minBlocksPerSM, intptr_t numClusterDims,
                                const int64_t *clusterDims) {
  MLIRContext *context = unwrap(ctx);
  Location loc = UnknownLoc::get(context);
  if (numClusterDims < 0 || (numClusterDims > 0 && !clusterDims)) {
    emitError(loc) << "#tirx.launch needs " << numClusterDims
                   << " cluster extents";
    return MlirAttribute{nullptr};
  }
  auto optional = [](int64_t v) -> std::optional<int64_t> {
    if (v < 0)
      return std::nullopt;
    return v;
  };
  return wrap(LaunchAttr::getChecked(
      emitterAt(loc), context, optional(maxRegisters), optional(minBlocksPerSM),
      llvm::ArrayRef(clusterDims, static_cast<size_t>(numClusterDims))));
}

int64_t tirxLaunchAttrGetMaxRegisters(MlirAttribute attr) {
  return cast<LaunchAttr>(unwrap(attr)).getMaxRegisters().value_or(-1);
}

int64_t tirxLaunchAttrGetMinBlocksPerSM(MlirAttribute attr) {
  return cast<LaunchAttr>(unwrap(attr)).getMinBlocksPerSm().value_or(-1);
}

intptr_t tirxLaunchAttrGetNumClusterDims(MlirAttribute attr) {
  return cast<LaunchAttr>(unwrap(attr)).getClusterDims().size();
}

int64_t tirxLaunchAttrGetClusterDim(MlirAttribute attr, intptr_t pos) {
  return cast<LaunchAttr>(unwrap(attr)).getClusterDims()[pos];
}
