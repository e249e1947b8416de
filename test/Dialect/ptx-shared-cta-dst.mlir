// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the `.shared::cta` destination forms (cta_only) of the
// bulk copy and the TMA load.

// CHECK-LABEL: func.func @bulk_cta_only(
// CHECK: tirx.ptx.cp.async.bulk.g2s %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} cta_only : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.g2s %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} cta_only : !tirx.ptr<f32, shared.dyn>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
func.func @bulk_cta_only(%s: !tirx.ptr<f32, shared>, %d: !tirx.ptr<f32, shared.dyn>, %g: !tirx.ptr<f32, global>,
                         %bar: !tirx.ptr<i64, shared>, %n: i32, %hint: i64) {
  tirx.ptx.cp.async.bulk.g2s %s, %g, %bar, %n cta_only : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.g2s %d, %g, %bar, %n cache_hint %hint cta_only : !tirx.ptr<f32, shared.dyn>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  return
}

// CHECK-LABEL: func.func @tma_cta_only(
// CHECK: tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] im2col[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cta_2 cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
func.func @tma_cta_only(%dst: !tirx.ptr<f16, shared>, %tmap: !tirx.tensormap, %bar: !tirx.ptr<i64, shared>,
                        %x: i32, %o: i16, %hint: i64) {
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %dst, %tmap[%x], %bar cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %dst, %tmap[%x, %x, %x] im2col [%o], %bar cache_hint %hint cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %dst, %tmap[%x, %x, %x, %x, %x], %bar cta_2 cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}
