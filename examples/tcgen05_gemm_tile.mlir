// A Blackwell tcgen05 GEMM tile written with tile primitives: C = A * B^T
// for a 128x64 f16 tile A and a 64x64 f16 tile B (K = 64), accumulated in
// tensor memory (cta_group 1).
//
// Warp 0 allocates 64 tensor-memory columns. Thread 0 loads both tiles
// with TMA (`tma` variant, 128-byte swizzle) on one mbarrier, then, once
// they have landed, issues the MMAs (`tcgen05` variant: instruction and
// shared-memory descriptors derived from the layouts) and commits them to
// a second mbarrier. The warpgroup waits, reads the accumulator into
// registers (`tcgen05_ld`: thread t holds row t) and stores it to C.
//
//   tirx-translate examples/tcgen05_gemm_tile.mlir --chip=sm_100a
!ta = !tirx.buffer<128x64xf16, shared, #tirx.layout<S[(128, 64):(64, 1)], swizzle<3, 3, 3>>>
!tb = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
!tacc = !tirx.buffer<128x64xf32, tmem, #tirx.layout<S[(128, 64):(1@TLane, 1@TCol)]>>
!racc = !tirx.buffer<128x64xf32, local, #tirx.layout<S[(4, 32, 64):(1@wid_in_wg, 1@laneid, 1)]>>
module attributes {tirx.target = #tirx.target<"sm_100a">} {
  func.func @tcgen05_gemm_tile(%A: !tirx.buffer<128x64xf16, global>, %B: !tirx.buffer<64x64xf16, global>,
                               %C: !tirx.buffer<128x64xf32, global>,
                               %da: !tirx.tensormap, %db: !tirx.tensormap) {
    tirx.kernel {
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %ncols = arith.constant 64 : i32
      %a = tirx.alloc_buffer {alignment = 1024 : i64, name = "a"} : !ta
      %b = tirx.alloc_buffer {alignment = 1024 : i64, name = "b"} : !tb
      %mb = tirx.alloc_buffer {name = "mbar"} : !tirx.buffer<2xi64, shared>
      %loaded = tirx.ptr_to %mb[%c0] : !tirx.buffer<2xi64, shared>
      %mma_done = tirx.ptr_to %mb[%c1] : !tirx.buffer<2xi64, shared>
      %slotb = tirx.alloc_buffer {name = "tmem_slot"} : !tirx.buffer<1xi32, shared>
      %slot = tirx.ptr_to %slotb[%c0] : !tirx.buffer<1xi32, shared>
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      %is_w0 = arith.cmpi ult, %tx, %c32 : i32
      tirx.if %is_w0 {
        tirx.ptx.tcgen05.alloc %slot, %ncols : !tirx.ptr<i32, shared>
        tirx.ptx.tcgen05.relinquish_alloc_permit
      }
      tirx.if %is_t0 {
        tirx.ptx.mbarrier.init %loaded, %one : !tirx.ptr<i64, shared>
        tirx.ptx.mbarrier.init %mma_done, %one : !tirx.ptr<i64, shared>
        tirx.ptx.fence.proxy.async shared.cta
      }
      tirx.ptx.tcgen05.fence before_thread_sync
      tirx.ptx.barrier.sync aligned
      tirx.ptx.tcgen05.fence after_thread_sync
      %taddr = tirx.buffer_load %slotb[%c0] : !tirx.buffer<1xi32, shared> -> i32
      %tm = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
      %acc = tirx.decl_buffer %tm : !tirx.ptr<f32, tmem> -> !tacc
      tirx.if %is_t0 {
        tirx.tile.copy_async thread %a, %A mbar %loaded : !tirx.ptr<i64, shared> tensormap %da : !ta, !tirx.buffer<128x64xf16, global>
        tirx.tile.copy_async thread %b, %B mbar %loaded : !tirx.ptr<i64, shared> tensormap %db : !tb, !tirx.buffer<64x64xf16, global>
        %s = tirx.ptx.mbarrier.arrive %loaded : !tirx.ptr<i64, shared> -> i64
        tirx.while {
          %done = tirx.ptx.mbarrier.try_wait.parity %loaded, %zero : !tirx.ptr<i64, shared>
          %true = arith.constant true
          %pending = arith.xori %done, %true : i1
          tirx.condition %pending
        } do {
        }
        tirx.tile.gemm_async thread %acc, %a, %b mbar %mma_done : !tirx.ptr<i64, shared> transpose_b : !tacc, !ta, !tb
      }
      tirx.while {
        %done = tirx.ptx.mbarrier.try_wait.parity %mma_done, %zero : !tirx.ptr<i64, shared>
        %true = arith.constant true
        %pending = arith.xori %done, %true : i1
        tirx.condition %pending
      } do {
      }
      tirx.ptx.tcgen05.fence after_thread_sync
      %r = tirx.alloc_buffer : !racc
      tirx.tile.copy_async warpgroup %r, %acc : !racc, !tacc
      tirx.tile.copy warpgroup %C, %r : !tirx.buffer<128x64xf32, global>, !racc
      tirx.ptx.tcgen05.fence before_thread_sync
      tirx.ptx.barrier.sync aligned
      tirx.if %is_w0 {
        tirx.ptx.tcgen05.dealloc %tm, %ncols : !tirx.ptr<f32, tmem>
      }
    }
    return
  }
}
