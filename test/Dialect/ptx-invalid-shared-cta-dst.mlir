// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The `.shared::cta` destination forms (cta_only) load into the executing
// CTA only.

func.func @bulk_cta_only_cluster_dst(%d: !tirx.ptr<f32, shared.cluster>, %g: !tirx.ptr<f32, global>, %bar: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{cta_only (the .shared::cta destination) copies into the executing CTA: the destination and the barrier are shared pointers, not shared.cluster}}
  tirx.ptx.cp.async.bulk.g2s %d, %g, %bar, %n cta_only : !tirx.ptr<f32, shared.cluster>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @bulk_cta_only_multicast(%d: !tirx.ptr<f32, shared>, %g: !tirx.ptr<f32, global>, %bar: !tirx.ptr<i64, shared>, %n: i32, %m: i16) {
  // expected-error @+1 {{cta_only (the .shared::cta destination) does not multicast}}
  tirx.ptx.cp.async.bulk.g2s %d, %g, %bar, %n multicast %m cta_only : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_cta_only_cluster_dst(%d: !tirx.ptr<f16, shared.cluster>, %t: !tirx.tensormap, %bar: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{cta_only (the .shared::cta destination) copies into the executing CTA: the destination and the barrier are shared pointers, not shared.cluster}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %bar cta_only : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_cta_only_peer_bar(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %bar: !tirx.ptr<i64, shared.cluster>, %x: i32) {
  // expected-error @+1 {{cta_only (the .shared::cta destination) copies into the executing CTA: the destination and the barrier are shared pointers, not shared.cluster}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %bar cta_2 cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared.cluster>
  return
}

// -----

func.func @tma_cta_only_multicast(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %bar: !tirx.ptr<i64, shared>, %x: i32, %m: i16) {
  // expected-error @+1 {{cta_only (the .shared::cta destination) does not multicast}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %bar multicast %m cta_only : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}
