// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a 2>&1 | FileCheck %s --check-prefix=ERR

// A named barrier's constant thread count must be a multiple of 32.
// ERR: {{.*}}.mlir:11:5: error: 'tirx.ptx.barrier.sync' op thread count must be a positive multiple of 32 (the warp size), got 48

func.func @k() {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %one = arith.constant 1 : i32
    %c48 = arith.constant 48 : i32
    tirx.ptx.barrier.sync aligned id %one count %c48
  }
  return
}
