// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the cp.async.bulk.tensor (TMA) ops.

// CHECK-LABEL: func.func @load(
// CHECK: tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} multicast %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load tile rank 5 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} multicast %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} cta_2 : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load im2col rank 4 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] im2col[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cta_1 : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
func.func @load(%dst: !tirx.ptr<f16, shared>, %cdst: !tirx.ptr<f16, shared.cluster>, %tmap: !tirx.tensormap,
                %bar: !tirx.ptr<i64, shared>, %x: i32, %mask: i16, %hint: i64, %o: i16) {
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %dst, %tmap[%x], %bar : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %cdst, %tmap[%x, %x], %bar multicast %mask : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load tile rank 5 %cdst, %tmap[%x, %x, %x, %x, %x], %bar multicast %mask cache_hint %hint cta_2 : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load im2col rank 4 %dst, %tmap[%x, %x, %x, %x] im2col [%o, %o], %bar : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %dst, %tmap[%x, %x, %x, %x, %x], %bar cta_1 : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// CHECK-LABEL: func.func @load_through_pointer(
// CHECK: tirx.ptx.cp.async.bulk.tensor.load tile rank 3 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<!tirx.tensormap, param>, !tirx.ptr<ui64, shared.dyn>
func.func @load_through_pointer(%dst: !tirx.ptr<f16, shared.dyn>, %tmap: !tirx.ptr<!tirx.tensormap, param>,
                                %bar: !tirx.ptr<ui64, shared.dyn>, %x: i32) {
  tirx.ptx.cp.async.bulk.tensor.load tile rank 3 %dst, %tmap[%x, %x, %x], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<!tirx.tensormap, param>, !tirx.ptr<ui64, shared.dyn>
  return
}

// CHECK-LABEL: func.func @store_reduce(
// CHECK: tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.tensormap, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.store im2col rank 3 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} : !tirx.tensormap, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.store tile.scatter4 rank 2 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.tensormap, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 1 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} : !tirx.tensormap, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.reduce max im2col rank 3 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}], %{{[a-z0-9_#]+}} cache_hint %{{[a-z0-9_#]+}} : !tirx.tensormap, !tirx.ptr<f32, shared>
func.func @store_reduce(%src: !tirx.ptr<f32, shared>, %tmap: !tirx.tensormap, %x: i32, %hint: i64) {
  tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %tmap[%x, %x], %src : !tirx.tensormap, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.tensor.store im2col rank 3 %tmap[%x, %x, %x], %src cache_hint %hint : !tirx.tensormap, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.tensor.store tile.scatter4 rank 2 %tmap[%x, %x, %x, %x, %x], %src : !tirx.tensormap, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 1 %tmap[%x], %src : !tirx.tensormap, !tirx.ptr<f32, shared>
  tirx.ptx.cp.async.bulk.tensor.reduce max im2col rank 3 %tmap[%x, %x, %x], %src cache_hint %hint : !tirx.tensormap, !tirx.ptr<f32, shared>
  return
}

// CHECK-LABEL: func.func @prefetch(
// CHECK: tirx.ptx.cp.async.bulk.tensor.prefetch tile rank 3 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : !tirx.tensormap
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.prefetch im2col rank 3 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] im2col[%{{[a-z0-9_#]+}}] cache_hint %{{[a-z0-9_#]+}} : !tirx.tensormap
// CHECK-NEXT: tirx.ptx.cp.async.bulk.tensor.prefetch tile.gather4 rank 2 %{{[a-z0-9_#]+}}[%{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}] : !tirx.tensormap
// CHECK-NEXT: tirx.ptx.prefetch.tensormap %{{[a-z0-9_#]+}} : !tirx.tensormap
func.func @prefetch(%tmap: !tirx.tensormap, %x: i32, %o: i16, %hint: i64) {
  tirx.ptx.cp.async.bulk.tensor.prefetch tile rank 3 %tmap[%x, %x, %x] : !tirx.tensormap
  tirx.ptx.cp.async.bulk.tensor.prefetch im2col rank 3 %tmap[%x, %x, %x] im2col [%o] cache_hint %hint : !tirx.tensormap
  tirx.ptx.cp.async.bulk.tensor.prefetch tile.gather4 rank 2 %tmap[%x, %x, %x, %x, %x] : !tirx.tensormap
  tirx.ptx.prefetch.tensormap %tmap : !tirx.tensormap
  return
}

// CHECK-LABEL: func.func @tensormap_replace(
// CHECK: tirx.ptx.tensormap.replace global_address %{{.*}}, %{{.*}} : !tirx.ptr<i8, global>, i64
// CHECK-NEXT: tirx.ptx.tensormap.replace box_dim ord 4 %{{.*}}, %{{.*}} : !tirx.ptr<i8, shared>, i32
// CHECK-NEXT: tirx.ptx.tensormap.replace global_stride ord 0 %{{.*}}, %{{.*}} : !tirx.ptr<i8, generic>, i64
// CHECK-NEXT: tirx.ptx.tensormap.replace.layout swizzle_mode 3 %{{.*}} : !tirx.ptr<i8, global>
func.func @tensormap_replace(%g: !tirx.ptr<i8, global>, %s: !tirx.ptr<i8, shared>, %a: !tirx.ptr<i8, generic>, %w: i64, %n: i32) {
  tirx.ptx.tensormap.replace global_address %g, %w : !tirx.ptr<i8, global>, i64
  tirx.ptx.tensormap.replace box_dim ord 4 %s, %n : !tirx.ptr<i8, shared>, i32
  tirx.ptx.tensormap.replace global_stride ord 0 %a, %w : !tirx.ptr<i8, generic>, i64
  tirx.ptx.tensormap.replace.layout swizzle_mode 3 %g : !tirx.ptr<i8, global>
  return
}
