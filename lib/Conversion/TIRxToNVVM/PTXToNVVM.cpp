//===- PTXToNVVM.cpp - tirx.ptx.* ops to NVVM -------------------*- C++ -*-===//

#include "TIRx/Conversion/TIRxToNVVM/TIRxToNVVM.h"
#include "TIRx/Dialect/TIRxPTXOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tirx;

void mlir::tirx::populateTIRxPTXToNVVMConversionPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  // The tirx.ptx.* op lowerings are registered here.
  (void)converter;
  (void)patterns;
}
