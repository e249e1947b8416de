// RUN: tirx-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// RUN: tirx-opt --help | FileCheck %s --check-prefix=PASSES

// tirx-opt registers TIRx next to every upstream dialect and pass.
// DIALECTS: Available Dialects:
// DIALECTS-SAME: gpu
// DIALECTS-SAME: nvvm
// DIALECTS-SAME: scf
// DIALECTS-SAME: tirx
// PASSES: --convert-gpu-to-nvvm
// PASSES: --gpu-module-to-binary
// PASSES: --mem2reg
