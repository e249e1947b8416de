// REQUIRES: ptxas, libdevice
// RUN: tirx-translate %s --emit=ptx --chip=sm_90a -o %t90.ptx
// RUN: FileCheck %s --input-file=%t90.ptx
// RUN: %ptxas -arch=sm_90a %t90.ptx -o /dev/null
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t100.ptx
// RUN: FileCheck %s --input-file=%t100.ptx
// RUN: %ptxas -arch=sm_100a %t100.ptx -o /dev/null

// The register-side variants (copy vec/ldstmatrix, copy_async cp_async,
// gemm mma_sync, elementwise reg, reduce warp_shuffle) lowered through
// tirx-to-ptx-pipeline and assembled for sm_90a and sm_100a. Their math
// (exp, tanh, silu, exp2, rsqrt, float max) goes through libdevice: no
// __nv_* call is left.

// CHECK-NOT: call{{.*}}__nv_
// CHECK-LABEL: .entry softmax_row(
// CHECK: ld.global.v2.b32
// CHECK: max.f32
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK: ex2.approx
// CHECK: cvt.rn.f16x2.f32
// CHECK: st.global.b32

// CHECK-LABEL: .entry half_math(
// CHECK: ld.global.v4.b32
// CHECK: ex2.approx.f32
// CHECK: max.f32
// CHECK: rsqrt.approx
// CHECK: st.global.v4.b32

// CHECK-LABEL: .entry mma_tile(
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// CHECK: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 8;
// CHECK: cp.async.commit_group;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-NOT: call{{.*}}__nv_

!acc = !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
!rowv = !tirx.buffer<16xf32, local, #tirx.layout<S[(2, 8):(1, 4@laneid)] + R[4:1@laneid]>>
!fa = !tirx.buffer<16x16xf16, local, #tirx.layout<S[(2, 8, 2, 4, 2):(2, 4@laneid, 4, 1@laneid, 1)]>>
!fb = !tirx.buffer<8x16xf16, local, #tirx.layout<S[(8, 2, 4, 2):(4@laneid, 2, 1@laneid, 1)]>>
module {
  func.func @softmax_row(%in: !tirx.buffer<16x8xf32, global>, %out: !tirx.buffer<16x8xf16, global>, %rmax: !tirx.buffer<16xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %x = tirx.alloc_buffer : !acc
      %m = tirx.alloc_buffer : !rowv
      %h = tirx.alloc_buffer : !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
      tirx.tile.copy warp %x, %in : !acc, !tirx.buffer<16x8xf32, global>
      tirx.tile.reduce max warp %m, %x axes = [1] : !rowv, !acc
      tirx.tile.unary exp warp %x, %x : !acc, !acc
      tirx.tile.unary tanh warp %x, %x : !acc, !acc
      tirx.tile.unary silu warp %x, %x : !acc, !acc
      tirx.tile.cast warp %h, %x : !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>, !acc
      tirx.tile.copy warp %out, %h : !tirx.buffer<16x8xf16, global>, !tirx.buffer<16x8xf16, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
    }
    return
  }
  func.func @half_math(%io: !tirx.buffer<32x8xf16, global>, %y: f16) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %r = tirx.alloc_buffer : !tirx.buffer<8xf16, local>
      %i = arith.index_castui %tx : i32 to index
      tirx.tile.copy thread %r, %io[%i, 0] [1, 8] : !tirx.buffer<8xf16, local>, !tirx.buffer<32x8xf16, global>
      tirx.tile.unary exp2 thread %r, %r : !tirx.buffer<8xf16, local>, !tirx.buffer<8xf16, local>
      tirx.tile.binary max thread %r, %r, %y : !tirx.buffer<8xf16, local>, !tirx.buffer<8xf16, local>, f16
      tirx.tile.unary rsqrt thread %r, %r : !tirx.buffer<8xf16, local>, !tirx.buffer<8xf16, local>
      tirx.tile.copy thread %io[%i, 0] [1, 8], %r : !tirx.buffer<32x8xf16, global>, !tirx.buffer<8xf16, local>
    }
    return
  }
  func.func @mma_tile(%A: !tirx.buffer<16x16xf16, global>, %Bt: !tirx.buffer<8x16xf16, global>, %D: !tirx.buffer<16x8xf32, global>) {
    tirx.kernel {
      %tx = tirx.thread_id [32] : i32
      %sa = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<16x16xf16, shared>
      %sb = tirx.alloc_buffer {alignment = 16 : i64} : !tirx.buffer<8x16xf16, shared>
      %a = tirx.alloc_buffer : !fa
      %b = tirx.alloc_buffer : !fb
      %d = tirx.alloc_buffer : !acc
      %zero = arith.constant 0.0 : f32
      tirx.tile.copy_async warp %sa, %A : !tirx.buffer<16x16xf16, shared>, !tirx.buffer<16x16xf16, global>
      tirx.tile.copy_async warp %sb, %Bt config {commit = true} : !tirx.buffer<8x16xf16, shared>, !tirx.buffer<8x16xf16, global>
      tirx.ptx.cp.async.wait_group 0
      %all = arith.constant -1 : i32
      tirx.ptx.bar.warp.sync %all
      tirx.tile.copy warp %a, %sa : !fa, !tirx.buffer<16x16xf16, shared>
      tirx.tile.copy warp %b, %sb : !fb, !tirx.buffer<8x16xf16, shared>
      tirx.tile.fill warp %d, %zero : !acc, f32
      tirx.tile.gemm warp %d, %a, %b transpose_b : !acc, !fa, !fb
      tirx.tile.copy warp %D, %d : !tirx.buffer<16x8xf32, global>, !acc
    }
    return
  }
}
