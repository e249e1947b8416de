// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t.90.ptx
// RUN: FileCheck %s < %t.90.ptx
// RUN: %ptxas -arch=sm_90a %t.90.ptx -o %t.90.cubin
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.100.ptx
// RUN: FileCheck %s < %t.100.ptx
// RUN: %ptxas -arch=sm_100a %t.100.ptx -o %t.100.cubin
// RUN: tirx-opt %s --tirx-to-nvvm-pipeline="chip=sm_90a" | FileCheck %s --check-prefix=NVVM

// The tensormap ABI: a !tirx.tensormap kernel parameter is a 128-byte,
// 64-byte-aligned by-value parameter (a __grid_constant__ CUtensorMap, as
// CUDA, CUTLASS and Triton pass it); the kernel takes its generic address
// with cvta.param, and the TMA load and store and the prefetch address the
// descriptor through it, never through a local copy.

// NVVM: llvm.func @tma_param(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}, %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})

// CHECK-LABEL: .visible .entry tma_param(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 tma_param_param_0,
// CHECK-NEXT:    .param .align 64 .b8 tma_param_param_1[128],
// CHECK-NEXT:    .param .align 64 .b8 tma_param_param_2[128]
// CHECK-NOT:   __local_depot
// CHECK-DAG:   mov.b64 [[P1:%rd[0-9]+]], tma_param_param_1;
// CHECK-DAG:   cvta.param.u64 [[IN:%rd[0-9]+]], [[P1]];
// CHECK-DAG:   mov.b64 [[P2:%rd[0-9]+]], tma_param_param_2;
// CHECK-DAG:   cvta.param.u64 [[OUT:%rd[0-9]+]], [[P2]];
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [[[IN]], {{{%r[0-9]+}}, {{%r[0-9]+}}}]
// CHECK:       cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [[[OUT]], {{{%r[0-9]+}}, {{%r[0-9]+}}}]
func.func @tma_param(%flag: !tirx.buffer<1xi32, global>, %in: !tirx.tensormap, %out: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bytes = arith.constant 8192 : i32
    %tile = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64x64xf16, shared.dyn>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0, %c0] : !tirx.buffer<64x64xf16, shared.dyn>
    %is_t0 = arith.cmpi eq, %tx, %zero : i32
    tirx.if %is_t0 {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
      tirx.ptx.fence.proxy.async shared.cta
    }
    // Every thread waits on the barrier: its init comes before.
    tirx.ptx.barrier.sync aligned
    tirx.if %is_t0 {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %in[%zero, %zero], %bar : !tirx.ptr<f16, shared.dyn>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    tirx.while {
      %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
      %true = arith.constant true
      %pending = arith.xori %done, %true : i1
      tirx.condition %pending
    } do {
    }
    tirx.if %is_t0 {
      tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %out[%zero, %zero], %dst : !tirx.tensormap, !tirx.ptr<f16, shared.dyn>
      tirx.ptx.cp.async.bulk.commit_group
      tirx.ptx.cp.async.bulk.wait_group 0
      tirx.buffer_store %one, %flag[%c0] : i32, !tirx.buffer<1xi32, global>
    }
  }
  return
}
