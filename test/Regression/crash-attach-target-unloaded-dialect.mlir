// RUN: tirx-opt %s --tirx-attach-target | FileCheck %s

// tirx-attach-target on a module that uses nothing from TIRx (so the
// dialect is not loaded yet) used to crash creating #tirx.target.
// CHECK: module attributes {tirx.target = #tirx.target<"sm_90a">}
module {
}
