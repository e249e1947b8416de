// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// cp.reduce.async.bulk (non-tensor) through the one inline-PTX pattern:
// the global destination a 64-bit address, shared addresses their 32-bit
// window addresses, `.noftz` on the halves' add, the cache hint an extra
// operand.

gpu.module @m {
  // CHECK-LABEL: gpu.func @s2g
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [$0], [$1], $2;", "l,r,r,~{memory}" %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32, i32) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.reduce.async.bulk.global.shared::cta.bulk_group.L2::cache_hint.add.noftz.bf16 [$0], [$1], $2, $3;", "l,r,r,l,~{memory}" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i32, i32, i64) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.reduce.async.bulk.global.shared::cta.bulk_group.min.s64 [$0], [$1], $2;"
  gpu.func @s2g(%g: !tirx.ptr<f32, global>, %s: !tirx.ptr<f32, shared>, %n: i32, %h: i64) {
    tirx.ptx.cp.reduce.async.bulk.s2g add f32 %g, %s, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
    tirx.ptx.cp.reduce.async.bulk.s2g add bf16 %g, %s, %n cache_hint %h : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
    tirx.ptx.cp.reduce.async.bulk.s2g min s64 %g, %s, %n : !tirx.ptr<f32, global>, !tirx.ptr<f32, shared>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @s2s
  // CHECK: %[[BP:.*]] = builtin.unrealized_conversion_cast %arg2 : !tirx.ptr<i64, shared.cluster> to !llvm.ptr<7>
  // CHECK: %[[B:.*]] = llvm.ptrtoint %[[BP]] : !llvm.ptr<7> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.reduce.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes.or.b32 [$0], [$1], $2, [$3];", "r,r,r,r,~{memory}" %{{.*}}, %{{.*}}, %arg3, %[[B]] : (i32, i32, i32, i32) -> ()
  gpu.func @s2s(%c: !tirx.ptr<i32, shared.cluster>, %s: !tirx.ptr<i32, shared>, %b: !tirx.ptr<i64, shared.cluster>, %n: i32) {
    tirx.ptx.cp.reduce.async.bulk.s2s or b32 %c, %s, %b, %n : !tirx.ptr<i32, shared.cluster>, !tirx.ptr<i32, shared>, !tirx.ptr<i64, shared.cluster>
    gpu.return
  }
}
