// Math ops reach PTX as single instructions or libdevice code linked and
// inlined at serialization: no call to an __nv_* function is left, and
// math.sqrt is the IEEE-exact sqrt.rn (CUDA's sqrtf without fast-math).
// REQUIRES: libdevice
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=NOCALL
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t100.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_100a %t100.ptx -o /dev/null %}

// CHECK-LABEL: .entry math_ops(
// CHECK-DAG: abs.f32
// CHECK-DAG: sqrt.rn.f32
// CHECK-DAG: cvt.rmi.f32.f32
// CHECK-DAG: cvt.rpi.f32.f32
// CHECK-DAG: cvt.rni.f32.f32
// CHECK-DAG: cvt.rzi.f32.f32
// CHECK-DAG: ex2.approx
// CHECK-DAG: fma.rn.f32
// CHECK-DAG: popc.b32
// NOCALL-NOT: __nv_
// NOCALL-NOT: call
func.func @math_ops(%A: !tirx.buffer<128xf32, global>, %B: !tirx.buffer<128xi32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %i = arith.index_cast %t : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<128xf32, global> -> f32
    %0 = math.absf %a : f32
    %1 = math.sqrt %a : f32
    %2 = math.floor %a : f32
    %3 = math.ceil %a : f32
    %4 = math.roundeven %a : f32
    %5 = math.trunc %a : f32
    %6 = math.copysign %5, %1 : f32
    %7 = math.exp %a : f32
    %8 = math.log %0 : f32
    %9 = math.tanh %a : f32
    %10 = arith.maxnumf %9, %8 : f32
    %s0 = arith.addf %0, %1 : f32
    %s1 = arith.mulf %2, %3 : f32
    %s2 = arith.subf %4, %6 : f32
    %s3 = arith.divf %7, %10 : f32
    %s4 = arith.addf %s0, %s1 : f32
    %s5 = arith.mulf %s2, %s3 : f32
    %11 = math.fma %s4, %s5, %a : f32
    tirx.buffer_store %11, %A[%i] : f32, !tirx.buffer<128xf32, global>
    %n = tirx.buffer_load %B[%i] : !tirx.buffer<128xi32, global> -> i32
    %p = math.ctpop %n : i32
    tirx.buffer_store %p, %B[%i] : i32, !tirx.buffer<128xi32, global>
  }
  return
}
