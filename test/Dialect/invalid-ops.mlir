// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Every verifier message of the core TIRx ops.

func.func @bind_type_mismatch(%x: i32) {
  // expected-error @+1 {{all of {value, result} have same type}}
  %0 = "tirx.bind"(%x) <{name = "x"}> : (i32) -> i64
  return
}

// -----

func.func @alloc_global() {
  // expected-error @+1 {{allocates only in 'shared', 'shared.dyn' or 'local' scope, got 'global'}}
  %0 = tirx.alloc_buffer : !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @alloc_sizes() {
  // expected-error @+1 {{expects 1 dynamic size operand(s) for '!tirx.buffer<?xf32, shared.dyn>', got 0}}
  %0 = tirx.alloc_buffer : !tirx.buffer<?xf32, shared.dyn>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error @+1 {{alignment must be a positive power of two, got 3}}
  %0 = tirx.alloc_buffer {alignment = 3 : i64} : !tirx.buffer<4xf32, shared>
  return
}

// -----

func.func @alloc_dynamic_strides() {
  // expected-error @+1 {{cannot allocate a buffer with dynamic strides}}
  %0 = tirx.alloc_buffer : !tirx.buffer<4x4xf32, shared, strided<[?, 1]>>
  return
}

// -----

func.func @decl_scope(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{buffer scope 'global' differs from the data pointer's scope 'shared'}}
  %0 = tirx.decl_buffer %p : !tirx.ptr<f32, shared> -> !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @decl_opaque(%p: !tirx.ptr<none, global>) {
  // expected-error @+1 {{data must point to a scalar or vector element type, got '!tirx.ptr<none, global>'}}
  %0 = tirx.decl_buffer %p : !tirx.ptr<none, global> -> !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @decl_sizes(%p: !tirx.ptr<f32, global>) {
  // expected-error @+1 {{expects 2 dynamic size operand(s) for '!tirx.buffer<?x?xf32, global>', got 0}}
  %0 = tirx.decl_buffer %p : !tirx.ptr<f32, global> -> !tirx.buffer<?x?xf32, global>
  return
}

// -----

func.func @decl_needs_offset(%p: !tirx.ptr<f32, global>) {
  // expected-error @+1 {{needs an 'elem_offset' operand: the layout offset of '!tirx.buffer<4xf32, global, strided<[1], offset: ?>>' is dynamic}}
  %0 = tirx.decl_buffer %p : !tirx.ptr<f32, global> -> !tirx.buffer<4xf32, global, strided<[1], offset: ?>>
  return
}

// -----

func.func @decl_static_offset(%p: !tirx.ptr<f32, global>, %o: index) {
  // expected-error @+1 {{has an 'elem_offset' operand but the layout offset of '!tirx.buffer<4xf32, global>' is static}}
  %0 = tirx.decl_buffer %p elem_offset %o : !tirx.ptr<f32, global> -> !tirx.buffer<4xf32, global>
  return
}

// -----

func.func @decl_both_offsets(%p: !tirx.ptr<f32, global>, %o: index) {
  // expected-error @+1 {{takes 'elem_offset' or 'byte_offset', not both}}
  %0 = tirx.decl_buffer %p elem_offset %o byte_offset %o : !tirx.ptr<f32, global> -> !tirx.buffer<4xf32, global, strided<[1], offset: ?>>
  return
}

// -----

func.func @slice_rank(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{expects 2 offsets and sizes for a rank-2 buffer, got 1 and 1}}
  %0 = tirx.buffer_slice %a[%i] [32] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32xf16, shared, strided<[64], offset: ?>>
  return
}

// -----

func.func @slice_type(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{result must keep the source element type and scope}}
  %0 = tirx.buffer_slice %a[%i, %i] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf32, shared, strided<[64, 1], offset: ?>>
  return
}

// -----

func.func @slice_shape(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{result shape must be the slice sizes}}
  %0 = tirx.buffer_slice %a[%i, %i] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<16x32xf16, shared, strided<[64, 1], offset: ?>>
  return
}

// -----

func.func @slice_too_big(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{slice size 256 exceeds the source dimension 128}}
  %0 = tirx.buffer_slice %a[%i, %i] [256, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<256x16xf16, shared, strided<[64, 1], offset: ?>>
  return
}

// -----

func.func @slice_no_layout(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{result needs a strided layout with the source strides}}
  %0 = tirx.buffer_slice %a[%i, %i] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared>
  return
}

// -----

func.func @slice_strides(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{result strides must be the source strides}}
  %0 = tirx.buffer_slice %a[%i, %i] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[16, 1], offset: ?>>
  return
}

// -----

func.func @slice_static_offset(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{result layout offset must be '?' unless every offset is a constant}}
  %0 = tirx.buffer_slice %a[%i, %i] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 3>>
  return
}

// -----

func.func @slice_wrong_offset(%a: !tirx.buffer<128x64xf16, shared>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{result layout offset 3 differs from the slice's offset 65}}
  %0 = tirx.buffer_slice %a[%c1, %c1] [32, 16] : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<32x16xf16, shared, strided<[64, 1], offset: 3>>
  return
}

// -----

func.func @reshape_type(%a: !tirx.buffer<128x64xf16, shared>) {
  // expected-error @+1 {{result must keep the source element type and scope}}
  %0 = tirx.buffer_reshape %a : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<8192xf16, global>
  return
}

// -----

func.func @reshape_dynamic(%a: !tirx.buffer<?x64xf16, shared>) {
  // expected-error @+1 {{reshape needs static shapes}}
  %0 = tirx.buffer_reshape %a : !tirx.buffer<?x64xf16, shared> -> !tirx.buffer<8192xf16, shared>
  return
}

// -----

func.func @reshape_count(%a: !tirx.buffer<128x64xf16, shared>) {
  // expected-error @+1 {{element counts differ: 8192 vs 4096}}
  %0 = tirx.buffer_reshape %a : !tirx.buffer<128x64xf16, shared> -> !tirx.buffer<4096xf16, shared>
  return
}

// -----

func.func @reshape_strided(%a: !tirx.buffer<32x16xf16, shared, strided<[64, 1]>>) {
  // expected-error @+1 {{reshape needs dense row-major buffers}}
  %0 = tirx.buffer_reshape %a : !tirx.buffer<32x16xf16, shared, strided<[64, 1]>> -> !tirx.buffer<512xf16, shared>
  return
}

// -----

func.func @reshape_offset(%a: !tirx.buffer<32x16xf16, shared, strided<[16, 1], offset: 5>>) {
  // expected-error @+1 {{result layout offset must be the source offset}}
  %0 = tirx.buffer_reshape %a : !tirx.buffer<32x16xf16, shared, strided<[16, 1], offset: 5>> -> !tirx.buffer<512xf16, shared>
  return
}

// -----

func.func @load_indices(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{expects 2 indices for '!tirx.buffer<128x64xf16, shared>', got 1}}
  %0 = tirx.buffer_load %a[%i] : !tirx.buffer<128x64xf16, shared> -> f16
  return
}

// -----

func.func @load_tmem(%a: !tirx.buffer<128x64xf32, tmem>, %i: index) {
  // expected-error @+1 {{cannot access a 'tmem' buffer directly; use the tcgen05 ops}}
  %0 = tirx.buffer_load %a[%i, %i] : !tirx.buffer<128x64xf32, tmem> -> f32
  return
}

// -----

func.func @load_vector_rank0(%a: !tirx.buffer<f32, local>) {
  // expected-error @+1 {{vector access needs a buffer of rank >= 1}}
  %0 = tirx.buffer_load %a[] : !tirx.buffer<f32, local> -> vector<2xf32>
  return
}

// -----

func.func @load_vector_stride(%a: !tirx.buffer<4x8xf32, shared, strided<[16, 2]>>, %i: index) {
  // expected-error @+1 {{vector access needs a unit stride in the last dimension, got 2}}
  %0 = tirx.buffer_load %a[%i, %i] : !tirx.buffer<4x8xf32, shared, strided<[16, 2]>> -> vector<2xf32>
  return
}

// -----

func.func @store_vector_too_long(%a: !tirx.buffer<4x8xf32, shared>, %v: vector<16xf32>, %i: index) {
  // expected-error @+1 {{vector of 16 elements exceeds the last dimension 8}}
  tirx.buffer_store %v, %a[%i, %i] : vector<16xf32>, !tirx.buffer<4x8xf32, shared>
  return
}

// -----

func.func @load_type(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{accessed type must be the element type 'f16' or a vector of it, got 'f32'}}
  %0 = tirx.buffer_load %a[%i, %i] : !tirx.buffer<128x64xf16, shared> -> f32
  return
}

// -----

func.func @ptr_to_indices(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{expects 2 indices for '!tirx.buffer<128x64xf16, shared>', got 3}}
  %0 = tirx.ptr_to %a[%i, %i, %i] : !tirx.buffer<128x64xf16, shared>
  return
}

// -----

func.func @ptr_to_result(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+2 {{inferred type(s) '!tirx.ptr<f16, shared>' are incompatible with return type(s) of operation '!tirx.ptr<ui8, shared>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tirx.ptr_to"(%a, %i, %i) : (!tirx.buffer<128x64xf16, shared>, index, index) -> !tirx.ptr<ui8, shared>
  return
}

// -----

func.func @access_ptr_type(%a: !tirx.buffer<128x64xf16, shared>, %i: index) {
  // expected-error @+1 {{element type must be a scalar or vector element type, got 'index'}}
  %0 = tirx.access_ptr %a[%i], %i, rw as index : !tirx.buffer<128x64xf16, shared>
  return
}

// -----

func.func @byte_offset_type(%p: !tirx.ptr<ui8, shared.dyn>, %i: index) {
  // expected-error @+1 {{element type must be a scalar or vector element type, got 'tensor<4xf32>'}}
  %0 = tirx.ptr_byte_offset %p[%i] as tensor<4xf32> : !tirx.ptr<ui8, shared.dyn>
  return
}

// -----

func.func @reinterpret_ptr_float(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{pointers reinterpret only to and from i32 or i64 addresses or other pointers, got 'f32'}}
  %0 = tirx.reinterpret %p : !tirx.ptr<f32, shared> to f32
  return
}

// -----

func.func @reinterpret_i16_ptr(%x: i16) {
  // expected-error @+1 {{pointers reinterpret only to and from i32 or i64 addresses or other pointers, got 'i16'}}
  %0 = tirx.reinterpret %x : i16 to !tirx.ptr<f32, shared>
  return
}

// -----

func.func @reinterpret_tensor(%x: tensor<4xf32>) {
  // expected-error @+1 {{cannot reinterpret 'tensor<4xf32>' as 'vector<4xf32>': expected scalars, vectors or pointers}}
  %0 = tirx.reinterpret %x : tensor<4xf32> to vector<4xf32>
  return
}

// -----

func.func @reinterpret_width(%x: f32) {
  // expected-error @+1 {{bit widths differ: 'f32' has 32 bits, 'f16' has 16}}
  %0 = tirx.reinterpret %x : f32 to f16
  return
}

// -----

func.func @scope_id_outside_kernel() {
  // expected-error @+1 {{must be nested in a 'tirx.kernel'}}
  %0 = tirx.thread_id [128] : i32
  return
}

// -----

func.func @scope_id_one_result() {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    // expected-error @+1 {{returns exactly one id, got 2}}
    %0:2 = tirx.warp_id [2, 2] : i32, i32
  }
  return
}

// -----

func.func @scope_id_four_dims() {
  tirx.kernel {
    // expected-error @+1 {{returns one to three ids, got 4}}
    %0:4 = tirx.cta_id [1, 1, 1, 1] : i32, i32, i32, i32
  }
  return
}

// -----

func.func @scope_id_extents_results() {
  tirx.kernel {
    // expected-error @+1 {{has 2 extent(s) but 1 result(s)}}
    %0 = tirx.cta_id [2, 2] : i32
  }
  return
}

// -----

func.func @scope_id_zero_extent() {
  tirx.kernel {
    // expected-error @+1 {{extents must be positive, got 0}}
    %0 = tirx.thread_id [0] : i32
  }
  return
}

// -----

func.func @scope_id_lane_extent() {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    // expected-error @+1 {{extent must be 32, got 16}}
    %0 = tirx.lane_id [16] : i32
  }
  return
}

// -----

func.func @scope_id_result_types() {
  tirx.kernel {
    // expected-error @+1 {{results must all have one type}}
    %0:2 = tirx.thread_id [32, 4] : i32, ui32
  }
  return
}

// -----

func.func @scope_id_result_type() {
  tirx.kernel {
    // expected-error @+1 {{result #0 must be variadic of 32-bit signless integer or 32-bit unsigned integer, but got 'i64'}}
    %0 = tirx.thread_id [32] : i64
  }
  return
}

// -----

func.func @kernel_extents_disagree() {
  tirx.kernel {
    %0 = tirx.thread_id [128] : i32
    // expected-error @+1 {{extents [256] disagree with an earlier 'tirx.thread_id' with extents [128]}}
    %1 = tirx.thread_id [256] : i32
  }
  return
}

// -----

func.func @kernel_threads_disagree() {
  tirx.kernel {
    %0 = tirx.thread_id [128] : i32
    // expected-error @+1 {{implies 256 threads per CTA, but 'tirx.thread_id' implies 128}}
    %1 = tirx.warpgroup_id [2] : i32
  }
  return
}

// -----

func.func @kernel_block_attr_bad() {
  // expected-error @+1 {{'block' needs one to three positive extents}}
  tirx.kernel attributes {block = array<i64: 0>} {
  }
  return
}

// -----

func.func @kernel_block_attr_disagree() {
  // expected-error @+1 {{'block' [64] has 64 threads, but the scope ids imply 128}}
  tirx.kernel attributes {block = array<i64: 64>} {
    %0 = tirx.thread_id [128] : i32
  }
  return
}

// -----

func.func @kernel_no_threads() {
  tirx.kernel {
    // expected-error @+1 {{cannot infer the number of threads per CTA: give 'tirx.thread_id', 'tirx.warp_id' or 'tirx.warpgroup_id' extents}}
    %0 = tirx.lane_id : i32
  }
  return
}

// -----

func.func @kernel_partial_warpgroup() {
  tirx.kernel {
    %0 = tirx.thread_id [96] : i32
    // expected-error @+1 {{needs whole warpgroups, but the CTA has 96 threads}}
    %1 = tirx.thread_id_in_wg [128] : i32
  }
  return
}

// -----

func.func @kernel_too_many_threads() {
  tirx.kernel {
    // expected-error @+1 {{a CTA has at most 1024 threads, got 2048}}
    %0 = tirx.thread_id [2048] : i32
  }
  return
}

// -----

func.func @kernel_cluster_disagree() attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  // expected-error @+1 {{the function's cluster_dims [2] disagrees with the cluster shape [4, 1, 1]}}
  tirx.kernel {
    %0 = tirx.cta_id_in_cluster [4] : i32
    %1 = tirx.cta_id [8] : i32
    %2 = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @kernel_cluster_attr_bad() {
  // expected-error @+1 {{'cluster' needs one to three positive extents}}
  tirx.kernel attributes {cluster = array<i64: 1, 1, 1, 1>} {
  }
  return
}

// -----

func.func @kernel_cluster_too_big() {
  // expected-error @+1 {{a cluster holds at most 16 CTAs, got 32}}
  tirx.kernel attributes {cluster = array<i64: 32>} {
  }
  return
}

// -----

func.func @kernel_cluster_unknown() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{cannot infer the cluster shape: give extents, the function's 'tirx.launch' cluster_dims, or the kernel's 'cluster'}}
    %0 = tirx.cta_id_in_cluster : i32
  }
  return
}

// -----

func.func @kernel_cluster_id_without_cluster() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{needs a cluster shape ('tirx.cta_id_in_cluster' extents or the function's 'tirx.launch' cluster_dims)}}
    %0 = tirx.cluster_id [4] : i32
  }
  return
}

// -----

func.func @kernel_grid_disagree() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %0 = tirx.cta_id [8] : i32
    %1 = tirx.cta_id_in_cluster [2] : i32
    // expected-error @+1 {{extents [2] times the cluster [2, 1, 1] give the grid [4, 1, 1], but 'tirx.cta_id' declares [8, 1, 1]}}
    %2 = tirx.cluster_id [2] : i32
  }
  return
}

// -----

func.func @kernel_grid_attr_bad() {
  // expected-error @+1 {{'grid' needs one to three positive extents}}
  tirx.kernel attributes {grid = array<i64: -1>} {
  }
  return
}

// -----

func.func @kernel_grid_attr_disagree() {
  // expected-error @+1 {{'grid' [4] disagrees with the scope ids' grid [8, 1, 1]}}
  tirx.kernel attributes {grid = array<i64: 4>} {
    %0 = tirx.cta_id [8] : i32
  }
  return
}

// -----

func.func @kernel_grid_unknown() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{cannot infer the grid: give 'tirx.cta_id' or 'tirx.cluster_id' extents}}
    %0 = tirx.cta_id : i32
  }
  return
}

// -----

func.func @kernel_grid_not_multiple() {
  // expected-error @+1 {{the grid [3, 1, 1] is not a multiple of the cluster [2, 1, 1]}}
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %0 = tirx.cta_id [3] : i32
    %1 = tirx.cta_id_in_cluster [2] : i32
  }
  return
}

// -----

func.func @kernel_grid_too_large() {
  // expected-error @+1 {{the grid [4, 70000, 1] exceeds the launch limit of 65535 CTAs in dimension y}}
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %b:2 = tirx.cta_id [4, 70000] : i32, i32
  }
  return
}

// -----

func.func @kernel_captures_shared(%s: !tirx.ptr<f32, shared>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{uses a value of type '!tirx.ptr<f32, shared>' from outside its 'tirx.kernel'; only scalars, global pointers and buffers, and tensormaps cross the host/device boundary}}
    %0 = tirx.bind %s as "s" : !tirx.ptr<f32, shared>
  }
  return
}

// -----

func.func @kernel_nested() {
  tirx.kernel {
    // expected-error @+1 {{cannot be nested in another 'tirx.kernel'}}
    tirx.kernel {
    }
  }
  return
}

// -----

// expected-error @+1 {{must be inside a function}}
tirx.kernel {
}

// -----

func.func @kernel_twice() {
  // expected-error @+1 {{a function has at most one 'tirx.kernel'}}
  tirx.kernel {
  }
  tirx.kernel {
  }
  return
}

// -----

func.func @for_types(%a: index, %b: i32) {
  // expected-error @+1 {{bounds and step must have one type}}
  "tirx.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    tirx.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{step must be positive, got 0}}
  tirx.for %i = %c0 to %n step %c0 {
  }
  return
}

// -----

func.func @for_vectorized(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a vectorized loop needs constant bounds and step}}
  tirx.for %i = %c0 to %n step %c1 vectorized {
  }
  return
}

// -----

func.func @for_body_args(%a: index) {
  // expected-error @+1 {{body must have one argument of the bound type 'index'}}
  "tirx.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    tirx.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_terminator(%a: index) {
  // expected-error @+1 {{body region must end with 'tirx.yield', 'tirx.break' or 'tirx.continue'}}
  tirx.for %i = %a to %a step %a {
    llvm.unreachable
  }
  return
}

// -----

func.func @while_args() {
  // expected-error @+1 {{regions take no arguments}}
  "tirx.while"() ({
  ^bb0(%x: i32):
    %t = arith.constant true
    tirx.condition %t
  }, {
    tirx.yield
  }) : () -> ()
  return
}

// -----

func.func @while_cond_terminator() {
  // expected-error @+1 {{condition region must end with 'tirx.condition'}}
  tirx.while {
    tirx.yield
  } do {
  }
  return
}

// -----

func.func @while_condition_in_body(%c: i1) {
  tirx.while {
    tirx.condition %c
  } do {
    // expected-error @+1 {{must end the condition region of 'tirx.while'}}
    tirx.condition %c
  }
  return
}

// -----

func.func @if_args(%c: i1) {
  // expected-error @+1 {{regions take no arguments}}
  "tirx.if"(%c) ({
  ^bb0(%x: i32):
    tirx.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_then_terminator(%c: i1) {
  // expected-error @+1 {{then region must end with 'tirx.yield', 'tirx.break' or 'tirx.continue'}}
  tirx.if %c {
    llvm.unreachable
  }
  return
}

// -----

func.func @if_else_terminator(%c: i1) {
  // expected-error @+1 {{else region must end with 'tirx.yield', 'tirx.break' or 'tirx.continue'}}
  tirx.if %c {
  } else {
    llvm.unreachable
  }
  return
}

// -----

func.func @break_outside_loop(%c: i1) {
  tirx.if %c {
    // expected-error @+1 {{must be inside a 'tirx.for' or 'tirx.while' body}}
    tirx.break
  }
  return
}

// -----

func.func @continue_outside_loop(%c: i1) {
  tirx.kernel {
    tirx.if %c {
      // expected-error @+1 {{must be inside a 'tirx.for' or 'tirx.while' body}}
      tirx.continue
    }
  }
  return
}

// -----

func.func @break_in_condition(%c: i1) {
  tirx.while {
    tirx.if %c {
      // expected-error @+1 {{cannot leave the condition region of 'tirx.while'}}
      tirx.break
    }
    tirx.condition %c
  } do {
  }
  return
}

// -----

func.func @break_not_last(%n: index, %v: i32, %b: !tirx.buffer<1xi32, local>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  tirx.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{must be the last operation in the parent block}}
    tirx.break
    tirx.buffer_store %v, %b[%c0] : i32, !tirx.buffer<1xi32, local>
  }
  return
}

// -----

func.func @yield_outside() {
  // expected-error @+1 {{expects parent op to be one of 'tirx.for, tirx.while, tirx.if'}}
  tirx.yield
}

// -----

func.func @register_barrier_half(%h: f16) {
  // expected-error @+1 {{operand #0 must be 32-bit integer or 64-bit integer or 32-bit float or 64-bit float, but got 'f16'}}
  %0 = tirx.register_barrier %h : f16
  return
}

// -----

func.func @register_barrier_pointer(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{operand #0 must be 32-bit integer or 64-bit integer or 32-bit float or 64-bit float, but got '!tirx.ptr<f32, shared>'}}
  %0 = tirx.register_barrier %p : !tirx.ptr<f32, shared>
  return
}
