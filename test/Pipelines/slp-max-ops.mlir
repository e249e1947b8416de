// RUN: tirx-opt %s --tirx-to-ptx-pipeline | FileCheck %s --check-prefix=SLP
// RUN: tirx-opt %s --tirx-to-ptx-pipeline=slp-max-ops=0 | FileCheck %s --check-prefix=NOSLP
// RUN: tirx-opt %s --tirx-to-ptx-pipeline=slp-max-ops=8 | FileCheck %s --check-prefix=NOSLP
// RUN: tirx-opt %s --vectorize-slp=true --tirx-to-ptx-pipeline=slp-max-ops=0 | FileCheck %s --check-prefix=SLP

// LLVM's SLP vectorizer packs the two f16 multiplies into one f16x2 in a
// small module; above slp-max-ops ops (this module has about 15 when
// serialized) it is off, so the multiplies stay scalar; -vectorize-slp on
// the command line wins over the pipeline.

// SLP-LABEL: gpu.binary @tirx_kernels
// SLP: mul.rn.f16x2
// NOSLP-LABEL: gpu.binary @tirx_kernels
// NOSLP-NOT: mul.rn.f16x2
// NOSLP: mul.rn.f16
// NOSLP: mul.rn.f16
// NOSLP-NOT: mul.rn.f16x2
func.func @pairs(%A: !tirx.buffer<2xf16, global>, %B: !tirx.buffer<2xf16, global>, %C: !tirx.buffer<2xf16, global>) {
  tirx.kernel {
    %t = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a0 = tirx.buffer_load %A[%c0] : !tirx.buffer<2xf16, global> -> f16
    %a1 = tirx.buffer_load %A[%c1] : !tirx.buffer<2xf16, global> -> f16
    %b0 = tirx.buffer_load %B[%c0] : !tirx.buffer<2xf16, global> -> f16
    %b1 = tirx.buffer_load %B[%c1] : !tirx.buffer<2xf16, global> -> f16
    %s0 = arith.mulf %a0, %b0 : f16
    %s1 = arith.mulf %a1, %b1 : f16
    tirx.buffer_store %s0, %C[%c0] : f16, !tirx.buffer<2xf16, global>
    tirx.buffer_store %s1, %C[%c1] : f16, !tirx.buffer<2xf16, global>
  }
  return
}
