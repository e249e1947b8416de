// RUN: tirx-opt %s -split-input-file -verify-diagnostics

// Every parse and verifier message of #tirx.layout, of its fit to a
// buffer, and of the buffer views over a tile layout.

// expected-error @+1 {{unknown layout axis 'lane'; expected one of: m, laneid, warpid, wgid, tx, wid_in_wg, tid_in_wg, bx, by, bz, cbx, cby, cbz, TLane, TCol}}
func.func private @unknown_axis(!tirx.buffer<4xf32, local, #tirx.layout<S[4:1@lane]>>)

// -----

// expected-error @+1 {{unknown layout axis 'y'}}
func.func private @unknown_offset_axis(!tirx.buffer<4xf32, local, #tirx.layout<S[4:1] + 2@y>>)

// -----

// expected-error @+1 {{layout has 2 extents but 1 strides}}
func.func private @count_mismatch(!tirx.buffer<8xf32, local, #tirx.layout<S[(2, 4):(1)]>>)

// -----

// expected-error @+1 {{a layout needs a shard 'S[...]'}}
func.func private @no_shard(!tirx.buffer<8xf32, local, #tirx.layout<R[2:1@laneid]>>)

// -----

// expected-error @+1 {{a layout has one shard 'S[...]'}}
func.func private @two_shards(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + S[8:1]>>)

// -----

// expected-error @+1 {{a layout has at most one replica 'R[...]'}}
func.func private @two_replicas(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[2:1@laneid] + R[2:2@laneid]>>)

// -----

// expected-error @+1 {{expected 'S[...]', 'R[...]' or an offset 'k' / 'k@axis' in a layout}}
func.func private @bad_part(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + X>>)

// -----

// expected-error @+1 {{layout shard extents must be positive, got 0}}
func.func private @zero_extent(!tirx.buffer<8xf32, local, #tirx.layout<S[(8, 0):(1, 1)]>>)

// -----

// expected-error @+1 {{layout shard strides must be non-negative, got -1}}
func.func private @negative_stride(!tirx.buffer<8xf32, local, #tirx.layout<S[8:-1]>>)

// -----

// expected-error @+1 {{layout replica extents must be positive, got 0}}
func.func private @zero_replica(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + R[0:1@laneid]>>)

// -----

// expected-error @+1 {{layout shard is too large}}
func.func private @too_large(!tirx.buffer<8xf32, local, #tirx.layout<S[8:100000000000000]>>)

// -----

// expected-error @+1 {{layout offset -3@m is out of range [0, 2^48]}}
func.func private @negative_offset(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + -3>>)

// -----

// expected-error @+1 {{layout has two offsets on axis 'laneid'}}
func.func private @duplicate_offset(!tirx.buffer<8xf32, local, #tirx.layout<S[8:1] + 1@laneid + 2@laneid>>)

// -----

// expected-error @+1 {{swizzle<3, 3, 2> is invalid: needs bits >= 0, base >= 0, shift >= bits and bits + base + shift <= 30}}
func.func private @bad_swizzle(!tirx.buffer<64xf16, shared, #tirx.layout<S[64:1], swizzle<3, 3, 2>>>)

// -----

// expected-error @+1 {{a swizzle needs the memory axis 'm' in the shard}}
func.func private @swizzle_no_memory(!tirx.buffer<32xf32, local, #tirx.layout<S[32:1@laneid], swizzle<1, 1, 1>>>)

// -----

// expected-error @+1 {{swizzle<0, M, S> must be swizzle<0, 0, 0>}}
func.func private @empty_swizzle(!tirx.buffer<64xf16, shared, #tirx.layout<S[64:1], swizzle<0, 3, 3>>>)

// -----

// expected-error @+1 {{a buffer with a tile layout needs a static shape}}
func.func private @dynamic_shape(!tirx.buffer<?xf32, shared, #tirx.layout<S[8:1]>>)

// -----

// expected-error @+1 {{layout covers 8 elements but the buffer has 16}}
func.func private @size_mismatch(!tirx.buffer<16xf32, shared, #tirx.layout<S[8:1]>>)

// -----

// expected-error @+1 {{layout axis 'laneid' is not allowed in a 'global' buffer (allowed: m)}}
func.func private @thread_axis_in_global(!tirx.buffer<32xf32, global, #tirx.layout<S[32:1@laneid]>>)

// -----

// expected-error @+1 {{layout axis 'laneid' is not allowed in a 'shared' buffer (allowed: m and cluster axes)}}
func.func private @thread_axis_in_shared(!tirx.buffer<32xf32, shared, #tirx.layout<S[32:1@laneid]>>)

// -----

// expected-error @+1 {{layout axis 'm' is not allowed in a 'tmem' buffer (allowed: TLane, TCol)}}
func.func private @memory_axis_in_tmem(!tirx.buffer<32xf32, tmem, #tirx.layout<S[32:1]>>)

// -----

// expected-error @+1 {{layout axis 'TLane' is not allowed in a 'local' buffer (allowed: m and thread axes)}}
func.func private @tmem_axis_in_local(!tirx.buffer<32xf32, local, #tirx.layout<S[32:1@TLane]>>)

// -----

// expected-error @+1 {{layout axis 'warpid' is not allowed in a 'shared' buffer (allowed: m and cluster axes)}}
func.func private @replica_axis(!tirx.buffer<32xf32, shared, #tirx.layout<S[32:1] + R[2:1@warpid]>>)

// -----

// expected-error @+1 {{a swizzled layout needs a shared-memory buffer, not 'local'}}
func.func private @swizzle_in_local(!tirx.buffer<64xf16, local, #tirx.layout<S[64:1], swizzle<1, 3, 3>>>)

// -----

// expected-error @+1 {{buffer layout must be a strided layout or a #tirx.layout, got affine_map<(d0) -> (d0)>}}
func.func private @affine_layout(!tirx.buffer<8xf32, shared, affine_map<(d0) -> (d0)>>)

// -----

func.func @slice_dynamic(%A: !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)]>>, %i: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{slicing a buffer with a tile layout needs constant offsets (pass a dynamic region to a tile primitive instead)}}
  %s = tirx.buffer_slice %A[%i, %c0] [16, 64] : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)]>> -> !tirx.buffer<16x64xf16, shared, #tirx.layout<S[(16, 64):(64, 1)]>>
  return
}

// -----

func.func @slice_unaligned(%A: !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{the region does not align with the tile layout}}
  %s = tirx.buffer_slice %A[%c4, %c0] [8, 8] : !tirx.buffer<16x8xf32, local, #tirx.layout<S[(2, 8, 4, 2):(2, 4@laneid, 1@laneid, 1)]>> -> !tirx.buffer<8x8xf32, local, #tirx.layout<S[(8, 4, 2):(4@laneid, 1@laneid, 1)]>>
  return
}

// -----

func.func @slice_wrong_layout(%A: !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)]>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{result layout must be the sliced layout #tirx.layout<S[(16, 64):(64, 1)] + 1024>}}
  %s = tirx.buffer_slice %A[%c16, %c0] [16, 64] : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)]>> -> !tirx.buffer<16x64xf16, shared, #tirx.layout<S[(16, 64):(64, 1)]>>
  return
}

// -----

func.func @reshape_changes_layout(%A: !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>) {
  // expected-error @+1 {{reshaping a buffer with a tile layout keeps the layout}}
  %r = tirx.buffer_reshape %A : !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>> -> !tirx.buffer<4096xf16, shared>
  return
}
