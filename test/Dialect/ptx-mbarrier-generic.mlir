// RUN: tirx-opt %s | tirx-opt | FileCheck %s

// The mbarrier ops take a generic pointer (PTX's forms without a state
// space) and print it back. (arrive_drop.nocomplete on a shared pointer:
// test/Conversion/TIRxToNVVM/ptx-mbarrier-generic.mlir.)

// CHECK-LABEL: func.func @generic(
// CHECK: tirx.ptx.mbarrier.init %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.arrive relaxed cta %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic> -> i64
// CHECK-NEXT: tirx.ptx.mbarrier.arrive_drop release cluster %{{.*}} : !tirx.ptr<i64, generic>{{$}}
// CHECK-NEXT: tirx.ptx.mbarrier.arrive.nocomplete %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.arrive_drop.nocomplete %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.expect_tx %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.test_wait.parity %{{.*}}, %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.try_wait relaxed cluster %{{.*}}, %{{.*}}, suspend_hint %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.cp.async.mbarrier.arrive noinc %{{.*}} : !tirx.ptr<i64, generic>
// CHECK-NEXT: tirx.ptx.mbarrier.inval %{{.*}} : !tirx.ptr<i64, generic>
func.func @generic(%bar: !tirx.ptr<i64, generic>, %c1: i32, %st: i64, %ph: i32, %ns: i32) {
  tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, generic>
  %0 = tirx.ptx.mbarrier.arrive relaxed cta %bar, %c1 : !tirx.ptr<i64, generic> -> i64
  tirx.ptx.mbarrier.arrive_drop release cluster %bar : !tirx.ptr<i64, generic>
  %1 = tirx.ptx.mbarrier.arrive.nocomplete %bar, %c1 : !tirx.ptr<i64, generic>
  %4 = tirx.ptx.mbarrier.arrive_drop.nocomplete %bar, %c1 : !tirx.ptr<i64, generic>
  tirx.ptx.mbarrier.expect_tx %bar, %c1 : !tirx.ptr<i64, generic>
  %2 = tirx.ptx.mbarrier.test_wait.parity %bar, %ph : !tirx.ptr<i64, generic>
  %3 = tirx.ptx.mbarrier.try_wait relaxed cluster %bar, %st, suspend_hint %ns : !tirx.ptr<i64, generic>
  tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, generic>
  tirx.ptx.mbarrier.inval %bar : !tirx.ptr<i64, generic>
  return
}
