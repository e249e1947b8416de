// RUN: tirx-opt %s | tirx-opt | FileCheck %s
// RUN: tirx-opt %s --mlir-print-op-generic | tirx-opt | FileCheck %s

// Round trip of the wgmma, mma.sync, ldmatrix and stmatrix ops.

// CHECK-LABEL: func.func @wgmma(
// CHECK: tirx.ptx.wgmma.fence
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 128, 16] d = f32 a = f16 b = f16 : i64, vector<64xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 128, 16] d = f32 a = bf16 b = bf16 scale_a = neg scale_b = one layout_a = row layout_b = col : i64, vector<64xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 128, 8] d = f32 a = tf32 b = tf32 : vector<4xi32>, vector<64xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 8, 32] d = f16 a = e4m3 b = e5m2 : i64, vector<4xf16>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 256, 32] d = s32 a = s8 b = u8 satfinite : i64, vector<128xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.wgmma.mma_async %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [64, 256, 256] d = s32 a = b1 b = b1 : i64, vector<128xi32>
// CHECK-NEXT: tirx.ptx.wgmma.commit_group
// CHECK-NEXT: tirx.ptx.wgmma.wait_group 0
func.func @wgmma(%da: i64, %db: i64, %ra: vector<4xi32>, %acc: vector<64xf32>, %hacc: vector<4xf16>,
                 %iacc: vector<128xi32>, %s: i1) {
  tirx.ptx.wgmma.fence
  %0 = tirx.ptx.wgmma.mma_async %da, %db, %acc, %s shape = [64, 128, 16] d = f32 a = f16 b = f16 : i64, vector<64xf32>
  %1 = tirx.ptx.wgmma.mma_async %da, %db, %acc, %s shape = [64, 128, 16] d = f32 a = bf16 b = bf16 scale_a = neg scale_b = one layout_a = row layout_b = col : i64, vector<64xf32>
  %2 = tirx.ptx.wgmma.mma_async %ra, %db, %acc, %s shape = [64, 128, 8] d = f32 a = tf32 b = tf32 : vector<4xi32>, vector<64xf32>
  %3 = tirx.ptx.wgmma.mma_async %da, %db, %hacc, %s shape = [64, 8, 32] d = f16 a = e4m3 b = e5m2 : i64, vector<4xf16>
  %4 = tirx.ptx.wgmma.mma_async %da, %db, %iacc, %s shape = [64, 256, 32] d = s32 a = s8 b = u8 satfinite : i64, vector<128xi32>
  %5 = tirx.ptx.wgmma.mma_async %da, %db, %iacc, %s shape = [64, 256, 256] d = s32 a = b1 b = b1 : i64, vector<128xi32>
  tirx.ptx.wgmma.commit_group
  tirx.ptx.wgmma.wait_group 0
  return
}

// CHECK-LABEL: func.func @mma_sync(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [8, 8, 4] d = f16 a = f16 b = f16 layout_a = col layout_b = row : vector<4xi32>, vector<2xi32>, vector<2xf16>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [16, 8, 8] d = f32 a = tf32 b = tf32 : vector<4xi32>, vector<2xi32>, vector<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [16, 8, 32] d = f32 a = e4m3 b = e4m3 : vector<4xi32>, vector<2xi32>, vector<4xf32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [16, 8, 32] d = s32 a = s8 b = s8 satfinite : vector<4xi32>, vector<2xi32>, vector<4xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [8, 8, 4] d = f64 a = f64 b = f64 : vector<1xf64>, vector<1xf64>, vector<2xf64>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.mma.sync %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} shape = [16, 8, 256] d = s32 a = b1 b = b1 : vector<4xi32>, vector<2xi32>, vector<4xi32>
func.func @mma_sync(%a4: vector<4xi32>, %b2: vector<2xi32>, %c4: vector<4xf32>, %h2: vector<2xf16>,
                    %i4: vector<4xi32>, %da: vector<1xf64>, %dc: vector<2xf64>) {
  %0 = tirx.ptx.mma.sync %a4, %b2, %c4 shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  %1 = tirx.ptx.mma.sync %a4, %b2, %h2 shape = [8, 8, 4] d = f16 a = f16 b = f16 layout_a = col layout_b = row : vector<4xi32>, vector<2xi32>, vector<2xf16>
  %2 = tirx.ptx.mma.sync %a4, %b2, %c4 shape = [16, 8, 8] d = f32 a = tf32 b = tf32 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  %3 = tirx.ptx.mma.sync %a4, %b2, %c4 shape = [16, 8, 32] d = f32 a = e4m3 b = e4m3 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  %4 = tirx.ptx.mma.sync %a4, %b2, %i4 shape = [16, 8, 32] d = s32 a = s8 b = s8 satfinite : vector<4xi32>, vector<2xi32>, vector<4xi32>
  %5 = tirx.ptx.mma.sync %da, %da, %dc shape = [8, 8, 4] d = f64 a = f64 b = f64 : vector<1xf64>, vector<1xf64>, vector<2xf64>
  %6 = tirx.ptx.mma.sync %a4, %b2, %i4 shape = [16, 8, 256] d = s32 a = b1 b = b1 : vector<4xi32>, vector<2xi32>, vector<4xi32>
  return
}

// CHECK-LABEL: func.func @ldst_matrix(
// CHECK: %{{[a-z0-9_#]+}} = tirx.ptx.ldmatrix %{{[a-z0-9_#]+}} m8n8 x4 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.ldmatrix %{{[a-z0-9_#]+}} m8n8 x1 b16 trans : !tirx.ptr<f16, shared> -> vector<1xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.ldmatrix %{{[a-z0-9_#]+}} m16n16 x2 b8 trans : !tirx.ptr<i8, shared.dyn> -> vector<4xi32>
// CHECK-NEXT: %{{[a-z0-9_#]+}} = tirx.ptx.ldmatrix %{{[a-z0-9_#]+}} m8n16 x2 b8x16.b6x16_p32 : !tirx.ptr<i8, shared.dyn> -> vector<2xi32>
// CHECK-NEXT: tirx.ptx.stmatrix %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} m8n8 x4 b16 trans : !tirx.ptr<f16, shared>, vector<4xi32>
// CHECK-NEXT: tirx.ptx.stmatrix %{{[a-z0-9_#]+}}, %{{[a-z0-9_#]+}} m16n8 x1 b8 trans : !tirx.ptr<i8, shared.dyn>, vector<1xi32>
func.func @ldst_matrix(%p: !tirx.ptr<f16, shared>, %q: !tirx.ptr<i8, shared.dyn>, %v4: vector<4xi32>, %v1: vector<1xi32>) {
  %0 = tirx.ptx.ldmatrix %p m8n8 x4 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
  %1 = tirx.ptx.ldmatrix %p m8n8 x1 b16 trans : !tirx.ptr<f16, shared> -> vector<1xi32>
  %2 = tirx.ptx.ldmatrix %q m16n16 x2 b8 trans : !tirx.ptr<i8, shared.dyn> -> vector<4xi32>
  %3 = tirx.ptx.ldmatrix %q m8n16 x2 b8x16.b6x16_p32 : !tirx.ptr<i8, shared.dyn> -> vector<2xi32>
  tirx.ptx.stmatrix %p, %v4 m8n8 x4 b16 trans : !tirx.ptr<f16, shared>, vector<4xi32>
  tirx.ptx.stmatrix %q, %v1 m16n8 x1 b8 trans : !tirx.ptr<i8, shared.dyn>, vector<1xi32>
  return
}
