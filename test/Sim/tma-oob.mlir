// RUN: tirx-sim %s --arg=tmap:float32:10x12:8x8:data=iota --arg=zeros --print=full | FileCheck %s --check-prefix=ZERO
// RUN: tirx-sim %s --arg=tmap:float32:10x12:8x8:fill=nan:data=iota --arg=zeros --print=full | FileCheck %s --check-prefix=NAN

// A TMA load of an 8x8 box at (x, y) = (-2, 5) of a 10x12 f32 tensor holding
// 0, 1, 2, ...: rows 5-9 exist (10-12 do not), columns 0-5 exist (-2 and -1
// do not); missing elements read the descriptor's fill (zero, or NaN).
// ZERO-LABEL: arg1: float32[64]
// ZERO-NEXT: [0, 0, 60, 61, 62, 63, 64, 65, 0, 0, 72, 73, 74, 75, 76, 77, 0, 0, 84, 85, 86, 87, 88, 89, 0, 0, 96, 97, 98, 99, 100, 101, 0, 0, 108, 109, 110, 111, 112, 113, 0, 0, 0, 0, 0, 0, 0, 0,
// NAN-LABEL: arg1: float32[64]
// NAN-NEXT: [nan, nan, 60, 61, 62, 63, 64, 65, nan, nan, 72,
// NAN-SAME: nan, nan, nan, nan, nan, nan, nan, nan]
func.func @tma_oob(%desc: !tirx.tensormap, %out: !tirx.buffer<64xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [64] : i32
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = arith.constant -2 : i32
    %y = arith.constant 5 : i32
    %bytes = arith.constant 256 : i32
    %tile = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<64xf32, shared>
    %mbar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.ptr_to %mbar[%c0] : !tirx.buffer<1xi64, shared>
    %dst = tirx.ptr_to %tile[%c0] : !tirx.buffer<64xf32, shared>
    %first = arith.cmpi eq, %tx, %zero : i32
    tirx.if %first {
      tirx.ptx.mbarrier.init %bar, %one : !tirx.ptr<i64, shared>
    }
    tirx.ptx.barrier.sync aligned
    tirx.if %first {
      %st = tirx.ptx.mbarrier.arrive.expect_tx %bar, tx %bytes : !tirx.ptr<i64, shared> -> i64
      tirx.ptx.cp.async.bulk.tensor.load tile rank 2 %dst, %desc[%x, %y], %bar : !tirx.ptr<f32, shared>, !tirx.tensormap, !tirx.ptr<i64, shared>
    }
    %ok = tirx.ptx.mbarrier.try_wait.parity %bar, %zero : !tirx.ptr<i64, shared>
    %t = arith.index_cast %tx : i32 to index
    %v = tirx.buffer_load %tile[%t] : !tirx.buffer<64xf32, shared> -> f32
    tirx.buffer_store %v, %out[%t] : f32, !tirx.buffer<64xf32, global>
  }
  return
}
