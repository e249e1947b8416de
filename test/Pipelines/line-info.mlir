// RUN: tirx-translate %s --emit=ptx --line-info | FileCheck %s
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=NONE

// --line-info: .loc directives name each instruction's source line (the
// op it was lowered from) and .file the source; no DWARF sections (what
// `nvcc -lineinfo` emits). Without it the PTX has none.
// CHECK-LABEL: .entry scale(
// NONE-NOT: .loc
// NONE-NOT: .file
func.func @scale(%A: !tirx.buffer<256xf32, global>, %B: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    // CHECK: .loc 1 [[@LINE-1]] {{[0-9]+}}
    // CHECK-NEXT: mov.u32 {{.*}}%tid.x;
    %two = arith.constant 2.0 : f32
    %i = arith.index_cast %tx : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<256xf32, global> -> f32
    // CHECK: .loc 1 [[@LINE-1]] {{[0-9]+}}
    // CHECK: ld.global.b32
    %b = arith.mulf %a, %two : f32
    // CHECK: .loc 1 [[@LINE-1]] {{[0-9]+}}
    // CHECK-NEXT: add.rn.f32
    tirx.buffer_store %b, %B[%i] : f32, !tirx.buffer<256xf32, global>
    // CHECK: .loc 1 [[@LINE-1]] {{[0-9]+}}
    // CHECK: st.global.b32
  }
  return
}
// CHECK: .file 1 "{{.*}}line-info.mlir"
// CHECK-NOT: .debug_info
