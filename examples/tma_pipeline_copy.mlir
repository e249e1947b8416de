// A TMA-fed shared-memory copy with a two-stage mbarrier pipeline, written
// with tile primitives: each CTA copies its 512x64 f16 slice of `src` to
// `dst` in eight 64x64 tiles.
//
// Thread 0 loads tile i + 1 into stage (i + 1) % 2 with TMA
// (tirx.tile.copy_async, `tma` variant: mbarrier.expect_tx and the
// cp.async.bulk.tensor load, tensor map recorded on %desc as
// `tirx.tma_spec`) while the CTA waits for stage i % 2 and copies it out
// with 16-byte vectors (tirx.tile.copy, `vec` variant, reading the
// 128-byte-swizzled stage). The loop runs over pairs of tiles (one per
// stage; the `tma` variant takes whole stage buffers), so in pair j both
// stages wait for phase parity j % 2. A barrier follows each tile, so no
// stage is refilled while it is being read.
//
//   tirx-translate examples/tma_pipeline_copy.mlir --chip=sm_90a (or sm_100a)
!stage = !tirx.buffer<64x64xf16, shared, #tirx.layout<S[(64, 64):(64, 1)], swizzle<3, 3, 3>>>
!gmem = !tirx.buffer<1024x64xf16, global>
module {
  func.func @tma_pipeline_copy(%src: !gmem, %dst: !gmem, %desc: !tirx.tensormap) {
    tirx.kernel {
      %bx = tirx.cta_id [2] : i32
      %tx = tirx.thread_id [128] : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c512 = arith.constant 512 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %s0 = tirx.alloc_buffer {alignment = 1024 : i64, name = "stage0"} : !stage
      %s1 = tirx.alloc_buffer {alignment = 1024 : i64, name = "stage1"} : !stage
      %mb = tirx.alloc_buffer {name = "full"} : !tirx.buffer<2xi64, shared>
      %bar0 = tirx.ptr_to %mb[%c0] : !tirx.buffer<2xi64, shared>
      %bar1 = tirx.ptr_to %mb[%c1] : !tirx.buffer<2xi64, shared>
      %cta = arith.index_castui %bx : i32 to index
      %base = arith.muli %cta, %c512 : index
      %is_t0 = arith.cmpi eq, %tx, %zero : i32
      tirx.if %is_t0 {
        tirx.ptx.mbarrier.init %bar0, %one : !tirx.ptr<i64, shared>
        tirx.ptx.mbarrier.init %bar1, %one : !tirx.ptr<i64, shared>
        tirx.ptx.fence.proxy.async shared.cta
        // Prologue: tile 0 into stage 0.
        tirx.tile.copy_async thread %s0, %src[%base, 0] [64, 64] mbar %bar0 : !tirx.ptr<i64, shared> tensormap %desc : !stage, !gmem
        %s = tirx.ptx.mbarrier.arrive %bar0 : !tirx.ptr<i64, shared> -> i64
      }
      tirx.ptx.barrier.sync aligned
      tirx.for %j = %c0 to %c4 step %c1 {
        %par_i = arith.remui %j, %c2 : index
        %parity = arith.index_castui %par_i : index to i32
        %row0 = arith.muli %j, %c128 : index
        %row = arith.addi %base, %row0 : index
        %row1 = arith.addi %row, %c64 : index
        %row2 = arith.addi %row1, %c64 : index
        // Tile 2j in stage 0; tile 2j + 1 goes to stage 1 meanwhile.
        tirx.if %is_t0 {
          tirx.tile.copy_async thread %s1, %src[%row1, 0] [64, 64] mbar %bar1 : !tirx.ptr<i64, shared> tensormap %desc : !stage, !gmem
          %s = tirx.ptx.mbarrier.arrive %bar1 : !tirx.ptr<i64, shared> -> i64
        }
        tirx.while {
          %done = tirx.ptx.mbarrier.try_wait.parity %bar0, %parity : !tirx.ptr<i64, shared>
          %true = arith.constant true
          %pending = arith.xori %done, %true : i1
          tirx.condition %pending
        } do {
        }
        tirx.tile.copy cta %dst[%row, 0] [64, 64], %s0 : !gmem, !stage
        tirx.ptx.barrier.sync aligned
        // Tile 2j + 1 in stage 1; tile 2j + 2 (if any) goes to stage 0.
        %jn = arith.addi %j, %c1 : index
        %more = arith.cmpi ult, %jn, %c4 : index
        %issue = arith.andi %is_t0, %more : i1
        tirx.if %issue {
          tirx.tile.copy_async thread %s0, %src[%row2, 0] [64, 64] mbar %bar0 : !tirx.ptr<i64, shared> tensormap %desc : !stage, !gmem
          %s = tirx.ptx.mbarrier.arrive %bar0 : !tirx.ptr<i64, shared> -> i64
        }
        tirx.while {
          %done = tirx.ptx.mbarrier.try_wait.parity %bar1, %parity : !tirx.ptr<i64, shared>
          %true = arith.constant true
          %pending = arith.xori %done, %true : i1
          tirx.condition %pending
        } do {
        }
        tirx.tile.copy cta %dst[%row1, 0] [64, 64], %s1 : !gmem, !stage
        tirx.ptx.barrier.sync aligned
      }
    }
    return
  }
}
