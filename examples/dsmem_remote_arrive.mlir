// The distributed-shared-memory exchange of the behavioural spec: a cluster
// of 2 CTAs, an mbarrier in each CTA's shared memory, and a remote arrive on
// the peer CTA's barrier through a typed pointer.
//
//   %addr = mapa(address of my mbarrier, peer rank)     raw 64-bit address
//   %remote_ptr = reinterpret %addr as !tirx.ptr<ui64, shared>   (a bind)
//   %remote_mbar = decl_buffer(data = %remote_ptr)       1 x ui64, shared
//   mbarrier.arrive on %remote_mbar[0]                   remote arrive
//
// Each CTA then waits until its own barrier's phase completes (its peer
// arrived), and thread 0 records the peer's rank.
//
//   tirx-translate examples/dsmem_remote_arrive.mlir --emit=ptx
func.func @dsmem_remote_arrive(%out: !tirx.buffer<2xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xui64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xui64, shared>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<ui64, shared>
      tirx.ptx.fence.mbarrier_init
    }
    // Both barriers are initialized before anyone arrives remotely.
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned

    %peer = arith.xori %rank, %one : i32
    %local = tirx.reinterpret %bar : !tirx.ptr<ui64, shared> to i64
    %addr = tirx.ptx.mapa %local, %peer : i64 -> i64
    %p = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
    %remote_ptr = tirx.bind %p as "remote_ptr" : !tirx.ptr<ui64, shared>
    %remote_mbar = tirx.decl_buffer %remote_ptr {name = "remote_mbar"} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
    %remote = tirx.ptr_to %remote_mbar[%c0] : !tirx.buffer<1xui64, shared>
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.arrive release cluster %remote : !tirx.ptr<ui64, shared>
    }

    // Wait for the peer's arrive on this CTA's barrier (phase 0).
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<ui64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    tirx.if %is_t0 {
      %slot = arith.index_cast %rank : i32 to index
      tirx.buffer_store %peer, %out[%slot] : i32, !tirx.buffer<2xi32, global>
    }
    // Keep both CTAs alive until all remote traffic is done.
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}
