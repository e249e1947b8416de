// RUN: tirx-opt %s --convert-tirx-to-gpu --split-input-file | FileCheck %s

// The kernel region becomes a gpu.func; the host part launches it.

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: func.func @scale(%[[A:.*]]: !tirx.buffer<1024xf32, global>, %[[B:.*]]: !tirx.buffer<1024xf32, global>, %[[N:.*]]: i32)
// CHECK-DAG: %[[G:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[T:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 0 : i32
// CHECK: gpu.launch_func @tirx_kernels::@scale blocks in (%[[G]], %{{.*}}, %{{.*}}) threads in (%[[T]], %{{.*}}, %{{.*}}) dynamic_shared_memory_size %[[SMEM]] args(%[[A]] : !tirx.buffer<1024xf32, global>, %[[B]] : !tirx.buffer<1024xf32, global>, %[[N]] : i32)
// CHECK: gpu.module @tirx_kernels
// Function arguments become kernel arguments in their order; the host
// constant is cloned into the kernel.
// CHECK: gpu.func @scale(%{{.*}}: !tirx.buffer<1024xf32, global>, %{{.*}}: !tirx.buffer<1024xf32, global>, %{{.*}}: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 8, 1, 1>}
// CHECK: arith.constant 2.000000e+00 : f32
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK: gpu.return
func.func @scale(%A: !tirx.buffer<1024xf32, global>, %B: !tirx.buffer<1024xf32, global>, %n: i32) {
  %two = arith.constant 2.0 : f32
  tirx.kernel {
    %bx = tirx.cta_id [8] : i32
    %tx = tirx.thread_id [128] : i32
    %i = arith.addi %bx, %tx : i32
    %ok = arith.cmpi slt, %i, %n : i32
    %idx = arith.index_cast %i : i32 to index
    %a = tirx.buffer_load %A[%idx] : !tirx.buffer<1024xf32, global> -> f32
    %b = arith.mulf %a, %two : f32
    tirx.buffer_store %b, %B[%idx] : f32, !tirx.buffer<1024xf32, global>
  }
  return
}

// -----

// Clusters, launch controls and dynamic shared memory.
// CHECK-LABEL: func.func @cluster_kernel
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[SMEM:.*]] = arith.constant 8208 : i32
// CHECK: gpu.launch_func @tirx_kernels::@cluster_kernel clusters in (%[[TWO]], %{{.*}}, %{{.*}}) blocks in (%[[FOUR]], %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) dynamic_shared_memory_size %[[SMEM]]
// CHECK: gpu.func @cluster_kernel() kernel
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK-SAME: nvvm.maxnreg = 168 : i32
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-SAME: tirx.dyn_shared_bytes = 8208 : i64
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<4xui8, shared.dyn>
// CHECK: tirx.alloc_buffer {alignment = 16 : i64, tirx.dyn_shared_offset = 16 : i64} : !tirx.buffer<1024xf64, shared.dyn>
func.func @cluster_kernel() attributes {tirx.launch = #tirx.launch<max_registers = 168, min_blocks_per_sm = 1, cluster_dims = [2, 1, 1]>} {
  tirx.kernel {
    %b = tirx.cta_id [4] : i32
    %r = tirx.cta_id_in_cluster : i32
    %w = tirx.warpgroup_id [1] : i32
    %flags = tirx.alloc_buffer : !tirx.buffer<4xui8, shared.dyn>
    %data = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<1024xf64, shared.dyn>
    %c0 = arith.constant 0 : index
    %x = tirx.buffer_load %data[%c0] : !tirx.buffer<1024xf64, shared.dyn> -> f64
    %y = tirx.buffer_load %flags[%c0] : !tirx.buffer<4xui8, shared.dyn> -> ui8
    tirx.buffer_store %x, %data[%c0] : f64, !tirx.buffer<1024xf64, shared.dyn>
    tirx.buffer_store %y, %flags[%c0] : ui8, !tirx.buffer<4xui8, shared.dyn>
  }
  return
}

// -----

// A recorded layout (tirx-plan-shared-memory, or by hand) is kept: here the
// second buffer first. The arena ends where its last-ending buffer does.
// CHECK-LABEL: func.func @recorded_layout
// CHECK: %[[SMEM:.*]] = arith.constant 80 : i32
// CHECK: gpu.launch_func @tirx_kernels::@recorded_layout {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: gpu.func @recorded_layout() kernel
// CHECK-SAME: tirx.dyn_shared_bytes = 80 : i64
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
// CHECK: tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<16xf32, shared.dyn>
func.func @recorded_layout() {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
    %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<16xf32, shared.dyn>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    tirx.buffer_store %one, %a[%c0] : f32, !tirx.buffer<4xf32, shared.dyn>
    tirx.buffer_store %one, %b[%c0] : f32, !tirx.buffer<16xf32, shared.dyn>
  }
  return
}

// -----

// Functions the kernel calls are compiled for the device too.
// CHECK-LABEL: func.func @caller(
// CHECK: gpu.module @tirx_kernels
// CHECK: gpu.func @caller(
// CHECK: func.call @helper
// CHECK: func.func private @helper(%{{.*}}: f32) -> f32
// CHECK: call @leaf
// CHECK: func.func private @leaf
func.func private @leaf(%x: f32) -> f32 {
  return %x : f32
}
func.func private @helper(%x: f32) -> f32 {
  %y = func.call @leaf(%x) : (f32) -> f32
  return %y : f32
}
func.func @caller(%A: !tirx.buffer<32xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %x = tirx.buffer_load %A[%c0] : !tirx.buffer<32xf32, global> -> f32
    %y = func.call @helper(%x) : (f32) -> f32
    tirx.buffer_store %y, %A[%c0] : f32, !tirx.buffer<32xf32, global>
  }
  return
}
