//===- TIRxOps.td - TIRx core op definitions ---------------*- tablegen -*-===//
//
// Root of the dialect's ODS: the dialect, its types and attributes, and the
// core ops (binds, buffers and pointers, execution scopes, control flow).
// PTX-level ops live in TIRxPTXOps.td, generated separately.
//
//===----------------------------------------------------------------------===//

#ifndef TIRX_DIALECT_TIRXOPS_TD
#define TIRX_DIALECT_TIRXOPS_TD

include "TIRx/Dialect/TIRxDialect.td"
include "TIRx/Dialect/TIRxEnums.td"
include "TIRx/Dialect/TIRxTypes.td"
include "TIRx/Dialect/TIRxAttrs.td"

#endif // TIRX_DIALECT_TIRXOPS_TD
