// A math function that needs libdevice, with a toolkit that has none, is an
// error at the math op, not an undefined function for ptxas.
// RUN: tirx-opt %s --tirx-to-ptx-pipeline="chip=sm_90a toolkit=%t.nonexistent" -verify-diagnostics

func.func @needs_libdevice(%A: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %t = tirx.thread_id [128] : i32
    %i = arith.index_cast %t : i32 to index
    %a = tirx.buffer_load %A[%i] : !tirx.buffer<128xf32, global> -> f32
    // expected-error @below {{'__nv_expf' is a libdevice function, and no libdevice was found: set CUDA_HOME to a CUDA toolkit with nvvm/libdevice/libdevice.10.bc (the toolkit}}
    %e = math.exp %a : f32
    tirx.buffer_store %e, %A[%i] : f32, !tirx.buffer<128xf32, global>
  }
  return
}
