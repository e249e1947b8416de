// RUN: tirx-opt %s --tirx-attach-target="chip=sm_90a" -split-input-file -verify-diagnostics
// RUN: not tirx-opt %s --tirx-attach-target="chip=sm_90a" -split-input-file 2>/dev/null | FileCheck %s

// What tirx-attach-target reads but did not create: a nested module's own
// #tirx.target and a gpu.module's existing targets. Either agrees with the
// chip the pass compiles for, or it is an error -- never silently replaced.

// A nested module whose ops were verified for another chip.
module {
  // expected-error @+1 {{this module's #tirx.target<"sm_100a"> differs from the chip it is compiled for (sm_90a)}}
  module @inner attributes {tirx.target = #tirx.target<"sm_100a">} {
  }
}

// -----

// A nested module for the same chip is fine.
// CHECK-LABEL: module @same_chip
// CHECK:         gpu.module @k [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
module @same_chip {
  module @inner attributes {tirx.target = #tirx.target<"sm_90a">} {
    gpu.module @k {
    }
  }
}

// -----

// A gpu.module that already targets another chip.
module {
  // expected-error @+1 {{already targets #nvvm.target<chip = "sm_80">; tirx-attach-target compiles it for sm_90a}}
  gpu.module @k [#nvvm.target<chip = "sm_80">] {
  }
}

// -----

// A gpu.module that targets another back end.
module {
  // expected-error @+1 {{already targets #rocdl.target<chip = "gfx90a">}}
  gpu.module @k [#rocdl.target<chip = "gfx90a">] {
  }
}

// -----

// An NVVM target for this chip is updated to the PTX version the ops need.
// CHECK-LABEL: module @update
// CHECK:         gpu.module @k [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
module @update {
  gpu.module @k [#nvvm.target<chip = "sm_90a", features = "+ptx70">] {
  }
}
