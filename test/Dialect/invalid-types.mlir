// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Every verifier message of the TIRx types and attributes.

// expected-error @+1 {{pointee must be a scalar or vector element type, !tirx.tensormap or none, got 'index'}}
func.func private @ptr_index(!tirx.ptr<index, global>)

// -----

// expected-error @+1 {{pointee must be a scalar or vector element type, !tirx.tensormap or none, got 'tensor<4xf32>'}}
func.func private @ptr_tensor(!tirx.ptr<tensor<4xf32>, global>)

// -----

// expected-error @+1 {{pointee must be a scalar or vector element type, !tirx.tensormap or none, got 'vector<2x2xf32>'}}
func.func private @ptr_2d_vector(!tirx.ptr<vector<2x2xf32>, global>)

// -----

// expected-error @+1 {{pointee must be a scalar or vector element type, !tirx.tensormap or none, got '!tirx.ptr<f32, global>'}}
func.func private @ptr_to_ptr(!tirx.ptr<!tirx.ptr<f32, global>, global>)

// -----

// expected-error @+1 {{buffer element type must be a scalar or vector element type, got 'index'}}
func.func private @buffer_index(!tirx.buffer<4xindex, local>)

// -----

// expected-error @+1 {{buffer element type must be a scalar or vector element type, got '!tirx.tensormap'}}
func.func private @buffer_tensormap(!tirx.buffer<4x!tirx.tensormap, global>)

// -----

// expected-error @+1 {{buffer dimensions must be positive or '?', got 0}}
func.func private @buffer_zero_dim(!tirx.buffer<4x0xf32, shared>)

// -----

// expected-error @+1 {{buffer layout must be a strided layout or a #tirx.layout, got 3 : i32}}
func.func private @buffer_bad_layout(!tirx.buffer<4xf32, shared, 3 : i32>)

// -----

// expected-error @+1 {{strided layout has 1 strides but the buffer has rank 2}}
func.func private @buffer_layout_rank(!tirx.buffer<4x4xf32, shared, strided<[1]>>)

// -----

// expected-error @+1 {{unknown chip 'sm_91'; supported chips are: sm_80, sm_86, sm_87, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_100f, sm_101a, sm_103, sm_103a, sm_103f, sm_110a, sm_120, sm_120a, sm_121a}}
module attributes {tirx.target = #tirx.target<"sm_91">} {}

// -----

// expected-error @+1 {{unknown chip 'gfx90a'}}
module attributes {tirx.target = #tirx.target<"gfx90a">} {}

// -----

// expected-error @+1 {{max_registers must be in [24, 255], got 300}}
func.func private @regs() attributes {tirx.launch = #tirx.launch<max_registers = 300>}

// -----

// expected-error @+1 {{min_blocks_per_sm must be positive, got 0}}
func.func private @blocks() attributes {tirx.launch = #tirx.launch<min_blocks_per_sm = 0>}

// -----

// expected-error @+1 {{cluster_dims has at most 3 extents, got 4}}
func.func private @cluster4() attributes {tirx.launch = #tirx.launch<cluster_dims = [1, 1, 1, 1]>}

// -----

// expected-error @+1 {{cluster_dims extents must be positive, got 0}}
func.func private @cluster0() attributes {tirx.launch = #tirx.launch<cluster_dims = [2, 0]>}

// -----

// expected-error @+1 {{a cluster holds at most 16 CTAs, got 32}}
func.func private @cluster32() attributes {tirx.launch = #tirx.launch<cluster_dims = [8, 4]>}

// -----

// expected-error @+1 {{'tirx.target' must be a #tirx.target attribute, got "sm_90a"}}
module attributes {tirx.target = "sm_90a"} {}

// -----

module {
  // expected-error @+1 {{'tirx.target' may only be attached to a builtin.module}}
  func.func private @f() attributes {tirx.target = #tirx.target<"sm_90a">}
}

// -----

// expected-error @+1 {{'tirx.launch' must be a #tirx.launch attribute, got 168 : i64}}
func.func private @f() attributes {tirx.launch = 168}

// -----

// expected-error @+1 {{'tirx.launch' may only be attached to a function}}
module attributes {tirx.launch = #tirx.launch<max_registers = 64>} {}

// -----

// expected-error @+1 {{unknown TIRx attribute 'tirx.chip'}}
module attributes {tirx.chip = #tirx.target<"sm_90a">} {}
