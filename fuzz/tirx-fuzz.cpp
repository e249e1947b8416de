//===- tirx-fuzz.cpp - libFuzzer target: parse, verify, lower ---*- C++ -*-===//
//
// One input is one MLIR source buffer. It goes through the path a TIRx user's
// IR takes through tirx-opt:
//
//   parse -> verify -> print/re-parse round trip -> canonicalize, mem2reg,
//   cse and every registered TIRx transform pass -> the lowering to PTX
//
// Diagnostics (a parse error, a verifier error, a pass failure) are the
// normal, expected outcome for most inputs and are swallowed. A finding is
// a crash, an abort, a sanitizer report, or one of these oracle failures,
// each of which aborts with a "tirx-fuzz: " message:
//   - a module that verified does not print and re-parse (custom printer and
//     parser disagree), in custom or generic form;
//   - a pass that succeeded left IR that fails to verify.
//
// Pass and pipeline names are looked up at run time (PassInfo::lookup /
// PassPipelineInfo::lookup), so stages appear as soon as they are registered
// by TIRx (e.g. `tirx-to-ptx-pipeline`, `convert-tirx-to-gpu`). The list of
// TIRx pass names is generated from the ODS Passes.td files at configure
// time (TIRX_FUZZ_TD_PASSES) and extended by TIRX_FUZZ_EXTRA_PASSES below.
//
// Environment:
//   TIRX_FUZZ_VERBOSE=1   print every diagnostic and stage to stderr.
//   TIRX_FUZZ_PIPELINE=P  run this textual pipeline as the lowering stage
//                         instead of the automatic choice.
//
//===----------------------------------------------------------------------===//

#include "TIRx/InitAll.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace mlir;

#ifndef TIRX_FUZZ_TD_PASSES
#define TIRX_FUZZ_TD_PASSES ""
#endif

// Names from the design (docs/ARCHITECTURE): used when registered, ignored
// otherwise. Pipelines come first: when one is registered it is the lowering.
static const char *const kLoweringPipelines[] = {"tirx-to-ptx-pipeline"};
static const char *const kLoweringPasses[] = {"convert-tirx-to-gpu",
                                              "convert-tirx-to-nvvm"};
// Upstream passes that exercise TIRx interfaces (folders, canonicalization
// patterns, mem2reg/SROA memory-slot interfaces, region/side-effect traits).
static const char *const kUpstreamPasses[] = {"canonicalize", "mem2reg",
                                              "sroa", "cse"};

// Defaults when ASAN_OPTIONS is unset (scripts/fuzz.sh sets the same).
// allow_user_poisoning=0: llvm::BumpPtrAllocator poisons slabs only in
// instrumented code; libMLIR.so is not instrumented and hands out pieces of
// slabs our code started, which would read as false use-after-poison.
extern "C" const char *__asan_default_options() {
  return "detect_leaks=0:allow_user_poisoning=0";
}

static bool verbose = false;
static DialectRegistry *registry = nullptr;
static std::vector<std::string> transformPasses; // TIRx tirx->tirx passes.
static std::vector<std::string> loweringStages;  // textual pipelines.

[[noreturn]] static void finding(const char *what, Operation *op) {
  llvm::errs() << "tirx-fuzz: " << what << "\n";
  if (op) {
    OpPrintingFlags flags;
    flags.printGenericOpForm().assumeVerified();
    op->print(llvm::errs(), flags);
    llvm::errs() << "\n";
  }
  llvm::errs().flush();
  abort();
}

static bool isRegistered(llvm::StringRef name) {
  return PassInfo::lookup(name) || PassPipelineInfo::lookup(name);
}

static void collectStages() {
  // Transform passes declared in TIRx's Passes.td files (configure time),
  // kept in declaration order, skipping conversions.
  llvm::SmallVector<llvm::StringRef> tdPasses;
  llvm::StringRef(TIRX_FUZZ_TD_PASSES).split(tdPasses, ',', -1, false);
  for (llvm::StringRef name : tdPasses) {
    name = name.trim();
    if (name.starts_with("convert-") || name.ends_with("-pipeline"))
      continue;
    if (isRegistered(name))
      transformPasses.push_back(name.str());
  }

  if (const char *env = getenv("TIRX_FUZZ_PIPELINE")) {
    loweringStages.push_back(env);
    return;
  }
  for (const char *name : kLoweringPipelines)
    if (isRegistered(name)) {
      loweringStages.push_back(name);
      return;
    }
  // No pipeline: run each TIRx conversion that exists, each on its own.
  for (llvm::StringRef name : tdPasses) {
    name = name.trim();
    if ((name.starts_with("convert-tirx") || name.ends_with("-pipeline")) &&
        isRegistered(name))
      loweringStages.push_back(name.str());
  }
  for (const char *name : kLoweringPasses)
    if (isRegistered(name) &&
        std::find(loweringStages.begin(), loweringStages.end(), name) ==
            loweringStages.end())
      loweringStages.push_back(name);
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  verbose = getenv("TIRX_FUZZ_VERBOSE") != nullptr;
  registry = new DialectRegistry();
  registerAllDialects(*registry);
  registerAllExtensions(*registry);
  registerAllToLLVMIRTranslations(*registry);
  registerAllPasses();
  tirx::registerTIRxDialects(*registry);
  tirx::registerTIRxPasses();
  collectStages();
  if (verbose) {
    llvm::errs() << "tirx-fuzz: transform passes:";
    for (const std::string &p : transformPasses)
      llvm::errs() << " " << p;
    llvm::errs() << "\ntirx-fuzz: lowering stages:";
    for (const std::string &p : loweringStages)
      llvm::errs() << " [" << p << "]";
    llvm::errs() << "\n";
  }
  return 0;
}

/// Parses `text` into a module; null on a parse error (diagnosed).
static OwningOpRef<ModuleOp> parse(llvm::StringRef text, MLIRContext *ctx) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  ParserConfig config(ctx, /*verifyAfterParse=*/false);
  return parseSourceFile<ModuleOp>(sourceMgr, config);
}

/// Runs `pipeline` (textual, nested under builtin.module with implicit
/// nesting) on `module`. Returns true when the pipeline parsed and ran.
/// A pass that succeeds but leaves invalid IR is a finding.
static bool runPipeline(ModuleOp module, llvm::StringRef pipeline) {
  MLIRContext *ctx = module->getContext();
  PassManager pm(ctx, ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  pm.enableVerifier(false);
  std::string errors;
  llvm::raw_string_ostream errStream(errors);
  if (failed(parsePassPipeline(pipeline, pm, errStream))) {
    if (verbose)
      llvm::errs() << "tirx-fuzz: pipeline '" << pipeline
                   << "' does not parse: " << errors << "\n";
    return false;
  }
  if (verbose)
    llvm::errs() << "tirx-fuzz: running " << pipeline << "\n";
  if (failed(pm.run(module)))
    return false;
  if (failed(verify(module))) {
    std::string msg = ("pass '" + pipeline +
                       "' succeeded but left IR that does not verify")
                          .str();
    finding(msg.c_str(), module);
  }
  return true;
}

/// A verified module must survive print -> parse, in both forms.
static void checkRoundTrip(ModuleOp module, bool generic) {
  std::string text;
  {
    llvm::raw_string_ostream os(text);
    OpPrintingFlags flags;
    if (generic)
      flags.printGenericOpForm();
    module->print(os, flags);
  }
  MLIRContext *ctx = module->getContext();
  OwningOpRef<ModuleOp> reparsed = parse(text, ctx);
  if (!reparsed || failed(verify(*reparsed))) {
    llvm::errs() << "tirx-fuzz: printed form:\n" << text << "\n";
    finding(generic ? "generic form of a verified module does not re-parse"
                    : "custom form of a verified module does not re-parse",
            nullptr);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);

  // A fresh context per input: no state leaks between inputs, so every
  // finding reproduces with tirx-opt on the same text.
  MLIRContext ctx(*registry, MLIRContext::Threading::DISABLED);
  ctx.allowUnregisteredDialects(false);
  ScopedDiagnosticHandler handler(&ctx, [](Diagnostic &diag) {
    if (verbose)
      llvm::errs() << diag.getLocation() << ": " << diag << "\n";
    return success();
  });

  OwningOpRef<ModuleOp> module = parse(text, &ctx);
  if (!module || failed(verify(*module)))
    return 0;

  checkRoundTrip(*module, /*generic=*/false);
  checkRoundTrip(*module, /*generic=*/true);

  // TIRx-level transforms: one pipeline, stop at the first failure.
  OwningOpRef<ModuleOp> transformed = module->clone();
  bool ok = true;
  for (const char *name : kUpstreamPasses) {
    ok = runPipeline(*transformed, name);
    if (!ok)
      break;
  }
  for (size_t i = 0; ok && i < transformPasses.size(); ++i)
    ok = runPipeline(*transformed, transformPasses[i]);

  // Lowering to PTX, from the canonicalized IR when the transforms
  // succeeded (the usual case), else from the verified input.
  ModuleOp lowerFrom = ok ? *transformed : *module;
  for (const std::string &stage : loweringStages) {
    OwningOpRef<ModuleOp> lowered = lowerFrom.clone();
    (void)runPipeline(*lowered, stage);
  }
  return 0;
}
