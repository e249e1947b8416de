// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The multimem family lowers through the one inline-PTX pattern. A
// vector value is a braced group of its elements' registers: the elements
// are extracted into the asm's inputs (`{$1, $2}`), and a vector result is
// the asm's struct of outputs inserted back into a vector. The address is
// a 64-bit `l` register in the address space of its scope.

gpu.module @m {
  // CHECK-LABEL: gpu.func @ld_reduce
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "multimem.ld_reduce.relaxed.gpu.global.add.u32 $0, [$1];", "=r,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> i32
  // CHECK: %[[S:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "multimem.ld_reduce.global.add.acc::f32.v4.bf16x2 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,~{memory}" %{{.*}} : (!llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: llvm.extractvalue %[[S]][0] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: llvm.extractvalue %[[S]][3] : !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: llvm.insertelement
  // CHECK: %[[H:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "multimem.ld_reduce.min.v2.f16 {$0, $1}, [$2];", "=h,=h,l,~{memory}" %{{.*}} : (!llvm.ptr) -> !llvm.struct<(i16, i16)>
  // CHECK: %[[H0:.*]] = llvm.extractvalue %[[H]][0]
  // CHECK: llvm.bitcast %[[H0]] : i16 to f16
  gpu.func @ld_reduce(%g: !tirx.ptr<i32, global>, %b: !tirx.ptr<i8, global>,
                      %h: !tirx.ptr<f16, generic>) kernel {
    %0 = tirx.ptx.multimem.ld_reduce relaxed gpu add u32 %g : !tirx.ptr<i32, global> -> i32
    %1 = tirx.ptx.multimem.ld_reduce add acc_f32 bf16x2 %b : !tirx.ptr<i8, global> -> vector<4xi32>
    %2 = tirx.ptx.multimem.ld_reduce min f16 %h : !tirx.ptr<f16, generic> -> vector<2xf16>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @st_and_red
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "multimem.st.release.sys.global.b32 [$0], $1;", "l,r,~{memory}"
  // CHECK: %[[E0:.*]] = llvm.extractelement %{{.*}}[%{{.*}} : i32] : vector<2xf32>
  // CHECK: %[[E1:.*]] = llvm.extractelement %{{.*}}[%{{.*}} : i32] : vector<2xf32>
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "multimem.red.global.add.v2.f32 [$0], {$1, $2};", "l,f,f,~{memory}" %{{.*}}, %[[E0]], %[[E1]]
  gpu.func @st_and_red(%g: !tirx.ptr<i32, global>, %f: !tirx.ptr<f32, global>,
                       %x: i32, %v2: vector<2xf32>) kernel {
    tirx.ptx.multimem.st release sys b32 %g, %x : !tirx.ptr<i32, global>, i32
    tirx.ptx.multimem.red add f32 %f, %v2 : !tirx.ptr<f32, global>, vector<2xf32>
    gpu.return
  }
}
