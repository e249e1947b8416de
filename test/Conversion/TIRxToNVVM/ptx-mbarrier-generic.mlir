// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The mbarrier ops on a generic pointer are PTX's forms without a state
// space. NVVM's ops take the generic pointer as it is (no cast to the
// shared window) where LLVM writes the generic form (init, inval,
// arrive.noComplete, cp.async.mbarrier.arrive); the arrives and waits, for
// which LLVM would write cvta.to.shared and the shared form, and the
// transaction-count ops, whose NVVM ops take no generic address, are
// inline PTX of the instruction the op names.

gpu.module @m {
  // CHECK-LABEL: gpu.func @generic
  // CHECK-NOT: llvm.addrspacecast
  // CHECK: nvvm.mbarrier.init %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr, i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.arrive.b64 $0, [$1];", "=l,l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr) -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.arrive_drop.b64 $0, [$1];", "=l,l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr) -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.arrive.release.cluster.b64 $0, [$1], $2;", "=l,l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i32) -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.arrive.expect_tx.b64 $0, [$1], $2;", "=l,l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i32) -> i64
  // CHECK: nvvm.mbarrier.arrive.nocomplete %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr, i32 -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.expect_tx.relaxed.cluster.b64 [$0], $1;", "l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i32) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.complete_tx.relaxed.cta.b64 [$0], $1;", "l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i32) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.test_wait.b64 $0, [$1], $2;", "=b,l,l,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i64) -> i1
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.try_wait.parity.acquire.cta.b64 $0, [$1], $2;", "=b,l,r,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i32) -> i1
  // CHECK: nvvm.cp.async.mbarrier.arrive %{{[a-z0-9_]+}} : !llvm.ptr
  // CHECK: nvvm.mbarrier.inval %{{[a-z0-9_]+}} : !llvm.ptr
  gpu.func @generic(%bar: !tirx.ptr<i64, generic>, %c1: i32, %tx: i32, %st: i64, %ph: i32) {
    tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, generic>
    %s0 = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, generic> -> i64
    %s1 = tirx.ptx.mbarrier.arrive_drop %bar : !tirx.ptr<i64, generic> -> i64
    %s2 = tirx.ptx.mbarrier.arrive release cluster %bar, %c1 : !tirx.ptr<i64, generic> -> i64
    %s3 = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %tx : !tirx.ptr<i64, generic> -> i64
    %s4 = tirx.ptx.mbarrier.arrive.nocomplete %bar, %c1 : !tirx.ptr<i64, generic>
    tirx.ptx.mbarrier.expect_tx cluster %bar, %tx : !tirx.ptr<i64, generic>
    tirx.ptx.mbarrier.complete_tx %bar, %tx : !tirx.ptr<i64, generic>
    %w0 = tirx.ptx.mbarrier.test_wait %bar, %st : !tirx.ptr<i64, generic>
    %w1 = tirx.ptx.mbarrier.try_wait.parity acquire cta %bar, %ph : !tirx.ptr<i64, generic>
    tirx.ptx.cp.async.mbarrier.arrive %bar : !tirx.ptr<i64, generic>
    tirx.ptx.mbarrier.inval %bar : !tirx.ptr<i64, generic>
    gpu.return
  }

  // The sink form on a generic address.
  // CHECK-LABEL: gpu.func @generic_sink
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mbarrier.arrive.release.cluster.b64 _, [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr) -> ()
  gpu.func @generic_sink(%bar: !tirx.ptr<i64, generic>) {
    tirx.ptx.mbarrier.arrive release cluster %bar : !tirx.ptr<i64, generic>
    gpu.return
  }

  // arrive_drop.noComplete on the executing CTA's barrier and on a generic
  // address of it.
  // CHECK-LABEL: gpu.func @drop_nocomplete
  // CHECK: nvvm.mbarrier.arrive_drop.nocomplete %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32 -> i64
  // CHECK: nvvm.mbarrier.arrive_drop.nocomplete %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr, i32 -> i64
  gpu.func @drop_nocomplete(%bar: !tirx.ptr<i64, shared>, %gbar: !tirx.ptr<i64, generic>, %c1: i32) {
    %0 = tirx.ptx.mbarrier.arrive_drop.nocomplete %bar, %c1 : !tirx.ptr<i64, shared>
    %1 = tirx.ptx.mbarrier.arrive_drop.nocomplete %gbar, %c1 : !tirx.ptr<i64, generic>
    gpu.return
  }
}
