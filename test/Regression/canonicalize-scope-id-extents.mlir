// RUN: tirx-opt %s -split-input-file -canonicalize | FileCheck %s

// canonicalize erased an unused `tirx.thread_id [32]` as dead. Its extents
// are the kernel's threads per CTA, so the kernel lost its launch shape
// and the remaining `tirx.lane_id` no longer verified (found by the fuzzer
// replaying the simulator's tests). A scope id with extents now writes the
// launch shape (a memory effect on its own resource) and is kept; one
// without extents stays pure.

// CHECK-LABEL: func.func @unused_thread_id_with_extents
// CHECK-DAG: tirx.thread_id [32] : i32
// CHECK-DAG: tirx.lane_id : i32
func.func @unused_thread_id_with_extents(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %lane = tirx.lane_id : i32
    %tx = tirx.thread_id [32] : i32
    %i = arith.index_cast %lane : i32 to index
    tirx.buffer_store %lane, %out[%i] : i32, !tirx.buffer<32xi32, global>
  }
  return
}

// -----

// CHECK-LABEL: func.func @unused_lane_id_without_extents
// CHECK: tirx.thread_id [32] : i32
// CHECK-NOT: tirx.lane_id
// CHECK: return
func.func @unused_lane_id_without_extents(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %lane = tirx.lane_id : i32
    %i = arith.index_cast %tx : i32 to index
    tirx.buffer_store %tx, %out[%i] : i32, !tirx.buffer<32xi32, global>
  }
  return
}
