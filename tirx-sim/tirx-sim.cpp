//===- tirx-sim.cpp - Run a TIRx kernel in the simulator --------*- C++ -*-===//
//
//   tirx-sim kernel.mlir [--func=NAME] [--seed=N] [--arg=SPEC]...
//            [--explore [--max-schedules=N]] [--schedule=S] [--print-schedule]
//
// Runs the kernel function (the one holding a tirx.kernel, or --func) once
// in the CPU simulator and prints a summary of every array argument after
// the run. One --arg per parameter, in order:
//
//   arrays      rand | zeros | ones | iota | file:PATH.npy
//               (add :N or :AxB for pointers and `?` extents: rand:1024)
//   scalars     a number: 3, -1, 0.5
//   tensormaps  tmap:DTYPE:DIMS:BOX[:swizzle=32B|64B|128B][:fill=nan]
//                   [:data=rand|zeros|ones|iota|file:PATH.npy]
//               DIMS and BOX outermost first (NumPy order): 1024x64:64x64
//
// Array arguments default to `rand` (small integers, exact in every float
// format, drawn from --data-seed). Problems the simulator finds are errors
// at the kernel's source locations; --verify-diagnostics checks them
// against `expected-error` comments as mlir-opt does, and
// --split-input-file runs each `// -----` chunk as its own module.
//
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/InitAll.h"
#include "TIRx/Sim/PTX.h"
#include "TIRx/Sim/Simulator.h"
#include "TIRx/Target/SimulatePTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <random>

using namespace mlir;
using namespace mlir::tirx;
namespace cl = llvm::cl;
using mlir::tirx::CompileOptions;

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir>"),
                                          cl::init("-"));
static cl::opt<std::string> funcName("func",
                                     cl::desc("Kernel function to run"),
                                     cl::init(""));
static cl::opt<uint64_t> seed("seed", cl::desc("Scheduler seed"),
                              cl::init(0));
static cl::opt<uint64_t> dataSeed("data-seed",
                                  cl::desc("Seed of `rand` arguments"),
                                  cl::init(0));
static cl::list<std::string> argSpecs("arg",
                                      cl::desc("Argument (one per parameter)"));
static cl::opt<unsigned> maxErrors("max-errors",
                                   cl::desc("Stop after N errors"),
                                   cl::init(1));
static cl::opt<bool> noRaces("no-race-check",
                             cl::desc("Do not check data races"),
                             cl::init(false));
static cl::opt<bool> noUninit("no-uninit-check",
                              cl::desc("Do not check uninitialized reads"),
                              cl::init(false));
static cl::opt<uint64_t> maxSteps("max-steps",
                                  cl::desc("Step limit (0: none)"),
                                  cl::init(uint64_t(1) << 36));
static cl::opt<std::string>
    printMode("print",
              cl::desc("Array arguments after the run: summary, full, none"),
              cl::init("summary"));
static cl::opt<std::string> outDir("out-dir",
                                   cl::desc("Write argN.npy files here"),
                                   cl::init(""));
static cl::opt<bool> showStats("report-stats",
                               cl::desc("Print operation counts and time"),
                               cl::init(false));
static cl::opt<bool>
    verifyDiagnostics("verify-diagnostics",
                      cl::desc("Check errors against expected-* comments"),
                      cl::init(false));
static cl::opt<bool> explore(
    "explore",
    cl::desc("Exhaustive mode: run every schedule that can change the "
             "outcome (up to --max-schedules) and report what was shown"),
    cl::init(false));
static cl::opt<uint64_t>
    maxSchedules("max-schedules",
                 cl::desc("Bound of the exhaustive mode (schedules)"),
                 cl::init(1000));
static cl::opt<std::string>
    schedule("schedule",
             cl::desc("Replay one schedule an exploration reported "
                      "(point:actor,...; with its --seed)"),
             cl::init(""));
static cl::opt<bool> printSchedule(
    "print-schedule",
    cl::desc("Print the per-warp timeline of the run (--explore: of the "
             "failing schedule; --schedule: of the replay)"),
    cl::init(false));
static cl::opt<bool> ptxLevel(
    "ptx",
    cl::desc("Run the kernel at the PTX level: compile it to PTX (with line "
             "info) and simulate the PTX; a .ptx input always runs so"),
    cl::init(false));
static cl::opt<bool> diffPTX(
    "diff-ptx",
    cl::desc("Run the IR level and the PTX level on the same inputs and "
             "check that every array ends equal"),
    cl::init(false));
static cl::opt<unsigned> ulps(
    "ulps",
    cl::desc("With --diff-ptx: float elements may differ by this many units "
             "in the last place (approximate math); 0: bit-exact"),
    cl::init(0));
static cl::opt<std::string> chip("chip",
                                 cl::desc("Chip the PTX level compiles for "
                                          "(default: the module's "
                                          "#tirx.target, else sm_90a)"),
                                 cl::init(""));
static cl::opt<std::string> ptxOut("ptx-out",
                                   cl::desc("Write the PTX the PTX level runs"),
                                   cl::init(""));
static cl::opt<bool> decodeOnly(
    "decode-only",
    cl::desc(".ptx input: decode every kernel of the module without running "
             "any (checks that each instruction is modeled)"),
    cl::init(false));
static cl::opt<std::string> gridOpt("grid",
                                    cl::desc(".ptx input: the grid (X[,Y[,Z]])"),
                                    cl::init("1"));
static cl::opt<std::string>
    blockOpt("block",
             cl::desc(".ptx input: threads per CTA (default: .reqntid, else "
                      ".maxntid)"),
             cl::init(""));
static cl::opt<std::string>
    clusterOpt("cluster",
               cl::desc(".ptx input: CTAs per cluster (default: "
                        ".reqnctapercluster, else 1)"),
               cl::init(""));
static cl::opt<uint64_t> dynSmem("dynamic-smem",
                                 cl::desc(".ptx input: bytes of dynamic "
                                          "shared memory"),
                                 cl::init(0));
static cl::opt<std::string>
    abiOpt("abi",
           cl::desc(".ptx input: each parameter's ABI, comma-separated "
                    "(pointer, i32, f32, tensormap, ...; default: from the "
                    "declarations)"),
           cl::init(""));
static cl::opt<std::string> tracePath(
    "trace",
    cl::desc("Write the run's timeline (profile ranges and marks, barrier "
             "and mbarrier waits, in logical time) to this file as Chrome "
             "trace / Perfetto JSON"),
    cl::init(""));
static cl::opt<bool> splitInputFile(
    "split-input-file",
    cl::desc("Run each `// -----` chunk of the input as its own module"),
    cl::init(false));

namespace {
/// A memory-backed argument and how to print it.
struct ArrayArg {
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
  size_t param;
  bool isTensor = false;
};
} // namespace

static bool fail(const llvm::Twine &msg) {
  llvm::errs() << "tirx-sim: " << msg << "\n";
  return false;
}

static std::vector<int64_t> parseDims(StringRef s, bool &ok) {
  std::vector<int64_t> dims;
  ok = !s.empty();
  SmallVector<StringRef> parts;
  s.split(parts, 'x');
  for (StringRef p : parts) {
    int64_t v;
    if (p.getAsInteger(10, v) || v <= 0)
      ok = false;
    dims.push_back(v);
  }
  return dims;
}

/// Fills `a.data` per `how` (rand, zeros, ones, iota).
static bool fill(ArrayArg &a, StringRef how, uint64_t salt) {
  unsigned eb = tirx_sim::dtypeBytes(a.dtype);
  uint64_t count = 1;
  for (int64_t d : a.shape)
    count *= static_cast<uint64_t>(d);
  a.data.assign(count * eb, 0);
  std::mt19937_64 rng(dataSeed * 1000003ull + salt);
  bool isFloat = StringRef(a.dtype).starts_with("float") ||
                 a.dtype == "bfloat16";
  bool isUnsigned = StringRef(a.dtype).starts_with("uint");
  for (uint64_t i = 0; i < count; ++i) {
    double v;
    if (how == "zeros")
      v = 0;
    else if (how == "ones")
      v = 1;
    else if (how == "iota")
      v = static_cast<double>(i);
    else if (how == "rand")
      v = a.dtype == "bool" ? double(rng() % 2)
          : isFloat         ? double(int64_t(rng() % 9) - 4)
          : isUnsigned      ? double(rng() % 16)
                            : double(int64_t(rng() % 16) - 8);
    else
      return fail("unknown fill '" + how + "' (rand, zeros, ones, iota)");
    uint64_t bits;
    if (isFloat)
      bits = sim::encodeFloat(a.dtype, v);
    else
      bits = static_cast<uint64_t>(static_cast<int64_t>(v));
    std::memcpy(a.data.data() + i * eb, &bits, eb);
  }
  return true;
}

/// Loads `file:PATH` into `a`, checking its dtype.
static bool load(ArrayArg &a, StringRef path, bool keepShape) {
  tirx_sim::NpyArray arr;
  std::string error;
  if (!tirx_sim::readNpy(path.str(), arr, error))
    return fail(error);
  if (a.dtype.empty())
    a.dtype = arr.dtype; // an untyped PTX pointer takes the file's
  if (arr.dtype != a.dtype && !(a.dtype == "bfloat16" && arr.dtype == "uint16"))
    return fail("'" + path + "' holds " + arr.dtype + ", the parameter needs " +
                a.dtype);
  if (!keepShape)
    a.shape = arr.shape;
  a.data = std::move(arr.data);
  return true;
}

static double elementValue(const ArrayArg &a, uint64_t i) {
  unsigned eb = tirx_sim::dtypeBytes(a.dtype);
  uint64_t bits = 0;
  std::memcpy(&bits, a.data.data() + i * eb, eb);
  const std::string &t = a.dtype;
  if (StringRef(t).starts_with("float") || t == "bfloat16")
    return sim::decodeFloat(t, bits);
  if (t == "bool")
    return bits & 1;
  if (StringRef(t).starts_with("uint"))
    return static_cast<double>(bits);
  unsigned w = eb * 8;
  int64_t sv = w >= 64 ? static_cast<int64_t>(bits)
                       : static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
  return static_cast<double>(sv);
}

/// A statistic (sum, min, max): integers exactly up to 2^53, floats and
/// larger values with %g.
static std::string formatValue(const ArrayArg &a, double v) {
  bool isFloat = StringRef(a.dtype).starts_with("float") ||
                 a.dtype == "bfloat16";
  std::string s;
  llvm::raw_string_ostream os(s);
  if (isFloat || std::isnan(v) || std::fabs(v) > 9.0e15)
    os << llvm::format("%g", v);
  else
    os << static_cast<int64_t>(v);
  return s;
}

/// Element `i` as printed: an integer exactly from its bits (a 64-bit
/// value does not survive the trip through a double), a float with %g.
static std::string formatElement(const ArrayArg &a, uint64_t i) {
  const std::string &t = a.dtype;
  if (StringRef(t).starts_with("float") || t == "bfloat16" || t == "bool")
    return formatValue(a, elementValue(a, i));
  unsigned eb = tirx_sim::dtypeBytes(t);
  uint64_t bits = 0;
  std::memcpy(&bits, a.data.data() + i * eb, eb);
  unsigned w = eb * 8;
  if (StringRef(t).starts_with("uint"))
    return std::to_string(bits);
  int64_t sv = w >= 64 ? static_cast<int64_t>(bits)
                       : static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
  return std::to_string(sv);
}

static void printArray(const ArrayArg &a) {
  uint64_t count = a.data.size() / tirx_sim::dtypeBytes(a.dtype);
  llvm::outs() << "arg" << a.param << (a.isTensor ? " (tensor)" : "") << ": "
               << a.dtype << "[";
  llvm::interleave(a.shape, llvm::outs(), "x");
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  for (uint64_t i = 0; i < count; ++i) {
    double v = elementValue(a, i);
    sum += v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  llvm::outs() << "] sum=" << formatValue(a, sum)
               << " min=" << formatValue(a, count ? lo : 0.0)
               << " max=" << formatValue(a, count ? hi : 0.0) << "\n";
  if (printMode == "full") {
    llvm::outs() << "  [";
    for (uint64_t i = 0; i < count; ++i)
      llvm::outs() << (i ? ", " : "") << formatElement(a, i);
    llvm::outs() << "]\n";
  }
}

static FunctionOpInterface findKernelFunction(ModuleOp module) {
  std::string error;
  FunctionOpInterface f = mlir::tirx::findKernelFunction(
      module, funcName.empty() ? std::nullopt
                               : std::optional<StringRef>(funcName.getValue()),
      "--func", error);
  if (!f)
    fail(error);
  return f;
}

/// Builds the memory blocks and arguments for every parameter.
static bool buildArguments(const std::vector<sim::ParamInfo> &params,
                           std::vector<ArrayArg> &arrays,
                           std::vector<sim::Argument> &args) {
  if (argSpecs.size() > params.size())
    return fail("got " + llvm::Twine(argSpecs.size()) +
                " --arg options for " + llvm::Twine(params.size()) +
                " parameters");
  // Arrays are stored first; blocks point into them after the loop.
  arrays.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    const sim::ParamInfo &p = params[i];
    std::string spec = i < argSpecs.size() ? argSpecs[i] : "";
    std::string where = "parameter #" + std::to_string(i);
    switch (p.kind) {
    case sim::ParamInfo::Kind::Int:
    case sim::ParamInfo::Kind::Float: {
      if (spec.empty())
        return fail(where + " is a scalar: give its value with --arg");
      sim::Argument a;
      int64_t iv;
      double fv;
      if (!StringRef(spec).getAsInteger(0, iv)) {
        a = sim::Argument::integer(iv);
      } else if (!StringRef(spec).getAsDouble(fv) &&
                 p.kind == sim::ParamInfo::Kind::Float) {
        a = sim::Argument::floating(fv);
      } else {
        return fail(where + ": '" + spec + "' is not a number of its type");
      }
      args.push_back(a);
      break;
    }
    case sim::ParamInfo::Kind::Buffer:
    case sim::ParamInfo::Kind::Pointer: {
      if (spec.empty())
        spec = "rand";
      ArrayArg a;
      a.param = i;
      a.dtype = p.dtype;
      StringRef how = spec;
      if (a.dtype.empty() && !how.starts_with("file:")) {
        // A PTX pointer has no element type: DTYPE:FILL:SHAPE.
        auto [dt, rest] = how.split(':');
        a.dtype = dt.str();
        how = rest;
        if (!tirx_sim::dtypeBytes(a.dtype))
          return fail(where + " is an untyped pointer: give its elements, as "
                              "in --arg=float32:rand:1024");
      }
      if (!a.dtype.empty() && !tirx_sim::dtypeBytes(a.dtype))
        return fail(where + ": element type '" + a.dtype +
                    "' has no array form");
      if (how.consume_front("file:")) {
        if (!load(a, how, false))
          return false;
      } else {
        auto [kind, dims] = how.split(':');
        a.shape = p.shape;
        if (!dims.empty()) {
          bool ok;
          a.shape = parseDims(dims, ok);
          if (!ok)
            return fail(where + ": bad shape '" + dims + "'");
        }
        for (int64_t d : a.shape)
          if (d < 0)
            return fail(where + " has a dynamic shape: give it, as in rand:" +
                        "1024 or zeros:64x32");
        if (a.shape.empty())
          return fail(where + " is a pointer: give the element count, as in "
                              "rand:1024");
        if (!fill(a, kind, i))
          return false;
      }
      sim::Argument arg = sim::Argument::memory(arrays.size());
      arg.shape = a.shape;
      args.push_back(arg);
      arrays.push_back(std::move(a));
      break;
    }
    case sim::ParamInfo::Kind::TensorMap: {
      StringRef rest = spec;
      if (!rest.consume_front("tmap:"))
        return fail(where + " is a tensor map: give --arg=tmap:DTYPE:DIMS:BOX"
                            "[:swizzle=128B][:fill=nan][:data=...]");
      std::string data = "rand";
      size_t dataAt = rest.find(":data=");
      if (dataAt != StringRef::npos) {
        data = rest.substr(dataAt + 6).str();
        rest = rest.substr(0, dataAt);
      }
      SmallVector<StringRef> parts;
      rest.split(parts, ':');
      if (parts.size() < 3)
        return fail(where + ": expected tmap:DTYPE:DIMS:BOX");
      sim::TensorMapSpec t;
      t.dtype = parts[0].str();
      unsigned eb = sim::tensorMapElementBytes(t.dtype);
      if (!eb)
        return fail(where + ": unknown dtype '" + t.dtype + "'");
      bool ok1, ok2;
      std::vector<int64_t> dims = parseDims(parts[1], ok1);
      std::vector<int64_t> box = parseDims(parts[2], ok2);
      if (!ok1 || !ok2 || dims.size() != box.size() || dims.size() > 5)
        return fail(where + ": DIMS and BOX need the same rank (1 to 5)");
      t.rank = static_cast<unsigned>(dims.size());
      for (unsigned d = 0; d < t.rank; ++d) {
        t.globalDim[d] = static_cast<uint64_t>(dims[t.rank - 1 - d]);
        t.boxDim[d] = static_cast<uint32_t>(box[t.rank - 1 - d]);
      }
      uint64_t stride = eb * t.globalDim[0];
      for (unsigned d = 1; d < t.rank; ++d) {
        t.globalStrides[d - 1] = stride;
        stride *= t.globalDim[d];
      }
      for (size_t k = 3; k < parts.size(); ++k) {
        auto [key, value] = parts[k].split('=');
        if (key == "swizzle") {
          if (value == "none")
            t.swizzle = sim::TensorMapSwizzle::None;
          else if (value == "32B")
            t.swizzle = sim::TensorMapSwizzle::B32;
          else if (value == "64B")
            t.swizzle = sim::TensorMapSwizzle::B64;
          else if (value == "128B")
            t.swizzle = sim::TensorMapSwizzle::B128;
          else
            return fail(where + ": swizzle is none, 32B, 64B or 128B");
        } else if (key == "fill") {
          if (value == "nan")
            t.oobFill = sim::TensorMapOOBFill::NaNRequestZeroFMA;
          else if (value != "zero")
            return fail(where + ": fill is zero or nan");
        } else {
          return fail(where + ": unknown tensor map key '" + key + "'");
        }
      }
      ArrayArg a;
      a.param = i;
      a.isTensor = true;
      a.dtype = t.dtype == "tfloat32" ? "float32" : t.dtype;
      a.shape = dims;
      StringRef how = data;
      if (how.consume_front("file:")) {
        if (!load(a, how, true))
          return false;
        if (a.data.size() != stride)
          return fail(where + ": '" + how + "' does not match DIMS");
      } else if (!fill(a, how, i)) {
        return false;
      }
      args.push_back(sim::Argument::tensorMapOf(t, arrays.size()));
      arrays.push_back(std::move(a));
      break;
    }
    }
  }
  return true;
}

/// Runs `program` over `arrays` (copied in and out).
static LogicalResult runProgram(const sim::Program &program, bool ptx,
                                std::vector<ArrayArg> &arrays,
                                ArrayRef<sim::Argument> args,
                                sim::Stats &stats, StringRef traceName = "") {
  std::vector<sim::MemoryBlock> blocks;
  for (ArrayArg &a : arrays)
    blocks.push_back(sim::MemoryBlock{a.data.data(), a.data.size(),
                                      "argument #" + std::to_string(a.param)});
  sim::Options options;
  options.seed = seed;
  options.checkRaces = !noRaces;
  options.checkUninitialized = !noUninit;
  options.maxErrors = maxErrors;
  options.maxSteps = maxSteps;
  options.explore = explore;
  options.maxSchedules = maxSchedules;
  options.schedule = schedule;
  if (explore && !tracePath.empty()) {
    fail("--trace records one run and --explore runs many: replay the "
         "schedule the exploration reports (--schedule) with --trace");
    return failure();
  }
  std::unique_ptr<sim::TraceRecorder> recorder;
  if (!tracePath.empty() && !traceName.empty()) {
    recorder = std::make_unique<sim::TraceRecorder>();
    options.trace = recorder.get();
  }
  LogicalResult result =
      ptx ? sim::runPTX(program, blocks, args, options, &stats)
          : sim::run(program, blocks, args, options, &stats);
  if (!stats.report.empty())
    llvm::outs() << "explore: " << stats.report << "\n";
  if (printSchedule && !stats.timeline.empty())
    llvm::outs() << stats.timeline << "\n";
  // Also after a failure: a deadlock's timeline shows who waited where.
  if (recorder) {
    std::error_code ec;
    llvm::raw_fd_ostream os(tracePath, ec);
    if (ec) {
      fail("cannot write the trace '" + tracePath + "': " + ec.message());
      return failure();
    }
    recorder->writeJSON(os, traceName, seed);
  }
  return result;
}

/// Distance in units of the last place between two float bit patterns of
/// `dtype` (0 when equal as bits, or both NaN).
static uint64_t ulpDistance(const std::string &dtype, uint64_t a,
                            uint64_t b) {
  if (a == b)
    return 0;
  double x = sim::decodeFloat(dtype, a), y = sim::decodeFloat(dtype, b);
  if (std::isnan(x) && std::isnan(y))
    return 0;
  unsigned w = tirx_sim::dtypeBytes(dtype) * 8;
  auto ordered = [&](uint64_t v) -> int64_t {
    uint64_t sign = uint64_t(1) << (w - 1);
    uint64_t mag = v & (sign - 1);
    return (v & sign) ? -int64_t(mag) : int64_t(mag);
  };
  int64_t d = ordered(a) - ordered(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

/// Compares the arrays of the two levels; prints the first differences.
static bool compareLevels(const std::vector<ArrayArg> &ir,
                          const std::vector<ArrayArg> &ptx) {
  bool same = true;
  for (size_t i = 0; i < ir.size(); ++i) {
    const ArrayArg &a = ir[i], &b = ptx[i];
    unsigned eb = tirx_sim::dtypeBytes(a.dtype);
    bool isFloat = StringRef(a.dtype).starts_with("float") ||
                   a.dtype == "bfloat16";
    uint64_t count = a.data.size() / eb, differ = 0, worst = 0;
    int64_t first = -1;
    for (uint64_t e = 0; e < count; ++e) {
      uint64_t x = 0, y = 0;
      std::memcpy(&x, a.data.data() + e * eb, eb);
      std::memcpy(&y, b.data.data() + e * eb, eb);
      if (x == y)
        continue;
      uint64_t d = isFloat ? ulpDistance(a.dtype, x, y) : ~uint64_t(0);
      if (d <= ulps)
        continue;
      worst = std::max(worst, d);
      if (first < 0)
        first = static_cast<int64_t>(e);
      ++differ;
    }
    if (!differ)
      continue;
    same = false;
    llvm::outs() << "PTX level differs: arg" << a.param << " (" << a.dtype
                 << "): " << differ << " of " << count
                 << " elements, first at [" << first << "]: IR level "
                 << formatValue(a, elementValue(a, first)) << ", PTX level "
                 << formatValue(b, elementValue(b, first));
    if (isFloat)
      llvm::outs() << " (up to " << worst << " ulps)";
    llvm::outs() << "\n";
  }
  return same;
}

static std::vector<int64_t> parseShape3(StringRef s, bool &ok) {
  std::vector<int64_t> out;
  ok = true;
  if (s.empty())
    return {0, 0, 0};
  SmallVector<StringRef> parts;
  s.split(parts, ',');
  for (StringRef p : parts) {
    int64_t v;
    if (p.trim().getAsInteger(10, v) || v < 1)
      ok = false;
    out.push_back(v);
  }
  if (out.size() > 3)
    ok = false;
  while (out.size() < 3)
    out.push_back(1);
  return out;
}

/// Statistics, the arrays after a successful run, --out-dir files.
static int report(LogicalResult result, const sim::Stats &stats,
                  const std::vector<ArrayArg> &arrays) {
  if (showStats) {
    llvm::outs() << "stats: " << stats.dynamicOps << " ops, "
                 << stats.threads << " threads, " << stats.ctas << " CTAs, "
                 << stats.clusters << " clusters, " << stats.asyncOps
                 << " async ops, races "
                 << (stats.racesChecked ? "checked" : "not checked") << ", "
                 << llvm::format("%.3f", stats.seconds) << " s ("
                 << llvm::format("%.3f", stats.cpuSeconds) << " s cpu)\n";
  }
  if (succeeded(result)) {
    if (printMode != "none")
      for (const ArrayArg &a : arrays)
        printArray(a);
    if (!outDir.empty()) {
      for (const ArrayArg &a : arrays) {
        tirx_sim::NpyArray arr{a.dtype, a.shape, a.data};
        std::string error;
        SmallString<128> path(outDir);
        llvm::sys::path::append(path, "arg" + std::to_string(a.param) + ".npy");
        if (!tirx_sim::writeNpy(path.str().str(), arr, error)) {
          fail(error);
          return 1;
        }
      }
    }
  }
  return succeeded(result) ? 0 : 1;
}

/// A .ptx input: the kernel runs with the launch the options give.
static int runPTXInput(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  const llvm::MemoryBuffer *buf = sourceMgr.getMemoryBuffer(1);
  if (decodeOnly) {
    std::vector<std::string> failedKernels;
    LogicalResult r = sim::decodePTXKernels(
        &context, buf->getBuffer(), buf->getBufferIdentifier(),
        &failedKernels);
    llvm::outs() << "decoded the module's kernels, " << failedKernels.size()
                 << " failed";
    for (const std::string &k : failedKernels)
      llvm::outs() << " " << k;
    llvm::outs() << "\n";
    return succeeded(r) ? 0 : 1;
  }
  sim::PTXLaunch launch;
  launch.kernel = funcName;
  bool ok1, ok2, ok3;
  std::vector<int64_t> g = parseShape3(gridOpt, ok1),
                       b = parseShape3(blockOpt, ok2),
                       c = parseShape3(clusterOpt, ok3);
  if (!ok1 || !ok2 || !ok3)
    return fail("--grid, --block and --cluster take X[,Y[,Z]] extents"), 1;
  for (int i = 0; i < 3; ++i) {
    launch.grid[i] = g[i];
    launch.block[i] = b[i];
    launch.cluster[i] = c[i];
  }
  launch.dynamicSharedBytes = dynSmem;
  if (!abiOpt.empty()) {
    SmallVector<StringRef> parts;
    StringRef(abiOpt).split(parts, ',');
    for (StringRef p : parts)
      launch.abi.push_back(p.trim().str());
  }
  std::string name = buf->getBufferIdentifier().str();
  FailureOr<std::shared_ptr<sim::Program>> program =
      sim::compilePTX(&context, buf->getBuffer(), name, launch);
  if (failed(program))
    return 1;
  std::vector<ArrayArg> arrays;
  std::vector<sim::Argument> args;
  if (!buildArguments(sim::getParams(**program), arrays, args))
    return 1;
  sim::Stats stats;
  LogicalResult result =
      runProgram(**program, true, arrays, args, stats,
                 funcName.empty() ? StringRef("kernel") : StringRef(funcName));
  return report(result, stats, arrays);
}

static int runMain(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  if (StringRef(inputFilename).ends_with(".ptx"))
    return runPTXInput(context, sourceMgr);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  FunctionOpInterface func = findKernelFunction(*module);
  if (!func)
    return 1;
  FailureOr<std::shared_ptr<sim::Program>> program = sim::compile(func);
  if (failed(program))
    return 1;
  std::shared_ptr<sim::Program> ptxProgram;
  if (ptxLevel || diffPTX) {
    CompileOptions options;
    options.chip = chip;
    std::string text;
    FailureOr<PTXLevelProgram> p = compileForPTXLevel(func, options, &text);
    if (!ptxOut.empty() && !text.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(ptxOut, ec);
      if (ec)
        return fail("cannot write " + ptxOut + ": " + ec.message()), 1;
      os << text;
    }
    if (failed(p))
      return 1;
    ptxProgram = p->program;
  }
  std::vector<ArrayArg> arrays;
  std::vector<sim::Argument> args;
  if (!buildArguments(sim::getParams(**program), arrays, args))
    return 1;
  sim::Stats stats;
  LogicalResult result = success();
  if (diffPTX) {
    std::vector<ArrayArg> ptxArrays = arrays;
    // The first error of each level (the IR level's still reach the usual
    // handler, e.g. --verify-diagnostics).
    std::optional<Location> irFirst, ptxFirst;
    std::string irMessage, ptxMessage;
    std::vector<std::string> ptxDiags;
    LogicalResult irResult = failure(), ptxResult = failure();
    {
      ScopedDiagnosticHandler capture(&context, [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error && !irFirst) {
          irFirst = d.getLocation();
          irMessage = d.str();
        }
        return failure();
      });
      irResult = runProgram(**program, false, arrays, args, stats,
                            SymbolTable::getSymbolName(func).getValue());
    }
    sim::Stats ptxStats;
    {
      ScopedDiagnosticHandler capture(&context, [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error) {
          if (!ptxFirst) {
            ptxFirst = d.getLocation();
            ptxMessage = d.str();
          }
          std::string text;
          llvm::raw_string_ostream os(text);
          os << d.getLocation() << ": " << d.str();
          for (Diagnostic &n : d.getNotes())
            os << "\n  note: " << n.getLocation() << ": " << n.str();
          ptxDiags.push_back(text);
        }
        return success();
      });
      ptxResult = runProgram(*ptxProgram, true, ptxArrays, args, ptxStats);
    }
    auto lineOf = [](std::optional<Location> l) -> int64_t {
      if (!l)
        return -1;
      if (auto f = dyn_cast<FileLineColLoc>(*l))
        return f.getLine();
      return -1;
    };
    if (failed(irResult) || failed(ptxResult)) {
      if (failed(irResult) && succeeded(ptxResult)) {
        // The compiled code may no longer hold what the IR level found (a
        // store nothing reads, a collective merged across branches).
        llvm::outs() << "IR level only: the IR level reports a problem at "
                        "line "
                     << lineOf(irFirst)
                     << ", the PTX level (the compiled code) does not\n";
        return 1;
      }
      if (failed(ptxResult) && succeeded(irResult)) {
        llvm::outs() << "PTX level differs: the PTX level reports a problem, "
                        "the IR level does not\n";
        for (const std::string &d : ptxDiags)
          llvm::outs() << "  PTX level: " << d << "\n";
        emitError(func.getLoc()) << "the PTX level reports a problem the IR "
                                    "level does not: "
                                 << ptxMessage;
        return 1;
      }
      int64_t a = lineOf(irFirst), b = lineOf(ptxFirst);
      if (a != b) {
        llvm::outs() << "PTX level differs: the IR level reports a problem "
                        "at line "
                     << a << ", the PTX level at line " << b << ": "
                     << ptxMessage << "\n";
        for (const std::string &d : ptxDiags)
          llvm::outs() << "  PTX level: " << d << "\n";
        emitError(func.getLoc())
            << "the PTX level reports its first problem at line " << b
            << ", the IR level at line " << a;
      } else {
        llvm::outs() << "both levels report a problem at line " << a << "\n";
      }
      return 1;
    }
    if (!compareLevels(arrays, ptxArrays))
      return 1;
    llvm::outs() << "PTX level matches the IR level (" << arrays.size()
                 << " arrays, " << stats.dynamicOps << " IR-level ops, "
                 << ptxStats.dynamicOps << " PTX-level ops)\n";
  } else {
    result = runProgram(ptxLevel ? *ptxProgram : **program, ptxLevel, arrays,
                        args, stats,
                        SymbolTable::getSymbolName(func).getValue());
  }
  return report(result, stats, arrays);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "TIRx simulator: run a kernel on the CPU\n");
  if (printMode != "summary" && printMode != "full" && printMode != "none") {
    fail("--print is summary, full or none");
    return 1;
  }
  DialectRegistry registry;
  registerAllDialects(registry);
  // The PTX level compiles the kernel as tirx-translate does.
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  mlir::tirx::registerTIRxDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  std::string error;
  auto input = openInputFile(inputFilename, &error);
  if (!input) {
    fail(error);
    return 1;
  }
  auto process = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                     llvm::raw_ostream &) -> LogicalResult {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    if (verifyDiagnostics) {
      SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &context);
      (void)runMain(context, sourceMgr);
      return handler.verify();
    }
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    return success(runMain(context, sourceMgr) == 0);
  };
  if (splitInputFile)
    return failed(splitAndProcessBuffer(std::move(input), process,
                                        llvm::outs(), kDefaultSplitMarker,
                                        "// -----"))
               ? 1
               : 0;
  return failed(process(std::move(input), llvm::outs())) ? 1 : 0;
}
