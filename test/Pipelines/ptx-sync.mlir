// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a --features=+ptx86 -o %t.90.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.90.ptx -o %t.90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.100.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.100.ptx
// RUN: %ptxas -arch=sm_100a -v %t.100.ptx -o %t.100.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// The synchronization families (cluster addressing, mbarrier, fences,
// barriers, warp-level, launch control, special registers) through the whole
// pipeline to PTX, assembled by ptxas. The kernel includes the DSMEM
// remote-mbarrier idiom: mapa of a shared address, reinterpret to a shared
// pointer, decl_buffer, remote arrive. The tensormap fence needs PTX ISA 8.3,
// so sm_90a is compiled for +ptx86 (the chip's default is 8.0).

// PTX: elect.sync
// PTX: mbarrier.init.shared.b64
// PTX: fence.mbarrier_init.release.cluster;
// PTX: barrier.cluster.arrive.aligned;
// PTX: barrier.cluster.wait.aligned;
// The raw i64 is a generic address: generic mapa, then the shared::cluster
// window address for the arrive.
// PTX: mapa.u64 [[MAPPED:%rd[0-9]+]], {{%rd[0-9]+}}, %r{{[0-9]+}};
// PTX: cvta.to.shared::cluster.u64 [[REMOTE:%rd[0-9]+]], [[MAPPED]];
// PTX: mbarrier.arrive.release.cluster.shared::cluster.b64 _, [[[REMOTE]]]
// PTX: mbarrier.try_wait.parity.acquire.cluster.shared.b64
// PTX: mbarrier.test_wait.parity.shared.b64
// PTX: mbarrier.arrive.shared.b64
// PTX: mbarrier.pending_count.b64
// PTX: getctarank.shared::cluster.u64
// PTX: fence.sc.cluster;
// PTX: fence.acq_rel.gpu;
// PTX: fence.proxy.async.shared::cta;
// PTX: fence.proxy.alias;
// PTX: fence.proxy.tensormap::generic.release.gpu;
// PTX: fence.proxy.tensormap::generic.acquire.gpu [{{%rd[0-9]+}}], 128;
// PTX: bar.sync 0;
// PTX: barrier.sync 1, 128;
// PTX: bar.red.popc.u32
// PTX: barrier.red.and.pred
// PTX: activemask.b32
// PTX: shfl.sync.bfly.b32
// PTX: vote.sync.ballot.b32
// PTX: redux.sync.add.s32
// PTX: match.any.sync.b32
// PTX: mov.u32 %r{{[0-9]+}}, %globaltimer_hi;
// PTX: mov.pred %p, %is_explicit_cluster;
// PTX: nanosleep.u32
// PTX: griddepcontrol.wait;
// PTX: griddepcontrol.launch_dependents;
// PTXAS: 0 bytes spill stores

func.func @sync_kernel(%out: !tirx.buffer<128xi32, global>, %gdesc: !tirx.ptr<!tirx.tensormap, global>) {
  tirx.kernel {
    %cta = tirx.cta_id_in_cluster [2] : i32
    %t = tirx.thread_id [128] : i32
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xui64, shared>
    %c0 = arith.constant 0 : index
    %c0i = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xui64, shared>
    %lead = tirx.ptx.elect.sync
    tirx.if %lead {
      tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<ui64, shared>
      tirx.ptx.fence.mbarrier_init
    }
    tirx.ptx.barrier.cluster.arrive release aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    // The remote arrive of the DSMEM idiom.
    %peer = arith.xori %cta, %c1 : i32
    %a = tirx.reinterpret %bar : !tirx.ptr<ui64, shared> to i64
    %m = tirx.ptx.mapa %a, %peer : i64 -> i64
    %rp = tirx.reinterpret %m : i64 to !tirx.ptr<ui64, shared>
    %remote_ptr = tirx.bind %rp as "remote_ptr" : !tirx.ptr<ui64, shared>
    %remote_mbar = tirx.decl_buffer %remote_ptr {name = "remote_mbar"} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
    %q = tirx.ptr_to %remote_mbar[%c0] : !tirx.buffer<1xui64, shared>
    tirx.if %lead {
      tirx.ptx.mbarrier.arrive release cluster %q : !tirx.ptr<ui64, shared>
    }
    %done = tirx.ptx.mbarrier.try_wait.parity acquire cluster %bar, %c0i : !tirx.ptr<ui64, shared>
    %w = tirx.ptx.mbarrier.test_wait.parity %bar, %c0i : !tirx.ptr<ui64, shared>
    %st = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<ui64, shared> -> i64
    %pc = tirx.ptx.mbarrier.pending_count %st
    %pc2 = tirx.ptx.mapa %bar, %peer : !tirx.ptr<ui64, shared> -> !tirx.ptr<ui64, shared.cluster>
    %rank = tirx.ptx.getctarank %pc2 : !tirx.ptr<ui64, shared.cluster>
    tirx.ptx.fence sc cluster
    tirx.ptx.fence acq_rel gpu
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.fence.proxy.alias
    tirx.ptx.fence.proxy.tensormap release gpu
    tirx.ptx.fence.proxy.tensormap acquire gpu %gdesc : !tirx.ptr<!tirx.tensormap, global>
    tirx.ptx.barrier.sync aligned
    %c128 = arith.constant 128 : i32
    tirx.ptx.barrier.sync id %c1 count %c128
    %red = tirx.ptx.barrier.red popc aligned %done : i32
    %red2 = tirx.ptx.barrier.red and %w id %c1 : i1
    %mask = tirx.ptx.activemask
    %v, %ok = tirx.ptx.shfl.sync bfly %mask, %red, %c1, %c1 : i32 -> i1
    %vote = tirx.ptx.vote.sync ballot %mask, %ok : i32
    %sum = tirx.ptx.redux.sync add %v, %mask : i32
    %mt = tirx.ptx.match.sync any %mask, %sum : i32 -> i32
    %clk = tirx.ptx.sreg.clock
    %hi = tirx.ptx.sreg.globaltimer_hi
    %lane = tirx.ptx.sreg.laneid
    %expl = tirx.ptx.sreg.is_explicit_cluster
    %nr = tirx.ptx.sreg.cluster_nctarank
    tirx.ptx.nanosleep %c1
    tirx.ptx.griddepcontrol wait
    %r1 = arith.addi %pc, %rank : i32
    %r2 = arith.addi %r1, %vote : i32
    %r3 = arith.addi %r2, %mt : i32
    %r4 = arith.addi %r3, %clk : i32
    %r5 = arith.addi %r4, %hi : i32
    %r6 = arith.addi %r5, %lane : i32
    %r7 = arith.addi %r6, %nr : i32
    %e1 = arith.extui %expl : i1 to i32
    %e2 = arith.extui %red2 : i1 to i32
    %r8 = arith.addi %r7, %e1 : i32
    %r9 = arith.addi %r8, %e2 : i32
    %idx = arith.index_cast %t : i32 to index
    tirx.buffer_store %r9, %out[%idx] : i32, !tirx.buffer<128xi32, global>
    tirx.ptx.griddepcontrol launch_dependents
  }
  return
}
