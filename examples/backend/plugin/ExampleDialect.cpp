//===- ExampleDialect.cpp - The example backend's dialect plugin -*- C++ -*-===//
//
// A dialect plugin (mlir/Tools/Plugins/DialectPlugin.h): the dialect
// `tirx_example`, which accepts any op of its namespace (it defines none;
// a real backend registers its ODS ops here). Load it with
// `tirx-opt --load-dialect-plugin=TIRxExamplePlugin.so` or
// `tirx.load_plugin(path)` (then every new Context knows it).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"

namespace {
class ExampleDialect : public mlir::Dialect {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExampleDialect)

  explicit ExampleDialect(mlir::MLIRContext *ctx)
      : mlir::Dialect(getDialectNamespace(), ctx,
                      mlir::TypeID::get<ExampleDialect>()) {
    allowUnknownOperations();
  }
  static llvm::StringRef getDialectNamespace() { return "tirx_example"; }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TIRxExampleDialectPlugin",
          LLVM_VERSION_STRING, [](mlir::DialectRegistry *registry) {
            registry->insert<ExampleDialect>();
          }};
}
