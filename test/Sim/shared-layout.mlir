// RUN: tirx-sim %s --print=full | FileCheck %s

// The simulator places dynamic shared memory where the GPU does: by the
// recorded tirx.dyn_shared_offset (here %a after %b, the reverse of program
// order). Byte 64 of %b's arena pointer is then %a[0], which holds 100;
// laid out in program order it would be past %b's end.
// CHECK-LABEL: arg0: float32[2]
// CHECK-NEXT: [100, 15]
func.func @recorded_layout(%out: !tirx.buffer<2xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %a = tirx.alloc_buffer {tirx.dyn_shared_offset = 64 : i64} : !tirx.buffer<4xf32, shared.dyn>
    %b = tirx.alloc_buffer {tirx.dyn_shared_offset = 0 : i64} : !tirx.buffer<16xf32, shared.dyn>
    tirx.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      tirx.buffer_store %f, %b[%i] : f32, !tirx.buffer<16xf32, shared.dyn>
    }
    %hundred = arith.constant 100.0 : f32
    tirx.buffer_store %hundred, %a[%c0] : f32, !tirx.buffer<4xf32, shared.dyn>
    %p = tirx.ptr_to %b[%c0] : !tirx.buffer<16xf32, shared.dyn>
    %q = tirx.ptr_byte_offset %p[%c64] as f32 : !tirx.ptr<f32, shared.dyn>
    %view = tirx.decl_buffer %q : !tirx.ptr<f32, shared.dyn> -> !tirx.buffer<1xf32, shared.dyn>
    %x = tirx.buffer_load %view[%c0] : !tirx.buffer<1xf32, shared.dyn> -> f32
    %y = tirx.buffer_load %b[%c15] : !tirx.buffer<16xf32, shared.dyn> -> f32
    %v = vector.from_elements %x, %y : vector<2xf32>
    tirx.buffer_store %v, %out[%c0] : vector<2xf32>, !tirx.buffer<2xf32, global>
  }
  return
}
