// RUN: tirx-opt %s | FileCheck %s
// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of every tirx.tile.* op: scopes, regions, config, dispatch.

!smem = !tirx.buffer<64x64xf16, shared>
!gmem = !tirx.buffer<1024x64xf16, global>
!acc = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>

// CHECK-LABEL: func.func @copies
func.func @copies(%A: !gmem, %row: index, %mask: i16, %desc: !tirx.tensormap) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !smem
    %mb = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mb[%c0] : !tirx.buffer<1xi64, shared>
    // CHECK: tirx.tile.copy cta %{{.*}}, %{{.*}}[%{{.*}}, 0] [64, 64] : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<1024x64xf16, global>
    tirx.tile.copy cta %s, %A[%row, 0] [64, 64] : !smem, !gmem
    // CHECK: tirx.tile.copy warp %{{.*}}[0, 0] [16, 64], %{{.*}}[%{{.*}}, 0] [16, 64] config {vec_len = 4 : i64} dispatch "vec"
    tirx.tile.copy warp %s[0, 0] [16, 64], %A[%row, 0] [16, 64] config {vec_len = 4} dispatch "vec" : !smem, !gmem
    // CHECK: tirx.tile.copy_async thread %{{.*}}, %{{.*}}[%{{.*}}, 0] [64, 64] mbar %{{.*}} : !tirx.ptr<i64, shared> cta_mask %{{.*}} :
    tirx.tile.copy_async thread %s, %A[%row, 0] [64, 64] mbar %bar : !tirx.ptr<i64, shared> cta_mask %mask : !smem, !gmem
    // CHECK: tirx.tile.copy_async thread %{{.*}}, %{{.*}} mbar %{{.*}} : !tirx.ptr<i64, shared> tensormap %{{.*}} dispatch "tma" :
    tirx.tile.copy_async thread %s, %A[0, 0] [64, 64] mbar %bar : !tirx.ptr<i64, shared> tensormap %desc dispatch "tma" : !smem, !gmem
  }
  return
}

// CHECK-LABEL: func.func @compute
func.func @compute(%x: f32, %p: i1) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %a = tirx.alloc_buffer : !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2, 8, 2, 4, 2):(2, 4@laneid, 4, 1@laneid, 1)]>>
    %b = tirx.alloc_buffer : !tirx.buffer<8x16xf16, local, #tirx.layout<S[(8, 2, 4, 2):(4@laneid, 2, 1@laneid, 1)]>>
    %d = tirx.alloc_buffer : !acc
    %v = tirx.alloc_buffer : !tirx.buffer<32xf32, local>
    %w = tirx.alloc_buffer : !tirx.buffer<32xf16, local>
    %r = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %m = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    %ws = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    // CHECK: tirx.tile.gemm warp %{{.*}}, %{{.*}}, %{{.*}} accum %{{.*}} transpose_b :
    tirx.tile.gemm warp %d, %a, %b accum %p transpose_b : !acc, !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2, 8, 2, 4, 2):(2, 4@laneid, 4, 1@laneid, 1)]>>, !tirx.buffer<8x16xf16, local, #tirx.layout<S[(8, 2, 4, 2):(4@laneid, 2, 1@laneid, 1)]>>
    // CHECK: tirx.tile.fill thread %{{.*}}, %{{.*}} : !tirx.buffer<32xf32, local>, f32
    tirx.tile.fill thread %v, %x : !tirx.buffer<32xf32, local>, f32
    // CHECK: tirx.tile.unary exp thread %{{.*}}, %{{.*}} :
    tirx.tile.unary exp thread %v, %v : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>
    // CHECK: tirx.tile.binary max thread %{{.*}}[0] [16], %{{.*}}[16] [16], %{{.*}} :
    tirx.tile.binary max thread %v[0] [16], %v[16] [16], %x : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>, f32
    // CHECK: tirx.tile.fma thread %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
    tirx.tile.fma thread %v, %v, %x, %v : !tirx.buffer<32xf32, local>, !tirx.buffer<32xf32, local>, f32, !tirx.buffer<32xf32, local>
    // CHECK: tirx.tile.cast thread %{{.*}}, %{{.*}} : !tirx.buffer<32xf16, local>, !tirx.buffer<32xf32, local>
    tirx.tile.cast thread %w, %v : !tirx.buffer<32xf16, local>, !tirx.buffer<32xf32, local>
    // CHECK: tirx.tile.reduce sum thread %{{.*}}, %{{.*}} axes = [1] accumulate :
    tirx.tile.reduce sum thread %r, %m axes = [1] accumulate : !tirx.buffer<4xf32, local>, !tirx.buffer<4x8xf32, local>
    // CHECK: tirx.tile.permute_layout warp %{{.*}}, %{{.*}} workspace %{{.*}} : !tirx.buffer<256xf32, shared> :
    tirx.tile.permute_layout warp %d, %d workspace %ws : !tirx.buffer<256xf32, shared> : !acc, !acc
    // CHECK: tirx.tile.local_view %{{.*}} : {{.*}} -> !tirx.buffer<4xf32, local>
    %regs = tirx.tile.local_view %d : !acc -> !tirx.buffer<4xf32, local>
  }
  return
}
