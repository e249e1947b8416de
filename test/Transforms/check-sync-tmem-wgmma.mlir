// RUN: tirx-opt %s --split-input-file --tirx-check-sync --verify-diagnostics -o /dev/null

// tirx-check-sync on tensor memory (tcgen05.alloc without dealloc on some
// path, no relinquish_alloc_permit) and wgmma (no wgmma.fence before an
// MMA, accumulators accessed before wgmma.wait_group). Mixed cta_group of
// tcgen05 ops is checked earlier, by tirx-attach-target
// (test/Transforms/attach-target-kernel-checks.mlir).

// Correct: warp 0 allocates, relinquishes and deallocates.
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tmem_ok() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %ncols = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer {name = "slot"} : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %is_w0 {
      tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
      tirx.ptx.tcgen05.relinquish_alloc_permit
    }
    tirx.ptx.barrier.sync aligned
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    tirx.ptx.barrier.sync aligned
    tirx.if %is_w0 {
      %t0 = tirx.reinterpret %word : i32 to !tirx.ptr<f32, tmem>
      tirx.ptx.tcgen05.dealloc %t0, %ncols : !tirx.ptr<f32, tmem>
    }
  }
  return
}
}

// -----

// Warp 0 allocates; only warp 1 deallocates (the wrong warp's path).
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tmem_leak_on_path() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %warp = tirx.warp_id [4] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %ncols = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer {name = "slot"} : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %is_w0 = arith.cmpi eq, %warp, %zero : i32
    %is_w1 = arith.cmpi eq, %warp, %one : i32
    tirx.if %is_w0 {
      // expected-error @+1 {{tensor memory allocated here by threads 0-31 is not deallocated on their path: they reach no tcgen05.dealloc}}
      tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
      tirx.ptx.tcgen05.relinquish_alloc_permit
    }
    tirx.ptx.barrier.sync aligned
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    tirx.if %is_w1 {
      %t0 = tirx.reinterpret %word : i32 to !tirx.ptr<f32, tmem>
      tirx.ptx.tcgen05.dealloc %t0, %ncols : !tirx.ptr<f32, tmem>
    }
  }
  return
}
}

// -----

// No dealloc and no relinquish at all.
module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @tmem_never_freed() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %ncols = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer {name = "slot"} : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    // expected-error @+2 {{tensor memory allocated here is never deallocated (tcgen05.dealloc) before the CTA exits}}
    // expected-warning @+1 {{the kernel allocates tensor memory but never relinquishes the allocation permit (tcgen05.relinquish_alloc_permit)}}
    tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<ui32, shared>
  }
  return
}
}

// -----

// Correct: zero the accumulators, wgmma.fence, MMA, commit, wait_group 0,
// then read the accumulators.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @wgmma_ok(%out: !tirx.buffer<512xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %sa = tirx.alloc_buffer {alignment = 1024 : i64, name = "sa"} : !tirx.buffer<1024xf16, shared>
    %sb = tirx.alloc_buffer {alignment = 1024 : i64, name = "sb"} : !tirx.buffer<128xf16, shared>
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<4xf32, local>
    %pa = tirx.ptr_to %sa[%c0] : !tirx.buffer<1024xf16, shared>
    %pb = tirx.ptr_to %sb[%c0] : !tirx.buffer<128xf16, shared>
    %a32 = tirx.reinterpret %pa : !tirx.ptr<f16, shared> to i32
    %b32 = tirx.reinterpret %pb : !tirx.ptr<f16, shared> to i32
    %adesc = arith.extui %a32 : i32 to i64
    %bdesc = arith.extui %b32 : i32 to i64
    %zero = arith.constant dense<0.0> : vector<4xf32>
    tirx.buffer_store %zero, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    tirx.ptx.wgmma.fence
    %d = tirx.buffer_load %acc[%c0] : !tirx.buffer<4xf32, local> -> vector<4xf32>
    %r = tirx.ptx.wgmma.mma_async %adesc, %bdesc, %d, %true shape = [64, 8, 16] d = f32 a = f16 b = f16 : i64, vector<4xf32>
    tirx.buffer_store %r, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
    %v = tirx.buffer_load %acc[%c0] : !tirx.buffer<4xf32, local> -> vector<4xf32>
  }
  return
}
}

// -----

// The accumulators are zeroed after the fence: the MMA needs another one.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @wgmma_no_fence(%out: !tirx.buffer<512xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %sa = tirx.alloc_buffer {alignment = 1024 : i64, name = "sa"} : !tirx.buffer<1024xf16, shared>
    %sb = tirx.alloc_buffer {alignment = 1024 : i64, name = "sb"} : !tirx.buffer<128xf16, shared>
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<4xf32, local>
    %pa = tirx.ptr_to %sa[%c0] : !tirx.buffer<1024xf16, shared>
    %pb = tirx.ptr_to %sb[%c0] : !tirx.buffer<128xf16, shared>
    %a32 = tirx.reinterpret %pa : !tirx.ptr<f16, shared> to i32
    %b32 = tirx.reinterpret %pb : !tirx.ptr<f16, shared> to i32
    %adesc = arith.extui %a32 : i32 to i64
    %bdesc = arith.extui %b32 : i32 to i64
    %zero = arith.constant dense<0.0> : vector<4xf32>
    tirx.ptx.wgmma.fence
    // expected-note @+1 {{the register access}}
    tirx.buffer_store %zero, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    %d = tirx.buffer_load %acc[%c0] : !tirx.buffer<4xf32, local> -> vector<4xf32>
    // expected-error @+1 {{wgmma.mma_async with no wgmma.fence before it since its accumulator registers were accessed}}
    %r = tirx.ptx.wgmma.mma_async %adesc, %bdesc, %d, %true shape = [64, 8, 16] d = f32 a = f16 b = f16 : i64, vector<4xf32>
    tirx.buffer_store %r, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
  }
  return
}
}

// -----

// wait_group 1 leaves the only group in flight: the read is too early.
module attributes {tirx.target = #tirx.target<"sm_90a">} {
func.func @wgmma_read_before_wait(%out: !tirx.buffer<512xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %sa = tirx.alloc_buffer {alignment = 1024 : i64, name = "sa"} : !tirx.buffer<1024xf16, shared>
    %sb = tirx.alloc_buffer {alignment = 1024 : i64, name = "sb"} : !tirx.buffer<128xf16, shared>
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<4xf32, local>
    %pa = tirx.ptr_to %sa[%c0] : !tirx.buffer<1024xf16, shared>
    %pb = tirx.ptr_to %sb[%c0] : !tirx.buffer<128xf16, shared>
    %a32 = tirx.reinterpret %pa : !tirx.ptr<f16, shared> to i32
    %b32 = tirx.reinterpret %pb : !tirx.ptr<f16, shared> to i32
    %adesc = arith.extui %a32 : i32 to i64
    %bdesc = arith.extui %b32 : i32 to i64
    %zero = arith.constant dense<0.0> : vector<4xf32>
    tirx.buffer_store %zero, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    tirx.ptx.wgmma.fence
    %d = tirx.buffer_load %acc[%c0] : !tirx.buffer<4xf32, local> -> vector<4xf32>
    // expected-note @+1 {{the wgmma.mma_async}}
    %r = tirx.ptx.wgmma.mma_async %adesc, %bdesc, %d, %true shape = [64, 8, 16] d = f32 a = f16 b = f16 : i64, vector<4xf32>
    tirx.buffer_store %r, %acc[%c0] : vector<4xf32>, !tirx.buffer<4xf32, local>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 1
    // expected-error @+1 {{reads the accumulator registers of a wgmma.mma_async that may still be running: no wgmma.wait_group after it completes its group}}
    %v = tirx.buffer_load %acc[%c0] : !tirx.buffer<4xf32, local> -> vector<4xf32>
  }
  return
}
}
