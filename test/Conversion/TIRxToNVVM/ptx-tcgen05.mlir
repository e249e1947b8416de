// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// Lowering of the tcgen05 family to NVVM (tensor-memory pointers are
// !llvm.ptr<6>; f32 register vectors are bitcast to the i32 vectors NVVM
// takes).

gpu.module @m {
  // CHECK-LABEL: gpu.func @tcgen05
  // CHECK: nvvm.tcgen05.alloc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<3>, i32
  // CHECK: nvvm.tcgen05.alloc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i32
  // CHECK: nvvm.tcgen05.relinquish_alloc_permit
  // CHECK: nvvm.tcgen05.fence <after>
  // CHECK: nvvm.tcgen05.cp %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
  // CHECK: nvvm.tcgen05.cp %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {multicast = #nvvm.tcgen05_cp_multicast<warpx2_02_13>, shape = #nvvm.tcgen05_cp_shape<shape_64x128b>, srcFormat = #nvvm.tcgen05_cp_src_fmt<b6x16_p32>}
  // CHECK: nvvm.tcgen05.mma %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)
  // CHECK: nvvm.tcgen05.mma %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} mask = %{{[a-z0-9_]+}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<tf32>} : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1, vector<4xi32>)
  // CHECK: nvvm.tcgen05.mma.block_scale %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>} : (!llvm.ptr<6>, i64, i64, i32, i1, !llvm.ptr<6>, !llvm.ptr<6>)
  // CHECK: nvvm.tcgen05.mma.ws %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {kind = #nvvm.tcgen05_mma_kind<i8>} : (!llvm.ptr<6>, i64, i64, i32, i1, i64)
  // CHECK: nvvm.tcgen05.commit %{{[a-z0-9_]+}} : !llvm.ptr<3>
  // CHECK: nvvm.tcgen05.commit %{{[a-z0-9_]+}}, multicast_mask = %{{[a-z0-9_]+}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
  // CHECK: nvvm.tcgen05.ld %{{[a-z0-9_]+}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
  // CHECK: nvvm.tcgen05.ld %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} pack {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<4xi32>
  // CHECK: nvvm.tcgen05.st %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
  // CHECK: nvvm.tcgen05.st %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} unpack {shape = #nvvm.tcgen05_ldst_shape<shape_16x64b>} : vector<8xi32>
  // CHECK: nvvm.tcgen05.wait <load>
  // CHECK: nvvm.tcgen05.wait <store>
  // CHECK: nvvm.tcgen05.shift %{{[a-z0-9_]+}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<6>
  // CHECK: nvvm.tcgen05.fence <before>
  // CHECK: nvvm.tcgen05.dealloc %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : !llvm.ptr<6>, i32
  gpu.func @tcgen05(%slot: !tirx.ptr<ui32, shared>, %n: i32, %t: !tirx.ptr<f32, tmem>, %ad: i64, %bd: i64, %id: i32, %acc: i1, %bar: !tirx.ptr<i64, shared>, %mask: i16, %lanes: vector<4xi32>, %sa: !tirx.ptr<i8, tmem>, %zm: i64, %v: vector<16xf32>, %vi: vector<8xi32>) {
    tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, shared>
    tirx.ptx.tcgen05.alloc cta_2 %slot, %n : !tirx.ptr<ui32, shared>
    tirx.ptx.tcgen05.relinquish_alloc_permit cta_1
    tirx.ptx.tcgen05.fence after_thread_sync
    tirx.ptx.tcgen05.cp shape_128x256b cta_1 %t, %ad : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.cp shape_64x128b warpx2_02_13 b6x16_p32 %t, %ad : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.mma f16 cta_1 %t, %ad, %bd, %id, %acc : !tirx.ptr<f32, tmem>, i64
    tirx.ptx.tcgen05.mma tf32 %t, %t, %bd, %id, %acc disable_output_lane %lanes : vector<4xi32> : !tirx.ptr<f32, tmem>, !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.mma.block_scale mxf8f6f4 scale_vec_1x %t, %ad, %bd, %id, %sa, %sa, %acc : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
    tirx.ptx.tcgen05.mma.ws i8 %t, %ad, %bd, %id, %acc zero_col_mask %zm : !tirx.ptr<f32, tmem>, i64
    tirx.ptx.tcgen05.commit %bar : !tirx.ptr<i64, shared>
    tirx.ptx.tcgen05.commit cta_2 %bar multicast %mask : !tirx.ptr<i64, shared>
    %r = tirx.ptx.tcgen05.ld shape_32x32b num = 16 %t : !tirx.ptr<f32, tmem> -> vector<16xf32>
    %q = tirx.ptx.tcgen05.ld shape_16x32bx2 num = 4 pack %t offset = 2 : !tirx.ptr<f32, tmem> -> vector<4xi32>
    tirx.ptx.tcgen05.st shape_32x32b num = 16 %t, %v : !tirx.ptr<f32, tmem>, vector<16xf32>
    tirx.ptx.tcgen05.st shape_16x64b num = 8 unpack %t, %vi : !tirx.ptr<f32, tmem>, vector<8xi32>
    tirx.ptx.tcgen05.wait ld
    tirx.ptx.tcgen05.wait st
    tirx.ptx.tcgen05.shift cta_2 %t : !tirx.ptr<f32, tmem>
    tirx.ptx.tcgen05.fence before_thread_sync
    tirx.ptx.tcgen05.dealloc %t, %n : !tirx.ptr<f32, tmem>
    gpu.return
  }
}
