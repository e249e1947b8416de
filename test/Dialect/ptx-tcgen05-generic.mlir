// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// tcgen05.alloc and tcgen05.commit on a generic address (PTX's forms
// without a state space).

// CHECK-LABEL: func.func @generic_forms(
// CHECK: tirx.ptx.tcgen05.alloc %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<ui32, generic>
// CHECK-NEXT: tirx.ptx.tcgen05.alloc cta_2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<ui32, generic>
// CHECK-NEXT: tirx.ptx.tcgen05.commit %{{[a-z0-9_#]+}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.tcgen05.commit cta_2 %{{[a-z0-9_#]+}} multicast %{{[a-z0-9_#]+}} : !tirx.ptr<i64, generic>
func.func @generic_forms(%slot: !tirx.ptr<ui32, generic>, %bar: !tirx.ptr<i64, generic>, %n: i32, %mask: i16) {
  tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, generic>
  tirx.ptx.tcgen05.alloc cta_2 %slot, %n : !tirx.ptr<ui32, generic>
  tirx.ptx.tcgen05.commit %bar : !tirx.ptr<i64, generic>
  tirx.ptx.tcgen05.commit cta_2 %bar multicast %mask : !tirx.ptr<i64, generic>
  return
}
