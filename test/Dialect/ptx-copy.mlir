// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the cp.async and cp.async.bulk ops.

// CHECK-LABEL: func.func @cp_async(
// CHECK: tirx.ptx.cp.async ca %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 4 : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async cg %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 16 src_size %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async ca %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 8 src_size %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async cg %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 16 cache_hint %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async ca %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 4 prefetch L2_64B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async cg %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, 16 src_size %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} prefetch L2_256B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
// CHECK-NEXT: tirx.ptx.cp.async.commit_group
// CHECK-NEXT: tirx.ptx.cp.async.wait_group 1
// CHECK-NEXT: tirx.ptx.cp.async.wait_all
func.func @cp_async(%dst: !tirx.ptr<f16, shared>, %src: !tirx.ptr<f16, global>, %n: i32, %hint: i64) {
  tirx.ptx.cp.async ca %dst, %src, 4 : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async cg %dst, %src, 16 src_size %n : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async ca %dst, %src, 8 src_size %n cache_hint %hint : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async cg %dst, %src, 16 cache_hint %hint : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async ca %dst, %src, 4 prefetch L2_64B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async cg %dst, %src, 16 src_size %n cache_hint %hint prefetch L2_256B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  tirx.ptx.cp.async.commit_group
  tirx.ptx.cp.async.wait_group 1
  tirx.ptx.cp.async.wait_all
  return
}

// CHECK-LABEL: func.func @bulk(
// CHECK: tirx.ptx.cp.async.bulk.g2s %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.g2s %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} multicast %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.s2g %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.s2g %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} byte_mask %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.s2s %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, shared>, !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.prefetch %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.prefetch %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} : !tirx.ptr<f32, global>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.commit_group
// CHECK-NEXT: tirx.ptx.cp.async.bulk.wait_group 0
// CHECK-NEXT: tirx.ptx.cp.async.bulk.wait_group 2 read
func.func @bulk(%sdst: !tirx.ptr<f32, shared>, %cdst: !tirx.ptr<f32, shared.cluster>, %g: !tirx.ptr<f32, global>,
                %bar: !tirx.ptr<i64, shared>, %cbar: !tirx.ptr<i64, shared.cluster>, %n: i32, %mask: i16, %hint: i64) {
  tirx.ptx.cp.async.bulk.g2s %sdst, %g, %bar, %n : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.g2s %cdst, %g, %bar, %n multicast %mask cache_hint %hint : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.s2g %g, %sdst, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.s2g %g, %sdst, %n cache_hint %hint byte_mask %mask : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.s2s %cdst, %sdst, %cbar, %n : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, shared>, !tirx.ptr<i64, shared.cluster>
  tirx.ptx.cp.async.bulk.prefetch %g, %n : !tirx.ptr<f32, global>
  tirx.ptx.cp.async.bulk.prefetch %g, %n cache_hint %hint : !tirx.ptr<f32, global>
  tirx.ptx.cp.async.bulk.commit_group
  tirx.ptx.cp.async.bulk.wait_group 0
  tirx.ptx.cp.async.bulk.wait_group 2 read
  return
}
