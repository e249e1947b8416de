// RUN: tirx-opt %s --tirx-infer-launch-shape --split-input-file | FileCheck %s

// The launch shape is derived from the scope ids.

// CHECK-LABEL: func.func @warpgroups
// CHECK: tirx.kernel attributes {block = array<i64: 256, 1, 1>, cluster = array<i64: 1, 1, 1>, grid = array<i64: 132, 1, 1>}
func.func @warpgroups() {
  tirx.kernel {
    %b = tirx.cta_id [132] : i32
    %wg = tirx.warpgroup_id [2] : i32
    %t = tirx.thread_id_in_wg [128] : i32
    %l = tirx.lane_id : i32
  }
  return
}

// CHECK-LABEL: func.func @warps_and_threads_agree
// CHECK: block = array<i64: 128, 1, 1>
func.func @warps_and_threads_agree() {
  tirx.kernel {
    %w = tirx.warp_id [4] : i32
    %t = tirx.thread_id : i32
  }
  return
}

// -----

// Cluster from cta_id_in_cluster; the grid from cluster_id x cluster.
// CHECK-LABEL: func.func @clusters
// CHECK: block = array<i64: 128, 1, 1>, cluster = array<i64: 2, 1, 1>, grid = array<i64: 16, 1, 1>
func.func @clusters() {
  tirx.kernel {
    %c = tirx.cluster_id [8] : i32
    %r = tirx.cta_id_in_cluster [2] : i32
    %t = tirx.thread_id [128] : i32
  }
  return
}

// Cluster from the function's launch controls; a single cluster by default.
// CHECK-LABEL: func.func @launch_cluster
// CHECK: block = array<i64: 32, 1, 1>, cluster = array<i64: 2, 2, 1>, grid = array<i64: 2, 2, 1>
func.func @launch_cluster() attributes {tirx.launch = #tirx.launch<cluster_dims = [2, 2]>} {
  tirx.kernel {
    %r:2 = tirx.cta_id_in_cluster : i32, i32
    %t = tirx.thread_id [32] : i32
  }
  return
}

// -----

// Multi-dimensional grids and blocks.
// CHECK-LABEL: func.func @multi_dim
// CHECK: block = array<i64: 32, 8, 1>, cluster = array<i64: 1, 1, 1>, grid = array<i64: 4, 4, 2>
func.func @multi_dim() {
  tirx.kernel {
    %b:3 = tirx.cta_id [4, 4, 2] : i32, i32, i32
    %t:2 = tirx.thread_id [32, 8] : i32, i32
  }
  return
}

// A kernel with no scope ids runs one thread.
// CHECK-LABEL: func.func @single_thread
// CHECK: block = array<i64: 1, 1, 1>, cluster = array<i64: 1, 1, 1>, grid = array<i64: 1, 1, 1>
func.func @single_thread() {
  tirx.kernel {
  }
  return
}
