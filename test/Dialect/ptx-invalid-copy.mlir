// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Verifier messages of cp.async, cp.async.bulk and cp.async.bulk.tensor.

func.func @cp_async_cg_size(%d: !tirx.ptr<f16, shared>, %s: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{cg copies exactly 16 bytes, got 8}}
  tirx.ptx.cp.async cg %d, %s, 8 : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  return
}

// -----

func.func @cp_async_size(%d: !tirx.ptr<f16, shared>, %s: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{attribute 'size' failed to satisfy constraint: 32-bit signless integer attribute whose value is one of {4, 8, 16}}}
  tirx.ptx.cp.async ca %d, %s, 12 : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  return
}

// -----

func.func @cp_async_swapped(%d: !tirx.ptr<f16, global>, %s: !tirx.ptr<f16, shared>) {
  // expected-error @+1 {{operand #0 must be pointer in shared or shared.dyn memory}}
  tirx.ptx.cp.async ca %d, %s, 4 : !tirx.ptr<f16, global>, !tirx.ptr<f16, shared>
  return
}

// -----

func.func @bulk_s2s_local(%d: !tirx.ptr<f32, shared>, %s: !tirx.ptr<f32, shared>, %b: !tirx.ptr<i64, shared>, %n: i32) {
  // expected-error @+1 {{operand #0 must be pointer in shared.cluster memory}}
  tirx.ptx.cp.async.bulk.s2s %d, %s, %b, %n : !tirx.ptr<f32, shared>, !tirx.ptr<f32, shared>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_coords(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{expects 3 coordinates for a rank-3 tensor, got 2}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 3 %d, %t[%x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_rank(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{attribute 'rank' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 5}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 6 %d, %t[%x, %x, %x, %x, %x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_dst_global(%d: !tirx.ptr<f16, global>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{operand #0 must be pointer in shared, shared.dyn or shared.cluster memory}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %b : !tirx.ptr<f16, global>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_desc_type(%d: !tirx.ptr<f16, shared>, %t: !tirx.ptr<f16, global>, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{operand #1 must be !tirx.tensormap or pointer to one}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 1 %d, %t[%x], %b : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_im2col_rank(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{im2col mode needs a rank of 3 to 5, got 2}}
  tirx.ptx.cp.async.bulk.tensor.load im2col rank 2 %d, %t[%x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_im2col_offsets(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32, %o: i16) {
  // expected-error @+1 {{expects 2 im2col offsets for a rank-4 tensor, got 1}}
  tirx.ptx.cp.async.bulk.tensor.load im2col rank 4 %d, %t[%x, %x, %x, %x] im2col [%o], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_offsets_in_tile(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32, %o: i16) {
  // expected-error @+1 {{im2col offsets need im2col mode}}
  tirx.ptx.cp.async.bulk.tensor.load tile rank 3 %d, %t[%x, %x, %x] im2col [%o], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_gather4_rank(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{tile.gather4 mode needs rank 2, got 3}}
  tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 3 %d, %t[%x, %x, %x, %x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_gather4_coords(%d: !tirx.ptr<f16, shared>, %t: !tirx.tensormap, %b: !tirx.ptr<i64, shared>, %x: i32) {
  // expected-error @+1 {{tile.gather4 mode expects 5 coordinates (a column and four rows), got 2}}
  tirx.ptx.cp.async.bulk.tensor.load tile.gather4 rank 2 %d, %t[%x, %x], %b : !tirx.ptr<f16, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
  return
}

// -----

func.func @tma_store_coords(%t: !tirx.tensormap, %s: !tirx.ptr<f32, shared>, %x: i32) {
  // expected-error @+1 {{expects 2 coordinates for a rank-2 tensor, got 1}}
  tirx.ptx.cp.async.bulk.tensor.store tile rank 2 %t[%x], %s : !tirx.tensormap, !tirx.ptr<f32, shared>
  return
}

// -----

func.func @tma_store_scatter4(%t: !tirx.tensormap, %s: !tirx.ptr<f32, shared>, %x: i32) {
  // expected-error @+1 {{tile.scatter4 mode expects 5 coordinates (a column and four rows), got 2}}
  tirx.ptx.cp.async.bulk.tensor.store tile.scatter4 rank 2 %t[%x, %x], %s : !tirx.tensormap, !tirx.ptr<f32, shared>
  return
}

// -----

func.func @tma_reduce_scatter4(%t: !tirx.tensormap, %s: !tirx.ptr<f32, shared>, %x: i32) {
  // expected-error @+1 {{tile.scatter4 mode does not reduce}}
  tirx.ptx.cp.async.bulk.tensor.reduce add tile.scatter4 rank 2 %t[%x, %x, %x, %x, %x], %s : !tirx.tensormap, !tirx.ptr<f32, shared>
  return
}

// -----

func.func @tma_reduce_coords(%t: !tirx.tensormap, %s: !tirx.ptr<f32, shared>, %x: i32) {
  // expected-error @+1 {{expects 1 coordinates for a rank-1 tensor, got 2}}
  tirx.ptx.cp.async.bulk.tensor.reduce min tile rank 1 %t[%x, %x], %s : !tirx.tensormap, !tirx.ptr<f32, shared>
  return
}

// -----

func.func @tma_prefetch_offsets(%t: !tirx.tensormap, %x: i32, %o: i16) {
  // expected-error @+1 {{expects 1 im2col offsets for a rank-3 tensor, got 2}}
  tirx.ptx.cp.async.bulk.tensor.prefetch im2col rank 3 %t[%x, %x, %x] im2col [%o, %o] : !tirx.tensormap
  return
}

// -----

func.func @cp_async_bad_prefetch(%d: !tirx.ptr<f16, shared>, %s: !tirx.ptr<f16, global>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'prefetch' [L2_64B, L2_128B, L2_256B]}}
  tirx.ptx.cp.async ca %d, %s, 8 prefetch L2_99B : !tirx.ptr<f16, shared>, !tirx.ptr<f16, global>
  return
}

// -----

func.func @tensormap_replace_dim_without_ord(%s: !tirx.ptr<i8, shared>, %n: i32) {
  // expected-error @+1 {{'tirx.ptx.tensormap.replace' op has no PTX variant with field = box_dim, no ord, addr in shared, value : i32}}
  tirx.ptx.tensormap.replace box_dim %s, %n : !tirx.ptr<i8, shared>, i32
  return
}

// -----

func.func @tensormap_replace_rank_with_ord(%s: !tirx.ptr<i8, shared>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with field = rank, ord, addr in shared, value : i32}}
  tirx.ptx.tensormap.replace rank ord 1 %s, %n : !tirx.ptr<i8, shared>, i32
  return
}

// -----

func.func @tensormap_replace_narrow_address(%g: !tirx.ptr<i8, global>, %n: i32) {
  // expected-error @+1 {{has no PTX variant with field = global_address, no ord, addr in global, value : i32}}
  tirx.ptx.tensormap.replace global_address %g, %n : !tirx.ptr<i8, global>, i32
  return
}

// -----

func.func @tensormap_replace_ord_range(%g: !tirx.ptr<i8, global>, %n: i32) {
  // expected-error @+1 {{attribute 'ord' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 4}}
  tirx.ptx.tensormap.replace box_dim ord 5 %g, %n : !tirx.ptr<i8, global>, i32
  return
}
