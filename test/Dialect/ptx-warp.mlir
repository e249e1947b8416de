// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the warp-level ops.

// CHECK-LABEL: func.func @elect(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.elect.sync
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.elect.sync mask %{{[a-z0-9_#]+}}
func.func @elect(%mask: i32) {
  %0 = tirx.ptx.elect.sync
  %1 = tirx.ptx.elect.sync mask %mask
  return
}

// CHECK-LABEL: func.func @shfl(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.shfl.sync bfly %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : f32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.shfl.sync idx %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = tirx.ptx.shfl.sync up %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : f32 -> i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.shfl.sync down %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
func.func @shfl(%mask: i32, %x: f32, %i: i32, %c: i32) {
  %0 = tirx.ptx.shfl.sync bfly %mask, %x, %c, %c : f32
  %1 = tirx.ptx.shfl.sync idx %mask, %i, %c, %c : i32
  %2, %3 = tirx.ptx.shfl.sync up %mask, %x, %c, %c : f32 -> i1
  %4 = tirx.ptx.shfl.sync down %mask, %i, %c, %c : i32
  return
}

// CHECK-LABEL: func.func @vote(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.vote.sync all %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.vote.sync any %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.vote.sync uni %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.vote.sync ballot %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
func.func @vote(%mask: i32, %p: i1) {
  %0 = tirx.ptx.vote.sync all %mask, %p : i1
  %1 = tirx.ptx.vote.sync any %mask, %p : i1
  %2 = tirx.ptx.vote.sync uni %mask, %p : i1
  %3 = tirx.ptx.vote.sync ballot %mask, %p : i32
  return
}

// CHECK-LABEL: func.func @redux(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.redux.sync add %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.redux.sync umin %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.redux.sync xor %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.redux.sync fmax %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} abs nan : f32
func.func @redux(%mask: i32, %i: i32, %f: f32) {
  %0 = tirx.ptx.redux.sync add %i, %mask : i32
  %1 = tirx.ptx.redux.sync umin %i, %mask : i32
  %2 = tirx.ptx.redux.sync xor %i, %mask : i32
  %3 = tirx.ptx.redux.sync fmax %f, %mask abs nan : f32
  return
}

// CHECK-LABEL: func.func @match_and_mask(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.match.sync any %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i32 -> i32
// CHECK-NEXT: %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} = tirx.ptx.match.sync all %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : i64 -> i32, i1
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.activemask
func.func @match_and_mask(%mask: i32, %x: i32, %y: i64) {
  %0 = tirx.ptx.match.sync any %mask, %x : i32 -> i32
  %1, %2 = tirx.ptx.match.sync all %mask, %y : i64 -> i32, i1
  %3 = tirx.ptx.activemask
  return
}
