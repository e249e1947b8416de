// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_89 -o %t.sm_89.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_89.ptx
// RUN: %ptxas -arch=sm_89 %t.sm_89.ptx -o %t.sm_89.cubin

// FP8 mma.sync m16n8k32 (sm_89, PTX ISA 8.4) compiles to the exact PTX.
// CHECK: .version 8.4
// CHECK: mma.sync.aligned.m16n8k32.row.col.f32.e4m3

func.func @mma(%out: !tirx.buffer<64xf32, global>) {
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
