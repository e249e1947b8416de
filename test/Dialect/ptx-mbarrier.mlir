// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the mbarrier ops.

// CHECK-LABEL: func.func @init_inval(
// CHECK: tirx.ptx.mbarrier.init %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.mbarrier.init %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<ui64, shared.dyn>
// CHECK-NEXT: tirx.ptx.mbarrier.inval %{{[a-z0-9_#]+}} : !tirx.ptr<ui64, shared.dyn>
func.func @init_inval(%bar: !tirx.ptr<i64, shared>, %ubar: !tirx.ptr<ui64, shared.dyn>, %n: i32) {
  tirx.ptx.mbarrier.init %bar, %n : !tirx.ptr<i64, shared>
  tirx.ptx.mbarrier.init %ubar, %n : !tirx.ptr<ui64, shared.dyn>
  tirx.ptx.mbarrier.inval %ubar : !tirx.ptr<ui64, shared.dyn>
  return
}

// CHECK-LABEL: func.func @arrive(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive release cta %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: tirx.ptx.mbarrier.arrive relaxed cluster %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.mbarrier.arrive release cluster %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: tirx.ptx.mbarrier.arrive %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
func.func @arrive(%bar: !tirx.ptr<i64, shared>, %peer: !tirx.ptr<i64, shared.cluster>, %n: i32) {
  %0 = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
  %1 = tirx.ptx.mbarrier.arrive %bar, %n : !tirx.ptr<i64, shared> -> i64
  %2 = tirx.ptx.mbarrier.arrive release cta %bar : !tirx.ptr<i64, shared> -> i64
  tirx.ptx.mbarrier.arrive relaxed cluster %bar, %n : !tirx.ptr<i64, shared>
  tirx.ptx.mbarrier.arrive release cluster %peer, %n : !tirx.ptr<i64, shared.cluster>
  tirx.ptx.mbarrier.arrive %peer : !tirx.ptr<i64, shared.cluster>
  return
}

// CHECK-LABEL: func.func @arrive_drop(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive_drop %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive_drop relaxed cta %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: tirx.ptx.mbarrier.arrive_drop relaxed cluster %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
func.func @arrive_drop(%bar: !tirx.ptr<i64, shared>, %peer: !tirx.ptr<i64, shared.cluster>, %n: i32) {
  %0 = tirx.ptx.mbarrier.arrive_drop %bar : !tirx.ptr<i64, shared> -> i64
  %1 = tirx.ptx.mbarrier.arrive_drop relaxed cta %bar, %n : !tirx.ptr<i64, shared> -> i64
  tirx.ptx.mbarrier.arrive_drop relaxed cluster %peer : !tirx.ptr<i64, shared.cluster>
  return
}

// CHECK-LABEL: func.func @arrive_expect_tx(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive.expect_tx %{{[a-z0-9_#]+}}, tx %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: tirx.ptx.mbarrier.arrive.expect_tx release cluster %{{[a-z0-9_#]+}}, tx %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive_drop.expect_tx %{{[a-z0-9_#]+}}, tx %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared> -> i64
// CHECK-NEXT: tirx.ptx.mbarrier.arrive_drop.expect_tx relaxed cluster %{{[a-z0-9_#]+}}, tx %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
func.func @arrive_expect_tx(%bar: !tirx.ptr<i64, shared>, %peer: !tirx.ptr<i64, shared.cluster>, %tx: i32) {
  %0 = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %tx : !tirx.ptr<i64, shared> -> i64
  tirx.ptx.mbarrier.arrive.expect_tx release cluster %peer, tx %tx : !tirx.ptr<i64, shared.cluster>
  %1 = tirx.ptx.mbarrier.arrive_drop.expect_tx %bar, tx %tx : !tirx.ptr<i64, shared> -> i64
  tirx.ptx.mbarrier.arrive_drop.expect_tx relaxed cluster %peer, tx %tx : !tirx.ptr<i64, shared.cluster>
  return
}

// CHECK-LABEL: func.func @nocomplete(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.arrive.nocomplete %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.pending_count %{{[a-z0-9_#]+}}
func.func @nocomplete(%bar: !tirx.ptr<i64, shared>, %n: i32) {
  %0 = tirx.ptx.mbarrier.arrive.nocomplete %bar, %n : !tirx.ptr<i64, shared>
  %1 = tirx.ptx.mbarrier.pending_count %0
  return
}

// CHECK-LABEL: func.func @tx(
// CHECK: tirx.ptx.mbarrier.expect_tx %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.mbarrier.expect_tx cluster %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: tirx.ptx.mbarrier.complete_tx cta %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.mbarrier.complete_tx %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
func.func @tx(%bar: !tirx.ptr<i64, shared>, %peer: !tirx.ptr<i64, shared.cluster>, %tx: i32) {
  tirx.ptx.mbarrier.expect_tx %bar, %tx : !tirx.ptr<i64, shared>
  tirx.ptx.mbarrier.expect_tx cluster %peer, %tx : !tirx.ptr<i64, shared.cluster>
  tirx.ptx.mbarrier.complete_tx cta %bar, %tx : !tirx.ptr<i64, shared>
  tirx.ptx.mbarrier.complete_tx %peer, %tx : !tirx.ptr<i64, shared.cluster>
  return
}

// CHECK-LABEL: func.func @waits(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.test_wait %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.test_wait acquire cluster %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.test_wait.parity %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.test_wait.parity relaxed cta %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.try_wait %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.try_wait acquire cta %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, suspend_hint %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.try_wait.parity %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mbarrier.try_wait.parity acquire cluster %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, suspend_hint %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
func.func @waits(%bar: !tirx.ptr<i64, shared>, %state: i64, %phase: i32, %ns: i32) {
  %0 = tirx.ptx.mbarrier.test_wait %bar, %state : !tirx.ptr<i64, shared>
  %1 = tirx.ptx.mbarrier.test_wait acquire cluster %bar, %state : !tirx.ptr<i64, shared>
  %2 = tirx.ptx.mbarrier.test_wait.parity %bar, %phase : !tirx.ptr<i64, shared>
  %3 = tirx.ptx.mbarrier.test_wait.parity relaxed cta %bar, %phase : !tirx.ptr<i64, shared>
  %4 = tirx.ptx.mbarrier.try_wait %bar, %state : !tirx.ptr<i64, shared>
  %5 = tirx.ptx.mbarrier.try_wait acquire cta %bar, %state, suspend_hint %ns : !tirx.ptr<i64, shared>
  %6 = tirx.ptx.mbarrier.try_wait.parity %bar, %phase : !tirx.ptr<i64, shared>
  %7 = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %phase, suspend_hint %ns : !tirx.ptr<i64, shared>
  return
}

// CHECK-LABEL: func.func @cp_async_arrive(
// CHECK: tirx.ptx.cp.async.mbarrier.arrive %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.cp.async.mbarrier.arrive noinc %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
func.func @cp_async_arrive(%bar: !tirx.ptr<i64, shared>) {
  tirx.ptx.cp.async.mbarrier.arrive %bar : !tirx.ptr<i64, shared>
  tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, shared>
  return
}
