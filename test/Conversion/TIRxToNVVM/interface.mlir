// RUN: tirx-opt %s --convert-to-llvm | FileCheck %s

// Upstream convert-to-llvm lowers TIRx through the dialect's
// ConvertToLLVMPatternInterface: function signatures included.

// Types: pointers take their scope's NVPTX address space, except shared
// and local ones, which are generic addresses (docs/Design-notes.md);
// buffers are pointers; tensormaps are generic pointers.
// CHECK-LABEL: llvm.func @types
// CHECK-SAME: !llvm.ptr<1>, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr<7>, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr<6>, %{{.*}}: !llvm.ptr<101>, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr)
func.func @types(%a: !tirx.ptr<f32, global>, %b: !tirx.ptr<f32, shared>, %c: !tirx.ptr<ui8, shared.dyn>,
                 %d: !tirx.ptr<ui64, shared.cluster>, %e: !tirx.ptr<f32, local>, %f: !tirx.ptr<i32, tmem>,
                 %g: !tirx.ptr<f32, param>, %h: !tirx.ptr<none, generic>, %i: !tirx.buffer<4xf32, global>,
                 %j: !tirx.tensormap) {
  return
}

// CHECK-LABEL: llvm.func @body
// CHECK-SAME: (%[[A:.*]]: !llvm.ptr<1>, %[[I:.*]]: i64) -> f32
// CHECK: %[[P:.*]] = llvm.getelementptr %[[A]][%[[I]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.return %[[V]] : f32
func.func @body(%A: !tirx.buffer<8xf32, global>, %i: index) -> f32 {
  %v = tirx.buffer_load %A[%i] : !tirx.buffer<8xf32, global> -> f32
  return %v : f32
}
