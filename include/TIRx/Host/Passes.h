//===- Passes.h - the host/device boundary ----------------------*- C++ -*-===//

#ifndef TIRX_HOST_PASSES_H
#define TIRX_HOST_PASSES_H

#include "TIRx/Dialect/TIRxDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace gpu {
class GPUDialect;
}
namespace NVVM {
class NVVMDialect;
}
namespace LLVM {
class LLVMDialect;
}
namespace arith {
class ArithDialect;
}
} // namespace mlir

namespace mlir::tirx {

#define GEN_PASS_DECL
#include "TIRx/Host/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TIRx/Host/Passes.h.inc"

} // namespace mlir::tirx

#endif // TIRX_HOST_PASSES_H
