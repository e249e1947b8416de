// RUN: tirx-opt %s --convert-tirx-to-nvvm | FileCheck %s

// Lowering of wgmma, mma.sync, ldmatrix and stmatrix. Register fragments
// (vectors) become the structs NVVM takes; f16 accumulators go in pairs. The
// register-A (RS) wgmma and a run-time scale-d have no NVVM op: they become
// inline PTX.

gpu.module @m {
  // CHECK-LABEL: gpu.func @wgmma
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK: nvvm.wgmma.mma_async %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, <m = 64, n = 16, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)> -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred %{{[a-z0-9_]+}};\0Asetp.ne.b32 %{{[a-z0-9_]+}}, $21, 0;\0Awgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {$0, $1, $2, $3, $4, $5, $6, $7}, {$16, $17, $18, $19}, $20, %{{[a-z0-9_]+}}, 1, -1, 1;\0A}", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,r,r,r,r,l,r" %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : (f32, f32, f32, f32, f32, f32, f32, f32, i32, i32, i32, i32, i64, i32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
  // CHECK: nvvm.wgmma.mma_async %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, <m = 64, n = 16, k = 32>, D[<s32>, <one>, <satfinite>], A[<s8>, <one>, <row>], B[<s8>, <one>, <col>] : !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)> -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32)>
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: nvvm.wgmma.wait.group.sync.aligned 0
  gpu.func @wgmma(%da: i64, %db: i64, %acc: vector<8xf32>, %areg: vector<4xi32>, %sd: i1, %iacc: vector<8xi32>) {
    tirx.ptx.wgmma.fence
    %true = arith.constant true
    %r = tirx.ptx.wgmma.mma_async %da, %db, %acc, %true shape = [64, 16, 16] d = f32 a = f16 b = f16 : i64, vector<8xf32>
    %r2 = tirx.ptx.wgmma.mma_async %areg, %db, %r, %sd shape = [64, 16, 16] d = f32 a = bf16 b = bf16 scale_b = neg layout_b = row : vector<4xi32>, vector<8xf32>
    %r3 = tirx.ptx.wgmma.mma_async %da, %db, %iacc, %true shape = [64, 16, 32] d = s32 a = s8 b = s8 satfinite : i64, vector<8xi32>
    tirx.ptx.wgmma.commit_group
    tirx.ptx.wgmma.wait_group 0
    gpu.return
  }
  // CHECK-LABEL: gpu.func @mma_sync
  // CHECK: nvvm.mma.sync A[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  B[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  C[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK: nvvm.mma.sync A[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  B[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  C[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  // CHECK: nvvm.mma.sync A[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  B[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  C[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  // CHECK: nvvm.mma.sync A[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  B[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  C[%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
  gpu.func @mma_sync(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>, %ch: vector<4xf16>, %ci: vector<4xi32>) {
    %d = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    %e = tirx.ptx.mma.sync %a, %b, %ch shape = [16, 8, 16] d = f16 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf16>
    %f = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 16] d = f32 a = bf16 b = bf16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
    %g = tirx.ptx.mma.sync %a, %b, %ci shape = [16, 8, 32] d = s32 a = s8 b = s8 satfinite : vector<4xi32>, vector<2xi32>, vector<4xi32>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @ldst_matrix
  // CHECK: nvvm.ldmatrix %{{[a-z0-9_]+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  // CHECK: nvvm.ldmatrix %{{[a-z0-9_]+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> i32
  // CHECK: nvvm.stmatrix %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
  // CHECK: nvvm.stmatrix %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32
  gpu.func @ldst_matrix(%p: !tirx.ptr<f16, shared>, %v: vector<4xi32>, %v1: vector<1xi32>) {
    %a = tirx.ptx.ldmatrix %p m8n8 x4 b16 trans : !tirx.ptr<f16, shared> -> vector<4xi32>
    %b = tirx.ptx.ldmatrix %p m8n8 x1 b16 : !tirx.ptr<f16, shared> -> vector<1xi32>
    tirx.ptx.stmatrix %p, %v m8n8 x4 b16 : !tirx.ptr<f16, shared>, vector<4xi32>
    tirx.ptx.stmatrix %p, %v1 m8n8 x1 b16 trans : !tirx.ptr<f16, shared>, vector<1xi32>
    gpu.return
  }
}
