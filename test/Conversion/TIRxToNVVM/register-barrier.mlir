// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// tirx.register_barrier: an empty inline asm with the value as an in-out
// register of its class and a memory clobber, which ptxas never sees.
gpu.module @m {
  // CHECK-LABEL: gpu.func @pins
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "", "=f,0,~{memory}" %{{.*}} : (f32) -> f32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "", "=r,0,~{memory}" %{{.*}} : (i32) -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "", "=l,0,~{memory}" %{{.*}} : (i64) -> i64
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "", "=d,0,~{memory}" %{{.*}} : (f64) -> f64
  // CHECK-NOT: tirx.register_barrier
  gpu.func @pins(%A: !tirx.buffer<1xf32, global>, %B: !tirx.buffer<1xui32, global>,
                 %C: !tirx.buffer<1xi64, global>, %D: !tirx.buffer<1xf64, global>,
                 %x: f32, %u: ui32, %l: i64, %d: f64) kernel {
    %c0 = arith.constant 0 : index
    %0 = tirx.register_barrier %x : f32
    tirx.buffer_store %0, %A[%c0] : f32, !tirx.buffer<1xf32, global>
    %1 = tirx.register_barrier %u : ui32
    tirx.buffer_store %1, %B[%c0] : ui32, !tirx.buffer<1xui32, global>
    %2 = tirx.register_barrier %l : i64
    tirx.buffer_store %2, %C[%c0] : i64, !tirx.buffer<1xi64, global>
    %3 = tirx.register_barrier %d : f64
    tirx.buffer_store %3, %D[%c0] : f64, !tirx.buffer<1xf64, global>
    gpu.return
  }
}
