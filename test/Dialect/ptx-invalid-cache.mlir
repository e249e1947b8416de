// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// The cache-control ops and st.bulk: what their variant tables and ODS
// constraints reject, and the target gate of st.bulk.

func.func @createpolicy_secondary_last() {
  // expected-error @+1 {{'tirx.ptx.createpolicy.fractional' op has no PTX variant with primary = evict_first, secondary = evict_last, no fraction, policy : i64; its nearest variants: `createpolicy.fractional.L2::evict_first.b64` (primary = evict_first, no secondary, no fraction, policy : i64), `createpolicy.fractional.L2::evict_first.L2::evict_first.b64`}}
  %0 = tirx.ptx.createpolicy.fractional evict_first secondary evict_last
  return
}

// -----

// prefetchu takes a generic address only (PTX ISA: no state space).
func.func @prefetchu_global(%p: !tirx.ptr<f32, global>) {
  // expected-error @+1 {{operand #0 must be pointer in generic memory}}
  tirx.ptx.prefetchu %p : !tirx.ptr<f32, global>
  return
}

// -----

func.func @discard_shared(%p: !tirx.ptr<f32, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in generic or global memory}}
  tirx.ptx.discard %p : !tirx.ptr<f32, shared>
  return
}

// -----

func.func @bulk_global(%p: !tirx.ptr<f32, global>, %n: i64) {
  // expected-error @+1 {{operand #0 must be pointer in shared, shared.dyn or generic memory}}
  tirx.ptx.st.bulk %p, %n : !tirx.ptr<f32, global>
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @bulk_on_sm90(%p: !tirx.ptr<f32, shared>, %n: i64) {
    // expected-error @+1 {{'tirx.ptx.st.bulk' op requires sm_100 or newer, but the module targets sm_90a}}
    tirx.ptx.st.bulk %p, %n : !tirx.ptr<f32, shared>
    return
  }
}
