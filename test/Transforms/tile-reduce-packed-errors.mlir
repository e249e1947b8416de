// RUN: tirx-opt %s --tirx-dispatch-tile-primitives -split-input-file -verify-diagnostics -o /dev/null

// `sm100_packed` forced where it does not apply: each reason.

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @packed_needs_sm100() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): needs sm_100 or newer (add.f32x2)}}
      tirx.tile.reduce sum thread %t, %r axes = [0] dispatch "sm100_packed" : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @packed_max() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): reduces sums only (max/min need max3/min3, which the PTX table does not have)}}
      tirx.tile.reduce max thread %t, %r axes = [0] dispatch "sm100_packed" : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @packed_short() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<6xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): 'src' has fewer than 8 elements}}
      tirx.tile.reduce sum thread %t, %r axes = [0] dispatch "sm100_packed" : !tirx.buffer<1xf32, local>, !tirx.buffer<6xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @packed_two_outputs() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<2x8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<2xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): 'src' is not 1-D (one non-unit dimension)}}
      tirx.tile.reduce sum thread %t, %r axes = [1] dispatch "sm100_packed" : !tirx.buffer<2xf32, local>, !tirx.buffer<2x8xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @packed_shared(%A: !tirx.buffer<8xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): 'src' is not a register buffer}}
      tirx.tile.reduce sum thread %t, %s axes = [0] dispatch "sm100_packed" : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, shared>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @packed_warp() {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      // expected-error @+2 {{no variant of tile primitive 'reduce' applies}}
      // expected-note @+1 {{variant 'sm100_packed' (priority 20): needs thread scope}}
      tirx.tile.reduce sum warp %t, %r axes = [0] dispatch "sm100_packed" : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, local>
    }
    return
  }
}
