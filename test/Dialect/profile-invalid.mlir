// RUN: tirx-opt %s -split-input-file -verify-diagnostics

func.func @empty_name() {
  tirx.kernel {
    // expected-error @+1 {{'tirx.profile.range_begin' op needs a non-empty name}}
    tirx.profile.range_begin ""
  }
  return
}

// -----

func.func @control_characters() {
  tirx.kernel {
    // expected-error @+1 {{'tirx.profile.mark' op name must not contain control characters}}
    tirx.profile.mark "a\0Ab"
  }
  return
}

// -----

func.func @empty_end_name() {
  tirx.kernel {
    // expected-error @+1 {{'tirx.profile.range_end' op needs a non-empty name}}
    tirx.profile.range_end ""
  }
  return
}

// -----

func.func @host_side() {
  // expected-error @+1 {{'tirx.profile.mark' op must be in device code: inside a 'tirx.kernel'}}
  tirx.profile.mark "host"
  return
}

// -----

func.func @leader_not_i1(%x: i32) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    // expected-error @+1 {{operand #0 must be 1-bit signless integer}}
    "tirx.profile.mark"(%tx) <{name = "m"}> : (i32) -> ()
  }
  return
}

// -----

// expected-error @+1 {{'tirx.profile_trace' needs an integer 'capacity'}}
func.func @bad_trace_attr(%t: !tirx.buffer<?xi64, global>) attributes {tirx.profile_trace = {version = 1, param = 0}} {
  return
}

// -----

// expected-error @+1 {{'tirx.profile_trace' 'param' is 3, outside [0, 0]}}
func.func @trace_attr_param(%t: !tirx.buffer<?xi64, global>) attributes {tirx.profile_trace = {version = 1, param = 3, capacity = 4, warps_per_cta = 1, header_words = 4, record_words = 2, timer = "globaltimer", names = []}} {
  return
}

// -----

// expected-error @+1 {{'tirx.profile_trace' needs a 'timer' of "globaltimer" or "clock64"}}
func.func @trace_attr_timer(%t: !tirx.buffer<?xi64, global>) attributes {tirx.profile_trace = {version = 1, param = 0, capacity = 4, warps_per_cta = 1, header_words = 4, record_words = 2, timer = "cycles", names = []}} {
  return
}

// -----

// expected-error @+1 {{'tirx.profile_trace' has an unknown entry 'extra'}}
func.func @trace_attr_extra(%t: !tirx.buffer<?xi64, global>) attributes {tirx.profile_trace = {version = 1, param = 0, capacity = 4, warps_per_cta = 1, header_words = 4, record_words = 2, timer = "clock64", names = ["a"], extra = 1}} {
  return
}
