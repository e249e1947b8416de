//===- tirx-opt.cpp - TIRx optimizer driver ---------------------*- C++ -*-===//
//
// MlirOptMain with every upstream dialect, extension, pass and LLVM IR
// translation registered, plus everything TIRx provides. Input nesting
// deeper than mlir::tirx::kMaxNestingDepth (in the input file or in a
// command-line pipeline) is a located error; the rest runs on a thread with
// a stack large enough for MLIR's recursion at that depth.
//
//===----------------------------------------------------------------------===//

#include "TIRx/InitAll.h"
#include "TIRx/Support/Nesting.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// Reports where `text` (named `name`) nests too deep; false if it does.
static bool checkNesting(llvm::StringRef text, llvm::StringRef name) {
  tirx::NestingScan scan = tirx::scanNesting(text);
  if (!scan.exceeded)
    return true;
  auto [line, col] = tirx::lineAndColumn(text, scan.offset);
  llvm::errs() << name << ":" << line << ":" << col
               << ": error: nesting deeper than " << tirx::kMaxNestingDepth
               << " levels\n";
  return false;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "TIRx version " << tirx::getTIRxVersion()
       << " (built against MLIR " << LLVM_VERSION_STRING << ")\n";
  });
  {
    // Pass pipelines given as options (response files included) are parsed
    // recursively too.
    llvm::BumpPtrAllocator alloc;
    llvm::StringSaver saver(alloc);
    llvm::SmallVector<const char *> args(argv, argv + argc);
    if (!llvm::cl::ExpandResponseFiles(saver, llvm::cl::TokenizeGNUCommandLine,
                                       args))
      args.assign(argv, argv + argc); // the option parser will report it
    for (size_t i = 1; i < args.size(); ++i)
      if (args[i] && !checkNesting(args[i], "<command line argument " +
                                                std::to_string(i) + ">"))
        return 1;
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllPasses();
  tirx::registerTIRxDialects(registry);
  tirx::registerTIRxPasses();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "TIRx optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // MLIR bytecode (magic "ML\xefR") is not text.
  if (!file->getBuffer().starts_with("ML\xefR") &&
      !checkNesting(file->getBuffer(), inputFilename))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  LogicalResult result = failure();
  if (!tirx::runOnLargeStack([&] {
        result = MlirOptMain(output->os(), std::move(file), registry, config);
      })) {
    llvm::errs() << "tirx-opt: cannot start a thread with a "
                 << (tirx::kLargeStackBytes >> 20) << " MB stack\n";
    return 1;
  }
  if (failed(result))
    return 1;
  output->keep();
  return 0;
}
