// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_90a -o %t.90.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.90.ptx -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100a -o %t.100.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.100.ptx
// RUN: %ptxas -arch=sm_100a -v %t.100.ptx -o %t.100.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// cp.async, cp.async.bulk and the TMA ops (load with and without
// multicast, prefetch, store, reduce) through the whole pipeline to PTX,
// assembled by ptxas for sm_90a and sm_100a.

// PTX: fence.proxy.async.shared::cta;
// PTX: prefetch.tensormap
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [
// PTX: mapa.shared::cluster.u64
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// PTX: cp.async.bulk.prefetch.tensor.2d.L2.global.tile
// PTX: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// PTX: cp.async.bulk.prefetch.L2.global
// PTX: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
// PTX: cp.async.bulk.global.shared::cta.bulk_group
// PTX: cp.async.bulk.commit_group;
// PTX: cp.async.bulk.wait_group.read 0;
// PTX: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// PTX: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, 1;
// PTX: cp.async.cg.shared.global.L2::cache_hint
// PTX: cp.async.mbarrier.arrive.noinc.shared.b64
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 0;
// PTX: cp.async.wait_all;
// PTX: prefetch.global.L2
// PTXAS: 0 bytes spill stores

func.func @copy_kernel(%g: !tirx.ptr<f16, global>, %tmap: !tirx.tensormap, %out: !tirx.buffer<128xi32, global>) attributes {tirx.launch = #tirx.launch<cluster_dims = [2]>} {
  tirx.kernel {
    %cta = tirx.cta_id_in_cluster [2] : i32
    %t = tirx.thread_id [128] : i32
    %smem = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<4096xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i16
    %c8192 = arith.constant 8192 : i32
    %c256 = arith.constant 256 : i32
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %smem[%c0] : !tirx.buffer<4096xf16, shared.dyn>
    %x = arith.muli %t, %c1 : i32
    tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, shared>
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.prefetch.tensormap %tmap : !tirx.tensormap
    %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %c8192 : !tirx.ptr<i64, shared> -> i64
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %tmap[%x, %c0i], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    %cdst = tirx.ptx.mapa %dst, %c1 : !tirx.ptr<f16, shared.dyn> -> !tirx.ptr<f16, shared.cluster>
    tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %cdst, %tmap[%x, %c0i], %bar multicast %c3 : !tirx.ptr<f16, shared.cluster>, !tirx.tensormap, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.prefetch tile rank 2 %tmap[%x, %c0i] : !tirx.tensormap
    tirx.ptx.cp.async.bulk.g2s %dst, %g, %bar, %c256 : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.prefetch %g, %c256 : !tirx.ptr<f16, global>
    %cbar = tirx.ptx.mapa %bar, %c1 : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    tirx.ptx.cp.async.bulk.s2s %cdst, %dst, %cbar, %c256 : !tirx.ptr<f16, shared.cluster>, !tirx.ptr<f16, shared.dyn>, !tirx.ptr<i64, shared.cluster>
    %done = tirx.ptx.mbarrier.try_wait.parity %bar, %c0i : !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %tmap[%x, %c0i], %dst : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
    tirx.ptx.cp.async.bulk.tensor.reduce add tile rank 2 %tmap[%x, %c0i], %dst : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
    tirx.ptx.cp.async.bulk.s2g %g, %dst, %c256 : !tirx.ptr<f16, global>, !tirx.ptr<f16, shared.dyn>
    tirx.ptx.cp.async.bulk.commit_group
    tirx.ptx.cp.async.bulk.wait_group 0 read
    tirx.ptx.cp.async cg %dst, %g, 16 : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async ca %dst, %g, 4 src_size %c1 : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<f16, global>
    %pol = arith.constant 0 : i64
    tirx.ptx.cp.async cg %dst, %g, 16 src_size %c1 cache_hint %pol : !tirx.ptr<f16, shared.dyn>, !tirx.ptr<f16, global>
    tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, shared>
    tirx.ptx.cp.async.commit_group
    tirx.ptx.cp.async.wait_group 0
    tirx.ptx.cp.async.wait_all
    tirx.ptx.prefetch L2 %g : !tirx.ptr<f16, global>
    %d = arith.extui %done : i1 to i32
    %idx = arith.index_cast %t : i32 to index
    tirx.buffer_store %d, %out[%idx] : i32, !tirx.buffer<128xi32, global>
  }
  return
}
