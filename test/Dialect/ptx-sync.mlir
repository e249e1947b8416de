// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the fence and barrier ops.

// CHECK-LABEL: func.func @fences(
// CHECK: tirx.ptx.fence sc gpu
// CHECK-NEXT: tirx.ptx.fence acq_rel cluster
// CHECK-NEXT: tirx.ptx.fence acquire cta
// CHECK-NEXT: tirx.ptx.fence release sys
// CHECK-NEXT: tirx.ptx.fence.proxy.async
// CHECK-NEXT: tirx.ptx.fence.proxy.async shared.cta
// CHECK-NEXT: tirx.ptx.fence.proxy.async shared.cluster
// CHECK-NEXT: tirx.ptx.fence.proxy.async global
// CHECK-NEXT: tirx.ptx.fence.proxy.alias
// CHECK-NEXT: tirx.ptx.fence.mbarrier_init
// CHECK-NEXT: tirx.ptx.fence.proxy.tensormap release gpu
// CHECK-NEXT: tirx.ptx.fence.proxy.tensormap acquire sys %{{[a-z0-9_#]+}} : !tirx.ptr<!tirx.tensormap, global>
func.func @fences(%desc: !tirx.ptr<!tirx.tensormap, global>) {
  tirx.ptx.fence sc gpu
  tirx.ptx.fence acq_rel cluster
  tirx.ptx.fence acquire cta
  tirx.ptx.fence release sys
  tirx.ptx.fence.proxy.async
  tirx.ptx.fence.proxy.async shared.cta
  tirx.ptx.fence.proxy.async shared.cluster
  tirx.ptx.fence.proxy.async global
  tirx.ptx.fence.proxy.alias
  tirx.ptx.fence.mbarrier_init
  tirx.ptx.fence.proxy.tensormap release gpu
  tirx.ptx.fence.proxy.tensormap acquire sys %desc : !tirx.ptr<!tirx.tensormap, global>
  return
}

// CHECK-LABEL: func.func @barriers(
// CHECK: tirx.ptx.barrier.sync
// CHECK-NEXT: tirx.ptx.barrier.sync aligned id %{{[a-z0-9_#]+}}
// CHECK-NEXT: tirx.ptx.barrier.sync id %{{[a-z0-9_#]+}} count %{{[a-z0-9_#]+}}
// CHECK-NEXT: tirx.ptx.barrier.arrive %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}
// CHECK-NEXT: tirx.ptx.barrier.arrive aligned %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.barrier.red popc aligned %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.barrier.red and %{{[a-z0-9_#]+}} id %{{[a-z0-9_#]+}} count %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.barrier.red or aligned %{{[a-z0-9_#]+}} id %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: tirx.ptx.bar.warp.sync %{{[a-z0-9_#]+}}
func.func @barriers(%id: i32, %n: i32, %p: i1, %mask: i32) {
  tirx.ptx.barrier.sync
  tirx.ptx.barrier.sync aligned id %id
  tirx.ptx.barrier.sync id %id count %n
  tirx.ptx.barrier.arrive %id, %n
  tirx.ptx.barrier.arrive aligned %id, %n
  %0 = tirx.ptx.barrier.red popc aligned %p : i32
  %1 = tirx.ptx.barrier.red and %p id %id count %n : i1
  %2 = tirx.ptx.barrier.red or aligned %p id %id : i1
  tirx.ptx.bar.warp.sync %mask
  return
}

// CHECK-LABEL: func.func @cluster_barrier(
// CHECK: tirx.ptx.barrier.cluster.arrive
// CHECK-NEXT: tirx.ptx.barrier.cluster.arrive aligned
// CHECK-NEXT: tirx.ptx.barrier.cluster.arrive release aligned
// CHECK-NEXT: tirx.ptx.barrier.cluster.arrive relaxed
// CHECK-NEXT: tirx.ptx.barrier.cluster.wait
// CHECK-NEXT: tirx.ptx.barrier.cluster.wait acquire aligned
// CHECK-NEXT: tirx.ptx.barrier.cluster.wait aligned
func.func @cluster_barrier() {
  tirx.ptx.barrier.cluster.arrive
  tirx.ptx.barrier.cluster.arrive aligned
  tirx.ptx.barrier.cluster.arrive release aligned
  tirx.ptx.barrier.cluster.arrive relaxed
  tirx.ptx.barrier.cluster.wait
  tirx.ptx.barrier.cluster.wait acquire aligned
  tirx.ptx.barrier.cluster.wait aligned
  return
}
