//===- TIRxToSCF.h - TIRx control flow to scf and cf ------------*- C++ -*-===//

#ifndef TIRX_CONVERSION_TIRXTOSCF_TIRXTOSCF_H
#define TIRX_CONVERSION_TIRXTOSCF_TIRXTOSCF_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace scf {
class SCFDialect;
}
namespace cf {
class ControlFlowDialect;
}
namespace arith {
class ArithDialect;
}
namespace tirx {

#define GEN_PASS_DECL_CONVERTTIRXTOSCFPASS
#include "TIRx/Conversion/Passes.h.inc"

/// Patterns rewriting regular (break/continue-free) tirx.for, tirx.while
/// and tirx.if into scf.for, scf.while and scf.if.
void populateTIRxToSCFConversionPatterns(RewritePatternSet &patterns);

/// Lowers every irregular (break/continue-carrying) TIRx control-flow op
/// under `root` to cf branches. Fails with a located error where the
/// enclosing region cannot hold several blocks.
LogicalResult lowerIrregularControlFlow(Operation *root);

} // namespace tirx
} // namespace mlir

#endif // TIRX_CONVERSION_TIRXTOSCF_TIRXTOSCF_H
