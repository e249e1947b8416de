// RUN: not tirx-translate %s --emit=ptx --chip=sm_90a 2>&1 | FileCheck %s --check-prefix=ERR

// A vector buffer_load is one access aligned to the vector's size: a static
// offset that breaks it is an error at the op.
// ERR: {{.*}}.mlir:12:10: error: 'tirx.buffer_load' op vector access of 'vector<4xf32>' at element offset 1 is not aligned to 16 bytes

func.func @vec(%B: !tirx.buffer<4096xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = tirx.buffer_load %B[%c1] : !tirx.buffer<4096xf32, global> -> vector<4xf32>
    tirx.buffer_store %v, %B[%c8] : vector<4xf32>, !tirx.buffer<4096xf32, global>
  }
  return
}
