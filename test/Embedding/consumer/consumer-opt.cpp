//===- consumer-opt.cpp - An out-of-tree opt tool that embeds TIRx -------===//
//
// MlirOptMain with every upstream dialect and pass, TIRx registered in two
// lines, and one pass of the consumer's own that uses TIRx's C++ types.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Dialect/TIRxDialect.h"
#include "TIRx/Dialect/TIRxTypes.h"
#include "TIRx/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace {
/// Remarks every `!tirx.ptr` argument of a function with its scope and the
/// NVPTX address space it lowers to.
struct DescribePointersPass
    : mlir::PassWrapper<DescribePointersPass,
                        mlir::OperationPass<mlir::func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DescribePointersPass)

  llvm::StringRef getArgument() const final {
    return "consumer-describe-pointers";
  }
  llvm::StringRef getDescription() const final {
    return "Remark the storage scope of every !tirx.ptr argument";
  }

  void runOnOperation() final {
    for (mlir::BlockArgument arg : getOperation().getArguments()) {
      auto ptr = llvm::dyn_cast<mlir::tirx::PtrType>(arg.getType());
      if (!ptr)
        continue;
      mlir::tirx::MemorySpace scope = ptr.getMemorySpace();
      mlir::emitRemark(arg.getLoc())
          << "argument " << arg.getArgNumber() << " points to "
          << ptr.getElementType() << " in "
          << mlir::tirx::stringifyMemorySpace(scope) << " (addrspace "
          << mlir::tirx::getNVPTXAddressSpace(scope) << ")";
    }
  }
};
} // namespace

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllPasses();

  // Everything TIRx provides: dialect, interfaces, passes, pipelines.
  mlir::tirx::registerTIRxDialects(registry);
  mlir::tirx::registerTIRxPasses();

  mlir::PassRegistration<DescribePointersPass>();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Consumer optimizer driver with TIRx\n", registry));
}
