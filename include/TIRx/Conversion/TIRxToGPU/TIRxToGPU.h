//===- TIRxToGPU.h - Outline TIRx kernels into gpu.func ---------*- C++ -*-===//

#ifndef TIRX_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
#define TIRX_CONVERSION_TIRXTOGPU_TIRXTOGPU_H

#include "TIRx/Dialect/TIRxDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace gpu {
class GPUDialect;
}
namespace NVVM {
class NVVMDialect;
}
namespace arith {
class ArithDialect;
}
namespace tirx {

#define GEN_PASS_DECL_CONVERTTIRXTOGPUPASS
#include "TIRx/Conversion/Passes.h.inc"

/// Name of the GPU module that holds the outlined kernels.
inline constexpr llvm::StringLiteral kKernelModuleName = "tirx_kernels";

/// Name of the attribute convert-tirx-to-gpu puts on each `shared.dyn`
/// `tirx.alloc_buffer`: its byte offset in the kernel's dynamic shared
/// memory arena.
inline constexpr llvm::StringLiteral kDynSharedOffsetAttrName =
    TIRxDialect::getDynSharedOffsetAttrName();

/// Name of the function attribute convert-tirx-to-gpu puts on an outlined
/// kernel: the indices of its `!tirx.tensormap` parameters, which
/// `tirx-mark-grid-constants` turns into by-value `__grid_constant__`
/// parameters after the GPU-to-NVVM conversion.
inline constexpr llvm::StringLiteral kGridConstantArgsAttrName =
    TIRxDialect::getGridConstantArgsAttrName();

/// Patterns lowering scope-id ops (tirx.thread_id, tirx.warp_id, ...) to
/// NVVM special-register reads and arithmetic. The block shape is read from
/// the enclosing function's `known_block_size` (or `gpu.known_block_size`);
/// without one, ids are derived from `%tid.x` alone.
void populateTIRxScopeIdToNVVMPatterns(RewritePatternSet &patterns);

} // namespace tirx
} // namespace mlir

#endif // TIRX_CONVERSION_TIRXTOGPU_TIRXTOGPU_H
