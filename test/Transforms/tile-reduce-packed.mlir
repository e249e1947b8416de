// RUN: tirx-opt %s --tirx-dispatch-tile-primitives -split-input-file | FileCheck %s

// The original TIRx's `sm100_packed` reduction (priority 20): one thread
// sums >= 8 f32 registers as pairs (vector<2xf32>, add.rn.f32x2) on
// sm_100; elsewhere, and for max/min, `thread` reduces sequentially.

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  // Nine elements with accumulate: four packed pairs in a tree, the halves,
  // the odd last element, then the old destination.
  // CHECK-LABEL: func.func @sum_odd_accumulate
  // CHECK-COUNT-4: tirx.buffer_load {{.*}} -> vector<2xf32>
  // CHECK: arith.addf {{.*}} : vector<2xf32>
  // CHECK: arith.addf {{.*}} : vector<2xf32>
  // CHECK: arith.addf {{.*}} : vector<2xf32>
  // CHECK-NOT: arith.addf {{.*}} : vector<2xf32>
  // CHECK: vector.extract {{.*}}[0]
  // CHECK: vector.extract {{.*}}[1]
  // CHECK: arith.addf {{.*}} : f32
  // CHECK: tirx.buffer_load {{.*}} -> f32
  // CHECK: arith.addf {{.*}} : f32
  // CHECK: tirx.buffer_load {{.*}} -> f32
  // CHECK: arith.addf {{.*}} : f32
  // CHECK: tirx.buffer_store
  // CHECK-NOT: tirx.tile.
  func.func @sum_odd_accumulate() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<9xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.reduce sum thread %t, %r axes = [0] accumulate : !tirx.buffer<1xf32, local>, !tirx.buffer<9xf32, local>
    }
    return
  }

  // max: the packed variant declines (no max3 in the PTX table); `thread`
  // reduces with scalar maxnumf.
  // CHECK-LABEL: func.func @max_is_sequential
  // CHECK-NOT: vector<2xf32>
  // CHECK: arith.maxnumf {{.*}} : f32
  // CHECK-NOT: tirx.tile.
  func.func @max_is_sequential() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.reduce max thread %t, %r axes = [0] : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, local>
    }
    return
  }

  // Fewer than 8 elements: sequential.
  // CHECK-LABEL: func.func @short_is_sequential
  // CHECK-NOT: vector<2xf32>
  // CHECK: arith.addf {{.*}} : f32
  // CHECK-NOT: tirx.tile.
  func.func @short_is_sequential() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.reduce sum thread %t, %r axes = [0] : !tirx.buffer<1xf32, local>, !tirx.buffer<4xf32, local>
    }
    return
  }
}

// -----

// sm_90a has no add.f32x2: sequential.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // CHECK-LABEL: func.func @sum_sm90
  // CHECK-NOT: vector<2xf32>
  // CHECK: arith.addf {{.*}} : f32
  // CHECK-NOT: tirx.tile.
  func.func @sum_sm90() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.reduce sum thread %t, %r axes = [0] : !tirx.buffer<1xf32, local>, !tirx.buffer<16xf32, local>
    }
    return
  }
}
