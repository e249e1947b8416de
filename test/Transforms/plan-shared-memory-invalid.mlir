// RUN: tirx-opt %s --tirx-plan-shared-memory --split-input-file -verify-diagnostics
// RUN: tirx-opt %s --convert-tirx-to-gpu --split-input-file -verify-diagnostics

// The same checks hold in tirx-plan-shared-memory and in
// convert-tirx-to-gpu (which reads the recorded layout).

func.func @partly_recorded() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-note @+1 {{this allocation has one}}
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xf32, shared.dyn>
    // expected-error @+1 {{has no 'tirx.dyn_shared_offset' while another allocation of the kernel has one; record all of them (tirx-plan-shared-memory) or none}}
    %b = tirx.alloc_buffer : !tirx.buffer<4xf32, shared.dyn>
  }
  return
}

// -----

func.func @misaligned() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{has 'tirx.dyn_shared_offset' 64, which is not a multiple of its alignment (128 bytes)}}
    %a = tirx.alloc_buffer {alignment = 128 : i64, tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
  }
  return
}

// -----

func.func @overlap() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-note @+1 {{the other allocation: offset 0, 256 bytes}}
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<64xf32, shared.dyn>
    %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 512 : i64} : !tirx.buffer<4xf32, shared.dyn>
    // expected-error @+1 {{has 'tirx.dyn_shared_offset' 128 (16 bytes), which overlaps another allocation}}
    %c = tirx.alloc_buffer {tirx.dyn_shared_offset = 128 : i64} : !tirx.buffer<4xf32, shared.dyn>
  }
  return
}

// -----

func.func @beyond_arena() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{does not fit in the dynamic shared memory a kernel can request (4294967295 bytes): it needs 4 x 4 bytes at offset 4294967296}}
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 4294967296 : i64} : !tirx.buffer<4xf32, shared.dyn>
  }
  return
}

// -----

func.func @dynamic_shape(%n: index) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{has a dynamic shape; the dynamic shared memory arena is laid out statically}}
    %a = tirx.alloc_buffer sizes(%n) : !tirx.buffer<?xf32, shared.dyn>
  }
  return
}
