// RUN: tirx-sim %s --arg=zeros:6 --print=full | FileCheck %s

// A buffer with a dynamic extent takes its size from the array it is given,
// and bounds checks use it.
// CHECK-LABEL: arg0: int32[6]
// CHECK-NEXT: [0, 1, 2, 3, 4, 5]
func.func @dynamic(%out: !tirx.buffer<?xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [8] : i32
    %six = arith.constant 6 : i32
    %in = arith.cmpi slt, %tx, %six : i32
    tirx.if %in {
      %t = arith.index_cast %tx : i32 to index
      tirx.buffer_store %tx, %out[%t] : i32, !tirx.buffer<?xi32, global>
    }
  }
  return
}
