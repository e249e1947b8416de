// RUN: tirx-opt %s --split-input-file --tirx-check-sync --verify-diagnostics -o /dev/null

// tirx-check-sync on clusters: a peer's mbarrier used before a cluster
// barrier orders its init; an init the peers use with neither
// fence.mbarrier_init nor a releasing cluster arrive; distributed shared
// memory accessed with no cluster barrier before exit.

// Correct: init, fence.mbarrier_init, cluster barrier, remote arrive, wait,
// a final cluster barrier.
func.func @remote_arrive_ok(%out: !tirx.buffer<2xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.mbarrier_init
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %peer = arith.xori %rank, %one : i32
    tirx.if %is0 {
      %remote = tirx.ptx.mapa %bar, %peer : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      tirx.ptx.mbarrier.arrive release cluster %remote : !tirx.ptr<i64, shared.cluster>
    }
    %w = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<i64, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// The remote arrive may come before the peer initialized its barrier.
func.func @remote_arrive_before_peer_init(%out: !tirx.buffer<2xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    %peer = arith.xori %rank, %one : i32
    tirx.if %is0 {
      // expected-note @+1 {{the peers initialize it here}}
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.mbarrier_init
      %remote = tirx.ptx.mapa %bar, %peer : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      // expected-error @+1 {{uses the mbarrier in 'mbar' of a peer CTA with no cluster barrier between the peers' mbarrier.init and this use: the peer may not have initialized it yet}}
      tirx.ptx.mbarrier.arrive release cluster %remote : !tirx.ptr<i64, shared.cluster>
    }
    tirx.ptx.barrier.sync aligned
    %w = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<i64, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// A relaxed cluster arrive does not release the init to the peers, and no
// fence.mbarrier_init does either.
func.func @init_not_fenced(%out: !tirx.buffer<2xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      // expected-warning @+1 {{this mbarrier.init is used by peer CTAs, but neither a fence.mbarrier_init nor a releasing barrier.cluster.arrive orders it before their use}}
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    // expected-note @+1 {{the relaxed arrive}}
    tirx.ptx.barrier.cluster.arrive relaxed aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %peer = arith.xori %rank, %one : i32
    tirx.if %is0 {
      %remote = tirx.ptx.mapa %bar, %peer : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      tirx.ptx.mbarrier.arrive release cluster %remote : !tirx.ptr<i64, shared.cluster>
    }
    %w = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<i64, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// Correct: a peer's value read after a cluster barrier, and a final one
// before exit.
func.func @dsmem_read_ok(%out: !tirx.buffer<64xf32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %buf = tirx.alloc_buffer {name = "buf"} : !tirx.buffer<32xf32, shared>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<32xf32, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %peer = arith.xori %rank, %one : i32
    %mine = tirx.ptr_to %buf[%t] : !tirx.buffer<32xf32, shared>
    %theirs = tirx.ptx.mapa %mine, %peer : !tirx.ptr<f32, shared> -> !tirx.ptr<f32, shared.cluster>
    %remote = tirx.decl_buffer %theirs : !tirx.ptr<f32, shared.cluster> -> !tirx.buffer<1xf32, shared.cluster>
    %v = tirx.buffer_load %remote[%c0] : !tirx.buffer<1xf32, shared.cluster> -> f32
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// No cluster barrier after the remote read: the peer may exit first.
func.func @dsmem_read_then_exit(%out: !tirx.buffer<64xf32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %buf = tirx.alloc_buffer {name = "buf"} : !tirx.buffer<32xf32, shared>
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<32xf32, shared>
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %peer = arith.xori %rank, %one : i32
    %mine = tirx.ptr_to %buf[%t] : !tirx.buffer<32xf32, shared>
    %theirs = tirx.ptx.mapa %mine, %peer : !tirx.ptr<f32, shared> -> !tirx.ptr<f32, shared.cluster>
    %remote = tirx.decl_buffer %theirs : !tirx.ptr<f32, shared.cluster> -> !tirx.buffer<1xf32, shared.cluster>
    // expected-error @+1 {{accesses the shared memory of a peer CTA ('buf') with no cluster barrier after it: the peer may exit, and its shared memory go away, before the access is done}}
    %v = tirx.buffer_load %remote[%c0] : !tirx.buffer<1xf32, shared.cluster> -> f32
  }
  return
}
