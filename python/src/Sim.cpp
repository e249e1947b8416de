//===- Sim.cpp - Python binding of the TIRx simulator -----------*- C++ -*-===//
//
// `tirx._tirx.SimProgram`: a kernel function decoded for the simulator, run
// over memory the caller owns (NumPy arrays: tirx.sim passes their data
// addresses and sizes). Errors the simulator reports are raised as MLIRError
// with their locations, after the run returned.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Sim/PTX.h"
#include "TIRx/Sim/Simulator.h"
#include "TIRx/Target/SimulatePTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

using namespace mlir;
using namespace mlir::tirx;

namespace tirx_py {
namespace {

struct PySimProgram {
  nb::object owner; // the Operation/Module wrapper: keeps the IR alive
  CtxRef ctx;
  std::shared_ptr<sim::Program> program;
  std::string name;
  /// The PTX level: the PTX the program runs (empty at the IR level).
  bool ptxLevel = false;
  bool fromText = false; // compiled from PTX text: owns its IR
  std::string ptx, ptxName;

  PySimProgram() = default;
  PySimProgram(nb::handle kernel, std::optional<std::string> func,
               const std::string &level, std::optional<std::string> chip) {
    if (level != "ir" && level != "ptx")
      throw nb::value_error("level must be 'ir' or 'ptx'");
    PyOperation &py = toOperation(kernel);
    owner = nb::borrow(kernel);
    ctx = py.ctx;
    std::string error;
    FunctionOpInterface f = findKernelFunction(
        py.get(), func ? std::optional<StringRef>(*func) : std::nullopt,
        "func=", error);
    if (!f)
      throw nb::value_error(error.c_str());
    name = f.getName().str();
    if (level == "ptx") {
      // Compiles a copy of the module (the caller's IR is only read).
      ptxLevel = true;
      TContext &c = *py.ctx;
      Pin pin(c);
      unsigned depth = nestedWorkDepth(c, f, "simulate at the PTX level");
      std::vector<CapturedDiagnostic> captured;
      bool ok = false;
      {
        DiagnosticCapture diags(ctx.get());
        runNested(depth, [&] {
          CompileOptions options;
          options.chip = chip.value_or("");
          FailureOr<PTXLevelProgram> p = compileForPTXLevel(f, options);
          if (succeeded(p)) {
            program = p->program;
            ptx = std::move(p->ptx);
            ptxName = p->bufferName;
            ok = true;
          }
        });
        captured = diags.take();
      }
      if (!ok)
        raiseMLIRError(ctx,
                       "the simulator cannot run '" + name +
                           "' at the PTX level",
                       std::move(captured));
      return;
    }
    DiagnosticCapture diags(ctx.get());
    FailureOr<std::shared_ptr<sim::Program>> p = sim::compile(f);
    if (failed(p))
      raiseMLIRError(ctx, "the simulator cannot run '" + name + "'",
                     diags.take());
    program = *p;
  }

  /// Raises if the IR was erased or its context destroyed.
  void check() const {
    if (fromText)
      return;
    (void)toOperation(owner).get();
  }
};

const char *kindName(sim::ParamInfo::Kind k) {
  switch (k) {
  case sim::ParamInfo::Kind::Buffer:
    return "buffer";
  case sim::ParamInfo::Kind::Pointer:
    return "pointer";
  case sim::ParamInfo::Kind::Int:
    return "int";
  case sim::ParamInfo::Kind::Float:
    return "float";
  case sim::ParamInfo::Kind::TensorMap:
    return "tensormap";
  }
  return "";
}

sim::TensorMapSpec specFromDict(const nb::dict &d) {
  sim::TensorMapSpec s;
  s.dtype = nb::cast<std::string>(d["dtype"]);
  auto dims = nb::cast<std::vector<uint64_t>>(d["global_dim"]);
  auto strides = nb::cast<std::vector<uint64_t>>(d["global_strides"]);
  auto box = nb::cast<std::vector<uint32_t>>(d["box_dim"]);
  auto estrides = nb::cast<std::vector<uint32_t>>(d["element_strides"]);
  if (dims.empty() || dims.size() > 5 || box.size() != dims.size() ||
      estrides.size() != dims.size() || strides.size() + 1 != dims.size())
    throw nb::value_error("tensor map: global_dim, box_dim and "
                          "element_strides need one entry per dimension "
                          "(1 to 5), global_strides one less");
  s.rank = static_cast<unsigned>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    s.globalDim[i] = dims[i];
    s.boxDim[i] = box[i];
    s.elementStrides[i] = estrides[i];
  }
  for (size_t i = 0; i < strides.size(); ++i)
    s.globalStrides[i] = strides[i];
  s.swizzle = static_cast<sim::TensorMapSwizzle>(nb::cast<uint32_t>(d["swizzle"]));
  s.interleave =
      static_cast<sim::TensorMapInterleave>(nb::cast<uint32_t>(d["interleave"]));
  s.oobFill = static_cast<sim::TensorMapOOBFill>(nb::cast<uint32_t>(d["oob_fill"]));
  s.l2Promotion =
      static_cast<sim::TensorMapL2Promotion>(nb::cast<uint32_t>(d["l2_promotion"]));
  return s;
}

} // namespace

void bindSim(nb::module_ &m) {
  nb::class_<PySimProgram>(m, "SimProgram",
                           "A kernel function decoded for the simulator.")
      .def(nb::init<nb::handle, std::optional<std::string>,
                    const std::string &, std::optional<std::string>>(),
           nb::arg("kernel"), nb::arg("func") = nb::none(),
           nb::arg("level") = "ir", nb::arg("chip") = nb::none(),
           "level='ptx': the kernel function compiled to PTX (with line info) "
           "for `chip`, its host part run from the IR and its kernel from the "
           "PTX.")
      .def_static(
          "from_ptx",
          [](const std::string &text, const std::string &bufferName,
             const std::string &kernel, std::vector<int64_t> grid,
             std::vector<int64_t> block, std::vector<int64_t> cluster,
             uint64_t sharedMemory, std::vector<std::string> abi,
             nb::handle context) {
            CtxRef ctx = resolveContext(context);
            auto dims = [](std::vector<int64_t> v, int64_t fill,
                           int64_t out[3]) {
              if (v.size() > 3)
                throw nb::value_error("a launch extent has at most 3 "
                                      "dimensions");
              for (int i = 0; i < 3; ++i)
                out[i] = i < int(v.size()) ? v[i] : fill;
            };
            sim::PTXLaunch launch;
            launch.kernel = kernel;
            dims(grid, 1, launch.grid);
            dims(block, block.empty() ? 0 : 1, launch.block);
            dims(cluster, cluster.empty() ? 0 : 1, launch.cluster);
            launch.dynamicSharedBytes = sharedMemory;
            launch.abi = std::move(abi);
            PySimProgram p;
            p.owner = ctx.obj;
            p.ctx = ctx;
            p.ptxLevel = true;
            p.fromText = true;
            p.ptx = text;
            p.ptxName = bufferName;
            DiagnosticCapture diags(ctx.get());
            FailureOr<std::shared_ptr<sim::Program>> prog =
                sim::compilePTX(ctx.get(), p.ptx, bufferName, launch);
            if (failed(prog))
              raiseMLIRError(ctx, "the simulator cannot run the PTX",
                             diags.take());
            p.program = *prog;
            p.name = launch.kernel;
            return p;
          },
          nb::arg("text"), nb::arg("buffer_name"), nb::arg("kernel") = "",
          nb::arg("grid") = std::vector<int64_t>{1},
          nb::arg("block") = std::vector<int64_t>{},
          nb::arg("cluster") = std::vector<int64_t>{},
          nb::arg("shared_memory") = 0,
          nb::arg("abi") = std::vector<std::string>{},
          nb::arg("context").none() = nb::none(),
          "A PTX kernel decoded for the simulator's PTX level, for a launch "
          "of grid x block threads (block and cluster default to the "
          "kernel's .reqntid/.maxntid and .reqnctapercluster); abi: how each "
          "parameter is passed (pointer, i32, f32, tensormap, ...; default "
          "from the declarations).")
      .def_prop_ro("ptx",
                   [](const PySimProgram &p) -> std::optional<std::string> {
                     if (!p.ptxLevel)
                       return std::nullopt;
                     return p.ptx;
                   },
                   "The PTX a PTX-level program runs (None at the IR level).")
      .def_prop_ro("ptx_name",
                   [](const PySimProgram &p) { return p.ptxName; })
      .def_prop_ro("name", [](const PySimProgram &p) { return p.name; })
      .def_prop_ro(
          "params",
          [](const PySimProgram &p) {
            nb::list out;
            for (const sim::ParamInfo &info : sim::getParams(*p.program)) {
              nb::dict d;
              d["kind"] = kindName(info.kind);
              d["dtype"] = info.dtype;
              nb::list shape;
              for (int64_t s : info.shape)
                shape.append(ShapedType::isDynamic(s) ? nb::object(nb::none())
                                                      : nb::int_(s));
              d["shape"] = shape;
              d["bytes"] = info.bytes;
              out.append(d);
            }
            return out;
          },
          "One dict per parameter: kind (buffer, pointer, int, float, "
          "tensormap), dtype, shape (None for `?`), bytes.")
      .def_prop_ro(
          "launch",
          [](const PySimProgram &p) {
            int64_t g[3], c[3], b[3];
            sim::getLaunchShape(*p.program, g, c, b);
            return nb::make_tuple(nb::make_tuple(g[0], g[1], g[2]),
                                  nb::make_tuple(c[0], c[1], c[2]),
                                  nb::make_tuple(b[0], b[1], b[2]));
          },
          "(grid, cluster, block), each (x, y, z).")
      .def(
          "run",
          [](PySimProgram &p, nb::list blocks, nb::list args, uint64_t seed,
             bool checkRaces, bool checkUninit, unsigned maxErrors,
             uint64_t maxSteps, bool explore, uint64_t maxSchedules,
             std::string schedule, std::optional<std::string> tracePath) {
            p.check();
            std::vector<sim::MemoryBlock> memory;
            for (nb::handle h : blocks) {
              auto t = nb::cast<nb::tuple>(h);
              sim::MemoryBlock b;
              b.data = reinterpret_cast<void *>(nb::cast<uintptr_t>(t[0]));
              b.bytes = nb::cast<uint64_t>(t[1]);
              b.name = nb::cast<std::string>(t[2]);
              memory.push_back(b);
            }
            std::vector<sim::Argument> arguments;
            for (nb::handle h : args) {
              auto t = nb::cast<nb::tuple>(h);
              std::string kind = nb::cast<std::string>(t[0]);
              if (kind == "memory") {
                sim::Argument a = sim::Argument::memory(
                    nb::cast<size_t>(t[1]), nb::cast<uint64_t>(t[2]));
                a.shape = nb::cast<std::vector<int64_t>>(t[3]);
                arguments.push_back(a);
              } else if (kind == "int") {
                arguments.push_back(sim::Argument::integer(nb::cast<int64_t>(t[1])));
              } else if (kind == "float") {
                arguments.push_back(sim::Argument::floating(nb::cast<double>(t[1])));
              } else if (kind == "tensormap") {
                arguments.push_back(sim::Argument::tensorMapOf(
                    specFromDict(nb::cast<nb::dict>(t[3])),
                    nb::cast<size_t>(t[1]), nb::cast<uint64_t>(t[2])));
              } else {
                throw nb::value_error(("unknown argument kind " + kind).c_str());
              }
            }
            sim::Options options;
            options.seed = seed;
            options.checkRaces = checkRaces;
            options.checkUninitialized = checkUninit;
            options.maxErrors = maxErrors;
            options.maxSteps = maxSteps;
            options.explore = explore;
            options.maxSchedules = maxSchedules;
            options.schedule = std::move(schedule);
            std::unique_ptr<sim::TraceRecorder> recorder;
            if (tracePath) {
              recorder = std::make_unique<sim::TraceRecorder>();
              options.trace = recorder.get();
            }
            sim::Stats stats;
            DiagnosticCapture diags(p.ctx.get());
            LogicalResult result =
                p.ptxLevel
                    ? sim::runPTX(*p.program, memory, arguments, options,
                                  &stats)
                    : sim::run(*p.program, memory, arguments, options, &stats);
            // The trace is written also after a failure: a deadlock's
            // timeline shows who waited where.
            if (recorder) {
              std::error_code ec;
              llvm::raw_fd_ostream os(*tracePath, ec);
              if (ec)
                throw nb::value_error(("cannot write the trace '" + *tracePath +
                                       "': " + ec.message())
                                          .c_str());
              recorder->writeJSON(os, p.name, seed);
            }
            if (failed(result))
              raiseMLIRError(p.ctx,
                             "the simulation of '" + p.name + "' failed",
                             diags.take());
            nb::dict d;
            d["dynamic_ops"] = stats.dynamicOps;
            d["threads"] = stats.threads;
            d["ctas"] = stats.ctas;
            d["clusters"] = stats.clusters;
            d["async_ops"] = stats.asyncOps;
            d["seconds"] = stats.seconds;
            d["cpu_seconds"] = stats.cpuSeconds;
            d["races_checked"] = stats.racesChecked;
            d["schedules"] = stats.schedules;
            d["exhaustive"] = stats.exhaustive;
            d["report"] = stats.report;
            d["schedule"] = stats.schedule;
            d["timeline"] = stats.timeline;
            if (recorder) {
              d["trace_events"] = recorder->numEvents();
              d["trace_dropped"] = recorder->numDropped();
            }
            return d;
          },
          nb::arg("blocks"), nb::arg("args"), nb::arg("seed") = 0,
          nb::arg("check_races") = true, nb::arg("check_uninitialized") = true,
          nb::arg("max_errors") = 1, nb::arg("max_steps") = uint64_t(1) << 36,
          nb::arg("explore") = false, nb::arg("max_schedules") = 1000,
          nb::arg("schedule") = "", nb::arg("trace") = nb::none(),
          "Runs the kernel once (explore: under every schedule that can "
          "change its outcome, up to max_schedules; schedule: replays one; "
          "trace: a path for the run's timeline). "
          "blocks: [(address, bytes, name)]; args: "
          "one tuple per parameter: ('memory', block, offset, shape), "
          "('int', v), ('float', v), ('tensormap', block, offset, spec); trace: "
          "a path to write the run's trace to (Chrome trace JSON).");
}

} // namespace tirx_py
