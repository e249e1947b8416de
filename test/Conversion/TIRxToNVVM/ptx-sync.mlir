// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// Lowering of the cluster-addressing, mbarrier, fence, barrier, warp-level,
// launch-control and special-register tirx.ptx ops to NVVM (or, where NVVM
// has no op, to an NVPTX intrinsic call or inline PTX). @remote_arrive is the
// DSMEM idiom: mapa of a shared address, reinterpreted back to a shared
// pointer, gives a shared::cluster arrive.

gpu.module @m {
  // CHECK-LABEL: gpu.func @cluster
  // CHECK: nvvm.mapa %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3> -> !llvm.ptr<7>
  // CHECK: nvvm.mapa %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3> -> !llvm.ptr<7>
  // CHECK: nvvm.mapa %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr -> !llvm.ptr
  // CHECK: llvm.inttoptr %{{[a-z0-9_]+}} : i64 to !llvm.ptr
  // CHECK: nvvm.mapa %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr -> !llvm.ptr
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr to i64
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr<7> to i32
  // CHECK: llvm.inttoptr %{{[a-z0-9_]+}} : i32 to !llvm.ptr<3>
  // CHECK: llvm.call_intrinsic "llvm.nvvm.getctarank.shared.cluster"(%{{[a-z0-9_]+}}) : (!llvm.ptr<3>) -> i32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.getctarank"(%{{[a-z0-9_]+}}) : (!llvm.ptr) -> i32
  // CHECK: llvm.inttoptr %{{[a-z0-9_]+}} : i64 to !llvm.ptr
  // CHECK: llvm.call_intrinsic "llvm.nvvm.getctarank"(%{{[a-z0-9_]+}}) : (!llvm.ptr) -> i32
  // A raw i32 is a 32-bit shared window address: inline PTX of the .u32
  // forms (LLVM holds shared::cluster addresses in 64-bit registers).
  // CHECK: %[[W:[a-z0-9_]+]] = llvm.inline_asm has_side_effects asm_dialect = att "mapa.shared::cluster.u32 $0, $1, $2;", "=r,r,r" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, i32) -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "getctarank.shared::cluster.u32 $0, $1;", "=r,r" %[[W]] : (i32) -> i32
  gpu.func @cluster(%bar: !tirx.ptr<i64, shared>, %dyn: !tirx.ptr<f16, shared.dyn>, %g: !tirx.ptr<f32, generic>, %a: i64, %r: i32, %c: !tirx.ptr<f32, shared.cluster>) {
    %0 = tirx.ptx.mapa %bar, %r : !tirx.ptr<i64, shared> -> !tirx.ptr<i64, shared.cluster>
    %1 = tirx.ptx.mapa %dyn, %r : !tirx.ptr<f16, shared.dyn> -> !tirx.ptr<f16, shared.cluster>
    %2 = tirx.ptx.mapa %g, %r : !tirx.ptr<f32, generic> -> !tirx.ptr<f32, generic>
    %3 = tirx.ptx.mapa %a, %r : i64 -> i64
    %4 = tirx.ptx.getctarank %c : !tirx.ptr<f32, shared.cluster>
    %5 = tirx.ptx.getctarank %g : !tirx.ptr<f32, generic>
    %6 = tirx.ptx.getctarank %a : i64
    %7 = tirx.ptx.mapa %r, %r : i32 -> i32
    %8 = tirx.ptx.getctarank %7 : i32
    gpu.return
  }
  // The seed's DSMEM idiom: a raw i64 is a generic address, so mapa is the
  // generic mapa.u64, the reinterpret to a shared pointer keeps the generic
  // address, and the stateless arrive converts it to the shared::cluster
  // window (cvta.to.shared::cluster), whatever CTA it addresses.
  // CHECK-LABEL: gpu.func @remote_arrive
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr to i64
  // CHECK: nvvm.mapa %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr -> !llvm.ptr
  // CHECK: llvm.ptrtoint %{{[a-z0-9_]+}} : !llvm.ptr to i64
  // CHECK: llvm.inttoptr %{{[a-z0-9_]+}} : i64 to !llvm.ptr
  // CHECK: %[[W:.*]] = llvm.addrspacecast %{{[a-z0-9_]+}} : !llvm.ptr to !llvm.ptr<7>
  // CHECK: nvvm.mbarrier.arrive %[[W]], %{{[a-z0-9_]+}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  gpu.func @remote_arrive(%mbar: !tirx.buffer<1xui64, shared>, %rank: i32, %c1: i32) {
    %c0 = arith.constant 0 : index
    %p = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xui64, shared>
    %a = tirx.reinterpret %p : !tirx.ptr<ui64, shared> to i64
    %m = tirx.ptx.mapa %a, %rank : i64 -> i64
    %rp = tirx.reinterpret %m : i64 to !tirx.ptr<ui64, shared>
    %remote_ptr = tirx.bind %rp as "remote_ptr" : !tirx.ptr<ui64, shared>
    %remote_mbar = tirx.decl_buffer %remote_ptr {name = "remote_mbar"} : !tirx.ptr<ui64, shared> -> !tirx.buffer<1xui64, shared>
    %q = tirx.ptr_to %remote_mbar[%c0] : !tirx.buffer<1xui64, shared>
    tirx.ptx.mbarrier.arrive release cluster %q, %c1 : !tirx.ptr<ui64, shared>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @mbarrier
  // CHECK: nvvm.mbarrier.init %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32
  // CHECK: nvvm.mbarrier.init %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32
  // CHECK: nvvm.mbarrier.inval %{{[a-z0-9_]+}} : !llvm.ptr<3>
  // The plain state form takes LLVM's unscoped intrinsic (from sm_80).
  // CHECK: llvm.call_intrinsic "llvm.nvvm.mbarrier.arrive.shared"(%{{[a-z0-9_]+}}) : (!llvm.ptr<3>) -> i64
  // CHECK: nvvm.mbarrier.arrive %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {relaxed = true, scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<3> -> i64
  // CHECK: nvvm.mbarrier.arrive %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>
  // CHECK: nvvm.mbarrier.arrive_drop %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3> -> i64
  // CHECK: nvvm.mbarrier.arrive.expect_tx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32 -> i64
  // CHECK: nvvm.mbarrier.arrive.expect_tx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {relaxed = true, scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
  // CHECK: nvvm.mbarrier.arrive_drop.expect_tx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {relaxed = true, scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
  // CHECK: nvvm.mbarrier.arrive.nocomplete %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32 -> i64
  // CHECK: nvvm.mbarrier.expect_tx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<7>, i32
  // CHECK: nvvm.mbarrier.complete_tx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<7>, i32
  // CHECK: nvvm.mbarrier.test.wait %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i64 -> i1
  // CHECK: nvvm.mbarrier.test.wait %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {relaxed = true} : !llvm.ptr<3>, i32 -> i1
  // CHECK: nvvm.mbarrier.try_wait %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {scope = #nvvm.mem_scope<cluster>} : !llvm.ptr<3>, i64, i32 -> i1
  // CHECK: nvvm.mbarrier.try_wait %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32 -> i1
  // CHECK: llvm.call_intrinsic "llvm.nvvm.mbarrier.pending.count"(%{{[a-z0-9_]+}}) : (i64) -> i32
  // CHECK: nvvm.cp.async.mbarrier.arrive %{{[a-z0-9_]+}} {noinc = true} : !llvm.ptr<3>
  gpu.func @mbarrier(%bar: !tirx.ptr<i64, shared>, %dyn: !tirx.ptr<ui64, shared.dyn>, %peer: !tirx.ptr<i64, shared.cluster>, %c1: i32, %tx: i32, %st: i64, %ph: i32, %ns: i32) {
    tirx.ptx.mbarrier.init %bar, %c1 : !tirx.ptr<i64, shared>
    tirx.ptx.mbarrier.init %dyn, %c1 : !tirx.ptr<ui64, shared.dyn>
    tirx.ptx.mbarrier.inval %dyn : !tirx.ptr<ui64, shared.dyn>
    %s0 = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
    %s1 = tirx.ptx.mbarrier.arrive relaxed cluster %bar, %c1 : !tirx.ptr<i64, shared> -> i64
    tirx.ptx.mbarrier.arrive release cluster %peer, %c1 : !tirx.ptr<i64, shared.cluster>
    %s2 = tirx.ptx.mbarrier.arrive_drop %bar, %c1 : !tirx.ptr<i64, shared> -> i64
    %s3 = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %tx : !tirx.ptr<i64, shared> -> i64
    tirx.ptx.mbarrier.arrive.expect_tx relaxed cluster %peer, tx %tx : !tirx.ptr<i64, shared.cluster>
    tirx.ptx.mbarrier.arrive_drop.expect_tx relaxed cluster %peer, tx %tx : !tirx.ptr<i64, shared.cluster>
    %s4 = tirx.ptx.mbarrier.arrive.nocomplete %bar, %c1 : !tirx.ptr<i64, shared>
    tirx.ptx.mbarrier.expect_tx cluster %bar, %tx : !tirx.ptr<i64, shared>
    tirx.ptx.mbarrier.complete_tx %peer, %tx : !tirx.ptr<i64, shared.cluster>
    %w0 = tirx.ptx.mbarrier.test_wait %bar, %st : !tirx.ptr<i64, shared>
    %w1 = tirx.ptx.mbarrier.test_wait.parity relaxed cta %bar, %ph : !tirx.ptr<i64, shared>
    %w2 = tirx.ptx.mbarrier.try_wait acquire cluster %bar, %st, suspend_hint %ns : !tirx.ptr<i64, shared>
    %w3 = tirx.ptx.mbarrier.try_wait.parity %bar, %ph : !tirx.ptr<i64, shared>
    %n = tirx.ptx.mbarrier.pending_count %st
    tirx.ptx.cp.async.mbarrier.arrive noinc %bar : !tirx.ptr<i64, shared>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @fences
  // CHECK: llvm.fence syncscope("block") seq_cst
  // CHECK: nvvm.fence.sc.cluster
  // CHECK: llvm.fence syncscope("device") acq_rel
  // CHECK: llvm.fence acq_rel
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "fence.acquire.cluster;", "~{memory}"  : () -> ()
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "fence.release.gpu;", "~{memory}"  : () -> ()
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async>}
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
  // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<alias>}
  // CHECK: nvvm.fence.mbarrier.init
  // CHECK: nvvm.fence.proxy.release <gpu>
  // CHECK: llvm.addrspacecast %{{[a-z0-9_]+}} : !llvm.ptr<1> to !llvm.ptr
  // CHECK: nvvm.fence.proxy.acquire <gpu> %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
  gpu.func @fences(%desc: !tirx.ptr<!tirx.tensormap, global>) {
    tirx.ptx.fence sc cta
    tirx.ptx.fence sc cluster
    tirx.ptx.fence acq_rel gpu
    tirx.ptx.fence acq_rel sys
    tirx.ptx.fence acquire cluster
    tirx.ptx.fence release gpu
    tirx.ptx.fence.proxy.async
    tirx.ptx.fence.proxy.async shared.cta
    tirx.ptx.fence.proxy.async shared.cluster
    tirx.ptx.fence.proxy.async global
    tirx.ptx.fence.proxy.alias
    tirx.ptx.fence.mbarrier_init
    tirx.ptx.fence.proxy.tensormap release gpu
    tirx.ptx.fence.proxy.tensormap acquire gpu %desc : !tirx.ptr<!tirx.tensormap, global>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @barriers
  // CHECK: nvvm.barrier
  // CHECK: nvvm.barrier id = %{{[a-z0-9_]+}} number_of_threads = %{{[a-z0-9_]+}}
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%{{[a-z0-9_]+}}) : (i32) -> ()
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (i32, i32) -> ()
  // CHECK: nvvm.barrier.arrive id = %{{[a-z0-9_]+}} number_of_threads = %{{[a-z0-9_]+}}
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.arrive.count"(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}) : (i32, i32) -> ()
  // CHECK: nvvm.barrier #nvvm.reduction<popc> %{{[a-z0-9_]+}} -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}};\0Asetp.ne.b32 %{{[a-z0-9_]+}}, $1, 0;\0Abarrier.red.aligned.and.pred %{{[a-z0-9_]+}}, $2, $3, %{{[a-z0-9_]+}};\0Aselp.u32 $0, 1, 0, %{{[a-z0-9_]+}};\0A}", "=r,r,r,r" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, i32, i32) -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}};\0Asetp.ne.b32 %{{[a-z0-9_]+}}, $1, 0;\0Abarrier.red.or.pred %{{[a-z0-9_]+}}, $2, %{{[a-z0-9_]+}};\0Aselp.u32 $0, 1, 0, %{{[a-z0-9_]+}};\0A}", "=r,r,r" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (i32, i32) -> i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred %{{[a-z0-9_]+}};\0Asetp.ne.b32 %{{[a-z0-9_]+}}, $1, 0;\0Abarrier.red.popc.u32 $0, 0, %{{[a-z0-9_]+}};\0A}", "=r,r" %{{[a-z0-9_]+}} : (i32) -> i32
  // CHECK: nvvm.bar.warp.sync %{{[a-z0-9_]+}} : i32
  // CHECK: nvvm.cluster.arrive
  // CHECK: nvvm.cluster.arrive.relaxed {aligned}
  // CHECK: nvvm.cluster.wait {aligned}
  // CHECK: nvvm.cluster.wait
  gpu.func @barriers(%id: i32, %n: i32, %p: i1, %mask: i32) {
    tirx.ptx.barrier.sync aligned
    tirx.ptx.barrier.sync aligned id %id count %n
    tirx.ptx.barrier.sync id %id
    tirx.ptx.barrier.sync id %id count %n
    tirx.ptx.barrier.arrive aligned %id, %n
    tirx.ptx.barrier.arrive %id, %n
    %a = tirx.ptx.barrier.red popc aligned %p : i32
    %b = tirx.ptx.barrier.red and aligned %p id %id count %n : i1
    %c = tirx.ptx.barrier.red or %p id %id : i1
    %d = tirx.ptx.barrier.red popc %p : i32
    tirx.ptx.bar.warp.sync %mask
    tirx.ptx.barrier.cluster.arrive
    tirx.ptx.barrier.cluster.arrive relaxed aligned
    tirx.ptx.barrier.cluster.wait acquire aligned
    tirx.ptx.barrier.cluster.wait
    gpu.return
  }
  // CHECK-LABEL: gpu.func @warp
  // CHECK: nvvm.elect.sync -> i1
  // CHECK: nvvm.elect.sync %{{[a-z0-9_]+}} -> i1
  // CHECK: nvvm.shfl.sync  bfly %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
  // CHECK: nvvm.shfl.sync  idx %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32 -> i32
  // CHECK: nvvm.vote.sync  ballot %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} -> i32
  // CHECK: nvvm.vote.sync  all %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} -> i1
  // CHECK: nvvm.redux.sync  add %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32 -> i32
  // CHECK: nvvm.redux.sync  umax %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32 -> i32
  // CHECK: nvvm.match.sync  any %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i64 -> i32
  // CHECK: nvvm.match.sync  all %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : i32 -> !llvm.struct<(i32, i1)>
  // CHECK: llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
  gpu.func @warp(%mask: i32, %x: f32, %i: i32, %l: i64, %p: i1) {
    %e = tirx.ptx.elect.sync
    %e2 = tirx.ptx.elect.sync mask %mask
    %v, %ok = tirx.ptx.shfl.sync bfly %mask, %x, %i, %i : f32 -> i1
    %v2 = tirx.ptx.shfl.sync idx %mask, %i, %i, %i : i32
    %b = tirx.ptx.vote.sync ballot %mask, %p : i32
    %a = tirx.ptx.vote.sync all %mask, %p : i1
    %s = tirx.ptx.redux.sync add %i, %mask : i32
    %u = tirx.ptx.redux.sync umax %i, %mask : i32
    %m = tirx.ptx.match.sync any %mask, %l : i64 -> i32
    %m2, %same = tirx.ptx.match.sync all %mask, %i : i32 -> i32, i1
    %am = tirx.ptx.activemask
    gpu.return
  }
  // CHECK-LABEL: gpu.func @control
  // CHECK: nvvm.setmaxregister  increase 232
  // CHECK: nvvm.setmaxregister  decrease 40
  // CHECK: nvvm.griddepcontrol  wait
  // CHECK: nvvm.griddepcontrol  launch_dependents
  // CHECK: nvvm.clusterlaunchcontrol.try.cancel multicast, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}
  // CHECK: nvvm.clusterlaunchcontrol.query.cancel query =  is_canceled, %{{[a-z0-9_]+}} : i1
  // CHECK: nvvm.clusterlaunchcontrol.query.cancel query =  get_first_cta_id_x, %{{[a-z0-9_]+}} : i32
  // CHECK: nvvm.nanosleep %{{[a-z0-9_]+}}
  gpu.func @control(%resp: !tirx.ptr<i128, shared>, %bar: !tirx.ptr<i64, shared>, %r: i128, %ns: i32) {
    tirx.ptx.setmaxnreg inc 232
    tirx.ptx.setmaxnreg dec 40
    tirx.ptx.griddepcontrol wait
    tirx.ptx.griddepcontrol launch_dependents
    tirx.ptx.clusterlaunchcontrol.try_cancel multicast %resp, %bar : !tirx.ptr<i128, shared>, !tirx.ptr<i64, shared>
    %ok = tirx.ptx.clusterlaunchcontrol.query_cancel is_canceled %r : i1
    %x = tirx.ptx.clusterlaunchcontrol.query_cancel get_first_ctaid_x %r : i32
    tirx.ptx.nanosleep %ns
    gpu.return
  }
  // CHECK-LABEL: gpu.func @sregs
  // CHECK: nvvm.read.ptx.sreg.clock : i32
  // CHECK: nvvm.read.ptx.sreg.clock64 : i64
  // CHECK: nvvm.read.ptx.sreg.globaltimer : i64
  // CHECK: nvvm.read.ptx.sreg.globaltimer.lo : i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.u32 $0, %{{[a-z0-9_]+}};", "=r"  : () -> i32
  // CHECK: nvvm.read.ptx.sreg.smid : i32
  // CHECK: nvvm.read.ptx.sreg.nsmid : i32
  // CHECK: nvvm.read.ptx.sreg.warpid : i32
  // CHECK: nvvm.read.ptx.sreg.nwarpid : i32
  // CHECK: nvvm.read.ptx.sreg.laneid : i32
  // %gridid is 64 bits wide (LLVM 22 declares its intrinsic i32).
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.u64 $0, %gridid;", "=l"  : () -> i64
  // CHECK: nvvm.read.ptx.sreg.lanemask.eq : i32
  // CHECK: nvvm.read.ptx.sreg.lanemask.le : i32
  // CHECK: nvvm.read.ptx.sreg.lanemask.lt : i32
  // CHECK: nvvm.read.ptx.sreg.lanemask.ge : i32
  // CHECK: nvvm.read.ptx.sreg.lanemask.gt : i32
  // CHECK: nvvm.read.ptx.sreg.dynamic.smem.size : i32
  // CHECK: nvvm.read.ptx.sreg.total.smem.size : i32
  // CHECK: nvvm.read.ptx.sreg.cluster.ctarank : i32
  // CHECK: nvvm.read.ptx.sreg.cluster.nctarank : i32
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred %{{[a-z0-9_]+}};\0Amov.pred %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}};\0Aselp.u32 $0, 1, 0, %{{[a-z0-9_]+}};\0A}", "=r"  : () -> i32
  gpu.func @sregs() {
    %0 = tirx.ptx.sreg.clock
    %1 = tirx.ptx.sreg.clock64
    %2 = tirx.ptx.sreg.globaltimer
    %3 = tirx.ptx.sreg.globaltimer_lo
    %4 = tirx.ptx.sreg.globaltimer_hi
    %5 = tirx.ptx.sreg.smid
    %6 = tirx.ptx.sreg.nsmid
    %7 = tirx.ptx.sreg.warpid
    %8 = tirx.ptx.sreg.nwarpid
    %9 = tirx.ptx.sreg.laneid
    %10 = tirx.ptx.sreg.gridid
    %11 = tirx.ptx.sreg.lanemask_eq
    %12 = tirx.ptx.sreg.lanemask_le
    %13 = tirx.ptx.sreg.lanemask_lt
    %14 = tirx.ptx.sreg.lanemask_ge
    %15 = tirx.ptx.sreg.lanemask_gt
    %16 = tirx.ptx.sreg.dynamic_smem_size
    %17 = tirx.ptx.sreg.total_smem_size
    %18 = tirx.ptx.sreg.cluster_ctarank
    %19 = tirx.ptx.sreg.cluster_nctarank
    %20 = tirx.ptx.sreg.is_explicit_cluster
    gpu.return
  }
}
