//===- TIRxPTXOps.td - TIRx PTX-level ops ------------------*- tablegen -*-===//
//
// PTX-level ops (`tirx.ptx.*`). Generated separately from the core ops so the
// two families compile in separate translation units.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXPTXOPS_TD
#define TIRX_DIALECT_TIRXPTXOPS_TD

include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"
include "TIRx/Dialect/TIRxTypes.td"
include "TIRx/Dialect/TIRxAttrs.td"

#endif // TIRX_DIALECT_TIRXPTXOPS_TD
