// RUN: tirx-opt %s -split-input-file -verify-diagnostics

func.func @dim_out_of_range(%A: !tirx.buffer<?x64xf16, global>) -> index {
  // expected-error @+1 {{'tirx.buffer_dim' op dimension 2 is out of range for a rank-2 buffer}}
  %n = tirx.buffer_dim %A[2] : !tirx.buffer<?x64xf16, global>
  return %n : index
}

// -----

func.func @dim_dynamic_in_kernel(%A: !tirx.buffer<?x64xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{'tirx.buffer_dim' op reads the dynamic extent of dimension 0 inside 'tirx.kernel', where it is unknown; read it before the kernel}}
    %n = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
  }
  return
}

// -----

func.func @tensormap_in_kernel(%A: !tirx.buffer<1024x1024xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{'tirx.tensormap_encode_tiled' op is host code: build the descriptor before 'tirx.kernel' and use it inside}}
    %d = tirx.tensormap_encode_tiled %A, "float16" global_dims [1024, 1024] global_strides [2048] box [64, 64] : !tirx.buffer<1024x1024xf16, global>
  }
  return
}

// -----

func.func @tensormap_shared_source(%A: !tirx.buffer<64x64xf16, shared>) {
  // expected-error @+1 {{operand #0 must be global TIRx buffer or pointer}}
  %d = tirx.tensormap_encode_tiled %A, "float16" global_dims [64, 64] global_strides [128] box [64, 64] : !tirx.buffer<64x64xf16, shared>
  return
}

// -----

func.func @tensormap_unknown_dtype(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{dtype 'f16' is not a known dtype; expected one of uint8, int8}}
  %d = tirx.tensormap_encode_tiled %p, "f16" global_dims [64, 64] global_strides [128] box [64, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_dtype_size(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{dtype 'float32' has 32-bit elements, but the source's element type 'f16' has 16}}
  %d = tirx.tensormap_encode_tiled %p, "float32" global_dims [64, 64] global_strides [256] box [32, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_rank_zero(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{takes 1 to 5 global_dims (the rank), got 0}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [] global_strides [] box [] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_rank_six(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{takes 1 to 5 global_dims (the rank), got 6}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [8, 2, 2, 2, 2, 2] global_strides [16, 32, 64, 128, 256] box [8, 2, 2, 2, 2, 2] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_stride_count(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{takes rank - 1 = 1 global_strides (dimension 0 is contiguous), got 2}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [2, 128] box [64, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_box_count(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{takes 2 box extents, got 1}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_element_stride_count(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{takes 2 element_strides, got 3}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] element_strides [1, 1, 1] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_dynamic_count(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{expected 1 dynamic global_dims values}}
  %d = "tirx.tensormap_encode_tiled"(%p) <{dtype = "float16", static_global_dims = array<i64: 64, -9223372036854775808>, static_global_strides = array<i64: 128>, box = array<i64: 64, 64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tirx.ptr<f16, global>) -> !tirx.tensormap
  return
}

// -----

func.func @tensormap_negative(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{box[1] is negative (-4)}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, -4] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_bad_interleave(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{interleave '8b' is not one of none, 16b, 32b}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] interleave "8b" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_bad_swizzle(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{swizzle '128B' is not one of none, 32b, 64b, 128b, 128b_atom_32b, 128b_atom_32b_flip_8b, 128b_atom_64b}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] swizzle "128B" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_bad_l2(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{l2_promotion '32b' is not one of none, 64b, 128b, 256b}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] l2_promotion "32b" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_bad_oob(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{oob_fill 'nan' is not one of none, nan_request_zero_fma}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] oob_fill "nan" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_stride_16(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{global_strides[0]: 136 bytes is not a multiple of 16}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [136] box [64, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_stride_2_40(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{global_strides[0]: 1099511627776 bytes is not below 2^40}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [1099511627776] box [64, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_dim_zero(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{global_dims[1]: 0 is not in [1, 2^32]}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 0] global_strides [128] box [64, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_box_257(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{box[1]: 257 is not in [1, 256]}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 1024] global_strides [128] box [64, 257] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_box_inner_bytes(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{box[0]: 4 x 16-bit 'float16' is not a multiple of 16 bytes (needed without interleave)}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [4, 64] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_element_stride_9(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{element_strides[1]: 9 is not in [1, 8]}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] element_strides [1, 9] : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_swizzle_span(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{swizzle: 64b: the inner box row (64 elements, 128 bytes) is wider than the 64-byte swizzle span}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] swizzle "64b" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_interleave_rank(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{rank: an interleaved layout (interleave 16b) needs rank >= 3, got 2}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [64, 64] global_strides [128] box [64, 64] interleave "16b" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_interleave_swizzle(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{swizzle: none with interleave 32b; it needs swizzle 32b}}
  %d = tirx.tensormap_encode_tiled %p, "float16" global_dims [16, 64, 64] global_strides [64, 4096] box [16, 8, 8] interleave "32b" : !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_nan_fill_int(%p: !tirx.ptr<i32, global>) {
  // expected-error @+1 {{oob_fill: nan_request_zero_fma needs a floating-point dtype, got 'int32'}}
  %d = tirx.tensormap_encode_tiled %p, "int32" global_dims [64, 64] global_strides [256] box [32, 64] oob_fill "nan_request_zero_fma" : !tirx.ptr<i32, global>
  return
}

// -----

func.func @tensormap_buffer_dims(%A: !tirx.buffer<512x1024xf16, global>) {
  // expected-error @+1 {{global_dims[0] is 512, but dimension 1 of the source buffer has 1024 elements (global_dims lists the innermost dimension first)}}
  %d = tirx.tensormap_encode_tiled %A, "float16" global_dims [512, 1024] global_strides [1024] box [64, 64] : !tirx.buffer<512x1024xf16, global>
  return
}

// -----

func.func @tensormap_buffer_strides(%A: !tirx.buffer<512x1024xf16, global>) {
  // expected-error @+1 {{global_strides[0] is 1024 bytes, but dimension 0 of the source buffer has a stride of 2048 bytes}}
  %d = tirx.tensormap_encode_tiled %A, "float16" global_dims [1024, 512] global_strides [1024] box [64, 64] : !tirx.buffer<512x1024xf16, global>
  return
}

// -----

// expected-error @+1 {{'tirx.py_func' op source does not define 'def helper(...)' (the Python function named like the symbol)}}
tirx.py_func @helper source = "def other(x):\n    return x\n"

// -----

// expected-error @+1 {{'tirx.py_func' op source does not define 'def helper(...)'}}
tirx.py_func @helper source = "x = 1  # def helper(x)"

// -----

func.func @nested() {
  // expected-error @+1 {{'tirx.py_func' op expects parent op 'builtin.module'}}
  tirx.py_func @inner source = "def inner():\n    pass\n"
  return
}

// -----

func.func @host_grid_with_extents(%g: index) {
  tirx.kernel grid(%g) {
    // expected-error @+1 {{'tirx.cta_id' op has extents, but the kernel's grid is computed on the host (its grid operands); omit them}}
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @host_grid_four(%g: index) {
  // expected-error @+1 {{'tirx.kernel' op takes one to three grid values, got 4}}
  tirx.kernel grid(%g, %g, %g, %g) {
    %tx = tirx.thread_id [32] : i32
  }
  return
}

// -----

func.func @host_grid_and_attr(%g: index) {
  // expected-error @+1 {{'tirx.kernel' op has both grid values and a static 'grid'}}
  tirx.kernel grid(%g) attributes {grid = array<i64: 4, 1, 1>} {
    %tx = tirx.thread_id [32] : i32
  }
  return
}
