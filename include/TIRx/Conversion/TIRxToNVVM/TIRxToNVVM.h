//===- TIRxToNVVM.h - TIRx to LLVM/NVVM -------------------------*- C++ -*-===//

#ifndef TIRX_CONVERSION_TIRXTONVVM_TIRXTONVVM_H
#define TIRX_CONVERSION_TIRXTONVVM_TIRXTONVVM_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;
namespace LLVM {
class LLVMDialect;
}
namespace NVVM {
class NVVMDialect;
}
namespace tirx {

#define GEN_PASS_DECL_CONVERTTIRXTONVVMPASS
#include "TIRx/Conversion/Passes.h.inc"

/// Adds the conversions of the TIRx types (pointers, buffers, tensormaps).
void populateTIRxToLLVMTypeConversions(LLVMTypeConverter &converter);

/// Patterns lowering the core TIRx ops (binds, buffers, pointers,
/// reinterpret) to the LLVM dialect.
void populateTIRxToNVVMConversionPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns);

/// Patterns lowering every `tirx.ptx.*` op to its NVVM op(s).
void populateTIRxPTXToNVVMConversionPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns);

/// Registers TIRx's ConvertToLLVMPatternInterface, so that upstream
/// `convert-to-llvm` and `convert-gpu-to-nvvm` lower TIRx too.
void registerConvertTIRxToNVVMInterface(DialectRegistry &registry);

} // namespace tirx
} // namespace mlir

#endif // TIRX_CONVERSION_TIRXTONVVM_TIRXTONVVM_H
