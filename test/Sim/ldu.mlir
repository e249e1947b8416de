// RUN: tirx-sim %s --arg=iota --arg=zeros --print=full | FileCheck %s

// ldu reads what a weak ld reads: a vector from a global pointer, a
// scalar through a generic one. Each thread writes in[0..3] and in[2]
// into its row.
// CHECK-LABEL: arg1: float32[4x8]
// CHECK-NEXT: [0, 1, 2, 3, 2, 0, 0, 0, 0, 1, 2, 3, 2, 0, 0, 0, 0, 1, 2, 3, 2, 0, 0, 0, 0, 1, 2, 3, 2, 0, 0, 0]
func.func @uniform(%in: !tirx.buffer<4xf32, global>,
                   %out: !tirx.buffer<4x8xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %t = arith.index_cast %tx : i32 to index
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %p = tirx.ptr_to %in[%c0] : !tirx.buffer<4xf32, global>
    %v = tirx.ptx.ldu f32 %p : !tirx.ptr<f32, global> -> vector<4xf32>
    tirx.buffer_store %v, %out[%t, %c0] : vector<4xf32>, !tirx.buffer<4x8xf32, global>
    %q = tirx.ptr_to %in[%c2] : !tirx.buffer<4xf32, global>
    %g = tirx.reinterpret %q : !tirx.ptr<f32, global> to !tirx.ptr<f32, generic>
    %s = tirx.ptx.ldu f32 %g : !tirx.ptr<f32, generic> -> f32
    tirx.buffer_store %s, %out[%t, %c4] : f32, !tirx.buffer<4x8xf32, global>
  }
  return
}
