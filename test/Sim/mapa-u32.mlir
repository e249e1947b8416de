// RUN: tirx-sim %s --print=full | FileCheck %s
// RUN: tirx-sim %s --diff-ptx --print=full | FileCheck %s --check-prefix=PTX
// RUN: tirx-translate %s --emit=ptx | FileCheck %s --check-prefix=ASM

// The 32-bit forms of mapa and getctarank: each CTA of a cluster of four
// maps the 32-bit shared window address of a buffer (a shared pointer
// reinterpreted as i32) to the next CTA's 32-bit shared::cluster address,
// and getctarank.shared::cluster.u32 recovers that CTA's rank. Both levels
// of the simulator run it (the PTX level the emitted .u32 instructions).
// CHECK-LABEL: arg0: int32[4]
// CHECK-NEXT: [1, 2, 3, 0]
// PTX: PTX level matches the IR level
// ASM-LABEL: .entry mapa_u32(
// ASM: mapa.shared::cluster.u32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
// ASM: getctarank.shared::cluster.u32 %r{{[0-9]+}}, %r{{[0-9]+}};
func.func @mapa_u32(%out: !tirx.buffer<4xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [4]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [4] : i32
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %three = arith.constant 3 : i32
    %v = tirx.alloc_buffer : !tirx.buffer<4xi32, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      %n1 = arith.addi %rank, %one : i32
      %next = arith.andi %n1, %three : i32
      %p = tirx.ptr_to %v[%c0] : !tirx.buffer<4xi32, shared>
      %a = tirx.reinterpret %p : !tirx.ptr<i32, shared> to i32
      %w = tirx.ptx.mapa %a, %next : i32 -> i32
      %owner = tirx.ptx.getctarank %w : i32
      %ri = arith.index_cast %rank : i32 to index
      tirx.buffer_store %owner, %out[%ri] : i32, !tirx.buffer<4xi32, global>
    }
  }
  return
}
