// RUN: tirx-opt %s --convert-tirx-to-gpu --allow-unregistered-dialect | FileCheck %s

// Each scope id becomes a special-register read and the derived arithmetic.

// CHECK-LABEL: gpu.func @ids
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// cluster_id, cta_id, cta_id_in_cluster
// CHECK: nvvm.read.ptx.sreg.clusterid.x : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.cluster.ctaid.x : i32
// warpgroup_id = tid / 128
// CHECK: %[[T0:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: arith.divui %[[T0]], %[[C128]] : i32
// warp_id = tid / 32, as ui32
// CHECK: %[[T1:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W:.*]] = arith.divui %[[T1]], %[[C32]] : i32
// CHECK: tirx.reinterpret %[[W]] : i32 to ui32
// warp_id_in_wg = tid / 32 % 4
// CHECK: %[[T2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[W2:.*]] = arith.divui %[[T2]], %[[C32]] : i32
// CHECK: arith.remui %[[W2]], %[[C4]] : i32
// lane_id
// CHECK: nvvm.read.ptx.sreg.laneid : i32
// thread_id
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// thread_id_in_wg = tid % 128
// CHECK: %[[T3:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: arith.remui %[[T3]], %[[C128]] : i32
func.func @ids() attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %cl = tirx.cluster_id [2] : i32
    %b = tirx.cta_id [4] : i32
    %c = tirx.cta_id_in_cluster [2] : i32
    %wg = tirx.warpgroup_id [2] : i32
    %w = tirx.warp_id [8] : ui32
    %wi = tirx.warp_id_in_wg [4] : i32
    %l = tirx.lane_id [32] : i32
    %t = tirx.thread_id [256] : i32
    %ti = tirx.thread_id_in_wg [128] : i32
    "test.use"(%cl, %b, %c, %wg, %w, %wi, %l, %t, %ti) : (i32, i32, i32, i32, ui32, i32, i32, i32, i32) -> ()
  }
  return
}

// Multi-dimensional blocks: the linear thread id for warps is
// tid.x + tid.y * 32.
// CHECK-LABEL: gpu.func @multi_dim
// CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.tid.x : i32
// CHECK: nvvm.read.ptx.sreg.tid.y : i32
// CHECK: %[[X:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[Y:.*]] = nvvm.read.ptx.sreg.tid.y : i32
// CHECK: %[[YS:.*]] = arith.muli %[[Y]], %{{.*}} : i32
// CHECK: %[[LIN:.*]] = arith.addi %[[X]], %[[YS]] : i32
// CHECK: arith.divui %[[LIN]], %{{.*}} : i32
func.func @multi_dim() {
  tirx.kernel {
    %bx, %by = tirx.cta_id [8, 2] : i32, i32
    %tx, %ty = tirx.thread_id [32, 4] : i32, i32
    %w = tirx.warp_id : i32
    "test.use"(%bx, %by, %tx, %ty, %w) : (i32, i32, i32, i32, i32) -> ()
  }
  return
}
