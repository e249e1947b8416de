//===- Passes.h - TIRx conversions ------------------------------*- C++ -*-===//

#ifndef TIRX_CONVERSION_PASSES_H
#define TIRX_CONVERSION_PASSES_H

#include "TIRx/Conversion/TIRxToGPU/TIRxToGPU.h"
#include "TIRx/Conversion/TIRxToNVVM/TIRxToNVVM.h"
#include "TIRx/Conversion/TIRxToSCF/TIRxToSCF.h"

namespace mlir::tirx {
#define GEN_PASS_REGISTRATION
#include "TIRx/Conversion/Passes.h.inc"
} // namespace mlir::tirx

#endif // TIRX_CONVERSION_PASSES_H
