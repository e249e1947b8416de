// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// tensormap.cp_fenceproxy from a shared or shared.dyn image, each scope.
// CHECK-LABEL: func.func @copies
// CHECK: tirx.ptx.tensormap.cp_fenceproxy cta %{{.*}}, %{{.*}} : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
// CHECK-NEXT: tirx.ptx.tensormap.cp_fenceproxy gpu %{{.*}}, %{{.*}} : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared.dyn>
// CHECK-NEXT: tirx.ptx.tensormap.cp_fenceproxy sys %{{.*}}, %{{.*}} : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
func.func @copies(%g: !tirx.ptr<i8, global>, %s: !tirx.ptr<i8, shared>,
                  %d: !tirx.ptr<i8, shared.dyn>, %g64: !tirx.ptr<i64, global>,
                  %s64: !tirx.ptr<i64, shared>) {
  tirx.ptx.tensormap.cp_fenceproxy cta %g, %s : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared>
  tirx.ptx.tensormap.cp_fenceproxy gpu %g, %d : !tirx.ptr<i8, global>, !tirx.ptr<i8, shared.dyn>
  tirx.ptx.tensormap.cp_fenceproxy sys %g64, %s64 : !tirx.ptr<i64, global>, !tirx.ptr<i64, shared>
  return
}
