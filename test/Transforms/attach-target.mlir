// RUN: tirx-opt %s --tirx-attach-target --split-input-file | FileCheck %s --check-prefix=DEFAULT
// RUN: tirx-opt %s --tirx-attach-target="chip=sm_100a features=+ptx88 O=1" --split-input-file | FileCheck %s --check-prefix=EXPLICIT

// Without options the chip is sm_90a with its minimum PTX version; the
// module gets the #tirx.target it was compiled for.
// DEFAULT: module attributes {tirx.target = #tirx.target<"sm_90a">}
// DEFAULT: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// EXPLICIT: module attributes {tirx.target = #tirx.target<"sm_100a">}
// EXPLICIT: gpu.module @kernels [#nvvm.target<O = 1, chip = "sm_100a", features = "+ptx88">]
module {
  gpu.module @kernels {
  }
}

// -----

// The module's #tirx.target picks the chip.
// DEFAULT: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">]
module attributes {tirx.target = #tirx.target<"sm_100a">} {
  gpu.module @kernels {
  }
}
