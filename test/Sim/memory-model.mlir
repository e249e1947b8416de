// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=0 --print=none
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --seed=3 --print=none

// Where the simulator follows PTX's memory model rather than a sequentially
// consistent one: one kernel per rule, a correct form next to the broken
// one.

// A flag handed from CTA 0 to CTA 1 of a cluster with st.release.cluster
// and ld.acquire.cluster orders the data written before it.
func.func @release_cluster_scope(%out: !tirx.buffer<1xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %v42 = arith.constant 42 : i32
    %databuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %flagbuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %data = tirx.ptr_to %databuf[%c0] : !tirx.buffer<1xi32, shared>
    %flag = tirx.ptr_to %flagbuf[%c0] : !tirx.buffer<1xi32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.st relaxed cluster shared.cta b32 %flag, %zero : !tirx.ptr<i32, shared>, i32
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %r0 = arith.cmpi eq, %rank, %zero : i32
    %r1 = arith.cmpi eq, %rank, %one : i32
    %writer = arith.andi %is0, %r0 : i1
    %reader = arith.andi %is0, %r1 : i1
    tirx.if %writer {
      %rd = tirx.ptx.mapa %data, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rf = tirx.ptx.mapa %flag, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      tirx.ptx.st shared.cluster b32 %rd, %v42 : !tirx.ptr<i32, shared.cluster>, i32
      tirx.ptx.st release cluster shared.cluster b32 %rf, %one : !tirx.ptr<i32, shared.cluster>, i32
    }
    tirx.if %reader {
      tirx.while {
        %f = tirx.ptx.ld acquire cluster shared.cta b32 %flag : !tirx.ptr<i32, shared> -> i32
        %wait = arith.cmpi eq, %f, %zero : i32
        tirx.condition %wait
      } do {
      }
      %x = tirx.ptx.ld shared.cta b32 %data : !tirx.ptr<i32, shared> -> i32
      tirx.buffer_store %x, %out[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// The same handoff with st.release.cta: a .cta-scope release synchronizes
// only with threads of the releasing CTA. The flag's store and load are
// not morally strong (the store's scope does not include the reader), so
// they race, and nothing orders the data.
func.func @release_cta_scope_across_ctas(%out: !tirx.buffer<1xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %v42 = arith.constant 42 : i32
    %databuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %flagbuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %data = tirx.ptr_to %databuf[%c0] : !tirx.buffer<1xi32, shared>
    %flag = tirx.ptr_to %flagbuf[%c0] : !tirx.buffer<1xi32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.st relaxed cluster shared.cta b32 %flag, %zero : !tirx.ptr<i32, shared>, i32
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %r0 = arith.cmpi eq, %rank, %zero : i32
    %r1 = arith.cmpi eq, %rank, %one : i32
    %writer = arith.andi %is0, %r0 : i1
    %reader = arith.andi %is0, %r1 : i1
    tirx.if %writer {
      %rd = tirx.ptx.mapa %data, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rf = tirx.ptx.mapa %flag, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      tirx.ptx.st shared.cluster b32 %rd, %v42 : !tirx.ptr<i32, shared.cluster>, i32
      // expected-note @+1 {{the conflicting write is here}}
      tirx.ptx.st release cta shared.cluster b32 %rf, %one : !tirx.ptr<i32, shared.cluster>, i32
    }
    tirx.if %reader {
      tirx.while {
        // expected-error-re @+1 {{data race on shared memory at 0x{{[0-9a-f]+}}: thread 0 of CTA (1, 0, 0) (cluster rank 1) reads it while thread 0 of CTA (0, 0, 0) (cluster rank 0) writes it}}
        %f = tirx.ptx.ld acquire cluster shared.cta b32 %flag : !tirx.ptr<i32, shared> -> i32
        %wait = arith.cmpi eq, %f, %zero : i32
        tirx.condition %wait
      } do {
      }
      %x = tirx.ptx.ld shared.cta b32 %data : !tirx.ptr<i32, shared> -> i32
      tirx.buffer_store %x, %out[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// Strong accesses race unless they are morally strong: relaxed.cta
// atomics by threads of two CTAs on one word of distributed shared memory
// are not (relaxed.cluster ones would be).
func.func @cta_scope_atomics_across_ctas(%out: !tirx.buffer<1xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<1xi32, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    %r0 = arith.cmpi eq, %rank, %zero : i32
    %init = arith.andi %is0, %r0 : i1
    tirx.if %init {
      tirx.ptx.st relaxed cluster shared.cta b32 %p, %zero : !tirx.ptr<i32, shared>, i32
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    tirx.if %is0 {
      %q = tirx.ptx.mapa %p, %zero : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      // expected-error @+2 {{data race on shared memory}}
      // expected-note @+1 {{the conflicting write is here}}
      %old = tirx.ptx.atom relaxed cta shared.cluster add u32 %q, %one : !tirx.ptr<i32, shared.cluster>, i32
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// A remote mbarrier.arrive with .release.cluster publishes what the
// arriving thread wrote to the peer that waits on the barrier.
func.func @remote_arrive_cluster_scope(%out: !tirx.buffer<1xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %v7 = arith.constant 7 : i32
    %databuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %data = tirx.ptr_to %databuf[%c0] : !tirx.buffer<1xi32, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.mbarrier_init
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %r0 = arith.cmpi eq, %rank, %zero : i32
    %r1 = arith.cmpi eq, %rank, %one : i32
    %writer = arith.andi %is0, %r0 : i1
    %reader = arith.andi %is0, %r1 : i1
    tirx.if %writer {
      %rd = tirx.ptx.mapa %data, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rb = tirx.ptx.mapa %bar, %one : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      tirx.ptx.st shared.cluster b32 %rd, %v7 : !tirx.ptr<i32, shared.cluster>, i32
      tirx.ptx.mbarrier.arrive release cluster %rb : !tirx.ptr<i64, shared.cluster>
    }
    tirx.if %reader {
      %done = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<i64, shared>
      %x = tirx.ptx.ld shared.cta b32 %data : !tirx.ptr<i32, shared> -> i32
      tirx.buffer_store %x, %out[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// With .release.cta the remote arrive still counts, but does not order
// the data before the peer's wait.
func.func @remote_arrive_cta_scope(%out: !tirx.buffer<1xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %v7 = arith.constant 7 : i32
    %databuf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %data = tirx.ptr_to %databuf[%c0] : !tirx.buffer<1xi32, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.mbarrier_init
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %r0 = arith.cmpi eq, %rank, %zero : i32
    %r1 = arith.cmpi eq, %rank, %one : i32
    %writer = arith.andi %is0, %r0 : i1
    %reader = arith.andi %is0, %r1 : i1
    tirx.if %writer {
      %rd = tirx.ptx.mapa %data, %one : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rb = tirx.ptx.mapa %bar, %one : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      // expected-note @+1 {{the conflicting write is here}}
      tirx.ptx.st shared.cluster b32 %rd, %v7 : !tirx.ptr<i32, shared.cluster>, i32
      tirx.ptx.mbarrier.arrive release cta %rb : !tirx.ptr<i64, shared.cluster>
    }
    tirx.if %reader {
      %done = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %zero : !tirx.ptr<i64, shared>
      // expected-error @+1 {{data race on shared memory}}
      %x = tirx.ptx.ld shared.cta b32 %data : !tirx.ptr<i32, shared> -> i32
      tirx.buffer_store %x, %out[%c0] : i32, !tirx.buffer<1xi32, global>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

// mbarrier.init on a barrier that is still valid is undefined in PTX:
// it must be invalidated first (the first loop iteration is fine, the
// second re-initializes).
func.func @reinit_live_mbarrier(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.for %i = %c0 to %c2 step %c1 {
        // expected-error @+2 {{thread 0 of CTA (0, 0, 0) re-initializes the mbarrier at 0x0, which is still valid; invalidate it with mbarrier.inval first}}
        // expected-note @+1 {{it was initialized here}}
        tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
        %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
        %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      }
    }
  }
  return
}

// -----

// The same loop with mbarrier.inval between the uses is well defined.
func.func @reinit_after_inval(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.for %i = %c0 to %c2 step %c1 {
        tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
        %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
        %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
        tirx.ptx.mbarrier.inval %bar : !tirx.ptr<i64, shared>
      }
    }
  }
  return
}

// -----

// barrier.red and barrier.sync on one barrier in one phase.
func.func @red_mixed_with_sync(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c32 = arith.constant 32 : i32
    %c1 = arith.constant 1 : i32
    %w0 = arith.cmpi ult, %tx, %c32 : i32
    %p = arith.cmpi eq, %tx, %c1 : i32
    tirx.if %w0 {
      // expected-note @+1 {{the other arrival is here}}
      tirx.ptx.barrier.sync aligned
    } else {
      // expected-error @+1 {{threads arrive at barrier 0 with barrier.red.popc here and with barrier.sync/barrier.arrive in the same phase}}
      %n = tirx.ptx.barrier.red popc aligned %p : i32
    }
  }
  return
}

// -----

// An .aligned barrier that only some lanes of a warp execute.
func.func @divergent_aligned_barrier(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c16 = arith.constant 16 : i32
    %c64 = arith.constant 64 : i32
    %low = arith.cmpi ult, %tx, %c16 : i32
    tirx.if %low {
      // expected-error @+1 {{divergent .aligned barrier: lanes of warp 0 of CTA (0, 0, 0) arrive at barrier 0 through two .aligned barrier instructions}}
      tirx.ptx.barrier.sync aligned
    } else {
      // expected-note @+1 {{the other instruction}}
      tirx.ptx.barrier.sync aligned
    }
  }
  return
}

// -----

// The same split at a warp boundary is not divergent.
func.func @warp_uniform_aligned_barrier(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c32 = arith.constant 32 : i32
    %low = arith.cmpi ult, %tx, %c32 : i32
    tirx.if %low {
      tirx.ptx.barrier.sync aligned
    } else {
      tirx.ptx.barrier.sync aligned
    }
  }
  return
}

// -----

// test_wait does not block: thread 0 polls it in a loop while thread 32
// arrives later; with nobody to arrive, the poll is a deadlock.
func.func @test_wait_poll_without_arrival(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %two = arith.constant 2 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      // expected-note @+1 {{the mbarrier was initialized here for 2 arrivals per phase}}
      tirx.ptx.mbarrier.init %bar, %two : !tirx.ptr<i64, shared>
      %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      tirx.while {
        // expected-error @+1 {{deadlock: all 32 live threads of the cluster are blocked; thread 0 of CTA (0, 0, 0) waits (polling with test_wait) for the phase of parity 0 of the mbarrier at shared offset 0x0 of CTA (0, 0, 0) (phase 0: 1 of 2 arrivals and 0 transaction bytes missing)}}
        %done = tirx.ptx.mbarrier.test_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
        %t = arith.constant true
        %p = arith.xori %done, %t : i1
        tirx.condition %p
      } do {
      }
    }
    // expected-note @+1 {{waits at barrier 0 (31 of 32 threads arrived)}}
    tirx.ptx.barrier.sync aligned
  }
  return
}

// -----

// Issuing an asynchronous copy moves the issuer on: its own read of the
// destination before the copy is waited for is a race.
func.func @issuer_reads_inflight_destination(%in: !tirx.buffer<64xf32, global>, %out: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 256 : i32
    %dstbuf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      %dst = tirx.ptr_to %dstbuf[%c0] : !tirx.buffer<64xf32, shared>
      %src = tirx.ptr_to %in[%c0] : !tirx.buffer<64xf32, global>
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      // expected-note @+1 {{the conflicting write is here}}
      tirx.ptx.cp.async.bulk.g2s %dst, %src, %bar, %bytes : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
      // expected-error @+1 {{data race on shared memory at 0x0: thread 0 of CTA (0, 0, 0) reads it while the bulk copy issued by thread 0 of CTA (0, 0, 0) writes it}}
      %v = tirx.buffer_load %dstbuf[%c0] : !tirx.buffer<64xf32, shared> -> f32
      tirx.buffer_store %v, %out[%c0] : f32, !tirx.buffer<1xf32, global>
      %w = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    }
  }
  return
}

// -----

// cp.async.bulk.wait_group.read waits for the copy's reads of shared
// memory only: reading the global destination after it is a race (a full
// wait_group orders it).
func.func @wait_group_read_does_not_complete_writes(%out: !tirx.buffer<64xf32, global>, %res: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 256 : i32
    %srcbuf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %f = arith.sitofp %tx : i32 to f32
    %t = arith.index_cast %tx : i32 to index
    %c32 = arith.constant 32 : index
    %t2 = arith.addi %t, %c32 : index
    tirx.buffer_store %f, %srcbuf[%t] : f32, !tirx.buffer<64xf32, shared>
    tirx.buffer_store %f, %srcbuf[%t2] : f32, !tirx.buffer<64xf32, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %srcbuf[%c0] : !tirx.buffer<64xf32, shared>
      %dst = tirx.ptr_to %out[%c0] : !tirx.buffer<64xf32, global>
      // expected-note @+1 {{the conflicting write is here}}
      tirx.ptx.cp.async.bulk.s2g %dst, %src, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0 read
      // expected-error @+1 {{data race on global memory}}
      %v = tirx.buffer_load %out[%c0] : !tirx.buffer<64xf32, global> -> f32
      tirx.buffer_store %v, %res[%c0] : f32, !tirx.buffer<1xf32, global>
    }
  }
  return
}

// -----

// After a full wait_group the destination is the copy's.
func.func @wait_group_completes_writes(%out: !tirx.buffer<64xf32, global>, %res: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 256 : i32
    %srcbuf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %f = arith.sitofp %tx : i32 to f32
    %t = arith.index_cast %tx : i32 to index
    %c32 = arith.constant 32 : index
    %t2 = arith.addi %t, %c32 : index
    tirx.buffer_store %f, %srcbuf[%t] : f32, !tirx.buffer<64xf32, shared>
    tirx.buffer_store %f, %srcbuf[%t2] : f32, !tirx.buffer<64xf32, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %is0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is0 {
      %src = tirx.ptr_to %srcbuf[%c0] : !tirx.buffer<64xf32, shared>
      %dst = tirx.ptr_to %out[%c0] : !tirx.buffer<64xf32, global>
      tirx.ptx.cp.async.bulk.s2g %dst, %src, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
      %v = tirx.buffer_load %out[%c0] : !tirx.buffer<64xf32, global> -> f32
      tirx.buffer_store %v, %res[%c0] : f32, !tirx.buffer<1xf32, global>
    }
  }
  return
}

// -----

// Lanes storing the same value to one address without ordering race, in
// the simulator as in PTX's memory model (a warp's one convergent store
// is defined to leave one of the values, but the simulator runs lanes
// apart): tile variants store a replicated element from its first replica
// only (test/Sim/replicated-fragment.mlir).
func.func @replicated_same_value_store(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : i32
    %v = arith.constant 5 : i32
    %two = arith.cmpi ult, %tx, %c2 : i32
    tirx.if %two {
      // expected-error @+2 {{data race on global memory}}
      // expected-note @+1 {{the conflicting write is here}}
      tirx.buffer_store %v, %out[%c0] : i32, !tirx.buffer<1xi32, global>
    }
  }
  return
}
