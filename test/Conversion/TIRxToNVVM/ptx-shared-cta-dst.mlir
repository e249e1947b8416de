// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The `.shared::cta` destination forms (cta_only): NVVM's shared::cta
// bulk copy (a ptr<3> destination) and its cta-only TMA load (isCTAOnly);
// with a CTA group, which the cta-only NVVM form does not take, the
// instruction as inline PTX.
gpu.module @m attributes {} {
  // CHECK-LABEL: gpu.func @bulk
  // CHECK-NOT: !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, <1>
  // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} l2_cache_hint = %{{[a-z0-9_]+}} : !llvm.ptr<3>, <1>
  gpu.func @bulk(%s: !tirx.ptr<f16, shared>, %g: !tirx.ptr<f16, global>, %bar: !tirx.ptr<i64, shared>, %n: i32, %pol: i64) {
    tirx.ptx.cp.async.bulk.g2s %s, %g, %bar, %n cta_only : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.g2s %s, %g, %bar, %n cache_hint %pol cta_only : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @tma
  // CHECK-NOT: !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] {isCTAOnly = true{{.*}}} : !llvm.ptr<3>, !llvm.ptr
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] im2col[%{{[a-z0-9_]+}}] l2_cache_hint = %{{[a-z0-9_]+}} {isCTAOnly = true, mode = #nvvm.tma_load_mode<im2col>{{.*}}} : !llvm.ptr<3>, !llvm.ptr
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.tensor.2d.shared::cta.global.tile::gather4.mbarrier::complete_tx::bytes.cta_group::2.L2::cache_hint [$0], [$1, {$2, $3, $4, $5, $6}], [$7], $8;", "r,l,r,r,r,r,r,r,l,~{memory}"
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.bulk.tensor.3d.shared::cta.global.im2col.mbarrier::complete_tx::bytes.cta_group::1 [$0], [$1, {$2, $3, $4}], [$5], {$6};", "r,l,r,r,r,r,h,~{memory}"
  gpu.func @tma(%s: !tirx.ptr<f16, shared>, %tmap: !tirx.tensormap, %bar: !tirx.ptr<i64, shared>, %x: i32, %o: i16, %pol: i64) {
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %s, %tmap[%x, %x], %bar cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %s, %tmap[%x, %x, %x] im2col [%o], %bar cache_hint %pol cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %s, %tmap[%x, %x, %x, %x, %x], %bar cache_hint %pol cta_2 cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %s, %tmap[%x, %x, %x] im2col [%o], %bar cta_1 cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    gpu.return
  }
}
