//===- LaunchDescription.cpp - Host parts as JSON for the launcher --------===//
//
// Serializes each host function (parameters, the straight-line host program
// and its gpu.launch_func) as JSON. Values are numbered in program order,
// the parameters first; every entry carries its source location so the
// launcher reports run-time errors at the user's line.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Host/LaunchDescription.h"
#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tirx;
namespace json = llvm::json;

/// The arith ops the launcher implements (python/tirx/runtime/launcher.py,
/// `_ARITH`): integer and float arithmetic, comparisons, select, casts.
static const llvm::StringSet<> &launcherArithOps() {
  static const llvm::StringSet<> ops = {
      "arith.constant",   "arith.addi",      "arith.subi",
      "arith.muli",       "arith.divsi",     "arith.divui",
      "arith.ceildivsi",  "arith.ceildivui", "arith.floordivsi",
      "arith.remsi",      "arith.remui",     "arith.minsi",
      "arith.maxsi",      "arith.minui",     "arith.maxui",
      "arith.andi",       "arith.ori",       "arith.xori",
      "arith.shli",       "arith.shrsi",     "arith.shrui",
      "arith.addf",       "arith.subf",      "arith.mulf",
      "arith.divf",       "arith.negf",      "arith.maximumf",
      "arith.minimumf",   "arith.maxnumf",   "arith.minnumf",
      "arith.cmpi",       "arith.cmpf",      "arith.select",
      "arith.index_cast", "arith.index_castui", "arith.extsi",
      "arith.extui",      "arith.trunci",    "arith.sitofp",
      "arith.uitofp",     "arith.fptosi",    "arith.fptoui",
      "arith.extf",       "arith.truncf"};
  return ops;
}

StringRef mlir::tirx::getHostOpName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (launcherArithOps().contains(name))
    return name;
  if (isa<BufferDimOp, BufferDataOp, BindOp, TensorMapEncodeTiledOp>(op))
    return name;
  return {};
}

StringRef mlir::tirx::getHostValueType(Type type) {
  if (type.isIndex())
    return "index";
  if (auto i = dyn_cast<IntegerType>(type)) {
    switch (i.getWidth()) {
    case 1:
      return "i1";
    case 8:
      return "i8";
    case 16:
      return "i16";
    case 32:
      return "i32";
    case 64:
      return "i64";
    default:
      return {};
    }
  }
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (isa<BufferType>(type))
    return "buffer";
  if (isa<PtrType>(type))
    return "pointer";
  if (isa<TensorMapType>(type))
    return "tensormap";
  return {};
}

/// "file.py:12:5" for file locations (through call sites and fusions).
static std::string formatLoc(Location loc) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto f = dyn_cast<FileLineColRange>(l)) {
      text = llvm::formatv("{0}:{1}:{2}", f.getFilename().getValue(),
                           f.getStartLine(), f.getStartColumn())
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text;
}

namespace {

/// Builds one function's description.
class Describer {
public:
  explicit Describer(FunctionOpInterface func) : func(func) {}

  FailureOr<json::Object> run(gpu::LaunchFuncOp launch);

private:
  json::Value ref(Value v) { return json::Value(ids.lookup(v)); }
  json::Array refs(ValueRange vs) {
    json::Array a;
    for (Value v : vs)
      a.push_back(ref(v));
    return a;
  }
  /// A mixed static/dynamic list: integers, or {"value": id}.
  json::Array mixed(ArrayRef<int64_t> statics, ValueRange dynamics) {
    json::Array a;
    unsigned next = 0;
    for (int64_t s : statics) {
      if (ShapedType::isDynamic(s))
        a.push_back(json::Object{{"value", ref(dynamics[next++])}});
      else
        a.push_back(s);
    }
    return a;
  }
  json::Object param(unsigned index);
  FailureOr<json::Object> describe(Operation *op);

  FunctionOpInterface func;
  llvm::DenseMap<Value, int64_t> ids;
};

} // namespace

json::Object Describer::param(unsigned index) {
  BlockArgument arg = func.getArgument(index);
  Type type = arg.getType();
  std::string name = "arg" + std::to_string(index);
  if (auto attr = func.getArgAttrOfType<StringAttr>(index, "tirx.name"))
    name = attr.getValue().str();
  else if (auto loc = dyn_cast<NameLoc>(arg.getLoc()))
    name = loc.getName().getValue().str();
  json::Object p{{"name", name}, {"index", index}};
  auto dtypeOf = [](Type t) -> json::Value {
    if (std::optional<StringRef> d = getDTypeName(t))
      return *d;
    return nullptr;
  };
  if (auto buffer = dyn_cast<BufferType>(type)) {
    json::Array shape, strides;
    for (int64_t d : buffer.getShape())
      shape.push_back(ShapedType::isDynamic(d) ? json::Value(nullptr)
                                               : json::Value(d));
    for (int64_t s : buffer.getStridesOrDefault())
      strides.push_back(ShapedType::isDynamic(s) ? json::Value(nullptr)
                                                 : json::Value(s));
    p["kind"] = "buffer";
    // Dense row-major buffers are checked against the tensor's own shape.
    p["layout"] = buffer.hasDefaultLayout() ? "row_major" : "strided";
    p["dtype"] = dtypeOf(buffer.getElementType());
    p["element_bits"] = getElementBitWidth(buffer.getElementType());
    p["shape"] = std::move(shape);
    p["strides"] = std::move(strides);
  } else if (auto ptr = dyn_cast<PtrType>(type)) {
    p["kind"] = "pointer";
    p["dtype"] = dtypeOf(ptr.getElementType());
  } else {
    p["kind"] = "scalar";
    p["dtype"] = dtypeOf(type);
  }
  p["type"] = getHostValueType(type);
  std::string loc = formatLoc(arg.getLoc());
  if (!loc.empty())
    p["loc"] = loc;
  return p;
}

FailureOr<json::Object> Describer::describe(Operation *op) {
  StringRef name = getHostOpName(op);
  if (name.empty() || op->getNumResults() != 1 ||
      getHostValueType(op->getResult(0).getType()).empty())
    return op->emitOpError("cannot run in the host part of a kernel "
                           "function (run tirx-split-host-device first)");
  json::Object e{{"op", name},
                 {"type", getHostValueType(op->getResult(0).getType())}};
  std::string loc = formatLoc(op->getLoc());
  if (!loc.empty())
    e["loc"] = loc;
  if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
    if (auto i = dyn_cast<IntegerAttr>(cst.getValue())) {
      if (i.getType().isInteger(1))
        e["value"] = i.getValue().getBoolValue() ? 1 : 0;
      else
        e["value"] = i.getValue().getSExtValue();
    } else if (auto f = dyn_cast<FloatAttr>(cst.getValue())) {
      e["value"] = f.getValueAsDouble();
    } else {
      return op->emitOpError("has a constant the launcher cannot hold");
    }
    return e;
  }
  if (auto dim = dyn_cast<BufferDimOp>(op)) {
    e["args"] = refs(dim->getOperands());
    e["dim"] = dim.getDim();
    return e;
  }
  if (auto tmap = dyn_cast<TensorMapEncodeTiledOp>(op)) {
    e["source"] = ref(tmap.getSource());
    e["dtype"] = tmap.getDtype();
    e["global_dims"] =
        mixed(tmap.getStaticGlobalDims(), tmap.getGlobalDims());
    e["global_strides"] =
        mixed(tmap.getStaticGlobalStrides(), tmap.getGlobalStrides());
    e["box"] = mixed(tmap.getBox(), {});
    e["element_strides"] = mixed(tmap.getElementStridesOrDefault(), {});
    e["interleave"] = tmap.getInterleave();
    e["swizzle"] = tmap.getSwizzle();
    e["l2_promotion"] = tmap.getL2Promotion();
    e["oob_fill"] = tmap.getOobFill();
    return e;
  }
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    e["predicate"] = arith::stringifyCmpIPredicate(cmp.getPredicate());
  if (auto cmp = dyn_cast<arith::CmpFOp>(op))
    e["predicate"] = arith::stringifyCmpFPredicate(cmp.getPredicate());
  e["args"] = refs(op->getOperands());
  return e;
}

FailureOr<json::Object> Describer::run(gpu::LaunchFuncOp launch) {
  json::Array params, values;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    ids[func.getArgument(i)] = values.size();
    values.push_back(json::Object{{"op", "param"},
                                  {"index", i},
                                  {"type", getHostValueType(
                                               func.getArgument(i).getType())}});
    params.push_back(param(i));
  }
  for (Operation &op : func.getFunctionBody().front()) {
    if (&op == launch.getOperation())
      break;
    FailureOr<json::Object> entry = describe(&op);
    if (failed(entry))
      return failure();
    ids[op.getResult(0)] = values.size();
    values.push_back(std::move(*entry));
  }
  json::Object l{{"kernel", launch.getKernelName().getValue()},
                 {"module", launch.getKernelModuleName().getValue()}};
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues(),
                  block = launch.getBlockSizeOperandValues();
  l["grid"] = refs({grid.x, grid.y, grid.z});
  l["block"] = refs({block.x, block.y, block.z});
  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cluster = launch.getClusterSizeOperandValues();
    l["cluster"] = refs({cluster.x, cluster.y, cluster.z});
  } else {
    l["cluster"] = nullptr;
  }
  if (auto preferred =
          launch->getAttrOfType<DenseI64ArrayAttr>("tirx.preferred_cluster")) {
    json::Array dims;
    for (int64_t d : preferred.asArrayRef())
      dims.push_back(d);
    while (dims.size() < 3)
      dims.push_back(1);
    l["preferred_cluster"] = std::move(dims);
  }
  if (Value smem = launch.getDynamicSharedMemorySize())
    l["dynamic_shared_memory"] = ref(smem);
  else
    l["dynamic_shared_memory"] = nullptr;
  json::Array args;
  for (Value v : launch.getKernelOperands()) {
    Type type = v.getType();
    StringRef abi = getHostValueType(type);
    if (abi == "buffer")
      abi = "pointer";
    if (abi.empty())
      return launch.emitOpError("passes a kernel argument of type ")
             << type << " that the launcher cannot pass";
    args.push_back(json::Object{{"value", ref(v)}, {"abi", abi}});
  }
  l["args"] = std::move(args);
  json::Object f{{"name", SymbolTable::getSymbolName(func).getValue()},
                 {"params", std::move(params)},
                 {"values", std::move(values)},
                 {"launch", std::move(l)}};
  std::string loc = formatLoc(func.getLoc());
  if (!loc.empty())
    f["loc"] = loc;
  return f;
}

FailureOr<std::string> mlir::tirx::exportLaunchDescription(ModuleOp module) {
  json::Array functions;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    if (func.isExternal())
      continue;
    gpu::LaunchFuncOp launch;
    for (auto op : func.getFunctionBody().front().getOps<gpu::LaunchFuncOp>())
      if (op.getKernelModuleName().getValue() == kKernelModuleName)
        launch = op;
    if (!launch)
      continue;
    FailureOr<json::Object> f = Describer(func).run(launch);
    if (failed(f))
      return failure();
    functions.push_back(std::move(*f));
  }
  // Python functions of the module (tirx.py_func): the launcher defines
  // them next to the kernels.
  json::Array pyfuncs;
  for (auto py : module.getOps<PyFuncOp>())
    pyfuncs.push_back(json::Object{{"name", py.getSymName()},
                                   {"source", py.getSource()}});
  json::Object root{{"format", kLaunchDescriptionFormat},
                    {"functions", std::move(functions)},
                    {"pyfuncs", std::move(pyfuncs)}};
  if (auto target = module->getAttrOfType<TargetAttr>("tirx.target"))
    root["target"] = target.getChip();
  else
    root["target"] = nullptr;
  return llvm::formatv("{0:2}", json::Value(std::move(root))).str() + "\n";
}
