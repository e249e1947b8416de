// RUN: tirx-opt %s --tirx-attach-target | FileCheck %s
// RUN: tirx-opt %s -pass-pipeline='builtin.module(tirx-to-ptx-pipeline)' | FileCheck %s --check-prefix=PTX
// RUN: not tirx-opt %s -pass-pipeline='builtin.module(tirx-to-ptx-pipeline{opt-level=9})' 2>&1 | FileCheck %s --check-prefix=OPT

// A module with no TIRx op never loads the TIRx dialect; tirx-attach-target
// then built #tirx.target in a context without the attribute's storage and
// crashed. The pass now declares the TIRx dialect as a dependent dialect.

// CHECK: module attributes {
// CHECK-SAME: tirx.target = #tirx.target<"sm_90a">
// PTX: module
// The optimization level in the error is a number, not a character.
// OPT: error: optimization level must be 0 to 3, got 9
module {
}
