//===- MarkGridConstants.cpp - By-value tensormap parameters ----*- C++ -*-===//
//
// After convert-gpu-to-nvvm, turns the kernel parameters listed in
// `tirx.grid_constant_args` into by-value `__grid_constant__` CUtensorMap
// parameters (.param .align 64 .b8 p[128]).
//
//===----------------------------------------------------------------------===//

#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Host/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tirx {
#define GEN_PASS_DEF_MARKGRIDCONSTANTSPASS
#include "TIRx/Host/Passes.h.inc"
} // namespace mlir::tirx

using namespace mlir;
using namespace mlir::tirx;

namespace {

/// Size and alignment of a CUtensorMap.
constexpr unsigned kTensorMapBytes = 128;
constexpr unsigned kTensorMapAlign = 64;

struct MarkGridConstantsPass
    : tirx::impl::MarkGridConstantsPassBase<MarkGridConstantsPass> {
  void runOnOperation() override {
    WalkResult result = getOperation()->walk([&](LLVM::LLVMFuncOp func) {
      auto args =
          func->getAttrOfType<DenseI32ArrayAttr>(kGridConstantArgsAttrName);
      if (!args)
        return WalkResult::advance();
      // The dialect verifier checks the attribute where it is attached; the
      // pass checks again, so IR that skipped verification is refused
      // rather than marked into IR the NVVM verifier rejects.
      if (func.isExternal() ||
          !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName())) {
        func.emitOpError("has '")
            << kGridConstantArgsAttrName
            << "' but is not a kernel with a body (nvvm.kernel): only a "
               "kernel's parameters can be __grid_constant__";
        return WalkResult::interrupt();
      }
      MLIRContext *ctx = func.getContext();
      Builder b(ctx);
      Type byval = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8),
                                            kTensorMapBytes);
      unsigned numArgs = func.getNumArguments();
      for (int32_t index : args.asArrayRef()) {
        if (index < 0 || static_cast<unsigned>(index) >= numArgs) {
          func.emitOpError("lists parameter ")
              << index << " in '" << kGridConstantArgsAttrName
              << "', but has " << numArgs << " parameters";
          return WalkResult::interrupt();
        }
        auto ptr = dyn_cast<LLVM::LLVMPointerType>(
            func.getArgumentTypes()[index]);
        if (!ptr || ptr.getAddressSpace() != 0) {
          func.emitOpError("cannot pass parameter ")
              << index << " by value as a tensormap: it is lowered to "
              << func.getArgumentTypes()[index]
              << ", not a generic !llvm.ptr";
          return WalkResult::interrupt();
        }
        func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(byval));
        func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(kTensorMapAlign));
        func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                        b.getUnitAttr());
      }
      func->removeAttr(kGridConstantArgsAttrName);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
