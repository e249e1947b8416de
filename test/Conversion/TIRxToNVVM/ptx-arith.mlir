// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// The scalar arithmetic ops lower through the one inline-PTX pattern: the
// row's PTX text, the result first, registers by width. A predicate is a
// `b` register; an f16 or bf16 value rides an `h` register through a
// bitcast to i16 and back; the packed pairs are plain 32- or 64-bit
// registers. The ops are pure: no side effects, no memory clobber.

gpu.module @m {
  // CHECK-LABEL: gpu.func @integer
  // CHECK: llvm.inline_asm asm_dialect = att "add.sat.s32 $0, $1, $2;", "=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "mul.wide.u32 $0, $1, $2;", "=l,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "mad.wide.s16 $0, $1, $2, $3;", "=r,h,h,r" %{{.*}}, %{{.*}}, %{{.*}} : (i16, i16, i32) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "shr.s64 $0, $1, $2;", "=l,l,r" %{{.*}}, %{{.*}} : (i64, i32) -> i64
  // CHECK: llvm.inline_asm asm_dialect = att "szext.clamp.u32 $0, $1, $2;", "=r,r,r"
  gpu.func @integer(%a: i32, %h: i16, %w: i64) {
    %0 = tirx.ptx.add sat s32 %a, %a : (i32, i32) -> i32
    %1 = tirx.ptx.mul wide u32 %a, %a : (i32, i32) -> i64
    %2 = tirx.ptx.mad wide s16 %h, %h, %a : (i16, i16, i32) -> i32
    %3 = tirx.ptx.shr s64 %w, %a : i64
    %4 = tirx.ptx.szext clamp u32 %a, %a
    gpu.return
  }

  // CHECK-LABEL: gpu.func @predicates
  // CHECK: %[[P:.*]] = llvm.inline_asm asm_dialect = att "setp.lt.and.s32 $0, $1, $2, $3;", "=b,r,r,b" %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i1) -> i1
  // CHECK: %[[Q:.*]] = llvm.inline_asm asm_dialect = att "not.pred $0, $1;", "=b,b" %[[P]] : (i1) -> i1
  // CHECK: llvm.inline_asm asm_dialect = att "selp.b32 $0, $1, $2, $3;", "=r,r,r,b" %{{.*}}, %{{.*}}, %[[Q]] : (i32, i32, i1) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "testp.finite.f64 $0, $1;", "=b,d" %{{.*}} : (f64) -> i1
  gpu.func @predicates(%a: i32, %p: i1, %d: f64) {
    %0 = tirx.ptx.setp lt and s32 %a, %a, %p : i32
    %1 = tirx.ptx.not pred %0 : i1
    %2 = tirx.ptx.selp b32 %a, %a, %1 : i32
    %3 = tirx.ptx.testp finite f64 %d : f64
    gpu.return
  }

  // CHECK-LABEL: gpu.func @halves
  // CHECK: %[[A:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
  // CHECK: %[[B:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
  // CHECK: %[[C:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
  // CHECK: %[[R:.*]] = llvm.inline_asm asm_dialect = att "fma.rn.relu.bf16 $0, $1, $2, $3;", "=h,h,h,h" %[[A]], %[[B]], %[[C]] : (i16, i16, i16) -> i16
  // CHECK: llvm.bitcast %[[R]] : i16 to bf16
  // CHECK: %[[H:.*]] = llvm.bitcast %{{.*}} : f16 to i16
  // CHECK: llvm.inline_asm asm_dialect = att "add.rn.f32.f16 $0, $1, $2;", "=f,h,f" %[[H]], %{{.*}} : (i16, f32) -> f32
  // CHECK: llvm.inline_asm asm_dialect = att "max.NaN.xorsign.abs.f16x2 $0, $1, $2;", "=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i32
  // CHECK: llvm.inline_asm asm_dialect = att "add.rn.ftz.f32x2 $0, $1, $2;", "=l,l,l" %{{.*}}, %{{.*}} : (i64, i64) -> i64
  gpu.func @halves(%b: bf16, %h: f16, %x: f32, %p: i32, %w: i64) {
    %0 = tirx.ptx.fma rn relu bf16 %b, %b, %b : (bf16, bf16, bf16) -> bf16
    %1 = tirx.ptx.add rn f32 from f16 %h, %x : (f16, f32) -> f32
    %2 = tirx.ptx.max nan xorsign f16x2 %p, %p : (i32, i32) -> i32
    %3 = tirx.ptx.add rn ftz f32x2 %w, %w : (i64, i64) -> i64
    gpu.return
  }

  // CHECK-LABEL: gpu.func @floats
  // CHECK: llvm.inline_asm asm_dialect = att "div.full.ftz.f32 $0, $1, $2;", "=f,f,f"
  // CHECK: llvm.inline_asm asm_dialect = att "rcp.approx.ftz.f64 $0, $1;", "=d,d"
  // CHECK: llvm.inline_asm asm_dialect = att "cos.approx.f32 $0, $1;", "=f,f"
  // CHECK: llvm.inline_asm asm_dialect = att "min.ftz.NaN.abs.f32 $0, $1, $2, $3;", "=f,f,f,f"
  // CHECK: llvm.inline_asm asm_dialect = att "slct.ftz.f64.f32 $0, $1, $2, $3;", "=d,d,d,f"
  // CHECK-NOT: has_side_effects
  gpu.func @floats(%x: f32, %d: f64) {
    %0 = tirx.ptx.div full ftz f32 %x, %x : f32
    %1 = tirx.ptx.rcp approx ftz f64 %d : f64
    %2 = tirx.ptx.cos %x
    %3 = tirx.ptx.min ftz nan abs f32 %x, %x, %x : (f32, f32, f32) -> f32
    %4 = tirx.ptx.slct ftz f64 %d, %d, %x : f64, f32
    gpu.return
  }

  // CHECK-LABEL: gpu.func @set_halves
  // CHECK: %[[H:.*]] = llvm.inline_asm asm_dialect = att "set.lt.f16.f32 $0, $1, $2;", "=h,f,f" %{{.*}}, %{{.*}} : (f32, f32) -> i16
  // CHECK-NEXT: llvm.bitcast %[[H]] : i16 to f16
  // CHECK: llvm.inline_asm asm_dialect = att "set.eq.ftz.u32.f16x2 $0, $1, $2;", "=r,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> i32
  gpu.func @set_halves(%x: f32, %a: i32) kernel {
    %0 = tirx.ptx.set lt f16 from f32 %x, %x : f32 -> f16
    %1 = tirx.ptx.set eq ftz u32 from f16x2 %a, %a : i32 -> i32
    gpu.return
  }

  // setp.pq writes two predicates into one PTX operand, `$0|$1`: the asm's
  // result is a struct of two `b` outputs.
  // CHECK-LABEL: gpu.func @setp_pq
  // CHECK: %[[S:.*]] = llvm.inline_asm asm_dialect = att "setp.lt.f16x2 $0|$1, $2, $3;", "=b,=b,r,r" %{{.*}}, %{{.*}} : (i32, i32) -> !llvm.struct<(i1, i1)>
  // CHECK-NEXT: llvm.extractvalue %[[S]][0] : !llvm.struct<(i1, i1)>
  // CHECK-NEXT: llvm.extractvalue %[[S]][1] : !llvm.struct<(i1, i1)>
  // CHECK: llvm.inline_asm asm_dialect = att "setp.ge.and.s64 $0|$1, $2, $3, $4;", "=b,=b,l,l,b"
  gpu.func @setp_pq(%a: i32, %w: i64, %c: i1) kernel {
    %p0, %q0 = tirx.ptx.setp.pq lt f16x2 %a, %a : i32
    %p1, %q1 = tirx.ptx.setp.pq ge and s64 %w, %w, %c : i64
    gpu.return
  }

  // mov.pack and mov.unpack: the lanes are a braced group of registers.
  // CHECK-LABEL: gpu.func @mov_pack_unpack
  // CHECK: llvm.inline_asm asm_dialect = att "mov.b32 $0, {$1, $2};", "=r,h,h"
  // CHECK: %[[U:.*]] = llvm.inline_asm asm_dialect = att "mov.b64 {$0, $1, $2, $3}, $4;", "=h,=h,=h,=h,l" %{{.*}} : (i64) -> !llvm.struct<(i16, i16, i16, i16)>
  // CHECK: llvm.extractvalue %[[U]][3]
  gpu.func @mov_pack_unpack(%h: vector<2xi16>, %w: i64) kernel {
    %0 = tirx.ptx.mov.pack b32 %h : vector<2xi16> -> i32
    %1 = tirx.ptx.mov.unpack b64 %w : i64 -> vector<4xi16>
    gpu.return
  }
}
