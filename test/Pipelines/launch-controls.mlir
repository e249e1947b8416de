// RUN: tirx-translate %s --emit=ptx | FileCheck %s

// Launch controls and the cluster shape reach the PTX entry directives.
// CHECK: .visible .entry clustered(
// CHECK-DAG: .maxntid 256, 1, 1
// CHECK-DAG: .minnctapersm 2
// CHECK-DAG: .maxnreg 128
// CHECK-DAG: .reqnctapercluster 2, 1, 1
// CHECK: mov.u32 {{.*}}, %cluster_ctaid.x;
func.func @clustered(%out: !tirx.buffer<1024xi32, global>)
    attributes {tirx.launch = #tirx.launch<max_registers = 128, min_blocks_per_sm = 2, cluster_dims = [2]>} {
  tirx.kernel {
    %b = tirx.cta_id [4] : i32
    %rank = tirx.cta_id_in_cluster : i32
    %wg = tirx.warpgroup_id [2] : i32
    %t = tirx.thread_id : i32
    %c256 = arith.constant 256 : i32
    %base = arith.muli %b, %c256 : i32
    %i = arith.addi %base, %t : i32
    %idx = arith.index_cast %i : i32 to index
    %v = arith.addi %rank, %wg : i32
    tirx.buffer_store %v, %out[%idx] : i32, !tirx.buffer<1024xi32, global>
  }
  return
}
