// RUN: tirx-opt %s --tirx-split-host-device -split-input-file | FileCheck %s

// The host part keeps the shape read and the descriptor (its dtype is the
// string "float16"), and ends in the launch; the kernel is outlined and
// receives the descriptor as a kernel argument marked for by-value passing.
// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[A:.*]]: !tirx.buffer<?x64xf16, global>, %[[B:.*]]: !tirx.buffer<1024x64xf16, global>)
// CHECK:         %[[ROWS:.*]] = tirx.buffer_dim %[[A]][0] : !tirx.buffer<?x64xf16, global>
// CHECK:         %[[DESC:.*]] = tirx.tensormap_encode_tiled %[[A]], "float16" global_dims [64, %[[ROWS]]] global_strides [128] box [64, 64] : !tirx.buffer<?x64xf16, global>
// CHECK:         gpu.launch_func  @tirx_kernels::@copy blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})  dynamic_shared_memory_size %{{.*}} args(%[[B]] : !tirx.buffer<1024x64xf16, global>, %[[DESC]] : !tirx.tensormap)
// CHECK-NEXT:    return
// CHECK:       gpu.module @tirx_kernels
// CHECK:         gpu.func @copy(%{{.*}}: !tirx.buffer<1024x64xf16, global>, %{{.*}}: !tirx.tensormap) kernel attributes {
// CHECK-SAME:        tirx.grid_constant_args = array<i32: 1>
// CHECK-NOT:     tirx.tensormap_encode_tiled
// CHECK:         tirx.ptx.cp.async.bulk.tensor.load
func.func @copy(%A: !tirx.buffer<?x64xf16, global>, %B: !tirx.buffer<1024x64xf16, global>) {
  %rows = tirx.buffer_dim %A[0] : !tirx.buffer<?x64xf16, global>
  %desc = tirx.tensormap_encode_tiled %A, "float16" global_dims [64, %rows] global_strides [128] box [64, 64] : !tirx.buffer<?x64xf16, global>
  tirx.kernel {
    %bx = tirx.cta_id [16] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %bx], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    %v = tirx.buffer_load %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn> -> f16
    tirx.buffer_store %v, %B[%c0, %c0] : f16, !tirx.buffer<1024x64xf16, global>
  }
  return
}

// -----

// Host arithmetic on a dynamic extent becomes a kernel argument; cluster
// dims reach the launch.
// CHECK-LABEL: func.func @scaled(
// CHECK:         %[[N:.*]] = tirx.buffer_dim
// CHECK:         %[[HALF:.*]] = arith.divui %[[N]], %{{.*}} : index
// CHECK:         %[[I:.*]] = arith.index_cast %[[HALF]] : index to i32
// CHECK:         gpu.launch_func  @tirx_kernels::@scaled clusters in (%{{.*}}, %{{.*}}, %{{.*}}) blocks in ({{.*}}) threads in ({{.*}}) {{.*}} args(%{{.*}} : !tirx.buffer<?xf32, global>, %[[I]] : i32)
// CHECK:       gpu.module @tirx_kernels
// CHECK:         gpu.func @scaled(%{{.*}}: !tirx.buffer<?xf32, global>, %{{.*}}: i32) kernel
// CHECK-NOT:       tirx.grid_constant_args
func.func @scaled(%A: !tirx.buffer<?xf32, global>) attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  %c2 = arith.constant 2 : index
  %n = tirx.buffer_dim %A[0] : !tirx.buffer<?xf32, global>
  %half = arith.divui %n, %c2 : index
  %h = arith.index_cast %half : index to i32
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [64] : i32
    %lt = arith.cmpi slt, %tx, %h : i32
    tirx.if %lt {
      %i = arith.index_cast %tx : i32 to index
      %x = tirx.buffer_load %A[%i] : !tirx.buffer<?xf32, global> -> f32
      tirx.buffer_store %x, %A[%i] : f32, !tirx.buffer<?xf32, global>
    }
  }
  return
}

// -----

// Functions without a kernel (device helpers, host utilities) are left
// alone.
// CHECK-LABEL: func.func @helper(
// CHECK-NEXT:    arith.addi
func.func @helper(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// -----

// A grid computed on the host: the launch takes the host value.
// CHECK-LABEL: func.func @host_grid(
// CHECK:         %[[N:.*]] = tirx.buffer_dim
// CHECK:         %[[CTAS:.*]] = arith.ceildivui %[[N]], %{{.*}} : index
// CHECK:         gpu.launch_func  @tirx_kernels::@host_grid blocks in (%[[CTAS]], %{{.*}}, %{{.*}}) threads in
// CHECK:       gpu.module @tirx_kernels
// CHECK:         gpu.func @host_grid(
// CHECK-NOT:       known_grid_size
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
func.func @host_grid(%A: !tirx.buffer<?xf32, global>) {
  %c256 = arith.constant 256 : index
  %n = tirx.buffer_dim %A[0] : !tirx.buffer<?xf32, global>
  %ctas = arith.ceildivui %n, %c256 : index
  tirx.kernel grid(%ctas) {
    %bx = tirx.cta_id : i32
    %tx = tirx.thread_id [256] : i32
    %i = arith.index_cast %tx : i32 to index
    %x = tirx.buffer_load %A[%i] : !tirx.buffer<?xf32, global> -> f32
    tirx.buffer_store %x, %A[%i] : f32, !tirx.buffer<?xf32, global>
  }
  return
}
