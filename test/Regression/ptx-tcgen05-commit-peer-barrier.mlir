// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100a -o %t.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_100a.ptx
// RUN: %ptxas -arch=sm_100a %t.sm_100a.ptx -o %t.sm_100a.cubin
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// tcgen05.commit to a peer CTA's mbarrier (cta_group::2, a shared.cluster
// pointer from mapa): the operand is the shared::cluster address itself,
// never a generic one (no cvta).
// CHECK: mapa.shared::cluster.u64 [[M:%rd[0-9]+]],
// CHECK: and.b64 [[A:%rd[0-9]+]], [[M]], 4294967295;
// CHECK-NOT: cvta
// CHECK: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64 [[[A]]];

func.func @commit_remote(%adesc: i64, %bdesc: i64, %idesc: i32, %taddr: i32)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %true = arith.constant true
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %t = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.mma f16 cta_2 %t, %adesc, %bdesc, %idesc, %true : !tirx.ptr<f32, tmem>, i64
    %leader = tirx.ptx.mapa %bar, %c0i : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    tirx.ptx.tcgen05.commit cta_2 %leader : !tirx.ptr<i64, shared.cluster>
  }
  return
}
