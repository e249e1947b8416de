// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a 2>&1 | FileCheck %s --check-prefix=ERR

// Integer wgmma takes n in {8, 16, 24, 32, 48, 64, 80, ...}: n = 40 is an
// error at the op, not inline PTX that ptxas rejects.
// ERR: {{.*}}.mlir:13:11: error: 'tirx.ptx.wgmma.mma_async' op n must be 8, 16, 24 or a multiple of 16 up to 256 for s8 inputs, got 40

func.func @wg(%outi: !tirx.buffer<1024xi32, global>, %da: i64, %db: i64, %sc: i1) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zi = arith.constant dense<0> : vector<20xi32>
    tirx.ptx.wgmma.fence
    %i1 = tirx.ptx.wgmma.mma_async %da, %db, %zi, %sc shape = [64, 40, 32] d = s32 a = s8 b = s8 : i64, vector<20xi32>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
    %ei = vector.extract %i1[7] : i32 from vector<20xi32>
    tirx.buffer_store %ei, %outi[%c0] : i32, !tirx.buffer<1024xi32, global>
  }
  return
}
