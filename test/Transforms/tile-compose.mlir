// RUN: tirx-opt %s --tirx-dispatch-tile-primitives -split-input-file | FileCheck %s

// Dispatch of the composite primitives (decompose into a compose, which
// inlines with a barrier between steps through memory), select, the
// forced-width copies and the original TIRx's variant names.

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // Steps through shared memory at CTA scope: a barrier between them.
  // CHECK-LABEL: func.func @binary_reduce_cta
  // CHECK-NOT: tirx.tile.
  // CHECK: arith.mulf
  // CHECK: tirx.ptx.barrier.sync aligned
  // CHECK: shfl
  // CHECK-NOT: tirx.tile.
  func.func @binary_reduce_cta(%A: !tirx.buffer<64x64xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
      tirx.tile.binary_reduce mul sum cta %s, %r, %s, %s axes = [1] : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64xf32, shared>, !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, shared>
    }
    return
  }
}

// -----

!row = !tirx.buffer<1x64xf32, local, #tirx.layout<S[(1, 2, 32):(1, 1, 1@laneid)]>>
!one = !tirx.buffer<1xf32, local, #tirx.layout<S[1:1] + R[32:1@laneid]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // Register fragments: no barrier; exp(x + bias), then the shuffle sum.
  // CHECK-LABEL: func.func @unary_reduce_warp
  // CHECK-NOT: barrier
  // CHECK: arith.addf
  // CHECK: math.exp
  // CHECK: shfl
  // CHECK-NOT: barrier
  func.func @unary_reduce_warp(%b: f32) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %x = tirx.alloc_buffer : !row
      %e = tirx.alloc_buffer : !row
      %t = tirx.alloc_buffer : !one
      tirx.tile.unary_reduce exp sum warp %e, %t, %x bias %b : f32 axes = [1] : !row, !one, !row
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // reduce_negate with accumulate: -(reduce of src and -dst).
  // CHECK-LABEL: func.func @reduce_negate_thread
  // CHECK: arith.negf
  // CHECK: arith.maxnumf
  // CHECK: arith.negf
  func.func @reduce_negate_thread() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %x = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
      %m = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
      tirx.tile.reduce_negate max thread %m, %x axes = [1] accumulate : !tirx.buffer<4xf32, local>, !tirx.buffer<4x8xf32, local>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // binary_chain: (operand0 op0 data) op1 operand1.
  // CHECK-LABEL: func.func @binary_chain
  // CHECK: arith.mulf
  // CHECK: arith.addf
  func.func @binary_chain(%s: f32, %c: f32) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %x = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %y = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      tirx.tile.binary_chain mul add thread %y, %x, %s, %c : !tirx.buffer<8xf32, local>, !tirx.buffer<8xf32, local>, f32, f32
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // select over a shared region at CTA scope: each thread its share; the
  // predicate is cloned with the element's indices.
  // CHECK-LABEL: func.func @select_causal
  // CHECK: tirx.for
  // CHECK: arith.cmpi sle
  // CHECK: arith.select
  // CHECK: tirx.buffer_store
  func.func @select_causal(%ninf: f32) {
    tirx.kernel {
      %tx = tirx.thread_id [64] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<16x16xf32, shared>
      tirx.tile.select cta %s, %s, %ninf : !tirx.buffer<16x16xf32, shared>, !tirx.buffer<16x16xf32, shared>, f32 {
      ^bb0(%i: index, %j: index):
        %i32 = arith.index_cast %i : index to i32
        %j32 = arith.index_cast %j : index to i32
        %le = arith.cmpi sle, %j32, %i32 : i32
        tirx.tile.yield %le
      }
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  // The forced 256-bit copy with the original's cache hints: one load, the
  // registers from its words.
  // CHECK-LABEL: func.func @vec_256b_hints
  // CHECK: tirx.ptx.ld global nc L1 no_allocate L2 evict_first prefetch L2_256B u32 %{{.*}} : !tirx.ptr<i32, global> -> vector<8xi32>
  // CHECK-NOT: tirx.ptx.ld
  func.func @vec_256b_hints(%A: !tirx.buffer<8xi32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xi32, local>
      tirx.tile.copy thread %r, %A config {cache = "nc", l1_evict = "L1::no_allocate", l2_evict = "L2::evict_first", prefetch_size = "L2::256B"} dispatch "vec_256b" : !tirx.buffer<8xi32, local>, !tirx.buffer<8xi32, global>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // vec_16b of one u16: ld.shared.u16 / st.shared.u16.
  // CHECK-LABEL: func.func @vec_16b
  // CHECK: tirx.ptx.st shared.cta u16
  // CHECK: tirx.ptx.ld shared.cta u16
  func.func @vec_16b(%B: !tirx.buffer<1xi16, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<1xi16, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<1xi16, local>
      tirx.tile.copy thread %s, %r dispatch "vec_16b" : !tirx.buffer<1xi16, shared>, !tirx.buffer<1xi16, local>
      tirx.tile.copy thread %r, %s dispatch "vec_16b" : !tirx.buffer<1xi16, local>, !tirx.buffer<1xi16, shared>
    }
    return
  }
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  // The original's name vec_auto is our vec.
  // CHECK-LABEL: func.func @vec_auto_alias
  // CHECK: tirx.buffer_load {{.*}} -> vector<4xf32>
  func.func @vec_auto_alias() {
    tirx.kernel {
      %tx = tirx.thread_id [1] : i32
      %s = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
      tirx.tile.copy thread %r, %s dispatch "vec_auto" : !tirx.buffer<4xf32, local>, !tirx.buffer<4xf32, shared>
    }
    return
  }
}
