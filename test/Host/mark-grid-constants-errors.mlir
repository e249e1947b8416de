// RUN: tirx-opt %s --tirx-mark-grid-constants -split-input-file -verify-diagnostics

// expected-error @+1 {{'llvm.func' op lists parameter 2 in 'tirx.grid_constant_args', but has 1 parameters}}
llvm.func @out_of_range(%a: !llvm.ptr) attributes {tirx.grid_constant_args = array<i32: 2>} {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op cannot pass parameter 0 by value as a tensormap: it is lowered to '!llvm.ptr<1>', not a generic !llvm.ptr}}
llvm.func @global_ptr(%a: !llvm.ptr<1>) attributes {tirx.grid_constant_args = array<i32: 0>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' must be an array<i32> of parameter indices}}
llvm.func @bad_attr(%a: !llvm.ptr) attributes {tirx.grid_constant_args = [0]} {
  llvm.return
}
