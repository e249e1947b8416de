// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin

// The raw-mapa DSMEM idiom with the pointer chosen by arith.select: both
// arms are converted to the shared::cluster window before the arrive.
// CHECK: mapa.u64
// CHECK: cvta.to.shared::cluster.u64
// CHECK: cvta.to.shared::cluster.u64
// CHECK: selp.b64 [[S:%rd[0-9]+]],
// CHECK: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[S]]]

func.func @k() attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xui64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xui64, shared>
    %peer = arith.xori %rank, %one : i32
    %local = tirx.reinterpret %bar : !tirx.ptr<ui64, shared> to i64
    %addr = tirx.ptx.mapa %local, %peer : i64 -> i64
    %p = tirx.reinterpret %addr : i64 to !tirx.ptr<ui64, shared>
    %is_r0 = arith.cmpi eq, %rank, %zero : i32
    %q = arith.select %is_r0, %p, %bar : !tirx.ptr<ui64, shared>
    tirx.ptx.mbarrier.arrive release cluster %q, %one : !tirx.ptr<ui64, shared>
  }
  return
}
