// RUN: tirx-opt %s --tirx-dispatch-tile-primitives -split-input-file -verify-diagnostics -o /dev/null

// Dispatch failures of the composite primitives and the forced-width
// copies: each declining variant with its reason.


module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @binary_chain_alias(%s: f32) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %x = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %y = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'binary_chain' applies}}
      // expected-note @+1 {{variant 'decompose' (priority 10): 'operand1' may share storage with 'dst', which the first step overwrites}}
      tirx.tile.binary_chain mul add thread %y, %x, %s, %y : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>, f32, !tirx.buffer<8xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @compose_warpgroup_memory(%A: !tirx.buffer<128xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
      // expected-error @+2 {{no variant of tile primitive 'compose' applies}}
      // expected-note @+1 {{variant 'sequential' (priority 10): steps through shared or global memory at warpgroup scope need a barrier of the warpgroup}}
      tirx.tile.compose warpgroup {
        tirx.tile.copy warpgroup %s, %A : !tirx.buffer<128xf32, shared>, !tirx.buffer<128xf32, global>
        tirx.tile.unary exp warpgroup %s, %s : !tirx.buffer<128xf32, shared>, !tirx.buffer<128xf32, shared>
      }
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @vec_128b_wrong_size(%A: !tirx.buffer<8xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
      // expected-error @+2 {{no variant of tile primitive 'copy' applies}}
      // expected-note @+1 {{variant 'vec_128b' (priority 20): 'dst' has 8 elements, not the 4 of one 128-bit access}}
      tirx.tile.copy thread %s, %A dispatch "vec_128b" : !tirx.buffer<8xf32, shared>, !tirx.buffer<8xf32, global>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @hint_from_shared() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'copy' applies}}
      // expected-note @+1 {{variant 'vec_128b' (priority 20): cache/L1/L2 hint config applies to global loads; the source is in 'shared'}}
      tirx.tile.copy thread %r, %s config {cache = "nc"} dispatch "vec_128b" : !tirx.buffer<4xf32, local>, !tirx.buffer<4xf32, shared>
    }
    return
  }
}

