// RUN: tirx-sim %s --print=full | FileCheck %s

// A `shared` pointer holding a peer CTA's shared memory (a mapa result
// reinterpreted, as the script's map_shared_rank idiom does): the compiler
// lowers shared pointers to generic addresses, which reach the peer
// (docs/Design-notes.md, "Shared memory and the cluster"), and the
// simulator's tirx.buffer_load/store do the same. Each CTA reads the value
// its peer stored (rank + 10) and writes it to out[rank].
// CHECK-LABEL: arg0: int32[2]
// CHECK-NEXT: [11, 10]
func.func @remote_through_shared(%out: !tirx.buffer<2xi32, global>)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %rank = tirx.cta_id_in_cluster [2] : i32
    %tx = tirx.thread_id [1] : i32
    %buf = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %ten = arith.constant 10 : i32
    %mine = arith.addi %rank, %ten : i32
    tirx.buffer_store %mine, %buf[%c0] : i32, !tirx.buffer<1xi32, shared>
    tirx.ptx.barrier.cluster.arrive
    tirx.ptx.barrier.cluster.wait
    %peer = arith.xori %rank, %one : i32
    %p = tirx.ptr_to %buf[%c0] : !tirx.buffer<1xi32, shared>
    %q = tirx.ptx.mapa %p, %peer : !tirx.ptr<i32, shared> -> !tirx.ptr<i32, shared.cluster>
    %r = tirx.reinterpret %q : !tirx.ptr<i32, shared.cluster> to !tirx.ptr<i32, shared>
    %b = tirx.decl_buffer %r : !tirx.ptr<i32, shared> -> !tirx.buffer<1xi32, shared>
    %v = tirx.buffer_load %b[%c0] : !tirx.buffer<1xi32, shared> -> i32
    %ri = arith.index_cast %rank : i32 to index
    tirx.buffer_store %v, %out[%ri] : i32, !tirx.buffer<2xi32, global>
    tirx.ptx.barrier.cluster.arrive
    tirx.ptx.barrier.cluster.wait
  }
  return
}
