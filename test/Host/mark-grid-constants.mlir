// RUN: tirx-opt %s --tirx-mark-grid-constants -split-input-file | FileCheck %s

// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME:      %{{.*}}: !llvm.ptr<1>,
// CHECK-SAME:      %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME:      %{{.*}}: i32,
// CHECK-SAME:      %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// CHECK-NOT:     tirx.grid_constant_args
llvm.func @kernel(%out: !llvm.ptr<1>, %a: !llvm.ptr, %n: i32, %b: !llvm.ptr) attributes {nvvm.kernel, tirx.grid_constant_args = array<i32: 1, 3>} {
  llvm.return
}

// CHECK-LABEL: llvm.func @untouched(
// CHECK-SAME:      %{{.*}}: !llvm.ptr)
llvm.func @untouched(%a: !llvm.ptr) attributes {nvvm.kernel} {
  llvm.return
}
