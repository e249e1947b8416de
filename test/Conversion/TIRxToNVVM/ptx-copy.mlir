// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// Lowering of cp.async, cp.async.bulk, the TMA ops and the prefetches. CTA
// shared destinations of TMA loads and bulk copies are cast to
// shared::cluster (ptr<7>), the form of PTX ISA 8.0.

gpu.module @m {
  // CHECK-LABEL: gpu.func @cp_async
  // CHECK: nvvm.cp.async.shared.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, 8, cache =  ca : !llvm.ptr<3>, !llvm.ptr<1>
  // CHECK: nvvm.cp.async.shared.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, 16, cache =  cg, %{{[a-z0-9_]+}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr<3> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global.L2::cache_hint [$0], [$1], 16, $2, $3;", "r,l,r,l,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, !llvm.ptr<1>, i32, i64) -> ()
  // A prefetch size has no NVVM form: inline PTX, with and without a hint.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.ca.shared.global.L2::128B [$0], [$1], 8;", "r,l,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, !llvm.ptr<1>) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global.L2::cache_hint.L2::256B [$0], [$1], 16, $2;", "r,l,l,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, !llvm.ptr<1>, i64) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "cp.async.cg.shared.global.L2::64B [$0], [$1], 16, $2;", "r,l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, !llvm.ptr<1>, i32) -> ()
  // CHECK: nvvm.cp.async.commit.group
  // CHECK: nvvm.cp.async.wait.group 1
  // CHECK: llvm.call_intrinsic "llvm.nvvm.cp.async.wait.all"() : () -> ()
  gpu.func @cp_async(%dst: !tirx.ptr<f16, shared>, %src: !tirx.ptr<f16, global>, %n: i32, %pol: i64) {
    tirx.ptx.cp.async ca %dst, %src, 8 : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async cg %dst, %src, 16 src_size %n : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async cg %dst, %src, 16 src_size %n cache_hint %pol : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async ca %dst, %src, 8 prefetch L2_128B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async cg %dst, %src, 16 cache_hint %pol prefetch L2_256B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async cg %dst, %src, 16 src_size %n prefetch L2_64B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async.commit_group
    tirx.ptx.cp.async.wait_group 1
    tirx.ptx.cp.async.wait_all
    gpu.return
  }
  // CHECK-LABEL: gpu.func @bulk
  // CHECK: llvm.addrspacecast %{{[a-z0-9_]+}} : !llvm.ptr to !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<7>, <1>
  // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} multicast_mask = %{{[a-z0-9_]+}} l2_cache_hint = %{{[a-z0-9_]+}} : !llvm.ptr<7>, <1>
  // CHECK: nvvm.cp.async.bulk.global.shared.cta %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : <1>, <3>
  // CHECK: nvvm.cp.async.bulk.global.shared.cta %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} l2_cache_hint = %{{[a-z0-9_]+}} byte_mask = %{{[a-z0-9_]+}} : <1>, <3>
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr<7> to i32
  // CHECK: llvm.inttoptr %{{[a-z0-9_]+}} : i32 to !llvm.ptr<3>
  // CHECK: nvvm.cp.async.bulk.shared.cluster.shared.cta %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : <7>, <3>
  // CHECK: nvvm.cp.async.bulk.prefetch %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} l2_cache_hint = %{{[a-z0-9_]+}} : <1>
  // CHECK: nvvm.cp.async.bulk.commit.group
  // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
  // CHECK: nvvm.cp.async.bulk.wait_group 2
  gpu.func @bulk(%sdst: !tirx.ptr<f16, shared>, %cdst: !tirx.ptr<f16, shared.cluster>, %g: !tirx.ptr<f16, global>, %bar: !tirx.ptr<i64, shared>, %cbar: !tirx.ptr<i64, shared.cluster>, %n: i32, %mask: i16, %pol: i64, %bm: i16) {
    tirx.ptx.cp.async.bulk.g2s %sdst, %g, %bar, %n : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.g2s %cdst, %g, %bar, %n multicast %mask cache_hint %pol : !tirx.ptr<f16, shared.cluster>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.s2g %g, %sdst, %n : !tirx.ptr<f16, global>, !tirx.ptr<f16, shared>
    tirx.ptx.cp.async.bulk.s2g %g, %sdst, %n cache_hint %pol byte_mask %bm : !tirx.ptr<f16, global>, !tirx.ptr<f16, shared>
    tirx.ptx.cp.async.bulk.s2s %cdst, %sdst, %cbar, %n : !tirx.ptr<f16, shared.cluster>, !tirx.ptr<f16, shared>, !tirx.ptr<i64, shared.cluster>
    tirx.ptx.cp.async.bulk.prefetch %g, %n cache_hint %pol : !tirx.ptr<f16, global>
    tirx.ptx.cp.async.bulk.commit_group
    tirx.ptx.cp.async.bulk.wait_group 0 read
    tirx.ptx.cp.async.bulk.wait_group 2
    gpu.return
  }
  // CHECK-LABEL: gpu.func @tma
  // CHECK: llvm.addrspacecast %{{[a-z0-9_]+}} : !llvm.ptr to !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] : !llvm.ptr<7>, !llvm.ptr
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] multicast_mask = %{{[a-z0-9_]+}} l2_cache_hint = %{{[a-z0-9_]+}} : !llvm.ptr<7>, !llvm.ptr
  // CHECK: llvm.addrspacecast %{{[a-z0-9_]+}} : !llvm.ptr to !llvm.ptr<7>
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] im2col[%{{[a-z0-9_]+}}] {mode = #nvvm.tma_load_mode<im2col>} : !llvm.ptr<7>, !llvm.ptr
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] : !llvm.ptr, <3>
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}] l2_cache_hint = %{{[a-z0-9_]+}} : !llvm.ptr, <3>
  // CHECK: nvvm.cp.async.bulk.tensor.reduce %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}] {redKind = #nvvm.tma_redux_kind<add>} : !llvm.ptr, <3>
  // CHECK: nvvm.cp.async.bulk.tensor.prefetch %{{[a-z0-9_]+}}, box[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}] : !llvm.ptr
  // CHECK: nvvm.prefetch tensormap, %{{[a-z0-9_]+}} : !llvm.ptr
  // prefetch is a table op, so inline PTX (LLVM 22 emits its intrinsics
  // from sm_90 and PTX ISA 8.0 only, the instruction exists since sm_20),
  // the eviction-priority forms too.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "prefetch.global.L2 [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr<1>) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "prefetch.global.L1 [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr<1>) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "prefetch.global.L2::evict_last [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr<1>) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "prefetch.global.L2::evict_normal [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr<1>) -> ()
  gpu.func @tma(%sdst: !tirx.ptr<f16, shared>, %cdst: !tirx.ptr<f16, shared.cluster>, %tmap: !tirx.tensormap, %bar: !tirx.ptr<i64, shared>, %x: i32, %y: i32, %z: i32, %o: i16, %mask: i16, %pol: i64, %gp: !tirx.ptr<f32, global>) {
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %sdst, %tmap[%x, %y], %bar : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %cdst, %tmap[%x, %y], %bar multicast %mask cache_hint %pol : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.load im2col rank 3 %sdst, %tmap[%x, %y, %z] im2col [%o], %bar : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %tmap[%x, %y], %sdst : !tirx.tensormap, !tirx.ptr<f16, shared>
    tirx.ptx.cp.async.bulk.tensor.store tile rank 1 %tmap[%x], %sdst cache_hint %pol : !tirx.tensormap, !tirx.ptr<f16, shared>
    tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 1 %tmap[%x], %sdst : !tirx.tensormap, !tirx.ptr<f16, shared>
    tirx.ptx.cp.async.bulk.tensor.prefetch tile rank 3 %tmap[%x, %y, %z] : !tirx.tensormap
    tirx.ptx.prefetch.tensormap %tmap : !tirx.tensormap
    tirx.ptx.prefetch L2 %gp : !tirx.ptr<f32, global>
    tirx.ptx.prefetch L1 %gp : !tirx.ptr<f32, global>
    tirx.ptx.prefetch L2_evict_last %gp : !tirx.ptr<f32, global>
    tirx.ptx.prefetch L2_evict_normal %gp : !tirx.ptr<f32, global>
    gpu.return
  }

  // The tensormap writes are table-generated: an `imm` operand (ord, the
  // layout encoding) is its literal; a shared pointer is its 32-bit window
  // address.
  // CHECK-LABEL: gpu.func @tensormap_replace
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [$0], 4, $1;", "r,r,~{memory}" %{{.*}}, %{{.*}} : (i32, i32) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.replace.tile.global_address.global.b1024.b64 [$0], $1;", "l,l,~{memory}" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i64) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.replace.tile.swizzle_mode.global.b1024.b32 [$0], 3;", "l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> ()
  gpu.func @tensormap_replace(%g: !tirx.ptr<i8, global>, %s: !tirx.ptr<i8, shared>, %w: i64, %n: i32) {
    tirx.ptx.tensormap.replace box_dim ord 4 %s, %n : !tirx.ptr<i8, shared>, i32
    tirx.ptx.tensormap.replace global_address %g, %w : !tirx.ptr<i8, global>, i64
    tirx.ptx.tensormap.replace.layout swizzle_mode 3 %g : !tirx.ptr<i8, global>
    gpu.return
  }
}
