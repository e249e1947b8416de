// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// ldu lowers through the one inline-PTX pattern: `.global` for a global
// pointer (in addrspace 1), generic addressing for a generic one, a vector
// result as a braced register group.
module attributes {gpu.container_module} {
gpu.module @k {
  // CHECK-LABEL: gpu.func @forms
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "ldu.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(f32, f32, f32, f32)>
  // An 8-bit value goes through a .b8 register into a 16-bit one.
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{ .reg .b8 %tirx_b8_<1>; ldu.u8 %tirx_b8_0, [$1]; cvt.u16.u8 $0, %tirx_b8_0; }", "=h,l,~{memory}" %{{.*}} : (!llvm.ptr) -> i16
  gpu.func @forms(%g: !tirx.ptr<f32, global>, %p: !tirx.ptr<i8, generic>) {
    %0 = tirx.ptx.ldu f32 %g : !tirx.ptr<f32, global> -> vector<4xf32>
    %1 = tirx.ptx.ldu u8 %p : !tirx.ptr<i8, generic> -> i8
    gpu.return
  }
}
}
