// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Launch extents were multiplied with signed overflow: the product of
// #tirx.launch cluster_dims, of scope-id extents (threads per CTA, cluster
// size) and cluster_id x cluster (grid). Products now saturate, so the
// limits report the excess.

// expected-error @+1 {{a cluster holds at most 16 CTAs, got 9223372036854775807}}
func.func private @cluster_dims() attributes {tirx.launch = #tirx.launch<cluster_dims = [4294967296, 4294967296, 4]>}

// -----

func.func @threads() {
  tirx.kernel {
    // expected-error @+1 {{a CTA has at most 1024 threads, got 9223372036854775807}}
    %t:2 = tirx.thread_id [4294967296, 4294967296] : i32, i32
  }
  return
}

// -----

func.func @warpgroups() {
  tirx.kernel {
    // expected-error @+1 {{needs whole warpgroups, but the CTA has 9223372036854775807 threads}}
    %w = tirx.warpgroup_id [9223372036854775807] : i32
  }
  return
}

// -----

func.func @cluster_extents() {
  tirx.kernel {
    // expected-error @+1 {{a cluster holds at most 16 CTAs, got 9223372036854775807}}
    %r:3 = tirx.cta_id_in_cluster [4294967296, 4294967296, 4] : i32, i32, i32
  }
  return
}

// -----

// The grid is cluster_id x cluster; it saturates instead of overflowing.
func.func @grid() attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  // expected-error @+1 {{the grid [9223372036854775807, 1, 1] exceeds the launch limit of 2147483647 CTAs in dimension x}}
  tirx.kernel {
    %c = tirx.cluster_id [9223372036854775807] : i32
  }
  return
}
