// RUN: tirx-sim %s --max-steps=100000 --verify-diagnostics --print=none

// A thread that spins forever on a flag nobody sets runs into the step
// limit instead of hanging.
func.func @spin(%out: !tirx.buffer<1xi32, global>) {
  // expected-error @+1 {{the launch ran more than 100000 operations (the step limit) and did not finish (a thread spinning forever?)}}
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %flag = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    tirx.buffer_store %zero, %flag[%c0] : i32, !tirx.buffer<1xi32, shared>
    // expected-note @+1 {{thread 0 of CTA (0, 0, 0) was here}}
    tirx.while {
      %f = tirx.buffer_load %flag[%c0] : !tirx.buffer<1xi32, shared> -> i32
      %spin = arith.cmpi eq, %f, %zero : i32
      tirx.condition %spin
    } do {
    }
  }
  return
}
