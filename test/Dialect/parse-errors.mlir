// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Malformed TIRx types and attributes are parse errors, never crashes.

// expected-error @+2 {{expected ::mlir::tirx::MemorySpace to be one of: generic, global, shared, local, tmem, shared.cluster, shared.dyn, param}}
// expected-error @+1 {{failed to parse TIRx_PtrType parameter 'memorySpace'}}
func.func private @unknown_ptr_scope(!tirx.ptr<f32, texture>)

// -----

// expected-error @+1 {{unknown storage scope 'texture'; expected one of: generic, global, shared, shared.dyn, shared.cluster, local, tmem, param}}
func.func private @unknown_buffer_scope(!tirx.buffer<4xf32, texture>)

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @missing_gt(!tirx.ptr<f32, global)

// -----

// expected-error @+1 {{expected ','}}
func.func private @missing_scope(!tirx.ptr<f32>)

// -----

// expected-error @+1 {{expected ','}}
func.func private @buffer_missing_scope(!tirx.buffer<4xf32>)

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @buffer_missing_gt(!tirx.buffer<4xf32, shared)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @buffer_no_element(!tirx.buffer<4x, shared>)

// -----

// expected-error @+1 {{expected '<'}}
func.func private @ptr_no_params(!tirx.ptr)

// -----

// expected-error @+1 {{unknown TIRx type 'pointer'; expected one of: ptr, buffer, tensormap}}
func.func private @unknown_type(!tirx.pointer<f32, global>)

// -----

// expected-error @+2 {{expected string}}
// expected-error @+1 {{failed to parse TIRx_TargetAttr parameter 'chip'}}
module attributes {tirx.target = #tirx.target<sm_90a>} {}

// -----

// expected-error @+1 {{expected '<'}}
module attributes {tirx.target = #tirx.target} {}

// -----

// expected-error @+1 {{expected '>'}}
func.func private @launch_bad() attributes {tirx.launch = #tirx.launch<max_registers = many>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: registers}}
func.func private @launch_unknown() attributes {tirx.launch = #tirx.launch<registers = 64>}

// -----

// expected-error @+1 {{'!tirx.tensormap' takes no parameters}}
func.func private @tensormap_params(!tirx.tensormap<f32>)
