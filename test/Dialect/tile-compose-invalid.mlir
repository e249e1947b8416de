// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Verifier messages of the composite primitives and select.

func.func @select_args(%x: f32) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local>
    // expected-error @+1 {{the predicate takes one 'index' argument per dimension of 'dst' (2), got 1}}
    tirx.tile.select thread %a, %a, %x : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>, f32 {
    ^bb0(%i: index):
      %t = arith.constant true
      tirx.tile.yield %t
    }
  }
  return
}

// -----

func.func @select_effects(%x: f32, %g: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    tirx.tile.select thread %a, %a, %x : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>, f32 {
    ^bb0(%i: index):
      // expected-error @+1 {{is not allowed in a tile select predicate}}
      %v = tirx.buffer_load %g[%i] : !tirx.buffer<8xf32, global> -> f32
      %p = arith.cmpf ogt, %v, %x : f32
      tirx.tile.yield %p
    }
  }
  return
}

// -----

func.func @binary_reduce_shape() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
    // expected-error @+1 {{'reduce_dst' region [16] must be the 'dst' region without the reduced axes [8]}}
    tirx.tile.binary_reduce add sum thread %a, %s, %a, %a axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<16xf32, local>, !tirx.buffer<8x16xf32, local>, !tirx.buffer<8x16xf32, local>
  }
  return
}

// -----

func.func @unary_reduce_bias(%x: f16) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    // expected-error @+1 {{'bias' and 'scale' must have the element type 'f32', got 'f16'}}
    tirx.tile.unary_reduce exp sum thread %a, %s, %a bias %x : f16 axes = [1] : !tirx.buffer<8x16xf32, local>, !tirx.buffer<8xf32, local>, !tirx.buffer<8x16xf32, local>
  }
  return
}

// -----

func.func @compose_scope() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    tirx.tile.compose thread {
      // expected-error @+1 {{runs in scope 'warp' inside a tirx.tile.compose of scope 'thread'}}
      tirx.tile.unary exp warp %a, %a : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>
    }
  }
  return
}

// -----

func.func @compose_body(%g: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
    tirx.tile.compose thread {
      %c0 = arith.constant 0 : index
      %f = arith.constant 1.0 : f32
      // expected-error @+1 {{is not allowed in a tirx.tile.compose}}
      tirx.buffer_store %f, %a[%c0] : f32, !tirx.buffer<8xf32, local>
      tirx.tile.unary exp thread %a, %a : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>
    }
  }
  return
}

// -----

func.func @compose_empty() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{has no tile primitive in its body}}
    tirx.tile.compose thread {
    }
  }
  return
}

// -----

func.func @unknown_alias() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
    // expected-error @+1 {{dispatch names no variant of 'copy': 'vec_512b'; registered: vec_128b, vec_16b, vec_256b, vec_32b, vec_64b, ldstmatrix, vec, fallback; aliases: vec_auto (vec)}}
    tirx.tile.copy thread %a, %a dispatch "vec_512b" : !tirx.buffer<8xf32, shared>, !tirx.buffer<8xf32, shared>
  }
  return
}

// -----

func.func @forced_key() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
    // expected-error @+1 {{unknown config key 'l1_evic' for variant 'vec_256b'; did you mean 'l1_evict'? (known keys: cache, l1_evict, l2_evict, prefetch_size)}}
    tirx.tile.copy thread %a, %a config {l1_evic = "L1::no_allocate"} dispatch "vec_256b" : !tirx.buffer<8xf32, shared>, !tirx.buffer<8xf32, shared>
  }
  return
}
