//===- TIRxDialect.cpp - TIRx dialect ---------------------------*- C++ -*-===//

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Dialect/TIRxProfileOps.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/Dialect/TileDispatch.h"

#include "mlir/Interfaces/FoldInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tirx;

#include "TIRx/Dialect/TIRxOpsDialect.cpp.inc"

namespace {
/// Constants folded inside a kernel are materialized in the kernel, not
/// hoisted above it: only scalars cross the host/device boundary, so a
/// vector constant hoisted out of `tirx.kernel` would not verify.
struct TIRxFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *region) const final {
    return isa<KernelOp>(region->getParentOp());
  }
};
} // namespace

void TIRxDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerCoreOps();
  registerPTXOps();
  registerHostOps();
  registerProfileOps();
  addInterfaces<TIRxFoldInterface>();
  registerTileOps();
  registerBuiltinTileVariants();
}

LogicalResult TIRxDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == getTargetAttrName()) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' must be a #tirx.target attribute, got "
                             << attr.getValue();
    if (!isa<ModuleOp>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a builtin.module";
    return success();
  }
  if (name == "tirx.launch") {
    if (!isa<LaunchAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' must be a #tirx.launch attribute, got "
                             << attr.getValue();
    if (!isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a function";
    return success();
  }
  if (name == "tirx.dyn_shared_offset" || name == "tirx.dyn_shared_bytes") {
    if (!isa<IntegerAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be an integer";
    return success();
  }
  if (name == "tirx.grid_constant_args") {
    if (!isa<DenseI32ArrayAttr>(attr.getValue()))
      return op->emitError() << "'" << name
                             << "' must be an array<i32> of parameter indices";
    return success();
  }
  if (name == profile::kTraceAttrName)
    return profile::verifyTraceAttr(op, attr.getValue());
  if (name == "tirx.annotations") {
    if (!isa<DictionaryAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a dictionary";
    return success();
  }
  return op->emitError() << "unknown TIRx attribute '" << name << "'";
}
