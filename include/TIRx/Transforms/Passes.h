//===- Passes.h - TIRx to TIRx transforms -----------------------*- C++ -*-===//

#ifndef TIRX_TRANSFORMS_PASSES_H
#define TIRX_TRANSFORMS_PASSES_H

#include "TIRx/Dialect/TIRxDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace gpu {
class GPUDialect;
}
namespace NVVM {
class NVVMDialect;
}
namespace arith {
class ArithDialect;
}
namespace math {
class MathDialect;
}
namespace vector {
class VectorDialect;
}
} // namespace mlir

namespace mlir::tirx {

#define GEN_PASS_DECL
#include "TIRx/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TIRx/Transforms/Passes.h.inc"

} // namespace mlir::tirx

#endif // TIRX_TRANSFORMS_PASSES_H
