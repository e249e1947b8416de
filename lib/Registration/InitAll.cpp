//===- InitAll.cpp - Register everything TIRx provides ----------*- C++ -*-===//

#include "TIRx/InitAll.h"
#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Conversion/Passes.h"
#include "TIRx/Pipelines/Pipelines.h"
#include "TIRx/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

#include <mutex>

void mlir::tirx::registerTIRxDialects(DialectRegistry &registry) {
  registry.insert<TIRxDialect>();
  registerConvertTIRxToNVVMInterface(registry);
}

void mlir::tirx::registerTIRxPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerTIRxTransformsPasses();
    registerTIRxConversionPasses();
    registerTIRxPipelines();
  });
}

const char *mlir::tirx::getTIRxVersion() { return TIRX_VERSION_STRING; }
