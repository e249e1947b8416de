// RUN: tirx-opt %s -split-input-file -verify-diagnostics
// RUN: not tirx-opt %s -split-input-file -pass-pipeline='builtin.module(tirx-to-ptx-pipeline)' 2>&1 | FileCheck %s

// A tirx.ptx op directly in a (gpu.)module verified, was lowered to an NVVM
// op outside any function, and the LLVM IR translation inside
// gpu-module-to-binary then crashed building an intrinsic call with no
// insertion block (found by tirx-fuzz; reproducer minimized to the first
// case). PTX ops must now be inside a function.

// CHECK: error: 'tirx.ptx.sreg.clock' op must be inside a function
gpu.module @m {
  // expected-error @+1 {{'tirx.ptx.sreg.clock' op must be inside a function}}
  tirx.ptx.sreg.clock
}

// -----

module {
  // expected-error @+1 {{'tirx.ptx.wgmma.fence' op must be inside a function}}
  tirx.ptx.wgmma.fence
}

// -----

// Inside a function (here a gpu.func) it is fine.
gpu.module @ok {
  gpu.func @f() kernel {
    %c = tirx.ptx.sreg.clock
    gpu.return
  }
}
