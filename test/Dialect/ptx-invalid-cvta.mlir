// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// cvta and isspacep: a state space the ISA names, a 64-bit address, and the
// chip a space needs.

func.func @not_a_space(%g: i64) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'space' [const, global, local, shared, shared.cta, shared.cluster, param, param.entry]}}
  %0 = tirx.ptx.cvta.to tmem %g : i64
  return
}

// -----

func.func @narrow_address(%g: i32) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer}}
  %0 = "tirx.ptx.isspacep"(%g) <{space = 3 : i32}> : (i32) -> i1
  return
}

// -----

module attributes {tirx.target = #tirx.target<"sm_80">} {
  func.func @cluster_window_on_sm80(%g: i64) {
    // expected-error @+1 {{'tirx.ptx.cvta.to' op 'cvta.to.shared::cluster.u64' requires sm_90 or newer, but the module targets sm_80}}
    %0 = tirx.ptx.cvta.to shared.cluster %g : i64
    return
  }
}
