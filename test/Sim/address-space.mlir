// RUN: tirx-sim %s --print=full | FileCheck %s

// cvta and isspacep over the generic addresses of a shared and a global
// buffer: a shared address converted to its window and back still stores
// into the buffer (out[0] = 7), and isspacep tells the spaces apart
// (out[1..6]: generic shared in shared, in shared::cluster, not in global;
// generic global in global, not in shared, not in local).
// CHECK-LABEL: arg0: int32[7]
// CHECK-NEXT: [7, 1, 1, 0, 1, 0, 0]
func.func @spaces(%out: !tirx.buffer<7xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %c0 = arith.constant 0 : index
    %seven = arith.constant 7 : i32
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<1xi32, shared>
    %g = tirx.reinterpret %p : !tirx.ptr<i32, shared> to i64
    %w = tirx.ptx.cvta.to shared.cta %g : i64
    %g2 = tirx.ptx.cvta shared.cta %w : i64
    %q = tirx.reinterpret %g2 : i64 to !tirx.ptr<i32, shared>
    %b = tirx.decl_buffer %q : !tirx.ptr<i32, shared> -> !tirx.buffer<1xi32, shared>
    tirx.buffer_store %seven, %b[%c0] : i32, !tirx.buffer<1xi32, shared>
    %v = tirx.buffer_load %buf[%c0] : !tirx.buffer<1xi32, shared> -> i32
    tirx.buffer_store %v, %out[%c0] : i32, !tirx.buffer<7xi32, global>

    %o = tirx.ptr_to %out[%c0] : !tirx.buffer<7xi32, global>
    %og = tirx.reinterpret %o : !tirx.ptr<i32, global> to i64
    %t0 = tirx.ptx.isspacep shared %g : i64
    %t1 = tirx.ptx.isspacep shared.cluster %g : i64
    %t2 = tirx.ptx.isspacep global %g : i64
    %t3 = tirx.ptx.isspacep global %og : i64
    %t4 = tirx.ptx.isspacep shared.cta %og : i64
    %t5 = tirx.ptx.isspacep local %og : i64
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %i0 = arith.extui %t0 : i1 to i32
    %i1 = arith.extui %t1 : i1 to i32
    %i2 = arith.extui %t2 : i1 to i32
    %i3 = arith.extui %t3 : i1 to i32
    %i4 = arith.extui %t4 : i1 to i32
    %i5 = arith.extui %t5 : i1 to i32
    tirx.buffer_store %i0, %out[%c1] : i32, !tirx.buffer<7xi32, global>
    tirx.buffer_store %i1, %out[%c2] : i32, !tirx.buffer<7xi32, global>
    tirx.buffer_store %i2, %out[%c3] : i32, !tirx.buffer<7xi32, global>
    tirx.buffer_store %i3, %out[%c4] : i32, !tirx.buffer<7xi32, global>
    tirx.buffer_store %i4, %out[%c5] : i32, !tirx.buffer<7xi32, global>
    tirx.buffer_store %i5, %out[%c6] : i32, !tirx.buffer<7xi32, global>
  }
  return
}
