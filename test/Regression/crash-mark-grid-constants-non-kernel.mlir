// The fuzz smoke's finding (shared/repro/fuzz/mark-grid-constants-non-kernel.mlir):
// tirx-mark-grid-constants put nvvm.grid_constant on a parameter of a
// function that is no kernel (here a declaration), and the NVVM verifier
// rejected the IR the pass left behind. The attribute is now checked where it
// is attached, and the pass refuses such a function itself when the IR was
// not verified first.
//
// RUN: tirx-opt %s -split-input-file -verify-diagnostics
// RUN: not tirx-opt %s -split-input-file --mlir-very-unsafe-disable-verifier-on-parsing \
// RUN:   --tirx-mark-grid-constants 2>&1 | FileCheck %s --check-prefix=PASS

// expected-error @+2 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
// PASS: error: 'llvm.func' op has 'tirx.grid_constant_args' but is not a kernel with a body (nvvm.kernel)
llvm.func@g(!llvm.ptr)attributes{tirx.grid_constant_args=array<i32:0>}

// -----

// expected-error @+2 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
// PASS: error: 'llvm.func' op has 'tirx.grid_constant_args' but is not a kernel with a body (nvvm.kernel)
llvm.func @not_a_kernel(%a: !llvm.ptr) attributes {tirx.grid_constant_args = array<i32: 0>} {
  llvm.return
}

// -----

// The pass's other checks, for IR that skipped verification.
// expected-error @+2 {{lists parameter 2, but the function has 1 parameters}}
// PASS: error: 'llvm.func' op lists parameter 2 in 'tirx.grid_constant_args', but has 1 parameters
llvm.func @out_of_range(%a: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 2>} {
  llvm.return
}

// -----

// expected-error @+2 {{which is not a tensormap parameter (a generic !llvm.ptr)}}
// PASS: error: 'llvm.func' op cannot pass parameter 0 by value as a tensormap: it is lowered to '!llvm.ptr<1>', not a generic !llvm.ptr
llvm.func @global_ptr(%a: !llvm.ptr<1>) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 0>} {
  llvm.return
}
