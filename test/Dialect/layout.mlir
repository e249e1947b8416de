// RUN: tirx-opt %s | FileCheck %s
// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of #tirx.layout in the layout slot of !tirx.buffer, and the
// buffer views that keep a tile layout.

// CHECK-LABEL: func.func private @memory_layouts
// CHECK-SAME: !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
// CHECK-SAME: !tirx.buffer<128xf32, global, #tirx.layout<S[128:2] + 7>>
// CHECK-SAME: !tirx.buffer<8x16xf32, shared.dyn, #tirx.layout<S[(8, 2, 8):(8, 64, 1)]>>
func.func private @memory_layouts(
    !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>,
    !tirx.buffer<128xf32, global, #tirx.layout<S[128:2] + 7>>,
    !tirx.buffer<8x16xf32, shared.dyn, #tirx.layout<S[(8,2,8):(8,64,1)]>>)

// CHECK-LABEL: func.func private @register_layouts
// CHECK-SAME: !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>
// CHECK-SAME: #tirx.layout<S[(8, 2, 4, 2):(4@laneid, 1@warpid, 1@laneid, 1)] + R[2:4@warpid] + 5@warpid>
// CHECK-SAME: #tirx.layout<S[(4, 8, 4, 2):(1@wid_in_wg, 4@laneid, 1@laneid, 1)] + R[(2, 2):(1@tid_in_wg, 1@tx)]>
func.func private @register_layouts(
    !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>,
    !tirx.buffer<32x4xf32, local, #tirx.layout<S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid>>,
    !tirx.buffer<32x8xf32, local, #tirx.layout<S[(4,8,4,2):(1@wid_in_wg,4@laneid,1@laneid,1)] + R[(2,2):(1@tid_in_wg,1@tx)]>>)

// CHECK-LABEL: func.func private @tmem_and_cluster_layouts
// CHECK-SAME: !tirx.buffer<128x64xf32, tmem, #tirx.layout<S[(128, 64):(1@TLane, 1@TCol)]>>
// CHECK-SAME: !tirx.buffer<2x64xf32, shared, #tirx.layout<S[(2, 64):(1@cbx, 1)]>>
func.func private @tmem_and_cluster_layouts(
    !tirx.buffer<128x64xf32, tmem, #tirx.layout<S[(128, 64):(1@TLane, 1@TCol)]>>,
    !tirx.buffer<2x64xf32, shared, #tirx.layout<S[(2, 64):(1@cbx, 1)]>>)

// CHECK-LABEL: func.func @views
func.func @views(%A: !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // CHECK: tirx.buffer_slice {{.*}} -> !tirx.buffer<16x32xf16, shared, #tirx.layout<S[(16, 32):(64, 1)] + 1024, swizzle<3, 3, 3>>>
  %s = tirx.buffer_slice %A[%c16, %c0] [16, 32] : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>> -> !tirx.buffer<16x32xf16, shared, #tirx.layout<S[(16, 32):(64, 1)] + 1024, swizzle<3, 3, 3>>>
  // CHECK: tirx.buffer_reshape {{.*}} -> !tirx.buffer<4096xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
  %r = tirx.buffer_reshape %A : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>> -> !tirx.buffer<4096xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
  return
}
