//===- Pass.cpp - PassManager and GPU emission bindings ---------*- C++ -*-===//

#include "TIRx/Target/Compile.h"
#include "IRCore.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/raw_ostream.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

namespace {
/// A pass pipeline plus run options. Every run() builds a fresh PassManager
/// from the pipeline (so options can change between runs and timing is
/// reported per run).
struct PyPassManager {
  CtxRef ctx;
  std::unique_ptr<OpPassManager> pipeline;
  bool verifier = true;
  bool timing = false;
  struct {
    bool enabled = false;
    bool beforeAll = false, afterAll = true, moduleScope = false;
    bool afterChange = false, afterFailure = false;
    std::optional<int64_t> largeElementsLimit;
    bool debugInfo = false, generic = false;
    std::string treeDir;
  } irPrinting;
  std::string timingReport;

  OpPassManager &get() const {
    ctx.get();
    return *pipeline;
  }
};

void writeStderr(const std::string &s) {
  if (s.empty())
    return;
  nb::object err = nb::module_::import_("sys").attr("stderr");
  err.attr("write")(nb::str(s.c_str(), s.size()));
  err.attr("flush")();
}

[[noreturn]] void raisePipelineError(const CtxRef &ctx, const std::string &msg,
                                     const std::string &detail) {
  std::string text = msg;
  StringRef d = StringRef(detail).trim();
  if (!d.empty())
    text += ":\n" + d.str();
  raiseMLIRError(ctx, text, {});
}
/// Runs `self` on `op` (of wrapper `py`, at most `depth` deep) with the
/// context pinned by the caller; see PassManager.run.
void runPipeline(PyPassManager &self, PyOperation &py, Operation *op,
                 unsigned depth, bool invalidateOps) {
  TContext &c = *self.ctx;
  MLIRContext *ctx = self.ctx.get();
  const auto &p = self.irPrinting;

  {
    // Passes assume valid input: always verified, whatever enable_verifier
    // says (that one is about the IR between passes).
    DiagnosticCapture diags(ctx);
    bool ok = false;
    runNested(depth, [&] { ok = succeeded(verify(op)); }, ctx);
    if (!ok)
      raiseMLIRError(self.ctx, "Verification failed before running passes",
                     diags.take());
  }

  // An input on which this pipeline failed fatally before is not run again
  // (see knownFatalError); the IR stays as it is.
  // Only LLVM's code generator (gpu-module-to-binary) fails fatally in
  // practice: fingerprint the input when the pipeline runs it.
  std::string config;
  {
    llvm::raw_string_ostream os(config);
    self.pipeline->printAsTextualPipeline(os);
  }
  std::optional<uint64_t> fingerprint;
  if (mlir::tirx::anyFatalErrors() ||
      StringRef(config).contains("gpu-module-to-binary")) {
    runNested(depth, [&] {
      fingerprint = mlir::tirx::fingerprintInput(op, config);
    });
    if (auto reason = mlir::tirx::knownFatalError(*fingerprint))
      raiseMLIRError(self.ctx,
                     "LLVM fatal error while executing the pass pipeline "
                     "(this input failed before; the pipeline is not run on "
                     "it again): " +
                         *reason,
                     {});
  }

  // Nested handles are invalid from now on; with invalidate_ops=False, the
  // ones whose operation is still there afterwards come back.
  std::vector<nb::object> kept;
  if (!invalidateOps)
    forEachNested(op, [&](Operation *n) {
      auto it = c.liveOperations.find(n);
      if (n != op && it != c.liveOperations.end())
        kept.push_back(nb::find(it->second));
    });
  PyOperation::invalidateNested(c, op, /*includeSelf=*/false);
  ++py.bodyEpoch; // its blocks and their arguments re-check themselves
  c.usesMayHaveGone();

  std::string irOut, timingOut;
  llvm::raw_string_ostream irOS(irOut), timingOS(timingOut);
  LogicalResult result = success();
  std::vector<CapturedDiagnostic> captured;
  mlir::tirx::Recovery recovery = mlir::tirx::Recovery::None;
  std::string crash;
  {
    auto pm = std::make_unique<PassManager>(
        ctx, self.pipeline->getOpAnchorName(),
        OpPassManager::Nesting::Implicit);
    static_cast<OpPassManager &>(*pm) = *self.pipeline;
    pm->enableVerifier(self.verifier);
    if (p.enabled) {
      OpPrintingFlags flags;
      if (p.largeElementsLimit)
        flags.elideLargeElementsAttrs(*p.largeElementsLimit);
      if (p.debugInfo)
        flags.enableDebugInfo();
      if (p.generic)
        flags.printGenericOpForm();
      bool before = p.beforeAll, after = p.afterAll || p.afterChange;
      auto shouldBefore = [before](Pass *, Operation *) { return before; };
      auto shouldAfter = [after](Pass *, Operation *) { return after; };
      if (!p.treeDir.empty())
        pm->enableIRPrintingToFileTree(shouldBefore, shouldAfter,
                                       p.moduleScope, p.afterChange,
                                       p.afterFailure, p.treeDir, flags);
      else
        pm->enableIRPrinting(shouldBefore, shouldAfter, p.moduleScope,
                             p.afterChange, p.afterFailure, irOS, flags);
    }
    if (self.timing) {
      auto tm = std::make_unique<DefaultTimingManager>();
      tm->setEnabled(true);
      tm->setOutput(createOutputStrategy(
          DefaultTimingManager::OutputFormat::Text, timingOS));
      pm->enableTiming(std::move(tm));
    }
    DiagnosticCapture diags(ctx);
    // Single-threaded: crash recovery covers the calling thread only, and
    // module-scope IR printing requires it (MLIR aborts otherwise).
    bool threads = ctx->isMultithreadingEnabled();
    if (threads)
      ctx->disableMultithreading();
    // LLVM fatal errors (e.g. in gpu-module-to-binary) must not end the
    // process; the run gets a thread (with a large stack) of its own.
    std::optional<mlir::tirx::Recovery> recovered =
        mlir::tirx::runRecoveringFromLLVMCrashes(
            [&] { result = pm->run(op); }, crash);
    if (threads)
      ctx->enableMultithreading(true);
    captured = diags.take();
    if (!recovered)
      throw std::runtime_error("cannot start a thread to run the pipeline on");
    recovery = *recovered;
    if (recovery == mlir::tirx::Recovery::Crash)
      (void)pm.release(); // left mid-run by a crash: its state is unknown
    else
      pm.reset(); // the timing manager reports when destroyed
  }

  if (recovery != mlir::tirx::Recovery::None) {
    if (fingerprint)
      mlir::tirx::rememberFatalError(*fingerprint, crash);
    // The IR may be half-rewritten. After an LLVM fatal error it is still
    // well-formed (MLIR was between two changes): free it. After a crash
    // signal nothing about it can be trusted: never touch it again.
    Operation *root = rootOf(op);
    PyOperation *owner = nullptr;
    if (auto it = c.liveOperations.find(root); it != c.liveOperations.end())
      owner = it->second;
    PyOperation::invalidateNested(c, root, /*includeSelf=*/true);
    bool fatal = recovery == mlir::tirx::Recovery::FatalError;
    if (owner && owner->owned) {
      owner->owned = false;
      if (fatal)
        c.releaseRoot(root); // freed (or parked) when the pin is released
    }
    if (!fatal)
      c.abandon(root);
    raiseMLIRError(self.ctx,
                   std::string(fatal ? "LLVM fatal error"
                                     : "LLVM crashed") +
                       " while executing the pass pipeline (the IR it ran "
                       "on was discarded; its handles are invalid): " +
                       crash,
                   std::move(captured));
  }

  if (!kept.empty()) {
    llvm::DenseSet<Operation *> present;
    forEachNested(op, [&](Operation *n) { present.insert(n); });
    std::vector<PyOperation *> survivors;
    for (nb::object &w : kept) {
      PyOperation &k = nb::cast<PyOperation &>(w);
      if (present.contains(k.op) && !c.liveOperations.count(k.op)) {
        k.valid = true;
        ++k.bodyEpoch;
        c.liveOperations[k.op] = &k;
        survivors.push_back(&k);
      }
    }
    for (PyOperation *k : survivors)
      k->setAttached(); // its parent may have changed
  }

  writeStderr(irOut);
  if (self.timing) {
    self.timingReport = timingOut;
    writeStderr(timingOut);
  }
  if (failed(result))
    raiseMLIRError(self.ctx, "Failure while executing pass pipeline",
                   std::move(captured));
}
} // namespace

void bindPasses(nb::module_ &m) {
  nb::class_<PyPassManager>(m, "PassManager")
      .def(
          "__init__",
          [](PyPassManager *self, const std::string &anchor,
             nb::handle context) {
            checkNoNul(anchor, "anchor_op");
            CtxRef c = resolveContext(context);
            c.get();
            new (self) PyPassManager();
            self->ctx = c;
            self->pipeline = std::make_unique<OpPassManager>(
                anchor, OpPassManager::Nesting::Implicit);
          },
          nb::arg("anchor_op") = "any", nb::arg("context") = nb::none())
      .def_static(
          "parse",
          [](const std::string &pipeline, nb::handle context) {
            CtxRef c = resolveContext(context);
            c.get();
            unsigned depth =
                checkTextNesting(c, pipeline, "<pipeline>", "pass pipeline");
            std::string err;
            llvm::raw_string_ostream os(err);
            FailureOr<OpPassManager> parsed = failure();
            runNested(depth, [&] { parsed = parsePassPipeline(pipeline, os); });
            if (failed(parsed))
              raisePipelineError(c, "Invalid pass pipeline " + quoted(pipeline),
                                 err);
            PyPassManager pm;
            pm.ctx = c;
            pm.pipeline = std::make_unique<OpPassManager>(std::move(*parsed));
            return pm;
          },
          nb::arg("pipeline"), nb::arg("context") = nb::none(),
          "Parses an anchored textual pipeline, e.g. "
          "'builtin.module(canonicalize,cse)'.")
      .def(
          "add",
          [](PyPassManager &self, const std::string &pipeline) {
            OpPassManager &pm = self.get();
            unsigned depth = checkTextNesting(self.ctx, pipeline, "<pipeline>",
                                              "pass pipeline");
            std::string err;
            llvm::raw_string_ostream os(err);
            // The text is the *contents* of this pass manager.
            LogicalResult ok = failure();
            runNested(depth,
                      [&] { ok = parsePassPipeline(pipeline, pm, os); });
            if (failed(ok))
              raisePipelineError(self.ctx,
                                 "Invalid pass pipeline " + quoted(pipeline),
                                 err);
          },
          nb::arg("pipeline"),
          "Appends textual pipeline elements, e.g. 'canonicalize,cse'.")
      .def(
          "enable_ir_printing",
          [](PyPassManager &self, bool beforeAll, bool afterAll,
             bool moduleScope, bool afterChange, bool afterFailure,
             std::optional<int64_t> largeElementsLimit, bool debugInfo,
             bool generic, std::optional<std::string> treeDir) {
            auto &p = self.irPrinting;
            p.enabled = true;
            p.beforeAll = beforeAll;
            p.afterAll = afterAll;
            p.moduleScope = moduleScope;
            p.afterChange = afterChange;
            p.afterFailure = afterFailure;
            p.largeElementsLimit = largeElementsLimit;
            p.debugInfo = debugInfo;
            p.generic = generic;
            p.treeDir = treeDir.value_or("");
          },
          nb::arg("print_before_all") = false,
          nb::arg("print_after_all") = true,
          nb::arg("print_module_scope") = false,
          nb::arg("print_after_change") = false,
          nb::arg("print_after_failure") = false,
          nb::arg("large_elements_limit").none() = nb::none(),
          nb::arg("enable_debug_info") = false,
          nb::arg("print_generic_op_form") = false,
          nb::arg("tree_printing_dir_path").none() = nb::none(),
          "Prints the IR around passes to sys.stderr during run() (or to a "
          "directory tree).")
      .def(
          "enable_timing",
          [](PyPassManager &self, bool enable) { self.timing = enable; },
          nb::arg("enable") = true,
          "Reports pass timing after each run() on sys.stderr and in "
          "timing_report.")
      .def(
          "enable_verifier",
          [](PyPassManager &self, bool enable) { self.verifier = enable; },
          nb::arg("enable"),
          "Whether the IR is verified after each pass (default True). The "
          "input is verified before every run() regardless: passes assume "
          "valid input.")
      .def_prop_ro("timing_report",
                   [](const PyPassManager &self) { return self.timingReport; })
      .def_prop_ro("context",
                   [](const PyPassManager &self) {
                     self.get();
                     return self.ctx.obj;
                   })
      .def(
          "run",
          [](PyPassManager &self, nb::handle operation, bool invalidateOps) {
            PyOperation &py = toOperation(operation);
            checkSameContext(self.ctx, py.ctx, "the operation");
            TContext &c = *self.ctx;
            MutationPin pin(c, "run a pass pipeline");
            Operation *op = py.get();
            unsigned depth = nestedWorkDepth(c, op, "PassManager.run");
            runPipeline(self, py, op, depth, invalidateOps);
          },
          nb::arg("operation"), nb::arg("invalidate_ops") = true,
          "Runs the pipeline on an Operation or Module (verified first); "
          "raises MLIRError on failure. Handles of operations nested in it "
          "are invalidated; with invalidate_ops=False those whose operation "
          "is still in the IR afterwards stay usable (see docs/Python.md).")
      .def("__str__", [](const PyPassManager &self) {
        std::string s;
        llvm::raw_string_ostream os(s);
        self.get().printAsTextualPipeline(os);
        return s;
      });

  m.def(
      "emit_gpu_objects",
      [](nb::handle module, const std::string &chip, const std::string &format,
         unsigned optLevel, std::optional<std::string> toolkit,
         bool checkSync, bool checkSyncWarnOnly, nb::object warningsOut,
         bool lineInfo) {
        PyOperation &py = toOperation(module, "module");
        checkNoNul(chip, "chip");
        if (toolkit)
          checkNoNul(*toolkit, "toolkit");
        Operation *op = py.get();
        auto mod = dyn_cast<ModuleOp>(op);
        if (!mod)
          throw nb::type_error(("module must be a builtin.module, not '" +
                                op->getName().getStringRef().str() + "'")
                                   .c_str());
        using mlir::tirx::GPUObject;
        using mlir::tirx::OutputFormat;
        mlir::tirx::CompileOptions opts;
        opts.chip = chip;
        opts.optLevel = optLevel;
        opts.toolkit = toolkit.value_or("");
        opts.checkSync = checkSync;
        opts.checkSyncWarnOnly = checkSyncWarnOnly;
        opts.lineInfo = lineInfo;
        OutputFormat outFormat;
        if (format == "ptx" || format == "isa")
          outFormat = OutputFormat::PTX;
        else if (format == "llvm" || format == "llvmir")
          outFormat = OutputFormat::LLVMIR;
        else if (format == "cubin" || format == "bin")
          outFormat = OutputFormat::Cubin;
        else
          throw nb::value_error(("format must be 'ptx', 'llvm' or 'cubin', "
                                 "not " +
                                 quoted(format))
                                    .c_str());
        // `module` is only read (a clone is lowered), but pinned: nothing
        // may change it meanwhile.
        TContext &c = *py.ctx;
        Pin pin(c);
        unsigned depth = nestedWorkDepth(c, op, "emit");
        std::vector<GPUObject> objects;
        bool ok = false;
        std::vector<CapturedDiagnostic> captured, warned;
        {
          DiagnosticCapture diags(py.ctx.get(), !warningsOut.is_none());
          runNested(depth, [&] {
            if (auto r = mlir::tirx::emitGPUObjects(mod, outFormat, opts);
                succeeded(r)) {
              objects = std::move(*r);
              ok = true;
            }
          });
          captured = diags.take();
          warned = diags.takeWarnings();
        }
        if (!warningsOut.is_none())
          for (const CapturedDiagnostic &w : warned)
            warningsOut.attr("append")(diagnosticInfo(py.ctx, w));
        if (!ok)
          raiseMLIRError(py.ctx,
                         "GPU code emission for " + quoted(chip) + " failed",
                         std::move(captured));
        nb::list out;
        for (const GPUObject &o : objects) {
          nb::object data =
              outFormat == OutputFormat::Cubin
                  ? nb::object(nb::bytes(o.data.data(), o.data.size()))
                  : nb::object(nb::str(o.data.c_str(), o.data.size()));
          out.append(nb::make_tuple(o.gpuModule, o.chip, data));
        }
        return out;
      },
      nb::arg("module"), nb::arg("chip"), nb::arg("format") = "ptx",
      nb::arg("opt_level") = 3, nb::arg("toolkit").none() = nb::none(),
      nb::arg("check_sync") = true, nb::arg("check_sync_warn_only") = false,
      nb::arg("warnings").none() = nb::none(), nb::arg("line_info") = false,
      "[(gpu_module_name, chip, data)] for every gpu.module of `module` (a "
      "clone is lowered; `module` is unchanged). check_sync: run "
      "tirx-check-sync (check_sync_warn_only: its findings are all "
      "warnings); warnings: a list the pipeline's warnings are appended to "
      "(DiagnosticInfo), else they are not kept; line_info: .file/.loc "
      "directives in the PTX naming each instruction's source line.");
}

} // namespace tirx_py
