// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// tensormap.cp_fenceproxy through the one inline-PTX pattern: the global
// destination a 64-bit address, the shared image its 32-bit window
// address, the size the literal 128; a side effect and a memory clobber.

gpu.module @m {
  // CHECK-LABEL: gpu.func @copy
  // CHECK: %[[S:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr to !llvm.ptr<3>
  // CHECK: %[[A:.*]] = llvm.ptrtoint %[[S]] : !llvm.ptr<3> to i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.cluster.sync.aligned [$0], [$1], 128;", "l,r,~{memory}" %{{.*}}, %[[A]] : (!llvm.ptr<1>, i32) -> ()
  gpu.func @copy(%g: !tirx.ptr<i8, global>, %s: !tirx.ptr<i8, shared>) {
    tirx.ptx.tensormap.cp_fenceproxy cluster %g, %s : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
    gpu.return
  }
}
