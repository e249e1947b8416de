// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100a -o %t.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=CHECK < %t.sm_100a.ptx
// RUN: %ptxas -arch=sm_100a %t.sm_100a.ptx -o %t.sm_100a.cubin
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// A cta_group::2 TMA load signalling the peer CTA's barrier takes a
// shared.cluster barrier operand (its shared::cluster address).
// CHECK: mapa.shared::cluster.u64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2

func.func @tma(%desc: !tirx.tensormap)
    attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %bx = tirx.cta_id [16] : i32
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %tile = tirx.alloc_buffer {alignment = 1024 : i64, name = "tile"} : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %pbar = tirx.ptx.mapa %bar, %zero : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%zero, %zero], %pbar cta_2 : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared.cluster>
  }
  return
}
