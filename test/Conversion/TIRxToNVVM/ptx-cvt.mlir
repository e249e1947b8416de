// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// tirx.ptx.cvt and tirx.ptx.trap lower through the one inline-PTX pattern.
// An e2m1x2 operand is a .b8 register, which inline asm cannot bind: it
// rides an `h` register (zext in, trunc out) and is staged through a
// `.reg .b8` declared in a block around the instruction. The other narrow
// formats are plain 16-bit registers; `rs` takes its random bits as a
// fourth `r` operand. The conversions are pure; `trap` has side effects.

gpu.module @m {
  // CHECK-LABEL: gpu.func @fp4_staged
  // CHECK: %[[D:.*]] = llvm.inline_asm asm_dialect = att "{ .reg .b8 %tirx_b8_<1>; cvt.rn.satfinite.e2m1x2.f32 %tirx_b8_0, $1, $2; cvt.u16.u8 $0, %tirx_b8_0; }", "=h,f,f" %{{.*}}, %{{.*}} : (f32, f32) -> i16
  // CHECK-NEXT: llvm.trunc %[[D]] : i16 to i8
  // CHECK: %[[A:.*]] = llvm.zext %{{.*}} : i8 to i16
  // CHECK-NEXT: llvm.inline_asm asm_dialect = att "{ .reg .b8 %tirx_b8_<1>; cvt.u8.u16 %tirx_b8_0, $1; cvt.rn.f16x2.e2m1x2 $0, %tirx_b8_0; }", "=r,h" %[[A]] : (i16) -> i32
  gpu.func @fp4_staged(%f: f32, %g: f32, %b: i8) kernel {
    %0 = tirx.ptx.cvt rn satfinite e2m1x2 from f32 %f, %g : (f32, f32) -> i8
    %1 = tirx.ptx.cvt rn f16x2 from e2m1x2 %b : (i8) -> i32
    gpu.return
  }

  // CHECK-LABEL: gpu.func @narrow_registers
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.satfinite.e3m2x2.f32 $0, $1, $2;", "=h,f,f"
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rp.satfinite.ue8m0x2.bf16x2 $0, $1;", "=h,r"
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.bf16x2.ue8m0x2 $0, $1;", "=r,h"
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.satfinite.relu.e5m2x2.f16x2 $0, $1;", "=h,r"
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rs.relu.satfinite.f16x2.f32 $0, $1, $2, $3;", "=r,f,f,r"
  gpu.func @narrow_registers(%f: f32, %g: f32, %h2: i32, %q: i16, %bits: i32) kernel {
    %0 = tirx.ptx.cvt rn satfinite e3m2x2 from f32 %f, %g : (f32, f32) -> i16
    %1 = tirx.ptx.cvt rp satfinite ue8m0x2 from bf16x2 %h2 : (i32) -> i16
    %2 = tirx.ptx.cvt rn bf16x2 from ue8m0x2 %q : (i16) -> i32
    %3 = tirx.ptx.cvt rn relu satfinite e5m2x2 from f16x2 %h2 : (i32) -> i16
    %4 = tirx.ptx.cvt rs relu satfinite f16x2 from f32 %f, %g, %bits : (f32, f32, i32) -> i32
    gpu.return
  }

  // The x4 lines' four sources are one braced group of the vector's
  // elements.
  // CHECK-LABEL: gpu.func @rs_x4
  // CHECK-COUNT-4: llvm.extractelement %{{.*}} : vector<4xf32>
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rs.satfinite.e3m2x4.f32 $0, {$1, $2, $3, $4}, $5;", "=r,f,f,f,f,r"
  // CHECK: llvm.inline_asm asm_dialect = att "cvt.rs.relu.satfinite.e2m1x4.f32 $0, {$1, $2, $3, $4}, $5;", "=h,f,f,f,f,r"
  gpu.func @rs_x4(%v: vector<4xf32>, %bits: i32) kernel {
    %0 = tirx.ptx.cvt rs satfinite e3m2x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i32
    %1 = tirx.ptx.cvt rs relu satfinite e2m1x4 from f32 %v, %bits : (vector<4xf32>, i32) -> i16
    gpu.return
  }

  // CHECK-LABEL: gpu.func @trap
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "trap;", "~{memory}"  : () -> ()
  gpu.func @trap() kernel {
    tirx.ptx.trap
    gpu.return
  }
}
