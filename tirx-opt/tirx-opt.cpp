//===- tirx-opt.cpp - TIRx optimizer driver ---------------------*- C++ -*-===//
//
// MlirOptMain with every upstream dialect, extension, pass and LLVM IR
// translation registered, plus everything TIRx provides.
//
//===----------------------------------------------------------------------===//

#include "TIRx/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "TIRx version " << mlir::tirx::getTIRxVersion()
       << " (built against MLIR " << LLVM_VERSION_STRING << ")\n";
  });
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  mlir::tirx::registerTIRxDialects(registry);
  mlir::tirx::registerTIRxPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "TIRx optimizer driver\n", registry));
}
