//===- CountOpsPass.cpp - The example backend's MLIR pass plugin -*- C++ -*-===//
//
// A pass plugin (mlir/Tools/Plugins/PassPlugin.h) with one pass,
// `tirx-example-count-ops`: it sets `tirx_example.num_ops` on each func.func
// to the number of TIRx ops (tirx.* and tirx.ptx.*) in its body. Load it with
// `tirx-opt --load-pass-plugin=TIRxExamplePlugin.so` or
// `tirx.load_plugin(path)`.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

namespace {
struct CountOpsPass
    : public PassWrapper<CountOpsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountOpsPass)

  StringRef getArgument() const final { return "tirx-example-count-ops"; }
  StringRef getDescription() const final {
    return "Sets tirx_example.num_ops on each function to its number of TIRx "
           "ops (an example pass plugin)";
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    int64_t n = 0;
    func.walk([&](Operation *op) {
      if (op->getName().getDialectNamespace() == "tirx")
        ++n;
    });
    OpBuilder b(func.getContext());
    func->setAttr("tirx_example.num_ops", b.getI64IntegerAttr(n));
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TIRxExamplePassPlugin", LLVM_VERSION_STRING,
          []() { PassRegistration<CountOpsPass>(); }};
}
