// RUN: tirx-sim %s --arg=zeros --arg=7 --print=full | FileCheck %s

// The host part of the kernel function runs before the launch: scalars
// computed from the arguments reach every thread.
// CHECK-LABEL: arg0: int32[4]
// CHECK-NEXT: [14, 15, 16, 17]
func.func @host_part(%out: !tirx.buffer<4xi32, global>, %n: i32) {
  %two = arith.constant 2 : i32
  %base = arith.muli %n, %two : i32
  tirx.kernel {
    %tx = tirx.thread_id [4] : i32
    %v = arith.addi %base, %tx : i32
    %t = arith.index_cast %tx : i32 to index
    tirx.buffer_store %v, %out[%t] : i32, !tirx.buffer<4xi32, global>
  }
  return
}
