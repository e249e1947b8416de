// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the cluster-addressing ops (mapa, getctarank).

// CHECK-LABEL: func.func @mapa_shared(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mapa %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mapa %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared.dyn> -> !tirx.ptr<f16, shared.cluster>
func.func @mapa_shared(%bar: !tirx.ptr<i64, shared>, %dyn: !tirx.ptr<f16, shared.dyn>, %rank: i32) {
  %0 = tirx.ptx.mapa %bar, %rank : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
  %1 = tirx.ptx.mapa %dyn, %rank : !tirx.ptr<f16, shared.dyn> -> !tirx.ptr<f16, shared.cluster>
  return
}

// CHECK-LABEL: func.func @mapa_generic(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mapa %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, generic> -> !tirx.ptr<f32, generic>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mapa %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i64 -> i64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mapa %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32 -> i32
func.func @mapa_generic(%p: !tirx.ptr<f32, generic>, %addr: i64, %rank: i32) {
  %0 = tirx.ptx.mapa %p, %rank : !tirx.ptr<f32, generic> -> !tirx.ptr<f32, generic>
  %1 = tirx.ptx.mapa %addr, %rank : i64 -> i64
  %2 = tirx.ptx.mapa %rank, %rank : i32 -> i32
  return
}

// CHECK-LABEL: func.func @getctarank(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.getctarank %{{[a-z0-9_#]+}} : !tirx.ptr<f32, shared.cluster>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.getctarank %{{[a-z0-9_#]+}} : !tirx.ptr<f32, generic>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.getctarank %{{[a-z0-9_#]+}} : i64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.getctarank %{{[a-z0-9_#]+}} : i32
func.func @getctarank(%p: !tirx.ptr<f32, shared.cluster>, %g: !tirx.ptr<f32, generic>, %addr: i64, %a32: i32) {
  %0 = tirx.ptx.getctarank %p : !tirx.ptr<f32, shared.cluster>
  %1 = tirx.ptx.getctarank %g : !tirx.ptr<f32, generic>
  %2 = tirx.ptx.getctarank %addr : i64
  %3 = tirx.ptx.getctarank %a32 : i32
  return
}
