// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Every verifier message of the tirx.tile.* ops: regions, shapes, types,
// config keys and values, forced variants.

func.func @outside_kernel(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  // expected-error @+1 {{must be nested in a 'tirx.kernel'}}
  tirx.tile.copy thread %A, %B : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  return
}

// -----

func.func @region_rank(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'src' region has 1 offsets and 1 sizes for a rank-2 buffer}}
    tirx.tile.copy thread %B, %A[0] [64] : !tirx.buffer<64xf32, global>, !tirx.buffer<64x64xf32, global>
  }
  return
}

// -----

func.func @region_out_of_bounds(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'src' region [32, 96) is outside dimension 1 of extent 64}}
    tirx.tile.copy thread %B, %A[0, 32] [1, 64] : !tirx.buffer<64xf32, global>, !tirx.buffer<64x64xf32, global>
  }
  return
}

// -----

func.func @region_too_large(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'src' region size 128 exceeds the buffer dimension 64}}
    tirx.tile.copy thread %B, %A[0, 0] [1, 128] : !tirx.buffer<128xf32, global>, !tirx.buffer<64x64xf32, global>
  }
  return
}

// -----

func.func @dynamic_whole_buffer(%A: !tirx.buffer<?xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'src' a buffer with dynamic dimensions needs an explicit region}}
    tirx.tile.copy thread %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<?xf32, global>
  }
  return
}

// -----

func.func @scalar_region(%B: !tirx.buffer<64xf32, global>, %x: f32) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'rhs' a scalar operand takes no region}}
    tirx.tile.binary add thread %B, %B, %x[0] [1] : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>, f32
  }
  return
}

// -----

func.func @copy_shapes(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<32x64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'dst' and 'src' regions differ in shape: [32, 64] vs [64, 64] (unit dimensions aside)}}
    tirx.tile.copy thread %B, %A : !tirx.buffer<32x64xf32, global>, !tirx.buffer<64x64xf32, global>
  }
  return
}

// -----

func.func @copy_types(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf16, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    // expected-error @+1 {{'dst' and 'src' element types differ: 'f16' vs 'f32'}}
    tirx.tile.copy thread %B, %A : !tirx.buffer<64xf16, global>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @copy_tmem(%A: !tirx.buffer<128xf32, local>, %p: !tirx.ptr<f32, tmem>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %T = tirx.decl_buffer %p : !tirx.ptr<f32, tmem> -> !tirx.buffer<128xf32, tmem, #tirx.layout<S[128:1@TLane]>>
    %r = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    // expected-error @+1 {{copies no tensor memory; use tirx.tile.copy_async (tcgen05.cp/ld/st)}}
    tirx.tile.copy thread %r, %T : !tirx.buffer<128xf32, local>, !tirx.buffer<128xf32, tmem, #tirx.layout<S[128:1@TLane]>>
  }
  return
}

// -----

func.func @mbar_type(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %b = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %p = tirx.ptr_to %b[%c0] : !tirx.buffer<1xi32, shared>
    // expected-error @+1 {{'mbar' must point to a 64-bit integer in shared memory, got '!tirx.ptr<i32, shared>'}}
    tirx.tile.copy_async thread %s, %A mbar %p : !tirx.ptr<i32, shared> : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @gemm_shapes() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %d = tirx.alloc_buffer : !tirx.buffer<16x8xf32, local>
    %a = tirx.alloc_buffer : !tirx.buffer<16x16xf16, local>
    %b = tirx.alloc_buffer : !tirx.buffer<8x8xf16, local>
    // expected-error @+1 {{shapes do not compose: d 16x8 = a 16x16 * b 8x8}}
    tirx.tile.gemm warp %d, %a, %b : !tirx.buffer<16x8xf32, local>, !tirx.buffer<16x16xf16, local>, !tirx.buffer<8x8xf16, local>
  }
  return
}

// -----

func.func @gemm_matrix() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %d = tirx.alloc_buffer : !tirx.buffer<2x16x8xf32, local>
    %a = tirx.alloc_buffer : !tirx.buffer<16x16xf16, local>
    %b = tirx.alloc_buffer : !tirx.buffer<16x8xf16, local>
    // expected-error @+1 {{'d' must be a matrix region (leading sizes 1), got [2, 16, 8]}}
    tirx.tile.gemm warp %d, %a, %b : !tirx.buffer<2x16x8xf32, local>, !tirx.buffer<16x16xf16, local>, !tirx.buffer<16x8xf16, local>
  }
  return
}

// -----

func.func @gemm_input_types() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %d = tirx.alloc_buffer : !tirx.buffer<16x8xf32, local>
    %a = tirx.alloc_buffer : !tirx.buffer<16x16xf16, local>
    %b = tirx.alloc_buffer : !tirx.buffer<16x8xbf16, local>
    // expected-error @+1 {{'a' and 'b' element types differ: 'f16' vs 'bf16'}}
    tirx.tile.gemm warp %d, %a, %b : !tirx.buffer<16x8xf32, local>, !tirx.buffer<16x16xf16, local>, !tirx.buffer<16x8xbf16, local>
  }
  return
}

// -----

func.func @gemm_async_cta_group(%A: !tirx.buffer<128x64xf16, shared>, %B: !tirx.buffer<128x64xf16, shared>, %p: !tirx.ptr<f32, tmem>) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %C = tirx.decl_buffer %p : !tirx.ptr<f32, tmem> -> !tirx.buffer<128x128xf32, tmem, #tirx.layout<S[(128, 128):(1@TLane, 1@TCol)]>>
    // expected-error @+1 {{shapes do not compose: c 128x128 = a 128x64 * b 128x64 (transposed) (cta_group 2: b holds half of the columns)}}
    tirx.tile.gemm_async thread %C, %A, %B transpose_b config {cta_group = 2} : !tirx.buffer<128x128xf32, tmem, #tirx.layout<S[(128, 128):(1@TLane, 1@TCol)]>>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, shared>
  }
  return
}

// -----

func.func @fill_type() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
    %x = arith.constant 0.0 : f16
    // expected-error @+1 {{value must have the element type 'f32', got 'f16'}}
    tirx.tile.fill thread %r, %x : !tirx.buffer<16xf32, local>, f16
  }
  return
}

// -----

func.func @unary_int() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %r = tirx.alloc_buffer : !tirx.buffer<16xi32, local>
    // expected-error @+1 {{'dst' must have floating-point elements, got 'i32'}}
    tirx.tile.unary exp thread %r, %r : !tirx.buffer<16xi32, local>, !tirx.buffer<16xi32, local>
  }
  return
}

// -----

func.func @binary_scalar_type() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
    %x = arith.constant 1 : i32
    // expected-error @+1 {{scalar 'rhs' must have the element type 'f32', got 'i32'}}
    tirx.tile.binary add thread %r, %r, %x : !tirx.buffer<16xf32, local>, !tirx.buffer<16xf32, local>, i32
  }
  return
}

// -----

func.func @cast_vector() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<16xvector<2xf32>, local>
    %b = tirx.alloc_buffer : !tirx.buffer<16xf16, local>
    // expected-error @+1 {{casts scalar elements, got 'vector<2xf32>'}}
    tirx.tile.cast thread %b, %a : !tirx.buffer<16xf16, local>, !tirx.buffer<16xvector<2xf32>, local>
  }
  return
}

// -----

func.func @reduce_axis() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    %b = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    // expected-error @+1 {{axis 2 is out of range for a rank-2 source}}
    tirx.tile.reduce sum thread %b, %a axes = [2] : !tirx.buffer<4xf32, local>, !tirx.buffer<4x8xf32, local>
  }
  return
}

// -----

func.func @reduce_axis_twice() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    %b = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
    // expected-error @+1 {{axis 1 is reduced twice}}
    tirx.tile.reduce sum thread %b, %a axes = [1, 1] : !tirx.buffer<1xf32, local>, !tirx.buffer<4x8xf32, local>
  }
  return
}

// -----

func.func @reduce_shape() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    %b = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    // expected-error @+1 {{'dst' region [8] must be the source region without the reduced axes [4] (unit dimensions aside)}}
    tirx.tile.reduce max thread %b, %a : !tirx.buffer<8xf32, local>, !tirx.buffer<4x8xf32, local>
  }
  return
}

// -----

func.func @permute_workspace(%w: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    // expected-error @+1 {{'workspace' must be a shared-memory buffer}}
    tirx.tile.permute_layout warp %a, %a workspace %w : !tirx.buffer<256xf32, global> : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>
  }
  return
}

// -----

func.func @local_view_source() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    // expected-error @+1 {{source must be a 'local' buffer with a tile layout}}
    %v = tirx.tile.local_view %a : !tirx.buffer<8xf32, local> -> !tirx.buffer<8xf32, local>
  }
  return
}

// -----

func.func @local_view_result() {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
    // expected-error @+1 {{result must be '!tirx.buffer<4xf32, local>' (the thread's registers of the layout)}}
    %v = tirx.tile.local_view %a : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>> -> !tirx.buffer<8xf32, local>
  }
  return
}

// -----

// Config keys are declared by the variants: a misspelled key names the
// closest known one.
func.func @config_misspelled(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{unknown config key 'vec_lne'; did you mean 'vec_len'? (known keys: cache, l1_evict, l2_evict, prefetch_size, vec_len)}}
    tirx.tile.copy warp %s, %A config {vec_lne = 4} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @config_unknown(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{unknown config key 'swizzle_mode' (known keys: cache, commit, cta_group, wait)}}
    tirx.tile.copy_async warp %s, %A config {swizzle_mode = 1} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @config_type(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{config key 'vec_len' must be an integer (variant 'vec'), got "4"}}
    tirx.tile.copy warp %s, %A config {vec_len = "4"} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @config_bool_type(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{config key 'commit' must be a boolean (variant 'cp_async'), got 1 : i64}}
    tirx.tile.copy_async warp %s, %A config {commit = 1} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

// With a forced variant, only its keys are known.
func.func @config_forced(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{unknown config key 'vec_len' for variant 'fallback' (known keys: none)}}
    tirx.tile.copy warp %s, %A config {vec_len = 4} dispatch "fallback" : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}

// -----

func.func @dispatch_unknown(%A: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{dispatch names no variant of 'copy': 'tma'; registered: vec_128b, vec_16b, vec_256b, vec_32b, vec_64b, ldstmatrix, vec, fallback; aliases: vec_auto (vec)}}
    tirx.tile.copy warp %s, %A dispatch "tma" : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  return
}
