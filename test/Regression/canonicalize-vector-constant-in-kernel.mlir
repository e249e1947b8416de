// RUN: tirx-opt %s -canonicalize | FileCheck %s

// canonicalize hoisted a vector constant out of tirx.kernel to the function
// body, where the kernel may not use it (only scalars, global buffers and
// tensormaps cross the host/device boundary); found by the fuzzer replaying
// the PTX regression tests. The dialect's fold interface now materializes
// constants inside the kernel region.

// CHECK-LABEL: func.func @vector_constant
// CHECK-NEXT: tirx.kernel {
// CHECK-DAG: arith.constant dense<1> : vector<4xi32>
// CHECK-DAG: arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: tirx.ptx.mma.sync
func.func @vector_constant(%out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %a4 = arith.constant dense<1> : vector<4xi32>
    %a2 = arith.constant dense<1> : vector<2xi32>
    %cf = arith.constant dense<0.0> : vector<4xf32>
    %d = tirx.ptx.mma.sync %a4, %a2, %cf shape = [16, 8, 32] d = f32 a = e4m3 b = e4m3 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    %e = vector.extract %d[3] : f32 from vector<4xf32>
    tirx.buffer_store %e, %out[%c0] : f32, !tirx.buffer<64xf32, global>
  }
  return
}
