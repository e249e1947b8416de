// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_90a -o %t.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t.sm_90a.ptx -o %t.sm_90a.cubin
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// A data store to the peer CTA through the reinterpreted raw mapa address:
// a generic store (legal on the cluster's shared memory), never st.shared
// (shared::cta) with a peer's address.
// CHECK: mapa.u64 [[M:%rd[0-9]+]],
// CHECK-NOT: st.shared
// CHECK: st.b32 [[[M]]],

func.func @k(%out: !tirx.buffer<2xi32, global>) attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %data = tirx.alloc_buffer {name = "data"} : !tirx.buffer<32xi32, shared>
    %peer = arith.xori %rank, %one : i32
    %d0 = tirx.ptr_to %data[%c0] : !tirx.buffer<32xi32, shared>
    %dl = tirx.reinterpret %d0 : !tirx.ptr<i32, shared> to i64
    %da = tirx.ptx.mapa %dl, %peer : i64 -> i64
    %dp = tirx.reinterpret %da : i64 to !tirx.ptr<i32, shared>
    %rb = tirx.decl_buffer %dp {name = "remote"} : !tirx.ptr<i32, shared> -> !tirx.buffer<32xi32, shared>
    tirx.buffer_store %tx, %rb[%c0] : i32, !tirx.buffer<32xi32, shared>
  }
  return
}
