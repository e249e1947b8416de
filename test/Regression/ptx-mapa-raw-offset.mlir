// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// The DSMEM idiom with a byte offset on the raw address before mapa: a raw
// i64 is a generic address, so mapa is generic and the arrive converts its
// result to the shared::cluster window (no truncation of a generic
// address).
// CHECK: cvta.shared.u64 [[G:%rd[0-9]+]],
// CHECK: add.s64 [[O:%rd[0-9]+]], [[G]], 8;
// CHECK: mapa.u64 [[M:%rd[0-9]+]], [[O]],
// CHECK: cvta.to.shared::cluster.u64 [[C:%rd[0-9]+]], [[M]];
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[C]]]

func.func @k() attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %c8 = arith.constant 8 : i64
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<2xui64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<2xui64, shared>
    %peer = arith.xori %rank, %one : i32
    %local = tirx.reinterpret %bar : !tirx.ptr<ui64, shared> to i64
    %local8 = arith.addi %local, %c8 : i64
    %addr = tirx.ptx.mapa %local8, %peer : i64 -> i64
    %p = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
    tirx.ptx.mbarrier.arrive release cluster %p, %one : !tirx.ptr<ui64, shared>
  }
  return
}
