// RUN: tirx-opt %s -pass-pipeline='builtin.module(tirx-to-ptx-pipeline)' | FileCheck %s
// RUN: not tirx-opt %s -pass-pipeline='builtin.module(tirx-to-ptx-pipeline{opt-level=9})' 2>&1 | FileCheck %s --check-prefix=OPT

// A module with no TIRx op never loads the TIRx dialect; the first stage of
// the pipeline, tirx-attach-target, then built #tirx.target in a context
// without the attribute's storage and crashed (found by tirx-fuzz on
// `module {}`; see also crash-attach-target-unloaded-dialect.mlir).

// CHECK: module attributes {tirx.target = #tirx.target<"sm_90a">}
// The optimization level in the error is a number, not a character.
// OPT: error: optimization level must be 0 to 3, got 9
module {
}
