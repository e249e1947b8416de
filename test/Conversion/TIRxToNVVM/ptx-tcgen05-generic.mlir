// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// A generic slot stays a generic pointer: NVVM writes the tcgen05.alloc
// form without a state space for it. A generic barrier's tcgen05.commit is
// inline PTX of that form (for a generic pointer LLVM 22 writes the
// .shared::cluster form with the generic address in it).
gpu.module @m {
  // CHECK-LABEL: gpu.func @generic
  // CHECK-NOT: llvm.addrspacecast
  // CHECK: nvvm.tcgen05.alloc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr, i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64 [$0];", "l,~{memory}" %{{[a-z0-9_]+}} : (!llvm.ptr) -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tcgen05.commit.cta_group::2.mbarrier::arrive::one.multicast::cluster.b64 [$0], $1;", "l,h,~{memory}" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (!llvm.ptr, i16) -> ()
  gpu.func @generic(%slot: !tirx.ptr<ui32, generic>, %bar: !tirx.ptr<i64, generic>, %n: i32, %mask: i16) {
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, generic>
    tirx.ptx.tcgen05.commit %bar : !tirx.ptr<i64, generic>
    tirx.ptx.tcgen05.commit cta_2 %bar multicast %mask : !tirx.ptr<i64, generic>
    gpu.return
  }
}
