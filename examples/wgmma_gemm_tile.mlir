// A Hopper wgmma GEMM tile written with tile primitives: C = A * B^T for
// 64x64 f16 tiles A and B (K = 64), f32 accumulator.
//
// Thread 0 loads both tiles with TMA (tirx.tile.copy_async, `tma` variant:
// the box is planned from the 128-byte-swizzled shared layouts and the
// host-side tensor maps are recorded on %da / %db as `tirx.tma_spec`) on
// one mbarrier; the warpgroup waits on it, runs wgmma.mma_async over
// shared-memory descriptors derived from the same layouts (`wgmma`
// variant), and writes its accumulator fragment to C (`vec` variant).
//
//   tirx-translate examples/wgmma_gemm_tile.mlir --chip=sm_90a
!tile = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
!gin = !tirx.buffer<64x64xf16, global>
// Warp w, lane 4g+t of the warpgroup holds rows 16w+g and 16w+g+8,
// columns 8q+2t and 8q+2t+1 (q = 0..7): the m64n64 wgmma accumulator.
!acc = !tirx.buffer<64x64xf32, local, #tirx.layout<S[(4, 2, 8, 8, 4, 2):(1@wid_in_wg, 2, 4@laneid, 4, 1@laneid, 1)]>>
module attributes {tirx.target = #tirx.target<"sm_90a">} {
  func.func @wgmma_gemm_tile(%A: !gin, %B: !gin, %C: !tirx.buffer<64x64xf32, global>,
                             %da: !tirx.tensormap, %db: !tirx.tensormap) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %a = tirx.alloc_buffer {alignment = 1024 : i64, name = "a"} : !tile
      %b = tirx.alloc_buffer {alignment = 1024 : i64, name = "b"} : !tile
      %mb = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<1xi64, shared>
      %bar = tirx.ptr_to %mb[%c0] : !tirx.buffer<1xi64, shared>
      %c = tirx.alloc_buffer : !acc
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      tirx.if %is_t0 {
        tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
        tirx.ptx.fence.proxy.async shared.cta
      }
      tirx.ptx.barrier.sync aligned
      tirx.if %is_t0 {
        tirx.tile.copy_async thread %a, %A mbar %bar : !tirx.ptr<i64, shared> tensormap %da : !tile, !gin
        tirx.tile.copy_async thread %b, %B mbar %bar : !tirx.ptr<i64, shared> tensormap %db : !tile, !gin
        %s = tirx.ptx.mbarrier.arrive %bar : !tirx.ptr<i64, shared> -> i64
      }
      tirx.while {
        %done = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
        %true = arith.constant true
        %pending = arith.xori %done, %true : i1
        tirx.condition %pending
      } do {
      }
      tirx.tile.gemm_async warpgroup %c, %a, %b transpose_b config {wait = 0} : !acc, !tile, !tile
      tirx.tile.copy warpgroup %C, %c : !tirx.buffer<64x64xf32, global>, !acc
    }
    return
  }
}
