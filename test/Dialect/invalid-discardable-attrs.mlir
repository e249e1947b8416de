// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Every `tirx.*` attribute a pass reads is checked where it is attached
// (TIRxDialect::verifyOperationAttribute / verifyRegionArgAttribute), so no
// pass meets one on an op it cannot mean anything on.

// The fuzzer's reproducer (../shared/repro/fuzz): a declaration is no kernel.
// expected-error @+1 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
llvm.func @g(!llvm.ptr) attributes {tirx.grid_constant_args = array<i32: 0>}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
llvm.func @not_a_kernel(%a: !llvm.ptr) attributes {tirx.grid_constant_args = array<i32: 0>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
func.func @func_func(%a: !tirx.tensormap) attributes {tirx.grid_constant_args = array<i32: 0>} {
  return
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tirx.grid_constant_args' may only be attached to a kernel function with a body}}
  gpu.func @device_fn(%a: !tirx.tensormap) attributes {tirx.grid_constant_args = array<i32: 0>} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tirx.grid_constant_args' lists parameter 0 of type 'i32', which is not a tensormap parameter (!tirx.tensormap)}}
  gpu.func @k(%a: i32) kernel attributes {tirx.grid_constant_args = array<i32: 0>} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' lists parameter 2, but the function has 1 parameters}}
llvm.func @out_of_range(%a: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 2>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' lists parameter -1, but the function has 1 parameters}}
llvm.func @negative(%a: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: -1>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' must list parameter indices in increasing order, each once}}
llvm.func @twice(%a: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 0, 0>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' lists parameter 0 of type '!llvm.ptr<1>', which is not a tensormap parameter (a generic !llvm.ptr)}}
llvm.func @global_ptr(%a: !llvm.ptr<1>) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 0>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_constant_args' must be an array<i32> of parameter indices}}
llvm.func @bad_value(%a: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = [0]} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.launch' may only be attached to a function}}
module attributes {tirx.launch = #tirx.launch<max_registers = 128>} {}

// -----

func.func @offset_on_local() {
  // expected-error @+1 {{'tirx.dyn_shared_offset' may only be attached to a 'shared.dyn' tirx.alloc_buffer}}
  %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xf32, shared>
  return
}

// -----

func.func @negative_offset() {
  // expected-error @+1 {{'tirx.dyn_shared_offset' must not be negative, got -16}}
  %b = tirx.alloc_buffer {tirx.dyn_shared_offset = -16 : i64} : !tirx.buffer<4xf32, shared.dyn>
  return
}

// -----

func.func @offset_type() {
  // expected-error @+1 {{'tirx.dyn_shared_offset' must be an i64 integer}}
  %b = tirx.alloc_buffer {tirx.dyn_shared_offset = "0"} : !tirx.buffer<4xf32, shared.dyn>
  return
}

// -----

// expected-error @+1 {{'tirx.dyn_shared_bytes' must not be negative, got -1}}
func.func @negative_bytes() attributes {tirx.dyn_shared_bytes = -1 : i64} {
  return
}

// -----

// expected-error @+1 {{'tirx.annotations' may only be attached to a loop}}
func.func @annotations() attributes {tirx.annotations = {pragma = 1 : i64}} {
  return
}

// -----

// expected-error @+1 {{unknown TIRx attribute 'tirx.unroll'}}
func.func @internal_marker() attributes {tirx.unroll} {
  return
}

// -----

// expected-error @+1 {{'tirx.name' of parameter 0 must be a non-empty string}}
func.func @bad_name(%a: i32 {tirx.name = 3 : i32}) {
  return
}

// -----

// expected-error @+1 {{'tirx.tma_spec' on parameter 0, which is not a !tirx.tensormap}}
func.func @spec_on_scalar(%a: i32 {tirx.tma_spec = {}}) {
  return
}

// -----

// expected-error @+1 {{'tirx.tma_spec' needs string fields 'dtype' and 'swizzle'}}
func.func @spec_fields(%a: !tirx.tensormap {tirx.tma_spec = {dtype = 1 : i64}}) {
  return
}

// -----

// expected-error @+1 {{'tirx.tma_spec' needs as many 'box' sizes as 'global_dims' and one 'global_strides' entry fewer}}
func.func @spec_rank(%a: !tirx.tensormap {tirx.tma_spec = {dtype = "float16", swizzle = "none", global_dims = array<i64: 64, 64>, global_strides = array<i64>, box = array<i64: 64, 64>}}) {
  return
}

// -----

// expected-error @+1 {{'tirx.tma_spec' has a 'source' that is not a parameter index}}
func.func @spec_source(%a: !tirx.tensormap {tirx.tma_spec = {dtype = "float16", swizzle = "none", global_dims = array<i64: 64>, global_strides = array<i64>, box = array<i64: 64>, source = 7 : i64}}) {
  return
}

// -----

// expected-error @+1 {{unknown TIRx parameter attribute 'tirx.spec'}}
func.func @unknown_arg_attr(%a: i32 {tirx.spec = 1 : i64}) {
  return
}

// -----

// expected-error @+1 {{unknown TIRx result attribute 'tirx.name'}}
func.func private @result_attr() -> (i32 {tirx.name = "r"})
