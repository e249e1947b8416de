// RUN: tirx-sim %s --split-input-file --verify-diagnostics --print=none

// Tensor memory misuse.

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @alloc_size(%out: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %n = arith.constant 48 : i32
    %slotbuf = tirx.alloc_buffer : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    // expected-error @+1 {{tcgen05.alloc of 48 columns; it must be a power of two in [32, 512]}}
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, shared>
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @dealloc_unallocated(%out: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %n = arith.constant 32 : i32
    %t = tirx.reinterpret %n : i32 to !tirx.ptr<f32, tmem>
    // expected-error-re @+1 {{thread {{[0-9]+}} of CTA (0, 0, 0) deallocates 32 columns of tensor memory at column 32, which is not an allocation of CTA (0, 0, 0)}}
    tirx.ptx.tcgen05.dealloc %t, %n : !tirx.ptr<f32, tmem>
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @wrong_lanes(%out: !tirx.buffer<1xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %warp = tirx.warp_id [2] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %n = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    %w0 = arith.cmpi eq, %warp, %zero : i32
    tirx.if %w0 {
      tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, shared>
    }
    tirx.ptx.barrier.sync aligned
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    %t = tirx.reinterpret %word : i32 to !tirx.ptr<f32, tmem>
    // Warp 1 reads lanes 0-31, which belong to warp 0.
    %one = arith.constant 1 : i32
    %w1 = arith.cmpi eq, %warp, %one : i32
    tirx.if %w1 {
      // expected-error @+1 {{thread 32 of CTA (0, 0, 0) (warp 1) accesses tensor memory from lane 0; warp w may only reach lanes 32(w%4) .. 32(w%4)+31, here 32 .. 63}}
      %v = tirx.ptx.tcgen05.ld shape_32x32b num = 1 %t : !tirx.ptr<f32, tmem> -> vector<1xf32>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %w0 {
      tirx.ptx.tcgen05.dealloc %t, %n : !tirx.ptr<f32, tmem>
    }
  }
  return
}
}

// -----

module attributes {tirx.target = #tirx.target<"sm_100a">} {
func.func @uninitialized_tmem(%out: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %n = arith.constant 32 : i32
    %slotbuf = tirx.alloc_buffer : !tirx.buffer<1xui32, shared>
    %slot = tirx.ptr_to %slotbuf[%c0] : !tirx.buffer<1xui32, shared>
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, shared>
    %full = arith.constant -1 : i32
    tirx.ptx.bar.warp.sync %full
    %bits = tirx.buffer_load %slotbuf[%c0] : !tirx.buffer<1xui32, shared> -> ui32
    %word = tirx.reinterpret %bits : ui32 to i32
    %t = tirx.reinterpret %word : i32 to !tirx.ptr<f32, tmem>
    // expected-error-re @+1 {{read of uninitialized tensor memory: thread {{[0-9]+}} of CTA (0, 0, 0) reads 4 bytes at {{0x[0-9a-f]+}} that nothing wrote before}}
    %v = tirx.ptx.tcgen05.ld shape_32x32b num = 1 %t : !tirx.ptr<f32, tmem> -> vector<1xf32>
    tirx.ptx.tcgen05.dealloc %t, %n : !tirx.ptr<f32, tmem>
  }
  return
}
}
