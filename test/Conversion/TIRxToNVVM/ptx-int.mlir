// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The table-generated integer ops lower through the one inline-PTX pattern:
// the row's PTX text, operands in PTX order (results first), registers by
// width, an `imm` operand as its value. The ops are pure, so the asm has no
// side effects and no memory clobber.

gpu.module @m {
  // CHECK-LABEL: gpu.func @counts
  // CHECK: llvm.inline_asm asm_dialect = att "brev.b32 $0, $1;", "=r,r" %{{.*}} : (i32) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "brev.b64 $0, $1;", "=l,l" %{{.*}} : (i64) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "popc.b64 $0, $1;", "=r,l" %{{.*}} : (i64) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "clz.b32 $0, $1;", "=r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "bfind.shiftamt.s64 $0, $1;", "=r,l" %{{.*}} : (i64) -> i32
  gpu.func @counts(%a: i32, %w: i64) {
    %0 = tirx.ptx.brev %a : i32
    %1 = tirx.ptx.brev %w : i64
    %2 = tirx.ptx.popc %w : i64
    %3 = tirx.ptx.clz %a : i32
    %4 = tirx.ptx.bfind shiftamt s %w : i64
    gpu.return
  }

  // CHECK-LABEL: gpu.func @fields
  // CHECK: llvm.inline_asm asm_dialect = att "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "bfi.b64 $0, $1, $2, $3, $4;", "=l,l,l,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i64, i64, i32, i32) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "prmt.b32.rc16 $0, $1, $2, $3;", "=r,r,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "lop3.b32 $0, $1, $2, $3, 232;", "=r,r,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"
  gpu.func @fields(%a: i32, %b: i32, %w: i64) {
    %0 = tirx.ptx.bfe u %a, %b, %b : i32
    %1 = tirx.ptx.bfi %w, %w, %a, %b : i64
    %2 = tirx.ptx.prmt %a, %b, %a
    %3 = tirx.ptx.prmt rc16 %a, %b, %a
    %4 = tirx.ptx.lop3 %a, %b, %a, 232
    %5 = tirx.ptx.shf l wrap %a, %b, %a
    gpu.return
  }

  // CHECK-LABEL: gpu.func @arith
  // CHECK: llvm.inline_asm asm_dialect = att "mul24.hi.s32 $0, $1, $2;", "=r,r,r"
  // CHECK: llvm.inline_asm asm_dialect = att "sad.u16 $0, $1, $2, $3;", "=h,h,h,h" %{{.*}}, %{{.*}}, %{{.*}} : (i16, i16, i16) -> i16
  // CHECK: llvm.inline_asm asm_dialect = att "dp2a.hi.s32.u32 $0, $1, $2, $3;", "=r,r,r,r"
  gpu.func @arith(%a: i32, %h: i16) {
    %0 = tirx.ptx.mul24 hi s %a, %a
    %1 = tirx.ptx.sad u %h, %h, %h : i16
    %2 = tirx.ptx.dp2a hi s u %a, %a, %a
    gpu.return
  }
}
