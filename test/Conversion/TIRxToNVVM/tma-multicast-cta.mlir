// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --no-check-sync --chip=sm_90a -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o /dev/null

// A multicast TMA load (and bulk copy) into a shared::cta address: valid
// PTX (a shared::cta address is a shared::cluster address of the executing
// CTA; the box lands at that CTA-relative offset in every CTA of the mask).

// CHECK-LABEL: .entry multicast_cta(
// CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
func.func @multicast_cta(%t: !tirx.tensormap, %g: !tirx.buffer<128xf32, global>) {
  tirx.kernel {
    %r = tirx.cta_id_in_cluster [4] : i32
    %bx = tirx.cta_id [4] : i32
    %tx = tirx.thread_id [128] : i32
    %s = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<128xf32, shared>
    %mb = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %bar = tirx.ptr_to %mb[%c0] : !tirx.buffer<1xi64, shared>
    %d = tirx.ptr_to %s[%c0] : !tirx.buffer<128xf32, shared>
    %src = tirx.ptr_to %g[%c0] : !tirx.buffer<128xf32, global>
    %x = arith.constant 0 : i32
    %n = arith.constant 512 : i32
    %m = arith.constant 15 : i16
    tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %bar multicast %m : !tirx.ptr<f32, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.g2s %d, %src, %bar, %n multicast %m : !tirx.ptr<f32, shared>, !tirx.ptr<f32, global>, !tirx.ptr<i64, shared>
  }
  return
}
