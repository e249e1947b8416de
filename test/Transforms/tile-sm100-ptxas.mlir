// REQUIRES: ptxas
// RUN: tirx-translate %s --no-check-sync --emit=ptx --chip=sm_100a -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a -v %t.ptx -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSPILL
// (A sequence of ops for the lowering, not a complete program: the
// synchronization check, tirx-check-sync, is off.)

// The cluster, tensor-memory and shared-memory variants on sm_100a:
// copy_async tma_multicast, dsmem, tcgen05_cp, tcgen05_st; copy vec and
// fallback; elementwise smem with packed f32x2 add/fma; reduce shared
// (lane groups and a shuffle tree per row) and thread; permute_layout
// warp_xor_swizzle. Through tirx-to-ptx-pipeline and ptxas.

// WARN: warning: tile copy falls back to a scalar loop run by one thread of the cta scope
// NOSPILL-COUNT-4: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CHECK-LABEL: .entry cluster_copies(
// CHECK: mapa.shared::cluster.u64
// CHECK: mapa.shared::cluster.u64
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
// CHECK: cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [{{.*}}], [{{.*}}], %r{{[0-9]+}}, [{{.*}}];

// A 128x32 f32 tile is four 128x256b (8-column) copies.
// CHECK-LABEL: .entry tmem_moves(
// CHECK-COUNT-4: tcgen05.cp.cta_group::1.128x256b
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.wait::st.sync.aligned;

// CHECK-LABEL: .entry shared_math(
// CHECK-COUNT-16: add.rn.f32x2
// CHECK-COUNT-16: fma.rn.f32x2
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK-COUNT-8: max.f32

// CHECK-LABEL: .entry permute(
// CHECK: st.shared
// CHECK: bar.warp.sync -1;
// CHECK: ld.shared

!sw = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
!gmem = !tirx.buffer<1024x64xf16, global>
!tacc = !tirx.buffer<128x32xf32, tmem, #tirx.layout<S[(128, 32):(1@TLane, 1@TCol)]>>
!racc = !tirx.buffer<128x32xf32, local, #tirx.layout<S[(4, 32, 32):(1@wid_in_wg, 1@laneid, 1)]>>
!acc = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
module {
  func.func @cluster_copies(%A: !gmem, %desc: !tirx.tensormap, %mask: i16, %peer: i32) {
    tirx.kernel {
      %cl = tirx.cta_id_in_cluster [2] : i32
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %s = tirx.alloc_buffer {alignment = 1024 : i64} : !sw
      %d = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<256xf32, shared>
      %e = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<256xf32, shared>
      %mb = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
      %bar = tirx.ptr_to %mb[%c0] : !tirx.buffer<1xi64, shared>
      %zero = arith.constant 0 : i32
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      tirx.if %is_t0 {
        tirx.tile.copy_async thread %s, %A[0, 0] [64, 64] mbar %bar : !tirx.ptr<i64, shared> cta_mask %mask tensormap %desc : !sw, !gmem
        tirx.tile.copy_async thread %e, %d mbar %bar : !tirx.ptr<i64, shared> remote_cta %peer : !tirx.buffer<256xf32, shared>, !tirx.buffer<256xf32, shared>
      }
    }
    return
  }
  func.func @tmem_moves(%out: !tirx.buffer<128x32xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %slotb = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
      %taddr = tirx.buffer_load %slotb[%c0] : !tirx.buffer<1xi32, shared> -> i32
      %tm = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
      %acc = tirx.decl_buffer %tm : !tirx.ptr<f32, tmem> -> !tacc
      %s = tirx.alloc_buffer {alignment = 1024 : i64} : !tirx.buffer<128x32xf32, shared, #tirx.layout<S[(128, 32):(32, 1)], swizzle<3, 2, 3>>>
      %r = tirx.alloc_buffer : !racc
      %zero = arith.constant 0 : i32
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      tirx.if %is_t0 {
        tirx.tile.copy_async thread %acc, %s : !tacc, !tirx.buffer<128x32xf32, shared, #tirx.layout<S[(128, 32):(32, 1)], swizzle<3, 2, 3>>>
      }
      tirx.tile.copy warpgroup %r, %out : !racc, !tirx.buffer<128x32xf32, global>
      tirx.tile.copy_async warpgroup %acc, %r config {wait = true} : !tacc, !racc
    }
    return
  }
  func.func @shared_math(%io: !tirx.buffer<64x64xf32, global>, %rows: !tirx.buffer<64xf32, global>, %x: f32) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %s = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<64x64xf32, shared>
      %m = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<64xf32, shared>
      %r = tirx.alloc_buffer : !tirx.buffer<8xf32, local>
      %t = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
      tirx.tile.copy cta %s, %io : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, global>
      tirx.ptx.barrier.sync aligned
      tirx.tile.binary add cta %s, %s, %x : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, shared>, f32
      tirx.tile.fma cta %s, %s, %x, %s : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, shared>, f32, !tirx.buffer<64x64xf32, shared>
      tirx.ptx.barrier.sync aligned
      tirx.tile.reduce sum cta %m, %s axes = [1] : !tirx.buffer<64xf32, shared>, !tirx.buffer<64x64xf32, shared>
      tirx.ptx.barrier.sync aligned
      tirx.tile.copy cta %rows, %m : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, shared>
      %c0 = arith.constant 0 : index
      tirx.tile.copy thread %r, %m[0] [8] : !tirx.buffer<8xf32, local>, !tirx.buffer<64xf32, shared>
      tirx.tile.fill thread %t, %x : !tirx.buffer<1xf32, local>, f32
      tirx.tile.reduce max thread %t, %r axes = [0] accumulate : !tirx.buffer<1xf32, local>, !tirx.buffer<8xf32, local>
      %v = tirx.buffer_load %t[%c0] : !tirx.buffer<1xf32, local> -> f32
      %i = arith.index_castui %tx : i32 to index
      tirx.buffer_store %v, %rows[%i] : f32, !tirx.buffer<64xf32, global>
    }
    return
  }
  func.func @permute(%io: !tirx.buffer<16x8xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %a = tirx.alloc_buffer : !acc
      %b = tirx.alloc_buffer : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(16, 2, 4):(2@laneid, 1@laneid, 1)]>>
      %ws = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<128xf32, shared>
      tirx.tile.copy warp %a, %io : !acc, !tirx.buffer<16x8xf32, global>
      tirx.tile.permute_layout warp %b, %a workspace %ws : !tirx.buffer<128xf32, shared> : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(16, 2, 4):(2@laneid, 1@laneid, 1)]>>, !acc
      tirx.tile.copy warp %io, %b : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x8xf32, local, #tirx.layout<S[(16, 2, 4):(2@laneid, 1@laneid, 1)]>>
    }
    return
  }
}
