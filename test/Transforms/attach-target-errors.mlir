// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_99" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_90a features=+ptx60" 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_90a features=+ptx99" 2>&1 | FileCheck %s --check-prefix=NEW
// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_90a features=ptx80" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_100a" 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not tirx-opt %s --tirx-attach-target="O=7" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not tirx-opt %s --tirx-attach-target="bogus=1" 2>&1 | FileCheck %s --check-prefix=OPTION

// Bad chips, features and options are located diagnostics, never an
// LLVM ERROR abort.
// CHIP: error: unknown chip 'sm_99'; supported chips are: sm_80,
// OLD: error: PTX ISA 6.0 does not support sm_90a; the minimum is PTX ISA 8.0 (+ptx80)
// NEW: error: PTX ISA 9.9 is newer than this build can emit (up to PTX ISA 9.0)
// MALFORMED: error: malformed features 'ptx80'; expected '+ptxNN', e.g. '+ptx80'
// MISMATCH: error: the requested chip sm_100a differs from the module's #tirx.target<"sm_90a">
// OPT: error: optimization level must be 0 to 3, got 7
// OPTION: no such option bogus
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  gpu.module @kernels {
  }
}
