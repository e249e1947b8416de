// RUN: tirx-sim %s --split-input-file --verify-diagnostics --print=none --seed=0
// RUN: tirx-sim %s --split-input-file --verify-diagnostics --print=none --seed=3

// Problems the simulator finds while running a kernel, one per case, each
// reported at the op involved.

func.func @shared_out_of_bounds(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<4xf32, shared>
    %q = tirx.ptr_byte_offset %p[%c16] as f32 : !tirx.ptr<f32, shared>
    %b = tirx.decl_buffer %q : !tirx.ptr<f32, shared> -> !tirx.buffer<1xf32, shared>
    %one = arith.constant 1.0 : f32
    // expected-error @+1 {{out-of-bounds shared memory access: thread 0 of CTA (0, 0, 0) writes 4 bytes at 0x10, offset 16 of CTA (0, 0, 0)'s shared memory (16 bytes)}}
    tirx.buffer_store %one, %b[%c0] : f32, !tirx.buffer<1xf32, shared>
  }
  return
}

// -----

func.func @global_out_of_bounds(%out: !tirx.buffer<4xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %p = tirx.ptr_to %out[%c0] : !tirx.buffer<4xf32, global>
    %q = tirx.access_ptr %out[%c4], %c4, w as f32 : !tirx.buffer<4xf32, global>
    %b = tirx.decl_buffer %q : !tirx.ptr<f32, global> -> !tirx.buffer<1xf32, global>
    %one = arith.constant 1.0 : f32
    // expected-error @+1 {{out-of-bounds global memory access: thread 0 of CTA (0, 0, 0) writes 4 bytes at 0x10000000010, offset 16 of argument #0 (16 bytes)}}
    tirx.buffer_store %one, %b[%c0] : f32, !tirx.buffer<1xf32, global>
  }
  return
}

// -----

func.func @misaligned(%out: !tirx.buffer<8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %q = tirx.access_ptr %out[%c0], %c4, r as f32 : !tirx.buffer<8xf32, global>
    %b = tirx.decl_buffer %q byte_offset %c4 : !tirx.ptr<f32, global> -> !tirx.buffer<4xf32, global>
    // expected-error @+1 {{misaligned access: thread 0 of CTA (0, 0, 0) reads 16 bytes at 0x10000000004, which is not 16-byte aligned}}
    %v = tirx.buffer_load %b[%c0] : !tirx.buffer<4xf32, global> -> vector<4xf32>
  }
  return
}

// -----

func.func @uninitialized(%out: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.0 : f32
    tirx.buffer_store %one, %buf[%c0] : f32, !tirx.buffer<4xf32, shared>
    // expected-error @+1 {{read of uninitialized shared memory: thread 0 of CTA (0, 0, 0) reads 4 bytes at 0x8 that nothing wrote before}}
    %v = tirx.buffer_load %buf[%c2] : !tirx.buffer<4xf32, shared> -> f32
    tirx.buffer_store %v, %out[%c0] : f32, !tirx.buffer<1xf32, global>
  }
  return
}

// -----

func.func @division_by_zero(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    // expected-error @+1 {{integer division by zero in thread 0 of CTA (0, 0, 0)}}
    %q = arith.divsi %one, %tx : i32
    tirx.buffer_store %q, %out[%c0] : i32, !tirx.buffer<1xi32, global>
  }
  return
}

// -----

func.func @cross_cluster_race(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %bx = tirx.cta_id [2] : i32
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    // expected-error @+2 {{and a CTA of another cluster writes it; CTAs of different clusters cannot synchronize}}
    // expected-note @+1 {{the other access is here}}
    tirx.buffer_store %bx, %out[%c0] : i32, !tirx.buffer<1xi32, global>
  }
  return
}

// -----

func.func @mapa_bad_rank(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %c0 = arith.constant 0 : index
    %three = arith.constant 3 : i32
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<1xi32, shared>
    // expected-error @+1 {{maps an address to cluster rank 3, but the cluster has 1 CTA}}
    %q = tirx.ptx.mapa %p, %three : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
  }
  return
}

// -----

func.func @barrier_count_mismatch(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %lo = arith.cmpi ult, %tx, %c64 : i32
    %n = arith.select %lo, %c128, %c64 : i32
    // expected-error-re @+2 {{arrives at barrier 1 for {{64|128}} threads, but threads already there expect {{128|64}}}}
    // expected-note @+1 {{the first arrival was here}}
    tirx.ptx.barrier.sync id %c1 count %n
  }
  return
}

// -----

func.func @barrier_id(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c16 = arith.constant 16 : i32
    // expected-error-re @+1 {{thread {{[0-9]+}} of CTA (0, 0, 0) uses barrier 16; a CTA has barriers 0-15}}
    tirx.ptx.barrier.sync id %c16
  }
  return
}

// -----

func.func @barrier_deadlock(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %lo = arith.cmpi ult, %tx, %c64 : i32
    tirx.if %lo {
      // expected-error @+1 {{deadlock: all 64 live threads of the cluster are blocked; thread 0 of CTA (0, 0, 0) waits at barrier 1 (64 of 128 threads arrived; 64 threads of the CTA have exited)}}
      tirx.ptx.barrier.sync id %c1 count %c128
    }
  }
  return
}

// -----

func.func @cluster_wait_without_arrive(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{waits at the cluster barrier without having arrived (barrier.cluster.arrive) first}}
    tirx.ptx.barrier.cluster.wait
  }
  return
}

// -----

func.func @cluster_arrive_twice(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    tirx.ptx.barrier.cluster.arrive
    // expected-error @+1 {{arrives at the cluster barrier twice in one phase}}
    tirx.ptx.barrier.cluster.arrive
  }
  return
}

// -----

func.func @mbarrier_before_init(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{uses the mbarrier at 0x0 before it is initialized (mbarrier.init)}}
    %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
  }
  return
}

// -----

func.func @mbarrier_bad_count(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{mbarrier.init with an arrival count of 0; it must be in [1, 2^20 - 1]}}
    tirx.ptx.mbarrier.init %bar, %zero : !tirx.ptr<i64, shared>
  }
  return
}

// -----

func.func @mbarrier_overflow(%out: !tirx.buffer<1xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    // expected-note @+1 {{initialized here for 1 arrival}}
    tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    // expected-error @+1 {{mbarrier arrival overflow: thread 0 of CTA (0, 0, 0) arrives on the mbarrier at shared offset 0x0 of CTA (0, 0, 0) in phase 0 after all 1 expected arrivals}}
    %s = tirx.ptx.mbarrier.arrive %bar, %two : !tirx.ptr<i64, shared> -> i64
  }
  return
}

// -----

func.func @collective_mismatch(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %lane = tirx.lane_id [32] : i32
    %tx = tirx.thread_id [32] : i32
    %full = arith.constant -1 : i32
    %one = arith.constant 1 : i32
    %c31 = arith.constant 31 : i32
    %c16 = arith.constant 16 : i32
    %lo = arith.cmpi ult, %lane, %c16 : i32
    tirx.if %lo {
      // expected-error-re @+1 {{lanes of a warp reach different warp-collective ops (thread {{[0-9]+}} of CTA (0, 0, 0) is at one, lanes it must meet wait at the other); all lanes must execute the same one}}
      %a = tirx.ptx.shfl.sync bfly %full, %lane, %one, %c31 : i32
    } else {
      // expected-note @+1 {{the other op}}
      %b = tirx.ptx.shfl.sync bfly %full, %lane, %one, %c31 : i32
    }
  }
  return
}

// -----

func.func @not_in_mask(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %lane = tirx.lane_id [32] : i32
    %tx = tirx.thread_id [32] : i32
    %mask = arith.constant 65535 : i32
    %one = arith.constant 1 : i32
    %c31 = arith.constant 31 : i32
    // expected-error-re @+1 {{thread {{[0-9]+}} of CTA (0, 0, 0) executes 'shfl.sync' but is not in its member mask}}
    %a = tirx.ptx.shfl.sync bfly %mask, %lane, %one, %c31 : i32
  }
  return
}

// -----

func.func @lane_exited(%out: !tirx.buffer<32xi32, global>) {
  tirx.kernel {
    %lane = tirx.lane_id [32] : i32
    %tx = tirx.thread_id [32] : i32
    %full = arith.constant -1 : i32
    %one = arith.constant 1 : i32
    %c31 = arith.constant 31 : i32
    %c16 = arith.constant 16 : i32
    %hi = arith.cmpi uge, %lane, %c16 : i32
    tirx.if %hi {
      // expected-error @+1 {{which has exited without joining it}}
      %a = tirx.ptx.shfl.sync bfly %full, %lane, %one, %c31 : i32
    }
  }
  return
}

// -----

func.func @cp_async_misaligned(%in: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = tirx.ptr_to %buf[%c1] : !tirx.buffer<64xf32, shared>
    %s = tirx.ptr_to %in[%c0] : !tirx.buffer<64xf32, global>
    // expected-error @+1 {{issues a 16-byte cp.async from 0x10000000000 to 0x4; both must be 16-byte aligned}}
    tirx.ptx.cp.async cg %d, %s, 16 : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>
  }
  return
}

// -----

func.func @bulk_size(%in: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 20 : i32
    %d = tirx.ptr_to %in[%c0] : !tirx.buffer<64xf32, global>
    %s = tirx.ptr_to %buf[%c0] : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{issues cp.async.bulk.s2g of 20 bytes from 0x0 to 0x10000000000; the size and both addresses must be multiples of 16}}
    tirx.ptx.cp.async.bulk.s2g %d, %s, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  }
  return
}

// -----

func.func @bulk_reduce_size(%in: !tirx.buffer<64xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xi32, shared>
    %c0 = arith.constant 0 : index
    %bytes = arith.constant 8 : i32
    %d = tirx.ptr_to %in[%c0] : !tirx.buffer<64xi32, global>
    %s = tirx.ptr_to %buf[%c0] : !tirx.buffer<64xi32, shared>
    // expected-error @+1 {{issues cp.reduce.async.bulk.s2g of 8 bytes from 0x0 to 0x10000000000; the size and both addresses must be multiples of 16}}
    tirx.ptx.cp.reduce.async.bulk.s2g add u32 %d, %s, %bytes : !tirx.ptr<i32, global>, !tirx.ptr<i32, shared>
  }
  return
}

// -----

// A bulk copy into the peer CTA that the peer never waits for: the cluster
// barrier orders the issue before the peer's exit, not the copy.
func.func @bulk_s2s_not_waited(%out: !tirx.buffer<4xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 16 : i32
    %box = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<4xi32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %v = vector.broadcast %rank : i32 to vector<4xi32>
    tirx.buffer_store %v, %box[%c0] : vector<4xi32>, !tirx.buffer<4xi32, shared>
    tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    %is1 = arith.cmpi eq, %rank, %one : i32
    tirx.if %is1 {
      %p = tirx.ptr_to %box[%c0] : !tirx.buffer<4xi32, shared>
      %rp = tirx.ptx.mapa %p, %zero : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
      %rb = tirx.ptx.mapa %bar, %zero : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
      // expected-error @+1 {{the shared memory of CTA (0, 0, 0) (cluster rank 0) may be accessed after that CTA exits}}
      tirx.ptx.cp.async.bulk.s2s %rp, %p, %rb, %bytes : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
  }
  return
}

// -----

func.func @bulk_store_not_waited(%out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %buf = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %bytes = arith.constant 256 : i32
    %t = arith.index_cast %tx : i32 to index
    %f = arith.sitofp %tx : i32 to f32
    tirx.buffer_store %f, %buf[%t] : f32, !tirx.buffer<64xf32, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.barrier.sync aligned
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      %d = tirx.ptr_to %out[%c0] : !tirx.buffer<64xf32, global>
      %s = tirx.ptr_to %buf[%c0] : !tirx.buffer<64xf32, shared>
      // expected-error @+1 {{CTA (0, 0, 0) exits while this bulk copy may still read its shared memory; wait for it (cp.async.bulk.wait_group.read) before the CTA exits}}
      tirx.ptx.cp.async.bulk.s2g %d, %s, %bytes : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
      tirx.ptx.cp.async.bulk.commit_group
    }
  }
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @bulk_zero_misaligned(%out: !tirx.buffer<16xf32, global>) {
    tirx.kernel {
      %c1 = arith.constant 1 : index
      %buf = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<16xf32, shared>
      %p = tirx.ptr_to %buf[%c1] : !tirx.buffer<16xf32, shared>
      %n = arith.constant 16 : i64
      // expected-error @+1 {{thread 0 of CTA (0, 0, 0) issues st.bulk of 16 bytes at 0x4; the address and the size must be multiples of 8}}
      tirx.ptx.st.bulk %p, %n : !tirx.ptr<f32, shared>
    }
    return
  }
}

// -----

func.func @discard_misaligned(%out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %c4 = arith.constant 4 : index
    %g = tirx.ptr_to %out[%c4] : !tirx.buffer<64xf32, global>
    // expected-error-re @+1 {{thread 0 of CTA (0, 0, 0) issues discard at 0x{{[0-9A-F]+}}, which is not 128-byte aligned}}
    tirx.ptx.discard %g : !tirx.ptr<f32, global>
  }
  return
}

// -----

// A NaN into fp4 (a format without NaN) has no result the ISA pins down:
// the run stops rather than guessing one. So do a negative ue8m0 scale.
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @nan_to_fp4(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %nan = arith.constant 0x7FC00000 : f32
    %one = arith.constant 1.0 : f32
    %neg = arith.constant -2.0 : f32
    // expected-error @+1 {{thread 0 of CTA (0, 0, 0) converts nan to .e2m1, whose result the simulator does not model}}
    %a = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %nan, %one : (f32, f32) -> i8
    %a32 = arith.extui %a : i8 to i32
    tirx.buffer_store %a32, %out[%c0] : i32, !tirx.buffer<2xi32, global>
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @negative_scale(%out: !tirx.buffer<2xi32, global>) {
  tirx.kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %neg = arith.constant -2.0 : f32
    // expected-error @+1 {{converts -2 to .ue8m0, whose result the simulator does not model}}
    %a = tirx.ptx.cvt rz ue8m0x2 from f32 %one, %neg : (f32, f32) -> i16
    %a32 = arith.extui %a : i16 to i32
    tirx.buffer_store %a32, %out[%c0] : i32, !tirx.buffer<2xi32, global>
  }
  return
}
}

// -----

// A generic address that is not in shared memory (a global pointer made
// generic) is not an mbarrier.
func.func @generic_mbarrier_in_global(%out: !tirx.buffer<2xi64, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %g = tirx.ptr_to %out[%c0] : !tirx.buffer<2xi64, global>
    %bar = tirx.reinterpret %g : !tirx.ptr<i64, global> to !tirx.ptr<i64, generic>
    // expected-error @+1 {{thread 0 of CTA (0, 0, 0) uses an mbarrier at 0x10000000000, which is not in the shared memory of the cluster}}
    tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, generic>
  }
  return
}

// -----

// arrive_drop.noComplete whose arrivals would complete the phase.
func.func @drop_nocomplete_completes(%out: !tirx.buffer<1xi64, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %two = arith.constant 2 : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    tirx.ptx.mbarrier.init %bar, %two : !tirx.ptr<i64, shared>
    // expected-error @+1 {{thread 0 of CTA (0, 0, 0) arrives with mbarrier.arrive_drop.nocomplete, but the arrival would complete the phase}}
    %s = tirx.ptx.mbarrier.arrive_drop.nocomplete %bar, %two : !tirx.ptr<i64, shared>
    tirx.buffer_store %s, %out[%c0] : i64, !tirx.buffer<1xi64, global>
  }
  return
}
