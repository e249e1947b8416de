//===- Registry.cpp - What a tirx.ir.Context has registered -----*- C++ -*-===//

#include "IRCore.h"

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <mutex>

std::unique_ptr<mlir::MLIRContext> tirx_py::createTIRxContext() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerAllPasses();
    mlir::tirx::registerTIRxPasses();
  });
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::tirx::registerTIRxDialects(registry);
  appendPluginDialects(registry);
  // No thread pool unless asked for (Context.enable_multithreading): its
  // threads have small stacks, deep IR is handled on one large stack.
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadDialect<mlir::tirx::TIRxDialect>();
  // Diagnostics carry locations; a dump of the whole op is noise in Python.
  ctx->printOpOnDiagnostic(false);
  return ctx;
}
