// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin
// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a --features=+ptx80 2>&1 | FileCheck %s --check-prefix=ERR

// wgmma with s8 x u8 inputs needs PTX ISA 8.4: the version is raised to it by
// default and a pinned +ptx80 is an error at the op.
// CHECK: .version 8.4
// CHECK: wgmma.mma_async.sync.aligned.m64n16k32.s32.s8.u8
// ERR: {{.*}}.mlir:20:11: error: 'tirx.ptx.wgmma.mma_async' op mixing s8 and u8 inputs needs PTX ISA 8.4, but the target pins PTX ISA 8.0 (+ptx80); raise it to +ptx84 or more

func.func @wg(%outi: !tirx.buffer<1024xi32, global>, %da: i64, %db: i64) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %zi = arith.constant dense<0> : vector<8xi32>
    tirx.ptx.wgmma.fence
    %i1 = tirx.ptx.wgmma.mma_async %da, %db, %zi, %true shape = [64, 16, 32] d = s32 a = s8 b = u8 : i64, vector<8xi32>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
    %ei = vector.extract %i1[7] : i32 from vector<8xi32>
    tirx.buffer_store %ei, %outi[%c0] : i32, !tirx.buffer<1024xi32, global>
  }
  return
}
