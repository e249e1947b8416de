// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// cp.reduce.async.bulk (non-tensor) into global memory, with and without a
// cache hint, and into a peer CTA's shared memory.
// CHECK-LABEL: func.func @s2g
// CHECK: tirx.ptx.cp.reduce.async.bulk.s2g add f32 %{{.*}}, %{{.*}}, %{{.*}} : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
// CHECK-NEXT: tirx.ptx.cp.reduce.async.bulk.s2g max bf16 %{{.*}}, %{{.*}}, %{{.*}} cache_hint %{{.*}} : !tirx.ptr<bf16, global>, !tirx.ptr<bf16, shared.dyn>
// CHECK-NEXT: tirx.ptx.cp.reduce.async.bulk.s2g xor b64 %{{.*}}, %{{.*}}, %{{.*}} : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
func.func @s2g(%g: !tirx.ptr<f32, global>, %s: !tirx.ptr<f32, shared>,
               %gb: !tirx.ptr<bf16, global>, %sb: !tirx.ptr<bf16, shared.dyn>,
               %g64: !tirx.ptr<i64, global>, %s64: !tirx.ptr<i64, shared>,
               %n: i32, %h: i64) {
  tirx.ptx.cp.reduce.async.bulk.s2g add f32 %g, %s, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
  tirx.ptx.cp.reduce.async.bulk.s2g max bf16 %gb, %sb, %n cache_hint %h : !tirx.ptr<bf16, global>, !tirx.ptr<bf16, shared.dyn>
  tirx.ptx.cp.reduce.async.bulk.s2g xor b64 %g64, %s64, %n : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
  return
}

// CHECK-LABEL: func.func @s2s
// CHECK: tirx.ptx.cp.reduce.async.bulk.s2s inc u32 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: tirx.ptx.cp.reduce.async.bulk.s2s add u64 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tirx.ptr<i64, shared.cluster>, !tirx.ptr<i64, shared>, !tirx.ptr<i64, shared>
func.func @s2s(%c: !tirx.ptr<i32, shared.cluster>, %s: !tirx.ptr<i32, shared>,
               %c64: !tirx.ptr<i64, shared.cluster>, %s64: !tirx.ptr<i64, shared>,
               %rb: !tirx.ptr<i64, shared.cluster>, %lb: !tirx.ptr<i64, shared>,
               %n: i32) {
  tirx.ptx.cp.reduce.async.bulk.s2s inc u32 %c, %s, %rb, %n : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
  tirx.ptx.cp.reduce.async.bulk.s2s add u64 %c64, %s64, %lb, %n : !tirx.ptr<i64, shared.cluster>, !tirx.ptr<i64, shared>, !tirx.ptr<i64, shared>
  return
}
