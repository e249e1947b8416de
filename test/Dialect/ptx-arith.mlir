// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the scalar arithmetic ops (TIRxPTXArithOps.td).

// CHECK-LABEL: func.func @integer(
// CHECK: tirx.ptx.add sat s32 %{{.*}}, %{{.*}} : (i32, i32) -> i32
// CHECK-NEXT: tirx.ptx.add u16x2 %{{.*}}, %{{.*}} : (i32, i32) -> i32
// CHECK-NEXT: tirx.ptx.sub u64 %{{.*}}, %{{.*}} : (i64, i64) -> i64
// CHECK-NEXT: tirx.ptx.mul wide s32 %{{.*}}, %{{.*}} : (i32, i32) -> i64
// CHECK-NEXT: tirx.ptx.mad hi sat s32 %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i32) -> i32
// CHECK-NEXT: tirx.ptx.div s32 %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.rem u32 %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.abs s16 %{{.*}} : i16
// CHECK-NEXT: tirx.ptx.min relu s32 %{{.*}}, %{{.*}} : (i32, i32) -> i32
// CHECK-NEXT: tirx.ptx.szext wrap s32 %{{.*}}, %{{.*}}
// CHECK-NEXT: tirx.ptx.bmsk clamp %{{.*}}, %{{.*}}
// CHECK-NEXT: tirx.ptx.fns %{{.*}}, %{{.*}}, %{{.*}}
func.func @integer(%a: i32, %b: i32, %w: i64, %h: i16) {
  %0 = tirx.ptx.add sat s32 %a, %b : (i32, i32) -> i32
  %1 = tirx.ptx.add u16x2 %a, %b : (i32, i32) -> i32
  %2 = tirx.ptx.sub u64 %w, %w : (i64, i64) -> i64
  %3 = tirx.ptx.mul wide s32 %a, %b : (i32, i32) -> i64
  %4 = tirx.ptx.mad hi sat s32 %a, %b, %a : (i32, i32, i32) -> i32
  %5 = tirx.ptx.div s32 %a, %b : i32
  %6 = tirx.ptx.rem u32 %a, %b : i32
  %7 = tirx.ptx.abs s16 %h : i16
  %8 = tirx.ptx.min relu s32 %a, %b : (i32, i32) -> i32
  %9 = tirx.ptx.szext wrap s32 %a, %b
  %10 = tirx.ptx.bmsk clamp %a, %b
  %11 = tirx.ptx.fns %a, %b, %a
  return
}

// CHECK-LABEL: func.func @float(
// CHECK: tirx.ptx.add rz ftz sat f32 %{{.*}}, %{{.*}} : (f32, f32) -> f32
// CHECK-NEXT: tirx.ptx.add rn f32 from bf16 %{{.*}}, %{{.*}} : (bf16, f32) -> f32
// CHECK-NEXT: tirx.ptx.fma rn f64 %{{.*}}, %{{.*}}, %{{.*}} : (f64, f64, f64) -> f64
// CHECK-NEXT: tirx.ptx.fma rn oob relu bf16x2 %{{.*}}, %{{.*}}, %{{.*}} : (i32, i32, i32) -> i32
// CHECK-NEXT: tirx.ptx.div approx ftz f32 %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: tirx.ptx.max ftz nan xorsign f16 %{{.*}}, %{{.*}} : (f16, f16) -> f16
// CHECK-NEXT: tirx.ptx.min abs f32 %{{.*}}, %{{.*}}, %{{.*}} : (f32, f32, f32) -> f32
// CHECK-NEXT: tirx.ptx.rcp approx ftz f64 %{{.*}} : f64
// CHECK-NEXT: tirx.ptx.sqrt rn f32 %{{.*}} : f32
// CHECK-NEXT: tirx.ptx.rsqrt ftz f64 %{{.*}} : f64
// CHECK-NEXT: tirx.ptx.sin ftz %{{.*}}
// CHECK-NEXT: tirx.ptx.ex2 ftz bf16 %{{.*}} : bf16
// CHECK-NEXT: tirx.ptx.tanh f16x2 %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.copysign f64 %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: tirx.ptx.testp subnormal f32 %{{.*}} : f32
func.func @float(%x: f32, %y: f32, %d: f64, %bh: bf16, %h: f16, %p: i32) {
  %0 = tirx.ptx.add rz ftz sat f32 %x, %y : (f32, f32) -> f32
  %1 = tirx.ptx.add rn f32 from bf16 %bh, %y : (bf16, f32) -> f32
  %2 = tirx.ptx.fma rn f64 %d, %d, %d : (f64, f64, f64) -> f64
  %3 = tirx.ptx.fma rn oob relu bf16x2 %p, %p, %p : (i32, i32, i32) -> i32
  %4 = tirx.ptx.div approx ftz f32 %x, %y : f32
  %5 = tirx.ptx.max ftz nan xorsign f16 %h, %h : (f16, f16) -> f16
  %6 = tirx.ptx.min abs f32 %x, %y, %x : (f32, f32, f32) -> f32
  %7 = tirx.ptx.rcp approx ftz f64 %d : f64
  %8 = tirx.ptx.sqrt rn f32 %x : f32
  %9 = tirx.ptx.rsqrt ftz f64 %d : f64
  %10 = tirx.ptx.sin ftz %x
  %11 = tirx.ptx.ex2 ftz bf16 %bh : bf16
  %12 = tirx.ptx.tanh f16x2 %p : i32
  %13 = tirx.ptx.copysign f64 %d, %d : f64
  %14 = tirx.ptx.testp subnormal f32 %x : f32
  return
}

// CHECK-LABEL: func.func @compare(
// CHECK: tirx.ptx.setp lo u32 %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: tirx.ptx.setp geu xor ftz f32 %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: tirx.ptx.selp f64 %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: tirx.ptx.slct ftz b16 %{{.*}}, %{{.*}}, %{{.*}} : i16, f32
// CHECK-NEXT: tirx.ptx.and pred %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: tirx.ptx.not b64 %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.shr s16 %{{.*}}, %{{.*}} : i16
func.func @compare(%a: i32, %x: f32, %d: f64, %h: i16, %w: i64, %q: i1) {
  %0 = tirx.ptx.setp lo u32 %a, %a : i32
  %1 = tirx.ptx.setp geu xor ftz f32 %x, %x, %0 : f32
  %2 = tirx.ptx.selp f64 %d, %d, %1 : f64
  %3 = tirx.ptx.slct ftz b16 %h, %h, %x : i16, f32
  %4 = tirx.ptx.and pred %0, %q : i1
  %5 = tirx.ptx.not b64 %w : i64
  %6 = tirx.ptx.shr s16 %h, %a : i16
  return
}

// CHECK-LABEL: func.func @set_halves(
// CHECK: tirx.ptx.set lt and ftz f16 from f32 %{{.*}}, %{{.*}}, %{{.*}} : f32 -> f16
// CHECK-NEXT: tirx.ptx.set eq bf16 from b32 %{{.*}}, %{{.*}} : i32 -> bf16
// CHECK-NEXT: tirx.ptx.set geu u16 from bf16 %{{.*}}, %{{.*}} : bf16 -> i16
// CHECK-NEXT: tirx.ptx.set lt ftz f16x2 from f16x2 %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NEXT: tirx.ptx.set num xor s32 from bf16x2 %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
func.func @set_halves(%x: f32, %a: i32, %b: bf16, %q: i1) {
  %0 = tirx.ptx.set lt and ftz f16 from f32 %x, %x, %q : f32 -> f16
  %1 = tirx.ptx.set eq bf16 from b32 %a, %a : i32 -> bf16
  %2 = tirx.ptx.set geu u16 from bf16 %b, %b : bf16 -> i16
  %3 = tirx.ptx.set lt ftz f16x2 from f16x2 %a, %a : i32 -> i32
  %4 = tirx.ptx.set num xor s32 from bf16x2 %a, %a, %q : i32 -> i32
  return
}


// CHECK-LABEL: func.func @setp_pq(
// CHECK: %{{.*}}, %{{.*}} = tirx.ptx.setp.pq lt s32 %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %{{.*}}, %{{.*}} = tirx.ptx.setp.pq ge xor ftz f16x2 %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: %{{.*}}, %{{.*}} = tirx.ptx.setp.pq nan bf16x2 %{{.*}}, %{{.*}} : i32
func.func @setp_pq(%a: i32, %q: i1) {
  %p0, %q0 = tirx.ptx.setp.pq lt s32 %a, %a : i32
  %p1, %q1 = tirx.ptx.setp.pq ge xor ftz f16x2 %a, %a, %q : i32
  %p2, %q2 = tirx.ptx.setp.pq nan bf16x2 %a, %a : i32
  return
}

// CHECK-LABEL: func.func @mov_pack_unpack(
// CHECK: tirx.ptx.mov.pack b32 %{{.*}} : vector<2xi16> -> i32
// CHECK-NEXT: tirx.ptx.mov.pack b64 %{{.*}} : vector<4xi16> -> i64
// CHECK-NEXT: tirx.ptx.mov.unpack b64 %{{.*}} : i64 -> vector<2xi32>
func.func @mov_pack_unpack(%h: vector<2xi16>, %q: vector<4xi16>, %w: i64) {
  %0 = tirx.ptx.mov.pack b32 %h : vector<2xi16> -> i32
  %1 = tirx.ptx.mov.pack b64 %q : vector<4xi16> -> i64
  %2 = tirx.ptx.mov.unpack b64 %w : i64 -> vector<2xi32>
  return
}
