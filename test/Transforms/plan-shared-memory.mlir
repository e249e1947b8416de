// RUN: tirx-opt %s --tirx-plan-shared-memory --split-input-file | FileCheck %s

// Offsets in program order, each aligned to its allocation: 16 bytes at
// least, the `alignment` where larger. Static shared and local allocations
// are not in the arena and get none.
// CHECK-LABEL: func.func @program_order
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xui8, shared.dyn>
// CHECK: tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
// CHECK: tirx.alloc_buffer {alignment = 128 : i64, tirx.dyn_shared_offset = 128 : i64} : !tirx.buffer<64xf32, shared.dyn>
// CHECK: tirx.alloc_buffer : !tirx.buffer<2xf32, local>
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 384 : i64} : !tirx.buffer<3xf64, shared.dyn>
func.func @program_order() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<4xui8, shared.dyn>
    %s = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
    %b = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared.dyn>
    %l = tirx.alloc_buffer : !tirx.buffer<2xf32, local>
    %c = tirx.alloc_buffer : !tirx.buffer<3xf64, shared.dyn>
  }
  return
}

// -----

// Offsets already recorded (by the user, or an earlier run) are kept.
// CHECK-LABEL: func.func @recorded_kept
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<16xf32, shared.dyn>
func.func @recorded_kept() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
    %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<16xf32, shared.dyn>
  }
  return
}

// -----

// Each kernel has its own arena.
// CHECK-LABEL: func.func @first_kernel
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<40xf32, shared.dyn>
// CHECK-LABEL: func.func @second_kernel
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<2xf32, shared.dyn>
func.func @first_kernel() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<40xf32, shared.dyn>
  }
  return
}
func.func @second_kernel() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %b = tirx.alloc_buffer : !tirx.buffer<2xf32, shared.dyn>
  }
  return
}
