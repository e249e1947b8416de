// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The cache-control ops and st.bulk through the one inline-PTX pattern: a
// pointer is `[addr]` in its scope's address space (a shared one as its
// 32-bit window address), `lit` operands are their literals, and the ops
// with memory effects keep their side effects and a memory clobber.

gpu.module @m {
  // CHECK-LABEL: gpu.func @cache
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "applypriority.global.L2::evict_normal [$0], 128;", "l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "discard.L2 [$0], 128;", "l,~{memory}" %{{.*}} : (!llvm.ptr) -> ()
  // CHECK: llvm.inline_asm asm_dialect = att "createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64 $0, $1;", "=l,f" %{{.*}} : (f32) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "createpolicy.fractional.L2::evict_last.b64 $0;", "=l" : () -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "createpolicy.range.global.L2::evict_normal.L2::evict_first.b64 $0, [$1], $2, $3;", "=l,l,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "createpolicy.cvt.L2.b64 $0, $1;", "=l,l"
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "prefetchu.L1 [$0];", "l,~{memory}" %{{.*}} : (!llvm.ptr) -> ()
  gpu.func @cache(%g: !tirx.ptr<f32, global>, %a: !tirx.ptr<i8, generic>, %f: f32, %n: i32, %old: i64) {
    tirx.ptx.applypriority %g : !tirx.ptr<f32, global>
    tirx.ptx.discard %a : !tirx.ptr<i8, generic>
    %0 = tirx.ptx.createpolicy.fractional evict_first secondary evict_unchanged fraction %f
    %1 = tirx.ptx.createpolicy.fractional evict_last
    %2 = tirx.ptx.createpolicy.range evict_normal secondary evict_first %g, %n, %n : !tirx.ptr<f32, global>
    %3 = tirx.ptx.createpolicy.cvt %old
    tirx.ptx.prefetchu %a : !tirx.ptr<i8, generic>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @bulk
  // CHECK: %[[S:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<3>
  // CHECK: %[[A:.*]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "st.bulk.weak.shared::cta [$0], $1, 0;", "r,l,~{memory}" %[[A]], %{{.*}} : (i32, i64) -> ()
  gpu.func @bulk(%s: !tirx.ptr<f32, shared>, %n: i64) {
    tirx.ptx.st.bulk weak %s, %n : !tirx.ptr<f32, shared>
    gpu.return
  }
}
