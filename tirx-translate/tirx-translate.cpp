//===- tirx-translate.cpp - Compile TIRx to PTX, LLVM IR, cubin -*- C++ -*-===//
//
//   tirx-translate kernel.mlir --emit=ptx --chip=sm_90a -o kernel.ptx
//
// Runs tirx-to-ptx-pipeline in-process (no nvcc, no llc) and writes the
// kernels as PTX, LLVM IR, or a cubin assembled by ptxas. Input nesting
// deeper than mlir::tirx::kMaxNestingDepth is a located error; parsing and
// compiling run on a thread with a stack large enough for MLIR's recursion
// at that depth.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Host/LaunchDescription.h"
#include "TIRx/Host/Passes.h"
#include "TIRx/InitAll.h"
#include "TIRx/Support/Nesting.h"
#include "TIRx/Target/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include <cstdlib>
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir>"),
                                          cl::init("-"));
static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("file"),
                                           cl::init("-"));
static cl::opt<std::string>
    emit("emit", cl::desc("What to write: ptx, llvmir, cubin, or launch "
                          "(the launch description JSON of the host parts)"),
         cl::init("ptx"));
static cl::opt<std::string>
    chip("chip", cl::desc("Target chip (default: the module's #tirx.target, "
                          "else sm_90a)"),
         cl::init(""));
static cl::opt<std::string>
    features("features", cl::desc("PTX ISA version as +ptxNN"), cl::init(""));
static cl::opt<unsigned> optLevel("O", cl::desc("LLVM optimization level"),
                                  cl::init(3));
static cl::opt<bool> lineInfo(
    "line-info",
    cl::desc("Emit .file/.loc line info in the PTX (nvcc -lineinfo), and "
             "pass -lineinfo to ptxas"),
    cl::init(false));
static cl::opt<std::string> ptxas("ptxas", cl::desc("ptxas for --emit=cubin"),
                                  cl::init(""));
static cl::opt<bool>
    noCheckSync("no-check-sync",
                cl::desc("Do not run tirx-check-sync (the static "
                         "synchronization check)"),
                cl::init(false));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "TIRx version " << tirx::getTIRxVersion() << " (built against MLIR "
       << LLVM_VERSION_STRING << ")\n";
  });
  cl::ParseCommandLineOptions(argc, argv,
                              "TIRx compiler: MLIR to PTX, LLVM IR or cubin\n");
  std::optional<tirx::OutputFormat> format = tirx::parseOutputFormat(emit);
  bool launch = emit == "launch";
  if (!format && !launch) {
    llvm::errs() << "tirx-translate: unknown --emit=" << emit
                 << "; expected ptx, llvmir, cubin or launch\n";
    return 1;
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  tirx::registerTIRxDialects(registry);
  registerAllPasses();
  tirx::registerTIRxPasses();
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "tirx-translate: " << error << "\n";
    return 1;
  }
  llvm::StringRef text = input->getBuffer();
  if (!text.starts_with("ML\xefR")) { // MLIR bytecode is not text
    tirx::NestingScan scan = tirx::scanNesting(text);
    if (scan.exceeded) {
      auto [line, col] = tirx::lineAndColumn(text, scan.offset);
      llvm::errs() << inputFilename << ":" << line << ":" << col
                   << ": error: nesting deeper than "
                   << tirx::kMaxNestingDepth << " levels\n";
      return 1;
    }
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module;
  FailureOr<std::string> result = failure();
  bool started = tirx::runOnLargeStack([&] {
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      return;
    if (launch) {
      // The host parts after tirx-split-host-device, as JSON.
      PassManager pm(&context, ModuleOp::getOperationName());
      pm.addPass(tirx::createSplitHostDevicePass());
      if (succeeded(pm.run(*module)))
        result = tirx::exportLaunchDescription(*module);
      return;
    }
    tirx::CompileOptions options;
    options.chip = chip;
    options.features = features;
    options.optLevel = optLevel;
    options.ptxas = ptxas;
    options.checkSync = !noCheckSync;
    options.lineInfo = lineInfo;
    result = tirx::compileModule(*module, *format, options);
  });
  if (!started) {
    llvm::errs() << "tirx-translate: cannot start a thread with a "
                 << (tirx::kLargeStackBytes >> 20) << " MB stack\n";
    return 1;
  }
  if (!module)
    return 1;
  if (failed(result)) {
    // The diagnostics are out. Leave without running static destructors:
    // after a recovered LLVM fatal error, LLVM's global timer groups still
    // list timers of the abandoned stack frames and would report them.
    llvm::errs().flush();
    std::_Exit(1);
  }
  // The module may nest deeply: free it on the large stack too.
  (void)tirx::runOnLargeStack([&] { module = nullptr; });
  auto output = openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << "tirx-translate: " << error << "\n";
    return 1;
  }
  output->os() << *result;
  output->keep();
  return 0;
}
