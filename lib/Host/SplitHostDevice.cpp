//===- SplitHostDevice.cpp - Host part for the launcher, kernels outlined -===//
//
// Checks that the host part of every kernel function is a program the
// launcher can run (located diagnostics otherwise), then outlines the
// kernels with convert-tirx-to-gpu.
//
//===----------------------------------------------------------------------===//

#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Dialect/TIRxHostOps.h"
#include "TIRx/Dialect/TIRxOps.h"
#include "TIRx/Host/LaunchDescription.h"
#include "TIRx/Host/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_SPLITHOSTDEVICEPASS
#include "TIRx/Host/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

/// Why a parameter type cannot come from the launcher, or empty.
static std::string checkParameterType(Type type) {
  if (auto buffer = dyn_cast<BufferType>(type)) {
    if (buffer.getMemorySpace() != MemorySpace::Global)
      return "only global buffers are passed to kernels";
    // A dense row-major buffer is checked against the tensor's shape; a
    // strided view needs its strides to check them.
    if (!buffer.hasDefaultLayout() &&
        llvm::any_of(buffer.getStridesOrDefault(), ShapedType::isDynamic))
      return "a strided buffer needs static strides (the launcher checks the "
             "tensor's layout against them)";
    if (!getDTypeName(buffer.getElementType()))
      return "its element type has no runtime dtype";
    return "";
  }
  if (auto ptr = dyn_cast<PtrType>(type)) {
    if (ptr.getMemorySpace() != MemorySpace::Global &&
        ptr.getMemorySpace() != MemorySpace::Generic)
      return "only global or generic pointers are passed to kernels";
    return "";
  }
  if (isa<TensorMapType>(type))
    return "the launcher does not take descriptors; build them in the host "
           "part with 'tirx.tensormap_encode_tiled'";
  if (type.isIntOrIndexOrFloat() && getDTypeName(type))
    return "";
  return "the launcher passes only buffers, pointers and scalars";
}

/// Checks one kernel function; emits located diagnostics.
static LogicalResult checkHostFunction(FunctionOpInterface func,
                                       KernelOp kernel) {
  StringRef name = SymbolTable::getSymbolName(func).getValue();
  bool ok = true;
  if (!func.getResultTypes().empty()) {
    func->emitError("kernel function '")
        << name << "' returns values; its host part only launches the "
        << "kernel, so it must return nothing";
    ok = false;
  }
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    std::string why = checkParameterType(type);
    if (why.empty())
      continue;
    emitError(func.getArgument(i).getLoc())
        << "parameter " << i << " of kernel function '" << name << "' ("
        << type << ") cannot be passed by the launcher: " << why;
    ok = false;
  }
  if (kernel->getParentOp() != func.getOperation()) {
    kernel.emitOpError("must be at the top level of its function for the "
                       "launcher (not inside host control flow)");
    return failure();
  }
  bool afterKernel = false;
  for (Operation &op : func.getFunctionBody().front()) {
    if (&op == kernel.getOperation()) {
      afterKernel = true;
      continue;
    }
    if (afterKernel) {
      // A return with values is reported on the function.
      if (op.hasTrait<OpTrait::ReturnLike>())
        continue;
      op.emitOpError("follows 'tirx.kernel' in '")
          << name << "'; the host part ends with the launch, so only a "
          << "return may follow the kernel";
      ok = false;
      continue;
    }
    if (getHostOpName(&op).empty() ||
        llvm::any_of(op.getResultTypes(),
                     [](Type t) { return getHostValueType(t).empty(); })) {
      op.emitOpError("cannot run in the host part of '")
          << name << "': the launcher evaluates only scalar arithmetic, "
          << "buffer extents and data pointers, binds and tensormap "
          << "creation (move it into 'tirx.kernel')";
      ok = false;
    }
  }
  return success(ok);
}

namespace {
struct SplitHostDevicePass
    : tirx::impl::SplitHostDevicePassBase<SplitHostDevicePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool ok = true;
    for (auto func : module.getOps<FunctionOpInterface>()) {
      KernelOp kernel;
      func.walk([&](KernelOp k) {
        kernel = k;
        return WalkResult::interrupt();
      });
      if (kernel && failed(checkHostFunction(func, kernel)))
        ok = false;
    }
    if (!ok)
      return signalPassFailure();
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createConvertTIRxToGPUPass());
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace
