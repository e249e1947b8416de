// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// cvta in both directions and isspacep, over raw 64-bit addresses.
// CHECK-LABEL: func.func @spaces
// CHECK: tirx.ptx.cvta.to shared.cta %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.cvta shared.cluster %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.cvta.to param.entry %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.isspacep global %{{.*}} : i64
// CHECK-NEXT: tirx.ptx.isspacep const %{{.*}} : i64
func.func @spaces(%g: i64) -> i1 {
  %0 = tirx.ptx.cvta.to shared.cta %g : i64
  %1 = tirx.ptx.cvta shared.cluster %0 : i64
  %2 = tirx.ptx.cvta.to param.entry %1 : i64
  %3 = tirx.ptx.isspacep global %2 : i64
  %4 = tirx.ptx.isspacep const %g : i64
  %5 = arith.andi %3, %4 : i1
  return %5 : i1
}
