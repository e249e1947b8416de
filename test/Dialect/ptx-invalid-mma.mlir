// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Verifier messages of wgmma, mma.sync, ldmatrix/stmatrix and tcgen05.

func.func @wgmma_shape_arity(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{shape must be [m, n, k], got 2 values}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128] d = f32 a = f16 b = f16 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_types(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{unsupported input types a = f16, b = bf16}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128, 16] d = f32 a = f16 b = bf16 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_f64(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{unsupported input types a = f64, b = f64}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128, 4] d = f64 a = f64 b = f64 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_acc_type(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{accumulator type d = f16 is not supported with a = bf16}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128, 16] d = f16 a = bf16 b = bf16 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_m(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{m must be 64, got 128}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [128, 128, 16] d = f32 a = f16 b = f16 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_n(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{n must be a multiple of 8 in [8, 256], got 100}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 100, 16] d = f32 a = f16 b = f16 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_k(%a: i64, %c: vector<64xf32>, %s: i1) {
  // expected-error @+1 {{k must be 32 for a = e4m3, got 16}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128, 16] d = f32 a = e4m3 b = e4m3 : i64, vector<64xf32>
  return
}

// -----

func.func @wgmma_acc_vector(%a: i64, %c: vector<32xf32>, %s: i1) {
  // expected-error @+1 {{accumulator must be 'vector<64xf32>' for n = 128 and d = f32, got 'vector<32xf32>'}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 128, 16] d = f32 a = f16 b = f16 : i64, vector<32xf32>
  return
}

// -----

func.func @wgmma_b1_register(%r: vector<4xi32>, %a: i64, %c: vector<4xi32>, %s: i1) {
  // expected-error @+1 {{b1 inputs need a shared-memory descriptor for a}}
  %0 = tirx.ptx.wgmma.mma_async %r, %a, %c, %s shape = [64, 8, 256] d = s32 a = b1 b = b1 : vector<4xi32>, vector<4xi32>
  return
}

// -----

func.func @wgmma_rs_layout(%r: vector<4xi32>, %a: i64, %c: vector<4xf32>, %s: i1) {
  // expected-error @+1 {{layout_a only applies to a shared-memory descriptor}}
  %0 = tirx.ptx.wgmma.mma_async %r, %a, %c, %s shape = [64, 8, 16] d = f32 a = f16 b = f16 layout_a = col : vector<4xi32>, vector<4xf32>
  return
}

// -----

func.func @wgmma_tf32_layout(%a: i64, %c: vector<4xf32>, %s: i1) {
  // expected-error @+1 {{layout_a and layout_b only apply to f16 and bf16 inputs}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 8, 8] d = f32 a = tf32 b = tf32 layout_b = row : i64, vector<4xf32>
  return
}

// -----

func.func @wgmma_int_scale(%a: i64, %c: vector<4xi32>, %s: i1) {
  // expected-error @+1 {{scale_a and scale_b only apply to floating-point inputs}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 8, 32] d = s32 a = s8 b = s8 scale_a = neg : i64, vector<4xi32>
  return
}

// -----

func.func @wgmma_float_satfinite(%a: i64, %c: vector<4xf32>, %s: i1) {
  // expected-error @+1 {{satfinite only applies to integer accumulators}}
  %0 = tirx.ptx.wgmma.mma_async %a, %a, %c, %s shape = [64, 8, 16] d = f32 a = f16 b = f16 satfinite : i64, vector<4xf32>
  return
}

// -----

func.func @wgmma_rs_wrong_vector(%r: vector<2xi32>, %a: i64, %c: vector<4xf32>, %s: i1) {
  // expected-error @+1 {{operand #0 must be 64-bit signless integer or vector of 32-bit signless integer values of length 4}}
  %0 = tirx.ptx.wgmma.mma_async %r, %a, %c, %s shape = [64, 8, 16] d = f32 a = f16 b = f16 : vector<2xi32>, vector<4xf32>
  return
}

// -----

func.func @mma_sync_shape(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>) {
  // expected-error @+1 {{shape [16, 8, 4] is not supported for a = f16}}
  %0 = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 4] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  return
}

// -----

func.func @mma_sync_acc_elt(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>) {
  // expected-error @+1 {{accumulator must have element type 'i32' for d = s32, got 'vector<4xf32>'}}
  %0 = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 32] d = s32 a = s8 b = u8 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  return
}

// -----

func.func @mma_sync_layout(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>) {
  // expected-error @+1 {{layouts other than layout_a = row, layout_b = col need the m8n8k4 f16 shape}}
  %0 = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 16] d = f32 a = f16 b = f16 layout_a = col : vector<4xi32>, vector<2xi32>, vector<4xf32>
  return
}

// -----

func.func @mma_sync_types(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<4xf32>) {
  // expected-error @+1 {{unsupported input types a = s8, b = s4}}
  %0 = tirx.ptx.mma.sync %a, %b, %c shape = [16, 8, 32] d = s32 a = s8 b = s4 : vector<4xi32>, vector<2xi32>, vector<4xf32>
  return
}

// -----

func.func @ldmatrix_elt(%p: !tirx.ptr<f16, shared>) {
  // expected-error @+1 {{m8n8 does not support b8 elements}}
  %0 = tirx.ptx.ldmatrix %p m8n8 x4 b8 : !tirx.ptr<f16, shared> -> vector<4xi32>
  return
}

// -----

func.func @ldmatrix_count(%p: !tirx.ptr<f16, shared>) {
  // expected-error @+1 {{result must be 'vector<2xi32>', got 'vector<4xi32>'}}
  %0 = tirx.ptx.ldmatrix %p m8n8 x2 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
  return
}

// -----

func.func @ldmatrix_m16n8(%p: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{m16n8 is a stmatrix shape}}
  %0 = tirx.ptx.ldmatrix %p m16n8 x1 b8 trans : !tirx.ptr<i8, shared> -> vector<1xi32>
  return
}

// -----

func.func @ldmatrix_m16n16_trans(%p: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{m16n16 needs trans}}
  %0 = tirx.ptx.ldmatrix %p m16n16 x1 b8 : !tirx.ptr<i8, shared> -> vector<2xi32>
  return
}

// -----

func.func @ldmatrix_m16n16_x4(%p: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{m16n16 does not support x4}}
  %0 = tirx.ptx.ldmatrix %p m16n16 x4 b8 trans : !tirx.ptr<i8, shared> -> vector<8xi32>
  return
}

// -----

func.func @ldmatrix_m8n16_trans(%p: !tirx.ptr<i8, shared>) {
  // expected-error @+1 {{m8n16 does not support trans}}
  %0 = tirx.ptx.ldmatrix %p m8n16 x1 b8x16.b4x16_p64 trans : !tirx.ptr<i8, shared> -> vector<1xi32>
  return
}

// -----

func.func @ldmatrix_global(%p: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{operand #0 must be pointer in shared or shared.dyn memory}}
  %0 = tirx.ptx.ldmatrix %p m8n8 x1 b16 : !tirx.ptr<f16, global> -> vector<1xi32>
  return
}

// -----

func.func @stmatrix_m16n16(%p: !tirx.ptr<i8, shared>, %v: vector<2xi32>) {
  // expected-error @+1 {{m16n16 is an ldmatrix shape}}
  tirx.ptx.stmatrix %p, %v m16n16 x1 b8 trans : !tirx.ptr<i8, shared>, vector<2xi32>
  return
}

// -----

func.func @stmatrix_m8n16(%p: !tirx.ptr<i8, shared>, %v: vector<1xi32>) {
  // expected-error @+1 {{m8n16 is an ldmatrix shape}}
  tirx.ptx.stmatrix %p, %v m8n16 x1 b8x16.b6x16_p32 : !tirx.ptr<i8, shared>, vector<1xi32>
  return
}

// -----

func.func @stmatrix_m16n8_trans(%p: !tirx.ptr<i8, shared>, %v: vector<1xi32>) {
  // expected-error @+1 {{m16n8 needs trans}}
  tirx.ptx.stmatrix %p, %v m16n8 x1 b8 : !tirx.ptr<i8, shared>, vector<1xi32>
  return
}

// -----

func.func @stmatrix_count(%p: !tirx.ptr<f16, shared>, %v: vector<2xi32>) {
  // expected-error @+1 {{stored value must be 'vector<4xi32>', got 'vector<2xi32>'}}
  tirx.ptx.stmatrix %p, %v m8n8 x4 b16 : !tirx.ptr<f16, shared>, vector<2xi32>
  return
}

// -----

func.func @tcgen05_alloc_slot(%p: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 32-bit slot in shared, shared.dyn or generic memory}}
  tirx.ptx.tcgen05.alloc %p, %n : !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tcgen05_dealloc_shared(%p: !tirx.ptr<f32, shared>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer in tmem}}
  tirx.ptx.tcgen05.dealloc %p, %n : !tirx.ptr<f32, shared>
  return
}

// -----

func.func @tcgen05_mma_d_shared(%d: !tirx.ptr<f32, shared>, %a: i64, %i: i32, %p: i1) {
  // expected-error @+1 {{operand #0 must be pointer in tmem}}
  tirx.ptx.tcgen05.mma f16 %d, %a, %a, %i, %p : !tirx.ptr<f32, shared>, i64
  return
}

// -----

func.func @tcgen05_mma_lanes(%d: !tirx.ptr<f32, tmem>, %a: i64, %i: i32, %p: i1, %m: vector<4xi32>) {
  // expected-error @+1 {{disable_output_lane must be 'vector<8xi32>' for cta_2, got 'vector<4xi32>'}}
  tirx.ptx.tcgen05.mma f16 cta_2 %d, %a, %a, %i, %p disable_output_lane %m : vector<4xi32> : !tirx.ptr<f32, tmem>, i64
  return
}

// -----

func.func @block_scale_mxf8(%d: !tirx.ptr<f32, tmem>, %a: i64, %i: i32, %s: !tirx.ptr<i8, tmem>, %p: i1) {
  // expected-error @+1 {{kind mxf8f6f4 needs scale_vec_1x, got scale_vec_2x}}
  tirx.ptx.tcgen05.mma.block_scale mxf8f6f4 scale_vec_2x %d, %a, %a, %i, %s, %s, %p : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  return
}

// -----

func.func @block_scale_mxf4(%d: !tirx.ptr<f32, tmem>, %a: i64, %i: i32, %s: !tirx.ptr<i8, tmem>, %p: i1) {
  // expected-error @+1 {{kind mxf4 needs scale_vec_2x, got scale_vec_4x}}
  tirx.ptx.tcgen05.mma.block_scale mxf4 scale_vec_4x %d, %a, %a, %i, %s, %s, %p : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  return
}

// -----

func.func @block_scale_nvf4(%d: !tirx.ptr<f32, tmem>, %a: i64, %i: i32, %s: !tirx.ptr<i8, tmem>, %p: i1) {
  // expected-error @+1 {{kind mxf4nvf4 needs scale_vec_2x or scale_vec_4x, got scale_vec_1x}}
  tirx.ptx.tcgen05.mma.block_scale mxf4nvf4 scale_vec_1x %d, %a, %a, %i, %s, %s, %p : !tirx.ptr<f32, tmem>, i64, !tirx.ptr<i8, tmem>, !tirx.ptr<i8, tmem>
  return
}

// -----

func.func @tcgen05_ld_count(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{result must have 8 elements for shape_16x128b with num = 4, got 'vector<4xf32>'}}
  %0 = tirx.ptx.tcgen05.ld shape_16x128b num = 4 %t : !tirx.ptr<f32, tmem> -> vector<4xf32>
  return
}

// -----

func.func @tcgen05_ld_too_many(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{shape_16x256b with num = 64 moves 256 registers per thread, more than 128}}
  %0 = tirx.ptx.tcgen05.ld shape_16x256b num = 64 %t : !tirx.ptr<f32, tmem> -> vector<256xf32>
  return
}

// -----

// pack puts two 16-bit elements in each register: num = 2 is two registers.
func.func @tcgen05_ld_pack_count(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{result must have 2 elements for shape_32x32b with num = 2, got 'vector<1xi32>'}}
  %0 = tirx.ptx.tcgen05.ld shape_32x32b num = 2 pack %t : !tirx.ptr<f32, tmem> -> vector<1xi32>
  return
}

// -----

func.func @tcgen05_ld_no_offset(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{shape_16x32bx2 needs an immediate offset}}
  %0 = tirx.ptx.tcgen05.ld shape_16x32bx2 num = 2 %t : !tirx.ptr<f32, tmem> -> vector<2xf32>
  return
}

// -----

func.func @tcgen05_ld_offset(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{offset only applies to shape_16x32bx2}}
  %0 = tirx.ptx.tcgen05.ld shape_32x32b num = 2 %t offset = 4 : !tirx.ptr<f32, tmem> -> vector<2xf32>
  return
}

// -----

func.func @tcgen05_ld_num(%t: !tirx.ptr<f32, tmem>) {
  // expected-error @+1 {{attribute 'num' failed to satisfy constraint: 32-bit signless integer attribute whose value is one of {1, 2, 4, 8, 16, 32, 64, 128}}}
  %0 = tirx.ptx.tcgen05.ld shape_32x32b num = 3 %t : !tirx.ptr<f32, tmem> -> vector<3xf32>
  return
}

// -----

func.func @tcgen05_st_count(%t: !tirx.ptr<f32, tmem>, %v: vector<4xf32>) {
  // expected-error @+1 {{stored value must have 8 elements for shape_32x32b with num = 8, got 'vector<4xf32>'}}
  tirx.ptx.tcgen05.st shape_32x32b num = 8 unpack %t, %v : !tirx.ptr<f32, tmem>, vector<4xf32>
  return
}

// -----

func.func @tcgen05_cp_64x128b(%t: !tirx.ptr<f32, tmem>, %d: i64) {
  // expected-error @+1 {{shape_64x128b needs warpx2_02_13 or warpx2_01_23 multicast}}
  tirx.ptx.tcgen05.cp shape_64x128b %t, %d : !tirx.ptr<f32, tmem>
  return
}

// -----

func.func @tcgen05_cp_32x128b(%t: !tirx.ptr<f32, tmem>, %d: i64) {
  // expected-error @+1 {{shape_32x128b needs warpx4 multicast}}
  tirx.ptx.tcgen05.cp shape_32x128b warpx2_01_23 %t, %d : !tirx.ptr<f32, tmem>
  return
}

// -----

func.func @tcgen05_cp_no_multicast(%t: !tirx.ptr<f32, tmem>, %d: i64) {
  // expected-error @+1 {{shape_128x256b takes no multicast}}
  tirx.ptx.tcgen05.cp shape_128x256b warpx4 %t, %d : !tirx.ptr<f32, tmem>
  return
}

// -----

func.func @tcgen05_commit_global(%b: !tirx.ptr<i64, global>) {
  // expected-error @+1 {{operand #0 must be pointer to a 64-bit mbarrier in shared, shared.dyn, shared.cluster or generic memory}}
  tirx.ptx.tcgen05.commit %b : !tirx.ptr<i64, global>
  return
}

// -----

func.func @alloc_slot_in_global(%slot: !tirx.ptr<ui32, global>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a 32-bit slot in shared, shared.dyn or generic memory}}
  tirx.ptx.tcgen05.alloc %slot, %n : !tirx.ptr<ui32, global>
  return
}
