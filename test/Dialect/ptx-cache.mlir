// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the L2 cache-control ops (TIRxPTXCacheOps.td) and st.bulk.

// CHECK-LABEL: func.func @cache(
// CHECK: tirx.ptx.applypriority %{{.*}} : !tirx.ptr<f32, global>
// CHECK-NEXT: tirx.ptx.discard %{{.*}} : !tirx.ptr<i8, generic>
// CHECK-NEXT: tirx.ptx.createpolicy.fractional evict_last{{$}}
// CHECK-NEXT: tirx.ptx.createpolicy.fractional evict_first secondary evict_unchanged fraction %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.createpolicy.range evict_normal secondary evict_first %{{.*}}, %{{.*}}, %{{.*}} : !tirx.ptr<f32, global>
// CHECK-NEXT: tirx.ptx.createpolicy.cvt %{{.*}}{{$}}
// CHECK-NEXT: tirx.ptx.prefetchu %{{.*}} : !tirx.ptr<i8, generic>
func.func @cache(%g: !tirx.ptr<f32, global>, %a: !tirx.ptr<i8, generic>, %f: f32, %n: i32, %old: i64) {
  tirx.ptx.applypriority %g : !tirx.ptr<f32, global>
  tirx.ptx.discard %a : !tirx.ptr<i8, generic>
  %0 = tirx.ptx.createpolicy.fractional evict_last
  %1 = tirx.ptx.createpolicy.fractional evict_first secondary evict_unchanged fraction %f
  %2 = tirx.ptx.createpolicy.range evict_normal secondary evict_first %g, %n, %n : !tirx.ptr<f32, global>
  %3 = tirx.ptx.createpolicy.cvt %old
  tirx.ptx.prefetchu %a : !tirx.ptr<i8, generic>
  return
}

// CHECK-LABEL: func.func @bulk(
// CHECK: tirx.ptx.st.bulk weak %{{.*}}, %{{.*}} : !tirx.ptr<f32, shared.dyn>
// CHECK-NEXT: tirx.ptx.st.bulk %{{.*}}, %{{.*}} : !tirx.ptr<i8, generic>
func.func @bulk(%s: !tirx.ptr<f32, shared.dyn>, %a: !tirx.ptr<i8, generic>, %n: i64) {
  tirx.ptx.st.bulk weak %s, %n : !tirx.ptr<f32, shared.dyn>
  tirx.ptx.st.bulk %a, %n : !tirx.ptr<i8, generic>
  return
}
