// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSPILL

// The `sm100_packed` reduction through tirx-to-ptx-pipeline and ptxas:
// each thread sums its 16 registers with a tree of add.rn.f32x2 (8 pairs:
// 7 packed adds), then adds the halves; the registers stay registers.

// NOSPILL: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK-LABEL: .entry row_sums(
// CHECK-COUNT-7: add.rn.f32x2
// CHECK-NOT: add.rn.f32x2
// CHECK: add.rn.f32 
// CHECK-NOT: ld.local
// CHECK: st.global
// CHECK: ret;

module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @row_sums(%x: !tirx.buffer<128x16xf32, global>, %sums: !tirx.buffer<128xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %i = arith.index_castui %tx : i32 to index
      %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.copy thread %r, %x[%i, 0] [1, 16] : !tirx.buffer<16xf32, local>, !tirx.buffer<128x16xf32, global>
      tirx.tile.reduce sum thread %t, %r axes = [0] : !tirx.buffer<1xf32, local>, !tirx.buffer<16xf32, local>
      %c0 = arith.constant 0 : index
      %v = tirx.buffer_load %t[%c0] : !tirx.buffer<1xf32, local> -> f32
      tirx.buffer_store %v, %sums[%i] : f32, !tirx.buffer<128xf32, global>
    }
    return
  }
}
