//===- Pass.cpp - PassManager and GPU emission bindings ---------*- C++ -*-===//

#include "Emission.h"
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
} // namespace

void bindPasses(nb::module_ &m) {
  nb::class_<PyPassManager>(m, "PassManager")
      .def(
          "__init__",
          [](PyPassManager *self, const std::string &anchor,
             nb::handle context) {
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
            std::string err;
            llvm::raw_string_ostream os(err);
            FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, os);
            if (failed(parsed))
              raisePipelineError(c, "Invalid pass pipeline '" + pipeline + "'",
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
            std::string err;
            llvm::raw_string_ostream os(err);
            // The text is the *contents* of this pass manager.
            if (failed(parsePassPipeline(pipeline, self.get(), os)))
              raisePipelineError(self.ctx,
                                 "Invalid pass pipeline '" + pipeline + "'",
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
          nb::arg("enable"))
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
            Operation *op = py.get();
            checkSameContext(self.ctx, py.ctx, "the operation");
            MLIRContext *ctx = self.ctx.get();
            const auto &p = self.irPrinting;

            {
              // Passes assume valid input.
              DiagnosticCapture diags(ctx);
              if (self.verifier && failed(verify(op)))
                raiseMLIRError(self.ctx,
                               "Verification failed before running passes",
                               diags.take());
            }
            if (invalidateOps)
              PyOperation::invalidateNested(*self.ctx.ptr, op,
                                            /*includeSelf=*/false);

            std::string irOut, timingOut;
            llvm::raw_string_ostream irOS(irOut), timingOS(timingOut);
            // Single-threaded: crash recovery covers the calling thread only,
            // and module-scope IR printing requires it (MLIR aborts
            // otherwise).
            bool restoreThreads = ctx->isMultithreadingEnabled();
            if (restoreThreads)
              ctx->disableMultithreading();

            LogicalResult result = success();
            std::vector<CapturedDiagnostic> captured;
            bool crashed = false;
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
                auto shouldBefore = [before](Pass *, Operation *) {
                  return before;
                };
                auto shouldAfter = [after](Pass *, Operation *) {
                  return after;
                };
                if (!p.treeDir.empty())
                  pm->enableIRPrintingToFileTree(
                      shouldBefore, shouldAfter, p.moduleScope, p.afterChange,
                      p.afterFailure, p.treeDir, flags);
                else
                  pm->enableIRPrinting(shouldBefore, shouldAfter,
                                       p.moduleScope, p.afterChange,
                                       p.afterFailure, irOS, flags);
              }
              if (self.timing) {
                auto tm = std::make_unique<DefaultTimingManager>();
                tm->setEnabled(true);
                tm->setOutput(createOutputStrategy(
                    DefaultTimingManager::OutputFormat::Text, timingOS));
                pm->enableTiming(std::move(tm));
              }
              DiagnosticCapture diags(ctx);
              // LLVM fatal errors (e.g. in gpu-module-to-binary) must not end
              // the process; recovery covers this thread, so run on it alone.
              crashed = !mlir::tirx::python::runRecoveringFromLLVMCrashes(
                  [&] { result = pm->run(op); }, crash);
              captured = diags.take();
              if (crashed)
                (void)pm.release(); // state unknown: leak it
              else
                pm.reset(); // the timing manager reports when destroyed
            }
            if (restoreThreads)
              ctx->enableMultithreading(true);
            if (crashed) {
              // The IR may be half-rewritten: never touch (or free) it again.
              Operation *root = op;
              while (root->getParentOp())
                root = root->getParentOp();
              auto &live = self.ctx.ptr->liveOperations;
              if (auto it = live.find(root); it != live.end())
                it->second->owned = false;
              PyOperation::invalidateNested(*self.ctx.ptr, root,
                                            /*includeSelf=*/true);
              raiseMLIRError(self.ctx,
                             "LLVM fatal error while executing the pass "
                             "pipeline (the IR was abandoned): " +
                                 crash,
                             std::move(captured));
            }

            writeStderr(irOut);
            if (self.timing) {
              self.timingReport = timingOut;
              writeStderr(timingOut);
            }
            if (failed(result))
              raiseMLIRError(self.ctx, "Failure while executing pass pipeline",
                             std::move(captured));
          },
          nb::arg("operation"), nb::arg("invalidate_ops") = true,
          "Runs the pipeline on an Operation or Module; raises MLIRError on "
          "failure. Wrappers of operations nested in it are invalidated.")
      .def("__str__", [](const PyPassManager &self) {
        std::string s;
        llvm::raw_string_ostream os(s);
        self.get().printAsTextualPipeline(os);
        return s;
      });

  m.def(
      "emit_gpu_objects",
      [](nb::handle module, const std::string &chip, const std::string &format,
         unsigned optLevel, std::optional<std::string> toolkit) {
        PyOperation &py = toOperation(module);
        Operation *op = py.get();
        auto mod = dyn_cast<ModuleOp>(op);
        if (!mod)
          throw nb::type_error("expected a builtin.module");
        using namespace mlir::tirx::python;
        GPUEmitOptions opts;
        opts.chip = chip;
        opts.optLevel = optLevel;
        opts.toolkitPath = toolkit.value_or("");
        if (format == "ptx" || format == "isa")
          opts.format = GPUObjectFormat::PTX;
        else if (format == "llvm" || format == "llvmir")
          opts.format = GPUObjectFormat::LLVMIR;
        else if (format == "cubin" || format == "bin")
          opts.format = GPUObjectFormat::Cubin;
        else
          throw nb::value_error("format must be 'ptx', 'llvm' or 'cubin'");
        std::vector<GPUObject> objects;
        bool ok = false;
        std::vector<CapturedDiagnostic> captured;
        {
          DiagnosticCapture diags(py.ctx.get());
          if (auto r = emitGPUObjects(mod, opts); succeeded(r)) {
            objects = std::move(*r);
            ok = true;
          }
          captured = diags.take();
        }
        if (!ok)
          raiseMLIRError(py.ctx, "GPU code emission for " + chip + " failed",
                         std::move(captured));
        nb::list out;
        for (const GPUObject &o : objects) {
          nb::object data =
              opts.format == GPUObjectFormat::Cubin
                  ? nb::object(nb::bytes(o.data.data(), o.data.size()))
                  : nb::object(nb::str(o.data.c_str(), o.data.size()));
          out.append(nb::make_tuple(o.gpuModule, o.chip, data));
        }
        return out;
      },
      nb::arg("module"), nb::arg("chip"), nb::arg("format") = "ptx",
      nb::arg("opt_level") = 3, nb::arg("toolkit").none() = nb::none(),
      "[(gpu_module_name, chip, data)] for every gpu.module of `module` (a "
      "clone is lowered; `module` is unchanged).");
}

} // namespace tirx_py
