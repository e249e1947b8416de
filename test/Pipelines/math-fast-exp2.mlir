// math.exp2 with the afn fast-math flag (T.exp2(x, fast=True)) is one
// ex2.approx.ftz.f32; without it, CUDA's exp2f (libdevice's ex2.approx.f32,
// no .ftz). f16 exp2 ignores the flag (the fast form is f32 only).
// REQUIRES: libdevice
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}

// CHECK-LABEL: .entry fast_exp2(
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: ex2.approx.ftz
// CHECK: ex2.approx.f32
// CHECK-NOT: call
func.func @fast_exp2(%A: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %i = arith.index_cast %t : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<128xf32, global> -> f32
    %0 = math.exp2 %a fastmath<afn> : f32
    tirx.buffer_store %0, %A[%i] : f32, !tirx.buffer<128xf32, global>
    %c = arith.constant 0 : index
    %b = tirx.buffer_load %A[%c] : !tirx.buffer<128xf32, global> -> f32
    %1 = math.exp2 %b : f32
    tirx.buffer_store %1, %A[%c] : f32, !tirx.buffer<128xf32, global>
  }
  return
}
