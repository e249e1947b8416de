//===- Serialize.h - gpu-module-to-binary with TIRx's LLVM settings -*- C++ -*-===//

#ifndef TIRX_LIB_PIPELINES_SERIALIZE_H
#define TIRX_LIB_PIPELINES_SERIALIZE_H

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tirx {

/// `gpu-module-to-binary` with `options`, run with LLVM's SLP vectorizer off
/// when a `gpu.module` has more than `slpMaxOps` ops (unless the process set
/// `-vectorize-slp` itself).
std::unique_ptr<Pass>
createSerializeGPUModulesPass(const GpuModuleToBinaryPassOptions &options,
                              unsigned slpMaxOps);

} // namespace mlir::tirx

#endif // TIRX_LIB_PIPELINES_SERIALIZE_H
