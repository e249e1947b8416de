//===- SimulatePTX.cpp - Kernel functions at the simulator's PTX level -*- C++ -*-===//
//
// The kernel arguments are traced through the lowering: the host ops of a
// copy of the function are tagged with their position before the copy is
// compiled, and each operand of the resulting gpu.launch_func is a
// parameter of the function, a tagged host value, or a constant the
// lowering folded.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Target/SimulatePTX.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Host/LaunchDescription.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::tirx;

FunctionOpInterface mlir::tirx::findKernelFunction(Operation *root,
                                                   std::optional<StringRef> name,
                                                   StringRef chooser,
                                                   std::string &error) {
  if (auto f = dyn_cast<FunctionOpInterface>(root)) {
    if (name && f.getName() != *name) {
      error = "the function is '" + f.getName().str() + "', not '" +
              name->str() + "'";
      return {};
    }
    return f;
  }
  SmallVector<FunctionOpInterface> found;
  root->walk([&](FunctionOpInterface f) {
    if (name) {
      if (f.getName() == *name)
        found.push_back(f);
      return;
    }
    bool hasKernel = false;
    f->walk([&](KernelOp) { hasKernel = true; });
    if (hasKernel)
      found.push_back(f);
  });
  if (found.size() == 1)
    return found.front();
  if (name)
    error = "no function named '" + name->str() + "'";
  else if (found.empty())
    error = "no function holds a 'tirx.kernel'";
  else
    error = std::to_string(found.size()) +
            " functions hold a 'tirx.kernel'; choose one with " +
            chooser.str();
  return {};
}

/// The tag of a host op in the compiled copy (no dialect prefix: no dialect
/// verifies it).
static constexpr llvm::StringLiteral kTag = "sim_host_value";

static std::optional<uint64_t> constantBits(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  Attribute attr;
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    attr = c.getValue();
  else if (def->hasTrait<OpTrait::ConstantLike>() && def->getNumResults() == 1)
    attr = def->getAttrDictionary().get("value");
  if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
    return i.getValue().getZExtValue();
  if (auto f = dyn_cast_or_null<FloatAttr>(attr))
    return f.getValue().bitcastToAPInt().getZExtValue();
  return std::nullopt;
}

FailureOr<PTXLevelProgram>
mlir::tirx::compileForPTXLevel(FunctionOpInterface func,
                               CompileOptions options,
                               std::string *ptxText) {
  options.lineInfo = true;
  // The simulator is the dynamic check: a kernel the static check refuses
  // still runs, so that both levels report its problem where it happens.
  options.checkSync = false;
  Operation *top = func;
  while (top->getParentOp())
    top = top->getParentOp();
  auto module = dyn_cast<ModuleOp>(top);
  if (!module)
    return func->emitError("the kernel function must be inside a module to "
                           "be compiled for the PTX level");
  KernelOp kernel;
  func->walk([&](KernelOp k) { kernel = k; });
  if (!kernel)
    return func->emitError("'") << func.getName()
                                << "' holds no 'tirx.kernel'";

  // The host part of the original, by position.
  std::vector<Operation *> hostOps;
  for (Operation &op : func.getFunctionBody().front()) {
    if (&op == kernel.getOperation())
      break;
    hostOps.push_back(&op);
  }
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  auto copyFunc = dyn_cast_or_null<FunctionOpInterface>(
      SymbolTable::lookupSymbolIn(*copy, func.getNameAttr()));
  if (!copyFunc)
    return func->emitError("the kernel function has no symbol name the "
                           "compiled copy can be searched by");
  {
    unsigned k = 0;
    Builder b(func->getContext());
    for (Operation &op : copyFunc.getFunctionBody().front()) {
      if (isa<KernelOp>(op))
        break;
      op.setAttr(kTag, b.getI64IntegerAttr(k++));
    }
  }
  Recovery outcome = Recovery::None;
  FailureOr<std::string> ptx =
      compileModule(*copy, OutputFormat::PTX, options, module, &outcome);
  // After a crash signal nothing the compile touched can be trusted.
  if (outcome == Recovery::Crash)
    (void)copy.release();
  if (failed(ptx))
    return failure();
  if (ptxText)
    *ptxText = *ptx;

  gpu::LaunchFuncOp launch;
  copyFunc->walk([&](gpu::LaunchFuncOp l) { launch = l; });
  if (!launch)
    return func->emitError("the compiled kernel function launches no kernel");
  sim::PTXLaunch l;
  l.kernel = launch.getKernelName().getValue().str();
  std::vector<sim::PTXKernelArg> args;
  for (Value v : launch.getKernelOperands()) {
    sim::PTXKernelArg a;
    Value traced = v;
    // Casts the lowering put in between.
    while (auto cast =
               traced.getDefiningOp<UnrealizedConversionCastOp>())
      if (cast.getNumOperands() == 1)
        traced = cast.getOperand(0);
      else
        break;
    Type type = traced.getType();
    if (auto arg = dyn_cast<BlockArgument>(traced);
        arg && arg.getOwner()->getParentOp() == copyFunc.getOperation()) {
      a.value = func.getArgument(arg.getArgNumber());
    } else if (Operation *def = traced.getDefiningOp();
               def && def->hasAttr(kTag)) {
      uint64_t k = cast<IntegerAttr>(def->getAttr(kTag)).getInt();
      if (k >= hostOps.size())
        return func->emitError("internal: a host value out of range");
      a.value = hostOps[k]->getResult(cast<OpResult>(traced).getResultNumber());
    } else if (auto bits = constantBits(traced)) {
      a.isConstant = true;
      a.bits = *bits;
    } else {
      return launch.emitError("the simulator's PTX level cannot trace kernel "
                              "argument ")
             << v << " back to the host part";
    }
    StringRef abi = getHostValueType(a.isConstant ? type : a.value.getType());
    if (abi == "buffer")
      abi = "pointer";
    if (abi.empty())
      return launch.emitError("kernel argument of type ")
             << type << " has no launch ABI";
    l.abi.push_back(abi.str());
    args.push_back(a);
  }
  if (Value smem = launch.getDynamicSharedMemorySize()) {
    std::optional<uint64_t> bytes = constantBits(smem);
    if (!bytes)
      return launch.emitError("the simulator's PTX level needs a dynamic "
                              "shared memory size known when the kernel is "
                              "compiled");
    l.dynamicSharedBytes = *bytes;
  }
  PTXLevelProgram out;
  out.ptx = std::move(*ptx);
  out.kernel = l.kernel;
  out.bufferName = l.kernel + ".ptx";
  FailureOr<std::shared_ptr<sim::Program>> p = sim::compileHostWithPTXKernel(
      func, out.ptx, out.bufferName, l, args);
  if (failed(p))
    return failure();
  out.program = *p;
  return out;
}
