// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the tcgen05 ops.

// CHECK-LABEL: func.func @alloc(
// CHECK: tirx.ptx.tcgen05.alloc %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<ui32, shared>
// CHECK-NEXT: tirx.ptx.tcgen05.alloc cta_2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<i32, shared.dyn>
// CHECK-NEXT: tirx.ptx.tcgen05.relinquish_alloc_permit
// CHECK-NEXT: tirx.ptx.tcgen05.relinquish_alloc_permit cta_2
// CHECK-NEXT: tirx.ptx.tcgen05.dealloc %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.dealloc cta_1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
func.func @alloc(%slot: !tirx.ptr<ui32, shared>, %slot2: !tirx.ptr<i32, shared.dyn>, %t: !tirx.ptr<f32, tmem>, %n: i32) {
  tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, shared>
  tirx.ptx.tcgen05.alloc cta_2 %slot2, %n : !tirx.ptr<i32, shared.dyn>
  tirx.ptx.tcgen05.relinquish_alloc_permit
  tirx.ptx.tcgen05.relinquish_alloc_permit cta_2
  tirx.ptx.tcgen05.dealloc %t, %n : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.dealloc cta_1 %t, %n : !tirx.ptr<f32, tmem>
  return
}

// CHECK-LABEL: func.func @mma(
// CHECK: tirx.ptx.tcgen05.mma f16 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, i64
// CHECK-NEXT: tirx.ptx.tcgen05.mma tf32 cta_1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.mma f8f6f4 cta_1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} disable_output_lane %{{[a-z0-9_#]+}} : vector<4xi32> : !tirx.ptr<f32, tmem>, i64
// CHECK-NEXT: tirx.ptx.tcgen05.mma i8 cta_2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} disable_output_lane %{{[a-z0-9_#]+}} : vector<8xi32> : !tirx.ptr<f32, tmem>, i64
// CHECK-NEXT: tirx.ptx.tcgen05.mma.block_scale mxf8f6f4 scale_vec_1x %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.mma.block_scale mxf4 scale_vec_2x cta_2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.mma.block_scale mxf4nvf4 scale_vec_4x %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.mma.ws f16 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, i64
// CHECK-NEXT: tirx.ptx.tcgen05.mma.ws tf32 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} zero_col_mask %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>
func.func @mma(%d: !tirx.ptr<f32, tmem>, %ta: !tirx.ptr<f16, tmem>, %sf: !tirx.ptr<i8, tmem>, %a: i64, %b: i64,
               %idesc: i32, %acc: i1, %m4: vector<4xi32>, %m8: vector<8xi32>, %z: i64) {
  tirx.ptx.tcgen05.mma f16 %d, %a, %b, %idesc, %acc : !tirx.ptr<f32, tmem>, i64
  tirx.ptx.tcgen05.mma tf32 cta_1 %d, %ta, %b, %idesc, %acc : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>
  tirx.ptx.tcgen05.mma f8f6f4 cta_1 %d, %a, %b, %idesc, %acc disable_output_lane %m4 : vector<4xi32> : !tirx.ptr<f32, tmem>, i64
  tirx.ptx.tcgen05.mma i8 cta_2 %d, %a, %b, %idesc, %acc disable_output_lane %m8 : vector<8xi32> : !tirx.ptr<f32, tmem>, i64
  tirx.ptx.tcgen05.mma.block_scale mxf8f6f4 scale_vec_1x %d, %a, %b, %idesc, %sf, %sf, %acc : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  tirx.ptx.tcgen05.mma.block_scale mxf4 scale_vec_2x cta_2 %d, %a, %b, %idesc, %sf, %sf, %acc : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  tirx.ptx.tcgen05.mma.block_scale mxf4nvf4 scale_vec_4x %d, %ta, %b, %idesc, %sf, %sf, %acc : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  tirx.ptx.tcgen05.mma.ws f16 %d, %a, %b, %idesc, %acc : !tirx.ptr<f32, tmem>, i64
  tirx.ptx.tcgen05.mma.ws tf32 %d, %ta, %b, %idesc, %acc zero_col_mask %z : !tirx.ptr<f32, tmem>, !tirx.ptr<f16, tmem>
  return
}

// CHECK-LABEL: func.func @ld_st(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.tcgen05.ld shape_32x32b num = 16 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem> -> vector<16xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.tcgen05.ld shape_16x256b num = 2 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem> -> vector<8xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.tcgen05.ld shape_16x128b num = 4 pack %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem> -> vector<8xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.tcgen05.ld shape_16x32bx2 num = 4 %{{[a-z0-9_#]+}} offset = 16 : !tirx.ptr<f32, tmem> -> vector<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.tcgen05.ld shape_16x64b num = 8 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem> -> vector<8xi32>
// CHECK-NEXT: tirx.ptx.tcgen05.st shape_32x32b num = 16 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, vector<16xf32>
// CHECK-NEXT: tirx.ptx.tcgen05.st shape_16x256b num = 2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, vector<8xi32>
// CHECK-NEXT: tirx.ptx.tcgen05.st shape_32x32b num = 4 unpack %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>, vector<4xf32>
// CHECK-NEXT: tirx.ptx.tcgen05.st shape_16x32bx2 num = 4 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} offset = 8 : !tirx.ptr<f32, tmem>, vector<4xf32>
// CHECK-NEXT: tirx.ptx.tcgen05.wait ld
// CHECK-NEXT: tirx.ptx.tcgen05.wait st
func.func @ld_st(%t: !tirx.ptr<f32, tmem>, %v16: vector<16xf32>, %v8: vector<8xi32>, %v4: vector<4xf32>) {
  %0 = tirx.ptx.tcgen05.ld shape_32x32b num = 16 %t : !tirx.ptr<f32, tmem> -> vector<16xf32>
  %1 = tirx.ptx.tcgen05.ld shape_16x256b num = 2 %t : !tirx.ptr<f32, tmem> -> vector<8xi32>
  %2 = tirx.ptx.tcgen05.ld shape_16x128b num = 4 pack %t : !tirx.ptr<f32, tmem> -> vector<8xf32>
  %3 = tirx.ptx.tcgen05.ld shape_16x32bx2 num = 4 %t offset = 16 : !tirx.ptr<f32, tmem> -> vector<4xf32>
  %4 = tirx.ptx.tcgen05.ld shape_16x64b num = 8 %t : !tirx.ptr<f32, tmem> -> vector<8xi32>
  tirx.ptx.tcgen05.st shape_32x32b num = 16 %t, %v16 : !tirx.ptr<f32, tmem>, vector<16xf32>
  tirx.ptx.tcgen05.st shape_16x256b num = 2 %t, %v8 : !tirx.ptr<f32, tmem>, vector<8xi32>
  tirx.ptx.tcgen05.st shape_32x32b num = 4 unpack %t, %v4 : !tirx.ptr<f32, tmem>, vector<4xf32>
  tirx.ptx.tcgen05.st shape_16x32bx2 num = 4 %t, %v4 offset = 8 : !tirx.ptr<f32, tmem>, vector<4xf32>
  tirx.ptx.tcgen05.wait ld
  tirx.ptx.tcgen05.wait st
  return
}

// CHECK-LABEL: func.func @cp_commit_fence(
// CHECK: tirx.ptx.tcgen05.cp shape_128x256b %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.cp shape_4x256b b6x16_p32 cta_2 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.cp shape_64x128b warpx2_02_13 cta_1 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.cp shape_64x128b warpx2_01_23 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.cp shape_32x128b warpx4 b4x16_p64 %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.shift cta_1 %{{[a-z0-9_#]+}} : !tirx.ptr<f32, tmem>
// CHECK-NEXT: tirx.ptx.tcgen05.commit %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared>
// CHECK-NEXT: tirx.ptx.tcgen05.commit cta_2 %{{[a-z0-9_#]+}} multicast %{{[a-z0-9_#]+}} : !tirx.ptr<i64, shared.cluster>
// CHECK-NEXT: tirx.ptx.tcgen05.fence before_thread_sync
// CHECK-NEXT: tirx.ptx.tcgen05.fence after_thread_sync
func.func @cp_commit_fence(%t: !tirx.ptr<f32, tmem>, %desc: i64, %bar: !tirx.ptr<i64, shared>,
                           %peer: !tirx.ptr<i64, shared.cluster>, %mask: i16) {
  tirx.ptx.tcgen05.cp shape_128x256b %t, %desc : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.cp shape_4x256b b6x16_p32 cta_2 %t, %desc : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.cp shape_64x128b warpx2_02_13 cta_1 %t, %desc : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.cp shape_64x128b warpx2_01_23 %t, %desc : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.cp shape_32x128b warpx4 b4x16_p64 %t, %desc : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.shift cta_1 %t : !tirx.ptr<f32, tmem>
  tirx.ptx.tcgen05.commit %bar : !tirx.ptr<i64, shared>
  tirx.ptx.tcgen05.commit cta_2 %peer multicast %mask : !tirx.ptr<i64, shared.cluster>
  tirx.ptx.tcgen05.fence before_thread_sync
  tirx.ptx.tcgen05.fence after_thread_sync
  return
}
