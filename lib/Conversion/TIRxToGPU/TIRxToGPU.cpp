//===- TIRxToGPU.cpp - Outline TIRx kernels into gpu.func -------*- C++ -*-===//

#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Dialect/SharedMemoryLayout.h"
#include "TIRx/Dialect/TIRxOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::tirx {
#define GEN_PASS_DEF_CONVERTTIRXTOGPUPASS
#include "TIRx/Conversion/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

//===----------------------------------------------------------------------===//
// Scope ids to special registers
//===----------------------------------------------------------------------===//

namespace {

/// The block shape a scope-id op runs under, from the enclosing function.
static std::array<int64_t, 3> getBlockShape(Operation *op) {
  std::array<int64_t, 3> shape = {0, 1, 1};
  for (Operation *cur = op->getParentOp(); cur; cur = cur->getParentOp()) {
    DenseI32ArrayAttr attr;
    if (auto func = dyn_cast<gpu::GPUFuncOp>(cur))
      attr = func.getKnownBlockSizeAttr();
    else if (isa<FunctionOpInterface>(cur))
      attr = cur->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size");
    if (!attr)
      continue;
    for (auto [i, v] : llvm::enumerate(attr.asArrayRef()))
      if (i < 3)
        shape[i] = v;
    return shape;
  }
  return shape;
}

struct ScopeIdLowering : RewritePattern {
  ScopeIdLowering(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<ClusterIdOp, CtaIdOp, CtaIdInClusterOp, WarpgroupIdOp, WarpIdOp,
             WarpIdInWgOp, LaneIdOp, ThreadIdOp, ThreadIdInWgOp>(op))
      return failure();
    Location loc = op->getLoc();
    Type i32 = rewriter.getI32Type();
    auto cst = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, v);
    };
    auto tid = [&](int dim) -> Value {
      switch (dim) {
      case 0:
        return NVVM::ThreadIdXOp::create(rewriter, loc, i32);
      case 1:
        return NVVM::ThreadIdYOp::create(rewriter, loc, i32);
      default:
        return NVVM::ThreadIdZOp::create(rewriter, loc, i32);
      }
    };
    std::array<int64_t, 3> block = getBlockShape(op);
    auto linearTid = [&]() -> Value {
      Value linear = tid(0);
      if (block[1] > 1 || block[2] > 1) {
        Value y = arith::MulIOp::create(rewriter, loc, tid(1), cst(block[0]));
        linear = arith::AddIOp::create(rewriter, loc, linear, y);
        if (block[2] > 1) {
          Value z = arith::MulIOp::create(rewriter, loc, tid(2),
                                          cst(block[0] * block[1]));
          linear = arith::AddIOp::create(rewriter, loc, linear, z);
        }
      }
      return linear;
    };
    SmallVector<Value> ids;
    unsigned n = op->getNumResults();
    for (unsigned d = 0; d < n; ++d) {
      Value v;
      if (isa<ThreadIdOp>(op)) {
        v = n == 1 ? linearTid() : tid(d);
      } else if (isa<CtaIdOp>(op)) {
        v = d == 0   ? (Value)NVVM::BlockIdXOp::create(rewriter, loc, i32)
            : d == 1 ? (Value)NVVM::BlockIdYOp::create(rewriter, loc, i32)
                     : (Value)NVVM::BlockIdZOp::create(rewriter, loc, i32);
      } else if (isa<ClusterIdOp>(op)) {
        v = d == 0   ? (Value)NVVM::ClusterIdXOp::create(rewriter, loc, i32)
            : d == 1 ? (Value)NVVM::ClusterIdYOp::create(rewriter, loc, i32)
                     : (Value)NVVM::ClusterIdZOp::create(rewriter, loc, i32);
      } else if (isa<CtaIdInClusterOp>(op)) {
        v = d == 0 ? (Value)NVVM::BlockInClusterIdXOp::create(rewriter, loc, i32)
            : d == 1
                ? (Value)NVVM::BlockInClusterIdYOp::create(rewriter, loc, i32)
                : (Value)NVVM::BlockInClusterIdZOp::create(rewriter, loc, i32);
      } else if (isa<LaneIdOp>(op)) {
        v = NVVM::LaneIdOp::create(rewriter, loc, i32);
      } else if (isa<WarpIdOp>(op)) {
        v = arith::DivUIOp::create(rewriter, loc, linearTid(), cst(32));
      } else if (isa<WarpgroupIdOp>(op)) {
        v = arith::DivUIOp::create(rewriter, loc, linearTid(), cst(128));
      } else if (isa<WarpIdInWgOp>(op)) {
        Value warp = arith::DivUIOp::create(rewriter, loc, linearTid(), cst(32));
        v = arith::RemUIOp::create(rewriter, loc, warp, cst(4));
      } else {
        v = arith::RemUIOp::create(rewriter, loc, linearTid(), cst(128));
      }
      Type resultType = op->getResult(d).getType();
      if (resultType != i32)
        v = ReinterpretOp::create(rewriter, loc, resultType, v);
      ids.push_back(v);
    }
    rewriter.replaceOp(op, ids);
    return success();
  }
};

} // namespace

void mlir::tirx::populateTIRxScopeIdToNVVMPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ScopeIdLowering>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

namespace {

struct ConvertTIRxToGPUPass
    : tirx::impl::ConvertTIRxToGPUPassBase<ConvertTIRxToGPUPass> {
  void runOnOperation() override;

private:
  LogicalResult outline(KernelOp kernel, gpu::GPUModuleOp gpuModule,
                        SymbolTable &gpuSymbols, SymbolTable &moduleSymbols);
  LogicalResult cloneCallees(gpu::GPUFuncOp func, SymbolTable &gpuSymbols,
                             SymbolTable &moduleSymbols);
};

} // namespace

/// Places each `shared.dyn` allocation in the kernel's dynamic shared memory
/// arena: the layout tirx-plan-shared-memory recorded, or the same layout
/// computed now and recorded; returns the arena size.
static FailureOr<int64_t> assignDynamicShared(KernelOp kernel) {
  FailureOr<DynamicSharedLayout> layout = getDynamicSharedLayout(kernel);
  if (failed(layout))
    return failure();
  recordDynamicSharedLayout(*layout);
  return layout->bytes;
}

/// Declares the NVSHMEM device function `callee` (a func.func declaration)
/// as an external llvm.func of the GPU module and records `call` for the
/// rewrite to an llvm.call (pointers pass as generic !llvm.ptr).
static bool nvshmemCalls(CallOpInterface call, FunctionOpInterface callee,
                         SymbolTable &gpuSymbols) {
  MLIRContext *ctx = call->getContext();
  auto llvmType = [&](Type t) -> Type {
    if (isa<PtrType>(t))
      return LLVM::LLVMPointerType::get(ctx);
    if (isa<IntegerType, FloatType>(t))
      return t;
    return Type();
  };
  auto fnType = dyn_cast<FunctionType>(callee.getFunctionType());
  if (!fnType || fnType.getNumResults() > 1)
    return false;
  SmallVector<Type> params;
  for (Type t : fnType.getInputs()) {
    Type lt = llvmType(t);
    if (!lt)
      return false;
    params.push_back(lt);
  }
  Type result = fnType.getNumResults() ? llvmType(fnType.getResult(0))
                                       : LLVM::LLVMVoidType::get(ctx);
  if (!result)
    return false;
  StringRef name = SymbolTable::getSymbolName(callee).getValue();
  auto decl = gpuSymbols.lookup<LLVM::LLVMFuncOp>(name);
  if (!decl) {
    OpBuilder b(ctx);
    b.setInsertionPointToStart(&gpuSymbols.getOp()->getRegion(0).front());
    decl = LLVM::LLVMFuncOp::create(b, callee.getLoc(), name,
                                    LLVM::LLVMFunctionType::get(result, params));
    gpuSymbols.insert(decl);
  }
  OpBuilder b(call);
  SmallVector<Value> args;
  for (auto [v, t] : llvm::zip(call->getOperands(), params)) {
    if (v.getType() == t) {
      args.push_back(v);
      continue;
    }
    args.push_back(
        UnrealizedConversionCastOp::create(b, call.getLoc(), t, v).getResult(0));
  }
  auto newCall = LLVM::CallOp::create(b, call.getLoc(), decl, args);
  if (call->getNumResults())
    call->getResult(0).replaceAllUsesWith(newCall.getResult());
  call->erase();
  return true;
}

LogicalResult ConvertTIRxToGPUPass::cloneCallees(gpu::GPUFuncOp func,
                                                 SymbolTable &gpuSymbols,
                                                 SymbolTable &moduleSymbols) {
  SmallVector<Operation *> worklist = {func};
  while (!worklist.empty()) {
    Operation *cur = worklist.pop_back_val();
    SmallVector<CallOpInterface> calls;
    cur->walk([&](CallOpInterface call) { calls.push_back(call); });
    WalkResult result = WalkResult::advance();
    for (CallOpInterface call : calls) {
      result = [&]() -> WalkResult {
      auto symbol = dyn_cast_if_present<SymbolRefAttr>(
          call.getCallableForCallee());
      if (!symbol)
        return WalkResult::advance();
      StringRef name = symbol.getRootReference();
      if (gpuSymbols.lookup(name))
        return WalkResult::advance();
      auto callee = moduleSymbols.lookup<FunctionOpInterface>(name);
      if (callee && callee.isExternal() && callee->hasAttr("tirx.nvshmem")) {
        // An NVSHMEM device function: a call for the device linker when the
        // module links NVSHMEM, else the error says what is missing.
        auto module = func->getParentOfType<ModuleOp>();
        if (!module || !module->hasAttr("tirx.nvshmem")) {
          call->emitOpError("calls the NVSHMEM device function '")
              << name << "', which needs NVSHMEM: the kernel must be linked "
                         "against libnvshmem_device (compile with nvshmem=True "
                         "to emit the calls for the device linker)";
          return WalkResult::interrupt();
        }
        // An llvm.func declaration (a func.func would get a C-interface
        // wrapper from convert-gpu-to-nvvm, renaming the symbol).
        if (!nvshmemCalls(call, callee, gpuSymbols)) {
          call->emitOpError("calls the NVSHMEM device function '")
              << name << "' with a type the declaration cannot take";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      if (!callee || callee.isExternal()) {
        call->emitOpError("calls '")
            << name << "', which has no body to compile for the device";
        return WalkResult::interrupt();
      }
      Operation *clone = callee->clone();
      SymbolTable::setSymbolVisibility(clone,
                                       SymbolTable::Visibility::Private);
      gpuSymbols.insert(clone);
      worklist.push_back(clone);
      return WalkResult::advance();
      }();
      if (result.wasInterrupted())
        break;
    }
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

LogicalResult ConvertTIRxToGPUPass::outline(KernelOp kernel,
                                            gpu::GPUModuleOp gpuModule,
                                            SymbolTable &gpuSymbols,
                                            SymbolTable &moduleSymbols) {
  MLIRContext *ctx = kernel.getContext();
  auto func = kernel->getParentOfType<FunctionOpInterface>();
  FailureOr<LaunchShape> shape =
      kernel.computeLaunchShape(/*allowDynamicGrid=*/true);
  if (failed(shape))
    return failure();
  FailureOr<int64_t> dynShared = assignDynamicShared(kernel);
  if (failed(dynShared))
    return failure();

  // Constants used from the host part are cloned in; everything else the
  // kernel uses from outside becomes an argument.
  Region &body = kernel.getBody();
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(body, captured);
  OpBuilder builder(ctx);
  builder.setInsertionPointToStart(&body.front());
  SmallVector<Value> arguments;
  for (Value value : captured) {
    Operation *def = value.getDefiningOp();
    if (def && def->getNumResults() == 1 && matchPattern(def, m_Constant())) {
      Operation *clone = builder.clone(*def);
      replaceAllUsesInRegionWith(value, clone->getResult(0), body);
      continue;
    }
    arguments.push_back(value);
  }

  // Function arguments come first, in their order; then other host values.
  llvm::stable_sort(arguments, [](Value a, Value b) {
    auto argA = dyn_cast<BlockArgument>(a), argB = dyn_cast<BlockArgument>(b);
    if (argA && argB)
      return argA.getArgNumber() < argB.getArgNumber();
    return argA && !argB;
  });

  // The kernel function.
  SmallVector<Type> argTypes;
  for (Value v : arguments)
    argTypes.push_back(v.getType());
  builder.setInsertionPointToEnd(gpuModule.getBody());
  auto gpuFunc = gpu::GPUFuncOp::create(builder, kernel.getLoc(),
                                        func.getName(),
                                        builder.getFunctionType(argTypes, {}));
  gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                   builder.getUnitAttr());
  gpuSymbols.insert(gpuFunc);
  Block &entry = gpuFunc.getBody().front();
  for (auto [value, arg] : llvm::zip(arguments, entry.getArguments()))
    replaceAllUsesInRegionWith(value, arg, body);
  entry.getOperations().splice(entry.end(), body.front().getOperations());
  builder.setInsertionPointToEnd(&entry);
  gpu::ReturnOp::create(builder, kernel.getLoc());

  SmallVector<int32_t> block(shape->block, shape->block + 3);
  SmallVector<int32_t> grid(shape->grid, shape->grid + 3);
  gpuFunc.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr(block));
  if (!shape->hasDynamicGrid)
    gpuFunc.setKnownGridSizeAttr(builder.getDenseI32ArrayAttr(grid));
  bool hasCluster = shape->hasCluster &&
                    shape->cluster[0] * shape->cluster[1] * shape->cluster[2] > 1;
  if (hasCluster) {
    SmallVector<int32_t> cluster(shape->cluster, shape->cluster + 3);
    gpuFunc->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                     builder.getDenseI32ArrayAttr(cluster));
  }
  if (auto launch = func->getAttrOfType<LaunchAttr>("tirx.launch")) {
    if (auto regs = launch.getMaxRegisters())
      gpuFunc->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                       builder.getI32IntegerAttr(*regs));
    if (auto blocks = launch.getMinBlocksPerSm())
      gpuFunc->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                       builder.getI32IntegerAttr(*blocks));
  }
  if (*dynShared > 0)
    gpuFunc->setAttr("tirx.dyn_shared_bytes",
                     builder.getI64IntegerAttr(*dynShared));
  // Tensormaps travel by value (tirx-mark-grid-constants, after lowering).
  SmallVector<int32_t> tensorMaps;
  for (auto [i, type] : llvm::enumerate(argTypes))
    if (isa<TensorMapType>(type))
      tensorMaps.push_back(i);
  if (!tensorMaps.empty())
    gpuFunc->setAttr(kGridConstantArgsAttrName,
                     builder.getDenseI32ArrayAttr(tensorMaps));
  if (failed(cloneCallees(gpuFunc, gpuSymbols, moduleSymbols)))
    return failure();

  // The launch.
  builder.setInsertionPoint(kernel);
  Location loc = kernel.getLoc();
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, v);
  };
  // A grid computed on the host: its values, 1 for the dimensions not given.
  auto gridValue = [&](int i) -> Value {
    if (i < static_cast<int>(kernel.getDynamicGrid().size()))
      return kernel.getDynamicGrid()[i];
    return idx(shape->grid[i]);
  };
  gpu::KernelDim3 gridDim{gridValue(0), gridValue(1), gridValue(2)};
  gpu::KernelDim3 blockDim{idx(shape->block[0]), idx(shape->block[1]),
                           idx(shape->block[2])};
  std::optional<gpu::KernelDim3> clusterDim;
  if (hasCluster)
    clusterDim = gpu::KernelDim3{idx(shape->cluster[0]),
                                 idx(shape->cluster[1]),
                                 idx(shape->cluster[2])};
  Value smem = arith::ConstantIntOp::create(builder, loc, builder.getI32Type(),
                                            *dynShared);
  auto launchOp = gpu::LaunchFuncOp::create(
      builder, loc, gpuFunc, gridDim, blockDim, smem, arguments,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{}, clusterDim);
  // Preferred cluster dimensions (a launch attribute of the driver): from
  // the scope id that declares them.
  kernel.walk([&](Operation *op) {
    if (Attribute preferred = op->getAttr("tirx.preferred_cluster")) {
      launchOp->setAttr("tirx.preferred_cluster", preferred);
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  kernel.erase();
  return success();
}

void ConvertTIRxToGPUPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<KernelOp> kernels;
  bool nested = false;
  module.walk([&](KernelOp kernel) {
    // The kernels of a nested module belong to its own symbol table (its
    // callees, its launches): outlining them into this module's GPU module
    // would resolve their calls here.
    if (kernel->getParentOfType<ModuleOp>() != module) {
      kernel.emitOpError("is in a nested module: convert-tirx-to-gpu "
                         "outlines the kernels of the module it runs on (run "
                         "it on the nested module)");
      nested = true;
      return;
    }
    kernels.push_back(kernel);
  });
  if (nested)
    return signalPassFailure();
  if (kernels.empty())
    return;
  // Tile primitives live inside tirx.kernel until they are dispatched;
  // outlined into a gpu.func they would not verify.
  bool tileLeft = false;
  for (KernelOp kernel : kernels)
    kernel.walk([&](Operation *op) {
      if (!op->getName().getStringRef().starts_with("tirx.tile."))
        return WalkResult::advance();
      op->emitOpError("is a tile primitive: run tirx-dispatch-tile-primitives "
                      "and tirx-resolve-layouts before outlining kernels");
      tileLeft = true;
      return WalkResult::interrupt();
    });
  if (tileLeft)
    return signalPassFailure();
  MLIRContext *ctx = &getContext();
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  UnitAttr::get(ctx));
  SymbolTable moduleSymbols(module);
  Operation *existing = moduleSymbols.lookup(kKernelModuleName);
  auto gpuModule = dyn_cast_if_present<gpu::GPUModuleOp>(existing);
  if (existing && !gpuModule) {
    existing->emitOpError("is named '")
        << kKernelModuleName
        << "', the GPU module convert-tirx-to-gpu outlines kernels into";
    return signalPassFailure();
  }
  if (!gpuModule) {
    OpBuilder builder(ctx);
    builder.setInsertionPointToEnd(module.getBody());
    gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), kKernelModuleName);
    moduleSymbols.insert(gpuModule);
  }
  SymbolTable gpuSymbols(gpuModule);
  for (KernelOp kernel : kernels)
    if (failed(outline(kernel, gpuModule, gpuSymbols, moduleSymbols)))
      return signalPassFailure();

  RewritePatternSet patterns(ctx);
  populateTIRxScopeIdToNVVMPatterns(patterns);
  if (failed(applyPatternsGreedily(gpuModule, std::move(patterns))))
    return signalPassFailure();
}
