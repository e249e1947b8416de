// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the launch-control, cluster-launch-control and special-register ops.

// CHECK-LABEL: func.func @launch_control(
// CHECK: tirx.ptx.setmaxnreg inc 232
// CHECK-NEXT: tirx.ptx.setmaxnreg dec 40
// CHECK-NEXT: tirx.ptx.griddepcontrol launch_dependents
// CHECK-NEXT: tirx.ptx.griddepcontrol wait
// CHECK-NEXT: tirx.ptx.nanosleep %{{[a-z0-9_#]+}}
// CHECK-NEXT: tirx.ptx.prefetch L2 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>
// CHECK-NEXT: tirx.ptx.prefetch L1 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, local>
// CHECK-NEXT: tirx.ptx.prefetch L2_evict_normal %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>
func.func @launch_control(%ns: i32, %p: !tirx.ptr<f32, global>, %l: !tirx.ptr<f32, local>) {
  tirx.ptx.setmaxnreg inc 232
  tirx.ptx.setmaxnreg dec 40
  tirx.ptx.griddepcontrol launch_dependents
  tirx.ptx.griddepcontrol wait
  tirx.ptx.nanosleep %ns
  tirx.ptx.prefetch L2 %p : !tirx.ptr<f32, global>
  tirx.ptx.prefetch L1 %l : !tirx.ptr<f32, local>
  tirx.ptx.prefetch L2_evict_normal %p : !tirx.ptr<f32, global>
  return
}

// CHECK-LABEL: func.func @clc(
// CHECK: tirx.ptx.clusterlaunchcontrol.try_cancel %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.clusterlaunchcontrol.try_cancel multicast %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_x %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_z %{{[a-z0-9_#]+}} : i32
func.func @clc(%resp: !tirx.ptr<i128, shared>, %bar: !tirx.ptr<i64, shared>, %r: i128) {
  tirx.ptx.clusterlaunchcontrol.try_cancel %resp, %bar : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
  tirx.ptx.clusterlaunchcontrol.try_cancel multicast %resp, %bar : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
  %0 = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %r : i1
  %1 = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_x %r : i32
  %2 = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_z %r : i32
  return
}

// CHECK-LABEL: func.func @sregs(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.clock
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.clock64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.globaltimer
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.globaltimer_lo
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.globaltimer_hi
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.smid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.nsmid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.warpid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.nwarpid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.laneid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.gridid
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.lanemask_eq
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.lanemask_le
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.lanemask_lt
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.lanemask_ge
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.lanemask_gt
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.dynamic_smem_size
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.total_smem_size
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.cluster_ctarank
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.cluster_nctarank
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.sreg.is_explicit_cluster
func.func @sregs() {
  %0 = tirx.ptx.sreg.clock
  %1 = tirx.ptx.sreg.clock64
  %2 = tirx.ptx.sreg.globaltimer
  %3 = tirx.ptx.sreg.globaltimer_lo
  %4 = tirx.ptx.sreg.globaltimer_hi
  %5 = tirx.ptx.sreg.smid
  %6 = tirx.ptx.sreg.nsmid
  %7 = tirx.ptx.sreg.warpid
  %8 = tirx.ptx.sreg.nwarpid
  %9 = tirx.ptx.sreg.laneid
  %10 = tirx.ptx.sreg.gridid
  %11 = tirx.ptx.sreg.lanemask_eq
  %12 = tirx.ptx.sreg.lanemask_le
  %13 = tirx.ptx.sreg.lanemask_lt
  %14 = tirx.ptx.sreg.lanemask_ge
  %15 = tirx.ptx.sreg.lanemask_gt
  %16 = tirx.ptx.sreg.dynamic_smem_size
  %17 = tirx.ptx.sreg.total_smem_size
  %18 = tirx.ptx.sreg.cluster_ctarank
  %19 = tirx.ptx.sreg.cluster_nctarank
  %20 = tirx.ptx.sreg.is_explicit_cluster
  return
}
